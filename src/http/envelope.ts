// Server side of the protocol: verifies and opens every call before any
// handler runs, enforces the route's access, seals every answer.
import { sql } from "drizzle-orm";
import { Elysia } from "elysia";
import { requestNonces } from "../db/schema";
import { at } from "../db/sql";
import {
  ENVELOPE,
  isFreshStamp,
  openJson,
  parseSignedQuery,
  requestAad,
  responseAad,
  sealJson,
  verifySignature,
} from "../protocol/envelope";
import type { Access } from "../protocol/powers";
import { providersOf } from "../providers";
import { DomainError, message } from "../protocol/result";
import { USER_STATE } from "../protocol/types";
import type { Actor, Ctx, Deps } from "./context";
import { nodeBackend } from "./crypto-node";
import type { Domain, RouteDef } from "./route";

/** A request the envelope refuses; answered in plain JSON because we cannot trust its session. */
export class ProtocolError extends Error {
  constructor(readonly reason: "query" | "stale" | "token" | "sign" | "replay" | "body") {
    super(`protocol: ${reason}`);
  }
}

export type Opened = {
  sessionId: string;
  encKey: Uint8Array;
  nonce: string;
  userId: number | null;
  actor: Actor | null;
};

type SessionRow = {
  id: string;
  enc_key: Uint8Array;
  mac_key: Uint8Array;
  user_id: number | null;
  expires_at: Date | string;
  state: number | null;
  role_id: number | null;
  language: number | null;
  powers: string[] | string | null;
};

/** Per-instance replay window; writes are also checked by a unique index (see Ctx.transaction). */
class NonceWindow {
  private seen = new Map<string, number>();
  private lastSweep = 0;
  /** Returns false when the nonce was already used. */
  remember(key: string, nowMs: number): boolean {
    if (nowMs - this.lastSweep > 30_000) {
      // A stamp is fresh for ±1 minute, so a nonce older than 3 minutes can never be accepted again anyway.
      for (const [k, at] of this.seen) if (nowMs - at > 180_000) this.seen.delete(k);
      this.lastSweep = nowMs;
    }
    if (this.seen.has(key)) return false;
    this.seen.set(key, nowMs);
    return true;
  }
}

const asBytes = (v: Uint8Array | string): Uint8Array =>
  typeof v === "string" ? new Uint8Array(Buffer.from(v.replace(/^\\x/, ""), "hex")) : new Uint8Array(v);

function parsePowers(raw: SessionRow["powers"]): string[] {
  if (!raw) return [];
  if (Array.isArray(raw)) return raw;
  return raw.replace(/^{|}$/g, "").split(",").filter(Boolean);
}

/**
 * Session rows for a short while (SESSION_CACHE_MS, 2 s by default): a page
 * load makes several calls at once and each would otherwise pay the session
 * query (~0.8 ms on PGlite). A write from the session drops its entry here;
 * another instance sees a sign-out at most one TTL late.
 */
class SessionCache {
  private rows = new Map<string, { row: SessionRow; until: number }>();
  constructor(private readonly ttlMs: number) {}
  get(id: string, nowMs: number): SessionRow | null {
    const hit = this.rows.get(id);
    if (!hit) return null;
    if (hit.until > nowMs && nowMs >= hit.until - this.ttlMs) return hit.row;
    this.rows.delete(id);
    return null;
  }
  set(row: SessionRow, nowMs: number) {
    if (this.ttlMs <= 0) return;
    if (this.rows.size > 50_000) this.rows.clear();
    this.rows.set(row.id, { row, until: nowMs + this.ttlMs });
  }
  drop(id: string) {
    this.rows.delete(id);
  }
}

