// Calendar files and the private feed (issue 20 item 4): the .ics of one's
// own live sign-up, and the feed address a calendar app reads without a
// session: exactly the member's live sign-ups, 404 for an unknown, revoked or
// left member's address, a budget per address.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { activities, calendarFeeds, operationLog, users } from "../../src/db/schema";
import { LANGUAGE, USER_STATE } from "../../src/protocol/enumerations";
import { FEED_BURST } from "../../src/domains/calendar/service";
import { createApp } from "../../src/app";
import { createAppState } from "../../src/app-state";
import { activityPartOf } from "../../src/protocol/activity-part";
import { startTestApp, type TestApp } from "../helpers/app";

type Answer = Record<string, any>;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // cn100002 reads English in this file.
  await t.db.update(users).set({ language: LANGUAGE.LANGUAGE_EN }).where(eq(users.employees, "cn100002"));
}, 60_000);
afterAll(() => t.close());

const byName = (list: Answer[]) => Object.fromEntries(list.map((o) => [o.nameEn, o]));
const ordersOf = async (c: Awaited<ReturnType<TestApp["as"]>>) => byName((await c.call<Answer>("/order/list", { index: 1 })).list);
const feed = (token: string) => t.fetch(`/api/calendar/feed?token=${encodeURIComponent(token)}`);
/** The summaries of a calendar's events, in order. */
const summaries = (ics: string) => [...ics.matchAll(/^SUMMARY[^:]*:(.*)$/gm)].map((m) => m[1]!.trim());
const activityId = async (nameEn: string) => (await t.db.select({ id: activities.id }).from(activities).where(eq(activities.nameEn, nameEn)))[0]!.id;

test("a member downloads the .ics of their own live sign-up: China time, a time zone, a stable UID, in their language", async () => {
  const c = await t.as("cn100001");
  const film = (await ordersOf(c))["Friday film night"]!;
  expect(film.hasCalendar).toBe(true);
  expect(film.goods[0].activity).toMatchObject({ placeZh: "工会活动中心多功能厅", placeEn: "Multi-purpose hall, union centre" });
  const got = await c.download("/order/calendar", { trade: film.trade });
  if (!("file" in got)) throw new Error(`refused: ${JSON.stringify(got.answer)}`);
  expect(got.name).toBe(`${film.trade}.ics`);
  expect(got.file.type).toStartWith("text/calendar");
  const ics = await got.file.text();
  expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
  expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
  expect(ics.replace(/\r\n/g, "")).not.toContain("\n");
  expect(ics).toContain("BEGIN:VTIMEZONE\r\nTZID:Asia/Shanghai\r\n");
  expect(ics).toContain("TZOFFSETTO:+0800");
  // Seeded 22 China days after the seed's day, 19:00 to 21:00 China time.
  const [row] = await t.db.select({ start: activities.eventStart }).from(activities).where(eq(activities.nameEn, "Friday film night"));
  const local = new Date(row!.start!.getTime() + 8 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, "");
  expect(ics).toContain(`DTSTART;TZID=Asia/Shanghai:${local}T190000\r\n`);
  expect(ics).toContain(`DTEND;TZID=Asia/Shanghai:${local}T210000\r\n`);
  expect(ics).toContain(`UID:${film.goods[0].trade}@union-portal.calendar\r\n`);
  expect(summaries(ics)).toEqual(["周五电影夜"]);
  expect(ics).toContain("LOCATION;LANGUAGE=zh-CN:工会活动中心多功能厅\r\n");
  expect(ics).toContain(`DESCRIPTION;LANGUAGE=zh-CN:订单号：${film.trade}\\n人数：1\r\n`);
  // The same order again: the same UID, so a calendar app updates rather than duplicates.
  const again = await c.download("/order/calendar", { trade: film.trade });
  expect("file" in again && (await again.file.text()).match(/^UID:.*$/m)![0]).toBe(ics.match(/^UID:.*$/m)![0]);

  // In the language the page is read in, when it says.
  const asRead = await c.download("/order/calendar", { trade: film.trade, language: "en" });
  const read = "file" in asRead ? await asRead.file.text() : "";
  expect(summaries(read)).toEqual(["Friday film night"]);
  expect(read).toContain("LOCATION;LANGUAGE=en:Multi-purpose hall\\, union centre\r\n");

  // Otherwise in the member's own language: English for a member who chose it.
  const en = await t.as("cn100002");
  const concert = (await ordersOf(en))["New Year concert tickets"]!;
  const english = await en.download("/order/calendar", { trade: concert.trade });
  const text = "file" in english ? await english.file.text() : "";
  expect(summaries(text)).toEqual(["New Year concert tickets"]);
  expect(text).toContain("LOCATION;LANGUAGE=en:City Concert Hall\r\n");
});

