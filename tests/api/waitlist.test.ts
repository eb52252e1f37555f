// The waiting list (issue 20): joining and leaving the line of a full
// activity, the held offer a freed place becomes (a cancel, a payment expiry,
// a raised cap), the offer's sign-up through the normal /order/sign, expiry
// to the next in line, and never an oversold activity when cancels, offers
// and sign-ups really race (PGlite here, PostgreSQL in CI, two instances).
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { and, eq, inArray, ne } from "drizzle-orm";
import { orderItems, outbox, users, waitlist, WAITLIST_STATE } from "../../src/db/schema";
import { JOBS, runJob } from "../../src/jobs/scheduler";
import { ORDER_STATE } from "../../src/protocol/enumerations";
import type { ApiClient } from "../../src/protocol/client";
import { activityRow, at, makeActivity, makeMembers } from "../helpers/activities";
import { editInfo, saveBasics } from "../helpers/activity-editor";
import { startTestApp, type TestApp } from "../helpers/app";
import { secondInstance } from "../helpers/races";

let t: TestApp;
beforeEach(async () => {
  // Offers of half an hour: a test moving the clock past two of them stays inside its sessions' lifetime.
  t = await startTestApp({ WAITLIST_OFFER_MINUTES: "30" });
}, 60_000);
afterEach(async () => {
  t.clock.reset();
  await t.close();
});

type Answer = { message: { code: string; params?: Record<string, unknown> } } & Record<string, any>;
type Member = { id: number; account: string; client: ApiClient };

async function members(n: number): Promise<Member[]> {
  const made = await makeMembers(t.db, n, "wl");
  return Promise.all(made.map(async (m) => ({ ...m, client: await t.as(m.account) })));
}

/** A full activity with its line open: `cap` places, each taken by one of the first members. */
async function fullActivity(cap: number, over: Parameters<typeof makeActivity>[1] = {}) {
  const a = await makeActivity(t.db, { cap, waitlist: true, allowCancel: true, allowCancelDate: at(48), ...over });
  const holders = await members(cap);
  const orders: number[] = [];
  for (const h of holders) {
    const signed = await h.client.call<Answer>("/order/sign", { activity: a.id });
    expect(signed.message.code).toBe("SUCCESS");
    orders.push(signed.order);
  }
  return { a, holders, orders };
}

const call = (m: Member, path: string, input: Record<string, unknown>) => m.client.call<Answer>(path, input);
const entriesOf = (activityId: number) => t.db.select().from(waitlist).where(eq(waitlist.activityId, activityId)).orderBy(waitlist.id);
const liveItems = (activityId: number) =>
  t.db.select().from(orderItems).where(and(eq(orderItems.activityId, activityId), ne(orderItems.state, ORDER_STATE.ORDER_STATE_CANCEL)));
const liveOffers = async (activityId: number) => (await entriesOf(activityId)).filter((e) => e.state === WAITLIST_STATE.OFFERED);
const job = (name: string) => JOBS.find((j) => j.name === name)!;
const runAt = (name: string, now: Date) => runJob(t, job(name), now);

/** The invariant: the places taken are exactly the live orders' and the live offers' (one each here), never above the cap. */
async function expectBalanced(activityId: number) {
  const row = await activityRow(t.db, activityId);
  const items = await liveItems(activityId);
  const offers = await liveOffers(activityId);
  expect(row.used).toBe(items.length + offers.length);
  if (row.cap !== null) expect(row.used).toBeLessThanOrEqual(row.cap);
  return { used: row.used, orders: items.length, offers: offers.length };
}

