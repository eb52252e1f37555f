// Spec 2 section 4: the "show" and "sign" conditions, one comparison at a time.
import { describe, expect, test } from "bun:test";
import { meets } from "../../../src/domains/signup/conditions";
import { COMPARE_MODE } from "../../../src/protocol/enumerations";

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
