// Staff make surveys and votes (issue 32 item 4, decision 141, power
// FUNCTION_SURVEY_EDIT): the title and introduction in both languages, named
// or anonymous, the opening and closing times, the audience by the activity
// conditions' rules, and the questions (single and multiple choice, text, a
// rating). Everything can change until the survey opens; after that only the
// texts of the introduction and the closing time (never before now): the
// answers already given were given to these questions.
import { Type as t } from "@sinclair/typebox";
import { asc, eq } from "drizzle-orm";
import { surveyQuestions, surveys } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { cleanText } from "../../protocol/identity";
import {
  SURVEY_INTRO_MAX,
  SURVEY_OPTION_TEXT_MAX,
  SURVEY_OPTIONS_MAX,
  SURVEY_OPTIONS_MIN,
  SURVEY_QUESTION_TITLE_MAX,
  SURVEY_QUESTIONS_MAX,
  SURVEY_SCALE_DEFAULT,
  SURVEY_SCALE_MAX,
  SURVEY_SCALE_MIN,
  SURVEY_TITLE_MAX,
} from "../../protocol/limits";
import { refuse, refuseField } from "../../protocol/result";
import type { Ctx, MemberCtx } from "../context";
import { checkReasons, reasonInput } from "../activity/module-editing";
import { idField, isoOf } from "../shared/fields";

export const SURVEY_KINDS = ["survey", "vote"] as const;
export const QUESTION_KINDS = ["single", "multiple", "text", "rating"] as const;

const text = (max: number) => t.String({ maxLength: max });
const questionInput = t.Object({
  kind: t.Union(QUESTION_KINDS.map((k) => t.Literal(k))),
  titleZh: text(SURVEY_QUESTION_TITLE_MAX),
  titleEn: text(SURVEY_QUESTION_TITLE_MAX),
  required: t.Boolean(),
  options: t.Optional(t.Array(t.Object({ textZh: text(SURVEY_OPTION_TEXT_MAX), textEn: text(SURVEY_OPTION_TEXT_MAX) }), { maxItems: SURVEY_OPTIONS_MAX })),
  scale: t.Optional(t.Union([t.Integer({ minimum: SURVEY_SCALE_MIN, maximum: SURVEY_SCALE_MAX }), t.Null()])),
});

export const saveInput = t.Object({
  survey: t.Object({
    id: t.Optional(idField),
    kind: t.Union(SURVEY_KINDS.map((k) => t.Literal(k))),
    titleZh: text(SURVEY_TITLE_MAX * 3),
    titleEn: text(SURVEY_TITLE_MAX * 3),
    introZh: text(SURVEY_INTRO_MAX * 2),
    introEn: text(SURVEY_INTRO_MAX * 2),
    anonymous: t.Boolean(),
    opensAt: t.String({ maxLength: 40 }),
    closesAt: t.String({ maxLength: 40 }),
    audience: t.Array(reasonInput, { maxItems: 30 }),
  }),
  questions: t.Array(questionInput, { maxItems: SURVEY_QUESTIONS_MAX }),
});
type SaveInput = typeof saveInput.static;

const label = (raw: string, field: string, max: number, params: Record<string, unknown> = {}) => {
  const value = cleanText(raw);
  if (!value || value.length > max) refuseField(field, params);
  return value;
};

const timeOf = (raw: string, field: string) => {
  const d = new Date(raw);
  return Number.isNaN(d.getTime()) ? refuseField(field) : d;
};

/** The questions checked: each names its index and part when wrong. */
function checkQuestions(questions: SaveInput["questions"]) {
  if (questions.length === 0) refuseField("questions", { part: "none" });
  return questions.map((q, index) => {
    const at = { index };
    const titleZh = label(q.titleZh, "questions", SURVEY_QUESTION_TITLE_MAX, { ...at, part: "titleZh" });
    const titleEn = label(q.titleEn, "questions", SURVEY_QUESTION_TITLE_MAX, { ...at, part: "titleEn" });
    const choice = q.kind === "single" || q.kind === "multiple";
    const options = choice
      ? (q.options ?? []).map((o, i) => ({ id: i + 1, textZh: label(o.textZh, "questions", SURVEY_OPTION_TEXT_MAX, { ...at, part: "options", option: i }), textEn: label(o.textEn, "questions", SURVEY_OPTION_TEXT_MAX, { ...at, part: "options", option: i }) }))
      : [];
    if (choice && options.length < SURVEY_OPTIONS_MIN) refuseField("questions", { ...at, part: "options" });
    const scale = q.kind === "rating" ? (q.scale ?? SURVEY_SCALE_DEFAULT) : null;
    return { sortIndex: index + 1, kind: q.kind, titleZh, titleEn, required: q.required, options, scale };
  });
}

