// The shared profile validator, rule by rule, on a property list made for the test.
import { describe, expect, test } from "bun:test";
import type { PropertyView } from "../../src/domains/property/service";
import { type SubmittedValue, validateProfile } from "../../src/domains/property/validate";
import { COUNTRY_TYPE, PROPERTY_PURPOSE as PP, PROPERTY_TYPE as PT } from "../../src/protocol/enumerations";

const CN = COUNTRY_TYPE.COUNTRY_TYPE_CHINESE;
const FOREIGN = COUNTRY_TYPE.COUNTRY_TYPE_FOREIGNER;

let nextId = 1;
function prop(over: Partial<PropertyView> & { type?: { id: number } } = {}): PropertyView {
  const id = over.id ?? nextId++;
  return {
    id,
    titleZh: `属性${id}`,
    titleEn: `Property ${id}`,
    descZh: "",
    descEn: "",
    dialogZh: "",
    dialogEn: "",
    type: { id: PT.PROPERTY_TYPE_INPUT },
    purpose: { id: PP.PROPERTY_PURPOSE_OTHER },
    isShow: true,
    isMust: false,
    isReadonly: false,
    isActive: false,
    isChineseOnly: false,
    isForeignerOnly: false,
    isPrivate: false,
    isApplication: false,
    match: null,
    index: id,
    parent: null,
    reasonProperty: null,
    reasonValue: null,
    options: [],
    ...over,
  };
}
const option = (id: number, value: string, parent: number | null = null) => ({ id, textZh: value, textEn: value, descZh: "", descEn: "", value, parent: parent ? { id: parent } : null, index: id });

const run = (properties: PropertyView[], submitted: SubmittedValue[], nationalityType: number = CN, current = undefined as Parameters<typeof validateProfile>[0]["current"]) =>
  validateProfile({ properties, nationalityType, submitted, current });
const text = (p: PropertyView, value: unknown): SubmittedValue => ({ property: { id: p.id }, value });
const pick = (p: PropertyView, optionId: number): SubmittedValue => ({ property: { id: p.id }, option: { id: optionId } });

describe("text fields", () => {
  test("a required field left empty fails with its id; filled, it passes trimmed", () => {
    const name = prop({ isMust: true });
    expect(run([name], [])).toEqual({ ok: false, property: name.id });
    expect(run([name], [text(name, "   ")])).toEqual({ ok: false, property: name.id });
    expect(run([name], [text(name, "  王五 ")])).toEqual({ ok: true, values: [{ propertyId: name.id, optionId: null, value: "王五" }] });
  });

  test("angle brackets are escaped", () => {
    const p = prop();
    expect(run([p], [text(p, "<script>x</script>")])).toMatchObject({ ok: true, values: [{ value: "&lt;script&gt;x&lt;/script&gt;" }] });
  });

  test("the property's pattern must match a filled value, not an empty optional one", () => {
    const passport = prop({ match: "^[A-Za-z0-9]{5,20}$" });
    expect(run([passport], [text(passport, "AB 12")])).toEqual({ ok: false, property: passport.id });
    expect(run([passport], [text(passport, " GB1234567 ")])).toMatchObject({ ok: true, values: [{ value: "GB1234567" }] });
    expect(run([passport], [text(passport, "")])).toMatchObject({ ok: true, values: [{ value: "" }] });
  });

  test("a pattern staff mistyped does not block saving", () => {
    const p = prop({ match: "([" });
    expect(run([p], [text(p, "anything")]).ok).toBe(true);
  });

  test("a text field refuses arrays, numbers and overlong text", () => {
    const p = prop();
    expect(run([p], [text(p, ["a"])]).ok).toBe(false);
    expect(run([p], [text(p, 12)]).ok).toBe(false);
    expect(run([p], [text(p, "x".repeat(501))]).ok).toBe(false);
  });

  test("dates must be real days from 1900; date-times add hour and minute", () => {
    const day = prop({ type: { id: PT.PROPERTY_TYPE_DATE } });
    const moment = prop({ type: { id: PT.PROPERTY_TYPE_DATETIME } });
    expect(run([day], [text(day, "1990-02-28")]).ok).toBe(true);
    for (const bad of ["1990-02-30", "1899-12-31", "1990-2-3", "1990-02-28 10:00"]) expect(run([day], [text(day, bad)]).ok).toBe(false);
    expect(run([moment], [text(moment, "2026-01-10 17:00")]).ok).toBe(true);
    for (const bad of ["2026-01-10", "2026-01-10 24:00", "2026-01-10 17:60"]) expect(run([moment], [text(moment, bad)]).ok).toBe(false);
  });
});

