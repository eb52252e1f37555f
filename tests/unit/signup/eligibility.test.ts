// Spec 2 section 4: the sign-up outcomes, in the order the page states them.
import { describe, expect, test } from "bun:test";
import { outcomeOf, smallest, type Standing } from "../../../src/domains/signup/eligibility";

const NOW = new Date("2026-03-02T01:30:00Z");

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
    lottery: null,
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
  test("a lottery: apply until the draw's time, wait for its run, then sign up as for any activity (issue 32)", () => {
    const drawAt = new Date(NOW.getTime() + 500);
    expect(outcomeOf({ ...base, lottery: { drawAt, drawn: false } })).toBe("ERROR_LOTTERY_APPLY");
    expect(outcomeOf({ ...base, now: drawAt, lottery: { drawAt, drawn: false } })).toBe("ERROR_LOTTERY_DRAWING");
    expect(outcomeOf({ ...base, now: drawAt, lottery: { drawAt, drawn: true } })).toBe("SUCCESS");
    // Every other reason comes first: who may not sign up may not apply.
    expect(outcomeOf({ ...base, conditionsMet: false, lottery: { drawAt, drawn: false } })).toBe("ERROR_SIGN_NO_POWER");
    expect(outcomeOf({ ...base, held: 1, lottery: { drawAt, drawn: false } })).toBe("ERROR_SIGN_FINISH");
  });
  test("stock is the smallest limit, none when nothing limits", () => {
    expect(smallest(5, null, 2)).toBe(2);
    expect(smallest(null, null)).toBeNull();
  });
});
