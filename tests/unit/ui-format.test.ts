// How the browser shows money, points, phones, identity numbers and days (spec 1 section 9).
import { describe, expect, test } from "bun:test";
import { chinaFilterBound, formatChinaDate, formatChinaDateTime } from "../../ui/lib/china-time";
import { formatCountdown, formatMoney, formatPoints, maskIdentity, maskPhone } from "../../ui/lib/format";

describe("money and points", () => {
  test("money travels in fen and is shown in yuan with 2 decimals", () => {
    expect(formatMoney(6000)).toBe("60.00");
    expect(formatMoney(1)).toBe("0.01");
    expect(formatMoney(0)).toBe("0.00");
    expect(formatMoney(123456)).toBe("1234.56");
  });

  test("points travel in hundredths and are shown with 2 decimals, signed when asked", () => {
    expect(formatPoints(45000)).toBe("450.00");
    expect(formatPoints(-5000)).toBe("-50.00");
    expect(formatPoints(50000, true)).toBe("+500.00");
    expect(formatPoints(-5000, true)).toBe("-50.00");
    expect(formatPoints(0, true)).toBe("0.00");
    expect(formatPoints(7, true)).toBe("+0.07");
  });
});

describe("masking", () => {
  test("a phone keeps its first 3 and last 4 digits", () => {
    expect(maskPhone("13900000001")).toBe("139****0001");
    expect(maskPhone(" 13911112222 ")).toBe("139****2222");
  });

  test("an empty or too short phone is shown as it is", () => {
    expect(maskPhone(null)).toBe("");
    expect(maskPhone("")).toBe("");
    expect(maskPhone("1234567")).toBe("1234567");
  });

  test("an identity number keeps its first 6 and last 4 characters", () => {
    expect(maskIdentity("110101201503070015")).toBe("110101********0015");
    expect(maskIdentity("E12345678")).toBe("*****5678");
    expect(maskIdentity("")).toBe("");
  });
});

describe("dates", () => {
  // 23:08:09 on 4 January in UTC is 07:08:09 on 5 January in Beijing, whatever zone runs the test.
  const at = new Date(Date.UTC(2026, 0, 4, 23, 8, 9));

  test("dates read yyyy-MM-dd HH:mm in China time, with seconds for points", () => {
    expect(formatChinaDateTime(at)).toBe("2026-01-05 07:08");
    expect(formatChinaDateTime(at, true)).toBe("2026-01-05 07:08:09");
    expect(formatChinaDate(at)).toBe("2026-01-05");
    expect(formatChinaDateTime("not a date")).toBe("");
  });

  test("a filter's day runs from its first to its last instant in China, a filter's minute likewise (issue 29: order filters take a time)", () => {
    expect(chinaFilterBound("2026-01-05", "start")).toBe("2026-01-04T16:00:00.000Z");
    expect(chinaFilterBound("2026-01-05", "end")).toBe("2026-01-05T15:59:59.999Z");
    expect(chinaFilterBound("2026-01-05 09:30", "start")).toBe("2026-01-05T01:30:00.000Z");
    expect(chinaFilterBound("2026-01-05 09:30", "end")).toBe("2026-01-05T01:30:59.999Z");
    expect(chinaFilterBound("", "start")).toBeUndefined();
    expect(chinaFilterBound("2026-13-45", "end")).toBeUndefined();
  });
});

describe("a payment's countdown", () => {
  test("shows minutes and seconds left as mm:ss, a started second counted whole, never below zero", () => {
    expect(formatCountdown(5 * 60_000)).toBe("05:00");
    expect(formatCountdown(299_001)).toBe("05:00");
    expect(formatCountdown(299_000)).toBe("04:59");
    expect(formatCountdown(61_000)).toBe("01:01");
    expect(formatCountdown(1)).toBe("00:01");
    expect(formatCountdown(0)).toBe("00:00");
    expect(formatCountdown(-5_000)).toBe("00:00");
  });
});
