// Cancelling from the staff side (issue 29 section 4, docs/decisions.md 113):
// an officer holding FUNCTION_ACTIVITY_ORDER cancels a member's order with a
// reason; the cancel is audited, and places and points go back exactly as
// the member's own cancel gives them; a paid order's money is owed back.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { operationLog, orders, payments, pointRecords, users } from "../../src/db/schema";
import { ORDER_STATE, PAY_STATE } from "../../src/protocol/enumerations";
import { signedSandboxNotice } from "../../src/providers/payment/sandbox";
import { activityRow, makeActivity } from "../helpers/activities";
import { startTestApp, type TestApp } from "../helpers/app";

type Answer = { message: { code: string; params?: Record<string, unknown> } } & Record<string, any>;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PAYMENT_SANDBOX_SECRET: "refunds-test-secret-0123456789abcdef0" });
}, 60_000);
afterAll(() => t.close());

const userId = async (employees: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.employees, employees)))[0]!.id;
const balance = async (user: number) =>
  (await t.db.select().from(pointRecords).where(eq(pointRecords.userId, user))).filter((r) => !r.expiresAt || r.expiresAt > t.clock.now()).reduce((s, r) => s + r.remaining, 0);
async function paid(trade: string) {
  const [payment] = await t.db.select().from(payments).where(eq(payments.trade, trade));
  const notice = signedSandboxNotice(t.config, { trade, transactionId: `SBXT${trade.slice(-8)}`, amount: payment!.amount, status: "SUCCESS" });
  expect((await t.fetch("/api/pay/notify/sandbox", { method: "POST", headers: notice.headers, body: notice.body })).status).toBe(200);
}
const cancel = async (input: Record<string, unknown>, account = "cn000002") => (await t.as(account)).call<Answer>("/order/activity/cancel", input);

describe("/order/activity/cancel", () => {
  test("a paid order: the place and the points come back as on the member's own cancel, the payment is owed back, the reason audited", async () => {
    const me = await userId("cn100001");
    const before = await balance(me);
    const a = await makeActivity(t.db, { price: 2000, cap: 1, integral: 300, mustIntegral: true });
    const member = await t.as("cn100001");
    const signed = await member.call<Answer>("/order/sign", { activity: a.id });
    expect(signed.message.code).toBe("SUCCESS");
    await paid(signed.trade);
    expect(await balance(me)).toBe(before - 300);
    expect((await activityRow(t.db, a.id)).used).toBe(1);

    const done = await cancel({ id: signed.order, reason: "  会员来电要求取消  " });
    expect(done.message.code).toBe("SUCCESS");
    const [order] = await t.db.select().from(orders).where(eq(orders.id, signed.order));
    expect(order!.state).toBe(ORDER_STATE.ORDER_STATE_CANCEL);
    expect((await activityRow(t.db, a.id)).used).toBe(0);
    expect(await balance(me)).toBe(before);
    const [payment] = await t.db.select().from(payments).where(eq(payments.trade, signed.trade));
    expect(payment!.state).toBe(PAY_STATE.PAY_STATE_REFUND_OWED);
    const [log] = await t.db.select().from(operationLog).where(and(eq(operationLog.action, "order.staff.cancel"), eq(operationLog.targetId, String(signed.order))));
    expect(log).toMatchObject({ targetUserId: me, detail: `${signed.trade}: 会员来电要求取消` });
    // The member sees the money owed back on the order.
    const own = (await member.call<Answer>("/order/list", {})).list.find((o: Answer) => o.id === signed.order);
    expect(own.refundOwed).toBe(true);
    // Once is enough: a second cancel changes nothing and says why.
    expect((await cancel({ id: signed.order, reason: "again" })).message.code).toBe("ERROR_ORDER_ALREADY_CANCELLED");
    expect(await balance(me)).toBe(before);
  });

  test("two officers cancelling one paid order at once: one cancel, the place and the points back once, one payment owed", async () => {
    const me = await userId("cn100001");
    const before = await balance(me);
    const a = await makeActivity(t.db, { price: 1500, cap: 2, integral: 200, mustIntegral: true });
    const signed = await (await t.as("cn100001")).call<Answer>("/order/sign", { activity: a.id });
    expect(signed.message.code).toBe("SUCCESS");
    await paid(signed.trade);
    const [editor, admin] = await Promise.all([t.as("cn000002"), t.as("cn000001")]);
    // On PostgreSQL (CI's second run) the two run in two transactions at once; the order's row lock lets one through.
    const answers = await Promise.all([
      editor.call<Answer>("/order/activity/cancel", { id: signed.order, reason: "重复报名" }),
      admin.call<Answer>("/order/activity/cancel", { id: signed.order, reason: "会员来电" }),
    ]);
    expect(answers.map((x) => x.message.code).sort()).toEqual(["ERROR_ORDER_ALREADY_CANCELLED", "SUCCESS"]);
    expect((await activityRow(t.db, a.id)).used).toBe(0);
    expect(await balance(me)).toBe(before);
    const owed = await t.db.select().from(payments).where(and(eq(payments.trade, signed.trade), eq(payments.state, PAY_STATE.PAY_STATE_REFUND_OWED)));
    expect(owed).toHaveLength(1);
    expect(await t.db.select().from(operationLog).where(and(eq(operationLog.action, "order.staff.cancel"), eq(operationLog.targetId, String(signed.order))))).toHaveLength(1);
  });

  test("an unpaid order: its waiting payment is closed, nothing is owed", async () => {
    const a = await makeActivity(t.db, { price: 500, cap: 3 });
    const signed = await (await t.as("cn100002")).call<Answer>("/order/sign", { activity: a.id });
    expect((await cancel({ id: signed.order, reason: "重复报名" })).message.code).toBe("SUCCESS");
    const [payment] = await t.db.select().from(payments).where(eq(payments.trade, signed.trade));
    expect(payment!.state).toBe(PAY_STATE.PAY_STATE_CLOSED);
    expect((await activityRow(t.db, a.id)).used).toBe(0);
  });

  test("no reason, a reason too long, an order that does not exist and a caller without the power are refused, and nothing changes", async () => {
    const a = await makeActivity(t.db, { cap: 2 });
    const signed = await (await t.as("cn100001")).call<Answer>("/order/sign", { activity: a.id });
    expect(signed.message.code).toBe("SUCCESS");
    expect((await cancel({ id: signed.order, reason: "   " })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "reason" } });
    expect((await cancel({ id: signed.order })).message.code).toBe("ERROR_PARAMS");
    expect((await cancel({ id: signed.order, reason: "x".repeat(201) })).message.code).toBe("ERROR_PARAMS");
    expect((await cancel({ id: 2_000_000_000, reason: "why" })).message.code).toBe("ERROR_RESULT_NULL");
    expect((await cancel({ id: signed.order, reason: "mine" }, "cn100001")).message.code).toBe("ERROR_NOT_POWER");
    const [order] = await t.db.select().from(orders).where(eq(orders.id, signed.order));
    expect(order!.state).toBe(ORDER_STATE.ORDER_STATE_SUCCESS);
    expect((await activityRow(t.db, a.id)).used).toBe(1);
  });
});
