import { describe, expect, test } from "bun:test";
import { clampPage } from "../../ui/lib/paging";

describe("clampPage keeps a page number inside 1..max", () => {
  test("a page inside the range is kept", () => {
    expect(clampPage(1, 5)).toBe(1);
    expect(clampPage(3, 5)).toBe(3);
    expect(clampPage(5, 5)).toBe(5);
  });

  test("below the first page goes to 1, past the last page goes to max", () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(-4, 5)).toBe(1);
    expect(clampPage(6, 5)).toBe(5);
    expect(clampPage(999, 5)).toBe(5);
  });

  test("an empty list still has page 1 of 1", () => {
    expect(clampPage(1, 0)).toBe(1);
    expect(clampPage(3, 0)).toBe(1);
    expect(clampPage(2, -1)).toBe(1);
  });

  test("what a person types that is not a whole number is made one", () => {
    expect(clampPage(2.7, 5)).toBe(2);
    expect(clampPage(Number.NaN, 5)).toBe(1);
    expect(clampPage(Number("abc"), 5)).toBe(1);
    expect(clampPage(Number.POSITIVE_INFINITY, 5)).toBe(1);
    expect(clampPage(3, Number.NaN)).toBe(1);
  });
});
