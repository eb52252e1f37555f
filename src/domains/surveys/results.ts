// A survey's results (issue 32 item 4, decision 141): while it is open staff
// see how many answered; once closed, each question's counts (choices, the
// spread of a rating and its average, the texts given), for staff, in an
// export, and for members when a vote's result is published. The texts come
// in the ballots' random order, never the order they arrived in.
import { Type as t } from "@sinclair/typebox";
import { asc, count, desc, eq } from "drizzle-orm";
import { surveyBallots, surveyMarks, surveys } from "../../db/schema";
import type { CommandCtx, Download } from "../../http/kit";
import { SURVEY_SCALE_DEFAULT } from "../../protocol/limits";
import { refuse } from "../../protocol/result";
import type { Ctx, MemberCtx } from "../context";
import { documentLanguage, documentLanguageField } from "../shared/documents";
import { idField } from "../shared/fields";
import { namesOf } from "../shared/member-names";
import { type SheetCell, writeWorkbook, XLSX_TYPE } from "../shared/sheets/workbook";
import { questionsOf, stateOf, surveyFields } from "./editing";

type Survey = typeof surveys.$inferSelect;
type Question = Awaited<ReturnType<typeof questionsOf>>[number];

/** Texts shown per question at most (the export has them all). */
const TEXTS_SHOWN = 200;

async function responsesOf(ctx: Pick<Ctx, "db">, surveyId: number) {
  const [row] = await ctx.db.select({ n: count() }).from(surveyMarks).where(eq(surveyMarks.surveyId, surveyId));
  return Number(row?.n ?? 0);
}

const ballotsOf = (ctx: Pick<Ctx, "db">, surveyId: number) =>
  ctx.db.select().from(surveyBallots).where(eq(surveyBallots.surveyId, surveyId)).orderBy(asc(surveyBallots.id));

/** Each question's tally over the ballots. */
export async function resultsOf(ctx: Pick<Ctx, "db">, s: Survey, questions: Question[], opts: { allTexts?: boolean } = {}) {
  const ballots = await ballotsOf(ctx, s.id);
  return {
    responses: await responsesOf(ctx, s.id),
    questions: questions.map((q) => {
      const given = ballots.map((b) => b.answers[q.id]).filter((v) => v !== undefined);
      const base = { id: q.id, kind: q.kind, titleZh: q.titleZh, titleEn: q.titleEn, answered: given.length };
      if (q.kind === "single" || q.kind === "multiple") {
        const chosen = given.flatMap((v) => (Array.isArray(v) ? v : [v]));
        return { ...base, options: q.options.map((o) => ({ ...o, count: chosen.filter((c) => c === o.id).length })) };
      }
      if (q.kind === "rating") {
        const scores = given.filter((v): v is number => typeof v === "number");
        const scale = q.scale ?? SURVEY_SCALE_DEFAULT;
        const average = scores.length ? Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 100) / 100 : null;
        return { ...base, scale, average, counts: Array.from({ length: scale }, (_, i) => scores.filter((x) => x === i + 1).length) };
      }
      const texts = given.filter((v): v is string => typeof v === "string");
      return { ...base, texts: opts.allTexts ? texts : texts.slice(0, TEXTS_SHOWN) };
    }),
  };
}

async function surveyOf(ctx: Pick<Ctx, "db">, id: number): Promise<Survey> {
  const [s] = await ctx.db.select().from(surveys).where(eq(surveys.id, id));
  return s ?? refuse("ERROR_RESULT_NULL");
}

/** /survey/admin/list: every survey and vote, the latest first, with where it stands and how many answered. */
export async function listSurveys({ ctx }: { ctx: MemberCtx; input: Record<string, never> }) {
  const rows = await ctx.db.select().from(surveys).orderBy(desc(surveys.opensAt), desc(surveys.id));
  const answered = await ctx.db.select({ surveyId: surveyMarks.surveyId, n: count() }).from(surveyMarks).groupBy(surveyMarks.surveyId);
  const counts = new Map(answered.map((a) => [a.surveyId, Number(a.n)]));
  return { list: rows.map((s) => ({ ...surveyFields(s, ctx.now), responses: counts.get(s.id) ?? 0 })) };
}