test("another member's order, a cancelled order, an order of an activity without a time and garbage download nothing", async () => {
  const me = await t.as("cn100001");
  const other = await t.as("cn100002");
  const mine = await ordersOf(me);
  const refused = async (c: typeof me, trade: string) => {
    const got = await c.download("/order/calendar", { trade });
    return "answer" in got ? got.answer.message.code : "downloaded";
  };
  // Not theirs: nothing to tell it exists.
  expect(await refused(other, mine["Friday film night"]!.trade)).toBe("ERROR_RESULT_NULL");
  // Cancelled.
  expect(mine["Lunchtime book club"]!.state.id).toBe(203);
  expect(mine["Lunchtime book club"]!.hasCalendar).toBe(false);
  expect(await refused(me, mine["Lunchtime book club"]!.trade)).toBe("ERROR_RESULT_NULL");
  // Delivered to the door: it takes place nowhere.
  expect(mine["Mid-Autumn mooncake box"]!.hasCalendar).toBe(false);
  expect(await refused(me, mine["Mid-Autumn mooncake box"]!.trade)).toBe("ERROR_RESULT_NULL");
  expect(await refused(me, "NO-SUCH-ORDER")).toBe("ERROR_RESULT_NULL");
  expect(await refused(me, "../../etc/passwd")).toBe("ERROR_PARAMS");
  // Signed out: the call needs a member.
  const anonymous = t.client();
  const got = await anonymous.download("/order/calendar", { trade: mine["Friday film night"]!.trade });
  expect("answer" in got && got.answer.message.code).toBe("ERROR_LOGIN_CODE");
});

test("a sign-up's calendar file downloads at once, and stops when the order is cancelled", async () => {
  const c = await t.as("cn100001");
  const signed = await c.call<Answer>("/order/sign", { activity: await activityId("Lunchtime book club") });
  expect(signed.message.code).toBe("SUCCESS");
  const got = await c.download("/order/calendar", { trade: signed.trade });
  expect("file" in got && summaries(await got.file.text())).toEqual(["午间读书分享会"]);
  expect((await c.call("/order/cancel", { id: signed.order })).message.code).toBe("SUCCESS");
  const after = await c.download("/order/calendar", { trade: signed.trade });
  expect("answer" in after && after.answer.message.code).toBe("ERROR_RESULT_NULL");
});

