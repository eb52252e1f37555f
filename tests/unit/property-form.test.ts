import { describe, expect, test } from "bun:test";
import {
  type Country,
  type Property,
  automaticNationality,
  checkForm,
  initialValues,
  isLocked,
  isRequired,
  isVisible,
  optionsOf,
  sameValues,
  setField,
} from "../../ui/components/property-form/model";
import { COUNTRY_TYPE, PROPERTY_PURPOSE as PP, PROPERTY_TYPE as PT } from "../../src/protocol/enumerations";

const base = {
  descZh: "",
  descEn: "",
  isShow: true,
  isMust: false,
  isReadonly: false,
  isActive: false,
  isChineseOnly: false,
  isForeignerOnly: false,
  match: null,
  parent: null,
  reasonProperty: null,
  reasonValue: null,
  options: [],
};
type Spec = Partial<Omit<Property, "type" | "purpose">> & { type: number; purpose?: number };
const property = (id: number, p: Spec): Property =>
  ({
    ...base,
    id,
    titleZh: `字段${id}`,
    titleEn: `Field ${id}`,
    dialogZh: `请检查字段${id}`,
    dialogEn: `Check field ${id}`,
    index: id,
    ...p,
    type: { id: p.type },
    purpose: { id: p.purpose ?? PP.PROPERTY_PURPOSE_OTHER },
  }) as Property;
const option = (id: number, value: string, parent?: number) => ({ id, textZh: value, textEn: value, descZh: "", descEn: "", value, parent: parent ? { id: parent } : null, index: id });

const phone = property(1, { type: PT.PROPERTY_TYPE_INPUT, purpose: PP.PROPERTY_PURPOSE_PHONE, isMust: true, isReadonly: true });
const name = property(2, { type: PT.PROPERTY_TYPE_INPUT, isMust: true, match: "^.{2,20}$" });
const department = property(3, { type: PT.PROPERTY_TYPE_SELECT, isMust: true, options: [option(31, "rd"), option(32, "ops"), option(33, "empty")] });
const team = property(4, { type: PT.PROPERTY_TYPE_SELECT, isMust: true, parent: { id: 3 }, options: [option(41, "platform", 31), option(42, "mobile", 31), option(43, "service", 32)] });
const ethnic = property(5, { type: PT.PROPERTY_TYPE_INPUT, isMust: true, isChineseOnly: true });
const passport = property(6, { type: PT.PROPERTY_TYPE_INPUT, isMust: true, isForeignerOnly: true });
const hobbies = property(7, { type: PT.PROPERTY_TYPE_CHECKBOX, options: [option(71, "run"), option(72, "swim"), option(73, "read")] });
const why = property(8, { type: PT.PROPERTY_TYPE_TEXTAREA, isMust: true, reasonProperty: { id: 7 }, reasonValue: "swim" });
const all = [phone, name, department, team, ethnic, passport, hobbies, why];
const byId = new Map(all.map((p) => [p.id, p]));

const china: Country = { id: 1, nameZh: "中国", nameEn: "China", type: { id: COUNTRY_TYPE.COUNTRY_TYPE_CHINESE } };
const uk: Country = { id: 2, nameZh: "英国", nameEn: "United Kingdom", type: { id: COUNTRY_TYPE.COUNTRY_TYPE_FOREIGNER } };
const stored = [{ property: { id: 1 }, option: null, value: "13900000001" }];

describe("which fields the form shows", () => {
  test("Chinese-only and foreigner-only fields follow the chosen nationality's type", () => {
    const shown = (type: number | null) => all.filter((p) => isVisible(p, byId, {}, type)).map((p) => p.id);
    expect(shown(COUNTRY_TYPE.COUNTRY_TYPE_CHINESE)).toEqual([1, 2, 3, 4, 5, 7]);
    expect(shown(COUNTRY_TYPE.COUNTRY_TYPE_FOREIGNER)).toEqual([1, 2, 3, 4, 6, 7]);
    expect(shown(null)).toEqual([1, 2, 3, 4, 7]);
  });

  test("a field with a reason shows only while its reason field holds the reason value, a checkbox by inclusion", () => {
    const type = COUNTRY_TYPE.COUNTRY_TYPE_CHINESE;
    expect(isVisible(why, byId, { 7: { optionId: null, value: ["run"] } }, type)).toBe(false);
    expect(isVisible(why, byId, { 7: { optionId: null, value: ["run", "swim"] } }, type)).toBe(true);
  });

  test("a dependent select offers only the options under its parent's choice, and none before it", () => {
    expect(optionsOf(team, {})).toEqual([]);
    expect(optionsOf(team, { 3: { optionId: 31, value: "rd" } }).map((o) => o.value)).toEqual(["platform", "mobile"]);
    expect(isRequired(team, { 3: { optionId: 33, value: "empty" } })).toBe(false);
    expect(isRequired(team, { 3: { optionId: 32, value: "ops" } })).toBe(true);
  });

  test("changing the parent clears a child choice that no longer belongs to it", () => {
    const values = { 3: { optionId: 31, value: "rd" }, 4: { optionId: 41, value: "platform" } };
    expect(setField(all, values, 3, { optionId: 32, value: "ops" })[4]).toEqual({ optionId: null, value: "" });
    expect(setField(all, values, 2, { optionId: null, value: "陈" })[4]).toEqual({ optionId: 41, value: "platform" });
  });

  test("identity fields and filled read-only fields are locked", () => {
    expect(isLocked(phone, [])).toBe(true);
    const readOnlyName = { ...name, isReadonly: true };
    expect(isLocked(readOnlyName, [])).toBe(false);
    expect(isLocked(readOnlyName, [{ property: { id: 2 }, value: "陈会员" }])).toBe(true);
  });
});

