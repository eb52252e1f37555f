// The envelope as the server enforces it: every refusal is ERROR_PARAMS and changes nothing.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { createApp } from "../../src/app";
import { users } from "../../src/db/schema";
import { nodeBackend } from "../../src/http/crypto-node";
import { openJson, responseAad, signRequest, type SessionKeys } from "../../src/protocol/envelope";
import { ApiClient, type SavedSession } from "../../src/protocol/client";
import { LANGUAGE } from "../../src/protocol/enumerations";
import { startTestApp, type TestApp } from "../helpers/app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t.close());

type Sent = { status: number; answer: { message: { code: string; params?: { reason?: string } } } & Record<string, unknown> };

async function send(
  keys: SessionKeys,
  path: string,
  payload: unknown,
  opts: { nowMs?: number; mutate?: (r: { query: string; body: Uint8Array }) => { query: string; body: Uint8Array }; app?: TestApp["app"] } = {},
): Promise<Sent & { replay: (app?: TestApp["app"]) => Promise<Sent> }> {
  const req = await signRequest(nodeBackend, keys, { method: "POST", path: `/api${path}`, payload, nowMs: opts.nowMs ?? t.clock.now().getTime() });
  const { query, body } = opts.mutate ? opts.mutate({ query: req.query, body: req.body }) : req;
  const fire = async (app = opts.app ?? t.app): Promise<Sent> => {
    const res = await app.handle(
      new Request(`http://localhost/api${path}?${query}`, { method: "POST", headers: { "content-type": "application/octet-stream" }, body: body as Uint8Array<ArrayBuffer> }),
    );
    const type = res.headers.get("content-type") ?? "";
    const answer = type.startsWith("application/json")
      ? await res.json()
      : await openJson(nodeBackend, keys.encKey, new Uint8Array(await res.arrayBuffer()), responseAad(req.nonce));
    return { status: res.status, answer: answer as Sent["answer"] };
  };
  const first = await fire();
  return { ...first, replay: (app) => fire(app) };
}

async function memberLanguage() {
  const [row] = await t.db.select({ language: users.language }).from(users).where(eq(users.employees, "cn100001"));
  return row!.language;
}

describe("the envelope refuses bad calls with ERROR_PARAMS and changes nothing", () => {
  let keys: SessionKeys;
  beforeAll(async () => {
    const k = t.keyedClient();
    await t.signIn(k.client, "cn100001");
    keys = k.keys();
    await k.client.call("/user/language", { language: LANGUAGE.LANGUAGE_ZH });
  });
  const toEnglish = { language: LANGUAGE.LANGUAGE_EN };

  test("a well-formed call is accepted", async () => {
    const r = await send(keys, "/user/reload", {});
    expect(r.answer.message.code).toBe("SUCCESS");
  });

  test("a stale stamp", async () => {
    const r = await send(keys, "/user/language", toEnglish, { nowMs: t.clock.now().getTime() - 3 * 60_000 });
    expect(r.answer.message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "stale" } });
    expect(await memberLanguage()).toBe(LANGUAGE.LANGUAGE_ZH);
  });

  test("a reused nonce", async () => {
    const first = await send(keys, "/user/language", toEnglish);
    expect(first.answer.message.code).toBe("SUCCESS");
    const back = await send(keys, "/user/language", { language: LANGUAGE.LANGUAGE_ZH });
    expect(back.answer.message.code).toBe("SUCCESS");
    const again = await first.replay();
    expect(again.answer.message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "replay" } });
    expect(await memberLanguage()).toBe(LANGUAGE.LANGUAGE_ZH);
  });

  test("a write replayed to another instance is stopped by the nonce recorded in its transaction", async () => {
    // A second instance on the same database has its own empty in-memory window.
    const other = createApp({ database: t.database, config: t.config, clock: () => t.clock.now() });
    const first = await send(keys, "/user/language", toEnglish);
    expect(first.answer.message.code).toBe("SUCCESS");
    await send(keys, "/user/language", { language: LANGUAGE.LANGUAGE_ZH });
    const replayed = await first.replay(other);
    expect(replayed.answer.message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "replay" } });
    expect(await memberLanguage()).toBe(LANGUAGE.LANGUAGE_ZH);
  });

  test("a wrong signature", async () => {
    const r = await send(keys, "/user/language", toEnglish, {
      mutate: ({ query, body }) => ({ query: query.replace(/sign=([0-9a-f])/, (_, c) => `sign=${c === "0" ? "1" : "0"}`), body }),
    });
    expect(r.answer.message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "sign" } });
    expect(await memberLanguage()).toBe(LANGUAGE.LANGUAGE_ZH);
  });

  test("a tampered body", async () => {
    const r = await send(keys, "/user/language", toEnglish, {
      mutate: ({ query, body }) => {
        const b = body.slice();
        b[b.length - 1]! ^= 1;
        return { query, body: b };
      },
    });
    expect(r.answer.message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "sign" } });
    expect(await memberLanguage()).toBe(LANGUAGE.LANGUAGE_ZH);
  });

  test("an undecryptable body with a valid signature", async () => {
    const wrong = { ...keys, encKey: nodeBackend.randomBytes(32) };
    const r = await send(wrong, "/user/language", toEnglish);
    expect(r.answer.message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "body" } });
    expect(await memberLanguage()).toBe(LANGUAGE.LANGUAGE_ZH);
  });

  test("an unknown token_id", async () => {
    const r = await send({ ...keys, tokenId: "x".repeat(24) }, "/user/language", toEnglish);
    expect(r.status).toBe(400);
    expect(r.answer.message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "token" } });
    expect(await memberLanguage()).toBe(LANGUAGE.LANGUAGE_ZH);
  });

  test("a body that fails the route's schema", async () => {
    const refusals: [unknown, Record<string, unknown>][] = [
      [{ language: "en" }, { field: "language", reason: "type" }],
      [{}, { field: "language", reason: "missing" }],
      [{ language: 1.5 }, { field: "language", reason: "type" }],
      [[1, 2], { field: "", reason: "type" }],
    ];
    for (const [payload, params] of refusals) {
      const r = await send(keys, "/user/language", payload);
      expect(r.answer.message).toMatchObject({ code: "ERROR_PARAMS", params });
    }
    expect(await memberLanguage()).toBe(LANGUAGE.LANGUAGE_ZH);
  });

  test("a value the schema allows but the rule does not", async () => {
    const r = await send(keys, "/user/language", { language: 12345 });
    expect(r.answer.message.code).toBe("ERROR_PARAMS");
    expect(await memberLanguage()).toBe(LANGUAGE.LANGUAGE_ZH);
  });

  test("a call without any envelope", async () => {
    const res = await t.app.handle(new Request("http://localhost/api/user/language", { method: "POST", body: JSON.stringify(toEnglish), headers: { "content-type": "application/json" } }));
    expect(res.status).toBe(400);
    expect((await res.json()).message.code).toBe("ERROR_PARAMS");
    expect(await memberLanguage()).toBe(LANGUAGE.LANGUAGE_ZH);
  });
});

