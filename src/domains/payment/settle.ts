// Applies a verified "paid" notification: the payment and the thing it pays
// for change together in one transaction, or not at all. A second
// notification, or one for a payment the expiry job closed, changes nothing.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { payments } from "../../db/schema";
import type { PaidNotice } from "../../providers/payment";
import { PAY_STATE } from "../../protocol/types";
import { PAYMENT_KINDS } from "./kinds";

/** paid: applied now; settled: nothing to change (already paid, or closed); refused: not ours or not what we asked. */
export type SettleResult = "paid" | "settled" | "refused";

class NothingToChange extends Error {}

export async function settlePayment(db: Db, now: Date, providerName: string, notice: PaidNotice): Promise<SettleResult> {
  try {
    return await db.transaction(async (tx) => {
      const [payment] = await tx.select().from(payments).where(eq(payments.trade, notice.trade));
      if (!payment || payment.provider !== providerName) return "refused";
      if (payment.amount !== notice.amount) return "refused";
      const kind = PAYMENT_KINDS[payment.kind];
      if (!kind) return "refused";
      await kind.lock(tx, payment.refId);
      const marked = await tx
        .update(payments)
        .set({ state: PAY_STATE.PAY_STATE_SUCCESS, paidAt: now })
        .where(and(eq(payments.id, payment.id), eq(payments.state, PAY_STATE.PAY_STATE_WAIT)))
        .returning({ id: payments.id });
      if (marked.length === 0) {
        // Money taken for a payment we already closed: staff must refund it by hand (real adapters will refund).
        if (payment.state === PAY_STATE.PAY_STATE_CLOSED) console.warn(`payment ${payment.trade}: paid after it was closed`);
        return "settled";
      }
      if (!(await kind.paid(tx, payment.refId, notice.transactionId, now))) throw new NothingToChange();
      return "paid";
    });
  } catch (error) {
    if (error instanceof NothingToChange) return "settled";
    throw error;
  }
}
