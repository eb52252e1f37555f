// The date picker's arithmetic (spec 1 sections 5 and 9), apart from React so
// it is tested alone: 42 day cells, 15 years a page, years 1900 to this year + 100.

export const FIRST_YEAR = 1900;
export const YEARS_AHEAD = 100;
export const YEARS_PER_PAGE = 15;
export const DAY_CELLS = 42;

export type Mode = "date" | "datetime";
/** A calendar date and time of day, months counted from 1. */
export type Parts = { year: number; month: number; day: number; hour: number; minute: number };
export type DayCell = { year: number; month: number; day: number; inMonth: boolean };

const pad = (n: number) => String(n).padStart(2, "0");

/** The picker's last year, from this year (China's, ui/lib/china-time.ts). */
export const lastYear = (thisYear: number) => thisYear + YEARS_AHEAD;

// Calendar arithmetic is done on UTC dates, so no zone's summer time can skip or repeat a day.
const utcDay = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day));

export const daysInMonth = (year: number, month: number) => utcDay(year, month + 1, 0).getUTCDate();

/**
 * The six weeks shown for a month, Monday first: the month's days with the
 * end of the previous month before them and the start of the next after.
 */
export function dayGrid(year: number, month: number): DayCell[] {
  const mondayFirst = (utcDay(year, month, 1).getUTCDay() + 6) % 7;
  const cells: DayCell[] = [];
  for (let i = 0; i < DAY_CELLS; i++) {
    const d = utcDay(year, month, 1 - mondayFirst + i);
    cells.push({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), inMonth: d.getUTCMonth() + 1 === month });
  }
  return cells;
}

/** The 15 years of the page holding `year`; pages start at 1900 and never pass the last year. */
export function yearPage(year: number, last: number): number[] {
  const start = FIRST_YEAR + Math.floor((clampYear(year, last) - FIRST_YEAR) / YEARS_PER_PAGE) * YEARS_PER_PAGE;
  const years: number[] = [];
  for (let y = start; y < start + YEARS_PER_PAGE && y <= last; y++) years.push(y);
  return years;
}

export const clampYear = (year: number, last: number) => Math.min(Math.max(year, FIRST_YEAR), last);

/** Parses "yyyy-MM-dd" or "yyyy-MM-dd HH:mm"; anything else, or a year out of range, gives null. */
export function parseValue(text: string, last: number): Parts | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?$/.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4] ?? "0", m[5] ?? "0"].map(Number) as [number, number, number, number, number];
  if (year < FIRST_YEAR || year > last || month < 1 || month > 12) return null;
  if (day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59) return null;
  return { year, month, day, hour, minute };
}

export function formatValue(parts: Parts, mode: Mode): string {
  const date = `${parts.year}-${pad(parts.month)}-${pad(parts.day)}`;
  return mode === "datetime" ? `${date} ${pad(parts.hour)}:${pad(parts.minute)}` : date;
}

/** Moves a date by whole days (arrow keys), staying inside the picker's years. */
export function addDays(parts: Parts, days: number, last: number): Parts {
  const d = utcDay(parts.year, parts.month, parts.day + days);
  if (d.getUTCFullYear() < FIRST_YEAR || d.getUTCFullYear() > last) return parts;
  return { ...parts, year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** Moves by whole months (Page Up / Page Down), keeping the day where the month allows. */
export function addMonths(parts: Parts, months: number, last: number): Parts {
  const index = parts.year * 12 + (parts.month - 1) + months;
  const year = Math.floor(index / 12);
  if (year < FIRST_YEAR || year > last) return parts;
  const month = (index % 12) + 1;
  return { ...parts, year, month, day: Math.min(parts.day, daysInMonth(year, month)) };
}

export const HOURS = Array.from({ length: 24 }, (_, i) => i);
export const MINUTES = Array.from({ length: 60 }, (_, i) => i);
export const twoDigits = pad;
