// /activity/stock/query/update: a question and its options in one save (spec
// 3 sections 3 and 5). After the checks of ./question-input.ts, the ones that
// read other rows: the bank, the parent (a select or radio question of the
// same bank), the show condition (another question of the bank and one of its
// values), no loop through parents and show conditions, option ids of this
// question, option parents among the parent's options, no limit below what
// is taken, and nothing removed that orders hold or other questions follow.
import { and, asc, eq, inArray, max, ne } from "drizzle-orm";
import { questionOptions, questions } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { refuse, refuseField } from "../../protocol/result";
import type { Ctx, MemberCtx } from "../context";
import { isChoice } from "../signup";
import { lockBank } from "./banks";
import { type CheckedOption, type CheckedQuestion, checkQuestion, questionSaveInput } from "./question-input";
import { PARENT_TYPES, bankPublished, lockQuestion, questionViews } from "./questions";

export { questionSaveInput };

type Node = { id: number; type: number; parentId: number | null; showReasonQueryId: number | null };
type OptionRow = typeof questionOptions.$inferSelect;

const used = (more: Record<string, unknown>): never => {
  refuse("ERROR_DATA_USED", more);
};

/** Whether following parents and show conditions from `from` leads to `target`. */
function reaches(nodes: ReadonlyMap<number, Node>, from: number, target: number): boolean {
  const seen = new Set<number>();
  const stack = [from];
  while (stack.length) {
    const id = stack.pop()!;
    if (id === target) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    const node = nodes.get(id);
    if (node?.parentId) stack.push(node.parentId);
    if (node?.showReasonQueryId) stack.push(node.showReasonQueryId);
  }
  return false;
}

/** The parent and the show condition, checked against the bank's other questions. */
async function checkLinks(ctx: Pick<Ctx, "db">, q: CheckedQuestion, bankId: number, self: number | null) {
  const rows: Node[] = await ctx.db
    .select({ id: questions.id, type: questions.type, parentId: questions.parentId, showReasonQueryId: questions.showReasonQueryId })
    .from(questions)
    .where(eq(questions.bankId, bankId));
  const nodes = new Map(rows.map((r) => [r.id, r]));
  let parentOptions: Set<number> | null = null;
  if (q.parentId !== null) {
    const parent = nodes.get(q.parentId);
    // The parent decides which options this one offers: a choice follows a select or radio of the same bank.
    if (!isChoice(q.type) || !parent || parent.id === self || !PARENT_TYPES.has(parent.type)) refuseField("parent");
    if (self !== null && reaches(nodes, q.parentId, self)) refuseField("parent", { reason: "cycle" });
    const options = await ctx.db.select({ id: questionOptions.id }).from(questionOptions).where(eq(questionOptions.questionId, q.parentId));
    parentOptions = new Set(options.map((o) => o.id));
  }
  if (q.showReasonId !== null) {
    const reason = nodes.get(q.showReasonId);
    if (!reason || reason.id === self) refuseField("showReasonQuery");
    if (self !== null && reaches(nodes, q.showReasonId, self)) refuseField("showReasonQuery", { reason: "cycle" });
    if (isChoice(reason!.type)) {
      const values = await ctx.db.select({ value: questionOptions.value }).from(questionOptions).where(eq(questionOptions.questionId, reason!.id));
      if (!values.some((v) => v.value === q.showReasonValue)) refuseField("showReasonValue");
    }
  }
  // A question other questions take as their parent must stay a select or radio.
  if (self !== null && !PARENT_TYPES.has(q.type) && rows.some((r) => r.parentId === self)) refuseField("type", { reason: "parent" });
  return parentOptions;
}

