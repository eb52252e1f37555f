// What happens to an order after sign-up, in the caller's transaction:
// cancelling (by the member, by the expiry job when a payment window closes,
// or when no pay link could be had) gives every place, option, gift and
// point back; a payment confirms it; a payment that arrives after the expiry
// job cancelled the order takes the places and the points again if they are
// still there, and is owed back if not (docs/decisions.md, 39 and 106). Lock
// order: the order row, then its payment (as the notification path takes
// them), then places, then the member's points (as sign-up takes them).
import { and, eq, inArray, lte, ne } from "drizzle-orm";
import type { Ctx } from "../context";
import { brokenIndex } from "../../http/errors";
import { activities, orderFamilies, orderItems, orders, payments } from "../../db/schema";
import { ORDER_STATE, PAY_STATE } from "../../protocol/enumerations";
import type { PaymentKind } from "../payment/kinds";
import { lockLots, returnPoints } from "../points/ledger";
import { type Claim, giveAllBack, type LineCtx, takeAll } from "../signup";

type ItemRow = typeof orderItems.$inferSelect;

const claimOf = (item: ItemRow, cycleCap: number | null): Claim => ({
  activityId: item.activityId,
  teamId: item.teamId,
  places: item.places,
  cycle: cycleCap === null ? null : { number: item.cycle, cap: cycleCap },
  options: item.takes.options,
  gifts: item.takes.gifts,
});

async function itemsOf(ctx: Pick<Ctx, "db">, orderId: number) {
  return ctx.db
    .select({ item: orderItems, hasCycle: activities.hasCycle, cycleCount: activities.cycleCount, nameZh: activities.nameZh, nameEn: activities.nameEn })
    .from(orderItems)
    .innerJoin(activities, eq(activities.id, orderItems.activityId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.id);
}

async function setState(ctx: Pick<Ctx, "db" | "now">, orderId: number, state: number, extra: Partial<typeof orders.$inferInsert> = {}) {
  const { db, now } = ctx;
  await db.update(orders).set({ state, updatedAt: now, ...extra }).where(eq(orders.id, orderId));
  const items = await db.update(orderItems).set({ state }).where(eq(orderItems.orderId, orderId)).returning({ id: orderItems.id });
  if (items.length) await db.update(orderFamilies).set({ state }).where(inArray(orderFamilies.itemId, items.map((i) => i.id)));
}

/**
 * Cancels a live order (waiting, successful or preview), or only one in the
 * state `from` when given, and gives back what it took; false when there was
 * nothing to cancel. The order row is locked first.
 */
export async function cancelOrder(ctx: LineCtx, orderId: number, from?: number): Promise<boolean> {
  const { db } = ctx;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order || order.state === ORDER_STATE.ORDER_STATE_CANCEL || (from !== undefined && order.state !== from)) return false;
  await db
    .update(payments)
    .set({ state: PAY_STATE.PAY_STATE_CLOSED })
    .where(and(eq(payments.kind, "order"), eq(payments.refId, orderId), eq(payments.state, PAY_STATE.PAY_STATE_WAIT)));
  await setState(ctx, orderId, ORDER_STATE.ORDER_STATE_CANCEL, { expiresAt: null });
  const rows = await itemsOf(ctx, orderId);
  await giveAllBack(ctx, rows.map(({ item, hasCycle, cycleCount }) => claimOf(item, hasCycle ? cycleCount : null)));
  const names = rows.map((r) => r.nameZh).join("、");
  const namesEn = rows.map((r) => r.nameEn).join(", ");
  await returnPoints(ctx, { userId: order.userId, parts: order.pointParts, note: { descZh: `取消报名退回：${names}`, descEn: `Returned, sign-up cancelled: ${namesEn}` } });
  return true;
}

/** What a late payment's order needed and no longer has (places, stock or points). */
class Gone extends Error {}

/**
 * Takes the cancelled order's places and points again (a payment arrived
 * late); false, with nothing changed, when either is gone: the cancel gave
 * the points back, so keeping the order without them would give its
 * deduction away.
 */
