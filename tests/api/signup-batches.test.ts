// The set-based batch writer of a hot activity's queue (src/domains/signup/
// writer.ts): a batch held before its transaction (the `beforeBatch` pause,
// outside any transaction, so PGlite's one connection stays free for the
// others' checks) lets the rest queue behind it, to be written as one batch.
// Each order of that batch is judged alone, as if written alone; what the
// activity's batch ahead filled is answered without a batch of its own.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { and, eq, ne } from "drizzle-orm";
import { orderItems, pointRecords } from "../../src/db/schema";
import { ORDER_STATE, POINT_TYPE } from "../../src/protocol/enumerations";
import { activityRow, makeActivity, makeMembers, makeModule, makeTeam } from "../helpers/activities";
import { START, startTestApp, type TestApp } from "../helpers/app";
import { pauseBoth, secondInstance } from "../helpers/races";
import { until } from "../helpers/wait";

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
}, 60_000);
afterEach(async () => {
  t.hooks.beforeBatch = undefined;
  t.hooks.beforeTake = undefined;
  await t.close();
});

type Answer = { message: { code: string; params?: Record<string, unknown> } } & Record<string, any>;

async function members(n: number, points = 0) {
  const made = await makeMembers(t.db, n);
  if (points > 0)
    await t.db.insert(pointRecords).values(made.map((m) => ({ userId: m.id, count: points, remaining: points, type: POINT_TYPE.POINT_TYPE_ENTRY, createdAt: START, descZh: "测试", descEn: "Test" })));
  return Promise.all(made.map(async (m) => ({ ...m, client: await t.as(m.account) })));
}

/**
 * Holds the activity's first batch until `behind` requests wait behind it, then lets it go;
 * records every batch's size and counts the writer's batches (one `beforeTake` each when set-based).
 */
function holdFirstBatch(behind: number) {
  const sizes: number[] = [];
  let takes = 0;
  let waiting = () => 0;
  t.hooks.beforeBatch = async ({ size, waitingBehind }) => {
    sizes.push(size);
    if (sizes.length > 1) return;
    waiting = waitingBehind;
    await until(() => waitingBehind() === behind, `${behind} requests queued behind the first batch`);
  };
  t.hooks.beforeTake = async () => void takes++;
  return { sizes, takes: () => takes, waiting: () => waiting() };
}

const balance = async (userId: number) =>
  (await t.db.select().from(pointRecords).where(eq(pointRecords.userId, userId))).reduce((n, r) => n + r.remaining, 0);
const liveItems = async (activityId: number) =>
  t.db.select().from(orderItems).where(and(eq(orderItems.activityId, activityId), ne(orderItems.state, ORDER_STATE.ORDER_STATE_CANCEL)));

describe("a batch of one activity's queue", () => {
  test("each order is judged alone: a second press, points spent by the first, the last place, then full", async () => {
    // Five places, two orders per member, five points each (members hold ten, or five).
    const a = await makeActivity(t.db, { cap: 5, formCount: 2, integral: 500, mustIntegral: true });
    const [blocker, twice, short, late, last] = [...(await members(2, 1000)), ...(await members(3, 500))];
    const { sizes, takes, waiting } = holdFirstBatch(6);
    const sign = (m: { client: Awaited<ReturnType<TestApp["as"]>> }) => m.client.call<Answer>("/order/sign", { activity: a.id });
    const first = sign(blocker!);
    await until(() => sizes.length === 1, "the first batch to open");
    // Arrive in this order behind the held batch: each one's checks pass before any is written.
    const queued: Promise<Answer>[] = [];
    const order = [twice, twice, short, short, late, last];
    for (const [n, m] of order.entries()) {
      queued.push(sign(m!));
      // The sixth in line releases the held batch.
      if (n < order.length - 1) await until(() => waiting() === n + 1, `request ${n + 1} queued`);
    }
    const answers = await Promise.all([first, ...queued]);
    expect(answers.map((x) => x.message.code)).toEqual([
      "SUCCESS",
      "SUCCESS",
      "SUCCESS",
      "SUCCESS",
      // Places are left, but the first press spent this member's points.
      "ERROR_SIGN_INTEGRAL",
      // The fifth place.
      "SUCCESS",
      "ERROR_SIGN_FULL",
    ]);
    // Two batches: the held one, then the six behind it, each written set-based (one take each).
    expect(sizes).toEqual([1, 6]);
    expect(takes()).toBe(2);
    expect((await activityRow(t.db, a.id)).used).toBe(5);
    const items = await liveItems(a.id);
    expect(items).toHaveLength(5);
    expect(items.filter((i) => i.userId === twice!.id).map((i) => i.seq).sort()).toEqual([1, 2]);
    expect([await balance(blocker!.id), await balance(twice!.id), await balance(short!.id), await balance(late!.id), await balance(last!.id)]).toEqual([500, 0, 0, 0, 500]);
  });

  test("what the batch ahead filled is answered full without a batch of its own", async () => {
    const a = await makeActivity(t.db, { cap: 1 });
    const crowd = await members(6);
    const { sizes, takes } = holdFirstBatch(5);
    const first = crowd[0]!.client.call<Answer>("/order/sign", { activity: a.id });
    await until(() => sizes.length === 1, "the first batch to open");
    const rest = crowd.slice(1).map((m) => m.client.call<Answer>("/order/sign", { activity: a.id }));
    const answers = await Promise.all([first, ...rest]);
    expect(answers.map((x) => x.message.code)).toEqual(["SUCCESS", ...Array(5).fill("ERROR_SIGN_FULL")]);
    expect(sizes).toEqual([1]);
    expect(takes()).toBe(1);
    expect(await liveItems(a.id)).toHaveLength(1);
  });

  // Another instance can break a seat index the batch could not see under its locks (a one-per-member team
  // has several activities, each its own queue): that batch is written again one by one, each in a savepoint.
  test.if(Boolean(process.env.TEST_DATABASE_URL))("a seat taken on another instance meanwhile: the batch is written again one by one, and refused alone", async () => {
    const m = await makeModule(t.db);
    const team = await makeTeam(t.db, m.id, { signOnly: true });
    const x = await makeActivity(t.db, { moduleId: m.id, teamId: team.id });
    const y = await makeActivity(t.db, { moduleId: m.id, teamId: team.id });
    const [member] = await members(1);
    const elsewhere = await secondInstance(t, member!.account);
    // Both batches pause after their checks passed, before either takes anything.
    const arrived = pauseBoth(t.hooks);
    const answers = await Promise.all([member!.client.call<Answer>("/order/sign", { activity: x.id }), elsewhere.call<Answer>("/order/sign", { activity: y.id })]);
    expect(answers.map((a) => a.message.code).sort()).toEqual(["ERROR_SIGN_FINISH", "SUCCESS"]);
    // Two set-based batches, and the one that met the index once more on its own.
    expect(arrived()).toBe(3);
    const live = [...(await liveItems(x.id)), ...(await liveItems(y.id))];
    expect(live).toHaveLength(1);
    expect((await activityRow(t.db, x.id)).used + (await activityRow(t.db, y.id)).used).toBe(1);
  });
});
