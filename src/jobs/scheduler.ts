// Runs each job on a timer in every instance. A tick takes a
// transaction-scoped advisory lock (no two runs of a job at once) and claims
// its period (floor(now / everyMs)) in a shared counter, so each period runs
// once across instances whatever the phase of their timers. A job that must call out
// (message delivery) does only its database part under the lock and the
// calls in `after`, once that transaction has committed.
import { sql } from "drizzle-orm";
import type { Config } from "../config";
import type { Database, Db, DbOrTx } from "../db/client";
import { inBackground } from "../background";
import { rowsOf } from "../db/sql";
import type { Deps } from "../domains/context";
import { claimMessages, sendClaimed } from "../domains/shared/messages";
import { claimPeriod } from "../domains/shared/rate-limit";
import { log } from "../log";
import { type Providers, providersOf } from "../providers";
import { clearExpired } from "./clear-expired";
import { expireDuesOrders } from "./expire-dues";
import { expirePoints } from "./expire-points";
import { expireOrders } from "../domains/order/lifecycle";
import { RECONCILE_EVERY_MS, paymentsToReconcile, reconcilePayments } from "../domains/payment/reconcile";

export type JobScope = { db: Db; now: Date; config: Config; providers: Providers };

type Job<R = unknown> = {
  id: number;
  name: string;
  everyMs: number;
  run: (ctx: { db: DbOrTx; now: Date; config: Config }) => Promise<R>;
  after?: (ctx: JobScope, result: R) => Promise<unknown>;
};

const job = <R>(j: Job<R>) => j as Job;

export const JOBS: Job[] = [
  job({ id: 7302001, name: "clear-expired", everyMs: 60_000, run: clearExpired }),
  // Every 30 s: an unpaid dues order is cancelled at most half a minute after its 15 minutes.
  job({ id: 7302002, name: "expire-dues", everyMs: 30_000, run: expireDuesOrders }),
  // Every 10 s: a sign-up unpaid after its 5 minutes gives its places back within seconds.
  job({ id: 7302005, name: "expire-orders", everyMs: 10_000, run: expireOrders }),
  job({ id: 7302003, name: "expire-points", everyMs: 10 * 60_000, run: expirePoints }),
  // Messages are delivered right after the command that queued them commits; this tick retries the rest.
  job({ id: 7302004, name: "deliver-messages", everyMs: 5_000, run: (ctx) => claimMessages(ctx), after: sendClaimed }),
  // A real payment provider is asked about waiting payments whose notification has not come, and closes those whose window passed here.
  job({ id: 7302006, name: "reconcile-payments", everyMs: RECONCILE_EVERY_MS, run: paymentsToReconcile, after: reconcilePayments }),
];

/**
 * Runs one job if no other instance is running it right now; returns false when skipped.
 * A timer's tick (`oncePerPeriod`) also skips when another instance has run this period already.
 */
export async function runJob(deps: Pick<Deps, "database" | "config" | "providers">, job: Job, now: Date, opts: { oncePerPeriod?: boolean } = {}): Promise<boolean> {
  const { db } = deps.database;
  const started = performance.now();
  const outcome = await db.transaction(async (tx) => {
    const rows = await tx.execute(sql`select pg_try_advisory_xact_lock(${job.id}) as got`);
    const got = rowsOf<{ got: boolean }>(rows)[0]?.got;
    if (!got) return null;
    if (opts.oncePerPeriod && !(await claimPeriod({ db: tx, now }, `job:${job.name}`, job.everyMs))) return null;
    return { result: await job.run({ db: tx, now, config: deps.config }) };
  });
  if (!outcome) return false;
  await job.after?.({ db, now, config: deps.config, providers: providersOf(deps) }, outcome.result);
  log.debug("job", { job: job.name, period: Math.floor(now.getTime() / job.everyMs), ms: Math.round(performance.now() - started) });
  return true;
}

/** Starts every job's timer; the function returned stops them (a tick under way finishes: see backgroundSettled). */
export function startJobs(deps: Pick<Deps, "database" | "config" | "providers">, clock: () => Date): () => void {
  const timers = JOBS.map((job) =>
    setInterval(() => inBackground("job", () => runJob(deps, job, clock(), { oncePerPeriod: true }), { job: job.name }), job.everyMs),
  );
  return () => timers.forEach(clearInterval);
}

export type { Database };
