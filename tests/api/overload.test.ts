// An instance past what it can do (issue 19 item 6): at most a set number of
// API calls run at once; the next wait their turn for a bounded time, and a
// call past the line's places or its wait is told "busy, retry in 1 s" at
// once, before it costs the database anything, instead of every call slowing
// every other until none is answered. The place in progress is held by the
// test itself (the instance's own admission), never by a sleep.
import { afterEach, describe, expect, test } from "bun:test";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { orderItems } from "../../src/db/schema";
import { activityRow, makeActivity } from "../helpers/activities";
import { startTestApp, type TestApp } from "../helpers/app";
import { until } from "../helpers/wait";

let apps: TestApp[] = [];
let folders: string[] = [];
afterEach(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await Promise.all(folders.map((f) => rm(f, { recursive: true, force: true })));
  apps = [];
  folders = [];
});

async function app(env: Record<string, string>) {
  const t = await startTestApp(env);
  apps.push(t);
  return t;
}

const BUSY = { code: "ERROR_BUSY", params: { reason: "load", retry: 1 } };
const ordersOf = async (t: TestApp, activity: number) => (await t.db.select().from(orderItems).where(eq(orderItems.activityId, activity))).length;

describe("admission of API calls", () => {
  test("with every place in progress taken and no room to wait, a sign-up is told busy at once and writes nothing; once a place frees it goes through", async () => {
    const t = await app({ ADMISSION_IN_PROGRESS: "1", ADMISSION_WAITING: "0" });
    const member = await t.as("cn000001");
    const a = await makeActivity(t.db, { cap: 5 });
    const hold = (await t.state.admission.enter())!;
    expect(hold).not.toBeNull();

    const refused = await member.call("/order/sign", { activity: a.id });
    expect(refused.message).toMatchObject(BUSY);
    expect((await activityRow(t.db, a.id)).used).toBe(0);
    expect(await ordersOf(t, a.id)).toBe(0);

    hold();
    expect(t.state.admission.load()).toEqual({ running: 0, waiting: 0 });
    expect((await member.call("/order/sign", { activity: a.id })).message.code).toBe("SUCCESS");
    expect((await activityRow(t.db, a.id)).used).toBe(1);
    expect(t.state.admission.load()).toEqual({ running: 0, waiting: 0 });
  });

  test("calls wait their turn up to the line's places, the next is told busy, and the waiting ones run as places free", async () => {
    const t = await app({ ADMISSION_IN_PROGRESS: "1", ADMISSION_WAITING: "2", ADMISSION_WAIT_MS: "60000" });
    const members = [await t.as("cn000001"), await t.as("cn000002"), await t.as("cn000003")];
    const a = await makeActivity(t.db, { cap: 5 });
    const hold = (await t.state.admission.enter())!;

    const waiting = members.slice(0, 2).map((m) => m.call("/order/sign", { activity: a.id }));
    await until(() => t.state.admission.load().waiting === 2, "two calls wait their turn");
    expect((await members[2]!.call("/order/sign", { activity: a.id })).message).toMatchObject(BUSY);
    expect(await ordersOf(t, a.id)).toBe(0);

    hold();
    expect((await Promise.all(waiting)).map((w) => w.message.code)).toEqual(["SUCCESS", "SUCCESS"]);
    expect((await activityRow(t.db, a.id)).used).toBe(2);
    expect(t.state.admission.load()).toEqual({ running: 0, waiting: 0 });
  });

  test("a call that waited its whole wait is told busy and leaves the line", async () => {
    const t = await app({ ADMISSION_IN_PROGRESS: "1", ADMISSION_WAITING: "10", ADMISSION_WAIT_MS: "1" });
    const member = await t.as("cn000001");
    const a = await makeActivity(t.db, { cap: 5 });
    const hold = (await t.state.admission.enter())!;

    expect((await member.call("/order/sign", { activity: a.id })).message).toMatchObject(BUSY);
    expect(t.state.admission.load()).toEqual({ running: 1, waiting: 0 });
    expect(await ordersOf(t, a.id)).toBe(0);
    hold();
    // A place released twice frees one place, not two.
    hold();
    expect(t.state.admission.load()).toEqual({ running: 0, waiting: 0 });
    expect((await member.call("/order/sign", { activity: a.id })).message.code).toBe("SUCCESS");
  });

  test("a sign-in is not counted: it waits in the password line, which answers busy itself", async () => {
    const t = await app({ ADMISSION_IN_PROGRESS: "1", ADMISSION_WAITING: "0" });
    const c = t.client();
    await (await c.get("/system/random")).arrayBuffer();
    const hold = (await t.state.admission.enter())!;
    expect((await t.signIn(c, "cn000001")).message.code).toBe("SUCCESS");
    // Every other call of that member is counted.
    expect((await c.call("/user/reload", {})).message).toMatchObject(BUSY);
    hold();
    expect((await c.call("/user/reload", {})).message.code).toBe("SUCCESS");
  });

  test("a plain call (the handshake) is told busy the same way, with the status and header a proxy understands", async () => {
    const t = await app({ ADMISSION_IN_PROGRESS: "1", ADMISSION_WAITING: "0" });
    const hold = (await t.state.admission.enter())!;
    const res = await t.fetch("/api/system/token?app_id=union-portal-cli&public_key=x");
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("1");
    expect(((await res.json()) as { message: unknown }).message).toMatchObject(BUSY);
    hold();
    expect((await t.client().call("/system/types", {})).message.code).toBe("SUCCESS");
  });

  test("a line whose first call waits past ADMISSION_LATE_MS halves the share the door lets in; the rest are told busy on arrival and write nothing; timely readings open it again", async () => {
    const t = await app({ ADMISSION_IN_PROGRESS: "1", ADMISSION_WAITING: "10", ADMISSION_WAIT_MS: "60000", ADMISSION_LATE_MS: "100" });
    const members = await Promise.all(["cn000001", "cn000002", "cn000003", "cn100001", "cn100002"].map((m) => t.as(m)));
    const a = await makeActivity(t.db, { cap: 10 });
    const { admission } = t.state;
    const hold = (await admission.enter())!;
    const first = members[0]!.call("/order/sign", { activity: a.id });
    await until(() => admission.load().waiting === 1, "a call waits its turn");

    // A reading while it has waited no time changes nothing; one as if a second on halves the share, twice.
    admission.sample(performance.now());
    expect(admission.share()).toBe(1);
    admission.sample(performance.now() + 1_000);
    admission.sample(performance.now() + 1_000);
    expect(admission.share()).toBe(0.25);

    // One call in four is let in, evenly: three are told busy at the door and the fourth waits in the line.
    const next = members.slice(1).map((m) => m.call("/order/sign", { activity: a.id }));
    await until(() => admission.load().waiting === 2, "the call let in waits its turn");
    const answers = await Promise.all(next.slice(0, 3));
    expect(answers.map((r) => r.message)).toEqual([BUSY, BUSY, BUSY].map((b) => expect.objectContaining(b)));
    expect(await ordersOf(t, a.id)).toBe(0);

    hold();
    expect((await first).message.code).toBe("SUCCESS");
    expect((await next[3]!).message.code).toBe("SUCCESS");
    // Timely readings give the share back a step at a time.
    for (let i = 0; i < 15; i++) admission.sample(performance.now());
    expect(admission.share()).toBe(1);
    expect((await members[1]!.call("/order/sign", { activity: a.id })).message.code).toBe("SUCCESS");
    expect(await ordersOf(t, a.id)).toBe(3);
  });

  /** An app whose one place is held by the test, with a member's call waiting behind it. */
  async function lineKeptWaiting(lateMs: string) {
    // A built page of its own: the UI is built only before the browser tests.
    const uiDir = await mkdtemp(join(tmpdir(), "union-portal-door-ui-"));
    await writeFile(join(uiDir, "index.html"), "<!doctype html><title>Union Portal</title>");
    folders.push(uiDir);
    const t = await app({ ADMISSION_IN_PROGRESS: "1", ADMISSION_WAITING: "10", ADMISSION_WAIT_MS: "60000", ADMISSION_LATE_MS: lateMs, UI_DIR: uiDir });
    const member = await t.as("cn100001");
    const hold = (await t.state.admission.enter())!;
    const waiting = member.call("/user/reload", {});
    await until(() => t.state.admission.load().waiting === 1, "a call waits its turn");
    return { t, admission: t.state.admission, hold, waiting };
  }

  test("while the line stays late the share halves down to 1/64; the door still lets in payment notifications, health and the pages", async () => {
    const { t, admission, hold, waiting } = await lineKeptWaiting("100");
    for (let i = 0; i < 20; i++) admission.sample(performance.now() + 1_000);
    expect(admission.share()).toBe(1 / 64);

    const handshake = await t.fetch("/api/system/token?app_id=union-portal-cli&public_key=x");
    expect(handshake.status).toBe(503);
    expect(handshake.headers.get("retry-after")).toBe("1");
    expect(((await handshake.json()) as { message: unknown }).message).toMatchObject(BUSY);
    // A forged notification is refused by its own route, not turned away as busy.
    const notice = await t.fetch("/api/pay/notify/sandbox", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(notice.status).not.toBe(503);
    expect((await t.fetch("/healthz")).status).toBe(200);
    expect((await t.fetch("/login")).status).toBe(200);
    hold();
    expect((await waiting).message.code).toBe("SUCCESS");
  });

  test("with ADMISSION_LATE_MS 0 the door lets every call in, however long the line waits", async () => {
    const { t, admission, hold, waiting } = await lineKeptWaiting("0");
    for (let i = 0; i < 5; i++) admission.sample(performance.now() + 10_000);
    expect(admission.share()).toBe(1);
    hold();
    expect((await waiting).message.code).toBe("SUCCESS");
    expect((await t.client().call("/system/types", {})).message.code).toBe("SUCCESS");
  });
});
