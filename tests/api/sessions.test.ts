// One's signed-in sessions (issue 31 item 2): the security page's list, ending
// one from another or every other at once, a password change that signs out
// every other, and the staff idle time, through the real protocol.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { operationLog, sessions, users } from "../../src/db/schema";
import type { ApiClient } from "../../src/protocol/client";
import { USER_STATE } from "../../src/protocol/enumerations";
import { loadConfig } from "../../src/config";
import { md5, startTestApp, type TestApp } from "../helpers/app";
import { lastCode, registeredMember } from "../helpers/codes";

type Answer = { message: { code: string; params?: Record<string, unknown> } } & Record<string, any>;
type Listed = { id: string; browser: string | null; version: string | null; system: string | null; ip: string | null; signedIn: string; lastSeen: string; current: boolean };

const AGENTS = {
  chromeWindows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  firefoxAndroid: "Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0",
  wechatIphone: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323a) NetType/WIFI Language/zh_CN",
};
const PASSWORD = "Union2026demo";

let t: TestApp;
beforeAll(async () => {
  // The staff idle time as it is shipped (the harness lengthens it for the tests of other features).
  t = await startTestApp({ CODE_SENDS_PER_ADDRESS: "100000", STAFF_IDLE_MINUTES: String(loadConfig({}).staffIdleMs / 60_000) });
}, 60_000);
afterAll(() => t.close());
afterEach(() => t?.clock.reset());

/** A client whose calls carry this browser's user agent, as a phone's or a desk's would. */
const browser = (agent: string) =>
  t.clientOf((request) => {
    const headers = new Headers(request.headers);
    headers.set("user-agent", agent);
    return t.app.handle(new Request(request, { headers }));
  });

/** An active member of this test alone, and a sign-in for them from a browser. */
async function member() {
  const row = await registeredMember(t, { state: USER_STATE.USER_STATE_ACTIVE });
  await t.db.update(users).set({ passwordHash: await Bun.password.hash(md5(PASSWORD), { algorithm: "argon2id" }) }).where(eq(users.id, row.id));
  const signIn = async (agent: string) => {
    const c = browser(agent);
    expect((await t.signIn(c, row.employees!, PASSWORD)).message.code).toBe("SUCCESS");
    return c;
  };
  return { row, signIn };
}

const listOf = async (c: ApiClient) => ((await c.call("/user/session/list")) as Answer).list as Listed[];
const signedIn = async (c: ApiClient) => (await c.call("/user/reload")).message.code === "SUCCESS";

describe("the list of one's sessions", () => {
  test("names each browser and system, its address and times, this one first and marked; never the session's id", async () => {
    const { row, signIn } = await member();
    const desk = await signIn(AGENTS.chromeWindows);
    t.clock.advance(5 * 60_000);
    const phone = await signIn(AGENTS.firefoxAndroid);
    const fromDesk = await listOf(desk);
    expect(fromDesk).toHaveLength(2);
    expect(fromDesk[0]).toMatchObject({ current: true, browser: "Chrome", version: "131", system: "Windows" });
    expect(fromDesk[1]).toMatchObject({ current: false, browser: "Firefox", version: "133", system: "Android", signedIn: t.clock.now().toISOString() });
    const fromPhone = await listOf(phone);
    expect(fromPhone.map((s) => s.current)).toEqual([true, false]);
    expect(fromPhone[0]!.id).toBe(fromDesk[1]!.id);
    // The handle is a digest: no session id of the member's appears in what the list answers.
    const ids = (await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, row.id))).map((s) => s.id);
    const said = JSON.stringify(fromDesk);
    for (const id of ids) expect(said).not.toContain(id);
  });

  test("knows the browsers of China's phones, and says nothing it does not know", async () => {
    const { signIn } = await member();
    const wechat = await signIn(AGENTS.wechatIphone);
    await signIn("curl/8.5");
    const [me, other] = await listOf(wechat);
    expect(me).toMatchObject({ browser: "WeChat", version: "8", system: "iOS" });
    expect(other).toMatchObject({ browser: null, version: null, system: null });
  });
});

