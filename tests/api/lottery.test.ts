// The lottery (issue 32, decision 138): an editor chooses it and its
// commitment is published; members apply through the sign-up's checks
// without taking a place; the draw runs once at its time, in the seed's
// order, which anyone can recompute; the first drawn are offered the places
// (held), the rest wait in drawn order; a winner confirms with what they
// sent; staff read the draw. Races: applications against the draw, two
// instances drawing at once, winners and strangers signing up at once:
// never an application outside the draw, never more winners than places.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { and, eq, ne, sql } from "drizzle-orm";
import { addresses, lotteries, lotteryEntries, orderItems, orders, outbox, users, waitlist, WAITLIST_STATE } from "../../src/db/schema";
import { rowsOf } from "../../src/db/sql";
import { createAppState } from "../../src/app-state";
import { checkDraw, commitmentOf, drawOrder } from "../../src/domains/lottery/draw";
import { JOBS, runJob } from "../../src/jobs/scheduler";
import { ORDER_STATE } from "../../src/protocol/enumerations";
import type { ApiClient } from "../../src/protocol/client";
import { activityRow, at, makeActivity, makeMembers } from "../helpers/activities";
import { editInfo, saveBasics } from "../helpers/activity-editor";
import { startTestApp, type TestApp } from "../helpers/app";
import { secondInstance } from "../helpers/races";

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp({ WAITLIST_OFFER_MINUTES: "60" });
}, 60_000);
afterEach(async () => {
  t.clock.reset();
  await t.close();
});

type Answer = { message: { code: string; params?: Record<string, unknown> } } & Record<string, any>;
type Member = { id: number; account: string; client: ApiClient };

const OPENS = at(1);
const DRAW = at(3);
const CLOSES = at(8);

async function members(n: number): Promise<Member[]> {
  const made = await makeMembers(t.db, n, "lo");
  return Promise.all(made.map(async (m) => ({ ...m, client: await t.as(m.account) })));
}

const call = (m: Member, path: string, input: Record<string, unknown>) => m.client.call<Answer>(path, input);
const drawJob = JOBS.find((j) => j.name === "draw-lotteries")!;
const draw = (now = DRAW) => runJob(t, drawJob, now);

/** A lottery of `cap` places, as the editor made it: the seed and commitment written with the allocation. */
async function lottery(cap: number, over: Parameters<typeof makeActivity>[1] = {}) {
  const a = await makeActivity(t.db, { cap, signStart: OPENS, signEnd: CLOSES, ...over });
  const editor = await t.as("cn000002");
  const saved = await saveBasics(editor, a.id, { drawAt: DRAW.toISOString() });
  expect(saved.message.code).toBe("SUCCESS");
  return a;
}

const entriesOf = (activityId: number) => t.db.select().from(lotteryEntries).where(eq(lotteryEntries.activityId, activityId)).orderBy(lotteryEntries.id);
const lineOf = (activityId: number) => t.db.select().from(waitlist).where(eq(waitlist.activityId, activityId)).orderBy(waitlist.id);
const liveItems = (activityId: number) =>
  t.db.select().from(orderItems).where(and(eq(orderItems.activityId, activityId), ne(orderItems.state, ORDER_STATE.ORDER_STATE_CANCEL)));

/** Everyone applies (the clock inside the window); their application numbers in the order given. */
async function applyAll(activityId: number, who: Member[]) {
  t.clock.set(at(2));
  const ids: number[] = [];
  for (const m of who) {
    const applied = await call(m, "/lottery/apply", { activity: activityId });
    expect(applied.message.code).toBe("SUCCESS");
    ids.push(applied.id);
  }
  return ids;
}

/** The invariant: places taken are the live orders and the live offers, never above the cap. */
async function expectBalanced(activityId: number) {
  const row = await activityRow(t.db, activityId);
  const items = await liveItems(activityId);
  const offers = (await lineOf(activityId)).filter((e) => e.state === WAITLIST_STATE.OFFERED);
  expect(row.used).toBe(items.length + offers.length);
  expect(row.used).toBeLessThanOrEqual(row.cap!);
  return { used: row.used, orders: items.length, offers: offers.length };
}