describe("joining and leaving the line", () => {
  test("a member joins the line of a full activity, sees their place, and leaves it", async () => {
    const { a, holders } = await fullActivity(1);
    const [b, c] = await members(2);
    expect((await call(b!, "/waitlist/join", { activity: a.id })).position).toBe(1);
    const joined = await call(c!, "/waitlist/join", { activity: a.id });
    expect(joined).toMatchObject({ message: { code: "SUCCESS" }, position: 2 });

    const page = await call(c!, "/activity/info", { id: a.id });
    expect(page.activity.check.code).toBe("ERROR_SIGN_FULL");
    expect(page.activity.waitlist).toMatchObject({ enabled: true, entry: { state: "waiting", position: 2, expires: null } });
    const mine = await call(c!, "/waitlist/mine", {});
    expect(mine.list).toEqual([expect.objectContaining({ state: "waiting", position: 2, activity: expect.objectContaining({ id: a.id, nameEn: "Test activity" }) })]);

    // Once, and not by the member who holds a place.
    expect((await call(c!, "/waitlist/join", { activity: a.id })).message.code).toBe("ERROR_WAITLIST_ALREADY");
    expect((await call(holders[0]!, "/waitlist/join", { activity: a.id })).message.code).toBe("ERROR_SIGN_FINISH");

    // B leaves: C moves up.
    expect((await call(b!, "/waitlist/leave", { activity: a.id })).message.code).toBe("SUCCESS");
    expect((await call(c!, "/waitlist/mine", {})).list[0].position).toBe(1);
    expect((await call(b!, "/waitlist/leave", { activity: a.id })).message.code).toBe("ERROR_WAITLIST_NONE");
    expect((await call(b!, "/waitlist/mine", {})).list).toEqual([]);
    // And may join again, at the end.
    expect((await call(b!, "/waitlist/join", { activity: a.id })).position).toBe(2);
    await expectBalanced(a.id);
  });

  test("no line on an activity with places free, nor where the editor did not open one, nor on one the member cannot see", async () => {
    const open = await makeActivity(t.db, { cap: 5, waitlist: true });
    const [m, holder] = await members(2);
    expect((await call(m!, "/waitlist/join", { activity: open.id })).message.code).toBe("ERROR_WAITLIST_NOT_FULL");
    const closed = await makeActivity(t.db, { cap: 1 });
    expect((await call(holder!, "/order/sign", { activity: closed.id })).message.code).toBe("SUCCESS");
    expect((await call(m!, "/waitlist/join", { activity: closed.id })).message.code).toBe("ERROR_WAITLIST_OFF");
    const ended = await makeActivity(t.db, { cap: 0, waitlist: true, signEnd: at(-0.5) });
    expect((await call(m!, "/waitlist/join", { activity: ended.id })).message.code).toBe("ERROR_SIGN_END");
    expect((await call(m!, "/waitlist/join", { activity: 99_999_999 })).message.code).toBe("ERROR_RESULT_NULL");
    expect((await entriesOf(open.id)).length + (await entriesOf(closed.id)).length).toBe(0);
    // Hostile input is refused with ERROR_PARAMS, never a 500.
    expect((await m!.client.call<Answer>("/waitlist/join", { activity: "1; drop table waitlist" } as never)).message.code).toBe("ERROR_PARAMS");
  });

  test("joining and leaving are written to the operation log", async () => {
    const { a } = await fullActivity(1);
    const [b] = await members(1);
    await call(b!, "/waitlist/join", { activity: a.id });
    await call(b!, "/waitlist/leave", { activity: a.id });
    const logged = await t.db.execute<{ action: string; user_id: number }>(
      // The kit's audit rows, by action.
      (await import("drizzle-orm")).sql`select action, user_id from operation_log where target_id = ${String(a.id)} and action like 'waitlist.%' order by id`,
    );
    const rows = ((logged as { rows?: unknown[] }).rows ?? logged) as { action: string; user_id: number }[];
    expect(rows.map((r) => r.action)).toEqual(["waitlist.join", "waitlist.leave"]);
    expect(rows.every((r) => Number(r.user_id) === b!.id)).toBe(true);
  });
});

