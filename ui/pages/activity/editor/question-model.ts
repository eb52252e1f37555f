// The question form's model: the form a question becomes, the checks the
// browser makes before sending (the server's of spec 3 section 5, in the same
// order), the payload of /activity/stock/query/update, and what a refusal
// means. An option's problem is one field ("options") with its place and part.
import type { AnswerOf, InputOf, ItemOf } from "../../../../src/domains/api";
import { PROPERTY_TYPE } from "../../../../src/protocol/enumerations";
import { cleanText, unescapeAngles } from "../../../../src/protocol/identity";
import { OPTION_TEXT_MAX, OPTION_VALUE_MAX, QUESTION_TEXT_MAX, QUESTION_TITLE_MAX } from "../../../../src/protocol/limits";
import { isAcceptablePattern } from "../../../../src/protocol/match-presets";
import type { Message } from "../../../../src/protocol/result";
import { type TextKey, type TextName, dataKey } from "../../../i18n";
import { formatChinaDateTime, parseChinaDateTime } from "../../../lib/china-time";

export type Bank = ItemOf<"/activity/stock/list">;
export type BankQuestion = AnswerOf<"/activity/stock/queries">["list"][number];
export type EditedQuestion = AnswerOf<"/activity/stock/query">["query"];

export const CHOICES = new Set<number>([PROPERTY_TYPE.PROPERTY_TYPE_SELECT, PROPERTY_TYPE.PROPERTY_TYPE_RADIO, PROPERTY_TYPE.PROPERTY_TYPE_CHECKBOX]);
export const PARENTS = new Set<number>([PROPERTY_TYPE.PROPERTY_TYPE_SELECT, PROPERTY_TYPE.PROPERTY_TYPE_RADIO]);
export const isChoiceType = (type: string) => CHOICES.has(Number(type));

export type OptionForm = {
  /** React's key: the option's id, or a new one's number. */
  key: string;
  id?: number;
  textZh: string;
  textEn: string;
  value: string;
  stock: string;
  /** yyyy-MM-dd HH:mm, China time. */
  endDate: string;
  parent: string;
  image: string | null;
  used: number;
};

export type QuestionFormState = {
  type: string;
  isMust: boolean;
  titleZh: string;
  titleEn: string;
  descZh: string;
  descEn: string;
  dialogZh: string;
  dialogEn: string;
  match: string;
  isChineseOnly: boolean;
  isForeignerOnly: boolean;
  parent: string;
  showReasonQuery: string;
  showReasonValue: string;
  image: string | null;
  options: OptionForm[];
};

export const FIELDS = ["type", "titleZh", "titleEn", "descZh", "descEn", "dialogZh", "dialogEn", "match", "isForeignerOnly", "parent", "showReasonQuery", "showReasonValue", "image", "options"] as const;
export type Field = (typeof FIELDS)[number];

/** Where an option's problem is: its place in the form's list and the part. */
export type OptionProblem = { index: number; part: string; used?: number };

let made = 0;
export const blankOption = (): OptionForm => ({ key: `new-${++made}`, textZh: "", textEn: "", value: "", stock: "", endDate: "", parent: "", image: null, used: 0 });

const text = (s: string | null | undefined) => unescapeAngles(s ?? "");

export function formOf(q: EditedQuestion | null): QuestionFormState {
  return {
    type: q ? String(q.type.id) : "",
    isMust: q?.isMust ?? true,
    titleZh: text(q?.titleZh),
    titleEn: text(q?.titleEn),
    descZh: text(q?.descZh),
    descEn: text(q?.descEn),
    dialogZh: text(q?.dialogZh),
    dialogEn: text(q?.dialogEn),
    match: q?.match ?? "",
    isChineseOnly: q?.isChineseOnly ?? false,
    isForeignerOnly: q?.isForeignerOnly ?? false,
    parent: q?.parent ? String(q.parent.id) : "",
    showReasonQuery: q?.showReasonQuery ? String(q.showReasonQuery.id) : "",
    showReasonValue: text(q?.showReasonValue),
    image: q?.image ?? null,
    options: q
      ? q.options.map((o) => ({
          key: String(o.id),
          id: o.id,
          textZh: text(o.textZh),
          textEn: text(o.textEn),
          value: text(o.value),
          stock: o.stock === null ? "" : String(o.stock),
          endDate: o.endDate ? formatChinaDateTime(o.endDate) : "",
          parent: o.parent ? String(o.parent.id) : "",
          image: o.image,
          used: o.form,
        }))
      : [blankOption(), blankOption()],
  };
}

const long = (value: string, max: number) => cleanText(value).length > max;