describe("the editor's allocation", () => {
  test("choosing the lottery publishes its commitment at once, the seed stays secret, and the line is opened for the drawn order", async () => {
    const a = await lottery(3);
    const editor = await t.as("cn000002");
    const info = await editInfo(editor, a.id);
    expect(info.activity.drawAt).toBe(DRAW.toISOString());
    expect(info.activity.drawnAt).toBeNull();
    const [stored] = await t.db.select().from(lotteries).where(eq(lotteries.activityId, a.id));
    expect(info.activity.commitment).toBe(commitmentOf(stored!.seed));
    expect(info.activity.waitlist).toBe(true);
    const [m] = await members(1);
    const page = await call(m!, "/activity/info", { id: a.id });
    expect(page.activity.lottery).toMatchObject({ drawAt: DRAW.toISOString(), commitment: stored!.commitment, seed: null, places: 3, applicants: 0, entry: null });
    expect(JSON.stringify(page)).not.toContain(stored!.seed);
  });

  test("the draw falls inside the window, needs counted places and no cycles, and is fixed once the window opened", async () => {
    const a = await makeActivity(t.db, { cap: 3, signStart: OPENS, signEnd: CLOSES });
    const editor = await t.as("cn000002");
    const refusal = async (change: Record<string, unknown>) => (await saveBasics(editor, a.id, change)).message;
    expect(await refusal({ drawAt: at(9).toISOString() })).toMatchObject({ code: "ERROR_PARAMS", params: { field: "drawAt", reason: "window" } });
    expect(await refusal({ drawAt: OPENS.toISOString() })).toMatchObject({ params: { field: "drawAt", reason: "window" } });
    expect(await refusal({ drawAt: "not a time" })).toMatchObject({ params: { field: "drawAt" } });
    expect(await refusal({ drawAt: DRAW.toISOString(), formStock: "" })).toMatchObject({ params: { field: "formStock", reason: "lottery" } });
    expect(await refusal({ drawAt: DRAW.toISOString(), hasCycle: true })).toMatchObject({ params: { field: "hasCycle", reason: "lottery" } });
    expect((await t.db.select().from(lotteries).where(eq(lotteries.activityId, a.id))).length).toBe(0);

    expect((await refusal({ drawAt: DRAW.toISOString() })).code).toBe("SUCCESS");
    // Moved before the window opens: the same seed; given up: no seed.
    const [first] = await t.db.select().from(lotteries).where(eq(lotteries.activityId, a.id));
    expect((await refusal({ drawAt: at(4).toISOString() })).code).toBe("SUCCESS");
    expect((await t.db.select().from(lotteries).where(eq(lotteries.activityId, a.id)))[0]!.seed).toBe(first!.seed);
    expect((await refusal({ drawAt: null })).code).toBe("SUCCESS");
    expect((await t.db.select().from(lotteries).where(eq(lotteries.activityId, a.id))).length).toBe(0);
    expect((await refusal({ drawAt: DRAW.toISOString() })).code).toBe("SUCCESS");

    // Once the window has opened, neither the allocation nor the draw's time can change; the rest still can.
    t.clock.set(at(2));
    const again = await t.as("cn000002");
    expect((await saveBasics(again, a.id, { drawAt: at(4).toISOString() })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "drawAt", reason: "open" } });
    expect((await saveBasics(again, a.id, { drawAt: null })).message).toMatchObject({ params: { field: "drawAt", reason: "open" } });
    expect((await saveBasics(again, a.id, { nameEn: "Spring outing" })).message.code).toBe("SUCCESS");
    // A window moved so the draw falls outside it is refused too.
    expect((await saveBasics(again, a.id, { signEnd: at(2.5).toISOString() })).message).toMatchObject({ params: { field: "drawAt", reason: "window" } });
    // A first-come activity whose window is open cannot turn into a lottery.
    const open = await makeActivity(t.db, { cap: 3, signStart: at(0), signEnd: CLOSES });
    expect((await saveBasics(again, open.id, { drawAt: DRAW.toISOString() })).message).toMatchObject({ params: { field: "drawAt", reason: "open" } });
  });
});

