// Reminders (issue 32 item 2, decision 139): a member chooses which and by
// what; the job sends each kind when it falls due, in the member's language,
// exactly once (two instances racing, a second run after a restart), never to
// a member who left, never by SMS in the quiet hours; staff see what is
// scheduled and what was sent.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { and, eq, sql } from "drizzle-orm";
import { createAppState } from "../../src/app-state";
import { duesOrders, memberConfig, orders, outbox, reminders, users, waitlist, WAITLIST_STATE } from "../../src/db/schema";
import { JOBS, runJob } from "../../src/jobs/scheduler";
import { LANGUAGE, ORDER_STATE, PAGE, USER_STATE } from "../../src/protocol/enumerations";
import type { ApiClient } from "../../src/protocol/client";
import { at, makeActivity, makeMembers } from "../helpers/activities";
import { START, startTestApp, type TestApp } from "../helpers/app";

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
}, 60_000);
afterEach(async () => {
  t.clock.reset();
  await t.close();
});

type Answer = { message: { code: string; params?: Record<string, unknown> } } & Record<string, any>;
type Member = { id: number; account: string; client: ApiClient; mail: string };

const reminderJob = JOBS.find((j) => j.name === "send-reminders")!;
const tick = (now: Date) => runJob(t, reminderJob, now);

/** Members with a mail address each (and a phone), signed in. */
async function members(n: number, over: Partial<typeof users.$inferInsert> = {}): Promise<Member[]> {
  const made = await makeMembers(t.db, n, "rm");
  return Promise.all(
    made.map(async (m, i) => {
      const mail = `remind.${m.id}@union.example.com`;
      await t.db.update(users).set({ mail, phone: `1390000${String(m.id).padStart(4, "0").slice(-4)}`, ...over }).where(eq(users.id, m.id));
      return { ...m, mail, client: await t.as(m.account) };
    }),
  );
}

const sentTo = (m: { id: number }) => t.db.select().from(reminders).where(eq(reminders.userId, m.id)).orderBy(reminders.id);
const messagesTo = (to: string) => t.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(outbox.id);

describe("a member's choices", () => {
  test("every kind is on by mail until the member chooses; they save which and by what, for themselves only", async () => {
    const [m] = await members(1);
    const mine = await m!.client.call<Answer>("/user/reminders", {});
    expect(mine.kinds).toEqual(["activity-start", "window-closing", "order-unpaid", "offer-ending", "dues-due"].map((kind) => ({ kind, on: true })));
    expect(mine).toMatchObject({ channel: "mail", chosen: null, reach: { mail: true, sms: true } });
    expect((await m!.client.call<Answer>("/user/reminders/save", { on: ["activity-start"], channel: "sms" })).message.code).toBe("SUCCESS");
    const saved = await m!.client.call<Answer>("/user/reminders", {});
    expect(saved.kinds.filter((k: any) => k.on).map((k: any) => k.kind)).toEqual(["activity-start"]);
    expect(saved).toMatchObject({ channel: "sms", chosen: "sms" });
    // Hostile input: refused naming what is wrong, nothing written.
    expect((await m!.client.call<Answer>("/user/reminders/save", { on: ["everything"], channel: "sms" })).message.code).toBe("ERROR_PARAMS");
    expect((await m!.client.call<Answer>("/user/reminders/save", { on: [], channel: "pigeon" })).message.code).toBe("ERROR_PARAMS");
    expect((await m!.client.call<Answer>("/user/reminders", {})).kinds.filter((k: any) => k.on).length).toBe(1);
  });
});

