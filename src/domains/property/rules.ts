// The property form's rules (spec 3 section 5 "Property form" and "Property
// option add"), pure: what the editor sent, checked and cleaned, or the first
// wrong field as ERROR_PARAMS { field } (options: { field: "options", index, part }).
import { Type as t } from "@sinclair/typebox";
import { MAIL_PATTERN, PHONE_PATTERN, cleanText } from "../../protocol/identity";
import { PROPERTY_PURPOSE as PP, PROPERTY_TYPE as PT } from "../../protocol/enumerations";
import { isAcceptablePattern } from "../../protocol/match-presets";
import { refuseField } from "../../protocol/result";

const text = (max: number) => t.String({ maxLength: max });
const ref = t.Union([t.Object({ id: t.Integer({ minimum: 1, maximum: 2_147_483_647 }) }), t.Null()]);
/** Loose numbers, so that the verb can name the field ("位置请填写正整数"). */
const looseNumber = t.Union([t.Number(), t.Null()]);

export const optionInput = t.Object({
  id: t.Optional(t.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  textZh: text(200),
  textEn: text(200),
  descZh: t.Optional(text(500)),
  descEn: t.Optional(text(500)),
  value: text(200),
  parent: t.Optional(ref),
  index: t.Optional(looseNumber),
});

export const propertyInput = t.Object({
  property: t.Object({
    id: t.Optional(t.Integer({ minimum: 1, maximum: 2_147_483_647 })),
    titleZh: text(200),
    titleEn: text(200),
    descZh: t.Optional(text(500)),
    descEn: t.Optional(text(500)),
    dialogZh: t.Optional(text(500)),
    dialogEn: t.Optional(text(500)),
    type: ref,
    purpose: ref,
    isShow: t.Boolean(),
    isMust: t.Boolean(),
    isReadonly: t.Boolean(),
    isActive: t.Optional(t.Boolean()),
    isChineseOnly: t.Boolean(),
    isForeignerOnly: t.Boolean(),
    // Issue 31: optional, so a form of the spec's shape keeps working (unset: not private).
    isPrivate: t.Optional(t.Boolean()),
    // Issue 32: asked of workers applying to join online; optional as isPrivate is (unset: unchanged, a new property: not asked).
    isApplication: t.Optional(t.Boolean()),
    match: t.Optional(t.Union([text(400), t.Null()])),
    index: looseNumber,
    parent: t.Optional(ref),
    reasonProperty: t.Optional(ref),
    reasonValue: t.Optional(t.Union([text(500), t.Null()])),
    options: t.Array(optionInput, { maxItems: 500 }),
  }),
});
export type PropertyInput = (typeof propertyInput.static)["property"];
export type OptionInput = typeof optionInput.static;

const TYPES = new Set<number>(Object.values(PT));
const PURPOSES = new Set<number>(Object.values(PP));
export const CHOICE_TYPES = new Set<number>([PT.PROPERTY_TYPE_SELECT, PT.PROPERTY_TYPE_RADIO, PT.PROPERTY_TYPE_CHECKBOX]);
/** Types whose stored values read alike: free text. A change between them keeps every stored value meaningful. */
export const TEXT_TYPES = new Set<number>([PT.PROPERTY_TYPE_INPUT, PT.PROPERTY_TYPE_TEXTAREA]);
const POSITION_MAX = 100_000;

export type CleanOption = { id?: number; textZh: string; textEn: string; descZh: string; descEn: string; value: string; parentId: number | null; sortIndex: number };
export type CleanProperty = {
  titleZh: string;
  titleEn: string;
  descZh: string;
  descEn: string;
  dialogZh: string;
  dialogEn: string;
  type: number;
  purpose: number;
  isShow: boolean;
  isMust: boolean;
  isReadonly: boolean;
  isActive: boolean;
  isChineseOnly: boolean;
  isForeignerOnly: boolean;
  /** Unset: kept as it is (a new property: not private). */
  isPrivate?: boolean;
  /** Unset: kept as it is (a new property: not asked when applying). */
  isApplication?: boolean;
  match: string | null;
  sortIndex: number;
  parentId: number | null;
  reasonPropertyId: number | null;
  reasonValue: string | null;
};

/** The form's fields in the form's order; the purpose fixes what the spec says it fixes. */
export function cleanProperty(p: PropertyInput): CleanProperty {
  const titleZh = cleanText(p.titleZh);
  if (!titleZh) refuseField("titleZh");
  const titleEn = cleanText(p.titleEn);
  if (!titleEn) refuseField("titleEn");
  if (!p.type || !TYPES.has(p.type.id)) refuseField("type");
  if (!p.purpose || !PURPOSES.has(p.purpose.id)) refuseField("purpose");
  const purpose = p.purpose!.id;
  const type = p.type!.id;
  if (purpose !== PP.PROPERTY_PURPOSE_OTHER && type !== PT.PROPERTY_TYPE_INPUT) refuseField("type");
  if (p.index === null || !Number.isInteger(p.index) || p.index < 1 || p.index > POSITION_MAX) refuseField("index");
  let match = p.match?.trim() || null;
  if (purpose === PP.PROPERTY_PURPOSE_PHONE) match = PHONE_PATTERN;
  if (purpose === PP.PROPERTY_PURPOSE_MAIL) match = MAIL_PATTERN;
  if (match !== null && (CHOICE_TYPES.has(type) || !isAcceptablePattern(match))) refuseField("match");
  const reasonPropertyId = p.reasonProperty?.id ?? null;
  const reasonValue = reasonPropertyId === null ? null : cleanText(p.reasonValue ?? "");
  if (reasonPropertyId !== null && !reasonValue) refuseField("reasonValue");
  const parentId = p.parent?.id ?? null;
  if (parentId !== null && !CHOICE_TYPES.has(type)) refuseField("parent");
  if (p.isChineseOnly && p.isForeignerOnly) refuseField("isForeignerOnly");
  const contact = purpose === PP.PROPERTY_PURPOSE_PHONE || purpose === PP.PROPERTY_PURPOSE_MAIL;
  // "Verified at activation" is the phone's and the e-mail's only (spec 3 section 3).
  if (p.isActive && !contact) refuseField("isActive");
  return {
    titleZh,
    titleEn,
    descZh: cleanText(p.descZh ?? ""),
    descEn: cleanText(p.descEn ?? ""),
    dialogZh: cleanText(p.dialogZh ?? ""),
    dialogEn: cleanText(p.dialogEn ?? ""),
    type,
    purpose,
    isShow: p.isShow,
    // Spec 3 section 5: every purpose but "other" is required.
    isMust: purpose === PP.PROPERTY_PURPOSE_OTHER ? p.isMust : true,
    isReadonly: p.isReadonly,
    isActive: p.isActive ?? false,
    isChineseOnly: p.isChineseOnly,
    isForeignerOnly: p.isForeignerOnly,
    isPrivate: p.isPrivate,
    isApplication: p.isApplication,
    match,
    sortIndex: p.index!,
    parentId,
    reasonPropertyId,
    reasonValue,
  };
}

/** The options, each checked ("请填写中文内容", "请填写英文内容", "请填写数据值", "请选择父级选项"); values unique. */
export function cleanOptions(options: readonly OptionInput[], type: number, hasParent: boolean): CleanOption[] {
  if (!CHOICE_TYPES.has(type)) {
    if (options.length > 0) refuseField("options", { index: 0, part: "type" });
    return [];
  }
  const seen = new Set<string>();
  return options.map((o, index) => {
    const part = (name: string): never => refuseField("options", { index, part: name });
    const textZh = cleanText(o.textZh);
    if (!textZh) part("textZh");
    const textEn = cleanText(o.textEn);
    if (!textEn) part("textEn");
    const value = cleanText(o.value);
    if (!value || value.includes("|")) part("value");
    if (seen.has(value)) part("value");
    seen.add(value);
    const parentId = o.parent?.id ?? null;
    if (hasParent && parentId === null) part("parent");
    if (!hasParent && parentId !== null) part("parent");
    const sortIndex = o.index ?? index + 1;
    if (!Number.isInteger(sortIndex) || sortIndex < 0 || sortIndex > POSITION_MAX) part("index");
    return { id: o.id, textZh, textEn, descZh: cleanText(o.descZh ?? ""), descEn: cleanText(o.descEn ?? ""), value, parentId, sortIndex };
  });
}