export function createEnvelope(deps: Deps) {
  const nonces = new NonceWindow();
  const cache = new SessionCache(deps.config.sessionCacheMs);
  const providers = providersOf(deps);
  const { db } = deps.database;

  async function loadSession(tokenId: string, now: Date) {
    const cached = cache.get(tokenId, now.getTime());
    if (cached && new Date(cached.expires_at).getTime() > now.getTime()) return cached;
    const result = await db.execute(sql`
      select s.id, s.enc_key, s.mac_key, s.user_id, s.expires_at, u.state, u.role_id, u.language,
             coalesce(array_agg(rp.power) filter (where rp.power is not null), '{}') as powers
      from sessions s
      left join users u on u.id = s.user_id
      left join role_powers rp on rp.role_id = u.role_id
      where s.id = ${tokenId} and s.expires_at > ${at(now)}
      group by s.id, u.id`);
    const rows = ((result as { rows?: unknown[] }).rows ?? result) as SessionRow[];
    const row = rows[0] ?? null;
    if (row) cache.set(row, now.getTime());
    return row;
  }

  async function slide(row: SessionRow, now: Date) {
    const lifetime = deps.config.tokenLifetimeMs;
    const expires = new Date(row.expires_at).getTime();
    // Touch the row at most once a minute, not on every call.
    if (expires - now.getTime() < lifetime - 60_000) {
      const next = new Date(now.getTime() + lifetime);
      await db.execute(sql`update sessions set expires_at = ${at(next)} where id = ${row.id}`);
      row.expires_at = next;
    }
  }

  /** Verifies query, stamp, session, signature and nonce, then decrypts. */
  async function open(method: "GET" | "POST", request: Request, path: string, now: Date, body: Uint8Array) {
    const url = request.url;
    const q = url.indexOf("?");
    const parsed = q < 0 ? null : parseSignedQuery(url.slice(q + 1));
    if (!parsed) throw new ProtocolError("query");
    if (!isFreshStamp(parsed.stamp, now.getTime())) throw new ProtocolError("stale");
    const row = await loadSession(parsed.tokenId, now);
    if (!row) throw new ProtocolError("token");
    const macKey = asBytes(row.mac_key);
    if (!(await verifySignature(nodeBackend, macKey, method, path, parsed, body))) throw new ProtocolError("sign");
    if (!nonces.remember(`${row.id}:${parsed.nonce}`, now.getTime())) throw new ProtocolError("replay");
    const encKey = asBytes(row.enc_key);
    let payload: unknown = {};
    if (method === "POST") {
      try {
        payload = await openJson(nodeBackend, encKey, body, requestAad(parsed.nonce));
      } catch {
        throw new ProtocolError("body");
      }
    }
    await slide(row, now);
    const active = row.user_id !== null && row.state === USER_STATE.USER_STATE_ACTIVE;
    const actor: Actor | null = active
      ? { id: row.user_id!, roleId: row.role_id!, state: row.state!, language: row.language, powers: new Set(parsePowers(row.powers)) }
      : null;
    const opened: Opened = { sessionId: row.id, encKey, nonce: parsed.nonce, userId: active ? row.user_id : null, actor };
    return { opened, payload, params: parsed.params };
  }

  /** The one guard: every route's declared access is checked here, before its schema or handler. */
  function guard(access: Access, opened: Opened) {
    if (access === "public" || access === "session") return;
    if (!opened.actor) throw new DomainError("ERROR_LOGIN_CODE");
    if (access === "user") return;
    if (!opened.actor.powers.has(access)) throw new DomainError("ERROR_NOT_POWER");
  }

  function makeCtx(opened: Opened, request: Request, ip: string | null, now: Date): Ctx {
    const ctx: Ctx = {
      db,
      now,
      config: deps.config,
      session: { id: opened.sessionId, userId: opened.userId },
      actor: opened.actor,
      ip,
      host: new URL(request.url).host,
      userAgent: request.headers.get("user-agent"),
      providers,
      transaction: (fn) =>
        db.transaction(async (tx) => {
          // Whatever this write changes (the signed-in user, the language) is read fresh next time.
          cache.drop(opened.sessionId);
          await tx.insert(requestNonces).values({
            sessionId: opened.sessionId,
            nonce: opened.nonce,
            expiresAt: new Date(now.getTime() + 5 * 60_000),
          });
          return fn({ ...ctx, db: tx, transaction: (inner) => inner({ ...ctx, db: tx }) });
        }),
    };
    return ctx;
  }

  async function seal(opened: Opened, answer: unknown): Promise<Response> {
    const bytes = await sealJson(nodeBackend, opened.encKey, answer, responseAad(opened.nonce));
    return new Response(bytes as Uint8Array<ArrayBuffer>, {
      headers: { "content-type": ENVELOPE.contentType, "cache-control": "no-store" },
    });
  }

  return { open, guard, makeCtx, seal };
}