describe("each kind falls due once", () => {
  test("an activity signed up for starts tomorrow: once, in the member's language, by the channel chosen; two instances and a second run send nothing more", async () => {
    const a = await makeActivity(t.db, { cap: 10, eventStart: at(30), eventEnd: at(32), nameZh: "春季徒步", nameEn: "Spring hike" });
    const [zh, en, quiet] = await members(3);
    await t.db.update(users).set({ language: LANGUAGE.LANGUAGE_EN }).where(eq(users.id, en!.id));
    for (const m of [zh, en, quiet]) expect((await m!.client.call<Answer>("/order/sign", { activity: a.id })).message.code).toBe("SUCCESS");
    await quiet!.client.call("/user/reminders/save", { on: ["window-closing"], channel: "mail" });

    await tick(at(5.9));
    expect(await sentTo(zh!)).toEqual([]);
    const other = { database: t.deps.database, config: t.deps.config, state: createAppState(t.deps) };
    await Promise.all([tick(at(6.1)), runJob(other, reminderJob, at(6.1)), tick(at(6.2))]);
    await tick(at(7));
    const [sent] = await sentTo(zh!);
    expect(await sentTo(zh!)).toHaveLength(1);
    expect(sent).toMatchObject({ kind: "activity-start", subject: a.id, channel: "mail" });
    const [zhMail] = await messagesTo(zh!.mail);
    expect(zhMail!.subject).toBe("明天开始：春季徒步");
    expect(zhMail!.text).toContain("2026-03-03 15:30（北京时间）");
    const [enMail] = await messagesTo(en!.mail);
    expect(enMail!.subject).toBe("Tomorrow: Spring hike");
    expect(await messagesTo(zh!.mail)).toHaveLength(1);
    expect(await sentTo(quiet!)).toEqual([]);
  });

  test("a window the member looked at closes within a day: those who saw it and hold no place hear it, others do not", async () => {
    const a = await makeActivity(t.db, { cap: 10, signEnd: at(20) });
    const [looked, signed, never] = await members(3);
    for (const m of [looked, signed]) expect((await m!.client.call<Answer>("/system/visit", { page: PAGE.PAGE_ACTIVITY_INFO, params: JSON.stringify({ id: String(a.id) }) })).message.code).toBe("SUCCESS");
    expect((await signed!.client.call<Answer>("/order/sign", { activity: a.id })).message.code).toBe("SUCCESS");
    // Due a day before the close (at(-4)), but only once the window is open (at(-1)).
    await tick(at(-1.5));
    expect(await sentTo(looked!)).toEqual([]);
    await tick(at(-0.5));
    expect((await sentTo(looked!)).map((r) => r.kind)).toEqual(["window-closing"]);
    expect(await sentTo(signed!)).toEqual([]);
    expect(await sentTo(never!)).toEqual([]);
  });

  test("an unpaid sign-up two minutes before its window ends, and an offer two hours before it ends", async () => {
    const priced = await makeActivity(t.db, { cap: 10, price: 1000 });
    const [payer, waiter] = await members(2);
    const signed = await payer!.client.call<Answer>("/order/sign", { activity: priced.id });
    expect(signed.expires).not.toBeNull();
    const expires = new Date(signed.expires);
    await tick(new Date(expires.getTime() - 150_000));
    expect(await sentTo(payer!)).toEqual([]);
    await tick(new Date(expires.getTime() - 100_000));
    expect((await sentTo(payer!)).map((r) => [r.kind, r.subject])).toEqual([["order-unpaid", signed.order]]);
    // Paid in time, nothing; past its end, nothing either.
    const full = await makeActivity(t.db, { cap: 1, waitlist: true });
    const [offer] = await t.db
      .insert(waitlist)
      .values({ activityId: full.id, userId: waiter!.id, state: WAITLIST_STATE.OFFERED, createdAt: START, offeredAt: START, expiresAt: at(24) })
      .returning();
    await tick(at(21.9));
    expect(await sentTo(waiter!)).toEqual([]);
    await tick(at(22.1));
    expect((await sentTo(waiter!)).map((r) => [r.kind, r.subject])).toEqual([["offer-ending", offer!.id]]);
    expect((await messagesTo(waiter!.mail))[0]!.subject).toBe("保留名额即将到期：测试活动");
  });

  test("this year's dues during the billing year's first month, to active members who have not paid; a member who left hears nothing", async () => {
    const [owes, paid, left] = await members(3);
    await t.db.update(users).set({ state: USER_STATE.USER_STATE_LEFT }).where(eq(users.id, left!.id));
    // The billing year starts on 1 March (China time): START is its second day.
    await t.db.update(memberConfig).set({ month: 3, day: 1 }).where(eq(memberConfig.id, 1));
    await t.db.insert(duesOrders).values({ sysTrade: "D-reminder-paid", userId: paid!.id, year: 2026, nameZh: "2026年会费", nameEn: "Dues 2026", amount: 6000, state: ORDER_STATE.ORDER_STATE_SUCCESS, createdAt: START, expiresAt: START });
    await tick(START);
    expect((await sentTo(owes!)).map((r) => [r.kind, r.subject])).toEqual([["dues-due", 2026]]);
    expect(await sentTo(paid!)).toEqual([]);
    expect(await sentTo(left!)).toEqual([]);
    // A month later nobody more is reminded (a member who joined since meets the dues prompt).
    const [late] = await members(1);
    await tick(at(24 * 31));
    expect(await sentTo(late!)).toEqual([]);
  });
});

