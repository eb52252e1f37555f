import { describe, expect, test } from "bun:test";
import { chinaDayTime } from "../../ui/lib/china-time";
import { stubLocalStorage } from "../helpers/local-storage";

// The caption's texts come through the i18n module, which reads the session store (localStorage) on load.
stubLocalStorage();
const { reasonCaption } = await import("../../ui/pages/activity/opening-time");

const NOW = new Date("2026-03-02T01:30:00.000Z");

describe("when a sign-up opens, in China time", () => {
  test("reads 12 Dec 10:00 in English and 12月12日 10:00 in Chinese, whatever the browser's zone", () => {
    expect(chinaDayTime("2026-12-12T02:00:00.000Z", "en", NOW)).toBe("12 Dec 10:00");
    expect(chinaDayTime("2026-12-12T02:00:00.000Z", "zh", NOW)).toBe("12月12日 10:00");
  });

  test("an evening in UTC is the next morning in China", () => {
    expect(chinaDayTime("2026-03-11T17:05:00.000Z", "en", NOW)).toBe("12 Mar 01:05");
  });

  test("names the year only when it is not this year", () => {
    expect(chinaDayTime("2027-01-05T01:00:00.000Z", "en", NOW)).toBe("5 Jan 2027 09:00");
    expect(chinaDayTime("2027-01-05T01:00:00.000Z", "zh", NOW)).toBe("2027年1月5日 09:00");
  });

  test("the caption says when for one not open yet, and the reason's own text otherwise", () => {
    const t = (key: string, params?: Record<string, string | number>) => `${key}${params ? JSON.stringify(params) : ""}`;
    expect(reasonCaption(t, "en", "activity", "ERROR_SIGN_NOT_START", "2026-12-12T02:00:00.000Z")).toStartWith('activity.opensAt{"when":"12 Dec ');
    expect(reasonCaption(t, "zh", "market", "ERROR_SIGN_FULL", "2026-12-12T02:00:00.000Z")).toBe("market.reason.ERROR_SIGN_FULL");
    expect(reasonCaption(t, "en", "activity", "ERROR_SIGN_NOT_START", null)).toBe("activity.reason.ERROR_SIGN_NOT_START");
  });
});
