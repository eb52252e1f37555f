// Question banks (spec 3 sections 2.2, 3, 5 and 7): the manager's paged
// search with each bank's question count and in-use mark, the short list of
// the activity editor's bank picker, create or rename with a unique name,
// delete only when unused and empty, and clear (what stands in the way of a
// delete: its activity links and its questions), never on a published
// activity (docs/decisions.md "Question banks").
import { Type as t } from "@sinclair/typebox";
import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { activities, questionBanks, questionnaireItems, questionnaires, questions } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { ACTIVITY_STATE } from "../../protocol/enumerations";
import { cleanText } from "../../protocol/identity";
import { BANK_LIKE_MAX, BANK_NAME_MAX, BANK_PAGE_SIZE } from "../../protocol/limits";
import { page, refuse, refuseField } from "../../protocol/result";
import type { Ctx, MemberCtx } from "../context";
import { idField, pageIndex } from "../shared/fields";

export const bankListInput = t.Object({ name: t.Optional(t.String({ maxLength: 200 })), index: pageIndex });
export const bankLikeInput = t.Object({ name: t.Optional(t.String({ maxLength: 200 })) });
export const bankSaveInput = t.Object({ stock: t.Object({ id: t.Optional(idField), name: t.String({ maxLength: 200 }) }) });
export const bankDeleteInput = t.Object({ stock: idField });

/** A LIKE pattern matching `text` anywhere, its wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// Written out qualified: Drizzle leaves a one-table select's columns bare, and inside the subquery a bare "id" is the question's.
const questionCount = sql<number>`(select count(*) from ${questions} q where q.bank_id = ${questionBanks}.id)`.mapWith(Number);
const bankInUse = sql<boolean>`exists (select 1 from ${questionnaires} s where s.bank_id = ${questionBanks}.id)`.mapWith(Boolean);

/** The name as searched: stored names are trimmed and escaped, so the search text is too. */
const searchOf = (name: string | undefined) => {
  const clean = cleanText(name ?? "");
  return clean ? sql`${questionBanks.name} ilike ${containing(clean)}` : undefined;
};

/** One bank as the manager shows it: name, number of questions, and whether an activity binds it. */
export async function bankView(ctx: Pick<Ctx, "db">, id: number) {
  const [row] = await ctx.db.select({ id: questionBanks.id, name: questionBanks.name, count: questionCount, used: bankInUse }).from(questionBanks).where(eq(questionBanks.id, id));
  return row ?? null;
}

/** /activity/stock/list: banks whose name contains `name`, newest first, a page at a time. */
export async function listBanks({ ctx, input }: { ctx: MemberCtx; input: typeof bankListInput.static }) {
  const where = searchOf(input.name);
  const [{ n }] = (await ctx.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(questionBanks).where(where)) as [{ n: number }];
  const p = page(input.index, n, BANK_PAGE_SIZE);
  const list = await ctx.db
    .select({ id: questionBanks.id, name: questionBanks.name, count: questionCount, used: bankInUse })
    .from(questionBanks)
    .where(where)
    .orderBy(desc(questionBanks.id))
    .limit(p.size)
    .offset(p.offset);
  return { list, count: p.count, max: p.max, index: p.index };
}

/** /activity/stock/like: the activity editor's bank picker, by name, with each bank's question count. */
export async function likeBanks({ ctx, input }: { ctx: MemberCtx; input: typeof bankLikeInput.static }) {
  const list = await ctx.db
    .select({ id: questionBanks.id, name: questionBanks.name, count: questionCount })
    .from(questionBanks)
    .where(searchOf(input.name))
    .orderBy(asc(questionBanks.name), asc(questionBanks.id))
    .limit(BANK_LIKE_MAX);
  return { list };
}

