// Failure counters shared by every instance (rows in rate_limits). A key that
// fails `threshold` times inside the window pauses for 30 s, doubling with
// each further failure up to `maxPauseMs`: slow for a guesser, short for the
// real owner who mistyped.
import { and, eq, gt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { rateLimits } from "../../db/schema";
import { at } from "../../db/sql";

type Limiter = { db: DbOrTx; now: Date };

/** Milliseconds until the key may try again, or 0. */
export async function pausedFor({ db, now }: Limiter, key: string): Promise<number> {
  const rows = await db
    .select({ blockedUntil: rateLimits.blockedUntil })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), gt(rateLimits.blockedUntil, now)));
  const until = rows[0]?.blockedUntil;
  return until ? until.getTime() - now.getTime() : 0;
}

export async function recordFailure(
  { db, now }: Limiter,
  key: string,
  opts: { threshold: number; windowMs: number; maxPauseMs: number },
): Promise<number> {
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
  const pause = Math.min(30_000 * 2 ** (count - opts.threshold), opts.maxPauseMs);
  const blockedUntil = new Date(now.getTime() + pause);
  await db
    .update(rateLimits)
    .set({ blockedUntil, expiresAt: sql`greatest(${rateLimits.expiresAt}, ${at(blockedUntil)})` })
    .where(eq(rateLimits.key, key));
  return pause;
}

export async function clearFailures({ db }: Limiter, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