describe("ending sessions", () => {
  test("a session ended from another is signed out on its next call; the rest stay", async () => {
    const { row, signIn } = await member();
    const desk = await signIn(AGENTS.chromeWindows);
    const phone = await signIn(AGENTS.firefoxAndroid);
    const tablet = await signIn(AGENTS.wechatIphone);
    const phoneId = (await listOf(phone))[0]!.id;
    expect((await desk.call("/user/session/end", { id: phoneId })).message.code).toBe("SUCCESS");
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(desk)).toBe(true);
    expect(await signedIn(tablet)).toBe(true);
    expect((await listOf(desk)).map((s) => s.id)).not.toContain(phoneId);
    const [logged] = await t.db.select().from(operationLog).where(and(eq(operationLog.action, "session.end"), eq(operationLog.userId, row.id)));
    expect(logged?.detail).toContain("Firefox Android");
    // Ended already: nothing to end.
    expect((await desk.call("/user/session/end", { id: phoneId })).message.code).toBe("ERROR_RESULT_NULL");
  });

  test("this session is not ended from its own list, and another member's cannot be ended at all", async () => {
    const a = await member();
    const b = await member();
    const mine = await a.signIn(AGENTS.chromeWindows);
    const theirs = await b.signIn(AGENTS.firefoxAndroid);
    const ownId = (await listOf(mine))[0]!.id;
    expect((await mine.call("/user/session/end", { id: ownId })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "id", reason: "current" } });
    const theirId = (await listOf(theirs))[0]!.id;
    expect((await mine.call("/user/session/end", { id: theirId })).message.code).toBe("ERROR_RESULT_NULL");
    expect((await mine.call("/user/session/end", { id: "not-a-session" })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "id" } });
    expect(await signedIn(theirs)).toBe(true);
    expect(await signedIn(mine)).toBe(true);
  });

  test("every other session at once: this one stays, and says how many went", async () => {
    const { signIn } = await member();
    const desk = await signIn(AGENTS.chromeWindows);
    const others = [await signIn(AGENTS.firefoxAndroid), await signIn(AGENTS.wechatIphone)];
    expect(await desk.call("/user/session/end-others")).toMatchObject({ message: { code: "SUCCESS" }, ended: 2 });
    for (const c of others) expect(await signedIn(c)).toBe(false);
    expect(await signedIn(desk)).toBe(true);
    expect(await listOf(desk)).toHaveLength(1);
    expect(await desk.call("/user/session/end-others")).toMatchObject({ ended: 0 });
  });

  test("a password changed signs every other session out and keeps this one", async () => {
    const { row, signIn } = await member();
    const desk = await signIn(AGENTS.chromeWindows);
    const phone = await signIn(AGENTS.firefoxAndroid);
    expect((await desk.call("/user/password/send")).message.code).toBe("SUCCESS");
    const code = (await lastCode(t, row.phone!))!;
    expect((await desk.call("/user/password/update", { auth: code, password: md5("Changed2026x") })).message.code).toBe("SUCCESS");
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(desk)).toBe(true);
  });

  test("nobody signed in has no list and ends nothing", async () => {
    const visitor = t.client();
    expect((await visitor.call("/user/session/list")).message.code).toBe("ERROR_LOGIN_CODE");
    expect((await visitor.call("/user/session/end-others")).message.code).toBe("ERROR_LOGIN_CODE");
  });
});

describe("the staff idle time", () => {
  test("a staff session ends after STAFF_IDLE_MINUTES (30) without a call, and lives on while used; a member's lives the token lifetime", async () => {
    expect(t.config.staffIdleMs).toBe(30 * 60_000);
    const staff = await t.as("cn000002");
    const busy = await t.as("cn000003");
    const { signIn } = await member();
    const plain = await signIn(AGENTS.chromeWindows);
    // The busy officer calls every 20 minutes for two hours: never idle for 30.
    for (let i = 0; i < 6; i++) {
      t.clock.advance(20 * 60_000);
      expect(await signedIn(busy)).toBe(true);
    }
    // The other officer has made no call for two hours; the member neither, but their lifetime is 12 hours.
    expect(await signedIn(staff)).toBe(false);
    expect(await signedIn(plain)).toBe(true);
  });
});