/** The bank, locked against a concurrent delete, clear or rename; ERROR_RESULT_NULL when it is gone. */
export async function lockBank(ctx: Pick<Ctx, "db">, id: number, mode: "update" | "share" = "update") {
  const [row] = await ctx.db.select().from(questionBanks).where(eq(questionBanks.id, id)).for(mode);
  if (!row) refuse("ERROR_RESULT_NULL");
  return row;
}

/** /activity/stock/update: creates a bank (no id) or renames one; the name is required and unique, whatever its case. */
export async function saveBank({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: typeof bankSaveInput.static }) {
  const name = cleanText(input.stock.name);
  if (!name || name.length > BANK_NAME_MAX) refuseField("name");
  const id = input.stock.id;
  if (id !== undefined) await lockBank(ctx, id);
  const [same] = await ctx.db
    .select({ id: questionBanks.id })
    .from(questionBanks)
    .where(and(sql`lower(${questionBanks.name}) = lower(${name})`, id === undefined ? undefined : ne(questionBanks.id, id)))
    .limit(1);
  if (same) refuse("ERROR_RENAME", { field: "name" });
  const [row] =
    id === undefined
      ? await ctx.db.insert(questionBanks).values({ name, createdAt: ctx.now }).returning({ id: questionBanks.id })
      : await ctx.db.update(questionBanks).set({ name }).where(eq(questionBanks.id, id)).returning({ id: questionBanks.id });
  return { stock: (await bankView(ctx, row!.id))!, audit: { entity: "questionBank", id: row!.id, detail: id === undefined ? "create" : "rename" } };
}

/** /activity/stock/delete: only a bank no activity binds and without questions (spec 3 section 8). */
export async function deleteBank({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: typeof bankDeleteInput.static }) {
  await lockBank(ctx, input.stock);
  const [bound] = await ctx.db.select({ id: questionnaires.activityId }).from(questionnaires).where(eq(questionnaires.bankId, input.stock)).limit(1);
  if (bound) refuse("ERROR_DATA_USED", { reason: "used" });
  const [question] = await ctx.db.select({ id: questions.id }).from(questions).where(eq(questions.bankId, input.stock)).limit(1);
  if (question) refuse("ERROR_DATA_USED", { reason: "questions" });
  await ctx.db.delete(questionBanks).where(eq(questionBanks.id, input.stock));
  return { audit: { entity: "questionBank", id: input.stock } };
}

/**
 * /activity/stock/clear: unbinds the bank from the activities that use it
 * and deletes its questions, so that it can be deleted. Only while every
 * such activity is in preview: a published or offline activity's
 * questionnaire is locked (spec 3 section 4.1), and its members' answers and
 * option stock stay as they were. The bank itself stays, empty.
 */
export async function clearBank({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: { id: number } }) {
  await lockBank(ctx, input.id);
  // Locked, so a publish waits for the clear (or the clear sees it published).
  const bound = await ctx.db
    .select({ id: activities.id, state: activities.state })
    .from(questionnaires)
    .innerJoin(activities, eq(activities.id, questionnaires.activityId))
    .where(eq(questionnaires.bankId, input.id))
    .orderBy(asc(activities.id))
    .for("update", { of: activities });
  const locked = bound.find((a) => a.state !== ACTIVITY_STATE.ACTIVITY_STATE_PREVIEW);
  if (locked) refuse("ERROR_DATA_USED", { reason: "published", activity: locked.id });
  const ids = bound.map((a) => a.id);
  if (ids.length) {
    await ctx.db.delete(questionnaireItems).where(inArray(questionnaireItems.activityId, ids));
    await ctx.db.delete(questionnaires).where(inArray(questionnaires.activityId, ids));
  }
  // One statement: the questions' links to each other (parent, show-reason, parent options) go with them.
  const gone = await ctx.db.delete(questions).where(eq(questions.bankId, input.id)).returning({ id: questions.id });
  return { activities: ids.length, questions: gone.length, audit: { entity: "questionBank", id: input.id, detail: `clear ${ids.length} ${gone.length}` } };
}
