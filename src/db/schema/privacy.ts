// What the union keeps of members who left, and for how long (issue 31 item 4).
import { integer, pgTable } from "drizzle-orm/pg-core";
import { ts } from "./columns";
import { users } from "./user";

/** A single row, id 1: how many days a departed member's personal data is kept before it is erased; none kept forever. */
export const privacyConfig = pgTable("privacy_config", {
  id: integer("id").primaryKey(),
  keepDays: integer("keep_days"),
  updatedAt: ts("updated_at").notNull(),
  updatedBy: integer("updated_by").references(() => users.id),
});
