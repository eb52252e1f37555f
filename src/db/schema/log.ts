// Page visits (spec 1 section 2's visit report) and profile changes.
import { index, integer, pgTable, primaryKey, serial, smallint, text } from "drizzle-orm/pg-core";
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

/**
 * Visits of each activity's page, counted where /system/visit records them
 * (src/domains/visit/service.ts) for the dashboard, which would otherwise
 * count visit_log row by row. A visit counts under the member's slot (user id
 * modulo VISIT_SLOTS): a crowd on one activity updates several rows, not one.
 */
export const activityVisits = pgTable(
  "activity_visits",
  {
    /** The id the page's params name; not a foreign key: a visit report may name any id, as visit_log keeps it. */
    activityId: integer("activity_id").notNull(),
    slot: smallint("slot").notNull(),
    visits: integer("visits").notNull(),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.slot] })],
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
