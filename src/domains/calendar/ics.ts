// A small iCalendar (RFC 5545) writer for the member's sign-ups: one VEVENT
// per sub-order, in China time (a VTIMEZONE for Asia/Shanghai, fixed at
// UTC+8: no summer time since 1991, so one STANDARD part says it all).
// Texts are escaped (section 3.3.11), lines folded at 75 octets without
// splitting a UTF-8 character (section 3.1), every line ends in CRLF.

export const CHINA_TZID = "Asia/Shanghai";
const OFFSET_MS = 8 * 60 * 60 * 1000;
const MAX_OCTETS = 75;
const encoder = new TextEncoder();

export type CalendarEvent = {
  /** Stable across files and feed reads, so a calendar app updates rather than duplicates. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  location: string;
  description: string;
  /** When the event's facts last changed (the activity's update). */
  modified: Date;
};

export type Calendar = {
  /** The calendar's name in the member's language (a feed's name in the calendar app). */
  name?: string;
  /** Language tag of the texts (zh-CN, en). */
  language: string;
  /** When the file is made (DTSTAMP). */
  now: Date;
  events: readonly CalendarEvent[];
  /** A feed says how often to read it again. */
  refresh?: string;
};

/** TEXT value escaping: backslash, semicolon and comma escaped, line breaks as \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n")
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "");
}

/** One content line folded into pieces of at most 75 octets, each continuation starting with one space. */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= MAX_OCTETS) return line;
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  // A continuation's leading space counts toward its 75 octets.
  let limit = MAX_OCTETS;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
      limit = MAX_OCTETS - 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** A UTC instant as a form-2 DATE-TIME (DTSTAMP, LAST-MODIFIED). */
export function utcStamp(at: Date): string {
  return `${pad(at.getUTCFullYear(), 4)}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}T${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}Z`;
}

/** An instant as China's local time, for a property with TZID=Asia/Shanghai. */
export function chinaLocal(at: Date): string {
  return utcStamp(new Date(at.getTime() + OFFSET_MS)).slice(0, -1);
}

const TIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${CHINA_TZID}`,
  "X-LIC-LOCATION:Asia/Shanghai",
  "BEGIN:STANDARD",
  "DTSTART:19700101T000000",
  "TZOFFSETFROM:+0800",
  "TZOFFSETTO:+0800",
  "TZNAME:CST",
  "END:STANDARD",
  "END:VTIMEZONE",
];

function eventLines(event: CalendarEvent, now: Date, language: string): string[] {
  const lines = [
    "BEGIN:VEVENT",
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${utcStamp(now)}`,
    `LAST-MODIFIED:${utcStamp(event.modified)}`,
    `DTSTART;TZID=${CHINA_TZID}:${chinaLocal(event.start)}`,
    `DTEND;TZID=${CHINA_TZID}:${chinaLocal(event.end)}`,
    `SUMMARY;LANGUAGE=${language}:${escapeText(event.summary)}`,
  ];
  if (event.location) lines.push(`LOCATION;LANGUAGE=${language}:${escapeText(event.location)}`);
  if (event.description) lines.push(`DESCRIPTION;LANGUAGE=${language}:${escapeText(event.description)}`);
  lines.push("STATUS:CONFIRMED", "TRANSP:OPAQUE", "END:VEVENT");
  return lines;
}

/** The whole VCALENDAR object, CRLF line ends (the last line too). */
export function writeCalendar(calendar: Calendar): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Union Portal//Calendar//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH"];
  if (calendar.name) lines.push(`X-WR-CALNAME:${escapeText(calendar.name)}`, `NAME:${escapeText(calendar.name)}`);
  lines.push(`X-WR-TIMEZONE:${CHINA_TZID}`);
  if (calendar.refresh) lines.push(`REFRESH-INTERVAL;VALUE=DURATION:${calendar.refresh}`, `X-PUBLISHED-TTL:${calendar.refresh}`);
  lines.push(...TIMEZONE);
  for (const event of calendar.events) lines.push(...eventLines(event, calendar.now, calendar.language));
  lines.push("END:VCALENDAR");
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
