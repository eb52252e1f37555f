// Page visits (spec 1 section 2's visit report) and profile changes.
import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { ts } from "./columns";

export const visitLog = pgTable(
  "visit_log",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull(),
    /** PAGE_* (type table ids). */
    page: integer("page").notNull(),
    params: text("params"),
    ip: text("ip"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    index("visit_log_user_idx").on(t.userId, t.createdAt),
    // The dashboard's visits per activity (src/domains/dashboard/activities.ts): the same expression, activity pages only.
    index("visit_log_activity_idx")
      .on(sql`(substring(${t.params} from '"id":"([0-9]{1,9})"'))`)
      .where(sql`${t.page} = 704`),
  ],
);

/** One row per changed profile value, tied to the operation that changed it. */
export const propertyLog = pgTable(
  "property_log",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull(),
    propertyId: integer("property_id").notNull(),
    originValue: text("origin_value"),
    newValue: text("new_value"),
    operationLogId: integer("operation_log_id"),
    operatorId: integer("operator_id"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("property_log_user_idx").on(t.userId, t.createdAt)],
);
