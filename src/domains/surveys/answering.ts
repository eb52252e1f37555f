// Members answer surveys and votes (issue 32 item 4, decision 141): the
// open ones whose audience they are in, once each. The answer is written as a
// mark (that they answered; the key makes a second one impossible, raced or
// not) and a ballot in one transaction; an anonymous ballot has no member, no
// time and a random id, so nothing stored links it to its mark.
import { Type as t } from "@sinclair/typebox";
import { and, asc, desc, eq, gt, inArray, lte } from "drizzle-orm";
import { surveyBallots, surveyMarks, surveys } from "../../db/schema";
import type { SurveyAnswers } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { SURVEY_SCALE_DEFAULT, SURVEY_TEXT_ANSWER_MAX } from "../../protocol/limits";
import { refuse, refuseField } from "../../protocol/result";
import type { MemberCtx } from "../context";
import { idField } from "../shared/fields";
import { meets, memberOf } from "../signup";
import { questionFields, questionsOf, stateOf, surveyFields } from "./editing";
import { resultsOf } from "./results";

type Survey = typeof surveys.$inferSelect;
type Question = Awaited<ReturnType<typeof questionsOf>>[number];

type Member = Awaited<ReturnType<typeof memberOf>>;

/** The member is in the survey's audience: every condition holds (none: everybody). The member's values are read once, and only when a survey has conditions. */
async function inAudience(ctx: MemberCtx, s: Survey, member: () => Promise<Member>) {
  if (s.audience.length === 0) return true;
  const values = (await member()).values;
  return s.audience.every((c) => meets(c, values.get(c.propertyId)));
}

/** The member's values, read at most once for a call. */
function memberOnce(ctx: MemberCtx): () => Promise<Member> {
  let read: Promise<Member> | null = null;
  return () => (read ??= memberOf(ctx, ctx.actor));
}

async function answered(ctx: MemberCtx, surveyId: number) {
  const [mark] = await ctx.db.select({ userId: surveyMarks.userId }).from(surveyMarks).where(and(eq(surveyMarks.surveyId, surveyId), eq(surveyMarks.userId, ctx.actor.id)));
  return Boolean(mark);
}

/** /survey/mine: the open surveys the member may answer (answered or not), and closed votes whose result was published to them. */
export async function mySurveys({ ctx }: { ctx: MemberCtx; input: Record<string, never> }) {
  const [open, published] = await Promise.all([
    ctx.db.select().from(surveys).where(and(lte(surveys.opensAt, ctx.now), gt(surveys.closesAt, ctx.now))).orderBy(asc(surveys.closesAt)),
    ctx.db.select().from(surveys).where(and(eq(surveys.published, true), lte(surveys.closesAt, ctx.now))).orderBy(desc(surveys.closesAt)).limit(10),
  ]);
  const member = memberOnce(ctx);
  const ids = [...open, ...published].map((s) => s.id);
  const marks = ids.length
    ? await ctx.db.select({ surveyId: surveyMarks.surveyId }).from(surveyMarks).where(and(inArray(surveyMarks.surveyId, ids), eq(surveyMarks.userId, ctx.actor.id)))
    : [];
  const answeredIds = new Set(marks.map((m) => m.surveyId));
  const mine = async (list: Survey[]) => {
    const out = [];
    for (const s of list) if (await inAudience(ctx, s, member)) out.push({ ...surveyFields(s, ctx.now), answered: answeredIds.has(s.id) });
    return out;
  };
  return { open: await mine(open), published: await mine(published) };
}

/** A survey the member may see: in its audience, and open (or a closed vote with its result published). */
async function visibleSurvey(ctx: MemberCtx, id: number): Promise<Survey> {
  const [s] = await ctx.db.select().from(surveys).where(eq(surveys.id, id));
  if (!s || stateOf(s, ctx.now) === "upcoming" || !(await inAudience(ctx, s, memberOnce(ctx)))) return refuse("ERROR_RESULT_NULL");
  return s;
}