export type Envelope = ReturnType<typeof createEnvelope>;

const plain = (answer: unknown, status: number) =>
  new Response(JSON.stringify(answer), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });

function errorAnswer(error: unknown, elysiaCode: unknown): { message: ReturnType<typeof message> } {
  if (error instanceof DomainError) return { message: message(error.code, error.params) };
  if (elysiaCode === "VALIDATION" || elysiaCode === "PARSE") return { message: message("ERROR_PARAMS", { reason: "schema" }) };
  const pgCode = (error as { code?: string; cause?: { code?: string } })?.cause?.code ?? (error as { code?: string })?.code;
  // lock_not_available / query_canceled: the 3 s timeouts on a hot row.
  if (pgCode === "55P03" || pgCode === "57014") return { message: message("ERROR_BUSY") };
  // unique_violation on request_nonces: a replayed write from another instance.
  if (pgCode === "23505" && String((error as { cause?: { message?: string } })?.cause?.message ?? error).includes("request_nonces")) {
    return { message: message("ERROR_PARAMS", { reason: "replay" }) };
  }
  console.error("unexpected error", error);
  return { message: message("ERROR_SERVER") };
}

/** One Elysia plugin per domain: its POST routes behind the envelope. */
export function domainPlugin(envelope: Envelope, deps: Deps, d: Domain) {
  const byPath = new Map<string, RouteDef>(d.routes.map((r) => [`/api${r.path}`, r]));
  type Local = { opened?: Opened };

  let plugin = new Elysia({ name: `domain/${d.name}`, prefix: "/api" })
    .onParse(async (c) => {
      const path = c.path;
      const def = byPath.get(path);
      if (!def) return;
      const now = deps.clock();
      const body = new Uint8Array(await c.request.arrayBuffer());
      const { opened, payload } = await envelope.open("POST", c.request, path, now, body);
      (c as unknown as Local).opened = opened;
      envelope.guard(def.access, opened);
      return payload ?? {};
    })
    .onError(async (c) => {
      // Elysia wraps what the parse hook throws in a ParseError; the envelope's own errors are its cause.
      const cause = (c.error as { cause?: unknown })?.cause;
      const error = cause instanceof ProtocolError || cause instanceof DomainError ? cause : c.error;
      if (error instanceof ProtocolError) return plain({ message: message("ERROR_PARAMS", { reason: error.reason }) }, 400);
      const opened = (c as unknown as Local).opened;
      const answer = errorAnswer(error, c.code);
      if (!opened) return plain(answer, c.code === "NOT_FOUND" ? 404 : 400);
      return envelope.seal(opened, answer);
    });

  for (const def of d.routes) {
    plugin = plugin.post(
      def.path,
      async (c) => {
        const opened = (c as unknown as Local).opened;
        // Only reachable without an envelope if the body skipped the parser; refuse it the same way.
        if (!opened) throw new ProtocolError("body");
        const ip = c.server?.requestIP(c.request)?.address ?? null;
        const ctx = envelope.makeCtx(opened, c.request, ip, deps.clock());
        const result = (await def.handler({ ctx, input: c.body })) ?? {};
        const answer = "message" in result ? result : { message: message("SUCCESS"), ...result };
        return envelope.seal(opened, answer);
      },
      { body: def.body },
    ) as unknown as typeof plugin;
  }
  return plugin;
}
