// Server side of the protocol: verifies and opens every signed call before
// any verb runs, and seals every answer. The transport (transport.ts) does the rest.
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { at, rowsOf } from "../db/sql";
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
import { USER_STATE } from "../protocol/enumerations";
import type { Actor } from "../domains/context";
import { SESSION_CHANGED, SESSION_FACTS, SESSIONS_ENDED, type SessionsStale, sessionLifetime } from "../domains/shared/sessions";
import { log } from "../log";
import { nodeBackend } from "./crypto-node";

/** A request the envelope refuses; answered in plain JSON because we cannot trust its session. */
export class ProtocolError extends Error {
  constructor(readonly reason: "query" | "stale" | "token" | "sign" | "replay" | "body" | "size") {
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
  /** The user keeps a confirmed second factor. */
  enrolled: boolean | null;
  /** When accounts with staff powers must have a second factor (security_config). */
  factor_deadline: Date | string | null;
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
 * Session rows for SESSION_CACHE_MS (60 s by default): every call needs its
 * session with the user's state, role, language and powers, and reading it
 * is most of a cheap call's database work. Whatever changes a cached row is
 * heard on every instance at its commit, so the window is only a backstop:
 * a session signed in or out (SESSION_CHANGED), a member signed out
 * everywhere (SESSIONS_ENDED, and at once on this instance), and any change
 * of a user's state, role or language or of a role's powers, which the
 * database itself announces (SESSION_FACTS, sql/0017_session-facts.sql),
 * whichever code made it. Notifications sent while the listening connection
 * was away are lost, so the cache is emptied each time it listens again.
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
    // Anonymous sessions too (every call before sign-in would otherwise pay a query): a sign-in on another
    // instance reaches this one as a notification, and a route that needs a member reads an anonymous row afresh.
    if (this.ttlMs <= 0) return;
    if (this.rows.size > 50_000) this.rows.clear();
    this.rows.set(row.id, { row, until: nowMs + this.ttlMs });
  }
  drop(id: string) {
    this.rows.delete(id);
  }
  /** Members signed out everywhere, or whose state, role or language changed: none of their sessions is kept. */
  dropUsers(userIds: ReadonlySet<number>) {
    for (const [id, hit] of this.rows) if (hit.row.user_id !== null && userIds.has(hit.row.user_id)) this.rows.delete(id);
  }
  clear() {
    this.rows.clear();
  }
}

