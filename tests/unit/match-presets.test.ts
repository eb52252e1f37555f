// The quick-match presets of spec 3 section 5 "Question" and the check every
// stored pattern passes (src/protocol/match-presets.ts).
import { describe, expect, test } from "bun:test";
import { MATCH_PRESETS, isAcceptablePattern, presetOf, type MatchPresetId } from "../../src/protocol/match-presets";

const matches = (id: MatchPresetId, value: string) => new RegExp(presetOf(MATCH_PRESETS.find((p) => p.id === id)!.pattern)!.pattern).test(value);

describe("the quick-match presets", () => {
  test("all nine, in the spec's order", () => {
    expect(MATCH_PRESETS.map((p) => p.id)).toEqual(["positiveInteger", "integer", "rational", "idCard", "email", "mobile", "chinese", "date", "datetime"]);
  });

  const cases: [MatchPresetId, string[], string[]][] = [
    ["positiveInteger", ["1", "42", "1000"], ["0", "-1", "01", "1.5", "", "1a"]],
    ["integer", ["0", "-7", "42"], ["-0x", "1.5", "01", "", "+"]],
    ["rational", ["0", "-7", "3.14", "-0.5"], ["1.", ".5", "1e3", "abc"]],
    ["idCard", ["11010519491231002X", "110105194912310021", "11010519491231002x"], ["1101051949123100", "11010519491231002Y", "1101051949123100211"]],
    ["email", ["a@b.cn", "first.last@union.example.com", "13812345678", "+852 12345678", "+1-555123", "12345678", "1234567890"], ["a@b", "a b@c.cn", "1234567", "22345678901", "+852 12345"]],
    ["mobile", ["13812345678"], ["23812345678", "1381234567", "138123456789"]],
    ["chinese", ["工会", "abc 中 def"], ["abc", "123"]],
    ["date", ["2026-03-02"], ["2026/03/02", "2026-3-2", "2026-03-02 10:00"]],
    ["datetime", ["2026-03-02 10:00", "2026-03-02T10:00", "2026-03-02 10:00:30"], ["2026-03-02", "10:00"]],
  ];
  for (const [id, good, bad] of cases)
    test(`${id} accepts what it should and nothing else`, () => {
      for (const v of good) expect({ v, ok: matches(id, v) }).toEqual({ v, ok: true });
      for (const v of bad) expect({ v, ok: matches(id, v) }).toEqual({ v, ok: false });
    });

  test("a stored pattern is known as its preset; another is not", () => {
    expect(presetOf("^1\\d{10}$")?.id).toBe("mobile");
    expect(presetOf("^\\d+$")).toBeNull();
    expect(presetOf(null)).toBeNull();
  });
});

describe("which patterns may be stored", () => {
  test("every preset, and ordinary patterns", () => {
    for (const p of MATCH_PRESETS) expect({ id: p.id, ok: isAcceptablePattern(p.pattern) }).toEqual({ id: p.id, ok: true });
    for (const p of ["^\\d+$", "^[A-Z]{2}\\d{4}$", "(ab)+", "^(a|b)*c$", "^(\\d{3})?-\\d+$", "[(+]+"]) expect({ p, ok: isAcceptablePattern(p) }).toEqual({ p, ok: true });
  });

  test("not one that does not compile, an empty or a long one, nor a repeated group that repeats inside", () => {
    for (const p of ["", "(", "[a-", "*a", "x".repeat(301), "^(a+)+$", "(\\w+\\s?)*", "((ab)*)+", "(a{2,})*", "(?:x*y)+"]) expect({ p, ok: isAcceptablePattern(p) }).toEqual({ p, ok: false });
  });
});
