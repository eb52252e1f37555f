// Spec 2 sections 4 and 5: the quiz: draw, checks and scoring.
import { describe, expect, test } from "bun:test";
import { checkAnswers, drawQuestions, scoreAnswers, shownQuestions, type QuizItem } from "../../../src/domains/signup/questionnaire";
import { PROPERTY_TYPE } from "../../../src/protocol/enumerations";

const NOW = new Date("2026-03-02T01:30:00Z");

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

  test("a show condition hides a question until the named question, itself shown, has the value; a hidden parent hides its children", () => {
    const first = q(1, PROPERTY_TYPE.PROPERTY_TYPE_CHECKBOX, { options: [opt(11, "a"), opt(12, "b")] });
    const why = q(2, PROPERTY_TYPE.PROPERTY_TYPE_INPUT, { showReasonQueryId: 1, showReasonValue: "b" });
    const deeper = q(3, PROPERTY_TYPE.PROPERTY_TYPE_INPUT, { showReasonQueryId: 2, showReasonValue: "yes" });
    const child = q(4, PROPERTY_TYPE.PROPERTY_TYPE_SELECT, { parentId: 5, options: [opt(41, "x", { parentId: 51 })] });
    const hiddenParent = q(5, PROPERTY_TYPE.PROPERTY_TYPE_SELECT, { showReasonQueryId: 1, showReasonValue: "a", options: [opt(51, "p")] });
    const all = [first, why, deeper, child, hiddenParent].map((i) => i.question);
    expect([...shownQuestions(all, [])].sort()).toEqual([1]);
    expect([...shownQuestions(all, [{ id: 1, value: ["b"] }, { id: 2, value: " yes " }])].sort()).toEqual([1, 2, 3]);
    expect([...shownQuestions(all, [{ id: 1, value: ["a"] }, { id: 2, value: "yes" }])].sort()).toEqual([1, 4, 5]);
    // A condition on a question not asked (a random draw left it out) never holds.
    expect([...shownQuestions([why.question], [{ id: 1, value: "b" }])]).toEqual([]);
    // A loop hides the questions in it.
    const loopA = q(6, PROPERTY_TYPE.PROPERTY_TYPE_INPUT, { showReasonQueryId: 7, showReasonValue: "x" });
    const loopB = q(7, PROPERTY_TYPE.PROPERTY_TYPE_INPUT, { showReasonQueryId: 6, showReasonValue: "x" });
    expect([...shownQuestions([loopA.question, loopB.question], [{ id: 6, value: "x" }, { id: 7, value: "x" }])]).toEqual([]);

    // The checks: a hidden question is not required and its answer is dropped.
    const items = [first, why];
    expect(checkAnswers({ items, answers: [{ id: 1, value: ["a"] }], now: NOW })).toEqual({ ok: true, taken: [], values: [{ id: 1, value: ["a"] }] });
    expect(checkAnswers({ items, answers: [{ id: 1, value: ["a"] }, { id: 2, value: "stale" }], now: NOW })).toEqual({ ok: true, taken: [], values: [{ id: 1, value: ["a"] }] });
    expect(checkAnswers({ items, answers: [{ id: 1, value: ["a", "b"] }], now: NOW })).toEqual({ ok: false, question: 2, reason: "required" });
  });
});