/** /survey/admin/results: the live count while open; the tally once closed (a survey's answers are not read while they still come). */
export async function surveyResults({ ctx, input }: { ctx: MemberCtx; input: { id: number } }) {
  const s = await surveyOf(ctx, input.id);
  const closed = stateOf(s, ctx.now) === "closed";
  return {
    survey: surveyFields(s, ctx.now),
    responses: await responsesOf(ctx, s.id),
    results: closed ? await resultsOf(ctx, s, await questionsOf(ctx, s.id)) : null,
  };
}

/** /survey/admin/publish: a closed vote's result shown to its audience, or taken back. */
export async function publishResult({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: { id: number; published: boolean } }) {
  const s = await surveyOf(ctx, input.id);
  if (s.kind !== "vote") refuse("ERROR_PARAMS", { field: "kind" });
  if (stateOf(s, ctx.now) !== "closed") refuse("ERROR_SURVEY_CLOSED");
  await ctx.db.update(surveys).set({ published: input.published, updatedAt: ctx.now }).where(eq(surveys.id, s.id));
  return { audit: { entity: "survey", id: s.id, detail: input.published ? "result published" : "result withdrawn" } };
}

export const exportQuery = t.Object({ id: t.String({ pattern: "^[1-9][0-9]{0,9}$", maxLength: 10 }), language: documentLanguageField });

/** Download /survey/admin/export: a closed survey's tally and every response (named: who; anonymous: nobody), in the language asked. */
export async function exportResults({ ctx, input }: { ctx: MemberCtx; input: typeof exportQuery.static }): Promise<Download> {
  const s = await surveyOf(ctx, Number(input.id));
  if (stateOf(s, ctx.now) !== "closed") refuse("ERROR_SURVEY_CLOSED");
  const en = documentLanguage(ctx, input.language) === "en";
  const say = (zh: string, english: string) => (en ? english : zh);
  const questions = await questionsOf(ctx, s.id);
  const tally = await resultsOf(ctx, s, questions, { allTexts: true });
  const summary: SheetCell[][] = [[say("题目", "Question"), say("选项", "Choice"), say("人数", "Count")]];
  for (const q of tally.questions) {
    const title = say(q.titleZh, q.titleEn);
    if ("options" in q) for (const o of q.options) summary.push([title, say(o.textZh, o.textEn), o.count]);
    else if ("counts" in q) {
      q.counts.forEach((n, i) => summary.push([title, String(i + 1), n]));
      summary.push([title, say("平均分", "Average"), q.average]);
    } else summary.push([title, say("文字回答", "Text answers"), q.answered]);
  }
  const ballots = await ballotsOf(ctx, s.id);
  const names = s.anonymous ? new Map<number, string>() : await namesOf(ctx, ballots.flatMap((b) => (b.userId ? [b.userId] : [])));
  const optionText = (q: Question, id: number) => {
    const o = q.options.find((x) => x.id === id);
    return o ? say(o.textZh, o.textEn) : String(id);
  };
  const cell = (q: Question, v: number | number[] | string | undefined): SheetCell =>
    v === undefined ? "" : Array.isArray(v) ? v.map((id) => optionText(q, id)).join("; ") : q.kind === "single" ? optionText(q, v as number) : (v as string | number);
  const header = [...(s.anonymous ? [] : [say("会员", "Member")]), ...questions.map((q) => say(q.titleZh, q.titleEn))];
  const responses: SheetCell[][] = [header, ...ballots.map((b) => [...(s.anonymous ? [] : [b.userId ? (names.get(b.userId) ?? String(b.userId)) : ""]), ...questions.map((q) => cell(q, b.answers[q.id]))])];
  const bytes = writeWorkbook([
    { name: say("汇总", "Summary"), rows: summary, widths: [40, 30, 10] },
    { name: say("回答", "Responses"), rows: responses },
  ]);
  return { body: bytes, type: XLSX_TYPE, filename: `survey-${s.id}.xlsx` };
}

export const publishInput = t.Object({ id: idField, published: t.Boolean() });