test("the feed lists exactly the member's live sign-ups, upcoming and recent, nothing of another member's and nothing cancelled", async () => {
  const c = await t.as("cn100001");
  expect((await c.call<Answer>("/user/calendar")).feed).toBeNull();
  const made = await c.call<Answer>("/user/calendar/create");
  expect(made.message.code).toBe("SUCCESS");
  expect(made.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect((await c.call("/user/calendar/create", { language: "fr" } as never)).message.code).toBe("ERROR_PARAMS");
  try {
    expect((await c.call<Answer>("/user/calendar")).feed).toEqual({ createTime: t.clock.now().toISOString() });
    // Only its hash is kept.
    const [stored] = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.tokenHash, new Bun.CryptoHasher("sha256").update(made.token).digest("hex")));
    expect(stored).toBeDefined();
    expect(JSON.stringify(await t.db.select().from(calendarFeeds))).not.toContain(made.token);

    const res = await feed(made.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const ics = await res.text();
    expect(ics).toContain("X-WR-CALNAME:工会活动\r\n");
    // Film night (live, ahead). Not: the cancelled book club, the mooncakes (no time), last year's party (long past),
    // the concert (cn100002's).
    expect(summaries(ics)).toEqual(["周五电影夜"]);

    // A new sign-up is there on the next read, sooner events first; its cancel takes it away.
    const signed = await c.call<Answer>("/order/sign", { activity: await activityId("Lunchtime book club") });
    expect(signed.message.code).toBe("SUCCESS");
    expect(summaries(await (await feed(made.token)).text())).toEqual(["午间读书分享会", "周五电影夜"]);
    expect((await c.call("/order/cancel", { id: signed.order })).message.code).toBe("SUCCESS");
    expect(summaries(await (await feed(made.token)).text())).toEqual(["周五电影夜"]);

    // Recent: an event that ended within 30 days stays; older ones go.
    t.clock.set(new Date(t.clock.now().getTime() + 40 * 86_400_000));
    expect(summaries(await (await feed(made.token)).text())).toEqual(["周五电影夜"]);
    t.clock.set(new Date(t.clock.now().getTime() + 20 * 86_400_000));
    expect(summaries(await (await feed(made.token)).text())).toEqual([]);
  } finally {
    t.clock.reset();
    await c.call("/user/calendar/revoke");
  }
});

test("creating and revoking are audited; a revoked address answers 404 at once, a renewed one replaces the old", async () => {
  const c = await t.as("cn100002");
  const [me] = await t.db.select({ id: users.id }).from(users).where(eq(users.employees, "cn100002"));
  // Made without a page language: the member's own (English).
  const first = await c.call<Answer>("/user/calendar/create");
  expect((await feed(first.token)).status).toBe(200);
  // Renew: a new address; the old one stops.
  const second = await c.call<Answer>("/user/calendar/create", { language: "en" });
  expect(second.token).not.toBe(first.token);
  expect((await feed(first.token)).status).toBe(404);
  const english = await (await feed(second.token)).text();
  expect(english).toContain("X-WR-CALNAME:Union activities\r\n");
  expect(english).toContain("LOCATION;LANGUAGE=en:City Concert Hall\r\n");
  expect(summaries(english)).toEqual(["New Year concert tickets"]);
  // Revoke: the address stops at once (looked up afresh on every read), on another instance of the same database too.
  const other = createApp(t.deps, createAppState(t.deps));
  const onOther = (token: string) => other.handle(new Request(`http://localhost/api/calendar/feed?token=${token}`));
  expect((await onOther(second.token)).status).toBe(200);
  expect((await c.call("/user/calendar/revoke")).message.code).toBe("SUCCESS");
  const gone = await feed(second.token);
  expect(gone.status).toBe(404);
  expect((await onOther(second.token)).status).toBe(404);
  expect((await c.call<Answer>("/user/calendar")).feed).toBeNull();
  // Nothing left to revoke.
  expect((await c.call("/user/calendar/revoke")).message.code).toBe("ERROR_RESULT_NULL");
  const logged = await t.db.select().from(operationLog).where(and(eq(operationLog.userId, me!.id)));
  const calendarRows = logged.filter((r) => r.action.startsWith("calendar."));
  expect(calendarRows.map((r) => [r.action, r.detail])).toEqual([
    ["calendar.create", "create"],
    ["calendar.create", "renew"],
    ["calendar.revoke", null],
  ]);
  for (const r of calendarRows) expect(JSON.stringify(r)).not.toContain(second.token);
});