/** /survey/info: the survey, its questions, whether the member answered; a published vote's result. */
export async function surveyForMember({ ctx, input }: { ctx: MemberCtx; input: { id: number } }) {
  const s = await visibleSurvey(ctx, input.id);
  const state = stateOf(s, ctx.now);
  if (state === "closed" && !s.published) refuse("ERROR_SURVEY_CLOSED");
  const questions = await questionsOf(ctx, s.id);
  return {
    survey: surveyFields(s, ctx.now),
    questions: questions.map(questionFields),
    answered: await answered(ctx, s.id),
    results: state === "closed" && s.published ? await resultsOf(ctx, s, questions) : null,
  };
}

export const answerInput = t.Object({
  id: idField,
  answers: t.Array(t.Object({ question: idField, value: t.Union([t.Integer(), t.Array(t.Integer(), { maxItems: 30 }), t.String({ maxLength: SURVEY_TEXT_ANSWER_MAX })]) }), { maxItems: 50 }),
});

/** Each answer checked against its question; a required one missing, an unknown option or a rating out of range names the question. */
function checkAnswers(questions: Question[], given: typeof answerInput.static.answers): SurveyAnswers {
  const byId = new Map(given.map((a) => [a.question, a.value]));
  if (byId.size !== given.length || given.some((a) => !questions.some((q) => q.id === a.question))) refuseField("answers", { reason: "unknown" });
  const answers: SurveyAnswers = {};
  for (const q of questions) {
    const value = byId.get(q.id);
    const empty = value === undefined || value === "" || (Array.isArray(value) && value.length === 0);
    if (empty) {
      if (q.required) refuseField("answers", { question: q.id, reason: "required" });
      continue;
    }
    const options = new Set(q.options.map((o) => o.id));
    const valid =
      q.kind === "single"
        ? typeof value === "number" && options.has(value)
        : q.kind === "multiple"
          ? Array.isArray(value) && new Set(value).size === value.length && value.every((v) => options.has(v))
          : q.kind === "rating"
            ? typeof value === "number" && value >= 1 && value <= (q.scale ?? SURVEY_SCALE_DEFAULT)
            : typeof value === "string";
    if (!valid) refuseField("answers", { question: q.id, reason: "value" });
    if (q.kind === "text") {
      const trimmed = (value as string).trim();
      if (!trimmed) {
        if (q.required) refuseField("answers", { question: q.id, reason: "required" });
        continue;
      }
      answers[q.id] = trimmed;
      continue;
    }
    answers[q.id] = value!;
  }
  return answers;
}

/** Before /survey/answer's transaction: the survey is open to this member and the answers hold. */
export async function prepareAnswer({ ctx, input }: { ctx: MemberCtx; input: typeof answerInput.static }) {
  const s = await visibleSurvey(ctx, input.id);
  if (stateOf(s, ctx.now) !== "open") refuse("ERROR_SURVEY_CLOSED");
  return { survey: s, answers: checkAnswers(await questionsOf(ctx, s.id), input.answers) };
}

/**
 * /survey/answer: the mark, then the ballot, in one transaction; the mark's
 * key refuses a second response (ERROR_SURVEY_ANSWERED, also when two
 * arrive at once). Not audited: an operation-log row would give the time of
 * an anonymous answer.
 */
export async function answerSurvey({ ctx, prepared }: { ctx: CommandCtx<MemberCtx>; input: typeof answerInput.static; prepared: Awaited<ReturnType<typeof prepareAnswer>> }) {
  const s = prepared.survey;
  const [mark] = await ctx.db.insert(surveyMarks).values({ surveyId: s.id, userId: ctx.actor.id }).onConflictDoNothing().returning({ userId: surveyMarks.userId });
  if (!mark) refuse("ERROR_SURVEY_ANSWERED");
  await ctx.db.insert(surveyBallots).values({
    id: crypto.randomUUID(),
    surveyId: s.id,
    userId: s.anonymous ? null : ctx.actor.id,
    answeredAt: s.anonymous ? null : ctx.now,
    answers: prepared.answers,
  });
  return {};
}