async function retake(ctx: Pick<Ctx, "db" | "now">, order: typeof orders.$inferSelect): Promise<boolean> {
  try {
    return await ctx.db.transaction(async (sp) => {
      const inside = { db: sp, now: ctx.now };
      const rows = await itemsOf(inside, order.id);
      const full = await takeAll(inside, rows.map(({ item, hasCycle, cycleCount }) => claimOf(item, hasCycle ? cycleCount : null)));
      if (full) throw new Gone(full.code);
      const lots = await lockLots(inside, order.points > 0 ? [order.userId] : []);
      const names = { zh: rows.map((r) => r.nameZh).join("、"), en: rows.map((r) => r.nameEn).join(", ") };
      const pointParts = lots.spend(order.userId, order.points, { descZh: `取消后付款到账，重新扣除：${names.zh}`, descEn: `Charged again, payment arrived after the cancel: ${names.en}` });
      if (pointParts === null) throw new Gone("points");
      await lots.write();
      // The seat indexes refuse if the member signed up again meanwhile.
      await setState(inside, order.id, ORDER_STATE.ORDER_STATE_SUCCESS, { expiresAt: null, payDate: ctx.now, pointParts });
      return true;
    });
  } catch (error) {
    // Gone, or the member signed up again meanwhile (a seat index): the savepoint undid it all. Anything else is no answer: the provider asks again.
    if (error instanceof Gone || brokenIndex(error) !== null) return false;
    throw error;
  }
}

export const orderPayment: PaymentKind = {
  power: "FUNCTION_ACTIVITY_ORDER",
  async lock(ctx, refId) {
    await ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.id, refId)).for("update");
  },
  async paid(ctx, refId, _payTrade) {
    const { db, now } = ctx;
    const done = await db
      .update(orders)
      .set({ state: ORDER_STATE.ORDER_STATE_SUCCESS, payDate: now, updatedAt: now, expiresAt: null })
      .where(and(eq(orders.id, refId), eq(orders.state, ORDER_STATE.ORDER_STATE_WAIT)))
      .returning({ id: orders.id });
    if (done.length === 0) return false;
    await setState(ctx, refId, ORDER_STATE.ORDER_STATE_SUCCESS);
    return true;
  },
  async abandon(ctx, refId) {
    await cancelOrder(ctx, refId, ORDER_STATE.ORDER_STATE_WAIT);
  },
  async paidAfterClose(ctx, refId) {
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, refId));
    return order?.state === ORDER_STATE.ORDER_STATE_CANCEL && (await retake(ctx, order)) ? "kept" : "owed";
  },
  async describe(ctx, refIds) {
    const rows = refIds.length
      ? await ctx.db
          .select({ order: orderItems.orderId, zh: activities.nameZh, en: activities.nameEn })
          .from(orderItems)
          .innerJoin(activities, eq(activities.id, orderItems.activityId))
          .where(inArray(orderItems.orderId, [...refIds]))
          .orderBy(orderItems.id)
      : [];
    const names = new Map<number, { zh: string; en: string }>();
    for (const r of rows) {
      const known = names.get(r.order);
      names.set(r.order, known ? { zh: `${known.zh}、${r.zh}`, en: `${known.en}, ${r.en}` } : { zh: r.zh, en: r.en });
    }
    return names;
  },
};

/** The job: sign-ups whose 5 minutes to pay have passed are cancelled, each in its own lock order. */
export async function expireOrders(ctx: LineCtx) {
  const { db, now } = ctx;
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.state, ORDER_STATE.ORDER_STATE_WAIT), lte(orders.expiresAt, now), ne(orders.amount, 0)))
    .limit(500);
  let cancelled = 0;
  // Paid in the meantime: no longer waiting, left alone.
  for (const { id } of due) if (await cancelOrder(ctx, id, ORDER_STATE.ORDER_STATE_WAIT)) cancelled++;
  return { cancelled };
}
