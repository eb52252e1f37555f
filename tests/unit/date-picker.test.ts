import { describe, expect, test } from "bun:test";
import {
  DAY_CELLS,
  FIRST_YEAR,
  addDays,
  addMonths,
  dayGrid,
  formatValue,
  lastYear,
  parseValue,
  yearPage,
} from "../../ui/components/date-picker/calendar";

const LAST = 2126;

describe("the day view", () => {
  test("always shows 42 cells, six weeks starting on a Monday", () => {
    for (const [year, month] of [[2026, 2], [2026, 11], [2015, 2], [1900, 1], [2024, 12]] as const) {
      const cells = dayGrid(year, month);
      expect(cells.length).toBe(DAY_CELLS);
      expect(new Date(cells[0]!.year, cells[0]!.month - 1, cells[0]!.day).getDay()).toBe(1);
    }
  });

  test("marks the month's own days and fills the rest from the months around it", () => {
    // November 2026 begins on a Sunday: six days of October come first.
    const cells = dayGrid(2026, 11);
    expect(cells.slice(0, 7).map((c) => c.day)).toEqual([26, 27, 28, 29, 30, 31, 1]);
    expect(cells.filter((c) => c.inMonth).map((c) => c.day)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(cells[41]).toEqual({ year: 2026, month: 12, day: 6, inMonth: false });
  });

  test("knows a leap February", () => {
    expect(dayGrid(2024, 2).filter((c) => c.inMonth).length).toBe(29);
    expect(dayGrid(2100, 2).filter((c) => c.inMonth).length).toBe(28);
  });
});

describe("the year view", () => {
  test("shows 15 years a page, the first page starting at 1900", () => {
    expect(yearPage(1900, LAST)).toEqual(Array.from({ length: 15 }, (_, i) => 1900 + i));
    expect(yearPage(1914, LAST)[0]).toBe(1900);
    expect(yearPage(1915, LAST)[0]).toBe(1915);
    expect(yearPage(2026, LAST)).toEqual(Array.from({ length: 15 }, (_, i) => 2020 + i));
  });

  test("never goes before 1900 or past this year plus 100", () => {
    expect(lastYear(2026)).toBe(2126);
    expect(yearPage(1850, LAST)[0]).toBe(FIRST_YEAR);
    const end = yearPage(2126, LAST);
    expect(end[end.length - 1]).toBe(2126);
    expect(yearPage(2300, LAST)).toEqual(end);
  });
});

describe("values typed or picked", () => {
  test("a date reads and writes as yyyy-MM-dd, a datetime as yyyy-MM-dd HH:mm", () => {
    const parts = parseValue("1990-03-07", LAST)!;
    expect(parts).toEqual({ year: 1990, month: 3, day: 7, hour: 0, minute: 0 });
    expect(formatValue(parts, "date")).toBe("1990-03-07");
    expect(formatValue({ ...parts, hour: 9, minute: 5 }, "datetime")).toBe("1990-03-07 09:05");
    expect(parseValue("2026-11-22 23:59", LAST)).toEqual({ year: 2026, month: 11, day: 22, hour: 23, minute: 59 });
  });

  test("impossible dates and years out of range are refused", () => {
    for (const text of ["1899-12-31", "2127-01-01", "2026-02-30", "2026-13-01", "2026-01-01 24:00", "2026-01-01 10:60", "22/11/2026", ""]) {
      expect({ text, parsed: parseValue(text, LAST) }).toEqual({ text, parsed: null });
    }
  });

  test("keys move by day, week and month without leaving the range", () => {
    const start = parseValue("2026-01-31", LAST)!;
    expect(formatValue(addDays(start, 1, LAST), "date")).toBe("2026-02-01");
    expect(formatValue(addDays(start, -7, LAST), "date")).toBe("2026-01-24");
    expect(formatValue(addMonths(start, 1, LAST), "date")).toBe("2026-02-28");
    expect(formatValue(addMonths(start, -13, LAST), "date")).toBe("2024-12-31");
    const first = parseValue("1900-01-01", LAST)!;
    expect(addDays(first, -1, LAST)).toEqual(first);
    expect(addMonths(first, -1, LAST)).toEqual(first);
  });
});
