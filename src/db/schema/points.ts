// Points ("integral"), in hundredths. An entry is a lot with an optional
// expiry and what is left of it; spending takes from the lots that expire
// first; the expiry job books what is left of an expired lot as "others".
import { index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { users } from "./user";
import { ts } from "./columns";

export const pointRecords = pgTable(
  "point_records",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Signed, in hundredths of a point: +entries, -spending and expiries. */
    count: integer("count").notNull(),
    /** POINT_TYPE_ENTRY, POINT_TYPE_OUT or POINT_TYPE_OTHERS. */
    type: integer("type").notNull(),
    /** For entries: what is still unspent and unexpired. */
    remaining: integer("remaining").notNull().default(0),
    expiresAt: ts("expires_at"),
    descZh: text("desc_zh").notNull().default(""),
    descEn: text("desc_en").notNull().default(""),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("point_records_user_idx").on(t.userId, t.createdAt), index("point_records_expiry_idx").on(t.expiresAt)],
);
