// What a payment for a dues order does once the provider confirms it.
import { and, eq, inArray, ne } from "drizzle-orm";
import { duesOrders } from "../../db/schema";
import { ORDER_STATE } from "../../protocol/enumerations";
import type { Ctx } from "../context";
import type { PaymentKind } from "../payment/kinds";

export const duesPayment: PaymentKind = {
  power: "FUNCTION_MEMBER_EDIT",
  /** Taken before the payment row, the order jobs and notifications both use. */
  async lock(ctx: Pick<Ctx, "db">, refId: number) {
    await ctx.db.select({ id: duesOrders.id }).from(duesOrders).where(eq(duesOrders.id, refId)).for("update");
  },
  /** Marks the order paid; false when it is no longer waiting (then nothing may change). */
  async paid(ctx: Pick<Ctx, "db" | "now">, refId: number, payTrade: string): Promise<boolean> {
    const { db, now } = ctx;
    const rows = await db
      .update(duesOrders)
      .set({ state: ORDER_STATE.ORDER_STATE_SUCCESS, payTrade, payDate: now })
      .where(and(eq(duesOrders.id, refId), eq(duesOrders.state, ORDER_STATE.ORDER_STATE_WAIT)))
      .returning({ id: duesOrders.id });
    return rows.length > 0;
  },
  /**
   * Paid after the expiry job cancelled it: the year is paid after all,
   * unless the member paid it again meanwhile; then this money is owed back.
   */
  async paidAfterClose(ctx: Pick<Ctx, "db" | "now">, refId: number, payTrade: string) {
    const [order] = await ctx.db.select().from(duesOrders).where(eq(duesOrders.id, refId));
    if (!order || order.state !== ORDER_STATE.ORDER_STATE_CANCEL) return "owed";
    const [paid] = await ctx.db
      .select({ id: duesOrders.id })
      .from(duesOrders)
      .where(and(eq(duesOrders.userId, order.userId), eq(duesOrders.year, order.year), eq(duesOrders.state, ORDER_STATE.ORDER_STATE_SUCCESS), ne(duesOrders.id, refId)));
    if (paid) return "owed";
    await ctx.db.update(duesOrders).set({ state: ORDER_STATE.ORDER_STATE_SUCCESS, payTrade, payDate: ctx.now }).where(eq(duesOrders.id, refId));
    return "kept";
  },
  async abandon(ctx: Pick<Ctx, "db">, refId: number) {
    await ctx.db
      .update(duesOrders)
      .set({ state: ORDER_STATE.ORDER_STATE_CANCEL })
      .where(and(eq(duesOrders.id, refId), eq(duesOrders.state, ORDER_STATE.ORDER_STATE_WAIT)));
  },
  async describe(ctx: Pick<Ctx, "db">, refIds: readonly number[]) {
    const rows = refIds.length ? await ctx.db.select({ id: duesOrders.id, zh: duesOrders.nameZh, en: duesOrders.nameEn }).from(duesOrders).where(inArray(duesOrders.id, [...refIds])) : [];
    return new Map(rows.map(({ id, ...name }) => [id, name]));
  },
};
