// Dates the specs tie to China time (sign-up windows, module years, display
// windows) are shown and entered as China time whatever the browser's zone.
// This process runs in New York's zone (set before any Date is made), so a
// helper that used the browser's zone would show and read times 12 or 13
// hours off, and these tests would fail. The zone is put back afterwards:
// bun runs every test file in one process.
import { afterAll, describe, expect, test } from "bun:test";
import { chinaParts, chinaYear, formatChinaDate, formatChinaDateTime, parseChinaDateTime } from "../../ui/lib/china-time";
import { dayGrid, daysInMonth } from "../../ui/components/date-picker/calendar";

const zoneBefore = process.env.TZ;
process.env.TZ = "America/New_York";
afterAll(() => {
  if (zoneBefore === undefined) delete process.env.TZ;
  else process.env.TZ = zoneBefore;
});

describe("china time", () => {
  test("the process really is in another zone", () => {
    // 2026-07-01T00:00Z is the evening of 30 June in New York.
    expect(new Date("2026-07-01T00:00:00Z").getDate()).toBe(30);
  });

  test("an instant is shown as China's wall clock, not the browser's", () => {
    // 16:00 UTC is midnight of the next day in Beijing, and noon in New York.
    expect(formatChinaDateTime("2026-03-09T16:00:00Z")).toBe("2026-03-10 00:00");
    expect(formatChinaDateTime("2026-03-09T16:00:05Z", true)).toBe("2026-03-10 00:00:05");
    expect(formatChinaDate("2026-03-09T16:00:00Z")).toBe("2026-03-10");
    expect(formatChinaDate("2026-03-09T15:59:59Z")).toBe("2026-03-09");
    expect(formatChinaDateTime(Date.UTC(2026, 6, 1, 1, 30))).toBe("2026-07-01 09:30");
    expect(formatChinaDateTime("not a date")).toBe("");
  });

  test("China keeps one offset all year: a New York summer-time change moves nothing", () => {
    // New York went to summer time at 2026-03-08 07:00 UTC; China did not.
    expect(formatChinaDateTime("2026-03-08T06:00:00Z")).toBe("2026-03-08 14:00");
    expect(formatChinaDateTime("2026-03-08T08:00:00Z")).toBe("2026-03-08 16:00");
  });

  test("a time picked as China time names the instant eight hours before UTC", () => {
    expect(parseChinaDateTime("2026-05-01 09:00")).toBe("2026-05-01T01:00:00.000Z");
    expect(parseChinaDateTime(" 2026-01-01 00:30 ")).toBe("2025-12-31T16:30:00.000Z");
    // The hour New York skips on 8 March 2026 is an ordinary hour in China.
    expect(parseChinaDateTime("2026-03-08 15:30")).toBe("2026-03-08T07:30:00.000Z");
  });

  test("picking and showing are each other's inverse", () => {
    for (const text of ["2026-02-28 23:59", "2024-02-29 08:00", "2026-11-01 01:30", "2026-03-08 02:30"]) {
      expect(formatChinaDateTime(parseChinaDateTime(text) as string)).toBe(text);
    }
  });

  test("no text is none, and text naming no minute is unreadable", () => {
    expect(parseChinaDateTime("")).toBe("");
    expect(parseChinaDateTime("  ")).toBe("");
    expect(parseChinaDateTime("2026-02-30 10:00")).toBeNull();
    expect(parseChinaDateTime("2026-05-01 24:00")).toBeNull();
    expect(parseChinaDateTime("2026-05-01")).toBeNull();
    expect(parseChinaDateTime("tomorrow")).toBeNull();
  });

  test("the year is China's: New Year's Eve evening in New York is already next year in Beijing", () => {
    const eve = new Date("2026-12-31T20:00:00-05:00");
    expect(eve.getFullYear()).toBe(2026);
    expect(chinaYear(eve)).toBe(2027);
    expect(chinaParts(eve)).toEqual({ year: 2027, month: 1, day: 1, hour: 9, minute: 0, second: 0 });
  });
});

describe("the date picker's calendar in another zone", () => {
  test("months have their days and start on their weekday, whatever the zone's summer time", () => {
    expect(daysInMonth(2026, 3)).toBe(31);
    expect(daysInMonth(2024, 2)).toBe(29);
    // March 2026 starts on a Sunday: six days of February come first in a Monday-first grid.
    const march = dayGrid(2026, 3);
    expect(march[6]).toEqual({ year: 2026, month: 3, day: 1, inMonth: true });
    expect(march.filter((cell) => cell.inMonth).map((cell) => cell.day)).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
  });
});
