// A real provider's notification can be lost on the way (our address down
// during a deploy, a proxy, WeChat Pay giving up after 24 h). So the job asks
// the provider about each waiting payment at a few ages, and settles what it
// says was paid through the notification's own path (settle.ts, idempotent:
// a notification arriving as well changes nothing). Once a payment's window
// has closed here (the expiry jobs), it is asked about once more and closed
// at the provider, so nobody can pay it later; its pay link is then cleared,
// which is how the job knows it is done. The database part runs under the
// job's lock; the provider calls after, outside any transaction.
import { and, eq, gt, isNotNull, lte, or } from "drizzle-orm";
import { payments } from "../../db/schema";
import type { Ctx } from "../context";
import { log } from "../../log";
import { PAY_STATE } from "../../protocol/enumerations";
import { settlePayment } from "./settle";

export const RECONCILE_EVERY_MS = 30_000;
/** Ages at which a waiting payment is asked about: its notification normally comes within seconds. */
export const QUERY_AGES_MS = [45_000, 2 * 60_000, 4 * 60_000, 8 * 60_000, 12 * 60_000] as const;
/** WeChat Pay sends a notification again for about 24 h; a closed payment its provider never confirmed closing is left alone after that. */
const CLOSE_HORIZON_MS = 25 * 3_600_000;
const BATCH = 100;

export type ToReconcile = { id: number; trade: string; state: number };

/** Under the job's lock: the waiting payments at one of their query ages this tick, and the closed ones still open at the provider. */
export async function paymentsToReconcile(ctx: Pick<Ctx, "db" | "now" | "config">): Promise<ToReconcile[]> {
  const { db, now, config } = ctx;
  // The sandbox's notifications never leave the process: nothing to ask.
  if (config.payment.provider === "sandbox") return [];
  const at = (ms: number) => new Date(now.getTime() - ms);
  const columns = { id: payments.id, trade: payments.trade, state: payments.state };
  const mine = and(eq(payments.provider, config.payment.provider), isNotNull(payments.payUrl));
  const waiting = await db
    .select(columns)
    .from(payments)
    .where(and(mine, eq(payments.state, PAY_STATE.PAY_STATE_WAIT), or(...QUERY_AGES_MS.map((age) => and(gt(payments.createdAt, at(age + RECONCILE_EVERY_MS)), lte(payments.createdAt, at(age)))))))
    .orderBy(payments.id)
    .limit(BATCH);
  const closed = await db
    .select(columns)
    .from(payments)
    .where(and(mine, eq(payments.state, PAY_STATE.PAY_STATE_CLOSED), gt(payments.expiresAt, at(CLOSE_HORIZON_MS))))
    .orderBy(payments.expiresAt)
    .limit(BATCH);
  return [...waiting, ...closed];
}

/** After the lock: ask, settle what was paid, close what may no longer be paid. A failure is logged and the next tick tries again. */
export async function reconcilePayments(scope: Ctx, rows: ToReconcile[]): Promise<void> {
  const provider = scope.app.providers.payment;
  if (!provider.query || rows.length === 0) return;
  for (const row of rows) {
    try {
      const status = await provider.query(row.trade, scope.now);
      if (status.state === "paid") {
        const { accepted: applied } = await scope.app.runner.run({
          ctx: scope,
          name: "payment.reconcile",
          audit: { action: "payment.reconcile", row: "when named" },
          verb: (c) => settlePayment({ ctx: c, input: status.notice }),
        });
        log.warn(
          `payment ${row.trade}: ${provider.name} says it was paid and its notification had not come; ${applied ? "settled from the query" : "the query's answer was refused (another amount or provider)"}`,
        );
      } else if (row.state === PAY_STATE.PAY_STATE_CLOSED && status.state === "open") {
        await provider.close?.(row.trade, scope.now);
      }
      // Closed here and settled or closed there: nothing left to ask.
      if (row.state === PAY_STATE.PAY_STATE_CLOSED) {
        await scope.app.runner.run({
          ctx: scope,
          name: "payment.closed",
          audit: { action: "payment.closed", row: "when named" },
          verb: async (c) => {
            const cleared = await c.db
              .update(payments)
              .set({ payUrl: null })
              .where(and(eq(payments.id, row.id), eq(payments.state, PAY_STATE.PAY_STATE_CLOSED)))
              .returning({ id: payments.id });
            return cleared.length ? { audit: { entity: "payment", id: row.id, detail: row.trade } } : {};
          },
        });
      }
    } catch (error) {
      log.warn(`payment ${row.trade}: could not ${row.state === PAY_STATE.PAY_STATE_CLOSED ? "close it" : "ask about it"} at ${provider.name}; the next tick tries again: ${(error as Error)?.message ?? error}`);
    }
  }
}
