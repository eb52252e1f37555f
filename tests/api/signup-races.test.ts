// Sign-ups that really race (in the manner of pretix's concurrency tests):
// requests sent at the same instant through the real protocol, on PGlite
// (one query at a time) and, in CI, on PostgreSQL, where they run side by
// side. Exactly as many succeed as there are places, and the counters agree
// with the orders.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { and, eq, ne } from "drizzle-orm";
import { activityCycles, families, gifts, orderItems, questionOptions, relations, teams } from "../../src/db/schema";
import { ORDER_STATE } from "../../src/protocol/enumerations";
import { activityRow, makeActivity, makeMembers, makeModule, makeQuiz, makeRule, makeTeam } from "../helpers/activities";
import { startTestApp, type TestApp } from "../helpers/app";
import { START } from "../helpers/clock";
import { pauseBoth, secondInstance } from "../helpers/races";

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
}, 60_000);
afterEach(async () => {
  t.hooks.beforeTake = undefined;
  await t.close();
});

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
type Answer = { message: { code: string } } & Record<string, any>;

/** n members signed in, ready to press at once. */
async function members(n: number) {
  const made = await makeMembers(t.db, n);
  return Promise.all(made.map(async (m) => ({ ...m, client: await t.as(m.account) })));
}

const codes = (answers: Answer[]) => answers.map((a) => a.message.code).sort();
const liveItems = async (activityId: number) =>
  t.db.select().from(orderItems).where(and(eq(orderItems.activityId, activityId), ne(orderItems.state, ORDER_STATE.ORDER_STATE_CANCEL)));

