// Spec 2 section 4: when a member may cancel an order or change its address.
import { describe, expect, test } from "bun:test";
import { canCancel, canChangeAddress } from "../../../src/domains/order/rules";
import { ORDER_STATE, SEND_STATE } from "../../../src/protocol/enumerations";

const NOW = new Date("2026-03-02T01:30:00Z");

describe("cancel and address change", () => {
  const order = { state: ORDER_STATE.ORDER_STATE_SUCCESS as number, sendState: SEND_STATE.SEND_STATE_WAIT as number, amount: 0, checked: false };
  const activity = { allowCancel: true, allowCancelDate: new Date(NOW.getTime() + 1000), signEnd: new Date(NOW.getTime() + 2000), allowUpdateAddress: true };
  test("cancel exactly when spec 2 section 4 allows it", () => {
    expect(canCancel(order, activity, NOW)).toBe(true);
    expect(canCancel({ ...order, sendState: SEND_STATE.SEND_STATE_SENT }, activity, NOW)).toBe(false);
    expect(canCancel({ ...order, sendState: SEND_STATE.SEND_STATE_SENT }, { ...activity, allowUpdateAddress: false }, NOW)).toBe(true);
    expect(canCancel({ ...order, checked: true }, activity, NOW)).toBe(false);
    expect(canCancel({ ...order, amount: 100 }, activity, NOW)).toBe(false);
    expect(canCancel({ ...order, amount: 100, state: ORDER_STATE.ORDER_STATE_WAIT }, activity, NOW)).toBe(true);
    expect(canCancel({ ...order, state: ORDER_STATE.ORDER_STATE_CANCEL }, activity, NOW)).toBe(false);
    expect(canCancel(order, { ...activity, allowCancel: false }, NOW)).toBe(false);
    expect(canCancel(order, { ...activity, allowCancelDate: NOW }, NOW)).toBe(false);
    expect(canCancel(order, { ...activity, signEnd: NOW }, NOW)).toBe(false);
  });
  test("the address changes only on a successful order not yet sent", () => {
    expect(canChangeAddress(order, activity)).toBe(true);
    expect(canChangeAddress({ ...order, sendState: SEND_STATE.SEND_STATE_SENT }, activity)).toBe(false);
    expect(canChangeAddress({ ...order, state: ORDER_STATE.ORDER_STATE_WAIT }, activity)).toBe(false);
  });
});
