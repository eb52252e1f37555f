// What a payment for a dues order does once the provider confirms it.
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { duesOrders } from "../../db/schema";
import { ORDER_STATE } from "../../protocol/enumerations";
import type { PaymentKind } from "../payment/kinds";

export const duesPayment: PaymentKind = {
  /** Taken before the payment row, the order jobs and notifications both use. */
  async lock(db: DbOrTx, refId: number) {
    await db.select({ id: duesOrders.id }).from(duesOrders).where(eq(duesOrders.id, refId)).for("update");
  },
  /** Marks the order paid; false when it is no longer waiting (then nothing may change). */
  async paid(db: DbOrTx, refId: number, payTrade: string, now: Date): Promise<boolean> {
    const rows = await db
      .update(duesOrders)
      .set({ state: ORDER_STATE.ORDER_STATE_SUCCESS, payTrade, payDate: now })
      .where(and(eq(duesOrders.id, refId), eq(duesOrders.state, ORDER_STATE.ORDER_STATE_WAIT)))
      .returning({ id: duesOrders.id });
    return rows.length > 0;
  },
  async abandon(db: DbOrTx, refId: number) {
    await db
      .update(duesOrders)
      .set({ state: ORDER_STATE.ORDER_STATE_CANCEL })
      .where(and(eq(duesOrders.id, refId), eq(duesOrders.state, ORDER_STATE.ORDER_STATE_WAIT)));
  },
  async describe(db: DbOrTx, refId: number) {
    const [row] = await db.select({ zh: duesOrders.nameZh, en: duesOrders.nameEn }).from(duesOrders).where(eq(duesOrders.id, refId));
    return row ?? null;
  },
};
