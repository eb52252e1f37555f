// Page visits (spec 1 section 2's visit report) and profile changes.
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
  (t) => [index("visit_log_user_idx").on(t.userId, t.createdAt)],
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
