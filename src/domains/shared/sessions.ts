// Who a session is, changed so that every instance knows at once. Signing a
// member out of every session (spec 3 section 4.2: reset activation and
// leave; a password reset too): the session rows lose their user in the
// command's transaction; once it commits, every instance drops what it cached
// of those sessions (src/http/envelope.ts), so the member's next call is
// signed out wherever it lands, not one cache window later: this instance at
// once (before the answer leaves), the others through a database notification
// on SESSIONS_ENDED, which PostgreSQL delivers on commit only. Signing one
// session in or out (`bindSession`) notifies SESSION_CHANGED the same way, so
// an instance that cached the session anonymous (or signed in) reads it afresh.
import { and, eq, gt, inArray, ne, sql } from "drizzle-orm";
import type { Config } from "../../config";
import { sessions } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import type { Ctx } from "../context";

/** The database notification channel; its payload is the users' ids, joined by commas. */
export const SESSIONS_ENDED = "sessions_ended";
/** The channel of one session signed in or out; its payload is the session's id. */
export const SESSION_CHANGED = "session_changed";
/** The channel the database itself notifies when a user's state, role or language or a role's powers change (sql/0017_session-facts.sql): the users' ids, or "*" for all. */
export const SESSION_FACTS = "session_facts";

/**
 * This instance's own signal (AppState.sessionsStale): members whose cached
 * sessions are stale (signed out everywhere, a second factor added or taken
 * away), or "*" for every session (the staff's grace changed). The
 * notification reaches the other instances, and this one only some time
 * after the answer.
 */
export function sessionsStaleSignal() {
  const listeners: ((who: number | "*") => void)[] = [];
  return {
    listen: (listener: (who: number | "*") => void) => void listeners.push(listener),
    emit: (who: number | "*") => listeners.forEach((listener) => listener(who)),
  };
}
export type SessionsStale = ReturnType<typeof sessionsStaleSignal>;

declare module "../context" {
  interface AppState {
    /** Members signed out everywhere by a command of this instance. */
    sessionsStale: SessionsStale;
  }
}

/**
 * The sessions of these members lose their user in this transaction, and every
 * running instance hears so once it commits: what a command does through
 * `signOutEverywhere`, and the operator's `union-portal admin reset-password`
 * (no instance of its own) alone.
 */
export async function endSessions(ctx: Pick<Ctx, "db">, ids: readonly number[]) {
  await ctx.db.update(sessions).set({ userId: null }).where(inArray(sessions.userId, [...ids]));
  await ctx.db.execute(sql`select pg_notify(${SESSIONS_ENDED}, ${ids.join(",")})`);
}

/** What the envelope caches with a session changed for these members (or "*": all): every instance reads it again, this one before the answer leaves. */
export async function sessionFactsChanged(ctx: Pick<CommandCtx, "db" | "app" | "afterCommit">, who: number | "*") {
  await ctx.db.execute(sql`select pg_notify(${SESSION_FACTS}, ${String(who)})`);
  ctx.afterCommit(async () => ctx.app.sessionsStale.emit(who));
}

/** Ends every session of these members (one, or an import's chunk of at most a few hundred: a notification carries up to 8,000 bytes). */
export async function signOutEverywhere(ctx: Pick<CommandCtx, "db" | "app" | "afterCommit">, userIds: number | readonly number[]) {
  const ids = typeof userIds === "number" ? [userIds] : [...userIds];
  if (ids.length === 0) return;
  await endSessions(ctx, ids);
  // After-commit work starts before the answer is sent; this part of it never waits.
  ctx.afterCommit(async () => ids.forEach((id) => ctx.app.sessionsStale.emit(id)));
}

/**
 * How long a signed-in session lives without a call: the token lifetime, or
 * for a member holding any staff power the staff idle time (STAFF_IDLE_MINUTES),
 * whichever is shorter. Every power is a staff one; members hold none.
 */
export const sessionLifetime = (config: Pick<Config, "tokenLifetimeMs" | "staffIdleMs">, powers: number) =>
  powers > 0 ? Math.min(config.staffIdleMs, config.tokenLifetimeMs) : config.tokenLifetimeMs;

/** What the owner's list of sessions shows of a sign-in: the browser's user agent, cut short. */
const USER_AGENT_MAX = 400;

/**
 * Signs `userId` in on the command's own session (or out, with null) for
 * `lifetimeMs` from now, noting when and from which browser and address. The
 * instance that ran the command forgets the session itself (every command
 * does); the others on the notification.
 */
export async function bindSession(ctx: Pick<CommandCtx, "db" | "now" | "session" | "ip" | "userAgent">, userId: number | null, lifetimeMs?: number) {
  const expiry = lifetimeMs === undefined ? {} : { expiresAt: new Date(ctx.now.getTime() + lifetimeMs) };
  const signedIn = userId === null ? {} : { signedInAt: ctx.now, seenAt: ctx.now, ip: ctx.ip, userAgent: ctx.userAgent?.slice(0, USER_AGENT_MAX) ?? null };
  await ctx.db.update(sessions).set({ userId, ...expiry, ...signedIn }).where(eq(sessions.id, ctx.session.id));
  await ctx.db.execute(sql`select pg_notify(${SESSION_CHANGED}, ${ctx.session.id})`);
}

/**
 * Signs the member out of every session but the command's own (a password
 * changed, "sign out everywhere else"), on every instance; answers how many.
 */
export async function signOutOthers(ctx: Pick<CommandCtx, "db" | "now" | "session" | "app" | "afterCommit">, userId: number): Promise<number> {
  const ended = await ctx.db
    .update(sessions)
    .set({ userId: null })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, ctx.session.id), gt(sessions.expiresAt, ctx.now)))
    .returning({ id: sessions.id });
  if (ended.length === 0) return 0;
  // Every instance drops what it cached of the member's sessions; this one's own, read again, is still signed in.
  await ctx.db.execute(sql`select pg_notify(${SESSIONS_ENDED}, ${String(userId)})`);
  ctx.afterCommit(async () => ctx.app.sessionsStale.emit(userId));
  return ended.length;
}

/** Signs one of the member's sessions out (its owner ended it from another), on every instance; false when it is not theirs or not signed in. */
export async function signOutSession(ctx: Pick<CommandCtx, "db" | "app" | "afterCommit">, userId: number, sessionId: string): Promise<boolean> {
  const ended = await ctx.db
    .update(sessions)
    .set({ userId: null })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  if (ended.length === 0) return false;
  await ctx.db.execute(sql`select pg_notify(${SESSION_CHANGED}, ${sessionId})`);
  // This instance at once: its cache of the member's sessions is read again.
  ctx.afterCommit(async () => ctx.app.sessionsStale.emit(userId));
  return true;
}