describe("never oversold", () => {
  test("quota 1 and two members at the same instant: exactly one success", async () => {
    const a = await makeActivity(t.db, { cap: 1 });
    const [x, y] = await members(2);
    const answers = await Promise.all([x!, y!].map((m) => m.client.call<Answer>("/order/sign", { activity: a.id })));
    expect(codes(answers as Answer[])).toEqual(["ERROR_SIGN_FULL", "SUCCESS"]);
    expect((await activityRow(t.db, a.id)).used).toBe(1);
    expect(await liveItems(a.id)).toHaveLength(1);
  });

  test("quota 5 and twelve members at once: five orders, five places, five distinct members", async () => {
    const a = await makeActivity(t.db, { cap: 5 });
    const crowd = await members(12);
    const answers = (await Promise.all(crowd.map((m) => m.client.call<Answer>("/order/sign", { activity: a.id })))) as Answer[];
    expect(answers.filter((x) => x.message.code === "SUCCESS")).toHaveLength(5);
    expect(answers.every((x) => ["SUCCESS", "ERROR_SIGN_FULL", "ERROR_BUSY"].includes(x.message.code))).toBe(true);
    const items = await liveItems(a.id);
    expect(items).toHaveLength(5);
    expect(new Set(items.map((i) => i.userId)).size).toBe(5);
    expect((await activityRow(t.db, a.id)).used).toBe(5);
  });

  test("one member pressing twice at once gets one order", async () => {
    const a = await makeActivity(t.db, { cap: 10 });
    const [m] = await members(1);
    const answers = (await Promise.all([1, 2].map(() => m!.client.call<Answer>("/order/sign", { activity: a.id })))) as Answer[];
    expect(codes(answers)).toEqual(["ERROR_SIGN_FINISH", "SUCCESS"]);
    expect(await liveItems(a.id)).toHaveLength(1);
    expect((await activityRow(t.db, a.id)).used).toBe(1);
  });

  test("option stock 1, team quota 1, gift stock 1 and a periodic quota 1: one success each", async () => {
    // Option stock.
    const quiz = await makeActivity(t.db);
    const [q] = await makeQuiz(t.db, quiz.id, [{ options: [{ value: "only", cap: 1 }] }]);
    const pair = await members(2);
    const draws = await Promise.all(pair.map((m) => m.client.call<Answer>("/activity/quiz/draw", { activity: quiz.id })));
    const byOption = (await Promise.all(
      pair.map((m, i) => m.client.call<Answer>("/order/sign", { activity: quiz.id, draw: (draws[i] as Answer).draw, quests: [{ id: q!.id, value: "only" }] })),
    )) as Answer[];
    expect(codes(byOption)).toEqual(["ERROR_SIGN_OPTION_FULL", "SUCCESS"]);
    expect((await t.db.select().from(questionOptions).where(eq(questionOptions.id, q!.options[0]!.id)))[0]!.used).toBe(1);

    // Team quota shared by two activities.
    const m = await makeModule(t.db);
    const team = await makeTeam(t.db, m.id, { cap: 1 });
    const left = await makeActivity(t.db, { moduleId: m.id, teamId: team.id });
    const right = await makeActivity(t.db, { moduleId: m.id, teamId: team.id });
    const byTeam = (await Promise.all([pair[0]!.client.call("/order/sign", { activity: left.id }), pair[1]!.client.call("/order/sign", { activity: right.id })])) as Answer[];
    expect(codes(byTeam)).toEqual(["ERROR_SIGN_FULL", "SUCCESS"]);
    expect((await t.db.select().from(teams).where(eq(teams.id, team.id)))[0]!.used).toBe(1);

    // Gift stock: each member brings a child who wants the one gift.
    const giftAct = await makeActivity(t.db);
    const [child] = await t.db.select().from(relations).where(eq(relations.code, "child"));
    const { giftIds } = await makeRule(t.db, giftAct.id, { relationId: child!.id }, [1]);
    const kids = await Promise.all(
      pair.map(async (p, i) => {
        const [row] = await t.db
          .insert(families)
          .values({ userId: p.id, name: `孩子${i}`, identity: `11010120150307${String(i).padStart(4, "0")}`, idType: 1, relationId: child!.id, sex: 0, birthday: "2015-03-07", createdAt: START, updatedAt: START })
          .returning();
        return row!;
      }),
    );
    const byGift = (await Promise.all(pair.map((p, i) => p.client.call("/order/sign", { activity: giftAct.id, clans: [{ id: kids[i]!.id, gift: giftIds[0] }] })))) as Answer[];
    expect(codes(byGift)).toEqual(["ERROR_SIGN_QUOTA_FULL", "SUCCESS"]);
    expect((await t.db.select().from(gifts).where(eq(gifts.id, giftIds[0]!)))[0]!.used).toBe(1);

    // A periodic quota.
    const cycled = await makeActivity(t.db, { hasCycle: true, cycleCount: 1 });
    const byCycle = (await Promise.all(pair.map((p) => p.client.call("/order/sign", { activity: cycled.id })))) as Answer[];
    expect(codes(byCycle)).toEqual(["ERROR_SIGN_FULL", "SUCCESS"]);
    expect((await t.db.select().from(activityCycles).where(eq(activityCycles.activityId, cycled.id)))[0]!.used).toBe(1);
  });

  // Inside one instance an activity's sign-ups are written one batch at a time; instances sharing one
  // database race for real. A pause inside the write, after every check has passed, holds both requests
  // there (one on each instance) before either takes its place. On PGlite one transaction runs at a time,
  // so the second request could not reach the pause while the first waits in it.

  test.if(onPostgres)("two instances, both requests paused after their checks: still exactly one success", async () => {
    const a = await makeActivity(t.db, { cap: 1 });
    const [first, second] = await members(2);
    const elsewhere = await secondInstance(t, second!.account);
    const arrived = pauseBoth(t.hooks);
    const answers = (await Promise.all([first!.client, elsewhere].map((c) => c.call("/order/sign", { activity: a.id })))) as Answer[];
    expect(arrived()).toBe(2);
    expect(codes(answers)).toEqual(["ERROR_SIGN_FULL", "SUCCESS"]);
    expect((await activityRow(t.db, a.id)).used).toBe(1);
  });

  test.if(onPostgres)("the same member on two instances, paused after the checks, still gets one order", async () => {
    const a = await makeActivity(t.db, { cap: 10 });
    const [m] = await members(1);
    const elsewhere = await secondInstance(t, m!.account);
    const arrived = pauseBoth(t.hooks);
    const answers = (await Promise.all([m!.client, elsewhere].map((c) => c.call("/order/sign", { activity: a.id })))) as Answer[];
    expect(arrived()).toBe(2);
    expect(codes(answers)).toEqual(["ERROR_SIGN_FINISH", "SUCCESS"]);
    expect((await activityRow(t.db, a.id)).used).toBe(1);
  });

  test("inside one instance a burst on one activity is written in batches, each request standing alone", async () => {
    const a = await makeActivity(t.db, { cap: 5 });
    const crowd = await members(12);
    // One member presses twice: the second press is refused by the unique seat, not the whole batch.
    const presses = [...crowd.map((m) => m.client), crowd[0]!.client];
    const answers = (await Promise.all(presses.map((c) => c.call("/order/sign", { activity: a.id })))) as Answer[];
    expect(answers.filter((x) => x.message.code === "SUCCESS")).toHaveLength(5);
    expect(answers.every((x) => ["SUCCESS", "ERROR_SIGN_FULL", "ERROR_SIGN_FINISH"].includes(x.message.code))).toBe(true);
    const live = await t.db.select().from(orderItems).where(and(eq(orderItems.activityId, a.id), ne(orderItems.state, ORDER_STATE.ORDER_STATE_CANCEL)));
    expect(live).toHaveLength(5);
    expect(new Set(live.map((o) => o.userId)).size).toBe(5);
    expect((await activityRow(t.db, a.id)).used).toBe(5);
  });
});
