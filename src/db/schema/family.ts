// A member's family (spec 1 section 3): at most 15, and the relation kinds.
import { date, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { users } from "./user";
import { ts } from "./columns";

export const relations = pgTable("relations", {
  id: serial("id").primaryKey(),
  code: text("code").notNull().unique(),
  nameZh: text("name_zh").notNull(),
  nameEn: text("name_en").notNull(),
  /** A relation whose members need no birthday (friends). */
  birthdayOptional: integer("birthday_optional").notNull().default(0),
  sortIndex: integer("sort_index").notNull().default(0),
});

export const families = pgTable(
  "families",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    identity: text("identity").notNull(),
    /** 1 national ID number, 2 passport or other. */
    idType: integer("id_type").notNull(),
    relationId: integer("relation_id")
      .notNull()
      .references(() => relations.id),
    /** 0 male, 1 female. */
    sex: integer("sex").notNull(),
    phone: text("phone"),
    birthday: date("birthday", { mode: "string" }),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  // By relation then member: the dashboard counts each member's children from the index alone.
  (t) => [index("families_user_idx").on(t.userId), index("families_relation_user_idx").on(t.relationId, t.userId)],
);
