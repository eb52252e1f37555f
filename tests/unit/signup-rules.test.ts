// The sign-up rules as pure functions: conditions, cycles, eligibility,
// the questionnaire's draw, checks and scoring, family rules, and when an
// order may be cancelled or change its address.
import { describe, expect, test } from "bun:test";
import { meets } from "../../src/domains/activity/conditions";
import { cycleOf } from "../../src/domains/activity/cycle";
import { outcomeOf, smallest, type Standing } from "../../src/domains/activity/eligibility";
import { placeFamily, type Rule } from "../../src/domains/activity/family-rules";
import { checkAnswers, drawQuestions, scoreAnswers, type QuizItem } from "../../src/domains/activity/questionnaire";
import { chargeOf } from "../../src/domains/order/sign";
import { canCancel, canChangeAddress } from "../../src/domains/order/rules";
import { COMPARE_MODE, ORDER_STATE, PROPERTY_TYPE, SEND_STATE } from "../../src/protocol/types";

const NOW = new Date("2026-03-02T01:30:00Z");

describe("conditions", () => {
  const c = (compareMode: number, value: string) => ({ type: 1, propertyId: 1, compareMode, value });
  test("one of, none of, contains, before, after, empty, filled", () => {
    expect(meets(c(COMPARE_MODE.COMPARE_IN, "hr|ops"), "ops")).toBe(true);
    expect(meets(c(COMPARE_MODE.COMPARE_IN, "hr|ops"), ["rd", "hr"])).toBe(true);
    expect(meets(c(COMPARE_MODE.COMPARE_IN, "hr"), undefined)).toBe(false);
    expect(meets(c(COMPARE_MODE.COMPARE_NOT_IN, "hr"), "rd")).toBe(true);
    expect(meets(c(COMPARE_MODE.COMPARE_CONTAINS, "Road"), "Nanjing Road 1")).toBe(true);
    expect(meets(c(COMPARE_MODE.COMPARE_BEFORE, "1990-01-01"), "1985-06-01")).toBe(true);
    expect(meets(c(COMPARE_MODE.COMPARE_AFTER, "9"), "10")).toBe(true);
    expect(meets(c(COMPARE_MODE.COMPARE_EMPTY, ""), "")).toBe(true);
    expect(meets(c(COMPARE_MODE.COMPARE_NOT_EMPTY, ""), "x")).toBe(true);
    expect(meets(c(9999, "x"), "x")).toBe(false);
  });
});

test("cycles open at the node's hour, China time, every cycleDate days", () => {
  // Sign-up starts 2026-03-02 09:30 China time; node 8 h: cycle 0 opened at 08:00 that day.
  const a = { hasCycle: true, cycleDate: 2, cycleStart: 8, signStart: NOW };
  expect(cycleOf(a, NOW)).toBe(0);
  expect(cycleOf(a, new Date("2026-03-04T00:00:00Z"))).toBe(1); // 08:00 China time on the 4th
  expect(cycleOf(a, new Date("2026-03-03T23:59:59Z"))).toBe(0);
  expect(cycleOf({ ...a, hasCycle: false }, new Date("2027-01-01T00:00:00Z"))).toBe(0);
});

