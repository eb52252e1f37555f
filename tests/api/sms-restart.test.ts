// A bulk SMS task survives `kill -9` of the server in the middle of its
// delivery: started again, the server sends the rest, and no number reaches
// the gateway twice (a batch the gateway had when the process died is left
// claimed, never resent). PostgreSQL only, with real processes and the
// Tencent gateway fake (skipped without TEST_DATABASE_URL, like
// crash-restart.test.ts). A batch the gateway delivered while the process
// died is settled after the restart from the gateway's delivery reports, and
// what has no report is resent once when staff ask.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { openDatabase, type Database } from "../../src/db/client";
import { smsNumbers } from "../../src/db/schema";
import { DEMO_PASSWORD } from "../../src/db/seed";
import { SMS_CLAIM_MS } from "../../src/domains/sms/delivery";
import { nodeBackend } from "../../src/http/crypto-node";
import { ApiClient, type SavedSession } from "../../src/protocol/client";
import { passwordDigest } from "../../src/protocol/password";
import { signIn } from "../../src/protocol/signin";
import { SMS_STATE } from "../../src/protocol/enumerations";
import { movableClock, testNow } from "../helpers/clock";
import { freshPostgres } from "../helpers/app";
import { signedIn } from "../helpers/remote";
import { startServer, type TestServer } from "../helpers/server";
import { xlsxFile } from "../helpers/sheets";
import { GATEWAY_ACCOUNT, GATEWAY_BULK_ENV, startSmsGateway } from "../helpers/sms-gateway";
import { until } from "../helpers/wait";

const memoryStore = () => {
  let saved: SavedSession | null = null;
  return { load: () => saved, save: (s: SavedSession | null) => (saved = s) };
};

