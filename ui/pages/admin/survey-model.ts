// The survey editor's model (issue 32 item 4, decision 141): the form a
// survey becomes, the browser's checks (the server's of
// src/domains/surveys/editing.ts, in the order the window shows the fields),
// the payload of /survey/admin/save, what is fixed once the survey opened,
// and what a refusal means. A question's problem is one field ("questions")
// with its place and part, as the server names it.
import type { AnswerOf, InputOf } from "../../../src/domains/api";
import { cleanText, unescapeAngles } from "../../../src/protocol/identity";
import {
  SURVEY_INTRO_MAX as INTRO_MAX,
  SURVEY_OPTION_TEXT_MAX as OPTION_TEXT_MAX,
  SURVEY_OPTIONS_MAX as OPTIONS_MAX,
  SURVEY_OPTIONS_MIN as OPTIONS_MIN,
  SURVEY_QUESTION_TITLE_MAX as QUESTION_TITLE_MAX,
  SURVEY_QUESTIONS_MAX as QUESTIONS_MAX,
  SURVEY_SCALE_DEFAULT as SCALE_DEFAULT,
  SURVEY_SCALE_MAX,
  SURVEY_SCALE_MIN,
  SURVEY_TITLE_MAX as TITLE_MAX,
} from "../../../src/protocol/limits";
import type { Message } from "../../../src/protocol/result";
import type { TextKey } from "../../i18n";
import { formatChinaDateTime, parseChinaDateTime } from "../../lib/china-time";
import type { Reason } from "../activity/module-conditions";

// The kinds the save call takes, in the order the editor offers them.
export type SurveyKind = InputOf<"/survey/admin/save">["survey"]["kind"];
export type QuestionKind = InputOf<"/survey/admin/save">["questions"][number]["kind"];
export const SURVEY_KINDS = ["survey", "vote"] as const satisfies readonly SurveyKind[];
export const QUESTION_KINDS = ["single", "multiple", "text", "rating"] as const satisfies readonly QuestionKind[];

// The server's limits, from the one place both read.
export { INTRO_MAX, OPTION_TEXT_MAX, OPTIONS_MAX, OPTIONS_MIN, QUESTION_TITLE_MAX, QUESTIONS_MAX, SCALE_DEFAULT, TITLE_MAX };
/** A rating's points to choose from. */
export const SCALES = Array.from({ length: SURVEY_SCALE_MAX - SURVEY_SCALE_MIN + 1 }, (_, i) => SURVEY_SCALE_MIN + i);

export type EditedSurvey = AnswerOf<"/survey/admin/info">;
export type SurveyState = EditedSurvey["survey"]["state"];

export type OptionDraft = { key: string; textZh: string; textEn: string };
export type QuestionDraft = { key: string; kind: QuestionKind; titleZh: string; titleEn: string; required: boolean; options: OptionDraft[]; scale: number };

export type SurveyForm = {
  kind: SurveyKind;
  titleZh: string;
  titleEn: string;
  introZh: string;
  introEn: string;
  anonymous: boolean;
  /** yyyy-MM-dd HH:mm in China time, as the date picker has it. */
  opensAt: string;
  closesAt: string;
  audience: Reason[];
  questions: QuestionDraft[];
};

/** In the order they are on the screen, so the first error gets the focus. */
export const FIELDS = ["kind", "titleZh", "titleEn", "introZh", "introEn", "anonymous", "opensAt", "closesAt", "audience", "questions"] as const;
export type Field = (typeof FIELDS)[number];

/** Where in the questions the problem is: none at all, too many, or one question's title, choices or one choice. */
export type QuestionProblem = { part: "none" | "many" } | { part: "titleZh" | "titleEn" | "options"; index: number } | { part: "option"; index: number; option: number };
/** The problem of a list field, for its text's numbers and the focus: a question's, or the audience's condition. */
export type Problems = { questions: QuestionProblem | null; audience: number | null };

let made = 0;
const newKey = () => `new-${++made}`;
export const blankOption = (): OptionDraft => ({ key: newKey(), textZh: "", textEn: "" });
export const blankQuestion = (kind: QuestionKind = "single"): QuestionDraft => ({
  key: newKey(),
  kind,
  titleZh: "",
  titleEn: "",
  required: true,
  options: [blankOption(), blankOption()],
  scale: SCALE_DEFAULT,
});