describe("applying", () => {
  test("a member applies through the sign-up's checks, takes no place, can withdraw and apply again; sign-up and the line wait for the draw", async () => {
    const a = await lottery(2, { hasAddress: true });
    const [m, other] = await members(2);
    expect((await call(m!, "/lottery/apply", { activity: a.id })).message.code).toBe("ERROR_SIGN_NOT_START");
    t.clock.set(at(2));
    // The sign-up's own rules: an activity with an address needs the member's own.
    expect((await call(m!, "/lottery/apply", { activity: a.id })).message.code).toBe("ERROR_SIGN_ADDRESS");
    const [address] = await t.db
      .insert(addresses)
      .values({ userId: m!.id, name: "Li Lei", phone: "13800000001", address0: "上海", address1: "上海市", address2: "浦东新区", address3: "", info: "世纪大道 1 号", type: 1, createdAt: t.clock.now(), updatedAt: t.clock.now() })
      .returning();
    const [strangers] = await t.db.insert(addresses).values({ ...address!, id: undefined, userId: other!.id }).returning();
    expect((await call(m!, "/lottery/apply", { activity: a.id, address: strangers!.id })).message.code).toBe("ERROR_SIGN_ADDRESS");

    const applied = await call(m!, "/lottery/apply", { activity: a.id, address: address!.id });
    expect(applied.message.code).toBe("SUCCESS");
    expect((await call(m!, "/lottery/apply", { activity: a.id, address: address!.id })).message.code).toBe("ERROR_LOTTERY_ALREADY");
    // No place, no order; the page says "apply" and shows the application.
    expect((await activityRow(t.db, a.id)).used).toBe(0);
    expect(await liveItems(a.id)).toEqual([]);
    const page = await call(m!, "/activity/info", { id: a.id });
    expect(page.activity.check.code).toBe("ERROR_LOTTERY_APPLY");
    expect(page.activity.lottery).toMatchObject({ applicants: 1, entry: { id: applied.id, rank: null } });
    // First come is closed until the draw: a sign-up and the line are refused with the lottery's reason.
    expect((await call(other!, "/order/sign", { activity: a.id })).message.code).toBe("ERROR_LOTTERY_APPLY");
    expect((await call(other!, "/waitlist/join", { activity: a.id })).message.code).toBe("ERROR_LOTTERY_APPLY");

    expect((await call(m!, "/lottery/withdraw", { activity: a.id })).message.code).toBe("SUCCESS");
    expect((await call(m!, "/lottery/withdraw", { activity: a.id })).message.code).toBe("ERROR_LOTTERY_NONE");
    expect((await call(m!, "/activity/info", { id: a.id })).activity.lottery.entry).toBeNull();
    const again = await call(m!, "/lottery/apply", { activity: a.id, address: address!.id });
    expect(again.id).toBeGreaterThan(applied.id);
    expect((await entriesOf(a.id)).map((e) => e.input)).toEqual([expect.objectContaining({ address: address!.id })]);

    // At the draw's time, before the job: nothing opens and nobody applies.
    t.clock.set(DRAW);
    expect((await call(other!, "/lottery/apply", { activity: a.id })).message.code).toBe("ERROR_LOTTERY_DRAWING");
    expect((await call(other!, "/order/sign", { activity: a.id })).message.code).toBe("ERROR_LOTTERY_DRAWING");
    expect((await call(m!, "/lottery/withdraw", { activity: a.id })).message.code).toBe("ERROR_LOTTERY_CLOSED");
    // Hostile input: ERROR_PARAMS naming nothing half-written.
    expect((await call(other!, "/lottery/apply", { activity: "1 or 1=1" })).message.code).toBe("ERROR_PARAMS");
    expect((await entriesOf(a.id)).length).toBe(1);
  });

  test("not a lottery, or no such activity: refused with the reason", async () => {
    const plain = await makeActivity(t.db, { cap: 3 });
    const [m] = await members(1);
    expect((await call(m!, "/lottery/apply", { activity: plain.id })).message.code).toBe("ERROR_LOTTERY_CLOSED");
    expect((await call(m!, "/lottery/apply", { activity: 99_999_999 })).message.code).toBe("ERROR_RESULT_NULL");
    expect((await call(m!, "/lottery/withdraw", { activity: plain.id })).message.code).toBe("ERROR_RESULT_NULL");
  });
});