describe.skipIf(!process.env.TEST_DATABASE_URL)("a bulk SMS task across kill -9", () => {
  let fresh: Awaited<ReturnType<typeof freshPostgres>>;
  let server: TestServer;
  let database: Database;
  let gateway: ReturnType<typeof startSmsGateway>;
  let env: Record<string, string>;
  const clock = movableClock();
  let moved = 0;

  beforeAll(async () => {
    fresh = await freshPostgres();
    gateway = startSmsGateway();
    env = {
      DATABASE_URL: fresh.url,
      TOKEN_BURST: "100000",
      LOG_LEVEL: "error",
      SMS_PROVIDER: "tencent",
      SMS_SECRET_ID: GATEWAY_ACCOUNT.secretId,
      SMS_SECRET_KEY: GATEWAY_ACCOUNT.secretKey,
      SMS_APP_ID: GATEWAY_ACCOUNT.appId,
      SMS_SIGN_NAME: GATEWAY_ACCOUNT.signName,
      SMS_TEMPLATES: "code=2000001",
      SMS_ENDPOINT: gateway.endpoint,
      ...GATEWAY_BULK_ENV,
      ...clock.env,
    };
    // The gateway stamps its reports with the servers' clock.
    gateway.setReportClock(() => testNow().getTime() + moved);
    server = await startServer({ env });
    database = await openDatabase({ databaseUrl: fresh.url, dataDir: "", pool: 2 });
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    await database?.close();
    await fresh?.drop();
    gateway?.stop();
    clock.remove();
  });

  test("the rest is sent after the restart; no number is sent twice", async () => {
    const phones = Array.from({ length: 450 }, (_, i) => `1350000${String(i).padStart(4, "0")}`);
    const operator = await signedIn(server.url, "cn000003");
    const sent = await operator.upload<{ id: number; count: number }>("/user/operation/sms/import/send", xlsxFile(phones.map((p) => [p])), "numbers.xlsx", { sign: "工会", title: "重启", code: "2000101" });
    expect(sent.message.code).toBe("SUCCESS");
    const task = sent.id!;
    const rows = () => database.db.select({ phone: smsNumbers.phone, state: smsNumbers.state }).from(smsNumbers).where(eq(smsNumbers.taskId, task));
    const inState = async (state: number) => (await database.db.select({ id: smsNumbers.id }).from(smsNumbers).where(and(eq(smsNumbers.taskId, task), eq(smsNumbers.state, state)))).length;

    // The first batch (200 of 450) is recorded; the process dies before the task is done.
    await until(async () => (await inState(SMS_STATE.SMS_STATE_SUCCESS)) > 0, "the first batch is sent", 30_000);
    await server.signal("SIGKILL");
    expect(await inState(SMS_STATE.SMS_STATE_WAIT)).toBeGreaterThan(0);
    // A batch the killed process had claimed and not recorded (if the kill came in the middle of one).
    const orphaned = new Set((await rows()).filter((r) => r.state === SMS_STATE.SMS_STATE_SENDING).map((r) => r.phone));

    server = await startServer({ env });
    await until(async () => (await inState(SMS_STATE.SMS_STATE_SUCCESS)) + orphaned.size === phones.length, "the rest is sent after the restart", 60_000);

    // This task's sends only: the other test shares the gateway and resends a number of its own.
    const times = new Map<string, number>();
    for (const s of gateway.sent.filter((s) => s.session === `sms-task-${task}`)) times.set(s.phone, (times.get(s.phone) ?? 0) + 1);
    expect([...times.values()].every((n) => n === 1)).toBe(true);
    const final = await rows();
    // Every number recorded sent went to the gateway once; a batch left claimed by the killed process is not sent again.
    for (const r of final.filter((r) => r.state === SMS_STATE.SMS_STATE_SUCCESS)) expect(times.get(`+86${r.phone}`)).toBe(1);
    expect(final.filter((r) => r.state === SMS_STATE.SMS_STATE_SENDING).map((r) => r.phone).sort()).toEqual([...orphaned].sort());
  }, 150_000);

  test("a batch the gateway had when the process died: settled from its reports after the restart, the rest resent once on request", async () => {
    const [delivered, refused, silent] = ["13600000001", "13600000002", "13600000003"];
    gateway.undeliverable.add(`+86${refused}`);
    gateway.reportless.add(`+86${silent}`);
    const operator = await signedIn(server.url, "cn000003");
    // The gateway takes the request and delivers, but its answer never comes back: the process dies waiting for it.
    gateway.set("hold");
    const sent = await operator.upload<{ id: number }>("/user/operation/sms/import/send", xlsxFile([[delivered], [refused], [silent]]), "numbers.xlsx", { sign: "工会", title: "回执", code: "2000101" });
    const task = sent.id!;
    const timesSent = (phone: string) => gateway.sent.filter((s) => s.phone === `+86${phone}` && s.session === `sms-task-${task}`).length;
    await until(() => [delivered, refused, silent].every((p) => timesSent(p) === 1), "the gateway has the batch", 30_000);
    await server.signal("SIGKILL");
    gateway.set("ok");
    const state = async (phone: string) => (await database.db.select({ state: smsNumbers.state }).from(smsNumbers).where(and(eq(smsNumbers.taskId, task), eq(smsNumbers.phone, phone))))[0]!.state;
    expect(await state(delivered)).toBe(SMS_STATE.SMS_STATE_SENDING);

    server = await startServer({ env });
    // The claim runs out on the servers' clock: the batch is unknown, then the settle job reads the reports.
    moved = SMS_CLAIM_MS;
    clock.advance(moved);
    await until(async () => (await state(delivered)) === SMS_STATE.SMS_STATE_SUCCESS && (await state(refused)) === SMS_STATE.SMS_STATE_FAILED, "settled from the reports", 90_000);
    expect(await state(silent)).toBe(SMS_STATE.SMS_STATE_UNKNOWN);
    // Staff resend what is still unknown, from a client on the servers' moved clock (its requests are stamped with it).
    const staff = new ApiClient({ baseUrl: server.url, backend: nodeBackend, appId: "union-portal-cli", now: () => testNow().getTime() + moved, store: memoryStore() });
    expect((await signIn(staff, { account: "cn000003", passwordMd5: passwordDigest(DEMO_PASSWORD), captcha: "ABC123" })).message.code).toBe("SUCCESS");
    const again = await staff.call<{ count: number }>("/user/operation/sms/resend", { task, nonce: "restart-resend-1" });
    expect([again.message.code, again.count]).toEqual(["SUCCESS", 1]);
    await until(async () => (await state(silent)) === SMS_STATE.SMS_STATE_SUCCESS, "the unknown number is sent again", 30_000);
    expect([timesSent(delivered), timesSent(refused), timesSent(silent)]).toEqual([1, 1, 2]);
  }, 180_000);
});