/** The first problem of the options, or null. */
function optionProblem(form: QuestionFormState): OptionProblem | null {
  const values = new Set<string>();
  for (const [index, o] of form.options.entries()) {
    const at = (part: string, used?: number): OptionProblem => ({ index, part, ...(used === undefined ? {} : { used }) });
    if (!o.textZh.trim() && !o.image) return at("textZh");
    if (long(o.textZh, OPTION_TEXT_MAX)) return at("textZh");
    if (!o.textEn.trim() && !o.image) return at("textEn");
    if (long(o.textEn, OPTION_TEXT_MAX)) return at("textEn");
    const value = cleanText(o.value);
    if (!value || value.length > OPTION_VALUE_MAX) return at("value");
    if (values.has(value)) return at("duplicate");
    values.add(value);
    if (o.stock.trim() && !/^[1-9]\d{0,8}$/.test(o.stock.trim())) return at("stock");
    if (o.stock.trim() && Number(o.stock) < o.used) return at("stockUsed", o.used);
    if (parseChinaDateTime(o.endDate) === null) return at("endDate");
    if (form.parent && !o.parent) return at("parent");
  }
  return null;
}

const key = (name: TextName<"editor.question.errors">): TextKey => `editor.question.errors.${name}`;
/** An option's problem: its part is the form's or the server's. */
const optionKey = (part: string) => dataKey("editor.question.errors.option", part);

/** The form's problems (dictionary keys by field); an option's also named in `problem.current`. */
export function validate(form: QuestionFormState, problem: { current: OptionProblem | null }) {
  const errors: Partial<Record<Field, TextKey>> = {};
  if (!form.type) errors.type = key("type");
  if (!form.titleZh.trim() && !form.image) errors.titleZh = key("titleZh");
  else if (long(form.titleZh, QUESTION_TITLE_MAX)) errors.titleZh = key("tooLong");
  if (!form.titleEn.trim() && !form.image) errors.titleEn = key("titleEn");
  else if (long(form.titleEn, QUESTION_TITLE_MAX)) errors.titleEn = key("tooLong");
  for (const f of ["descZh", "descEn", "dialogZh", "dialogEn"] as const) if (long(form[f], QUESTION_TEXT_MAX)) errors[f] = key("tooLong");
  const choice = isChoiceType(form.type);
  if (!choice && form.match.trim() && !isAcceptablePattern(form.match.trim())) errors.match = key("match");
  if (form.isChineseOnly && form.isForeignerOnly) errors.isForeignerOnly = key("isForeignerOnly");
  if (form.showReasonQuery && !form.showReasonValue.trim()) errors.showReasonValue = key("showReasonValue");
  problem.current = null;
  if (choice) {
    if (form.options.length === 0) errors.options = key("options");
    else {
      problem.current = optionProblem(form);
      if (problem.current) errors.options = optionKey(problem.current.part);
    }
  }
  return errors;
}

export function payloadOf(bankId: number, id: number | null, form: QuestionFormState): InputOf<"/activity/stock/query/update"> {
  const choice = isChoiceType(form.type);
  return {
    query: {
      ...(id ? { id } : {}),
      stock: { id: bankId },
      type: form.type ? { id: Number(form.type) } : null,
      titleZh: form.titleZh,
      titleEn: form.titleEn,
      descZh: form.descZh,
      descEn: form.descEn,
      dialogZh: form.dialogZh,
      dialogEn: form.dialogEn,
      isMust: form.isMust,
      match: choice ? null : form.match.trim() || null,
      isChineseOnly: form.isChineseOnly,
      isForeignerOnly: form.isForeignerOnly,
      parent: choice && form.parent ? { id: Number(form.parent) } : null,
      showReasonQuery: form.showReasonQuery ? { id: Number(form.showReasonQuery) } : null,
      showReasonValue: form.showReasonQuery ? form.showReasonValue : null,
      image: form.image,
      options: choice
        ? form.options.map((o, index) => ({
            ...(o.id ? { id: o.id } : {}),
            textZh: o.textZh,
            textEn: o.textEn,
            value: o.value,
            stock: o.stock.trim() ? Number(o.stock) : null,
            endDate: parseChinaDateTime(o.endDate) || null,
            parent: form.parent && o.parent ? { id: Number(o.parent) } : null,
            image: o.image,
            index,
          }))
        : [],
    },
  };
}

/** What the server's refusal of a field means, as a dictionary key; null when it is not a field's. */
export function refusalOf(message: Message, problem: { current: OptionProblem | null }): { field: Field; error: TextKey } | null {
  const params = message.params ?? {};
  const field = params.field as Field | undefined;
  if (message.code !== "ERROR_PARAMS" || !field || !(FIELDS as readonly string[]).includes(field)) return null;
  if (field === "options" && typeof params.index === "number") {
    const part = params.reason === "duplicate" ? "duplicate" : params.part === "stock" && typeof params.used === "number" ? "stockUsed" : String(params.part);
    problem.current = { index: params.index, part, ...(typeof params.used === "number" ? { used: params.used } : {}) };
    return { field, error: optionKey(part) };
  }
  if (field === "type" && params.reason === "parent") return { field, error: key("typeParent") };
  if (field === "parent" && params.reason === "cycle") return { field, error: key("parentCycle") };
  if (field === "showReasonQuery" && params.reason === "cycle") return { field, error: key("showReasonCycle") };
  if (field === "descZh" || field === "descEn" || field === "dialogZh" || field === "dialogEn") return { field, error: key("tooLong") };
  return { field, error: key(field) };
}