/** The options against this question's stored ones (locked), the parent's, and what depends on them. */
async function checkOptions(ctx: Pick<Ctx, "db">, q: CheckedQuestion, self: number | null, parentOptions: Set<number> | null) {
  const stored: OptionRow[] = self === null ? [] : await ctx.db.select().from(questionOptions).where(eq(questionOptions.questionId, self)).orderBy(asc(questionOptions.id)).for("update");
  const byId = new Map(stored.map((o) => [o.id, o]));
  const kept = new Set<number>();
  const options = q.options.map((o: CheckedOption) => {
    const before = o.id === null ? null : byId.get(o.id);
    if (o.id !== null && (!before || kept.has(o.id))) refuseField("options", { index: o.at, part: "id" });
    if (o.id !== null) kept.add(o.id);
    // Never below what members have already taken (the spec's "stock" of an option is its limit).
    if (before && o.cap !== null && o.cap < before.used) refuseField("options", { index: o.at, part: "stock", used: before.used });
    let parentId: number | null = null;
    if (parentOptions) {
      if (o.parentId === null || !parentOptions.has(o.parentId)) refuseField("options", { index: o.at, part: "parent" });
      parentId = o.parentId;
    }
    return { ...o, parentId };
  });
  const removed = stored.filter((o) => !kept.has(o.id));
  if (removed.some((o) => o.used > 0)) used({ field: "options", reason: "held" });
  if (self !== null) {
    // Another question's options that follow a removed option, or its show condition on a value no longer offered.
    const followers = removed.length
      ? await ctx.db.select({ id: questionOptions.id }).from(questionOptions).where(inArray(questionOptions.parentId, removed.map((o) => o.id))).limit(1)
      : [];
    if (followers.length) used({ field: "options", reason: "dependent" });
    if (isChoice(q.type)) {
      const values = new Set(options.map((o) => o.value));
      const shown = await ctx.db.select({ value: questions.showReasonValue }).from(questions).where(and(eq(questions.showReasonQueryId, self), ne(questions.id, self)));
      if (shown.some((s) => !values.has(s.value ?? ""))) used({ field: "options", reason: "dependent" });
    }
  }
  return { options, removed };
}

/** /activity/stock/query/update: creates a question in a bank (no id) or edits one, with its options. */
export async function saveQuestion({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: typeof questionSaveInput.static }) {
  const q = checkQuestion(input.query);
  const self = input.query.id ?? null;
  let bankId: number;
  if (self !== null) {
    const row = await lockQuestion(ctx, self);
    bankId = row.bankId;
    if (input.query.stock && input.query.stock.id !== bankId) refuseField("stock");
    // Spec 3 section 4.1: a published activity's questionnaire no longer changes.
    if (await bankPublished(ctx, bankId)) used({ reason: "published" });
  } else {
    const stock = input.query.stock?.id;
    if (!stock) return refuseField("stock");
    bankId = (await lockBank(ctx, stock, "share")).id;
  }
  const parentOptions = await checkLinks(ctx, q, bankId, self);
  const { options, removed } = await checkOptions(ctx, q, self, parentOptions);

  const fields = {
    type: q.type,
    titleZh: q.titleZh,
    titleEn: q.titleEn,
    descZh: q.descZh,
    descEn: q.descEn,
    dialogZh: q.dialogZh,
    dialogEn: q.dialogEn,
    isMust: q.isMust,
    match: q.match,
    isChineseOnly: q.isChineseOnly,
    isForeignerOnly: q.isForeignerOnly,
    parentId: q.parentId,
    showReasonQueryId: q.showReasonId,
    showReasonValue: q.showReasonValue,
    image: q.image,
    ...(input.query.index !== undefined ? { sortIndex: input.query.index } : {}),
  };
  let id: number;
  if (self === null) {
    const [last] = await ctx.db.select({ n: max(questions.sortIndex) }).from(questions).where(eq(questions.bankId, bankId));
    const [row] = await ctx.db
      .insert(questions)
      .values({ bankId, sortIndex: (last?.n ?? -1) + 1, ...fields })
      .returning({ id: questions.id });
    id = row!.id;
  } else {
    await ctx.db.update(questions).set(fields).where(eq(questions.id, self));
    id = self;
  }
  if (removed.length) await ctx.db.delete(questionOptions).where(inArray(questionOptions.id, removed.map((o) => o.id)));
  for (const [sortIndex, o] of options.entries()) {
    const values = { textZh: o.textZh, textEn: o.textEn, value: o.value, cap: o.cap, endDate: o.endDate, parentId: o.parentId, image: o.image, sortIndex };
    if (o.id === null) await ctx.db.insert(questionOptions).values({ questionId: id, ...values });
    else await ctx.db.update(questionOptions).set(values).where(eq(questionOptions.id, o.id));
  }
  const [row] = await ctx.db.select().from(questions).where(eq(questions.id, id));
  const [query] = await questionViews(ctx, [row!]);
  return { query: query!, audit: { entity: "question", id, detail: self === null ? `create in bank ${bankId}` : "update" } };
}
