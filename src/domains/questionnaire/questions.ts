// A bank's questions as the editor reads them (spec 3 sections 3 and 7): the
// question table, one question for its form, the questions that may be a
// parent, and delete, refused while an activity asks the question or another
// question depends on it.
import { Type as t } from "@sinclair/typebox";
import { and, asc, eq, inArray, ne, or } from "drizzle-orm";
import { activities, questionOptions, questionnaireItems, questionnaires, questions } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { ACTIVITY_STATE, PROPERTY_TYPE } from "../../protocol/enumerations";
import { refuse } from "../../protocol/result";
import type { Ctx, MemberCtx } from "../context";
import { idField } from "../shared/fields";
import { bankView, lockBank } from "./banks";
import { optionFields, questionFields } from "./projection";

type Reads = Pick<Ctx, "db">;
type QuestionRow = typeof questions.$inferSelect;
type OptionRow = typeof questionOptions.$inferSelect;

export const queryIdInput = t.Object({ id: idField });
export const parentsInput = t.Object({ stock: idField });
export const queryDeleteInput = t.Object({ query: idField });

/** Only a select or a radio question decides which options another question offers (spec 3 section 5). */
export const PARENT_TYPES = new Set<number>([PROPERTY_TYPE.PROPERTY_TYPE_SELECT, PROPERTY_TYPE.PROPERTY_TYPE_RADIO]);

const optionView = (o: OptionRow) => ({ ...optionFields(o), index: o.sortIndex });

function questionView(q: QuestionRow, options: readonly OptionRow[], used: boolean) {
  return {
    ...questionFields(q),
    stock: { id: q.bankId },
    index: q.sortIndex,
    /** An activity binding its bank asks it: it cannot be deleted. */
    used,
    options: options.filter((o) => o.questionId === q.id).map(optionView),
  };
}

export type QuestionView = ReturnType<typeof questionView>;

/** The questions (of those given) that an activity binding their bank asks. */
async function inUse(ctx: Reads, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await ctx.db
    .selectDistinct({ id: questionnaireItems.questionId })
    .from(questionnaireItems)
    .innerJoin(questionnaires, eq(questionnaires.activityId, questionnaireItems.activityId))
    .innerJoin(questions, and(eq(questions.id, questionnaireItems.questionId), eq(questions.bankId, questionnaires.bankId)))
    .where(inArray(questionnaireItems.questionId, [...ids]));
  return new Set(rows.map((r) => r.id));
}

/** Whether an activity that is no longer in preview binds the bank: its questions are then locked (spec 3 section 4.1). */
export async function bankPublished(ctx: Reads, bankId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: activities.id })
    .from(questionnaires)
    .innerJoin(activities, eq(activities.id, questionnaires.activityId))
    .where(and(eq(questionnaires.bankId, bankId), ne(activities.state, ACTIVITY_STATE.ACTIVITY_STATE_PREVIEW)))
    .limit(1);
  return Boolean(row);
}

/** Questions with their options, in the bank's order. */
export async function questionViews(ctx: Reads, rows: readonly QuestionRow[]): Promise<QuestionView[]> {
  const ids = rows.map((q) => q.id);
  const options = ids.length ? await ctx.db.select().from(questionOptions).where(inArray(questionOptions.questionId, ids)).orderBy(asc(questionOptions.sortIndex), asc(questionOptions.id)) : [];
  const used = await inUse(ctx, ids);
  return rows.map((q) => questionView(q, options, used.has(q.id)));
}

const bankQuestions = (ctx: Reads, bankId: number) => ctx.db.select().from(questions).where(eq(questions.bankId, bankId)).orderBy(asc(questions.sortIndex), asc(questions.id));

/** /activity/stock/queries: the bank with its questions and their options. */
export async function listQuestions({ ctx, input }: { ctx: MemberCtx; input: typeof queryIdInput.static }) {
  const stock = await bankView(ctx, input.id);
  if (!stock) refuse("ERROR_RESULT_NULL");
  return { stock, list: await questionViews(ctx, await bankQuestions(ctx, input.id)) };
}

/** /activity/stock/query: one question with its options, for its form. */
export async function openQuestion({ ctx, input }: { ctx: MemberCtx; input: typeof queryIdInput.static }) {
  const [row] = await ctx.db.select().from(questions).where(eq(questions.id, input.id));
  if (!row) refuse("ERROR_RESULT_NULL");
  const [query] = await questionViews(ctx, [row]);
  return { query: query! };
}

/** /activity/stock/query/parents: the bank's select and radio questions, with their options (a child's options name one). */
export async function parentQuestions({ ctx, input }: { ctx: MemberCtx; input: typeof parentsInput.static }) {
  if (!(await bankView(ctx, input.stock))) refuse("ERROR_RESULT_NULL");
  const rows = (await bankQuestions(ctx, input.stock)).filter((q) => PARENT_TYPES.has(q.type));
  const views = await questionViews(ctx, rows);
  return {
    list: views.map((q) => ({
      id: q.id,
      type: q.type,
      titleZh: q.titleZh,
      titleEn: q.titleEn,
      image: q.image,
      options: q.options.map((o) => ({ id: o.id, value: o.value, textZh: o.textZh, textEn: o.textEn, image: o.image })),
    })),
  };
}

/**
 * The question, locked after its bank (the order a clear takes them in); the
 * bank's share lock makes a clear, a rename or a delete of the bank wait; a new
 * binding of the question waits on the question's own lock.
 */
export async function lockQuestion(ctx: Reads, id: number): Promise<QuestionRow> {
  const [seen] = await ctx.db.select({ bankId: questions.bankId }).from(questions).where(eq(questions.id, id));
  if (!seen) refuse("ERROR_RESULT_NULL");
  await lockBank(ctx, seen.bankId, "share");
  const [row] = await ctx.db.select().from(questions).where(eq(questions.id, id)).for("update");
  if (!row) refuse("ERROR_RESULT_NULL");
  return row;
}

/** /activity/stock/query/delete: not while an activity asks it, nor while another question follows it (its parent or show condition). */
export async function deleteQuestion({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: typeof queryDeleteInput.static }) {
  const row = await lockQuestion(ctx, input.query);
  if ((await inUse(ctx, [row.id])).size) refuse("ERROR_DATA_USED", { reason: "used" });
  const [child] = await ctx.db
    .select({ id: questions.id })
    .from(questions)
    .where(and(ne(questions.id, row.id), or(eq(questions.parentId, row.id), eq(questions.showReasonQueryId, row.id))))
    .limit(1);
  if (child) refuse("ERROR_DATA_USED", { reason: "dependent", query: child.id });
  await ctx.db.delete(questions).where(eq(questions.id, row.id));
  return { audit: { entity: "question", id: row.id, detail: `bank ${row.bankId}` } };
}
