// A sign-in storm on a small machine: password hashes take turns on a few
// workers, a sign-in that would wait too long or find the line full is told
// "busy, retry in N s" at once and loses nothing (no try counted), a hash
// held up holds no transaction, and a password stored at another cost is
// rehashed at the member's next sign-in. The hash is held by a gate the test
// opens; what a hash "took" is the test clock's move, never a sleep.
import { afterEach, describe, expect, spyOn, test } from "bun:test";
import { eq, like } from "drizzle-orm";
import { loadConfig } from "../../src/config";
import { rateLimits, users } from "../../src/db/schema";
import { costOf } from "../../src/domains/auth/password";
import { CAPTCHA, md5, startTestApp, type TestApp } from "../helpers/app";
import { until } from "../helpers/wait";

const DEMO = "Union2026demo";
let apps: TestApp[] = [];
let restore: (() => void) | null = null;
afterEach(async () => {
  restore?.();
  restore = null;
  await Promise.all(apps.map((a) => a.close()));
  apps = [];
});

async function app(env: Record<string, string>) {
  const t = await startTestApp(env);
  apps.push(t);
  return t;
}

/** Holds every password check until `open()`; counts the checks started. */
function holdChecks() {
  const verify = Bun.password.verify.bind(Bun.password);
  let open!: () => void;
  let gate = new Promise<void>((resolve) => (open = resolve));
  const spy = spyOn(Bun.password, "verify").mockImplementation(async (...args: Parameters<typeof Bun.password.verify>) => {
    await gate;
    return verify(...args);
  });
  restore = () => spy.mockRestore();
  return {
    started: () => spy.mock.calls.length,
    open: () => open(),
    /** Holds the checks that start from now on. */
    close: () => (gate = new Promise<void>((resolve) => (open = resolve))),
  };
}

function attempt(t: TestApp, account: string, password = DEMO) {
  return (async () => {
    const c = t.client();
    await (await c.get("/system/random")).arrayBuffer();
    return (await c.call("/client/login/check", { account, password: md5(password), auth: CAPTCHA })).message;
  })();
}

/** Answers as they settle, so a test can wait for some while others are held. */
function track(answers: Promise<{ code: string; params?: Record<string, unknown> }>[]) {
  const settled: { code: string; params?: Record<string, unknown> }[] = [];
  for (const a of answers) void a.then((m) => settled.push(m));
  return settled;
}

const memberId = async (t: TestApp, employees: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.employees, employees)))[0]!.id;

