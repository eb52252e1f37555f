// The questionnaire binding of /activity/update (spec 3 sections 3
// "Questionnaire binding (queryStock)" and 5 "Question-bank binding"): the
// bank, its display way, timing, the random draw (count, weights 0-100),
// scoring (scores, right answers, pass line), numbering and the answer
// review. Locked once the activity is published (spec 3 section 4.1).
import { asc, eq, inArray } from "drizzle-orm";
import { questionBanks, questionnaireItems, questionnaires, questions } from "../../db/schema";
import { QUIZ_DISPLAY } from "../../protocol/enumerations";
import { refuseField } from "../../protocol/result";
import type { Ctx } from "../context";
import type { QueryFields, QueryStockFields } from "./editor-input";
import { countOf } from "./editor-rules";

type Reads = Pick<Ctx, "db">;

const DISPLAYS = new Set<number>(Object.values(QUIZ_DISPLAY));
/** Spec 3 section 9: a question's chance in a random draw, 0-100. */
export const WEIGHT_MAX = 100;

export type CheckedQuiz = {
  settings: { bankId: number; display: number; isTiming: boolean; isRandom: boolean; count: number; isScoring: boolean; passLine: number; showIndex: boolean; showAnswer: boolean };
  items: { questionId: number; weight: number; score: number; answer: string }[];
} | null;

/** Right answers as the sign-up compares them: comma separated, each trimmed, empty ones dropped. */
const answerOf = (raw: string) =>
  raw
    .split(",")
    .map((v) => v.trim())
    .filter((v) => v !== "")
    .join(",");

/**
 * The binding checked. `queries` absent keeps the stored questions when the
 * bank is the same, and takes every question of the bank (weight 100, no
 * score, no answer) when it is newly bound.
 */
export async function checkQuiz(ctx: Reads, activityId: number, stock: QueryStockFields | null | undefined, queries: readonly QueryFields[] | undefined): Promise<CheckedQuiz> {
  const { db } = ctx;
  const bankId = stock?.stock?.id ?? null;
  if (bankId === null) {
    // A bank is needed when questions are set.
    if (queries?.length) refuseField("queryStock", { part: "stock" });
    return null;
  }
  const [bank] = await db.select({ id: questionBanks.id }).from(questionBanks).where(eq(questionBanks.id, bankId));
  if (!bank) refuseField("queryStock", { part: "stock" });
  // "请选择题库显示方式"
  if (!stock!.type || !DISPLAYS.has(stock!.type.id)) refuseField("queryStock", { part: "type" });
  const s = stock!;
  const inBank = await db.select({ id: questions.id }).from(questions).where(eq(questions.bankId, bankId)).orderBy(asc(questions.sortIndex), asc(questions.id));
  const bankIds = new Set(inBank.map((q) => q.id));
  let items: NonNullable<CheckedQuiz>["items"];
  if (queries === undefined) {
    const [stored] = await db.select({ bankId: questionnaires.bankId }).from(questionnaires).where(eq(questionnaires.activityId, activityId));
    items =
      stored?.bankId === bankId
        ? (await storedQuiz(ctx, activityId))!.items.filter((i) => bankIds.has(i.questionId))
        : inBank.map((q) => ({ questionId: q.id, weight: WEIGHT_MAX, score: 0, answer: "" }));
  } else {
    const seen = new Set<number>();
    items = queries.map((q, index) => {
      if (!bankIds.has(q.query.id)) refuseField("queries", { index, part: "query" });
      if (seen.has(q.query.id)) refuseField("queries", { index, part: "twice" });
      seen.add(q.query.id);
      const weight = countOf(q.weight, "queries", { empty: true, params: { index, part: "weight" } }) ?? WEIGHT_MAX;
      if (weight > WEIGHT_MAX) refuseField("queries", { index, part: "weight" });
      const score = countOf(q.score, "queries", { empty: true, params: { index, part: "score" } }) ?? 0;
      return { questionId: q.query.id, weight, score, answer: answerOf(q.answer) };
    });
  }
  const count = s.isRandom ? countOf(s.count, "queryStock", { min: 1, params: { part: "count" } })! : 0;
  if (count > items.length) refuseField("queryStock", { part: "count" });
  const passLine = s.isScoring ? (countOf(s.passLine, "queryStock", { empty: true, params: { part: "passLine" } }) ?? 0) : 0;
  return {
    settings: { bankId, display: s.type!.id, isTiming: s.isTiming, isRandom: s.isRandom, count, isScoring: s.isScoring, passLine, showIndex: s.showIndex, showAnswer: s.showAnswer },
    items,
  };
}

/** The stored binding in the same shape. */
export async function storedQuiz(ctx: Reads, activityId: number): Promise<CheckedQuiz> {
  const { db } = ctx;
  const [q] = await db.select().from(questionnaires).where(eq(questionnaires.activityId, activityId));
  if (!q) return null;
  const rows = await db.select().from(questionnaireItems).where(eq(questionnaireItems.activityId, activityId)).orderBy(asc(questionnaireItems.sortIndex), asc(questionnaireItems.questionId));
  const { activityId: _, ...settings } = q;
  return { settings: { ...settings, bankId: q.bankId }, items: rows.map((r) => ({ questionId: r.questionId, weight: r.weight, score: r.score, answer: r.answer })) };
}

export const sameQuiz = (a: CheckedQuiz, b: CheckedQuiz): boolean => {
  const key = (x: CheckedQuiz) =>
    x === null
      ? "null"
      : JSON.stringify({ settings: Object.fromEntries(Object.entries(x.settings).sort(([k], [l]) => k.localeCompare(l))), items: x.items.map((i) => [i.questionId, i.weight, i.score, i.answer]) });
  return key(a) === key(b);
};

/** The activity's binding becomes the checked one (none: unbound). */
export async function writeQuiz(ctx: Pick<Ctx, "db">, activityId: number, quiz: CheckedQuiz) {
  const { db } = ctx;
  await db.delete(questionnaireItems).where(eq(questionnaireItems.activityId, activityId));
  if (quiz === null) {
    await db.delete(questionnaires).where(eq(questionnaires.activityId, activityId));
    return;
  }
  await db
    .insert(questionnaires)
    .values({ activityId, ...quiz.settings })
    .onConflictDoUpdate({ target: questionnaires.activityId, set: quiz.settings });
  if (quiz.items.length) await db.insert(questionnaireItems).values(quiz.items.map((item, i) => ({ activityId, ...item, sortIndex: i + 1 })));
}

/** Every question of the given ids (the editor read's question texts). */
export async function questionsOf(ctx: Reads, ids: readonly number[]) {
  return ids.length ? ctx.db.select().from(questions).where(inArray(questions.id, [...ids])) : [];
}