export const isChoice = (kind: QuestionKind) => kind === "single" || kind === "multiple";

/** The form of a survey as read (/survey/admin/info), or a new one's. */
export function formOf(edited: EditedSurvey | null): SurveyForm {
  if (!edited) return { kind: "survey", titleZh: "", titleEn: "", introZh: "", introEn: "", anonymous: true, opensAt: "", closesAt: "", audience: [], questions: [blankQuestion()] };
  const s = edited.survey;
  return {
    kind: s.kind as SurveyKind,
    titleZh: unescapeAngles(s.titleZh),
    titleEn: unescapeAngles(s.titleEn),
    introZh: unescapeAngles(s.introZh),
    introEn: unescapeAngles(s.introEn),
    anonymous: s.anonymous,
    opensAt: formatChinaDateTime(s.opensAt),
    closesAt: formatChinaDateTime(s.closesAt),
    audience: s.audience.map(({ type, property, compareMode, value }) => ({ type, property, compareMode, value })),
    questions: edited.questions.map((q) => ({
      key: String(q.id),
      kind: q.kind as QuestionKind,
      titleZh: unescapeAngles(q.titleZh),
      titleEn: unescapeAngles(q.titleEn),
      required: q.required,
      // Kept as read, for a question that is not a choice too: an open survey's questions go back exactly as they were.
      options: q.options.map((o) => ({ key: `${q.id}-${o.id}`, textZh: unescapeAngles(o.textZh), textEn: unescapeAngles(o.textEn) })),
      scale: q.scale ?? SCALE_DEFAULT,
    })),
  };
}

/** What can no longer change: nothing before it opens; once open the kind, anonymity, opening time, audience and questions; once closed the closing time too. */
export function fixedOf(state: SurveyState | null) {
  const open = state === "open" || state === "closed";
  return { open, closed: state === "closed" };
}

const tooLong = (value: string, max: number) => cleanText(value).length > max;
const missingOrLong = (value: string, max: number) => !value.trim() || tooLong(value, max);

function questionProblem(questions: readonly QuestionDraft[]): QuestionProblem | null {
  if (questions.length === 0) return { part: "none" };
  if (questions.length > QUESTIONS_MAX) return { part: "many" };
  for (const [index, q] of questions.entries()) {
    if (missingOrLong(q.titleZh, QUESTION_TITLE_MAX)) return { part: "titleZh", index };
    if (missingOrLong(q.titleEn, QUESTION_TITLE_MAX)) return { part: "titleEn", index };
    if (!isChoice(q.kind)) continue;
    if (q.options.length < OPTIONS_MIN || q.options.length > OPTIONS_MAX) return { part: "options", index };
    const option = q.options.findIndex((o) => missingOrLong(o.textZh, OPTION_TEXT_MAX) || missingOrLong(o.textEn, OPTION_TEXT_MAX));
    if (option >= 0) return { part: "option", index, option };
  }
  return null;
}

const QUESTION_KEYS: Record<QuestionProblem["part"], TextKey> = {
  none: "surveysAdmin.errors.questionsNone",
  many: "surveysAdmin.errors.questionsMany",
  titleZh: "surveysAdmin.errors.titleZhOf",
  titleEn: "surveysAdmin.errors.titleEnOf",
  options: "surveysAdmin.errors.optionsOf",
  option: "surveysAdmin.errors.optionOf",
};

/**
 * The form's problems (dictionary keys by field), a question's place also in
 * `problems.questions`. What is fixed is not checked: it goes back as it was
 * read, and the server holds it to that.
 */
export function validate(form: SurveyForm, state: SurveyState | null, problems: Problems): Partial<Record<Field, TextKey>> {
  const errors: Partial<Record<Field, TextKey>> = {};
  const fixed = fixedOf(state);
  if (missingOrLong(form.titleZh, TITLE_MAX)) errors.titleZh = "surveysAdmin.errors.titleZh";
  if (missingOrLong(form.titleEn, TITLE_MAX)) errors.titleEn = "surveysAdmin.errors.titleEn";
  if (tooLong(form.introZh, INTRO_MAX)) errors.introZh = "surveysAdmin.errors.introZh";
  if (tooLong(form.introEn, INTRO_MAX)) errors.introEn = "surveysAdmin.errors.introEn";
  const opens = parseChinaDateTime(form.opensAt);
  const closes = parseChinaDateTime(form.closesAt);
  if (!opens) errors.opensAt = "surveysAdmin.errors.opensAt";
  if (!closes) errors.closesAt = "surveysAdmin.errors.closesAt";
  else if (opens && Date.parse(closes) <= Date.parse(opens)) errors.closesAt = "surveysAdmin.errors.closesOrder";
  problems.audience = null;
  problems.questions = fixed.open ? null : questionProblem(form.questions);
  if (problems.questions) errors.questions = QUESTION_KEYS[problems.questions.part];
  return errors;
}

