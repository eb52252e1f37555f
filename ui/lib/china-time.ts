// China time: every date and time a person reads or enters in the portal
// (decision 62): the union, its activities and its money live in China. It is
// UTC+8 all year (no summer time since 1991), so it is a fixed offset and
// needs no zone database; the browser's own zone is never consulted, so a
// member abroad sees and enters the same times as one in Beijing, and the
// bottom bar says so once when the browser's zone differs.

const OFFSET_MS = 8 * 60 * 60 * 1000;
const pad = (n: number) => String(n).padStart(2, "0");

/** A China-time calendar date and time of day, months counted from 1. */
export type ChinaParts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The China-time fields of an instant, or null for an unreadable one. */
export function chinaParts(value: string | number | Date): ChinaParts | null {
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return null;
  // Shifted by the offset, the UTC fields are China's.
  const d = new Date(time + OFFSET_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds() };
}

/** yyyy-MM-dd HH:mm (with :ss when asked) in China time, as the date picker types it; "" for an unreadable instant. */
export function formatChinaDateTime(value: string | number | Date, withSeconds = false): string {
  const p = chinaParts(value);
  if (!p) return "";
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}${withSeconds ? `:${pad(p.second)}` : ""}`;
}

const MONTHS_EN = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The day and time in China time in the language's own order ("12 Dec 10:00", "12月12日 10:00"); the year only when it is not this year's. */
export function chinaDayTime(value: string | number | Date, language: "zh" | "en", now: Date = new Date()): string {
  const p = chinaParts(value);
  if (!p) return "";
  const year = p.year === chinaYear(now) ? null : p.year;
  const time = `${pad(p.hour)}:${pad(p.minute)}`;
  if (language === "zh") return `${year ? `${year}年` : ""}${p.month}月${p.day}日 ${time}`;
  return `${p.day} ${MONTHS_EN[p.month - 1]}${year ? ` ${year}` : ""} ${time}`;
}

/** yyyy-MM-dd in China time. */
export function formatChinaDate(value: string | number | Date): string {
  return formatChinaDateTime(value).slice(0, 10);
}

/** The year it is in China (a module's year, the activity index's current year group). */
export function chinaYear(now: Date = new Date()): number {
  return chinaParts(now)!.year;
}

/**
 * "yyyy-MM-dd HH:mm" entered as China time (the date picker's datetime text)
 * as the ISO instant it names; "" for no text, null for text that names no
 * such minute (a 30 February, a 24:00).
 */
export function parseChinaDateTime(text: string): string | null | "" {
  const trimmed = text.trim();
  if (!trimmed) return "";
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/.exec(trimmed);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const time = Date.UTC(year, month - 1, day, hour, minute) - OFFSET_MS;
  // Date.UTC rolls a 30 February into March: the round trip catches it.
  const back = chinaParts(time);
  if (!back || back.year !== year || back.month !== month || back.day !== day || back.hour !== hour || back.minute !== minute) return null;
  return new Date(time).toISOString();
}

/** Whether this browser's own zone is not China's now (the bottom bar then says times are China time). */
export const browserZoneDiffers = (now: Date = new Date()): boolean => now.getTimezoneOffset() !== -OFFSET_MS / 60_000;

/**
 * A filter's bound as the ISO instant the server takes: "yyyy-MM-dd" is the
 * first or last instant of that China day, "yyyy-MM-dd HH:mm" the first or
 * last instant of that minute; undefined for text that names neither.
 */
export function chinaFilterBound(text: string, edge: "start" | "end"): string | undefined {
  const trimmed = text.trim();
  const day = /^\d{4}-\d{2}-\d{2}$/.test(trimmed);
  const at = parseChinaDateTime(day ? `${trimmed} ${edge === "start" ? "00:00" : "23:59"}` : trimmed);
  if (!at) return undefined;
  return edge === "start" ? at : new Date(Date.parse(at) + 59_999).toISOString();
}
