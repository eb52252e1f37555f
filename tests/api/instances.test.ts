// Two instances of the portal, two real server processes on one PostgreSQL,
// behind a round-robin proxy on loopback, behave as one portal. PostgreSQL
// only (PGlite is one process): skipped without TEST_DATABASE_URL; `.ci/run`
// runs it in its PostgreSQL pass.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, ne } from "drizzle-orm";
import { openDatabase, type Database } from "../../src/db/client";
import { orderItems, properties, rolePowers, users } from "../../src/db/schema";
import { COMPARE_MODE, CONDITION_TYPE, ORDER_STATE } from "../../src/protocol/enumerations";
import { activityRow, makeActivity, makeMembers } from "../helpers/activities";
import { editInfo, wholePayload } from "../helpers/activity-editor";
import { freshPostgres } from "../helpers/app";
import { lastCode } from "../helpers/codes";
import { movableClock } from "../helpers/clock";
import { DEMO_PASSWORD } from "../../src/db/seed";
import { passwordDigest } from "../../src/protocol/password";
import { signIn } from "../../src/protocol/signin";
import { type Answer, remote, roundRobin, signedIn } from "../helpers/remote";
import { until } from "../helpers/wait";
import { startServer, type TestServer } from "../helpers/server";

// Longer than the test takes on the busiest machine, so only the test's move of the servers' clock ends it;
// less than the minute a signed call's stamp may be off, so the clients' stamps stay good after the move.
const SESSION_CACHE_MS = 20_000;