describe("a device whose clock is wrong", () => {
  test("signs by the server's time: learned with the token, or from a stale refusal, and kept with the session", async () => {
    const saved: { session: SavedSession | null } = { session: null };
    const store = { load: () => saved.session, save: (s: SavedSession | null) => (saved.session = s) };
    const tenMinutesSlow = () => t.clock.now().getTime() - 10 * 60_000;
    const phone = new ApiClient({ baseUrl: "http://localhost", backend: nodeBackend, appId: "union-portal-web", fetch: t.fetch, now: tenMinutesSlow, store });
    expect((await phone.call("/system/types")).message.code).toBe("SUCCESS");
    expect(saved.session!.skew).toBe(10 * 60_000);
    // The same session on a device that does not know the skew yet: refused as stale once, then signed again by the server's time.
    const seen: string[] = [];
    const watching = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const res = await t.fetch(input, init);
      seen.push(String(res.status));
      return res;
    }) as typeof fetch;
    saved.session = { ...saved.session!, skew: undefined };
    const reopened = new ApiClient({ baseUrl: "http://localhost", backend: nodeBackend, appId: "union-portal-web", fetch: watching, now: tenMinutesSlow, store });
    expect((await reopened.call("/system/types")).message.code).toBe("SUCCESS");
    expect(seen).toEqual(["400", "200"]);
  });
});

describe("tokens", () => {
  test("an unknown app id or a malformed public key is refused", async () => {
    for (const q of ["app_id=evil&public_key=" + "A".repeat(87), "app_id=union-portal-web&public_key=abc", "app_id=union-portal-web"]) {
      const res = await t.app.handle(new Request(`http://localhost/api/system/token?${q}`));
      expect(res.status).toBe(400);
    }
  });

  test("a client whose token expired gets a new one and is signed out", async () => {
    const c = await t.as("cn100001");
    expect((await c.call("/user/reload")).message.code).toBe("SUCCESS");
    let renewed = false;
    c.onNewSession = () => (renewed = true);
    t.clock.advance(t.config.tokenLifetimeMs + 60_000);
    try {
      const answer = await c.call("/user/reload");
      expect(renewed).toBe(true);
      expect(answer.message.code).toBe("ERROR_LOGIN_CODE");
    } finally {
      t.clock.reset();
    }
  });
});