describe("the check before sending", () => {
  const filled = {
    ...initialValues(stored),
    2: { optionId: null, value: "  陈<会员>  " },
    3: { optionId: 31, value: "rd" },
    4: { optionId: 41, value: "platform" },
    5: { optionId: null, value: "汉" },
    7: { optionId: null, value: ["swim", "run"] },
    8: { optionId: null, value: "fun" },
  };

  test("a nationality must be chosen first", () => {
    expect(checkForm({ properties: all, values: filled, stored, nationality: null })).toEqual({ ok: false, property: "nationality" });
  });

  test("sends trimmed, escaped text, checkbox arrays, never the phone and never a hidden field", () => {
    const result = checkForm({ properties: all, values: { ...filled, 6: { optionId: null, value: "X1234567" } }, stored, nationality: china });
    expect(result).toEqual({
      ok: true,
      values: [
        { property: { id: 2 }, option: null, value: "陈&lt;会员&gt;" },
        { property: { id: 3 }, option: { id: 31 }, value: "rd" },
        { property: { id: 4 }, option: { id: 41 }, value: "platform" },
        { property: { id: 5 }, option: null, value: "汉" },
        { property: { id: 7 }, option: null, value: ["run", "swim"] },
        { property: { id: 8 }, option: null, value: "fun" },
      ],
    });
  });

  test("names the first failing field in display order: required, pattern, and fields for foreigners", () => {
    expect(checkForm({ properties: all, values: { ...filled, 2: { optionId: null, value: " " } }, stored, nationality: china })).toEqual({ ok: false, property: 2 });
    expect(checkForm({ properties: all, values: { ...filled, 2: { optionId: null, value: "陈" } }, stored, nationality: china })).toEqual({ ok: false, property: 2 });
    expect(checkForm({ properties: all, values: { ...filled, 4: { optionId: null, value: "" } }, stored, nationality: china })).toEqual({ ok: false, property: 4 });
    expect(checkForm({ properties: all, values: filled, stored, nationality: uk })).toEqual({ ok: false, property: 6 });
    expect(checkForm({ properties: all, values: { ...filled, 8: { optionId: null, value: "" } }, stored, nationality: china })).toEqual({ ok: false, property: 8 });
  });

  test("stored text shows unescaped in its field", () => {
    expect(initialValues([{ property: { id: 2 }, value: "陈&lt;b&gt;" }])[2]).toEqual({ optionId: null, value: "陈<b>" });
  });

  test("the only country there is is chosen for the member", () => {
    expect(automaticNationality([china], null)).toBe(1);
    expect(automaticNationality([china, uk], null)).toBeNull();
    expect(automaticNationality([china, uk], 2)).toBe(2);
  });
});

describe("whether the member has edited the form", () => {
  const saved = [
    { property: { id: 2 }, option: null, value: "陈会员" },
    { property: { id: 3 }, option: { id: 31 }, value: "rd" },
    { property: { id: 7 }, option: null, value: ["run"] },
  ];

  test("the stored values as loaded are no edit, and a field left empty equals one never set", () => {
    expect(sameValues(initialValues(saved), initialValues(saved))).toBe(true);
    expect(sameValues({ ...initialValues(saved), 8: { optionId: null, value: "" }, 9: { optionId: null, value: [] } }, initialValues(saved))).toBe(true);
  });

  test("a changed text, choice or checkbox is an edit; changing it back is none", () => {
    const before = initialValues(saved);
    expect(sameValues({ ...before, 2: { optionId: null, value: "陈会员 " } }, before)).toBe(false);
    expect(sameValues({ ...before, 3: { optionId: 32, value: "ops" } }, before)).toBe(false);
    expect(sameValues({ ...before, 7: { optionId: null, value: ["run", "swim"] } }, before)).toBe(false);
    expect(sameValues({ ...before, 8: { optionId: null, value: "new" } }, before)).toBe(false);
    expect(sameValues({ ...before, 2: { optionId: null, value: "陈会员" } }, before)).toBe(true);
  });
});
