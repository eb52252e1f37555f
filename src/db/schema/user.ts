// Members, their roles ("status" in the specs) and the powers a role holds.
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { countries, properties } from "./property";
import { ts } from "./columns";

export const roles = pgTable("roles", {
  id: serial("id").primaryKey(),
  code: text("code").notNull().unique(),
  nameZh: text("name_zh").notNull(),
  nameEn: text("name_en").notNull(),
  /** The role new members get. */
  isDefault: boolean("is_default").notNull().default(false),
});

/** A FUNCTION_* code with its names; the code is the key routes declare. */
export const powers = pgTable("powers", {
  code: text("code").primaryKey(),
  nameZh: text("name_zh").notNull(),
  nameEn: text("name_en").notNull(),
});

export const rolePowers = pgTable(
  "role_powers",
  {
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    power: text("power")
      .notNull()
      .references(() => powers.code, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.power] })],
);

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    employees: text("employees").unique(),
    phone: text("phone").unique(),
    mail: text("mail").unique(),
    /** argon2id over the MD5 the client sends; null until activation sets one. */
    passwordHash: text("password_hash"),
    state: integer("state").notNull(),
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id),
    language: integer("language"),
    nationalityId: integer("nationality_id").references(() => countries.id),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
    /** When staff marked the member as left (kept after a later reset, until the next leave). */
    leftAt: ts("left_at"),
    /** When the member's personal data was erased, some time after they left (src/domains/privacy/erasure.ts). */
    erasedAt: ts("erased_at"),
  },
  (t) => [index("users_state_idx").on(t.state)],
);

/** One row per filled profile property; `value` is a string, or an array for checkboxes. */
export const userValues = pgTable(
  "user_values",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    propertyId: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    optionId: integer("option_id"),
    value: jsonb("value").$type<string | string[]>().notNull(),
    /**
     * The value when it reads as a day (yyyy-MM-dd), else null: the dashboard's
     * age and birth-month panels count it from user_values_day_idx rather than
     * parsing every stored value (src/domains/dashboard/members.ts).
     */
    day: text("day").generatedAlwaysAs(sql`case when (value #>> '{}') ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then value #>> '{}' end`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.propertyId] }), index("user_values_day_idx").on(t.propertyId, t.day, t.userId).where(sql`day is not null`)],
);