describe("the draw", () => {
  test("runs once at its time in the seed's order, offers the places to the first drawn and lines up the rest, then reveals the seed", async () => {
    const a = await lottery(3);
    const who = await members(7);
    await t.db.update(users).set({ mail: sql`'lottery.' || ${users.id} || '@union.example.com'` }).where(sql`${users.id} in ${who.map((m) => m.id)}`);
    const ids = await applyAll(a.id, who);

    expect(await draw(at(2.9))).toBe(true);
    expect((await activityRow(t.db, a.id)).drawnAt).toBeNull();
    expect(await draw()).toBe(true);
    const [stored] = await t.db.select().from(lotteries).where(eq(lotteries.activityId, a.id));
    const expected = drawOrder(stored!.seed, ids);
    const entries = await entriesOf(a.id);
    expect(entries.map((e) => [e.id, e.rank])).toEqual(ids.map((id) => [id, expected.indexOf(id) + 1]));
    expect(stored).toMatchObject({ places: 3, applicants: 7 });

    // The line is the drawn order: the first three hold a place, the rest wait in rank order.
    const byEntry = new Map(entries.map((e) => [e.userId, e.rank!]));
    const line = await lineOf(a.id);
    expect(line.map((w) => byEntry.get(w.userId))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(line.map((w) => w.state)).toEqual([2, 2, 2, 1, 1, 1, 1]);
    expect(await expectBalanced(a.id)).toEqual({ used: 3, orders: 0, offers: 3 });
    // Each applicant heard: the three an offer, the four their place in line.
    const mails = await t.db.select().from(outbox).where(sql`${outbox.to} like 'lottery.%'`);
    expect(mails.length).toBe(7);
    expect(mails.filter((m) => /number \d+ in line|候补第 \d+ 位/.test(m.subject ?? "")).length).toBe(4);

    // Once: a second run, even later, changes nothing.
    const before = await lineOf(a.id);
    expect(await draw(at(4))).toBe(true);
    expect(await lineOf(a.id)).toEqual(before);

    // The seed is out: the page shows it, and the published draw recomputes.
    const winner = who.find((m) => byEntry.get(m.id) === 1)!;
    const page = await call(winner, "/activity/info", { id: a.id });
    expect(page.activity.lottery).toMatchObject({ seed: stored!.seed, places: 3, applicants: 7, entry: { rank: 1 } });
    expect(page.activity.waitlist.entry).toMatchObject({ state: "offered" });
    expect(page.activity.check.code).toBe("ERROR_SIGN_FULL");
    const published = await call(winner, "/lottery/published", { activity: a.id });
    expect(published.draw).toEqual({ commitment: stored!.commitment, seed: stored!.seed, applicants: ids, order: expected, places: 3 });
    expect(checkDraw(published.draw)).toEqual([]);
    const fifth = who.find((m) => byEntry.get(m.id) === 5)!;
    expect((await call(fifth, "/activity/info", { id: a.id })).activity.waitlist.entry).toMatchObject({ state: "waiting", position: 2 });
  });

  test("a winner confirms with what they applied with; a declined offer passes to the next drawn; a loser cannot confirm", async () => {
    const a = await lottery(2, { hasAddress: true });
    const who = await members(4);
    t.clock.set(at(2));
    const addressOf = new Map<number, number>();
    for (const m of who) {
      const [row] = await t.db
        .insert(addresses)
        .values({ userId: m.id, name: "Han Meimei", phone: "13800000002", address0: "北京", address1: "北京市", address2: "朝阳区", address3: "", info: `${m.id} 号`, type: 1, createdAt: t.clock.now(), updatedAt: t.clock.now() })
        .returning();
      addressOf.set(m.id, row!.id);
      expect((await call(m, "/lottery/apply", { activity: a.id, address: row!.id })).message.code).toBe("SUCCESS");
    }
    await draw();
    const rankOf = new Map((await entriesOf(a.id)).map((e) => [e.userId, e.rank!]));
    const ranked = [...who].sort((x, y) => rankOf.get(x.id)! - rankOf.get(y.id)!);
    t.clock.set(at(3.5));

    expect((await call(ranked[2]!, "/lottery/confirm", { activity: a.id })).message.code).toBe("ERROR_WAITLIST_OFFER_EXPIRED");
    const confirmed = await call(ranked[0]!, "/lottery/confirm", { activity: a.id });
    expect(confirmed.message.code).toBe("SUCCESS");
    const [order] = await t.db.select().from(orders).where(eq(orders.id, confirmed.order));
    expect(order!.addressInfo).toBe(`${ranked[0]!.id} 号`);
    expect((await call(ranked[0]!, "/lottery/confirm", { activity: a.id })).message.code).toBe("ERROR_WAITLIST_OFFER_EXPIRED");
    // The second declines: the third drawn is offered the place.
    expect((await call(ranked[1]!, "/waitlist/leave", { activity: a.id })).message.code).toBe("SUCCESS");
    expect((await call(ranked[2]!, "/lottery/confirm", { activity: a.id })).message.code).toBe("SUCCESS");
    expect(await expectBalanced(a.id)).toEqual({ used: 2, orders: 2, offers: 0 });
    const staff = await t.as("cn000002");
    const view = await staff.call<Answer>("/lottery/draw", { activity: a.id });
    expect(view.list.map((r: any) => [r.rank, r.won, r.outcome])).toEqual([
      [1, true, "taken"],
      [2, true, "declined"],
      [3, false, "taken"],
      [4, false, "waiting"],
    ]);
  });

  test("staff with the lottery's power read the lotteries and each draw; a member cannot", async () => {
    const a = await lottery(2);
    const who = await members(3);
    await applyAll(a.id, who);
    const staff = await t.as("cn000002");
    const list = await staff.call<Answer>("/lottery/list", {});
    expect(list.list).toEqual([expect.objectContaining({ id: a.id, applicants: 3, places: 2, drawAt: DRAW.toISOString(), drawnAt: null })]);
    const before = await staff.call<Answer>("/lottery/draw", { activity: a.id });
    expect(before).toMatchObject({ seed: null, applicants: 3, count: 3 });
    expect(before.list.map((r: any) => r.rank)).toEqual([null, null, null]);
    expect(before.list[0].user.phone ?? "").not.toMatch(/^\d{11}$/);
    expect((await call(who[0]!, "/lottery/draw", { activity: a.id })).message.code).toBe("ERROR_NOT_POWER");
    expect((await call(who[0]!, "/lottery/list", {})).message.code).toBe("ERROR_NOT_POWER");
    expect((await call(who[0]!, "/lottery/published", { activity: a.id })).message.code).toBe("ERROR_LOTTERY_DRAWING");
    await draw();
    const after = await staff.call<Answer>("/lottery/draw", { activity: a.id });
    expect(after.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(after.list.map((r: any) => r.rank)).toEqual([1, 2, 3]);
    const logged = rowsOf<{ action: string }>(await t.db.execute(sql`select action from operation_log where action like 'lottery.%' or action = 'job.draw-lotteries' order by id`));
    expect(logged.map((r) => r.action)).toEqual(["lottery.apply", "lottery.apply", "lottery.apply", "job.draw-lotteries"]);
  });
});

describe("races", () => {
  test("applications racing the draw on two instances: each is in the draw or refused, the draw is made once, and never more offers than places", async () => {
    const a = await lottery(5);
    const early = await members(10);
    await applyAll(a.id, early);
    const late = await members(12);
    t.clock.set(new Date(DRAW.getTime() - 1000));
    const other = { database: t.deps.database, config: t.deps.config, state: createAppState(t.deps) };
    const answers = await Promise.all([
      ...late.map((m) => call(m, "/lottery/apply", { activity: a.id })),
      runJob(t, drawJob, DRAW),
      runJob(other, drawJob, DRAW),
    ]);
    const applied = answers.slice(0, late.length) as Answer[];
    expect(applied.map((x) => x.message.code).filter((c) => !["SUCCESS", "ERROR_LOTTERY_CLOSED", "ERROR_BUSY"].includes(c))).toEqual([]);
    const entries = await entriesOf(a.id);
    // Every application written is in the draw: ranks 1..n, each once.
    expect(entries.map((e) => e.rank).sort((x, y) => x! - y!)).toEqual(entries.map((_, i) => i + 1));
    expect(entries.length).toBe(10 + applied.filter((x) => x.message.code === "SUCCESS").length);
    const [stored] = await t.db.select().from(lotteries).where(eq(lotteries.activityId, a.id));
    expect(stored!.applicants).toBe(entries.length);
    expect(await expectBalanced(a.id)).toEqual({ used: 5, orders: 0, offers: 5 });
    expect((await lineOf(a.id)).length).toBe(entries.length);
  });

  test("winners confirming on two instances while strangers sign up and one winner declines: never more orders than places", async () => {
    const a = await lottery(3);
    const who = await members(6);
    await applyAll(a.id, who);
    await draw();
    t.clock.set(at(3.5));
    const rankOf = new Map((await entriesOf(a.id)).map((e) => [e.userId, e.rank!]));
    const ranked = [...who].sort((x, y) => rankOf.get(x.id)! - rankOf.get(y.id)!);
    const strangers = await members(6);
    const elsewhere = await secondInstance(t, ranked[1]!.account);
    const answers = await Promise.all([
      call(ranked[0]!, "/lottery/confirm", { activity: a.id }),
      elsewhere.call<Answer>("/lottery/confirm", { activity: a.id }),
      call(ranked[2]!, "/waitlist/leave", { activity: a.id }),
      ...strangers.map((m) => call(m, "/order/sign", { activity: a.id })),
    ]);
    expect(answers.slice(0, 3).map((x) => x.message.code)).toEqual(["SUCCESS", "SUCCESS", "SUCCESS"]);
    expect(answers.slice(3).every((x) => ["ERROR_SIGN_FULL", "ERROR_BUSY"].includes(x.message.code))).toBe(true);
    expect(await expectBalanced(a.id)).toEqual({ used: 3, orders: 2, offers: 1 });
    // The declined place went to the fourth drawn, nobody else.
    const offers = (await lineOf(a.id)).filter((w) => w.state === WAITLIST_STATE.OFFERED);
    expect(offers.map((o) => o.userId)).toEqual([ranked[3]!.id]);
    expect((await liveItems(a.id)).every((i) => ranked.slice(0, 2).some((m) => m.id === i.userId))).toBe(true);
  });
});