test("an unknown address, a revoked one and a member who left get the same 404; a malformed one is a 400", async () => {
  const unknown = await feed("A".repeat(43));
  expect(unknown.status).toBe(404);
  const unknownBody = await unknown.text();
  expect((await feed("short")).status).toBe(400);
  expect((await feed(`${"A".repeat(42)}/`)).status).toBe(400);

  const c = await t.as("cn100001");
  const made = await c.call<Answer>("/user/calendar/create");
  const [me] = await t.db.select({ id: users.id }).from(users).where(eq(users.employees, "cn100001"));
  await t.db.update(users).set({ state: USER_STATE.USER_STATE_LEFT }).where(eq(users.id, me!.id));
  try {
    const left = await feed(made.token);
    expect(left.status).toBe(404);
    expect(await left.text()).toBe(unknownBody);
  } finally {
    await t.db.update(users).set({ state: USER_STATE.USER_STATE_ACTIVE }).where(eq(users.id, me!.id));
  }
  expect((await feed(made.token)).status).toBe(200);
  expect((await c.call("/user/calendar/revoke")).message.code).toBe("SUCCESS");
  const revoked = await feed(made.token);
  expect(revoked.status).toBe(404);
  expect(await revoked.text()).toBe(unknownBody);
});

test("each address has its own budget: a burst, then one read a minute, told 429 in between", async () => {
  const a = await t.as("cn100001");
  const b = await t.as("cn100002");
  const tokenA = (await a.call<Answer>("/user/calendar/create")).token;
  const tokenB = (await b.call<Answer>("/user/calendar/create")).token;
  try {
    for (let i = 0; i < FEED_BURST; i++) expect((await feed(tokenA)).status).toBe(200);
    const over = await feed(tokenA);
    expect(over.status).toBe(429);
    expect((await over.json()).message.code).toBe("ERROR_OFTEN");
    // Another member's address is not held back by it.
    expect((await feed(tokenB)).status).toBe(200);
    t.clock.advance(61_000);
    expect((await feed(tokenA)).status).toBe(200);
    expect((await feed(tokenA)).status).toBe(429);
  } finally {
    t.clock.reset();
    await a.call("/user/calendar/revoke");
    await b.call("/user/calendar/revoke");
  }
});

test("an editor sets when and where an activity takes place: both times or neither, the end after the start", async () => {
  const editor = await t.as("cn000002");
  const id = await activityId("R&D tech salon");
  const info = await editor.call<Answer>("/activity/edit/info", { id });
  expect(info.message.code).toBe("SUCCESS");
  const base = info.activity;
  expect(base.placeEn).toBe("Lecture hall, building B, R&D centre");
  const save = (fields: Record<string, unknown>) =>
    editor.call<Answer>("/activity/update", { activity: { ...pickFields(base), ...fields } });
  const start = "2026-04-01T06:00:00.000Z";
  const end = "2026-04-01T08:00:00.000Z";
  expect((await save({ eventStart: start, eventEnd: null })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "eventEnd" } });
  expect((await save({ eventStart: end, eventEnd: start })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "eventEnd", reason: "order" } });
  expect((await save({ eventStart: start, eventEnd: end, placeZh: " <三楼> 会议室 ", placeEn: "Room 3" })).message.code).toBe("SUCCESS");
  const [row] = await t.db.select().from(activities).where(eq(activities.id, id));
  expect([row!.eventStart!.toISOString(), row!.eventEnd!.toISOString(), row!.placeZh, row!.placeEn]).toEqual([start, end, "&lt;三楼&gt; 会议室", "Room 3"]);
  // Absent: unchanged.
  expect((await save({})).message.code).toBe("SUCCESS");
  const [same] = await t.db.select().from(activities).where(eq(activities.id, id));
  expect(same!.eventStart!.toISOString()).toBe(start);
  // Put back as seeded.
  await t.db.update(activities).set({ eventStart: base.eventStart ? new Date(base.eventStart) : null, eventEnd: base.eventEnd ? new Date(base.eventEnd) : null, placeZh: base.placeZh, placeEn: base.placeEn }).where(eq(activities.id, id));
});

/** The editor's activity fields as /activity/update takes them, without the calendar's (so "absent" is tried too). */
function pickFields(a: Answer) {
  const { eventStart: _s, eventEnd: _e, placeZh: _z, placeEn: _n, ...rest } = activityPartOf(a as never) as Answer;
  return rest;
}