describe("eligibility", () => {
  const base: Standing = {
    now: NOW,
    signStart: new Date(NOW.getTime() - 1000),
    signEnd: new Date(NOW.getTime() + 1000),
    remaining: 3,
    held: 0,
    formCount: 1,
    teamTaken: false,
    mustPoints: 0,
    points: 0,
    conditionsMet: true,
    memberIntercept: false,
  };
  test("each outcome, in the order the page states them", () => {
    expect(outcomeOf(base)).toBe("SUCCESS");
    expect(outcomeOf({ ...base, memberIntercept: true, conditionsMet: false })).toBe("MEMBER_INTERCEPT_NO_POWER");
    expect(outcomeOf({ ...base, conditionsMet: false })).toBe("ERROR_SIGN_NO_POWER");
    expect(outcomeOf({ ...base, signStart: null })).toBe("ERROR_SIGN_NOT_START");
    expect(outcomeOf({ ...base, signEnd: NOW })).toBe("ERROR_SIGN_END");
    expect(outcomeOf({ ...base, held: 1, remaining: 0 })).toBe("ERROR_SIGN_FINISH");
    expect(outcomeOf({ ...base, teamTaken: true })).toBe("ERROR_SIGN_FINISH");
    expect(outcomeOf({ ...base, remaining: 0 })).toBe("ERROR_SIGN_FULL");
    expect(outcomeOf({ ...base, mustPoints: 101, points: 100 })).toBe("ERROR_SIGN_INTEGRAL");
    expect(outcomeOf({ ...base, remaining: null })).toBe("SUCCESS");
  });
  test("stock is the smallest limit, none when nothing limits", () => {
    expect(smallest(5, null, 2)).toBe(2);
    expect(smallest(null, null)).toBeNull();
  });
});

test("money and points: the deduction only where the rules allow it", () => {
  expect(chargeOf({ price: 5000, integral: 2000, deduction: 1500, mustIntegral: false }, true)).toEqual({ amount: 3500, points: 2000 });
  expect(chargeOf({ price: 5000, integral: 2000, deduction: 1500, mustIntegral: false }, false)).toEqual({ amount: 5000, points: 0 });
  expect(chargeOf({ price: 0, integral: 2000, deduction: 0, mustIntegral: true }, false)).toEqual({ amount: 0, points: 2000 });
  expect(chargeOf({ price: 0, integral: 2000, deduction: 0, mustIntegral: true }, true)).toBeNull();
  expect(chargeOf({ price: 100, integral: 0, deduction: 50, mustIntegral: false }, true)).toBeNull();
});

describe("the questionnaire", () => {
  const q = (id: number, type: number, over: Partial<QuizItem["question"]> = {}, answer = "", score = 0): QuizItem => ({
    question: { id, type, isMust: true, match: null, isChineseOnly: false, isForeignerOnly: false, parentId: null, options: [], ...over },
    score,
    answer,
    weight: 100,
  });
  const opt = (id: number, value: string, over: Partial<QuizItem["question"]["options"][number]> = {}) => ({ id, value, cap: null, used: 0, endDate: null, parentId: null, ...over });

  test("a random draw takes the count, never a weight-0 question, and keeps the questionnaire's order", () => {
    const items = [{ weight: 0, n: 1 }, { weight: 50, n: 2 }, { weight: 100, n: 3 }, { weight: 10, n: 4 }];
    let seed = 0.42;
    const random = () => (seed = (seed * 9301 + 49297) % 233280 / 233280);
    for (let i = 0; i < 50; i++) {
      const drawn = drawQuestions(items, 2, random);
      expect(drawn).toHaveLength(2);
      expect(drawn.some((d) => d.n === 1)).toBe(false);
      expect(drawn.map((d) => d.n)).toEqual([...drawn.map((d) => d.n)].sort());
    }
    expect(drawQuestions(items, 10)).toHaveLength(3);
  });

  test("scoring: exact match, and a checkbox needs every right value and no other", () => {
    const items = [q(1, PROPERTY_TYPE.PROPERTY_TYPE_RADIO, {}, "A", 30), q(2, PROPERTY_TYPE.PROPERTY_TYPE_CHECKBOX, {}, "x,z", 70), q(3, PROPERTY_TYPE.PROPERTY_TYPE_INPUT, {}, "", 50)];
    expect(scoreAnswers(items, [{ id: 1, value: "A" }, { id: 2, value: ["z", "x"] }])).toBe(100);
    expect(scoreAnswers(items, [{ id: 1, value: "B" }, { id: 2, value: ["x", "y", "z"] }])).toBe(0);
    expect(scoreAnswers(items, [{ id: 1, value: "A" }, { id: 2, value: ["x"] }])).toBe(30);
  });

  test("checks: required, pattern, unknown and full and expired options, children follow their parent", () => {
    const parent = q(1, PROPERTY_TYPE.PROPERTY_TYPE_SELECT, { options: [opt(11, "north"), opt(12, "south")] });
    const child = q(2, PROPERTY_TYPE.PROPERTY_TYPE_SELECT, { parentId: 1, options: [opt(21, "beijing", { parentId: 11 }), opt(22, "guangzhou", { parentId: 12, cap: 1, used: 0 })] });
    const text = q(3, PROPERTY_TYPE.PROPERTY_TYPE_INPUT, { match: "^\\d+$", isMust: false });
    const items = [parent, child, text];
    const run = (answers: { id: number; value: string | string[] }[]) => checkAnswers({ items, answers, now: NOW });
    expect(run([{ id: 1, value: "south" }, { id: 2, value: "guangzhou" }])).toEqual({ ok: true, taken: [22], values: [{ id: 1, value: "south" }, { id: 2, value: "guangzhou" }] });
    expect(run([{ id: 1, value: "north" }, { id: 2, value: "guangzhou" }])).toMatchObject({ ok: false, question: 2, reason: "option" });
    expect(run([{ id: 1, value: "north" }])).toMatchObject({ ok: false, question: 2, reason: "required" });
    expect(run([{ id: 1, value: "north" }, { id: 2, value: "beijing" }, { id: 3, value: "12a" }])).toMatchObject({ ok: false, question: 3, reason: "match" });
    expect(run([{ id: 1, value: "north" }, { id: 2, value: "beijing" }, { id: 9, value: "1" }])).toMatchObject({ ok: false, reason: "unasked" });
    const full = [q(4, PROPERTY_TYPE.PROPERTY_TYPE_RADIO, { options: [opt(41, "a", { cap: 2, used: 2 }), opt(42, "b", { endDate: NOW })] })];
    expect(checkAnswers({ items: full, answers: [{ id: 4, value: "a" }], now: NOW })).toMatchObject({ ok: false, reason: "full" });
    expect(checkAnswers({ items: full, answers: [{ id: 4, value: "b" }], now: NOW })).toMatchObject({ ok: false, reason: "expired" });
  });
});

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