describe("a freed place goes to the first in line, held", () => {
  test("a cancel offers the place to the first in line: it stays taken, the offer is mailed, and the offer's sign-up takes it", async () => {
    const { a, holders, orders } = await fullActivity(1);
    const [b, c, d] = await members(3);
    await t.db.update(users).set({ mail: "waiter.b@union.example.com" }).where(eq(users.id, b!.id));
    await call(b!, "/waitlist/join", { activity: a.id });
    await call(c!, "/waitlist/join", { activity: a.id });

    expect((await call(holders[0]!, "/order/cancel", { id: orders[0] })).message.code).toBe("SUCCESS");
    // The place is B's: still taken, and a third member finds the activity full.
    expect(await expectBalanced(a.id)).toEqual({ used: 1, orders: 0, offers: 1 });
    const [offer] = await liveOffers(a.id);
    expect(offer!.userId).toBe(b!.id);
    expect(offer!.expiresAt!.getTime()).toBe(t.clock.now().getTime() + t.config.waitlistOfferMs);
    expect((await call(d!, "/order/sign", { activity: a.id })).message.code).toBe("ERROR_SIGN_FULL");
    expect((await call(d!, "/waitlist/join", { activity: a.id })).position).toBe(2);

    // The message, in the outbox, names the activity and the time (China time).
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, "waiter.b@union.example.com"));
    expect(mail!.channel).toBe("mail");
    expect(mail!.text).toContain("测试活动");
    expect(mail!.text).toContain("2026-03-02 10:00");

    // B's page and order list show the offer; C is still second... now first in line.
    const page = await call(b!, "/activity/info", { id: a.id });
    expect(page.activity.waitlist.entry).toMatchObject({ id: offer!.id, state: "offered", position: null, expires: offer!.expiresAt!.toISOString() });
    expect((await call(c!, "/waitlist/mine", {})).list[0]).toMatchObject({ state: "waiting", position: 1 });

    // Without naming the offer, B meets "full" like anyone; naming it, B signs up through the normal call.
    expect((await call(b!, "/order/sign", { activity: a.id })).message.code).toBe("ERROR_SIGN_FULL");
    expect((await call(c!, "/order/sign", { activity: a.id, offer: offer!.id })).message.code).toBe("ERROR_WAITLIST_OFFER_EXPIRED");
    const signed = await call(b!, "/order/sign", { activity: a.id, offer: offer!.id });
    expect(signed.message.code).toBe("SUCCESS");
    expect(await expectBalanced(a.id)).toEqual({ used: 1, orders: 1, offers: 0 });
    const [taken] = await t.db.select().from(waitlist).where(eq(waitlist.id, offer!.id));
    expect(taken).toMatchObject({ state: WAITLIST_STATE.TAKEN, orderId: signed.order });
    // Used once: a second sign-up naming it is refused.
    expect((await call(b!, "/order/sign", { activity: a.id, offer: offer!.id })).message.code).toBe("ERROR_WAITLIST_OFFER_EXPIRED");
  });

  test("an offer not taken in time expires to the next in line, and with nobody left the place is free again", async () => {
    const { a, holders, orders } = await fullActivity(1);
    const [b, c, d] = await members(3);
    await call(b!, "/waitlist/join", { activity: a.id });
    await call(c!, "/waitlist/join", { activity: a.id });
    await call(holders[0]!, "/order/cancel", { id: orders[0] });
    const [first] = await liveOffers(a.id);
    expect(first!.userId).toBe(b!.id);

    // Not yet due: the job changes nothing.
    await runAt("expire-offers", new Date(first!.expiresAt!.getTime() - 1000));
    expect((await liveOffers(a.id))[0]!.id).toBe(first!.id);

    t.clock.set(new Date(first!.expiresAt!.getTime() + 1000));
    expect((await call(b!, "/order/sign", { activity: a.id, offer: first!.id })).message.code).toBe("ERROR_WAITLIST_OFFER_EXPIRED");
    await runAt("expire-offers", t.clock.now());
    const [second] = await liveOffers(a.id);
    expect(second!.userId).toBe(c!.id);
    expect((await t.db.select().from(waitlist).where(eq(waitlist.id, first!.id)))[0]!.state).toBe(WAITLIST_STATE.EXPIRED);
    expect(await expectBalanced(a.id)).toEqual({ used: 1, orders: 0, offers: 1 });
    // Run again at once: idempotent.
    await runAt("expire-offers", t.clock.now());
    expect((await liveOffers(a.id))[0]!.id).toBe(second!.id);

    t.clock.set(new Date(second!.expiresAt!.getTime() + 1000));
    await runAt("expire-offers", t.clock.now());
    expect(await expectBalanced(a.id)).toEqual({ used: 0, orders: 0, offers: 0 });
    // Free for anyone now.
    expect((await call(d!, "/order/sign", { activity: a.id })).message.code).toBe("SUCCESS");
  });

  test("declining an offer passes the place on at once", async () => {
    const { a, holders, orders } = await fullActivity(1);
    const [b, c] = await members(2);
    await call(b!, "/waitlist/join", { activity: a.id });
    await call(c!, "/waitlist/join", { activity: a.id });
    await call(holders[0]!, "/order/cancel", { id: orders[0] });
    expect((await liveOffers(a.id))[0]!.userId).toBe(b!.id);
    expect((await call(b!, "/waitlist/leave", { activity: a.id })).message.code).toBe("SUCCESS");
    const [next] = await liveOffers(a.id);
    expect(next!.userId).toBe(c!.id);
    expect(await expectBalanced(a.id)).toEqual({ used: 1, orders: 0, offers: 1 });
    expect((await call(c!, "/order/sign", { activity: a.id, offer: next!.id })).message.code).toBe("SUCCESS");
  });

  test("a payment window that expires frees its place to the line, and a paid offer's own window passes it on when it expires", async () => {
    const a = await makeActivity(t.db, { cap: 1, waitlist: true, price: 1000 });
    const [x, b, c] = await members(3);
    expect((await call(x!, "/order/sign", { activity: a.id })).message.code).toBe("SUCCESS");
    await call(b!, "/waitlist/join", { activity: a.id });
    await call(c!, "/waitlist/join", { activity: a.id });
    t.clock.advance(6 * 60_000);
    await runAt("expire-orders", t.clock.now());
    const [offer] = await liveOffers(a.id);
    expect(offer!.userId).toBe(b!.id);
    // B signs up from the offer: the order waits for payment in its own 5 minutes, on the held place.
    const signed = await call(b!, "/order/sign", { activity: a.id, offer: offer!.id });
    expect(signed).toMatchObject({ message: { code: "SUCCESS" }, state: { id: ORDER_STATE.ORDER_STATE_WAIT } });
    expect(await expectBalanced(a.id)).toEqual({ used: 1, orders: 1, offers: 0 });
    t.clock.advance(6 * 60_000);
    await runAt("expire-orders", t.clock.now());
    expect((await liveOffers(a.id))[0]!.userId).toBe(c!.id);
    expect(await expectBalanced(a.id)).toEqual({ used: 1, orders: 0, offers: 1 });
  });

  test("an editor raising the cap offers the new places in line; closing the line takes the waiting out", async () => {
    const { a } = await fullActivity(1);
    const waiting = await members(3);
    for (const w of waiting) await call(w, "/waitlist/join", { activity: a.id });
    const editor = await t.as("cn000002");
    expect((await saveBasics(editor, a.id, { formStock: "3" })).message.code).toBe("SUCCESS");
    const offers = await liveOffers(a.id);
    expect(offers.map((o) => o.userId)).toEqual([waiting[0]!.id, waiting[1]!.id]);
    expect(await expectBalanced(a.id)).toEqual({ used: 3, orders: 1, offers: 2 });
    // Never below the places taken, held ones included.
    expect((await saveBasics(editor, a.id, { formStock: "2" })).message.params).toMatchObject({ field: "formStock", reason: "used", used: 3 });

    // The editor reads the setting back, and closes the line: the one still waiting leaves it, the offers stay.
    expect((await editInfo(editor, a.id)).activity.waitlist).toBe(true);
    expect((await saveBasics(editor, a.id, { waitlist: false })).message.code).toBe("SUCCESS");
    expect((await call(waiting[2]!, "/waitlist/mine", {})).list).toEqual([]);
    expect(await liveOffers(a.id)).toHaveLength(2);
    expect((await call(waiting[2]!, "/waitlist/join", { activity: a.id })).message.code).toBe("ERROR_WAITLIST_OFF");
    // An offer declined on a closed line frees the place for anyone.
    await call(waiting[0]!, "/waitlist/leave", { activity: a.id });
    expect(await expectBalanced(a.id)).toEqual({ used: 2, orders: 1, offers: 1 });
  });

  test("staff see the line's size in the editor's read of the activity", async () => {
    const { a } = await fullActivity(1);
    const waiting = await members(2);
    for (const w of waiting) await call(w, "/waitlist/join", { activity: a.id });
    const editor = await t.as("cn000002");
    expect((await editInfo(editor, a.id)).activity.waitlistCount).toEqual({ waiting: 2, offered: 0 });
  });

  test("staff read an activity's line: the offer holding a place first, then those waiting in their order, phones masked; a member may not", async () => {
    const { a, holders, orders } = await fullActivity(1);
    const [first] = await members(1);
    await call(first!, "/waitlist/join", { activity: a.id });
    const demo = await t.as("cn100001");
    expect((await demo.call<Answer>("/waitlist/join", { activity: a.id })).position).toBe(2);
    const [third] = await members(1);
    await call(third!, "/waitlist/join", { activity: a.id });
    // The holder cancels: the first in line is offered the place, and the others move up.
    expect((await call(holders[0]!, "/order/cancel", { id: orders[0] })).message.code).toBe("SUCCESS");

    const editor = await t.as("cn000002");
    const line = await editor.call<Answer>("/waitlist/activity", { activity: a.id });
    expect(line).toMatchObject({ message: { code: "SUCCESS" }, enabled: true, waiting: 2, offered: 1 });
    expect(line.list.map((e: Answer) => [e.state, e.position, e.user.employees])).toEqual([
      ["offered", null, first!.account],
      ["waiting", 1, "cn100001"],
      ["waiting", 2, third!.account],
    ]);
    expect(new Date(line.list[0].expires).getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect(line.list[1]).toMatchObject({ expires: null, user: { name: "陈会员", phone: "139****0001" } });
    expect(line.list.every((e: Answer) => typeof e.joined === "string")).toBe(true);

    // Members may not read it; a missing activity and hostile input are refused.
    expect((await call(third!, "/waitlist/activity", { activity: a.id })).message.code).toBe("ERROR_NOT_POWER");
    expect((await editor.call<Answer>("/waitlist/activity", { activity: 99_999_999 })).message.code).toBe("ERROR_RESULT_NULL");
    expect((await editor.call<Answer>("/waitlist/activity", { activity: "x" } as never)).message.code).toBe("ERROR_PARAMS");
  });
});

