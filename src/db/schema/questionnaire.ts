// Question banks and the questionnaire an activity binds from one (spec 2
// section 3 "queryStock", spec 3 section 3): display way, timing, random draw
// by weight, scoring with a pass line. Options may have a stock (taken at
// sign-up like places) and an end date.
import { sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { activities } from "./activity";
import { ts } from "./columns";

export const questionBanks = pgTable("question_banks", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  createdAt: ts("created_at").notNull(),
});

export const questions = pgTable(
  "questions",
  {
    id: serial("id").primaryKey(),
    bankId: integer("bank_id")
      .notNull()
      .references(() => questionBanks.id, { onDelete: "cascade" }),
    /** PROPERTY_TYPE_* ids: the same seven kinds of field. */
    type: integer("type").notNull(),
    titleZh: text("title_zh").notNull().default(""),
    titleEn: text("title_en").notNull().default(""),
    descZh: text("desc_zh").notNull().default(""),
    descEn: text("desc_en").notNull().default(""),
    dialogZh: text("dialog_zh").notNull().default(""),
    dialogEn: text("dialog_en").notNull().default(""),
    isMust: boolean("is_must").notNull().default(true),
    match: text("match"),
    isChineseOnly: boolean("is_chinese_only").notNull().default(false),
    isForeignerOnly: boolean("is_foreigner_only").notNull().default(false),
    /** A select or radio question whose chosen option decides this one's options. */
    parentId: integer("parent_id").references((): AnyPgColumn => questions.id),
    /** Shown only when this question's answer has the value `showReasonValue` (spec 3 "Question": showReasonQuery). */
    showReasonQueryId: integer("show_reason_query_id").references((): AnyPgColumn => questions.id),
    showReasonValue: text("show_reason_value"),
    image: text("image"),
    sortIndex: integer("sort_index").notNull().default(0),
  },
  (t) => [index("questions_bank_idx").on(t.bankId)],
);

export const questionOptions = pgTable(
  "question_options",
  {
    id: serial("id").primaryKey(),
    questionId: integer("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    textZh: text("text_zh").notNull().default(""),
    textEn: text("text_en").notNull().default(""),
    value: text("value").notNull(),
    /** Null: no limit. */
    cap: integer("cap"),
    used: integer("used").notNull().default(0),
    endDate: ts("end_date"),
    /** Shown only when the parent question's answer is this option. */
    parentId: integer("parent_id").references((): AnyPgColumn => questionOptions.id),
    image: text("image"),
    sortIndex: integer("sort_index").notNull().default(0),
  },
  (t) => [index("question_options_question_idx").on(t.questionId), check("question_options_cap_check", sql`${t.cap} is null or ${t.used} <= ${t.cap}`)],
);

/** The questionnaire settings of an activity (one bank bound). */
export const questionnaires = pgTable("questionnaires", {
  activityId: integer("activity_id")
    .primaryKey()
    .references(() => activities.id, { onDelete: "cascade" }),
  bankId: integer("bank_id")
    .notNull()
    .references(() => questionBanks.id),
  /** QUIZ_DISPLAY_FRAME (one question at a time) or QUIZ_DISPLAY_ALONG (all on one page). */
  display: integer("display").notNull(),
  isTiming: boolean("is_timing").notNull().default(false),
  isRandom: boolean("is_random").notNull().default(false),
  /** How many questions a random draw takes. */
  count: integer("count").notNull().default(0),
  isScoring: boolean("is_scoring").notNull().default(false),
  passLine: integer("pass_line").notNull().default(0),
  showIndex: boolean("show_index").notNull().default(true),
  showAnswer: boolean("show_answer").notNull().default(false),
});

/** The questions of the bank an activity asks, with their score, right answer and draw weight. */
export const questionnaireItems = pgTable(
  "questionnaire_items",
  {
    activityId: integer("activity_id")
      .notNull()
      .references(() => activities.id, { onDelete: "cascade" }),
    questionId: integer("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    score: integer("score").notNull().default(0),
    /** The right option values (or text), comma separated; empty: not scored. */
    answer: text("answer").notNull().default(""),
    /** The chance, 0-100, that a random draw includes it. */
    weight: integer("weight").notNull().default(100),
    sortIndex: integer("sort_index").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.questionId] })],
);

/**
 * The questions drawn for one member's attempt, and when it started: the
 * sign-up names its draw, so the server knows which questions were asked and
 * how long they took (a new attempt is a new draw).
 */
export const quizDraws = pgTable(
  "quiz_draws",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull(),
    activityId: integer("activity_id")
      .notNull()
      .references(() => activities.id, { onDelete: "cascade" }),
    questionIds: jsonb("question_ids").$type<number[]>().notNull(),
    startedAt: ts("started_at").notNull(),
  },
  (t) => [index("quiz_draws_user_idx").on(t.userId, t.activityId), index("quiz_draws_started_idx").on(t.startedAt)],
);