export function createEnvelope(
  database: Database,
  opts: { sessionCacheMs: number; tokenLifetimeMs: number; staffIdleMs: number; anonymousLifetimeMs: number },
  sessionsStale: SessionsStale,
) {
  const nonces = new NonceWindow();
  const cache = new SessionCache(opts.sessionCacheMs);
  const { db } = database;
  // A member signed out everywhere: by this instance at once, by another when its notification arrives
  // (without the notification, one cache window at most).
  sessionsStale.listen((who) => (who === "*" ? cache.clear() : cache.dropUsers(new Set([who]))));
  const hear = (channel: string, onPayload: (payload: string) => void) =>
    database.listen(channel, onPayload, () => cache.clear()).catch((error) => log.error(`Cannot listen on ${channel}: ${(error as Error).message ?? error}`));
  const users = (payload: string) => new Set(payload.split(",").map(Number));
  void hear(SESSIONS_ENDED, (payload) => {
    const ended = users(payload);
    cache.dropUsers(ended);
    for (const userId of ended) log.debug("sessions ended", { userId });
  });
  void hear(SESSION_CHANGED, (sessionId) => cache.drop(sessionId));
  void hear(SESSION_FACTS, (payload) => (payload === "*" ? cache.clear() : cache.dropUsers(users(payload))));

  /** The session's row, from the cache unless the route needs a member and the cached row has none (signed in elsewhere a moment ago?). */
  async function loadSession(tokenId: string, now: Date, needsMember: boolean) {
    const cached = cache.get(tokenId, now.getTime());
    if (cached && new Date(cached.expires_at).getTime() > now.getTime() && !(needsMember && cached.user_id === null)) return cached;
    const result = await db.execute(sql`
      select s.id, s.enc_key, s.mac_key, s.user_id, s.expires_at, u.state, u.role_id, u.language,
             coalesce(array_agg(rp.power) filter (where rp.power is not null), '{}') as powers,
             exists (select 1 from second_factors f where f.user_id = s.user_id and f.confirmed) as enrolled,
             (select c.since + c.grace_days * interval '1 day' from security_config c where c.id = 1) as factor_deadline
      from sessions s
      left join users u on u.id = s.user_id
      left join role_powers rp on rp.role_id = u.role_id
      where s.id = ${tokenId} and s.expires_at > ${at(now)}
      group by s.id, u.id`);
    const rows = rowsOf<SessionRow>(result);
    const row = rows[0] ?? null;
    if (!row) return null;
    // The keys as bytes once, while the row is cached, not on every call.
    row.enc_key = asBytes(row.enc_key);
    row.mac_key = asBytes(row.mac_key);
    cache.set(row, now.getTime());
    return row;
  }

  async function slide(row: SessionRow, powers: number, now: Date) {
    // Nobody signed in: the short lifetime, so tokens minted in a loop do not pile up; staff: the staff idle time.
    const lifetime = row.user_id === null ? opts.anonymousLifetimeMs : sessionLifetime(opts, powers);
    const expires = new Date(row.expires_at).getTime();
    // Touch the row at most once a minute, not on every call; the owner's list reads "last seen" from it.
    if (expires - now.getTime() < lifetime - 60_000) {
      const next = new Date(now.getTime() + lifetime);
      await db.execute(sql`update sessions set expires_at = ${at(next)}, seen_at = ${at(now)} where id = ${row.id}`);
      row.expires_at = next;
    }
  }

  /**
   * Verifies query, stamp, session, signature and nonce, then decrypts (unless
   * `raw`: an upload's multipart is signed, not sealed). `needsMember`: the
   * route is for members, so a session cached without one is read afresh.
   */
  async function open(method: "GET" | "POST", request: Request, path: string, now: Date, body: Uint8Array, opts: { raw?: boolean; needsMember: boolean }) {
    const url = request.url;
    const q = url.indexOf("?");
    const parsed = q < 0 ? null : parseSignedQuery(url.slice(q + 1));
    if (!parsed) throw new ProtocolError("query");
    if (!isFreshStamp(parsed.stamp, now.getTime())) throw new ProtocolError("stale");
    const row = await loadSession(parsed.tokenId, now, opts.needsMember);
    if (!row) throw new ProtocolError("token");
    if (!(await verifySignature(nodeBackend, row.mac_key, method, path, parsed, body))) throw new ProtocolError("sign");
    if (!nonces.remember(`${row.id}:${parsed.nonce}`, now.getTime())) throw new ProtocolError("replay");
    const encKey = row.enc_key;
    let payload: unknown = {};
    if (method === "POST" && !opts.raw) {
      try {
        payload = await openJson(nodeBackend, encKey, body, requestAad(parsed.nonce));
      } catch {
        throw new ProtocolError("body");
      }
    }
    const active = row.user_id !== null && row.state === USER_STATE.USER_STATE_ACTIVE;
    const powers = parsePowers(row.powers);
    // Staff powers without a second factor past the grace: none of them works (issue 31), and the refusal says why.
    const factorMissing = active && powers.length > 0 && !row.enrolled && row.factor_deadline !== null && new Date(row.factor_deadline).getTime() <= now.getTime();
    const actor: Actor | null = active
      ? { id: row.user_id!, roleId: row.role_id!, state: row.state!, language: row.language, powers: new Set(factorMissing ? [] : powers), factorMissing }
      : null;
    await slide(row, powers.length, now);
    const opened: Opened = { sessionId: row.id, encKey, nonce: parsed.nonce, userId: active ? row.user_id : null, actor };
    return { opened, payload, params: parsed.params };
  }

  async function seal(opened: Opened, answer: unknown, status = 200): Promise<Response> {
    const bytes = await sealJson(nodeBackend, opened.encKey, answer, responseAad(opened.nonce));
    return new Response(bytes as Uint8Array<ArrayBuffer>, {
      status,
      headers: { "content-type": ENVELOPE.contentType, "cache-control": "no-store" },
    });
  }

  /** Whatever a write on this session changes (the signed-in user, the language) is read fresh next time. */
  const forget = (sessionId: string) => cache.drop(sessionId);

  return { open, seal, forget };
}

export type Envelope = ReturnType<typeof createEnvelope>;
