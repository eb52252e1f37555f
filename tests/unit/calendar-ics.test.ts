// The iCalendar writer against RFC 5545's rules: TEXT escaping (3.3.11),
// line folding at 75 octets without splitting a character (3.1), CRLF line
// ends, and times in China time under a VTIMEZONE (3.6.5, 3.3.5 form 3).
import { expect, test } from "bun:test";
import { chinaLocal, escapeText, foldLine, utcStamp, writeCalendar } from "../../src/domains/calendar/ics";

const octets = (s: string) => new TextEncoder().encode(s).length;
/** Unfolding (3.1): a CRLF followed by one space or tab is removed. */
const unfold = (s: string) => s.replace(/\r\n[ \t]/g, "");

test("text escaping: backslash, semicolon, comma and line breaks; control characters dropped; colons and quotes kept", () => {
  expect(escapeText("a\\b;c,d")).toBe("a\\\\b\\;c\\,d");
  expect(escapeText("one\ntwo\r\nthree\rfour")).toBe("one\\ntwo\\nthree\\nfour");
  expect(escapeText('10:00 "Hall"\u0007')).toBe('10:00 "Hall"');
  // Escaped once, not twice: a backslash before a comma stays two characters and the comma is escaped.
  expect(escapeText("\\,")).toBe("\\\\\\,");
});

test("folding: no line over 75 octets, continuations start with one space, and unfolding gives the line back", () => {
  expect(foldLine("SUMMARY:short")).toBe("SUMMARY:short");
  const exactly = `X:${"a".repeat(73)}`;
  expect(foldLine(exactly)).toBe(exactly);
  const long = `DESCRIPTION:${"abcdefghij".repeat(30)}`;
  const folded = foldLine(long);
  const lines = folded.split("\r\n");
  expect(lines.length).toBeGreaterThan(1);
  for (const line of lines) expect(octets(line)).toBeLessThanOrEqual(75);
  for (const line of lines.slice(1)) expect(line.startsWith(" ")).toBe(true);
  expect(octets(lines[0]!)).toBe(75);
  expect(unfold(folded)).toBe(long);
});

test("folding never splits a UTF-8 character: Chinese (3 octets) and emoji (4 octets) stay whole", () => {
  const long = `SUMMARY;LANGUAGE=zh-CN:${"工会活动中心多功能厅".repeat(8)}🎉${"春".repeat(30)}`;
  const folded = foldLine(long);
  for (const line of folded.split("\r\n")) {
    expect(octets(line)).toBeLessThanOrEqual(75);
    // Each piece is valid UTF-8 on its own: decoding and encoding again gives the same bytes.
    const bytes = new TextEncoder().encode(line);
    expect(new TextEncoder().encode(new TextDecoder("utf-8", { fatal: true }).decode(bytes))).toEqual(bytes);
  }
  expect(unfold(folded)).toBe(long);
});

test("times: DTSTAMP in UTC, events in China local time (UTC+8, whatever the machine's zone)", () => {
  const at = new Date("2026-12-31T17:30:05Z");
  expect(utcStamp(at)).toBe("20261231T173005Z");
  // 17:30 UTC is 01:30 the next day (and year) in China.
  expect(chinaLocal(at)).toBe("20270101T013005");
});

test("a whole calendar: CRLF everywhere, a VTIMEZONE for Asia/Shanghai, each event with UID, DTSTAMP, TZID'd start and end", () => {
  const ics = writeCalendar({
    name: "工会活动",
    language: "zh-CN",
    now: new Date("2026-03-02T01:30:00Z"),
    refresh: "PT1H",
    events: [
      {
        uid: "A1-1@union-portal.calendar",
        start: new Date("2026-03-24T11:00:00Z"),
        end: new Date("2026-03-24T13:00:00Z"),
        summary: "周五电影夜, 第一场; 特别版",
        location: "工会活动中心\n多功能厅",
        description: `订单号：A1\n${"很长的说明".repeat(20)}`,
        modified: new Date("2026-02-20T01:30:00Z"),
      },
    ],
  });
  expect(ics.endsWith("\r\n")).toBe(true);
  // No bare LF or CR.
  expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  for (const line of ics.split("\r\n")) expect(octets(line)).toBeLessThanOrEqual(75);
  const lines = unfold(ics).split("\r\n").filter(Boolean);
  expect(lines[0]).toBe("BEGIN:VCALENDAR");
  expect(lines.at(-1)).toBe("END:VCALENDAR");
  expect(lines).toContain("VERSION:2.0");
  expect(lines.some((l) => l.startsWith("PRODID:"))).toBe(true);
  const tz = lines.slice(lines.indexOf("BEGIN:VTIMEZONE"), lines.indexOf("END:VTIMEZONE") + 1);
  expect(tz).toEqual(expect.arrayContaining(["TZID:Asia/Shanghai", "BEGIN:STANDARD", "TZOFFSETFROM:+0800", "TZOFFSETTO:+0800", "END:STANDARD"]));
  // The time zone comes before the event that names it.
  expect(lines.indexOf("BEGIN:VTIMEZONE")).toBeLessThan(lines.indexOf("BEGIN:VEVENT"));
  expect(lines).toContain("UID:A1-1@union-portal.calendar");
  expect(lines).toContain("DTSTAMP:20260302T013000Z");
  expect(lines).toContain("DTSTART;TZID=Asia/Shanghai:20260324T190000");
  expect(lines).toContain("DTEND;TZID=Asia/Shanghai:20260324T210000");
  expect(lines).toContain("SUMMARY;LANGUAGE=zh-CN:周五电影夜\\, 第一场\\; 特别版");
  expect(lines).toContain("LOCATION;LANGUAGE=zh-CN:工会活动中心\\n多功能厅");
  expect(lines).toContain("X-WR-CALNAME:工会活动");
  expect(lines).toContain("REFRESH-INTERVAL;VALUE=DURATION:PT1H");
  // Every BEGIN has its END, properly nested.
  const stack: string[] = [];
  for (const l of lines) {
    if (l.startsWith("BEGIN:")) stack.push(l.slice(6));
    if (l.startsWith("END:")) expect(stack.pop()).toBe(l.slice(4));
  }
  expect(stack).toEqual([]);
});

test("an empty feed is still a valid calendar: the time zone and no event", () => {
  const ics = writeCalendar({ language: "en", now: new Date("2026-03-02T01:30:00Z"), events: [] });
  expect(ics).toContain("BEGIN:VTIMEZONE");
  expect(ics).not.toContain("BEGIN:VEVENT");
});
