// Which profile fields the dashboard reads for gender and age (issue 18):
// a setting, one row, so no figure depends on a property's title.
import { integer, pgTable } from "drizzle-orm/pg-core";
import { properties } from "./property";

export const dashboardSettings = pgTable("dashboard_settings", {
  id: integer("id").primaryKey(),
  /** A radio or select property whose option values are "0" (male) and "1" (female), spec 3 section 9. */
  genderPropertyId: integer("gender_property_id").references(() => properties.id, { onDelete: "set null" }),
  /** A date property holding yyyy-MM-dd. */
  birthdayPropertyId: integer("birthday_property_id").references(() => properties.id, { onDelete: "set null" }),
});
