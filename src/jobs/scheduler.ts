// Runs each job on a timer in every instance; a transaction-scoped advisory
// lock makes each tick run once across instances.
import { sql } from "drizzle-orm";
import type { Database, DbOrTx } from "../db/client";
import { clearExpired } from "./clear-expired";
import { expireDuesOrders } from "./expire-dues";
import { expirePoints } from "./expire-points";

type Job = { id: number; name: string; everyMs: number; run: (ctx: { db: DbOrTx; now: Date }) => Promise<unknown> };

export const JOBS: Job[] = [
  { id: 7302001, name: "clear-expired", everyMs: 60_000, run: clearExpired },
  // Every 30 s: an unpaid dues order is cancelled at most half a minute after its 15 minutes.
  { id: 7302002, name: "expire-dues", everyMs: 30_000, run: expireDuesOrders },
  { id: 7302003, name: "expire-points", everyMs: 10 * 60_000, run: expirePoints },
];

/** Runs one job if no other instance is running it right now; returns false when skipped. */
export async function runJob(database: Database, job: Job, now: Date): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    const rows = await tx.execute(sql`select pg_try_advisory_xact_lock(${job.id}) as got`);
    const got = (((rows as { rows?: unknown[] }).rows ?? rows) as { got: boolean }[])[0]?.got;
    if (!got) return false;
    await job.run({ db: tx, now });
    return true;
  });
}

export function startJobs(database: Database, clock: () => Date): () => void {
  const timers = JOBS.map((job) =>
    setInterval(() => {
      runJob(database, job, clock()).catch((error) => console.error(`job ${job.name} failed`, error));
    }, job.everyMs),
  );
  return () => timers.forEach(clearInterval);
}