describe("never oversold when places, offers and sign-ups race", () => {
  test("a cancel racing twelve sign-ups: the freed place is the first waiter's, nobody else's", async () => {
    const { a, holders, orders } = await fullActivity(2);
    const [b] = await members(1);
    await call(b!, "/waitlist/join", { activity: a.id });
    const crowd = await members(12);
    const answers = await Promise.all([
      call(holders[0]!, "/order/cancel", { id: orders[0] }),
      ...crowd.map((m) => call(m, "/order/sign", { activity: a.id })),
    ]);
    expect(answers[0]!.message.code).toBe("SUCCESS");
    expect(answers.slice(1).every((x) => ["ERROR_SIGN_FULL", "ERROR_BUSY"].includes(x.message.code))).toBe(true);
    expect(await expectBalanced(a.id)).toEqual({ used: 2, orders: 1, offers: 1 });
    expect((await liveOffers(a.id))[0]!.userId).toBe(b!.id);
  });

  test("cancels, offers taken, declines, joins and sign-ups all at once: places taken always equal the live orders and held offers, never above the cap", async () => {
    const cap = 4;
    const { a, holders, orders } = await fullActivity(cap);
    const waiters = await members(6);
    for (const w of waiters) await call(w, "/waitlist/join", { activity: a.id });
    const crowd = await members(8);
    // Two places free at once while strangers press "sign up" and the waiters watch.
    await Promise.all([
      call(holders[0]!, "/order/cancel", { id: orders[0] }),
      call(holders[1]!, "/order/cancel", { id: orders[1] }),
      ...crowd.slice(0, 4).map((m) => call(m, "/order/sign", { activity: a.id })),
    ]);
    await expectBalanced(a.id);
    const offered = await liveOffers(a.id);
    expect(offered.map((o) => o.userId)).toEqual([waiters[0]!.id, waiters[1]!.id]);
    // The first takes the offer, the second declines, a holder cancels, strangers press again: all at once.
    const byUser = new Map(waiters.map((w) => [w.id, w]));
    const answers = await Promise.all([
      call(byUser.get(offered[0]!.userId)!, "/order/sign", { activity: a.id, offer: offered[0]!.id }),
      call(byUser.get(offered[1]!.userId)!, "/waitlist/leave", { activity: a.id }),
      call(holders[2]!, "/order/cancel", { id: orders[2] }),
      ...crowd.slice(4).map((m) => call(m, "/order/sign", { activity: a.id })),
    ]);
    expect(answers[0]!.message.code).toBe("SUCCESS");
    expect(answers[1]!.message.code).toBe("SUCCESS");
    expect(answers.slice(3).every((x) => ["ERROR_SIGN_FULL", "ERROR_BUSY"].includes(x.message.code))).toBe(true);
    const after = await expectBalanced(a.id);
    expect(after.used).toBe(cap);
    // The two places that freed went to the third and fourth in line.
    expect((await liveOffers(a.id)).map((o) => o.userId)).toEqual([waiters[2]!.id, waiters[3]!.id]);
    expect((await liveItems(a.id)).some((i) => crowd.some((m) => m.id === i.userId))).toBe(false);
  });

  test("a second instance that remembers the activity sold out still lets the offer's sign-up through, and nobody else", async () => {
    const { a, holders, orders } = await fullActivity(1);
    const [b, d] = await members(2);
    await call(b!, "/waitlist/join", { activity: a.id });
    const bElsewhere = await secondInstance(t, b!.account);
    const dElsewhere = await secondInstance(t, d!.account);
    // The other instance learns the activity is full.
    expect((await dElsewhere.call<Answer>("/order/sign", { activity: a.id })).message.code).toBe("ERROR_SIGN_FULL");
    await call(holders[0]!, "/order/cancel", { id: orders[0] });
    const [offer] = await liveOffers(a.id);
    expect((await dElsewhere.call<Answer>("/order/sign", { activity: a.id })).message.code).toBe("ERROR_SIGN_FULL");
    const [mine, stranger] = await Promise.all([
      bElsewhere.call<Answer>("/order/sign", { activity: a.id, offer: offer!.id }),
      dElsewhere.call<Answer>("/order/sign", { activity: a.id }),
    ]);
    expect(mine.message.code).toBe("SUCCESS");
    expect(stranger.message.code).toBe("ERROR_SIGN_FULL");
    expect(await expectBalanced(a.id)).toEqual({ used: 1, orders: 1, offers: 0 });
  });

  test("an offer expiring while its member signs up: exactly one of them wins, and the place is counted once", async () => {
    const { a, holders, orders } = await fullActivity(1);
    const [b, c] = await members(2);
    await call(b!, "/waitlist/join", { activity: a.id });
    await call(c!, "/waitlist/join", { activity: a.id });
    await call(holders[0]!, "/order/cancel", { id: orders[0] });
    const [offer] = await liveOffers(a.id);
    // The offer ends a second from now: the sign-up is checked before the end, the job runs at the end, at the same instant.
    const end = new Date(t.clock.now().getTime() + 1000);
    await t.db.update(waitlist).set({ expiresAt: end }).where(eq(waitlist.id, offer!.id));
    const [signed] = await Promise.all([call(b!, "/order/sign", { activity: a.id, offer: offer!.id }), runAt("expire-offers", end)]);
    const balance = await expectBalanced(a.id);
    expect(balance.used).toBe(1);
    if (signed.message.code === "SUCCESS") expect(balance).toEqual({ used: 1, orders: 1, offers: 0 });
    else {
      expect(signed.message.code).toBe("ERROR_WAITLIST_OFFER_EXPIRED");
      expect((await liveOffers(a.id))[0]!.userId).toBe(c!.id);
    }
  });
});