describe("quiet hours and staff", () => {
  test("an SMS due between 22:00 and 08:00 China time waits till eight; mail does not wait", async () => {
    const a = await makeActivity(t.db, { cap: 10, eventStart: at(36), eventEnd: at(38) });
    const [byText, byMail] = await members(2);
    await byText!.client.call("/user/reminders/save", { on: ["activity-start"], channel: "sms" });
    for (const m of [byText, byMail]) expect((await m!.client.call<Answer>("/order/sign", { activity: a.id })).message.code).toBe("SUCCESS");
    // at(13.5) is 23:00 in Beijing; both are due (a day before 21:30 the next day).
    await tick(at(13.5));
    expect((await sentTo(byMail!)).map((r) => r.channel)).toEqual(["mail"]);
    expect(await sentTo(byText!)).toEqual([]);
    await tick(at(22.4));
    expect(await sentTo(byText!)).toEqual([]);
    await tick(at(22.6));
    const [text] = await sentTo(byText!);
    expect(text!.channel).toBe("sms");
    const [sms] = await t.db.select().from(outbox).where(and(eq(outbox.channel, "sms"), eq(outbox.id, text!.outboxId!)));
    expect(sms!.template).toMatchObject({ name: "reminder" });
  });

  test("staff see what is scheduled over the next day and what was sent; a member cannot", async () => {
    const a = await makeActivity(t.db, { cap: 10, eventStart: at(30), eventEnd: at(31), nameEn: "Book club" });
    const [m] = await members(1);
    expect((await m!.client.call<Answer>("/order/sign", { activity: a.id })).message.code).toBe("SUCCESS");
    const staff = await t.as("cn000003");
    const before = await staff.call<Answer>("/reminders/overview", {});
    expect(before.message.code).toBe("SUCCESS");
    expect(before.scheduled.list).toContainEqual(expect.objectContaining({ kind: "activity-start", nameEn: "Book club", due: at(6).toISOString(), user: expect.objectContaining({ id: m!.id }) }));
    await tick(at(6.5));
    const after = await staff.call<Answer>("/reminders/overview", {});
    expect(after.scheduled.list.some((r: any) => r.user.id === m!.id)).toBe(false);
    expect(after.sent.list).toContainEqual(expect.objectContaining({ kind: "activity-start", nameEn: "Book club", channel: "mail", delivery: expect.any(String) }));
    expect((await m!.client.call<Answer>("/reminders/overview", {})).message.code).toBe("ERROR_NOT_POWER");
    const logged = await t.db.execute(sql`select count(*)::int as n from operation_log where action = 'job.send-reminders'`);
    expect(Number(((logged as any).rows ?? logged)[0].n)).toBeGreaterThan(0);
  });
});

// Orders are read to check nothing else changed hands.
void orders;
