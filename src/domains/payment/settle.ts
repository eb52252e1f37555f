// Applies a verified "paid" notification in the notify route's one
// transaction: the thing paid for and its payment change together, or not
// at all. One for a payment the expiry job closed retakes what it paid for,
// points included, or marks the money owed back (docs/decisions.md 106), for
// the refund list (./refund.ts). A repeated notification changes nothing and is
// still acknowledged, so the provider stops.
import { and, eq } from "drizzle-orm";
import { payments } from "../../db/schema";
import type { PaidNotice } from "../../providers/payment";
import { PAY_STATE } from "../../protocol/enumerations";
import type { AuditTarget } from "../../http/kit";
import type { Ctx } from "../context";
import { log } from "../../log";

/** Accepted (applied now, or nothing left to do), or refused: not ours, or not what we asked for. */
export type Settled = { accepted: boolean; audit?: AuditTarget };

export async function settlePayment({ ctx, input: notice }: { ctx: Pick<Ctx, "db" | "now" | "app">; input: PaidNotice }): Promise<Settled> {
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.trade, notice.trade));
  if (!payment || payment.provider !== ctx.app.providers.payment.name || payment.amount !== notice.amount) return { accepted: false };
  const kind = ctx.app.paymentKinds.get(payment.kind) ?? null;
  if (!kind) return { accepted: false };
  const target: AuditTarget = { entity: "payment", id: payment.id, userId: payment.userId, detail: payment.trade };
  // The thing paid for first, then the payment: the order the expiry job locks in too.
  await kind.lock(ctx, payment.refId);
  const [current] = await ctx.db.select({ state: payments.state }).from(payments).where(eq(payments.id, payment.id)).for("update");
  if (current?.state === PAY_STATE.PAY_STATE_CLOSED) {
    // Paid after the window closed: the thing is kept if it still can be, else the money is owed back (docs/decisions.md, 106).
    const outcome = await kind.paidAfterClose(ctx, payment.refId, notice.transactionId);
    const state = outcome === "kept" ? PAY_STATE.PAY_STATE_SUCCESS : PAY_STATE.PAY_STATE_REFUND_OWED;
    await ctx.db
      .update(payments)
      .set({ state, paidAt: ctx.now, providerTrade: notice.transactionId, owedWhy: outcome === "owed" ? "late" : null })
      .where(eq(payments.id, payment.id));
    log.warn(
      `payment ${payment.trade}: paid after it was closed; ${outcome === "kept" ? "what it paid for was taken again" : "what it paid for is gone (places, stock, the member's points, or the year paid again); owed back"}`,
    );
    return { accepted: true, audit: { ...target, detail: `${payment.trade} ${outcome}` } };
  }
  // Settled already (paid, owed or refunded): nothing left to do.
  if (current?.state !== PAY_STATE.PAY_STATE_WAIT) return { accepted: true };
  if (!(await kind.paid(ctx, payment.refId, notice.transactionId))) return { accepted: true };
  await ctx.db
    .update(payments)
    .set({ state: PAY_STATE.PAY_STATE_SUCCESS, paidAt: ctx.now })
    .where(and(eq(payments.id, payment.id), eq(payments.state, PAY_STATE.PAY_STATE_WAIT)));
  return { accepted: true, audit: target };
}
