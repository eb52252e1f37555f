// When a member may cancel an order or change its address (spec 2 section 4),
// as pure functions the order list shows and the calls enforce.
import { ORDER_STATE, SEND_STATE } from "../../protocol/enumerations";

export type OrderFacts = { state: number; sendState: number; amount: number; checked: boolean };
export type ActivityFacts = { allowCancel: boolean; allowCancelDate: Date | null; signEnd: Date | null; allowUpdateAddress: boolean };

/**
 * Not sent (or the activity does not allow address updates, so "sent" is not
 * tracked), ticket not checked, free or still waiting for payment, not
 * cancelled, the activity allows cancelling, and now before both the cancel
 * deadline and the end of sign-up.
 */
export function canCancel(order: OrderFacts, activity: ActivityFacts, now: Date): boolean {
  if (order.state === ORDER_STATE.ORDER_STATE_CANCEL) return false;
  if (order.sendState !== SEND_STATE.SEND_STATE_WAIT && activity.allowUpdateAddress) return false;
  if (order.checked) return false;
  if (order.amount !== 0 && order.state !== ORDER_STATE.ORDER_STATE_WAIT) return false;
  if (!activity.allowCancel) return false;
  if (activity.allowCancelDate && now >= activity.allowCancelDate) return false;
  if (activity.signEnd && now >= activity.signEnd) return false;
  return true;
}

/** Only a successful order not yet sent, of an activity that allows it. */
export const canChangeAddress = (order: Pick<OrderFacts, "state" | "sendState">, activity: Pick<ActivityFacts, "allowUpdateAddress">): boolean =>
  order.state === ORDER_STATE.ORDER_STATE_SUCCESS && order.sendState === SEND_STATE.SEND_STATE_WAIT && activity.allowUpdateAddress;
