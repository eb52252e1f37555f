// Calls any route of the table the way its kind travels, for the walks over
// every route: signed POST (query, command), signed multipart (upload),
// signed or public GET (download, the handshake), a provider's raw POST
// (notify). Answers as { status, code } whatever the kind.
import { rowsOf } from "../../src/db/sql";
import { sql } from "drizzle-orm";
import { nodeBackend } from "../../src/http/crypto-node";
import type { RouteDef } from "../../src/http/kit";
import { openJson, responseAad } from "../../src/protocol/envelope";
import type { TestApp } from "./app";

/** The smallest real PNG: a 1x1 transparent pixel. */
export const TINY_PNG = Uint8Array.from(
  Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63fcffff3f0300050001ff5a5c3e6d0000000049454e44ae426082", "hex"),
);

export type Outcome = { status: number; code: string | null };

type Keyed = ReturnType<TestApp["keyedClient"]>;

/** A client whose session keys the walk can read (to open sealed answers of signed GETs). */
export async function walker(t: TestApp, account?: string): Promise<Keyed> {
  const keyed = t.keyedClient();
  await keyed.client.call("/system/types");
  if (account) {
    const answer = await t.signIn(keyed.client, account);
    if (answer.message.code !== "SUCCESS") throw new Error(`sign-in as ${account}: ${answer.message.code}`);
  }
  return keyed;
}

export async function callRoute(t: TestApp, who: Keyed, def: RouteDef, payload: unknown = {}, file?: Blob): Promise<Outcome> {
  const { client } = who;
  if (def.kind === "notify") {
    const res = await t.fetch(`/api${def.path}`, { method: "POST", body: typeof payload === "string" ? payload : JSON.stringify(payload), headers: { "content-type": "application/json" } });
    return { status: res.status, code: null };
  }
  if (def.access === "public") {
    const query = new URLSearchParams(Object.entries(payload as Record<string, string>)).toString();
    const res = await t.fetch(`/api${def.path}?${query}`, def.method === "POST" ? { method: "POST", body: JSON.stringify(payload) } : {});
    const type = res.headers.get("content-type") ?? "";
    return { status: res.status, code: type.startsWith("application/json") ? ((await res.json()) as { message?: { code: string } }).message?.code ?? null : null };
  }
  if (def.kind === "upload") {
    const answer = await client.upload(def.path, file ?? new Blob([TINY_PNG], { type: "image/png" }));
    return { status: 200, code: answer.message.code };
  }
  if (def.kind === "download") {
    const url = await client.signedUrl(def.path, payload as Record<string, string>);
    const res = await t.fetch(url);
    const type = res.headers.get("content-type") ?? "";
    if (type.startsWith("application/octet-stream")) {
      const nonce = new URL(url).searchParams.get("key")!;
      const answer = (await openJson(nodeBackend, who.keys().encKey, new Uint8Array(await res.arrayBuffer()), responseAad(nonce))) as { message: { code: string } };
      return { status: res.status, code: answer.message.code };
    }
    if (type.startsWith("application/json")) return { status: res.status, code: ((await res.json()) as { message: { code: string } }).message.code };
    return { status: res.status, code: res.ok ? "SUCCESS" : null };
  }
  const answer = await client.call(def.path, payload);
  return { status: 200, code: answer.message.code };
}

// Protocol bookkeeping changes on every call by design; everything else must not move.
const BOOKKEEPING = new Set(["sessions", "request_nonces", "login_log", "rate_limits", "captchas", "one_time_keys", "__drizzle_migrations"]);

/** A digest of every table but the protocol's bookkeeping: equal digests, nothing written. */
export async function snapshot(t: TestApp): Promise<Record<string, string>> {
  const tables = await t.db.execute(sql`select tablename from pg_tables where schemaname = current_schema()`);
  const names = rowsOf<{ tablename: string }>(tables).map((r) => r.tablename).filter((n) => !BOOKKEEPING.has(n));
  const out: Record<string, string> = {};
  for (const name of names.sort()) {
    const res = await t.db.execute(sql.raw(`select count(*)::text || ':' || coalesce(md5(string_agg(x::text, ',' order by x::text)), '') as d from "${name}" x`));
    out[name] = rowsOf<{ d: string }>(res)[0]!.d;
  }
  return out;
}
