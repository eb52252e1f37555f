// Counters shared by every instance (rows in rate_limits), each taken by one
// atomic statement so racing requests cannot both slip under a limit.
// Failure counters: a key that fails `threshold` times inside the window
// pauses for 30 s, doubling with each further failure up to `maxPauseMs`:
// slow for a guesser, short for the real owner who mistyped. Token buckets:
// a burst, refilled at a steady rate (a route's per-address budget).
import { and, eq, gt, sql } from "drizzle-orm";
import { rateLimits } from "../../db/schema";
import { at } from "../../db/sql";
import type { Ctx } from "../context";

/** Milliseconds until the key may try again, or 0. */
export async function pausedFor(ctx: Pick<Ctx, "db" | "now">, key: string): Promise<number> {
  const { db, now } = ctx;
  const rows = await db
    .select({ blockedUntil: rateLimits.blockedUntil })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), gt(rateLimits.blockedUntil, now)));
  const until = rows[0]?.blockedUntil;
  return until ? until.getTime() - now.getTime() : 0;
}

type Pauses = { threshold: number; windowMs: number; maxPauseMs: number; /** The first pause, doubling after; 30 s unless set. */ basePauseMs?: number };

export async function recordFailure(ctx: Pick<Ctx, "db" | "now">, key: string, opts: Pauses): Promise<number> {
  const { db, now } = ctx;
  const windowStart = new Date(now.getTime() - opts.windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: now, expiresAt: new Date(now.getTime() + opts.windowMs) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} < ${at(windowStart)} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} < ${at(windowStart)} then ${at(now)} else ${rateLimits.windowStart} end`,
        expiresAt: sql`greatest(${rateLimits.expiresAt}, ${at(new Date(now.getTime() + opts.windowMs))})`,
      },
    })
    .returning({ count: rateLimits.count });
  const count = row!.count;
  if (count < opts.threshold) return 0;
  const pause = Math.min((opts.basePauseMs ?? 30_000) * 2 ** (count - opts.threshold), opts.maxPauseMs);
  const blockedUntil = new Date(now.getTime() + pause);
  await db
    .update(rateLimits)
    .set({ blockedUntil, expiresAt: sql`greatest(${rateLimits.expiresAt}, ${at(blockedUntil)})` })
    .where(eq(rateLimits.key, key));
  return pause;
}

/**
 * Takes one try of `key` before the attempt is judged, in one statement:
 * while the key is paused the try is refused (the milliseconds left come
 * back); otherwise it is counted, and from the `threshold`-th try in the
 * window on the key is paused at once, as if this try will fail (30 s,
 * doubling with each further try, up to `maxPauseMs`). A success lifts the
 * pause with clearFailures. Tries sent at the same moment queue on the row's
 * lock, and each sees the pause the one before it set: no burst gets more
 * than `threshold` tries judged.
 */
export async function takeTry(ctx: Pick<Ctx, "db" | "now">, key: string, opts: Pauses): Promise<number> {
  const { db, now } = ctx;
  const base = opts.basePauseMs ?? 30_000;
  const windowStart = new Date(now.getTime() - opts.windowMs);
  const fresh = sql`${rateLimits.windowStart} < ${at(windowStart)}`;
  const next = sql`(case when ${fresh} then 1 else ${rateLimits.count} + 1 end)`;
  const pauseMs = sql`least(${opts.maxPauseMs}::float8, ${base}::float8 * power(2, greatest(0, ${next} - ${opts.threshold})))`;
  const until = sql`${at(now)} + (${pauseMs} * interval '1 millisecond')`;
  const keepUntil = new Date(now.getTime() + Math.max(opts.windowMs, opts.maxPauseMs));
  const taken = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: now, blockedUntil: opts.threshold <= 1 ? new Date(now.getTime() + base) : null, expiresAt: keepUntil })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: next,
        windowStart: sql`case when ${fresh} then ${at(now)} else ${rateLimits.windowStart} end`,
        blockedUntil: sql`case when ${next} >= ${opts.threshold} then ${until} else null end`,
        expiresAt: sql`greatest(${rateLimits.expiresAt}, ${at(keepUntil)})`,
      },
      setWhere: sql`${rateLimits.blockedUntil} is null or ${rateLimits.blockedUntil} <= ${at(now)}`,
    })
    .returning({ count: rateLimits.count });
  if (taken.length > 0) return 0;
  return Math.max(1, await pausedFor(ctx, key));
}

export async function clearFailures(ctx: Pick<Ctx, "db">, key: string): Promise<void> {
  await ctx.db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/**
 * Takes one token from the bucket `key` (`burst` tokens, refilled at
 * `perSecond`) in one statement. Returns 0 when taken, else the milliseconds
 * until a token will be there. `count` holds thousandths of a token and
 * `window_start` the time of the last refill; a refused take sets
 * `blocked_until` to now, which is how the statement tells the two apart.
 */
export async function takeToken(ctx: Pick<Ctx, "db" | "now">, opts: { key: string; burst: number; perSecond: number }): Promise<number> {
  const { db, now } = ctx;
  const full = opts.burst * 1000;
  const idleMs = Math.ceil((opts.burst / opts.perSecond) * 1000);
  // Tokens now: what was left plus the refill since, capped at a full bucket.
  // Never refilled backwards: another instance's clock, or a test's, may be behind the last refill.
  const elapsed = sql`greatest(0, extract(epoch from (${at(now)} - ${rateLimits.windowStart})))`;
  const level = sql`least(${full}, ${rateLimits.count} + floor(${elapsed} * ${opts.perSecond * 1000}))::int`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key: opts.key, count: full - 1000, windowStart: now, blockedUntil: null, expiresAt: new Date(now.getTime() + idleMs) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${level} >= 1000 then ${level} - 1000 else ${level} end`,
        windowStart: sql`greatest(${rateLimits.windowStart}, ${at(now)})`,
        blockedUntil: sql`case when ${level} >= 1000 then null else ${at(now)} end`,
        expiresAt: new Date(now.getTime() + idleMs),
      },
    })
    .returning({ count: rateLimits.count, blockedUntil: rateLimits.blockedUntil });
  if (!row?.blockedUntil) return 0;
  return Math.ceil(((1000 - row.count) / (opts.perSecond * 1000)) * 1000);
}

/**
 * Claims the period `now` falls in (periods of `periodMs` counted from the
 * epoch) for `key`, once across every instance: true for the first caller of
 * a period, false for any other, whatever its timer's phase. One statement;
 * `window_start` holds the start of the period claimed last. Inside a
 * transaction that rolls back, the claim goes with it, so a failed run leaves
 * the period to another instance.
 */
export async function claimPeriod(ctx: Pick<Ctx, "db" | "now">, key: string, periodMs: number): Promise<boolean> {
  const { db, now } = ctx;
  const start = new Date(Math.floor(now.getTime() / periodMs) * periodMs);
  const claimed = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: start, expiresAt: new Date(start.getTime() + 2 * periodMs) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { count: sql`${rateLimits.count} + 1`, windowStart: start, expiresAt: new Date(start.getTime() + 2 * periodMs) },
      setWhere: sql`${rateLimits.windowStart} < ${at(start)}`,
    })
    .returning({ key: rateLimits.key });
  return claimed.length > 0;
}