describe("the hot path", () => {
  /** The statements one call runs, as the driver's session sees them (transactions share its options). */
  async function statementsOf(run: () => Promise<unknown>) {
    const options = (t.db as unknown as { session: { options: { logger?: unknown } } }).session.options;
    const seen: string[] = [];
    const before = options.logger;
    options.logger = { logQuery: (query: string) => void seen.push(query) };
    try {
      await run();
    } finally {
      options.logger = before;
    }
    return seen;
  }

  test("a won sign-up runs the same statements whether or not the activity has a line, and none of the line's when nobody holds an offer", async () => {
    const [m, n] = await members(2);
    const plain = await makeActivity(t.db, { cap: 5 });
    const lined = await makeActivity(t.db, { cap: 5, waitlist: true });
    const withoutLine = await statementsOf(async () => expect((await call(m!, "/order/sign", { activity: plain.id })).message.code).toBe("SUCCESS"));
    const withLine = await statementsOf(async () => expect((await call(n!, "/order/sign", { activity: lined.id })).message.code).toBe("SUCCESS"));
    expect(withoutLine.length).toBeGreaterThan(3);
    expect(withLine.length).toBe(withoutLine.length);
    const ofLine = (queries: string[]) => queries.filter((q) => /\b(from|update|into|join)\s+"?waitlist\b/i.test(q));
    expect(ofLine(withLine)).toEqual([]);
    // The offer's sign-up is the one that pays for the line: it reads and locks its offer, and marks it taken.
    const { a, holders, orders } = await fullActivity(1);
    await call(m!, "/waitlist/join", { activity: a.id });
    await call(holders[0]!, "/order/cancel", { id: orders[0] });
    const [offer] = await liveOffers(a.id);
    const offered = await statementsOf(async () => expect((await call(m!, "/order/sign", { activity: a.id, offer: offer!.id })).message.code).toBe("SUCCESS"));
    expect(ofLine(offered).length).toBe(3);
  });
});