describe("choices", () => {
  const gender = prop({ type: { id: PT.PROPERTY_TYPE_RADIO }, isMust: true, options: [option(101, "0"), option(102, "1")] });
  const other = prop({ type: { id: PT.PROPERTY_TYPE_SELECT }, options: [option(201, "x")] });

  test("the chosen option must belong to the property; its value is the option's, whatever was sent", () => {
    expect(run([gender, other], [{ ...pick(gender, 102), value: "forged" }])).toMatchObject({ ok: true, values: [{ propertyId: gender.id, optionId: 102, value: "1" }, { value: "" }] });
    expect(run([gender, other], [pick(gender, 201)])).toEqual({ ok: false, property: gender.id });
  });

  test("a required choice without an option fails; a bare value cannot stand in for an option", () => {
    expect(run([gender], [])).toEqual({ ok: false, property: gender.id });
    expect(run([other], [text(other, "x")])).toEqual({ ok: false, property: other.id });
  });

  test("a dependent select accepts only options under the parent's chosen option", () => {
    const dept = prop({ type: { id: PT.PROPERTY_TYPE_SELECT }, isMust: true, options: [option(301, "rd"), option(302, "ops"), option(303, "empty")] });
    const team = prop({ type: { id: PT.PROPERTY_TYPE_SELECT }, isMust: true, parent: { id: dept.id }, options: [option(401, "rd-a", 301), option(402, "ops-a", 302)] });
    expect(run([dept, team], [pick(dept, 301), pick(team, 401)]).ok).toBe(true);
    expect(run([dept, team], [pick(dept, 301), pick(team, 402)])).toEqual({ ok: false, property: team.id });
    expect(run([dept, team], [pick(dept, 301)])).toEqual({ ok: false, property: team.id });
    // The parent's option has no children: the child is not required, and nothing can be chosen in it.
    expect(run([dept, team], [pick(dept, 303)]).ok).toBe(true);
    expect(run([dept, team], [pick(dept, 303), pick(team, 401)])).toEqual({ ok: false, property: team.id });
  });

  test("checkbox values are arrays of the property's option values, stored in option order without repeats", () => {
    const hobbies = prop({ type: { id: PT.PROPERTY_TYPE_CHECKBOX }, isMust: true, options: [option(501, "run"), option(502, "swim"), option(503, "read")] });
    expect(run([hobbies], [text(hobbies, ["read", "run", "read"])])).toMatchObject({ ok: true, values: [{ optionId: null, value: ["run", "read"] }] });
    expect(run([hobbies], [text(hobbies, [])])).toEqual({ ok: false, property: hobbies.id });
    expect(run([hobbies], [text(hobbies, "run")])).toEqual({ ok: false, property: hobbies.id });
    expect(run([hobbies], [text(hobbies, ["fly"])])).toEqual({ ok: false, property: hobbies.id });
  });
});

