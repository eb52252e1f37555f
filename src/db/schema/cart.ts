// The trolley (spec 2 sections 3 and 4): one row per market item a member
// added, holding the sign-up draft its checkout submits (questionnaire
// answers, family members, the time the quiz took). Adding an item already
// in the trolley adds one to its count.
import { boolean, integer, jsonb, pgTable, serial, uniqueIndex } from "drizzle-orm/pg-core";
import { activities } from "./activity";
import type { AnswerValue } from "./order";
import { users } from "./user";
import { ts } from "./columns";

export const cartRows = pgTable(
  "cart_rows",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    activityId: integer("activity_id")
      .notNull()
      .references(() => activities.id, { onDelete: "cascade" }),
    count: integer("count").notNull().default(1),
    /** Checked rows are what checkout submits. */
    checked: boolean("checked").notNull().default(true),
    quests: jsonb("quests").$type<AnswerValue[]>().notNull().default([]),
    /** The quiz draw the answers belong to (src/db/schema/questionnaire.ts quizDraws). */
    draw: integer("draw"),
    clans: jsonb("clans").$type<{ id: number; gift?: number | null }[]>().notNull().default([]),
    time: integer("time"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [uniqueIndex("cart_rows_member_item_idx").on(t.userId, t.activityId)],
);