describe.skipIf(!process.env.TEST_DATABASE_URL)("two instances on one PostgreSQL behind a round-robin proxy", () => {
  let fresh: Awaited<ReturnType<typeof freshPostgres>>;
  let a: TestServer;
  let b: TestServer;
  let proxy: ReturnType<typeof roundRobin>;
  let database: Database;
  let clock: ReturnType<typeof movableClock>;

  beforeAll(async () => {
    fresh = await freshPostgres();
    // One clock for both instances, as the machines of one portal share the time.
    clock = movableClock();
    const env = {
      ...clock.env,
      DATABASE_URL: fresh.url,
      DATABASE_POOL: "4",
      SESSION_CACHE_MS: String(SESSION_CACHE_MS),
      TOKEN_BURST: "100000",
      // Each job run is a debug line naming its period: the job test reads them.
      LOG_LEVEL: "debug",
      PAYMENT_SANDBOX_SECRET: "one-secret-for-every-instance-0123456789",
    };
    [a, b] = await Promise.all([startServer({ env }), startServer({ env })]);
    proxy = roundRobin([a.url, b.url]);
    database = await openDatabase({ databaseUrl: fresh.url, dataDir: "", pool: 2 });
  }, 90_000);

  afterAll(async () => {
    proxy?.stop();
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
    await fresh?.drop();
    clock?.remove();
  });

  test("a session signed in through the proxy is valid on each instance", async () => {
    const member = await signedIn(proxy.url, "cn100001");
    for (const instance of [a, b]) {
      const answer = (await remote(instance.url, { session: member.session() }).call("/user/reload")) as Answer;
      expect(answer.message.code).toBe("SUCCESS");
      expect(answer.user.employees).toBe("cn100001");
    }
  });

  test("a sign-out on one instance is seen by the other once the session cache window has passed", async () => {
    const member = await signedIn(a.url, "cn100002");
    const onB = remote(b.url, { session: member.session() });
    // B reads the session now and may reuse what it read for SESSION_CACHE_MS on its clock.
    expect((await onB.call("/user/reload")).message.code).toBe("SUCCESS");
    const out = await remote(a.url, { session: member.session() }).call("/client/login/logout");
    expect(out.message.code).toBe("SUCCESS");
    // The window passes on the servers' clock, however long the calls took on the machine's: B's next call must see the sign-out.
    clock.advance(SESSION_CACHE_MS);
    expect((await onB.call("/user/reload")).message.code).toBe("ERROR_LOGIN_CODE");
  });

  test("a session cached anonymous on one instance: a sign-in on the other counts there at once for member calls, and for every call once its notification arrives; a sign-out too", async () => {
    const anonymous = remote(b.url);
    // B reads the session with nobody on it and keeps it for SESSION_CACHE_MS (20 s here; the clock does not move).
    expect((await anonymous.call("/client/login/reload")).message.code).toBe("ERROR_LOGIN_CODE");
    const onA = remote(a.url, { session: anonymous.session() });
    expect((await signIn(onA, { account: "cn100001", passwordMd5: passwordDigest(DEMO_PASSWORD), captcha: "ABC123" })).message.code).toBe("SUCCESS");
    const onB = remote(b.url, { session: onA.session() });
    // A member route reads a session cached without a member afresh: signed in at once, wherever the call lands.
    const reloaded = (await onB.call("/user/reload")) as Answer;
    expect(reloaded.message.code).toBe("SUCCESS");
    expect(reloaded.user.employees).toBe("cn100001");
    // A route open to any session trusts the cache, which the sign-in's notification has emptied within moments.
    await until(async () => (await onB.call("/client/login/reload")).message.code === "SUCCESS", "B reads the signed-in session");
    expect((await onA.call("/client/login/logout")).message.code).toBe("SUCCESS");
    await until(async () => (await onB.call("/user/reload")).message.code === "ERROR_LOGIN_CODE", "B reads the signed-out session");
  });

  test("a role's power taken away anywhere is refused at once on an instance that cached the session", async () => {
    const staff = remote(b.url, { session: (await signedIn(a.url, "cn000003")).session() });
    // B reads the session now and may reuse it for SESSION_CACHE_MS (20 s here; the clock does not move).
    expect((await staff.call("/power/status")).message.code).toBe("SUCCESS");
    const [{ roleId }] = (await database.db.select({ roleId: users.roleId }).from(users).where(eq(users.employees, "cn000003"))) as [{ roleId: number }];
    const held = and(eq(rolePowers.roleId, roleId), eq(rolePowers.power, "FUNCTION_USER_OPERATION_FIND"));
    // Straight in the database, as any path would: the trigger tells every instance (sql/0017_session-facts.sql).
    await database.db.delete(rolePowers).where(held);
    try {
      await until(async () => (await staff.call("/power/status")).message.code === "ERROR_NOT_POWER", "B refuses the power taken away");
    } finally {
      await database.db.insert(rolePowers).values({ roleId, power: "FUNCTION_USER_OPERATION_FIND" }).onConflictDoNothing();
    }
    await until(async () => (await staff.call("/power/status")).message.code === "SUCCESS", "B allows the power given back");
  });

  test("staff reset and leave on one instance end the member's session on the other at once; sign-in there answers the new state", async () => {
    const [resetOne, leaver] = await makeMembers(database.db, 2, "st");
    const staff = await signedIn(a.url, "cn000003");
    for (const [member, path, state] of [
      [resetOne!, "/user/operation/reset", "USER_STATE_REGISTER"],
      [leaver!, "/user/operation/leave", "USER_STATE_LEAVE"],
    ] as const) {
      const onB = remote(b.url, { session: (await signedIn(b.url, member.account)).session() });
      // B has read the session and may reuse it for SESSION_CACHE_MS (20 s here): only the notification can end it sooner.
      expect((await onB.call("/user/reload")).message.code).toBe("SUCCESS");
      expect({ path, code: (await staff.call(path, { id: member.id })).message.code }).toEqual({ path, code: "SUCCESS" });
      // B hears of it from the database within milliseconds of the commit (its debug line says when); the clock has not
      // moved, so the member's next call on B is signed out by the notification, 20 s before the cache window ends.
      await until(() => b.output().includes(`"msg":"sessions ended","userId":${member.id}`), "B has heard the sessions ended");
      expect({ path, code: (await onB.call("/user/reload")).message.code }).toEqual({ path, code: "ERROR_LOGIN_CODE" });
      expect({ path, code: (await onB.call("/member/info")).message.code }).toEqual({ path, code: "ERROR_LOGIN_CODE" });
      const again = await signIn(remote(b.url), { account: member.account, passwordMd5: passwordDigest(DEMO_PASSWORD), captcha: "ABC123" });
      expect({ path, code: again.message.code }).toEqual({ path, code: state });
    }
  });

  test("a session its owner signs out on one instance is signed out on the other at once; so are the rest after a password change", async () => {
    const [member] = await makeMembers(database.db, 1, "se");
    const phone = `13712${String(member!.id).padStart(6, "0")}`;
    await database.db.update(users).set({ phone }).where(eq(users.id, member!.id));
    const here = await signedIn(a.url, member!.account);
    const elsewhere = () => signedIn(b.url, member!.account).then((c) => remote(b.url, { session: c.session() }));
    const onB = await elsewhere();
    // B has read the session and may reuse it for SESSION_CACHE_MS (20 s here); the clock does not move, so only the notification ends it.
    expect((await onB.call("/user/reload")).message.code).toBe("SUCCESS");
    const other = ((await here.call("/user/session/list")) as Answer).list.find((s: { current: boolean }) => !s.current);
    expect((await here.call("/user/session/end", { id: other.id })).message.code).toBe("SUCCESS");
    await until(async () => (await onB.call("/user/reload")).message.code === "ERROR_LOGIN_CODE", "B signs the ended session out", 5_000);
    // Every other session at once, from a password change made on A.
    const again = await elsewhere();
    expect((await again.call("/user/reload")).message.code).toBe("SUCCESS");
    expect((await here.call("/user/password/send")).message.code).toBe("SUCCESS");
    const code = await until(() => lastCode({ db: database.db }, phone), "the code is in the outbox");
    expect((await here.call("/user/password/update", { auth: code, password: passwordDigest("Changed2026x") })).message.code).toBe("SUCCESS");
    await until(async () => (await again.call("/user/reload")).message.code === "ERROR_LOGIN_CODE", "B signs the other session out", 5_000);
    expect((await here.call("/user/reload")).message.code).toBe("SUCCESS");
  });

  test("a code sent by one instance is accepted by the other", async () => {
    const phone = "13900000003";
    // A code belongs to the session that asked for it: the member's next call, with the code, lands on the other instance.
    const onA = remote(a.url);
    expect((await onA.call("/active/sms/send", { phone })).message.code).toBe("SUCCESS");
    const code = await until(() => lastCode({ db: database.db }, phone), "the code is in the outbox");
    const login = (await remote(b.url, { session: onA.session() }).call("/active/login", { phone, auth: code })) as Answer;
    expect(login.message.code).toBe("SUCCESS");
    expect(login.user.employees).toBe("cn100003");
  });

  test("a write's nonce used on one instance is refused on the other", async () => {
    let sent: { url: string; init: RequestInit } | null = null;
    // Records the signed request as it leaves, to send the very same bytes again.
    const recording = (async (url: string, init: RequestInit) => {
      if (url.includes("/client/login/logout")) sent = { url, init };
      return fetch(url, init);
    }) as typeof fetch;
    const client = remote(a.url, { fetch: recording });
    expect((await client.call("/client/login/logout")).message.code).toBe("SUCCESS");
    const { url, init } = sent!;
    const replayed = await fetch(url.replace(a.url, b.url), init);
    expect(replayed.status).toBe(400);
    expect(((await replayed.json()) as Answer).message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "replay" } });
  });

  test("a signed sign-up replayed on the other instance is refused, and writes nothing", async () => {
    // Two orders per member, so the copy passes every check before its transaction and meets the recorded nonce there.
    const activity = await makeActivity(database.db, { cap: 5, formCount: 2 });
    const [member] = await makeMembers(database.db, 1);
    let sent: { url: string; init: RequestInit } | null = null;
    const recording = (async (url: string, init: RequestInit) => {
      if (url.includes("/order/sign")) sent = { url, init };
      return fetch(url, init);
    }) as typeof fetch;
    const client = remote(a.url, { fetch: recording });
    expect((await signIn(client, { account: member!.account, passwordMd5: passwordDigest(DEMO_PASSWORD), captcha: "ABC123" })).message.code).toBe("SUCCESS");
    expect((await client.call("/order/sign", { activity: activity.id })).message.code).toBe("SUCCESS");
    const { url, init } = sent!;
    const replayed = await fetch(url.replace(a.url, b.url), init);
    expect(replayed.status).toBe(400);
    expect(((await replayed.json()) as Answer).message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "replay" } });
    expect((await activityRow(database.db, activity.id)).used).toBe(1);
  });

  test("an activity remembered sold out on one instance is signed up again there once a cancel on the other gives a place back", async () => {
    const activity = await makeActivity(database.db, { cap: 1, allowCancel: true });
    const [winner, late] = await makeMembers(database.db, 2);
    const onA = await signedIn(a.url, winner!.account);
    const onB = await signedIn(b.url, late!.account);
    const won = (await onA.call("/order/sign", { activity: activity.id })) as Answer;
    expect(won.message.code).toBe("SUCCESS");
    // B sees it full and remembers it: its next answers come from memory.
    expect((await onB.call("/order/sign", { activity: activity.id })).message.code).toBe("ERROR_SIGN_FULL");
    expect((await onB.call("/order/sign", { activity: activity.id })).message.code).toBe("ERROR_SIGN_FULL");
    expect((await onA.call("/order/cancel", { id: won.order })).message.code).toBe("SUCCESS");
    // The cancel's notification reaches B (no clock moves here, so not B's own recheck).
    const signed = await until(async () => {
      const code = (await onB.call("/order/sign", { activity: activity.id })).message.code;
      return code === "SUCCESS" ? code : null;
    }, "B to hear that a place came back");
    expect(signed).toBe("SUCCESS");
    expect((await activityRow(database.db, activity.id)).used).toBe(1);
  });

  test("a burst of sign-ups spread over both instances never oversells", async () => {
    const activity = await makeActivity(database.db, { cap: 6 });
    const crowd = await makeMembers(database.db, 16);
    const clients = await Promise.all(crowd.map((m) => signedIn(proxy.url, m.account)));
    const before = [...proxy.served];
    const answers = (await Promise.all(clients.map((c) => c.call("/order/sign", { activity: activity.id })))) as Answer[];
    // Both instances took part of the burst.
    expect(proxy.served[0]! - before[0]!).toBeGreaterThan(0);
    expect(proxy.served[1]! - before[1]!).toBeGreaterThan(0);
    const codes = answers.map((x) => x.message.code);
    expect(codes.filter((c) => c === "SUCCESS")).toHaveLength(6);
    expect(codes.every((c) => ["SUCCESS", "ERROR_SIGN_FULL", "ERROR_BUSY"].includes(c))).toBe(true);
    const live = await database.db
      .select({ userId: orderItems.userId })
      .from(orderItems)
      .where(and(eq(orderItems.activityId, activity.id), ne(orderItems.state, ORDER_STATE.ORDER_STATE_CANCEL)));
    expect(live).toHaveLength(6);
    expect(new Set(live.map((i) => i.userId)).size).toBe(6);
    expect((await activityRow(database.db, activity.id)).used).toBe(6);
  }, 60_000);

  test("an editor's change saved on one instance is seen by the next sign-up on each (their configuration caches)", async () => {
    const activity = await makeActivity(database.db);
    const crowd = await makeMembers(database.db, 4);
    const [onA, onB, nextOnA, nextOnB] = await Promise.all(crowd.map((m, i) => signedIn(i % 2 === 0 ? a.url : b.url, m.account)));
    // Both instances now hold the activity's configuration.
    for (const member of [onA, onB]) expect((await member!.call("/order/sign", { activity: activity.id })).message.code).toBe("SUCCESS");
    const staff = await signedIn(b.url, "cn000002");
    const [gender] = await database.db.select({ id: properties.id }).from(properties).where(eq(properties.titleEn, "Gender"));
    const reason = { type: { id: CONDITION_TYPE.CONDITION_TYPE_SIGN }, property: { id: gender!.id }, compareMode: { id: COMPARE_MODE.COMPARE_IN }, value: "0|1" };
    const saved = await staff.call("/activity/update", { ...wholePayload(await editInfo(staff, activity.id)), activityReasons: [reason] });
    expect(saved.message.code).toBe("SUCCESS");
    for (const member of [nextOnA, nextOnB]) expect((await member!.call("/order/sign", { activity: activity.id })).message.code).toBe("ERROR_SIGN_NO_POWER");
  }, 60_000);

  test("each job runs once a period across both instances", async () => {
    // Each instance's timers tick at their own phase; without the shared claim both would run every period.
    type Run = { job: string; period: number; server: string };
    const runs = (): Run[] =>
      [a, b].flatMap((server, i) =>
        server
          .output()
          .split("\n")
          .filter((line) => line.startsWith("{") && line.includes('"msg":"job"'))
          .map((line) => ({ ...(JSON.parse(line) as { job: string; period: number }), server: "ab"[i]! })),
      );
    // deliver-messages ticks every 5 s in each instance: without the claim, each of its periods would show twice.
    const seen = await until(() => {
      const delivered = runs().filter((r) => r.job === "deliver-messages");
      return Promise.resolve(new Set(delivered.map((r) => r.period)).size >= 2 && runs());
    }, "two periods of deliver-messages have run", 30_000);
    const keys = seen.map((r) => `${r.job}:${r.period}`);
    expect(keys.length).toBeGreaterThan(0);
    expect(new Set(keys).size).toBe(keys.length);
  }, 40_000);
});

