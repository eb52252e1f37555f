// When a sign-up (or a gift's redemption) opens, as its waiting caption says
// it: "Opens 12 Dec 10:00" / "12月12日 10:00 开始报名". Sign-up times are
// China time (UTC+8, no summer time) whatever zone the browser is in, so the
// caption reads the same in Shanghai and abroad; the year is named only when
// it is not this year's.
import type { Translate } from "../../i18n";
import type { Language } from "../../state/session";

const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;
const MONTHS_EN = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (n: number) => String(n).padStart(2, "0");

/** The day and time of an instant in China time, in the language's own order. */
export function chinaDayTime(value: string | number | Date, language: Language, now: Date = new Date()): string {
  const at = new Date(new Date(value).getTime() + CHINA_OFFSET_MS);
  if (Number.isNaN(at.getTime())) return "";
  const thisYear = new Date(now.getTime() + CHINA_OFFSET_MS).getUTCFullYear();
  const year = at.getUTCFullYear() === thisYear ? null : at.getUTCFullYear();
  const time = `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`;
  if (language === "zh") return `${year ? `${year}年` : ""}${at.getUTCMonth() + 1}月${at.getUTCDate()}日 ${time}`;
  return `${at.getUTCDate()} ${MONTHS_EN[at.getUTCMonth()]}${year ? ` ${year}` : ""} ${time}`;
}

/**
 * The caption that stands in for the sign-up button: for one not open yet,
 * when it opens; otherwise the reason's own text (area "activity" or "market").
 */
export function reasonCaption(t: Translate, language: Language, area: "activity" | "market", code: string, signStart: string | null | undefined): string {
  if (code === "ERROR_SIGN_NOT_START" && signStart) return t(`${area}.opensAt`, { when: chinaDayTime(signStart, language) });
  return t(`${area}.reason.${code}`);
}