describe("the hashing line", () => {
  test("a burst past the line's places is told busy with the seconds to wait; the others sign in once the hash runs", async () => {
    const t = await app({ PASSWORD_WORKERS: "1", PASSWORD_QUEUE_MAX: "2", PASSWORD_WAIT_SECONDS: "600" });
    const hold = holdChecks();
    const accounts = ["cn000001", "cn000002", "cn000003", "cn100001", "cn100002"];
    const first = attempt(t, accounts[0]!);
    await until(() => hold.started() === 1, "the first check holds the one worker");
    const rest = accounts.slice(1).map((a) => attempt(t, a));
    const settled = track(rest);
    // One running, two waiting: the line is full, so two are answered at once.
    await until(() => settled.length === 2, "two answered busy");
    for (const answer of settled) expect(answer).toMatchObject({ code: "ERROR_BUSY", params: { reason: "signin", retry: 1 } });
    expect(t.state.passwords.load()).toMatchObject({ running: 1 });

    // The held hash holds no transaction: another write goes through meanwhile (one connection on PGlite).
    const other = t.client();
    expect((await other.call("/client/login/logout", {})).message.code).toBe("SUCCESS");

    hold.open();
    expect((await first).code).toBe("SUCCESS");
    const codes = (await Promise.all(rest)).map((m) => m.code).sort();
    expect(codes).toEqual(["ERROR_BUSY", "ERROR_BUSY", "SUCCESS", "SUCCESS"]);
    expect(t.state.passwords.load()).toEqual({ running: 0, waiting: 0, reserved: 0 });
  }, 60_000);

  test("busy answers count no try: a member told busy more times than the try limit still signs in", async () => {
    const t = await app({ PASSWORD_WORKERS: "1", PASSWORD_QUEUE_MAX: "0" });
    const hold = holdChecks();
    const first = attempt(t, "cn000001");
    await until(() => hold.started() === 1, "the first check holds the one worker");
    for (let i = 0; i < t.config.signIn.accountFailures + 2; i++) {
      expect((await attempt(t, "cn100001")).code).toBe("ERROR_BUSY");
    }
    const id = await memberId(t, "cn100001");
    expect(await t.db.select().from(rateLimits).where(eq(rateLimits.key, `signin:user:${id}`))).toEqual([]);
    expect(await t.db.select().from(rateLimits).where(like(rateLimits.key, "signin:address:%"))).toEqual([]);
    hold.open();
    expect((await first).code).toBe("SUCCESS");
    expect((await attempt(t, "cn100001")).code).toBe("SUCCESS");
  }, 60_000);

  test("a sign-in expected to wait past PASSWORD_WAIT_SECONDS is told to retry in the seconds the line needs", async () => {
    const t = await app({ PASSWORD_WORKERS: "1", PASSWORD_WAIT_SECONDS: "3" });
    const hold = holdChecks();
    // The line learns what a hash takes: this one takes 4 s of the clock.
    const taught = attempt(t, "cn000001");
    await until(() => hold.started() === 1, "the first check runs");
    t.clock.advance(4000);
    hold.open();
    expect((await taught).code).toBe("SUCCESS");

    hold.close();
    const running = attempt(t, "cn000002");
    await until(() => hold.started() === 2, "the second check holds the worker");
    // One ahead, 4 s each, one worker: past the 3 s limit.
    expect(await attempt(t, "cn100001")).toMatchObject({ code: "ERROR_BUSY", params: { retry: 4 } });
    hold.open();
    expect((await running).code).toBe("SUCCESS");
    expect((await attempt(t, "cn100001")).code).toBe("SUCCESS");
    t.clock.reset();
  }, 60_000);

  test("the throttles stay exact behind the line: a burst of wrong passwords gets no more than the limit judged", async () => {
    const t = await app({ PASSWORD_WORKERS: "1", SIGNIN_ADDRESS_FAILURES: "1000" });
    const answers = await Promise.all(Array.from({ length: 10 }, () => attempt(t, "cn000003", "wrong-password")));
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === "ERROR_PASSWORD").length).toBe(t.config.signIn.accountFailures);
    expect(codes.filter((c) => c === "ERROR_OFTEN").length).toBe(10 - t.config.signIn.accountFailures);
  }, 60_000);
});

describe("the password's cost", () => {
  test("a member whose password was stored at another cost is rehashed at the next sign-in, and signs in with it after", async () => {
    const t = await app({ PASSWORD_MEMORY_KIB: "9216", PASSWORD_PASSES: "4" });
    const stored = async () => (await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.employees, "cn100002")))[0]!.hash!;
    const before = await stored();
    expect(costOf(before)).toEqual({ memoryKiB: 19_456, passes: 2 });

    // A wrong password changes nothing.
    expect((await attempt(t, "cn100002", "not-the-password")).code).toBe("ERROR_PASSWORD");
    expect(await stored()).toBe(before);

    expect((await attempt(t, "cn100002")).code).toBe("SUCCESS");
    const after = await stored();
    expect(after).toStartWith("$argon2id$v=19$m=9216,t=4,p=1$");
    expect(await Bun.password.verify(md5(DEMO), after)).toBe(true);

    // At today's cost already: kept as it is.
    expect((await attempt(t, "cn100002")).code).toBe("SUCCESS");
    expect(await stored()).toBe(after);
  }, 60_000);

  test("a cost below OWASP's argon2id floor stops the server with the variables' names", async () => {
    expect(() => loadConfig({ PASSWORD_MEMORY_KIB: "7168", PASSWORD_PASSES: "4" })).toThrow(/PASSWORD_MEMORY_KIB × PASSWORD_PASSES/);
    expect(loadConfig({ PASSWORD_MEMORY_KIB: "7168", PASSWORD_PASSES: "5" }).passwords.cost).toEqual({ memoryKiB: 7168, passes: 5 });
  });
});
