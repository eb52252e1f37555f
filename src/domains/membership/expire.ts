// Dues orders left unpaid for 15 minutes are cancelled and their payments
// closed. Used by the job and, for one member, before a new dues order, so
// nobody waits for the next tick. Conditional updates: idempotent, and a
// notification racing it finds the order no longer waiting.
import { and, eq, inArray, lte } from "drizzle-orm";
import { duesOrders, payments } from "../../db/schema";
import { ORDER_STATE, PAY_STATE } from "../../protocol/enumerations";
import type { Ctx } from "../context";

export const DUES_PENDING_MS = 15 * 60_000;

export async function expireDues(ctx: Pick<Ctx, "db" | "now">, userId?: number) {
  const { db, now } = ctx;
  // Dues rows first, then payments: the same lock order as a notification (see payment/settle.ts).
  const cancelled = await db
    .update(duesOrders)
    .set({ state: ORDER_STATE.ORDER_STATE_CANCEL })
    .where(
      and(
        eq(duesOrders.state, ORDER_STATE.ORDER_STATE_WAIT),
        lte(duesOrders.expiresAt, now),
        userId === undefined ? undefined : eq(duesOrders.userId, userId),
      ),
    )
    .returning({ id: duesOrders.id });
  if (cancelled.length === 0) return { cancelled: 0 };
  await db
    .update(payments)
    .set({ state: PAY_STATE.PAY_STATE_CLOSED })
    .where(
      and(
        eq(payments.kind, "dues"),
        inArray(
          payments.refId,
          cancelled.map((c) => c.id),
        ),
        eq(payments.state, PAY_STATE.PAY_STATE_WAIT),
      ),
    );
  return { cancelled: cancelled.length };
}
