// A question as the editor sends it (/activity/stock/query/update), and the
// checks of spec 3 section 5 "Question" and "Option" that need nothing but
// the question itself. Loose where a person can leave something out, so the
// check names the field: ERROR_PARAMS { field } for the question's fields,
// { field: "options", index, part } for an option's.
import { Type as t } from "@sinclair/typebox";
import { PROPERTY_TYPE } from "../../protocol/enumerations";
import { cleanText } from "../../protocol/identity";
import { OPTION_TEXT_MAX, OPTION_VALUE_MAX, OPTIONS_MAX, QUESTION_TEXT_MAX, QUESTION_TITLE_MAX } from "../../protocol/limits";
import { isAcceptablePattern } from "../../protocol/match-presets";
import { refuseField } from "../../protocol/result";
import { isImagePath } from "../file/service";
import { isChoice } from "../signup";
import { idField } from "../shared/fields";

const typedId = t.Object({ id: t.Integer({ minimum: -2_147_483_648, maximum: 2_147_483_647 }) });
const text = (max: number) => t.String({ maxLength: max });
const image = t.Optional(t.Union([t.String({ maxLength: 300 }), t.Null()]));

const optionInput = t.Object({
  id: t.Optional(idField),
  textZh: text(1000),
  textEn: text(1000),
  value: text(500),
  /** A positive whole number, or null: no limit. */
  stock: t.Optional(t.Union([t.Number({ minimum: -1e12, maximum: 1e12 }), t.Null()])),
  endDate: t.Optional(t.Union([t.String({ maxLength: 40 }), t.Null()])),
  parent: t.Optional(t.Union([typedId, t.Null()])),
  image,
  index: t.Optional(t.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
});

export const questionSaveInput = t.Object({
  query: t.Object({
    id: t.Optional(idField),
    /** The bank; a question stays in the bank it was made in. */
    stock: t.Optional(t.Union([typedId, t.Null()])),
    type: t.Union([typedId, t.Null()]),
    titleZh: text(2000),
    titleEn: text(2000),
    descZh: t.Optional(text(4000)),
    descEn: t.Optional(text(4000)),
    dialogZh: t.Optional(text(4000)),
    dialogEn: t.Optional(text(4000)),
    isMust: t.Optional(t.Boolean()),
    match: t.Optional(t.Union([text(1000), t.Null()])),
    isChineseOnly: t.Optional(t.Boolean()),
    isForeignerOnly: t.Optional(t.Boolean()),
    parent: t.Optional(t.Union([typedId, t.Null()])),
    showReasonQuery: t.Optional(t.Union([typedId, t.Null()])),
    showReasonValue: t.Optional(t.Union([text(1000), t.Null()])),
    image,
    index: t.Optional(t.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
    options: t.Optional(t.Array(optionInput, { maxItems: OPTIONS_MAX })),
  }),
});
export type QuestionInput = (typeof questionSaveInput.static)["query"];
type OptionInput = NonNullable<QuestionInput["options"]>[number];

const TYPES = new Set<number>(Object.values(PROPERTY_TYPE));

/** Trimmed and escaped; longer than `max` afterwards is ERROR_PARAMS naming the field. */
function textOf(raw: string | undefined, max: number, field: string): string {
  const clean = cleanText(raw ?? "");
  if (clean.length > max) refuseField(field);
  return clean;
}

const imageOf = (raw: string | null | undefined, wrong: () => never): string | null => {
  if (raw == null || raw === "") return null;
  return isImagePath(raw) ? raw : wrong();
};

/** The checked option (`at`: its place in what was sent, as errors name it), without what needs the database (its id, its parent, its taken count). */
function checkOption(o: OptionInput, index: number) {
  const image = imageOf(o.image, () => refuseField("options", { index, part: "image" }));
  const textZh = cleanText(o.textZh);
  const textEn = cleanText(o.textEn);
  if (textZh.length > OPTION_TEXT_MAX || (!textZh && !image)) refuseField("options", { index, part: "textZh" });
  if (textEn.length > OPTION_TEXT_MAX || (!textEn && !image)) refuseField("options", { index, part: "textEn" });
  const value = cleanText(o.value);
  if (!value || value.length > OPTION_VALUE_MAX) refuseField("options", { index, part: "value" });
  // Spec 3 section 5: the limit is a positive whole number, or nothing.
  const cap = o.stock ?? null;
  if (cap !== null && (!Number.isInteger(cap) || cap < 1 || cap > 2_147_483_647)) refuseField("options", { index, part: "stock" });
  let endDate: Date | null = null;
  if (o.endDate) {
    endDate = new Date(o.endDate);
    if (Number.isNaN(endDate.getTime())) refuseField("options", { index, part: "endDate" });
  }
  return { at: index, id: o.id ?? null, textZh, textEn, value, cap, endDate, parentId: o.parent?.id ?? null, image, index: o.index ?? index };
}

export type CheckedOption = ReturnType<typeof checkOption>;

/**
 * Every field that can be checked from the question alone, in the order the
 * form shows them; the options sorted by their index. What depends on other
 * rows (bank, parent, show condition, option ids and parents, taken counts)
 * is left to the save.
 */
export function checkQuestion(q: QuestionInput) {
  const type = q.type?.id;
  if (type === undefined || !TYPES.has(type)) return refuseField("type");
  const image = imageOf(q.image, () => refuseField("image"));
  const titleZh = textOf(q.titleZh, QUESTION_TITLE_MAX, "titleZh");
  if (!titleZh && !image) refuseField("titleZh");
  const titleEn = textOf(q.titleEn, QUESTION_TITLE_MAX, "titleEn");
  if (!titleEn && !image) refuseField("titleEn");
  const descZh = textOf(q.descZh, QUESTION_TEXT_MAX, "descZh");
  const descEn = textOf(q.descEn, QUESTION_TEXT_MAX, "descEn");
  const dialogZh = textOf(q.dialogZh, QUESTION_TEXT_MAX, "dialogZh");
  const dialogEn = textOf(q.dialogEn, QUESTION_TEXT_MAX, "dialogEn");
  // A pattern is for what a member types; a choice's value is one of its options.
  const match = isChoice(type) ? null : (q.match ?? "").trim() || null;
  if (match !== null && !isAcceptablePattern(match)) refuseField("match");
  const isChineseOnly = q.isChineseOnly ?? false;
  const isForeignerOnly = q.isForeignerOnly ?? false;
  // Both would hide it from everybody.
  if (isChineseOnly && isForeignerOnly) refuseField("isForeignerOnly");
  const showReasonId = q.showReasonQuery?.id ?? null;
  const showReasonValue = showReasonId === null ? null : cleanText(q.showReasonValue ?? "");
  if (showReasonValue !== null && (!showReasonValue || showReasonValue.length > OPTION_VALUE_MAX)) refuseField("showReasonValue");
  // Only choices have options; a text question's leftovers (a type changed in the form) are dropped.
  const options = isChoice(type) ? (q.options ?? []).map(checkOption).sort((a, b) => a.index - b.index || a.at - b.at) : [];
  if (isChoice(type) && options.length === 0) refuseField("options");
  const values = new Set<string>();
  options.forEach((o) => {
    if (values.has(o.value)) refuseField("options", { index: o.at, part: "value", reason: "duplicate" });
    values.add(o.value);
  });
  return {
    type,
    titleZh,
    titleEn,
    descZh,
    descEn,
    dialogZh,
    dialogEn,
    isMust: q.isMust ?? true,
    match,
    isChineseOnly,
    isForeignerOnly,
    parentId: q.parent?.id ?? null,
    showReasonId,
    showReasonValue,
    image,
    options,
  };
}

export type CheckedQuestion = ReturnType<typeof checkQuestion>;