/** /survey/admin/save: a new survey (no id) or changes to one; what may change once it opened is refused with the field. */
export async function saveSurvey({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: SaveInput }) {
  const s = input.survey;
  const fields = {
    kind: s.kind,
    titleZh: label(s.titleZh, "titleZh", SURVEY_TITLE_MAX),
    titleEn: label(s.titleEn, "titleEn", SURVEY_TITLE_MAX),
    introZh: cleanText(s.introZh).slice(0, SURVEY_INTRO_MAX),
    introEn: cleanText(s.introEn).slice(0, SURVEY_INTRO_MAX),
    anonymous: s.anonymous,
    opensAt: timeOf(s.opensAt, "opensAt"),
    closesAt: timeOf(s.closesAt, "closesAt"),
    audience: await checkReasons(ctx, s.audience, "audience"),
  };
  if (fields.closesAt <= fields.opensAt) refuseField("closesAt", { reason: "order" });
  if (fields.closesAt <= ctx.now) refuseField("closesAt", { reason: "past" });
  const questions = checkQuestions(input.questions);
  if (s.id === undefined) {
    const [row] = await ctx.db.insert(surveys).values({ ...fields, createdBy: ctx.actor.id, createdAt: ctx.now, updatedAt: ctx.now }).returning({ id: surveys.id });
    await ctx.db.insert(surveyQuestions).values(questions.map((q) => ({ ...q, surveyId: row!.id })));
    return { id: row!.id, audit: { entity: "survey", id: row!.id, detail: `${s.kind} created` } };
  }
  const [stored] = await ctx.db.select().from(surveys).where(eq(surveys.id, s.id)).for("update");
  if (!stored) refuse("ERROR_RESULT_NULL");
  if (stored.opensAt <= ctx.now) {
    // Open (or closed): the questions, the audience, who may be named and when it opened were what members answered.
    const same = await sameQuestions(ctx, s.id, questions);
    const fixed: (keyof typeof fields)[] = ["kind", "anonymous"];
    for (const key of fixed) if (fields[key] !== stored[key]) refuse("ERROR_SURVEY_OPEN", { field: key });
    if (fields.opensAt.getTime() !== stored.opensAt.getTime()) refuse("ERROR_SURVEY_OPEN", { field: "opensAt" });
    const conditions = (list: typeof fields.audience) => JSON.stringify(list.map((c) => [c.type, c.propertyId, c.compareMode, c.value]));
    if (conditions(fields.audience) !== conditions(stored.audience)) refuse("ERROR_SURVEY_OPEN", { field: "audience" });
    if (!same) refuse("ERROR_SURVEY_OPEN", { field: "questions" });
    if (stored.closesAt <= ctx.now && fields.closesAt.getTime() !== stored.closesAt.getTime()) refuse("ERROR_SURVEY_OPEN", { field: "closesAt" });
  } else {
    await ctx.db.delete(surveyQuestions).where(eq(surveyQuestions.surveyId, s.id));
    await ctx.db.insert(surveyQuestions).values(questions.map((q) => ({ ...q, surveyId: s.id! })));
  }
  await ctx.db.update(surveys).set({ ...fields, updatedAt: ctx.now }).where(eq(surveys.id, s.id));
  return { id: s.id, audit: { entity: "survey", id: s.id, detail: `${s.kind} saved` } };
}

export async function questionsOf(ctx: Pick<Ctx, "db">, surveyId: number) {
  return ctx.db.select().from(surveyQuestions).where(eq(surveyQuestions.surveyId, surveyId)).orderBy(asc(surveyQuestions.sortIndex));
}

/** A question as compared: its fields in one order (jsonb keeps an object's keys in its own order). */
const shape = (q: ReturnType<typeof checkQuestions>[number]) =>
  JSON.stringify([q.sortIndex, q.kind, q.titleZh, q.titleEn, q.required, q.scale, q.options.map((o) => [o.id, o.textZh, o.textEn])]);

async function sameQuestions(ctx: Pick<Ctx, "db">, surveyId: number, questions: ReturnType<typeof checkQuestions>) {
  const stored = await questionsOf(ctx, surveyId);
  return stored.length === questions.length && stored.every((q, i) => shape(q as ReturnType<typeof checkQuestions>[number]) === shape(questions[i]!));
}

/** Where a survey stands at `now`. */
export const stateOf = (s: { opensAt: Date; closesAt: Date }, now: Date): "upcoming" | "open" | "closed" => (now < s.opensAt ? "upcoming" : now < s.closesAt ? "open" : "closed");

export const surveyFields = (s: typeof surveys.$inferSelect, now: Date) => ({
  id: s.id,
  kind: s.kind,
  titleZh: s.titleZh,
  titleEn: s.titleEn,
  introZh: s.introZh,
  introEn: s.introEn,
  anonymous: s.anonymous,
  opensAt: s.opensAt.toISOString(),
  closesAt: s.closesAt.toISOString(),
  published: s.published,
  state: stateOf(s, now),
});

export const questionFields = (q: typeof surveyQuestions.$inferSelect) => ({
  id: q.id,
  kind: q.kind,
  titleZh: q.titleZh,
  titleEn: q.titleEn,
  required: q.required,
  options: q.options,
  scale: q.scale,
});

/** /survey/admin/info: one survey as its editor sees it, with its audience as the conditions manager shows conditions. */
export async function surveyForEditor({ ctx, input }: { ctx: MemberCtx; input: { id: number } }) {
  const [s] = await ctx.db.select().from(surveys).where(eq(surveys.id, input.id));
  if (!s) return refuse("ERROR_RESULT_NULL");
  return {
    survey: {
      ...surveyFields(s, ctx.now),
      audience: s.audience.map((c) => ({ type: { id: c.type }, property: { id: c.propertyId }, compareMode: { id: c.compareMode }, value: c.value })),
      createdAt: isoOf(s.createdAt),
    },
    questions: (await questionsOf(ctx, s.id)).map(questionFields),
  };
}
