// The server killed with `kill -9` in the middle of a sign-up burst, then
// started again: every sign-up that was answered SUCCESS has its order, the
// places taken agree with the live orders, and a member whose request got
// no answer finds out on the next try. PostgreSQL only (skipped without
// TEST_DATABASE_URL; `.ci/run` runs it in its PostgreSQL pass).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, inArray, ne } from "drizzle-orm";
import { openDatabase, type Database } from "../../src/db/client";
import { orderItems, orders } from "../../src/db/schema";
import { ORDER_STATE } from "../../src/protocol/enumerations";
import { activityRow, makeActivity, makeMembers } from "../helpers/activities";
import { freshPostgres } from "../helpers/app";
import { type Answer, remote, signedIn } from "../helpers/remote";
import { startServer, type TestServer } from "../helpers/server";

describe.skipIf(!process.env.TEST_DATABASE_URL)("a restart after kill -9 in the middle of a sign-up burst", () => {
  let fresh: Awaited<ReturnType<typeof freshPostgres>>;
  let server: TestServer;
  let database: Database;
  let env: Record<string, string>;

  beforeAll(async () => {
    fresh = await freshPostgres();
    env = { DATABASE_URL: fresh.url, TOKEN_BURST: "100000", LOG_LEVEL: "warn" };
    server = await startServer({ env });
    database = await openDatabase({ databaseUrl: fresh.url, dataDir: "", pool: 2 });
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    await database?.close();
    await fresh?.drop();
  });

  test("loses no order whose answer was SUCCESS, and the counters agree with the orders", async () => {
    const activities = await Promise.all([1, 2, 3, 4].map(() => makeActivity(database.db, { cap: 10 })));
    const crowd = await makeMembers(database.db, 16);
    const clients = await Promise.all(crowd.map((m) => signedIn(server.url, m.account)));
    // 64 sign-ups for 40 places, 12 at a time; the server is killed once 16 have been answered.
    const queue = clients.flatMap((client, i) => activities.map((a) => ({ client, member: crowd[i]!, activity: a.id })));
    type Outcome = (typeof queue)[number] & { answer: Answer | null };
    const outcomes: Outcome[] = [];
    let killed: Promise<number | null> | null = null;
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const answer = (await next.client.call("/order/sign", { activity: next.activity }).catch(() => null)) as Answer | null;
        outcomes.push({ ...next, answer });
        if (outcomes.filter((o) => o.answer).length >= 16) killed ??= server.signal("SIGKILL");
      }
    };
    await Promise.all(Array.from({ length: 12 }, worker));
    await killed;

    const succeeded = outcomes.filter((o) => o.answer?.message.code === "SUCCESS");
    const unanswered = outcomes.filter((o) => !o.answer);
    // The kill came in the middle: some were answered, some were not.
    expect(succeeded.length).toBeGreaterThan(0);
    expect(unanswered.length).toBeGreaterThan(0);
    expect(outcomes.every((o) => !o.answer || ["SUCCESS", "ERROR_SIGN_FULL", "ERROR_BUSY"].includes(o.answer.message.code))).toBe(true);

    server = await startServer({ env });
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

    // Every SUCCESS has its order and its live sub-order.
    const ids = activities.map((a) => a.id);
    const live = await database.db
      .select({ userId: orderItems.userId, activityId: orderItems.activityId, places: orderItems.places, orderId: orderItems.orderId })
      .from(orderItems)
      .where(and(inArray(orderItems.activityId, ids), ne(orderItems.state, ORDER_STATE.ORDER_STATE_CANCEL)));
    for (const o of succeeded) {
      expect(live.some((i) => i.userId === o.member.id && i.activityId === o.activity && i.orderId === o.answer!.order)).toBe(true);
      expect(await database.db.select({ id: orders.id }).from(orders).where(eq(orders.id, o.answer!.order))).toHaveLength(1);
    }
    // The places taken are the live orders' places, never more than the cap, one order per member and activity.
    for (const a of activities) {
      const mine = live.filter((i) => i.activityId === a.id);
      const row = await activityRow(database.db, a.id);
      expect(row.used).toBe(mine.reduce((sum, i) => sum + i.places, 0));
      expect(row.used).toBeLessThanOrEqual(10);
      expect(new Set(mine.map((i) => i.userId)).size).toBe(mine.length);
    }

    // The sessions live in the database: a member whose request got no answer asks again and learns whether it was written.
    const lost = unanswered[0]!;
    const hadOrder = live.some((i) => i.userId === lost.member.id && i.activityId === lost.activity);
    const full = (await activityRow(database.db, lost.activity)).used >= 10;
    const again = (await remote(server.url, { session: lost.client.session() }).call("/order/sign", { activity: lost.activity })) as Answer;
    expect(again.message.code).toBe(hadOrder ? "ERROR_SIGN_FINISH" : full ? "ERROR_SIGN_FULL" : "SUCCESS");
  }, 120_000);
});