describe("which fields apply", () => {
  test("hidden fields are neither checked nor written", () => {
    const hidden = prop({ isShow: false, isMust: true });
    expect(run([hidden], [text(hidden, "x")])).toEqual({ ok: true, values: [] });
  });

  test("phone, e-mail and employee id are never written, even when sent", () => {
    const ps = [PP.PROPERTY_PURPOSE_PHONE, PP.PROPERTY_PURPOSE_MAIL, PP.PROPERTY_PURPOSE_EMPLOYEES].map((id) => prop({ purpose: { id }, isMust: true }));
    expect(run(ps, ps.map((p) => text(p, "13900000009")))).toEqual({ ok: true, values: [] });
  });

  test("Chinese-only and foreigner-only fields follow the chosen nationality", () => {
    const ethnic = prop({ isMust: true, isChineseOnly: true });
    const passport = prop({ isMust: true, isForeignerOnly: true });
    expect(run([ethnic, passport], [], CN)).toEqual({ ok: false, property: ethnic.id });
    expect(run([ethnic, passport], [text(ethnic, "han")], CN)).toMatchObject({ ok: true, values: [{ propertyId: ethnic.id }] });
    expect(run([ethnic, passport], [text(ethnic, "han")], FOREIGN)).toEqual({ ok: false, property: passport.id });
    expect(run([ethnic, passport], [text(passport, "GB1234567"), text(ethnic, "<junk>")], FOREIGN)).toEqual({
      ok: true,
      values: [{ propertyId: passport.id, optionId: null, value: "GB1234567" }],
    });
  });

  test("a field with a reason shows only when the reason field holds the reason value", () => {
    const married = prop({ type: { id: PT.PROPERTY_TYPE_RADIO }, options: [option(601, "yes"), option(602, "no")] });
    const spouse = prop({ isMust: true, reasonProperty: { id: married.id }, reasonValue: "yes" });
    expect(run([married, spouse], [pick(married, 602)]).ok).toBe(true);
    expect(run([married, spouse], [])).toMatchObject({ ok: true });
    expect(run([married, spouse], [pick(married, 601)])).toEqual({ ok: false, property: spouse.id });
    expect(run([married, spouse], [pick(married, 601), text(spouse, "李四")]).ok).toBe(true);
  });

  test("a reason on a checkbox holds when the value is among the ticked ones", () => {
    const langs = prop({ type: { id: PT.PROPERTY_TYPE_CHECKBOX }, options: [option(701, "en"), option(702, "other")] });
    const which = prop({ isMust: true, reasonProperty: { id: langs.id }, reasonValue: "other" });
    expect(run([langs, which], [text(langs, ["en"])]).ok).toBe(true);
    expect(run([langs, which], [text(langs, ["en", "other"])])).toEqual({ ok: false, property: which.id });
  });

  test("a field whose reason field is itself hidden stays hidden", () => {
    const foreignOnly = prop({ isForeignerOnly: true });
    const dependent = prop({ isMust: true, reasonProperty: { id: foreignOnly.id }, reasonValue: "x" });
    expect(run([foreignOnly, dependent], [text(foreignOnly, "x")], CN)).toEqual({ ok: true, values: [] });
  });

  test("the first failing field is named in display order, not in submitted order", () => {
    const late = prop({ isMust: true, index: 20 });
    const early = prop({ isMust: true, index: 10 });
    expect(run([late, early], [])).toEqual({ ok: false, property: early.id });
  });

  test("values for unknown properties are ignored; the same property twice fails", () => {
    const p = prop();
    expect(run([p], [text(p, "a"), { property: { id: 999999 }, value: "x" }]).ok).toBe(true);
    expect(run([p], [text(p, "a"), text(p, "b")])).toEqual({ ok: false, property: p.id });
  });

  test("a read-only field keeps its stored value; an empty one may be filled once", () => {
    const ro = prop({ isReadonly: true, isMust: true });
    const current = [{ propertyId: ro.id, optionId: null, value: "原值" }];
    expect(run([ro], [text(ro, "新值")], CN, current)).toMatchObject({ ok: true, values: [{ value: "原值" }] });
    expect(run([ro], [text(ro, "新值")], CN, [])).toMatchObject({ ok: true, values: [{ value: "新值" }] });
  });

  test("parents that point at each other do not loop", () => {
    const a = prop({ type: { id: PT.PROPERTY_TYPE_SELECT }, options: [option(801, "a")] });
    const b = prop({ type: { id: PT.PROPERTY_TYPE_SELECT }, parent: { id: a.id }, options: [option(802, "b", 801)] });
    a.parent = { id: b.id };
    expect(() => run([a, b], [pick(a, 801), pick(b, 802)])).not.toThrow();
  });
});
