// Spec 2 section 4, activity state: who sees an activity, and when.
import { expect, test } from "bun:test";
import { visible } from "../../../src/domains/signup/visibility";
import { ACTIVITY_STATE, COMPARE_MODE, CONDITION_TYPE } from "../../../src/protocol/enumerations";

const NOW = new Date("2026-03-02T01:30:00Z");
const hour = 3_600_000;
const member = { editor: false, values: new Map([[7, "ops"]]) };
const shown = (over: Partial<{ state: number; showStart: Date | null; showEnd: Date | null }> = {}, conditions = [] as { type: number; propertyId: number; compareMode: number; value: string }[]) => ({
  activity: { state: ACTIVITY_STATE.ACTIVITY_STATE_NORMAL, showStart: null, showEnd: null, ...over },
  conditions,
});

test("a member sees a published activity inside its display window", () => {
  expect(visible(shown(), member, NOW)).toBe(true);
  expect(visible(shown({ showStart: new Date(NOW.getTime() - hour), showEnd: new Date(NOW.getTime() + hour) }), member, NOW)).toBe(true);
  expect(visible(shown({ showStart: new Date(NOW.getTime() + hour) }), member, NOW)).toBe(false);
  expect(visible(shown({ showEnd: NOW }), member, NOW)).toBe(false);
});

test("previews and offline activities are for editors only", () => {
  for (const state of [ACTIVITY_STATE.ACTIVITY_STATE_PREVIEW, ACTIVITY_STATE.ACTIVITY_STATE_OFFLINE]) {
    expect(visible(shown({ state }), member, NOW)).toBe(false);
    expect(visible(shown({ state }), { ...member, editor: true }, NOW)).toBe(true);
  }
});

test("a show condition the member does not meet hides it; a sign condition does not", () => {
  const only = (type: number, value: string) => [{ type, propertyId: 7, compareMode: COMPARE_MODE.COMPARE_IN, value }];
  expect(visible(shown({}, only(CONDITION_TYPE.CONDITION_TYPE_SHOW, "hr")), member, NOW)).toBe(false);
  expect(visible(shown({}, only(CONDITION_TYPE.CONDITION_TYPE_SHOW, "ops")), member, NOW)).toBe(true);
  expect(visible(shown({}, only(CONDITION_TYPE.CONDITION_TYPE_SIGN, "hr")), member, NOW)).toBe(true);
});