describe("cancel and address change", () => {
  const order = { state: ORDER_STATE.ORDER_STATE_SUCCESS as number, sendState: SEND_STATE.SEND_STATE_WAIT as number, amount: 0, checked: false };
  const activity = { allowCancel: true, allowCancelDate: new Date(NOW.getTime() + 1000), signEnd: new Date(NOW.getTime() + 2000), allowUpdateAddress: true };
  test("cancel exactly when spec 2 section 4 allows it", () => {
    expect(canCancel(order, activity, NOW)).toBe(true);
    expect(canCancel({ ...order, sendState: SEND_STATE.SEND_STATE_SENT }, activity, NOW)).toBe(false);
    expect(canCancel({ ...order, sendState: SEND_STATE.SEND_STATE_SENT }, { ...activity, allowUpdateAddress: false }, NOW)).toBe(true);
    expect(canCancel({ ...order, checked: true }, activity, NOW)).toBe(false);
    expect(canCancel({ ...order, amount: 100 }, activity, NOW)).toBe(false);
    expect(canCancel({ ...order, amount: 100, state: ORDER_STATE.ORDER_STATE_WAIT }, activity, NOW)).toBe(true);
    expect(canCancel({ ...order, state: ORDER_STATE.ORDER_STATE_CANCEL }, activity, NOW)).toBe(false);
    expect(canCancel(order, { ...activity, allowCancel: false }, NOW)).toBe(false);
    expect(canCancel(order, { ...activity, allowCancelDate: NOW }, NOW)).toBe(false);
    expect(canCancel(order, { ...activity, signEnd: NOW }, NOW)).toBe(false);
  });
  test("the address changes only on a successful order not yet sent", () => {
    expect(canChangeAddress(order, activity)).toBe(true);
    expect(canChangeAddress({ ...order, sendState: SEND_STATE.SEND_STATE_SENT }, activity)).toBe(false);
    expect(canChangeAddress({ ...order, state: ORDER_STATE.ORDER_STATE_WAIT }, activity)).toBe(false);
  });
});
