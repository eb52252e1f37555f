// A member's addresses (spec 1 section 3): at most 10, one default.
import { boolean, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { users } from "./user";
import { ts } from "./columns";

export const addresses = pgTable(
  "addresses",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(), // consignee
    phone: text("phone").notNull(),
    // Administrative-division codes, province to street (assets/regions).
    address0: text("address0").notNull(),
    address1: text("address1").notNull(),
    address2: text("address2").notNull(),
    address3: text("address3").notNull(),
    info: text("info").notNull(),
    /** ADDRESS_TYPE_EXPRESS or ADDRESS_TYPE_PLACE (type table ids). */
    type: integer("type").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [index("addresses_user_idx").on(t.userId)],
);
