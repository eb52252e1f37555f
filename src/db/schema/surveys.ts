// Surveys and votes (issue 32 item 4, docs/decisions.md 141): staff ask
// questions of an audience chosen by the activity conditions' rules, between
// an opening and a closing time, named or anonymous. One response per member:
// `survey_marks`' key. An anonymous survey's ballot holds no member, no time
// and no sequential id (a random one), and its mark holds no time and no
// ballot: both are written in one transaction, and nothing stored links them.
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { ts } from "./columns";
import { users } from "./user";

export type SurveyCondition = { type: number; propertyId: number; compareMode: number; value: string };
export type SurveyOption = { id: number; textZh: string; textEn: string };
/** An answer by question id: an option id (single, and a rating's score), option ids (multiple), or text. */
export type SurveyAnswers = Record<string, number | number[] | string>;

export const surveys = pgTable(
  "surveys",
  {
    id: serial("id").primaryKey(),
    /** "survey" or "vote" (a vote's result can be published to members). */
    kind: text("kind").notNull(),
    titleZh: text("title_zh").notNull(),
    titleEn: text("title_en").notNull(),
    introZh: text("intro_zh").notNull().default(""),
    introEn: text("intro_en").notNull().default(""),
    anonymous: boolean("anonymous").notNull().default(false),
    opensAt: ts("opens_at").notNull(),
    closesAt: ts("closes_at").notNull(),
    /** Who may answer: every condition holds (an empty list: every active member). */
    audience: jsonb("audience").$type<SurveyCondition[]>().notNull().default([]),
    /** A closed vote's result shown to members. */
    published: boolean("published").notNull().default(false),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [index("surveys_open_idx").on(t.opensAt, t.closesAt)],
);

export const surveyQuestions = pgTable(
  "survey_questions",
  {
    id: serial("id").primaryKey(),
    surveyId: integer("survey_id")
      .notNull()
      .references(() => surveys.id, { onDelete: "cascade" }),
    sortIndex: integer("sort_index").notNull(),
    /** "single", "multiple", "text" or "rating". */
    kind: text("kind").notNull(),
    titleZh: text("title_zh").notNull(),
    titleEn: text("title_en").notNull(),
    required: boolean("required").notNull().default(true),
    /** The choices of a single or multiple choice, numbered from 1. */
    options: jsonb("options").$type<SurveyOption[]>().notNull().default([]),
    /** A rating's top score (1 to scale). */
    scale: integer("scale"),
  },
  (t) => [index("survey_questions_survey_idx").on(t.surveyId, t.sortIndex)],
);

export const surveyBallots = pgTable(
  "survey_ballots",
  {
    /** Random: an anonymous ballot's id tells nothing of when it came. */
    id: text("id").primaryKey(),
    surveyId: integer("survey_id")
      .notNull()
      .references(() => surveys.id, { onDelete: "cascade" }),
    /** Only on a named survey. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    answeredAt: ts("answered_at"),
    answers: jsonb("answers").$type<SurveyAnswers>().notNull(),
  },
  (t) => [index("survey_ballots_survey_idx").on(t.surveyId)],
);

/** That a member answered: nothing more. */
export const surveyMarks = pgTable(
  "survey_marks",
  {
    surveyId: integer("survey_id")
      .notNull()
      .references(() => surveys.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.userId] }), index("survey_marks_user_idx").on(t.userId)],
);
