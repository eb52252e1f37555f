// An officer cancels a member's order from the staff order detail (issue 29
// section 4, docs/decisions.md 113): a reason is required and audited, and
// what the order took (places, team quota, gift and option stock, points)
// goes back through the member's own cancel (cancelOrder), never a second
// path. A paid order's payment becomes owed back (PAY_STATE_REFUND_OWED,
// decision 106), like a late payment's or a reverted order's.
import { Type as t } from "@sinclair/typebox";
import { and, eq } from "drizzle-orm";
import { orders, payments } from "../../db/schema";
import { PAY_STATE } from "../../protocol/enumerations";
import { CANCEL_REASON_MAX } from "../../protocol/limits";
import type { CommandCtx } from "../../http/kit";
import { refuse, refuseField } from "../../protocol/result";
import type { MemberCtx } from "../context";
import { idField } from "../shared/fields";
import { cancelOrder } from "./lifecycle";

export const staffCancelInput = t.Object({ id: idField, reason: t.String({ maxLength: CANCEL_REASON_MAX }) });

export async function staffCancelOrder({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: { id: number; reason: string } }) {
  const reason = input.reason.trim();
  if (!reason) refuseField("reason");
  const [order] = await ctx.db.select({ id: orders.id, trade: orders.trade, userId: orders.userId }).from(orders).where(eq(orders.id, input.id));
  if (!order) refuse("ERROR_RESULT_NULL");
  if (!(await cancelOrder(ctx, order.id))) refuse("ERROR_ORDER_ALREADY_CANCELLED");
  // The money of a paid order is owed back; the list of money owed back refunds it.
  await ctx.db
    .update(payments)
    .set({ state: PAY_STATE.PAY_STATE_REFUND_OWED, owedWhy: "cancelled" })
    .where(and(eq(payments.kind, "order"), eq(payments.refId, order.id), eq(payments.state, PAY_STATE.PAY_STATE_SUCCESS)));
  return { audit: { entity: "order", id: order.id, userId: order.userId, detail: `${order.trade}: ${reason}` } };
}
