// What a late payment leaves when its order cannot be retaken (docs/decisions.md
// 106, tests/api/late-payment.test.ts drives it through WeChat Pay's
// notification and the reconcile job): the member's badminton pass, paid
// partly with points, cancelled by the expiry job, its payment arrived after
// the member had spent the points again: the order cancelled, the payment
// PAY_STATE_REFUND_OWED. Written into a journey's copy of the demo data before
// its server starts, since a journey's server runs on the real clock.
import { eq } from "drizzle-orm";
import type { Db } from "../../src/db/client";
import { activities, orderItems, orders, payments, users } from "../../src/db/schema";
import { ORDER_STATE, PAY_STATE, SEND_STATE } from "../../src/protocol/enumerations";

/** What was paid, in fen: the pass's 199.00 less the 30.00 its points took off. */
export const OWED_AMOUNT = 16900;

export async function writeOwedOrder(db: Db) {
  const [member] = await db.select({ id: users.id }).from(users).where(eq(users.employees, "cn100001"));
  const [pass] = await db.select().from(activities).where(eq(activities.nameEn, "Badminton hall season pass"));
  // A day after its sign-up opened in the demo's time, so older than every order a journey makes.
  const created = new Date(pass!.signStart!.getTime() + 86_400_000);
  const paid = new Date(created.getTime() + 6 * 60_000);
  const stamp = created.toISOString().replace(/\D/g, "").slice(0, 14);
  const OWED = { trade: `A${stamp}0000000000000001`, payTrade: `SBXT${stamp}`, amount: OWED_AMOUNT };
  const [order] = await db
    .insert(orders)
    .values({
      trade: OWED.trade,
      userId: member!.id,
      state: ORDER_STATE.ORDER_STATE_CANCEL,
      sendState: SEND_STATE.SEND_STATE_WAIT,
      price: pass!.price,
      amount: OWED.amount,
      points: pass!.integral,
      deducted: true,
      createdAt: created,
      updatedAt: created,
    })
    .returning({ id: orders.id });
  // Cancelled: it holds no seat, so the journeys' own sign-ups of the pass take seat 1 again.
  await db.insert(orderItems).values({ orderId: order!.id, childTrade: `${OWED.trade}-1`, userId: member!.id, activityId: pass!.id, seq: 1, places: 1, state: ORDER_STATE.ORDER_STATE_CANCEL, createdAt: created });
  await db.insert(payments).values({
    trade: OWED.trade,
    provider: "sandbox",
    kind: "order",
    refId: order!.id,
    userId: member!.id,
    subject: `${pass!.nameZh} / ${pass!.nameEn}`,
    amount: OWED.amount,
    state: PAY_STATE.PAY_STATE_REFUND_OWED,
    owedWhy: "late",
    providerTrade: OWED.payTrade,
    createdAt: created,
    expiresAt: new Date(created.getTime() + 5 * 60_000),
    paidAt: paid,
  });
}
