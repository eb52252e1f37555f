// Runs each job on a timer in every instance. A tick is a write through the
// app's runner, like a request's: it takes a transaction-scoped advisory
// lock (no two runs of a job at once) and claims its period
// (floor(now / everyMs)) in a shared counter, so each period runs once
// across instances whatever the phase of their timers; a tick that changed
// something leaves an operation-log row (`job.<name>`). A job that must call
// out (message delivery) does only its database part under the lock and the
// calls in `after`, once that transaction has committed.
import { sql } from "drizzle-orm";
import { inBackground } from "../background";
import type { Database } from "../db/client";
import { rowsOf } from "../db/sql";
import type { AppState, Ctx, Deps } from "../domains/context";
import { expireOrders } from "../domains/order/lifecycle";
import { expireOffers } from "../domains/signup";
import { drawLotteries } from "../domains/lottery/run";
import { sendReminders } from "../domains/reminders/run";
import { RECONCILE_EVERY_MS, paymentsToReconcile, reconcilePayments } from "../domains/payment/reconcile";
import { checkRefunds, REFUND_CHECK_EVERY_MS, refundsToCheck } from "../domains/payment/refund";
import { claimMessages, sendClaimed } from "../domains/shared/messages";
import { claimPeriod } from "../domains/shared/rate-limit";
import { claimSmsNumbers, claimUnknownSms, sendSmsNumbers, settleUnknownSms, SMS_SETTLE_EVERY_MS } from "../domains/sms/delivery";
import { claimStaleJobs, resumeJobs } from "../domains/staff-jobs/kit";
import type { CommandCtx } from "../http/kit";
import { log } from "../log";
import { clearExpired } from "./clear-expired";
import { expireDuesOrders } from "./expire-dues";
import { expirePoints } from "./expire-points";
import { eraseDeparted, removeErasedFiles } from "../domains/privacy/erasure";

type Job<R = unknown> = {
  id: number;
  name: string;
  everyMs: number;
  run: (ctx: CommandCtx) => Promise<R>;
  after?: (ctx: Ctx, result: R) => Promise<unknown>;
};

const job = <R>(j: Job<R>) => j as Job;

export const JOBS: Job[] = [
  job({ id: 7302001, name: "clear-expired", everyMs: 60_000, run: clearExpired }),
  // Every 30 s: an unpaid dues order is cancelled at most half a minute after its 15 minutes.
  job({ id: 7302002, name: "expire-dues", everyMs: 30_000, run: expireDuesOrders }),
  // Every 10 s: a sign-up unpaid after its 5 minutes gives its places back within seconds.
  job({ id: 7302005, name: "expire-orders", everyMs: 10_000, run: expireOrders }),
  // Every 10 s: a waiting-list offer not taken in time gives its held place to the next in line (or back to free).
  job({ id: 7302008, name: "expire-offers", everyMs: 10_000, run: expireOffers }),
  // Every 10 s: a lottery whose draw time has passed is drawn, once, and its first drawn are offered the places (src/domains/lottery/run.ts).
  job({ id: 7302012, name: "draw-lotteries", everyMs: 10_000, run: drawLotteries }),
  // Every 30 s: the reminders members chose that fell due are queued, each once (src/domains/reminders/run.ts).
  job({ id: 7302013, name: "send-reminders", everyMs: 30_000, run: sendReminders }),
  job({ id: 7302003, name: "expire-points", everyMs: 10 * 60_000, run: expirePoints }),
  // Messages are delivered right after the command that queued them commits; this tick retries the rest,
  // and sends the numbers of bulk SMS tasks (src/domains/sms/delivery.ts), a batch a tick.
  job({
    id: 7302004,
    name: "deliver-messages",
    everyMs: 5_000,
    run: async (ctx) => ({ messages: await claimMessages(ctx), smsNumbers: await claimSmsNumbers(ctx) }),
    after: async (ctx, claimed) => {
      await sendClaimed(ctx, claimed.messages);
      await sendSmsNumbers(ctx, claimed.smsNumbers);
    },
  }),
  // A real payment provider is asked about waiting payments whose notification has not come, and closes those whose window passed here.
  job({ id: 7302006, name: "reconcile-payments", everyMs: RECONCILE_EVERY_MS, run: paymentsToReconcile, after: reconcilePayments }),
  // Every 30 s: refunds still processing (no answer came, or the provider is still at it) are asked about, at growing gaps (src/domains/payment/refund.ts).
  job({ id: 7302010, name: "check-refunds", everyMs: REFUND_CHECK_EVERY_MS, run: refundsToCheck, after: checkRefunds }),
  // Every 30 s: bulk SMS numbers whose outcome is unknown are settled from the gateway's delivery reports (src/domains/sms/delivery.ts).
  job({ id: 7302009, name: "settle-sms", everyMs: SMS_SETTLE_EVERY_MS, run: claimUnknownSms, after: settleUnknownSms }),
  // Hourly: departed members past the keep the administrator set have their personal data erased (src/domains/privacy/erasure.ts).
  job({ id: 7302011, name: "erase-departed", everyMs: 60 * 60_000, run: eraseDeparted, after: removeErasedFiles }),
  // Every 15 s: a staff job whose instance died or stopped (its lease not renewed for a minute) is taken over and run again from the start here.
  job({ id: 7302007, name: "resume-staff-jobs", everyMs: 15_000, run: claimStaleJobs, after: resumeJobs }),
];