/** /survey/admin/save's input: a new survey without an id. */
export function payloadOf(id: number | null, form: SurveyForm): InputOf<"/survey/admin/save"> {
  return {
    survey: {
      ...(id ? { id } : {}),
      kind: form.kind,
      titleZh: form.titleZh,
      titleEn: form.titleEn,
      introZh: form.introZh,
      introEn: form.introEn,
      anonymous: form.anonymous,
      opensAt: parseChinaDateTime(form.opensAt) || "",
      closesAt: parseChinaDateTime(form.closesAt) || "",
      audience: form.audience,
    },
    questions: form.questions.map((q) => ({
      kind: q.kind,
      titleZh: q.titleZh,
      titleEn: q.titleEn,
      required: q.required,
      ...(isChoice(q.kind) ? { options: q.options.map((o) => ({ textZh: o.textZh, textEn: o.textEn })) } : {}),
      ...(q.kind === "rating" ? { scale: q.scale } : {}),
    })),
  };
}

const isField = (name: unknown): name is Field => typeof name === "string" && (FIELDS as readonly string[]).includes(name);

/** What the server's refusal means at a field, as a dictionary key; null when it names none of the form's. */
export function refusalOf(message: Message, problems: Problems): { field: Field; error: TextKey } | null {
  const params = message.params ?? {};
  const field = params.field;
  // Once open: what members answered cannot change; said at the field that changed.
  if (message.code === "ERROR_SURVEY_OPEN") return isField(field) ? { field, error: "surveysAdmin.errors.open" } : null;
  if (message.code !== "ERROR_PARAMS" || !isField(field)) return null;
  const index = typeof params.index === "number" ? params.index : null;
  if (field === "questions") {
    const part = params.part;
    if (part === "none") problems.questions = { part: "none" };
    else if (index !== null && (part === "titleZh" || part === "titleEn")) problems.questions = { part, index };
    else if (index !== null && part === "options" && typeof params.option === "number") problems.questions = { part: "option", index, option: params.option };
    else if (index !== null && part === "options") problems.questions = { part: "options", index };
    else return null;
    return { field, error: QUESTION_KEYS[problems.questions.part] };
  }
  if (field === "audience") {
    problems.audience = index ?? 0;
    return { field, error: "surveysAdmin.errors.audience" };
  }
  if (field === "closesAt") return { field, error: params.reason === "order" ? "surveysAdmin.errors.closesOrder" : params.reason === "past" ? "surveysAdmin.errors.closesPast" : "surveysAdmin.errors.closesAt" };
  if (field === "kind" || field === "anonymous") return null;
  return { field, error: `surveysAdmin.errors.${field}` };
}

/** The numbers a field's error text names: the question and its choice, or the audience's condition (from 1). */
export function errorParams(field: Field, problems: Problems): Record<string, number> {
  if (field === "audience") return { n: (problems.audience ?? 0) + 1 };
  const q = problems.questions;
  if (field !== "questions" || !q || !("index" in q)) return {};
  return { n: q.index + 1, ...(q.part === "option" ? { m: q.option + 1 } : {}) };
}

/** The element a field's error focuses: a question's own input when the problem is in one. */
export function focusOf(field: Field, problems: Problems): string {
  const q = problems.questions;
  if (field === "questions" && q && "index" in q) {
    if (q.part === "option") return `#survey-q${q.index}-option${q.option}-textZh`;
    if (q.part === "options") return `#survey-q${q.index}-options`;
    return `#survey-q${q.index}-${q.part}`;
  }
  if (field === "audience") return "#survey-audience";
  return `#survey-${field}, [data-field="${field}"]`;
}
