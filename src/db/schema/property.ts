// The configurable profile fields (spec 1 section 3) and the country list.
import { type AnyPgColumn, boolean, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";

export const countries = pgTable("countries", {
  id: serial("id").primaryKey(),
  nameZh: text("name_zh").notNull(),
  nameEn: text("name_en").notNull(),
  /** COUNTRY_TYPE_CHINESE or COUNTRY_TYPE_FOREIGNER (type table ids). */
  type: integer("type").notNull(),
  sortIndex: integer("sort_index").notNull().default(0),
});

export const properties = pgTable("properties", {
  id: serial("id").primaryKey(),
  titleZh: text("title_zh").notNull(),
  titleEn: text("title_en").notNull(),
  descZh: text("desc_zh").notNull().default(""),
  descEn: text("desc_en").notNull().default(""),
  dialogZh: text("dialog_zh").notNull().default(""),
  dialogEn: text("dialog_en").notNull().default(""),
  type: integer("type").notNull(),
  purpose: integer("purpose").notNull(),
  isShow: boolean("is_show").notNull().default(true),
  isMust: boolean("is_must").notNull().default(false),
  isReadonly: boolean("is_readonly").notNull().default(false),
  /** Only for phone and e-mail purposes: proven during activation. */
  isActive: boolean("is_active").notNull().default(false),
  isChineseOnly: boolean("is_chinese_only").notNull().default(false),
  isForeignerOnly: boolean("is_foreigner_only").notNull().default(false),
  /** An identity document's number or the like: staff see it masked until they reveal it, audited (issue 31). */
  isPrivate: boolean("is_private").notNull().default(false),
  /** Asked of a worker applying to join online (issue 32); the name always is. */
  isApplication: boolean("is_application").notNull().default(false),
  match: text("match"),
  sortIndex: integer("sort_index").notNull().default(0),
  parentId: integer("parent_id").references((): AnyPgColumn => properties.id),
  reasonPropertyId: integer("reason_property_id").references((): AnyPgColumn => properties.id),
  reasonValue: text("reason_value"),
});

export const propertyOptions = pgTable(
  "property_options",
  {
    id: serial("id").primaryKey(),
    propertyId: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    textZh: text("text_zh").notNull(),
    textEn: text("text_en").notNull(),
    descZh: text("desc_zh").notNull().default(""),
    descEn: text("desc_en").notNull().default(""),
    value: text("value").notNull(),
    parentId: integer("parent_id").references((): AnyPgColumn => propertyOptions.id),
    sortIndex: integer("sort_index").notNull().default(0),
  },
  (t) => [index("property_options_property_idx").on(t.propertyId)],
);