/** What a tick did, for its log row: counts, or how many rows it took; nothing when it changed nothing. */
function summaryOf(result: unknown): string | null {
  if (Array.isArray(result)) return result.length > 0 ? JSON.stringify({ rows: result.length }) : null;
  // Lists by name (messages and SMS batches): how many of each.
  if (result && typeof result === "object" && Object.values(result).every(Array.isArray)) {
    const counts = Object.fromEntries(Object.entries(result).map(([k, v]) => [k, (v as unknown[]).length]));
    return Object.values(counts).some((n) => n > 0) ? JSON.stringify(counts) : null;
  }
  if (result && typeof result === "object" && Object.values(result).some((v) => typeof v === "number" && v > 0)) return JSON.stringify(result);
  return null;
}

/** The context of work no member asked for. */
export const systemCtx = (deps: Pick<Deps, "database" | "config">, state: AppState, now: Date): Ctx => ({
  db: deps.database.db,
  now,
  config: deps.config,
  session: { id: "", userId: null },
  actor: null,
  ip: null,
  host: null,
  userAgent: null,
  app: state,
});

export type JobDeps = Pick<Deps, "database" | "config"> & { state: AppState };

/**
 * Runs one job if no other instance is running it right now; returns false when skipped.
 * A timer's tick (`oncePerPeriod`) also skips when another instance has run this period already.
 */
export async function runJob(deps: JobDeps, job: Job, now: Date, opts: { oncePerPeriod?: boolean } = {}): Promise<boolean> {
  const started = performance.now();
  const ctx = systemCtx(deps, deps.state, now);
  const outcome: { ran: boolean; result?: unknown } = await deps.state.runner.run({
    ctx,
    name: `job:${job.name}`,
    audit: { action: `job.${job.name}`, row: "when named" },
    verb: async (tx) => {
      const rows = await tx.db.execute(sql`select pg_try_advisory_xact_lock(${job.id}) as got`);
      if (!rowsOf<{ got: boolean }>(rows)[0]?.got) return { ran: false };
      if (opts.oncePerPeriod && !(await claimPeriod(tx, `job:${job.name}`, job.everyMs))) return { ran: false };
      const result = await job.run(tx);
      const detail = summaryOf(result);
      return { ran: true, result, ...(detail ? { audit: { entity: "job", id: job.name, detail } } : {}) };
    },
  });
  if (!outcome.ran) return false;
  await job.after?.(ctx, outcome.result);
  log.debug("job", { job: job.name, period: Math.floor(now.getTime() / job.everyMs), ms: Math.round(performance.now() - started) });
  return true;
}

/** Starts every job's timer; the function returned stops them (a tick under way finishes: see backgroundSettled). */
export function startJobs(deps: JobDeps, clock: () => Date): () => void {
  const timers = JOBS.map((job) =>
    setInterval(() => inBackground("job", () => runJob(deps, job, clock(), { oncePerPeriod: true }), { job: job.name }), job.everyMs),
  );
  return () => timers.forEach(clearInterval);
}

export type { Database };
