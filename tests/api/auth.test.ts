import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { and, desc, eq } from "drizzle-orm";
import { loginLog, rolePowers, users } from "../../src/db/schema";
import { LANGUAGE } from "../../src/protocol/enumerations";
import { CAPTCHA, md5, startTestApp, type TestApp } from "../helpers/app";
import { until } from "../helpers/wait";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t.close());

async function tryLogin(account: string, password: string, captcha = CAPTCHA, c = t.client()) {
  await (await c.get("/system/random")).arrayBuffer();
  const answer = await c.call<{ user: { id: number; employees: string; status: { powers: { code: string }[] } } }>("/client/login/check", {
    account,
    password: md5(password),
    auth: captcha,
  });
  return { c, answer, code: answer.message.code };
}

describe("sign-in", () => {
  test("a member signs in with employee id, e-mail or phone, in any case, and gets the user", async () => {
    for (const account of ["cn100001", "cn100001@union.example.com", "13900000001", "CN100001", " cn100001 "]) {
      const { answer } = await tryLogin(account, "Union2026demo");
      expect(answer.message.code).toBe("SUCCESS");
      expect(answer.user?.employees).toBe("cn100001");
    }
  });

  test("each failure of the spec's sign-in table has its own result code", async () => {
    expect((await tryLogin("cn100001", "Union2026demo", "ZZZZZZ")).code).toBe("ERROR_RANDOM");
    expect((await tryLogin("cn999999", "Union2026demo")).code).toBe("ERROR_NOT_USER");
    expect((await tryLogin("cn100002", "wrong-password")).code).toBe("ERROR_PASSWORD");
    expect((await tryLogin("cn100003", "Union2026demo")).code).toBe("USER_STATE_REGISTER");
    expect((await tryLogin("cn100004", "Union2026demo")).code).toBe("USER_STATE_LEAVE");
  });

  test("the image code is case-insensitive, works once, and expires", async () => {
    expect((await tryLogin("cn100001", "Union2026demo", CAPTCHA.toLowerCase())).code).toBe("SUCCESS");
    const c = t.client();
    await (await c.get("/system/random")).arrayBuffer();
    const body = { account: "cn100002", password: md5("wrong"), auth: CAPTCHA };
    expect((await c.call("/client/login/check", body)).message.code).toBe("ERROR_PASSWORD");
    // Same code again without fetching a new image: used up.
    expect((await c.call("/client/login/check", { ...body, password: md5("Union2026demo") })).message.code).toBe("ERROR_RANDOM");
    await (await c.get("/system/random")).arrayBuffer();
    t.clock.advance(t.config.captchaLifetimeMs + 1000);
    try {
      expect((await c.call("/client/login/check", { ...body, password: md5("Union2026demo") })).message.code).toBe("ERROR_RANDOM");
    } finally {
      t.clock.reset();
    }
  });

  test("the image is an SVG and a fresh one is drawn on every request", async () => {
    const c = t.client();
    const a = await c.get("/system/random");
    expect(a.headers.get("content-type")).toBe("image/svg+xml");
    const svg = await a.text();
    expect(svg.startsWith("<svg")).toBe(true);
    const b = await (await c.get("/system/random")).text();
    expect(b).not.toBe(svg);
  });

  test("the image code goes compressed as the browser accepts, signed and never kept", async () => {
    const c = t.client();
    const fetchCode = async (acceptEncoding?: string) => {
      const res = await t.fetch(await c.signedUrl("/system/random"), { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/svg+xml");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("vary")).toBe("Accept-Encoding");
      return { coding: res.headers.get("content-encoding"), bytes: Buffer.from(await res.arrayBuffer()) };
    };
    const plain = await fetchCode();
    expect(plain.coding).toBeNull();
    const br = await fetchCode("gzip, deflate, br, zstd");
    expect(br.coding).toBe("br");
    const svg = brotliDecompressSync(br.bytes).toString();
    expect(svg.startsWith("<svg")).toBe(true);
    // Each image is drawn anew: compare sizes with the plain one, not bytes.
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 2);
    const gz = await fetchCode("gzip");
    expect(gz.coding).toBe("gzip");
    expect(gunzipSync(gz.bytes).toString().startsWith("<svg")).toBe(true);
    // The points are written to a tenth of a pixel.
    expect(svg).not.toMatch(/\d\.\d\d/);
    // Still one image per session: the last one drawn is the code that signs in.
    expect((await c.call("/client/login/check", { account: "cn100001", password: md5("Union2026demo"), auth: CAPTCHA })).message.code).toBe("SUCCESS");
  });

  test("without a session's signature there is no image code", async () => {
    const res = await t.fetch("/api/system/random", { headers: { "accept-encoding": "br" } });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-encoding")).toBeNull();
  });

  test("a malformed sign-in payload is ERROR_PARAMS", async () => {
    const c = t.client();
    for (const body of [{ account: "", password: md5("x"), auth: CAPTCHA }, { account: "cn100001", password: "plain", auth: CAPTCHA }, { account: "cn100001", password: md5("x"), auth: "12345" }]) {
      expect((await c.call("/client/login/check", body)).message.code).toBe("ERROR_PARAMS");
    }
  });

  test("every attempt is written to the login log", async () => {
    const { answer } = await tryLogin("cn000002", "Union2026demo");
    const rows = await t.db.select().from(loginLog).where(eq(loginLog.userId, answer.user!.id)).orderBy(desc(loginLog.id)).limit(1);
    expect(rows[0]).toMatchObject({ success: true, account: "cn000002", result: "SUCCESS" });
    const c = t.client();
    await t.signIn(c, "cn000002");
    const log = await c.call<{ list: { date: string }[] }>("/system/login/log");
    expect(log.list!.length).toBeGreaterThanOrEqual(2);
  });
});

describe("too many wrong passwords", () => {
  test("an account is paused after five failures, then the owner gets back in", async () => {
    const limit = t.config.signIn.accountFailures;
    for (let i = 0; i < limit; i++) expect((await tryLogin("cn000003", "guess-" + i)).code).toBe("ERROR_PASSWORD");
    const paused = await tryLogin("cn000003", "Union2026demo");
    expect(paused.code).toBe("ERROR_OFTEN");
    expect(paused.answer.message.params?.seconds).toBe(30);
    t.clock.advance(31_000);
    try {
      expect((await tryLogin("cn000003", "Union2026demo")).code).toBe("SUCCESS");
      // The pause was for that account only.
    } finally {
      t.clock.reset();
    }
  });

  test("the pause doubles with each further failure, up to its ceiling", async () => {
    const limit = t.config.signIn.accountFailures;
    const start = t.clock.now().getTime();
    try {
      for (let i = 0; i < limit; i++) await tryLogin("cn000002", "guess-" + i);
      t.clock.advance(31_000);
      await tryLogin("cn000002", "guess-again");
      const second = await tryLogin("cn000002", "Union2026demo");
      expect(second.code).toBe("ERROR_OFTEN");
      expect(second.answer.message.params?.seconds).toBe(60);
    } finally {
      t.clock.set(new Date(start + 10 * 60_000));
      expect((await tryLogin("cn000002", "Union2026demo")).code).toBe("SUCCESS");
      t.clock.reset();
    }
  });

  test("one address guessing many accounts is paused too", async () => {
    const t2 = await startTestApp({ SIGNIN_ADDRESS_FAILURES: "3" });
    try {
      for (let i = 0; i < 3; i++) {
        const c = t2.client();
        await (await c.get("/system/random")).arrayBuffer();
        expect((await c.call("/client/login/check", { account: `cn90000${i}`, password: md5("x"), auth: CAPTCHA })).message.code).toBe("ERROR_NOT_USER");
      }
      const c = t2.client();
      await (await c.get("/system/random")).arrayBuffer();
      const answer = await c.call("/client/login/check", { account: "cn100001", password: md5("Union2026demo"), auth: CAPTCHA });
      expect(answer.message).toMatchObject({ code: "ERROR_OFTEN", params: { seconds: 1 } });
    } finally {
      await t2.close();
    }
  });
});

describe("session", () => {
  test("reload answers the signed-in user, and nobody after logout", async () => {
    const c = await t.as("cn100001");
    const reloaded = await c.call<{ user: { employees: string } }>("/client/login/reload");
    expect(reloaded.user?.employees).toBe("cn100001");
    expect((await c.call("/user/reload")).message.code).toBe("SUCCESS");
    expect((await c.call("/client/login/logout")).message.code).toBe("SUCCESS");
    expect((await c.call("/client/login/reload")).message.code).toBe("ERROR_LOGIN_CODE");
    expect((await c.call("/user/reload")).message.code).toBe("ERROR_LOGIN_CODE");
  });

  test("a member who leaves the company is signed out of the open session", async () => {
    const c = await t.as("cn000002");
    await t.db.update(users).set({ state: 103 }).where(eq(users.employees, "cn000002"));
    try {
      expect((await c.call("/user/reload")).message.code).toBe("ERROR_LOGIN_CODE");
    } finally {
      await t.db.update(users).set({ state: 102 }).where(eq(users.employees, "cn000002"));
    }
  });

  test("a cached session follows any change of its user's state or role's powers, whatever made it, without waiting out the cache", async () => {
    // The clock never moves here: the cache window (60 s) is not what ends the cached row, the database's notification is.
    const staff = await t.as("cn000003");
    expect((await staff.call("/power/status")).message.code).toBe("SUCCESS");
    const [{ roleId }] = (await t.db.select({ roleId: users.roleId }).from(users).where(eq(users.employees, "cn000003"))) as [{ roleId: number }];
    const held = and(eq(rolePowers.roleId, roleId!), eq(rolePowers.power, "FUNCTION_USER_OPERATION_FIND"));
    await t.db.delete(rolePowers).where(held);
    try {
      await until(async () => (await staff.call("/power/status")).message.code === "ERROR_NOT_POWER", "the removed power is refused");
    } finally {
      await t.db.insert(rolePowers).values({ roleId: roleId!, power: "FUNCTION_USER_OPERATION_FIND" }).onConflictDoNothing();
    }
    await until(async () => (await staff.call("/power/status")).message.code === "SUCCESS", "the power given back is in force");
    const member = await t.as("cn100002");
    expect((await member.call("/user/reload")).message.code).toBe("SUCCESS");
    await t.db.update(users).set({ state: 103 }).where(eq(users.employees, "cn100002"));
    try {
      await until(async () => (await member.call("/user/reload")).message.code === "ERROR_LOGIN_CODE", "the member who left is signed out");
    } finally {
      await t.db.update(users).set({ state: 102 }).where(eq(users.employees, "cn100002"));
    }
  });

  test("the user carries role, powers, nationality and profile values", async () => {
    const c = t.client();
    const { answer } = await tryLogin("cn000001", "Union2026demo", CAPTCHA, c);
    const user = answer.user as unknown as Record<string, any>;
    expect(user.status.code).toBe("administrator");
    expect(user.status.powers.map((p: { code: string }) => p.code)).toContain("FUNCTION_SYSTEM_PAGE");
    expect(user.nationality).toMatchObject({ nameEn: "China" });
    expect(user.values.length).toBeGreaterThan(4);
    expect(user.phone).toBe("13800000001");
    // Profile values come back exactly as stored: a phone stays a string of digits on either database.
    expect(user.values.map((v: { value: unknown }) => v.value)).toContain("13800000001");
    expect(user.values.every((v: { value: unknown }) => typeof v.value === "string" || Array.isArray(v.value))).toBe(true);
    expect(user.state.code).toBe("USER_STATE_ACTIVE");
  });

  test("the language choice is saved on the user", async () => {
    const c = await t.as("cn100002");
    const answer = await c.call<{ user: { language: { id: number } } }>("/user/language", { language: LANGUAGE.LANGUAGE_EN });
    expect(answer.user?.language.id).toBe(LANGUAGE.LANGUAGE_EN);
    const again = await t.as("cn100002");
    expect((await again.call<{ user: { language: { id: number } } }>("/user/reload")).user?.language.id).toBe(LANGUAGE.LANGUAGE_EN);
    expect((await c.call("/user/language", { language: 7 })).message.code).toBe("ERROR_PARAMS");
  });
});

describe("reference data", () => {
  test("the type table holds every enumeration with unique ids and codes", async () => {
    const c = t.client();
    const answer = await c.call<{ list: { id: number; code: string; group: string }[] }>("/system/types");
    const list = answer.list!;
    expect(new Set(list.map((x) => x.id)).size).toBe(list.length);
    expect(new Set(list.map((x) => x.code)).size).toBe(list.length);
    const groups = new Set(list.map((x) => x.group));
    for (const g of ["RESULT", "USER_STATE", "ORDER_STATE", "PAY_STATE", "SEND_STATE", "DELIVERY_STATE", "POINT_TYPE", "PAGE", "COUNTRY_TYPE", "LANGUAGE", "PROPERTY_TYPE", "PROPERTY_PURPOSE", "JUMP_KIND", "MODULE_MODEL", "ACTIVITY_STATE"]) {
      expect(groups.has(g as never)).toBe(true);
    }
    expect(list.find((x) => x.code === "SUCCESS")?.id).toBe(0);
    expect(list.filter((x) => x.group === "DELIVERY_STATE").length).toBe(7);
  });

  test("properties come in display order with options, Chinese-only and foreigner-only fields", async () => {
    const c = await t.as("cn100001");
    const { list } = await c.call<{ list: { index: number; isChineseOnly: boolean; isForeignerOnly: boolean; options: unknown[]; parent: { id: number } | null }[] }>("/user/properties");
    const indexes = list!.map((p) => p.index);
    expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
    expect(list!.some((p) => p.isChineseOnly)).toBe(true);
    expect(list!.some((p) => p.isForeignerOnly)).toBe(true);
    expect(list!.some((p) => p.parent !== null)).toBe(true);
    const anonymous = t.client();
    expect((await anonymous.call("/property/list")).message.code).toBe("SUCCESS");
    expect((await anonymous.call("/user/properties")).message.code).toBe("ERROR_LOGIN_CODE");
  });

  test("countries carry their type", async () => {
    const { list } = await t.client().call<{ list: { nameEn: string; type: { id: number } }[] }>("/user/countries");
    expect(list!.find((c) => c.nameEn === "China")?.type.id).toBe(801);
    expect(list!.filter((c) => c.type.id === 802).length).toBeGreaterThan(3);
  });

  test("a one-time key from /system/key is fresh each time", async () => {
    const c = t.client();
    const a = await c.call<{ key: string }>("/system/key");
    const b = await c.call<{ key: string }>("/system/key");
    expect(a.key).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(a.key).not.toBe(b.key);
  });

  test("the footer's filing number follows the host name", async () => {
    const t2 = await startTestApp({ SITE_FILING: "*=默认备案号;portal.example.cn=京ICP备12345678号" });
    try {
      const c = t2.client();
      const site = await c.call<{ filing: string }>("/system/site");
      expect(site.filing).toBe("默认备案号");
      const hosted = new (c.constructor as typeof import("../../src/protocol/client").ApiClient)({
        baseUrl: "http://portal.example.cn:3000",
        backend: (await import("../../src/http/crypto-node")).nodeBackend,
        appId: "union-portal-web",
        fetch: ((url: string, init?: RequestInit) => t2.app.handle(new Request(url, init))) as typeof fetch,
        now: () => t2.clock.now().getTime(),
      });
      expect((await hosted.call<{ filing: string }>("/system/site")).filing).toBe("京ICP备12345678号");
    } finally {
      await t2.close();
    }
  });
});
