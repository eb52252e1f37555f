// Walks every declared route: each refuses callers without its access, and the refusal changes nothing.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { DOMAINS } from "../../src/domains";
import { startTestApp, type TestApp } from "../helpers/app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t.close());

const ROUTES = DOMAINS.flatMap((d) => d.routes);
// Protocol bookkeeping changes on every call by design; everything else must not move.
const BOOKKEEPING = new Set(["sessions", "request_nonces", "login_log", "rate_limits", "captchas", "one_time_keys", "__drizzle_migrations"]);

async function snapshot(): Promise<Record<string, string>> {
  const tables = await t.db.execute(sql`select tablename from pg_tables where schemaname = current_schema()`);
  const names = (((tables as { rows?: unknown[] }).rows ?? tables) as { tablename: string }[]).map((r) => r.tablename).filter((n) => !BOOKKEEPING.has(n));
  const out: Record<string, string> = {};
  for (const name of names.sort()) {
    const res = await t.db.execute(sql.raw(`select count(*)::text || ':' || coalesce(md5(string_agg(x::text, ',' order by x::text)), '') as d from "${name}" x`));
    out[name] = ((((res as { rows?: unknown[] }).rows ?? res) as { d: string }[])[0]!).d;
  }
  return out;
}

describe("permissions", () => {
  test("every route declares who may call it", () => {
    expect(ROUTES.length).toBeGreaterThan(10);
    for (const r of ROUTES) expect(r.access).toBeTruthy();
  });

  test("a visitor who is not signed in is refused every member route with ERROR_LOGIN_CODE", async () => {
    const c = t.client();
    const before = await snapshot();
    for (const r of ROUTES.filter((r) => r.access !== "public" && r.access !== "session")) {
      const answer = await c.call(r.path, {});
      expect({ path: r.path, code: answer.message.code }).toEqual({ path: r.path, code: "ERROR_LOGIN_CODE" });
    }
    expect(await snapshot()).toEqual(before);
  });

  test("a member without the power is refused every powered route with ERROR_NOT_POWER, whatever the payload", async () => {
    const member = await t.as("cn100001");
    const powered = ROUTES.filter((r) => r.access.startsWith("FUNCTION_"));
    expect(powered.length).toBeGreaterThan(0);
    const before = await snapshot();
    for (const r of powered) {
      for (const payload of [{}, { id: 1, index: 1 }]) {
        const answer = await member.call(r.path, payload);
        expect({ path: r.path, code: answer.message.code }).toEqual({ path: r.path, code: "ERROR_NOT_POWER" });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  test("the administrator holds every power", async () => {
    const admin = await t.as("cn000001");
    for (const r of ROUTES.filter((r) => r.access.startsWith("FUNCTION_"))) {
      const answer = await admin.call(r.path, {});
      expect({ path: r.path, refused: ["ERROR_NOT_POWER", "ERROR_LOGIN_CODE"].includes(answer.message.code) }).toEqual({ path: r.path, refused: false });
    }
  });

  test("an editor may not use an operator's power", async () => {
    const editor = await t.as("cn000002");
    expect((await editor.call("/power/status")).message.code).toBe("ERROR_NOT_POWER");
    const operator = await t.as("cn000003");
    expect((await operator.call("/power/status")).message.code).toBe("SUCCESS");
  });
});
