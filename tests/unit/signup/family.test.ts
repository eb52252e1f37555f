// Spec 2 section 5: family members against the relationship rules.
import { describe, expect, test } from "bun:test";
import { placeFamily, type Rule } from "../../../src/domains/signup/family";

describe("family rules", () => {
  const rule = (over: Partial<Rule> = {}): Rule => ({ id: 1, relationId: 2, gender: -1, birthFrom: null, birthTo: null, allowMin: 1, allowMax: 1, calCount: true, giftIds: [], ...over });
  const kid = { id: 7, relationId: 2, sex: 0, birthday: "2015-03-07", identity: "110101201503070018" };
  test("relation, gender and birth bounds decide the rule; min, max and gifts are kept", () => {
    expect(placeFamily([rule()], [kid], [{ id: 7 }])).toMatchObject({ ok: true });
    expect(placeFamily([rule({ gender: 1 })], [kid], [{ id: 7 }])).toMatchObject({ ok: false, reason: "rule" });
    expect(placeFamily([rule({ birthFrom: "2016-01-01" })], [kid], [{ id: 7 }])).toMatchObject({ ok: false, reason: "rule" });
    expect(placeFamily([rule({ birthTo: "2020-01-01" })], [{ ...kid, birthday: null }], [{ id: 7 }])).toMatchObject({ ok: false, reason: "birthday" });
    expect(placeFamily([rule({ allowMin: 2, allowMax: 2 })], [kid], [{ id: 7 }])).toMatchObject({ ok: false, reason: "min" });
    expect(placeFamily([rule({ allowMin: 0, allowMax: 0 })], [kid], [{ id: 7 }])).toMatchObject({ ok: false, reason: "max" });
    expect(placeFamily([rule({ giftIds: [5] })], [kid], [{ id: 7 }])).toMatchObject({ ok: false, reason: "gift" });
    expect(placeFamily([rule({ giftIds: [5] })], [kid], [{ id: 7, gift: 5 }])).toMatchObject({ ok: true });
    expect(placeFamily([rule()], [kid], [{ id: 7 }, { id: 7 }])).toMatchObject({ ok: false, reason: "twice" });
    expect(placeFamily([rule()], [kid], [{ id: 8 }])).toMatchObject({ ok: false, reason: "unknown" });
  });
});
