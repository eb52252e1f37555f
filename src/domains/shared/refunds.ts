// A refund as the staff windows show it (the payment domain writes refunds;
// the order detail and the refund list read them), docs/decisions.md 114.
import { eq } from "drizzle-orm";
import { refunds } from "../../db/schema";
import type { Ctx } from "../context";
import { isoOf } from "./fields";

/** A refund as the windows show it; null when none was asked for. */
export async function refundOf(ctx: Pick<Ctx, "db">, paymentId: number) {
  const [refund] = await ctx.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
  return refund ? refundView(refund) : null;
}

export const refundView = (r: typeof refunds.$inferSelect) => ({
  refundNo: r.refundNo,
  state: { id: r.state },
  amount: r.amount,
  reason: r.reason,
  failure: r.failure,
  providerRefund: r.providerRefund,
  createDate: r.createdAt.toISOString(),
  updateDate: r.updatedAt.toISOString(),
  refundDate: isoOf(r.refundedAt),
});

