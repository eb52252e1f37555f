// Cancelling from the staff side and refunding (issue 29 section 4,
// docs/decisions.md 113 and 114): an officer holding FUNCTION_ACTIVITY_ORDER
// cancels a member's order with a reason; the cancel is audited, and places
// and points go back exactly as the member's own cancel gives them; a paid
// order's money is owed back, listed, and refunded once through the provider
// (the sandbox here, WeChat Pay's local fake below), whatever the provider
// answers, fails to answer, or says later.
import { afterAll, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { operationLog, orderItems, orders, payments, pointRecords, refunds, users } from "../../src/db/schema";
import { JOBS, runJob } from "../../src/jobs/scheduler";
import { ORDER_STATE, PAY_STATE, REFUND_STATE } from "../../src/protocol/enumerations";
import { signedSandboxNotice } from "../../src/providers/payment/sandbox";
import { activityRow, makeActivity } from "../helpers/activities";
import { startTestApp, type TestApp } from "../helpers/app";
import { testMerchant, type WechatPayFake } from "../helpers/wechat-pay-fake";

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

const refund = async (input: Record<string, unknown>, account = "cn000002") => (await t.as(account)).call<Answer>("/payment/refund", input);
const paymentOf = async (trade: string) => (await t.db.select().from(payments).where(eq(payments.trade, trade)))[0]!;
const refundsOf = async (paymentId: number) => t.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));

/** A member's paid order, cancelled by staff: its payment owed back. */
async function owedOrder(app: TestApp, price: number, member = "cn100002") {
  const a = await makeActivity(app.db, { price, cap: 5 });
  const signed = await (await app.as(member)).call<Answer>("/order/sign", { activity: a.id });
  expect(signed.message.code).toBe("SUCCESS");
  return { trade: signed.trade as string, order: signed.order as number };
}

describe("/payment/refund through the sandbox", () => {
  test("an officer refunds money owed back: given back at once, the payment refunded, the member and the staff detail say so, the list moves it to done, a second refund is refused", async () => {
    const signed = await owedOrder(t, 3000);
    await paid(signed.trade);
    expect((await cancel({ id: signed.order, reason: "活动改期" })).message.code).toBe("SUCCESS");
    const payment = await paymentOf(signed.trade);
    expect(payment).toMatchObject({ state: PAY_STATE.PAY_STATE_REFUND_OWED, owedWhy: "cancelled" });

    const editor = await t.as("cn000002");
    const open = await editor.call<Answer>("/payment/refund/list", { show: "open" });
    const row = open.list.find((r: Answer) => r.trade === signed.trade);
    expect(row).toMatchObject({ id: payment.id, kind: "order", amount: 3000, why: "cancelled", refund: null, user: { employees: "cn100002" } });
    expect(open.sum).toBeGreaterThanOrEqual(3000);

    const done = await refund({ id: payment.id, reason: "  活动改期，全额退款 " });
    expect(done.message.code).toBe("SUCCESS");
    expect(done.refund).toMatchObject({ state: { id: REFUND_STATE.REFUND_STATE_SUCCESS }, amount: 3000, reason: "活动改期，全额退款", failure: null });
    expect(done.refund.refundNo).toMatch(/^R\d{14}[0-9A-F]{16}$/);
    expect((await paymentOf(signed.trade)).state).toBe(PAY_STATE.PAY_STATE_REFUNDED);
    const logs = (await t.db.select().from(operationLog).where(and(eq(operationLog.targetEntity, "payment"), eq(operationLog.targetId, String(payment.id))))).filter((l) => l.action.startsWith("payment.refund"));
    expect(logs.map((l) => l.action).sort()).toEqual(["payment.refund", "payment.refund.outcome"]);
    expect(logs.find((l) => l.action === "payment.refund")!.detail).toBe(`${signed.trade} ${done.refund.refundNo}: 活动改期，全额退款`);

    const own = (await (await t.as("cn100002")).call<Answer>("/order/list", {})).list.find((o: Answer) => o.id === signed.order);
    expect(own).toMatchObject({ refundOwed: false, refund: { state: { id: REFUND_STATE.REFUND_STATE_SUCCESS }, amount: 3000 } });
    expect(own.payOrder.state.id).toBe(PAY_STATE.PAY_STATE_REFUNDED);
    const [item] = await t.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, signed.order));
    const detail = await editor.call<Answer>("/order/activity/info", { id: item!.id });
    expect(detail.order.payment).toMatchObject({ id: payment.id, state: { id: PAY_STATE.PAY_STATE_REFUNDED }, why: "cancelled", refund: { state: { id: REFUND_STATE.REFUND_STATE_SUCCESS } } });

    expect((await refund({ id: payment.id, reason: "again" })).message.code).toBe("ERROR_REFUND_DONE");
    expect(await refundsOf(payment.id)).toHaveLength(1);
    expect((await editor.call<Answer>("/payment/refund/list", { show: "open" })).list.some((r: Answer) => r.trade === signed.trade)).toBe(false);
    expect((await editor.call<Answer>("/payment/refund/list", { show: "done" })).list.find((r: Answer) => r.trade === signed.trade)).toMatchObject({ state: { id: PAY_STATE.PAY_STATE_REFUNDED } });
  });

  test("two officers refunding one payment at once: one refund, one answer of success, the other told it is under way or done", async () => {
    const signed = await owedOrder(t, 1200, "cn100001");
    await paid(signed.trade);
    expect((await cancel({ id: signed.order, reason: "重复报名" })).message.code).toBe("SUCCESS");
    const payment = await paymentOf(signed.trade);
    const [editor, admin] = await Promise.all([t.as("cn000002"), t.as("cn000001")]);
    // On PostgreSQL (CI's second run) the two run in two transactions at once: the payment's row lock and refunds_payment_idx let one through.
    const answers = await Promise.all([
      editor.call<Answer>("/payment/refund", { id: payment.id, reason: "重复报名" }),
      admin.call<Answer>("/payment/refund", { id: payment.id, reason: "会员来电" }),
    ]);
    const codes = answers.map((x) => x.message.code);
    expect(codes.filter((c) => c === "SUCCESS")).toHaveLength(1);
    expect(codes.filter((c) => c !== "SUCCESS").every((c) => c === "ERROR_REFUND_IN_PROGRESS" || c === "ERROR_REFUND_DONE")).toBe(true);
    expect(await refundsOf(payment.id)).toHaveLength(1);
    expect(await t.db.select().from(operationLog).where(and(eq(operationLog.action, "payment.refund"), eq(operationLog.targetId, String(payment.id))))).toHaveLength(1);
    // The index itself holds a second row out, whatever a verb might do.
    const [only] = await refundsOf(payment.id);
    const { id: _, ...copy } = only!;
    expect(Promise.resolve(t.db.insert(refunds).values({ ...copy, refundNo: `${copy.refundNo}X` }).then(() => "written"))).rejects.toThrow();
  });

  test("only money owed back is refunded, by the officer of what it paid for, with a reason; nothing changes on a refusal", async () => {
    const signed = await owedOrder(t, 800, "cn000003");
    await paid(signed.trade);
    const payment = await paymentOf(signed.trade);
    // Paid for a live order: nothing is owed.
    expect((await refund({ id: payment.id, reason: "why" })).message).toMatchObject({ code: "ERROR_REFUND_NOT_OWED", params: { state: PAY_STATE.PAY_STATE_SUCCESS } });
    expect((await cancel({ id: signed.order, reason: "取消" })).message.code).toBe("SUCCESS");
    expect((await refund({ id: payment.id, reason: "   " })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "reason" } });
    expect((await refund({ id: payment.id, reason: "x".repeat(81) })).message.code).toBe("ERROR_PARAMS");
    expect((await refund({ id: 2_000_000_000, reason: "why" })).message.code).toBe("ERROR_RESULT_NULL");
    // A member has no power; the operator runs dues, not sign-up orders.
    expect((await refund({ id: payment.id, reason: "mine" }, "cn100001")).message.code).toBe("ERROR_NOT_POWER");
    expect((await refund({ id: payment.id, reason: "dues officer" }, "cn000003")).message.code).toBe("ERROR_NOT_POWER");
    expect((await (await t.as("cn000003")).call<Answer>("/payment/refund/list", {})).list.some((r: Answer) => r.kind === "order")).toBe(false);
    expect(await refundsOf(payment.id)).toHaveLength(0);
    expect((await paymentOf(signed.trade)).state).toBe(PAY_STATE.PAY_STATE_REFUND_OWED);
  });
});

// ---- WeChat Pay: a refund that takes its time, is refused, or is never answered

describe("/payment/refund through WeChat Pay", () => {
  const merchant = testMerchant();
  let w: TestApp;
  let fake: WechatPayFake;
  let warn: ReturnType<typeof spyOn>;
  const checkRefunds = JOBS.find((j) => j.name === "check-refunds")!;

  beforeAll(async () => {
    fake = merchant.fake(() => w);
    w = await startTestApp(merchant.env(fake.baseUrl));
    warn = spyOn(console, "warn").mockImplementation(() => {});
  }, 60_000);
  afterAll(async () => {
    warn?.mockRestore();
    fake.stop();
    await w.close();
  });

  /** Signed up, paid in WeChat, notified, cancelled by staff: owed back. */
  async function owedThroughWechat(price: number, member: string) {
    const signed = await owedOrder(w, price, member);
    fake.pay(signed.trade);
    expect((await fake.notify(signed.trade)).status).toBe(204);
    const officer = await w.as("cn000002");
    expect((await officer.call<Answer>("/order/activity/cancel", { id: signed.order, reason: "活动取消" })).message.code).toBe("SUCCESS");
    const [payment] = await w.db.select().from(payments).where(eq(payments.trade, signed.trade));
    return { officer, payment: payment!, trade: signed.trade };
  }
  const refundOf = async (paymentId: number) => (await w.db.select().from(refunds).where(eq(refunds.paymentId, paymentId)))[0]!;
  const stateOf = async (paymentId: number) => (await w.db.select({ state: payments.state }).from(payments).where(eq(payments.id, paymentId)))[0]!.state;
  const tick = (ms: number) => runJob(w, checkRefunds, new Date(w.clock.now().getTime() + ms));

  test("WeChat Pay takes the refund as processing; its notification settles it, sent again changes nothing, and one naming another amount is refused", async () => {
    const { officer, payment, trade } = await owedThroughWechat(4500, "cn100001");
    const asked = await officer.call<Answer>("/payment/refund", { id: payment.id, reason: "活动取消，退款" });
    expect(asked.refund).toMatchObject({ state: { id: REFUND_STATE.REFUND_STATE_PROCESSING }, amount: 4500 });
    const no = asked.refund.refundNo as string;
    expect(fake.refunds.get(no)).toMatchObject({ trade, amount: 4500, reason: "活动取消，退款", status: "PROCESSING" });
    expect((await refundOf(payment.id)).providerRefund).toBe(fake.refunds.get(no)!.refundId);
    expect((await officer.call<Answer>("/payment/refund", { id: payment.id, reason: "again" })).message.code).toBe("ERROR_REFUND_IN_PROGRESS");

    fake.settleRefund(no, "SUCCESS");
    // Signed and sealed, but naming an amount other than the one asked for: not believed.
    expect((await fake.notifyRefund(no, { amount: 4400 })).status).toBe(400);
    expect((await refundOf(payment.id)).state).toBe(REFUND_STATE.REFUND_STATE_PROCESSING);
    expect((await fake.notifyRefund(no)).status).toBe(204);
    expect(await refundOf(payment.id)).toMatchObject({ state: REFUND_STATE.REFUND_STATE_SUCCESS, failure: null });
    expect(await stateOf(payment.id)).toBe(PAY_STATE.PAY_STATE_REFUNDED);
    expect((await fake.notifyRefund(no)).status).toBe(204);
    expect(await w.db.select().from(operationLog).where(and(eq(operationLog.action, "payment.notify"), eq(operationLog.detail, `${no} refunded`)))).toHaveLength(1);
    // Only one refund call ever reached WeChat Pay.
    expect(fake.calls.filter((c) => c.method === "POST" && c.path === "/v3/refund/domestic/refunds" && c.body?.out_refund_no === no)).toHaveLength(1);
  });

  test("refused for want of balance: failed with WeChat Pay's words, shown to staff; asked again under the same number it is refunded once", async () => {
    const { officer, payment } = await owedThroughWechat(2000, "cn100002");
    fake.fail("not-enough");
    const asked = await officer.call<Answer>("/payment/refund", { id: payment.id, reason: "退款" });
    expect(asked.message.code).toBe("SUCCESS");
    expect(asked.refund).toMatchObject({ state: { id: REFUND_STATE.REFUND_STATE_FAILED }, failure: "NOT_ENOUGH: 基本账户余额不足，请充值后重新发起" });
    expect(await stateOf(payment.id)).toBe(PAY_STATE.PAY_STATE_REFUND_OWED);
    const listed = (await officer.call<Answer>("/payment/refund/list", {})).list.find((r: Answer) => r.id === payment.id);
    expect(listed.refund).toMatchObject({ state: { id: REFUND_STATE.REFUND_STATE_FAILED }, failure: expect.stringContaining("NOT_ENOUGH") });

    fake.refundsStartAs("SUCCESS");
    try {
      const again = await officer.call<Answer>("/payment/refund", { id: payment.id, reason: "余额已充值，再次退款" });
      expect(again.refund).toMatchObject({ refundNo: asked.refund.refundNo, state: { id: REFUND_STATE.REFUND_STATE_SUCCESS }, failure: null });
    } finally {
      fake.refundsStartAs("PROCESSING");
    }
    expect(await stateOf(payment.id)).toBe(PAY_STATE.PAY_STATE_REFUNDED);
    expect(await w.db.select().from(refunds).where(eq(refunds.paymentId, payment.id))).toHaveLength(1);
  });

  test("no answer in time: the refund stays processing and the job asks after a minute; one WeChat Pay never received fails as missing and may be asked for again", async () => {
    const first = await owedThroughWechat(1000, "cn000001");
    fake.fail("timeout");
    const asked = await first.officer.call<Answer>("/payment/refund", { id: first.payment.id, reason: "退款" });
    expect(asked.refund.state.id).toBe(REFUND_STATE.REFUND_STATE_PROCESSING);
    const no = asked.refund.refundNo as string;
    // The timed-out request never made the refund at the fake: asked about, WeChat Pay has no such refund.
    expect(fake.refunds.has(no)).toBe(false);
    await tick(30_000);
    const asks = () => fake.calls.filter((c) => c.method === "GET" && c.path.startsWith("/v3/refund/domestic/refunds/"));
    expect(asks()).toHaveLength(0);
    await tick(61_000);
    expect(asks()).toHaveLength(1);
    expect(await refundOf(first.payment.id)).toMatchObject({ state: REFUND_STATE.REFUND_STATE_FAILED, failure: "MISSING" });
    const again = await first.officer.call<Answer>("/payment/refund", { id: first.payment.id, reason: "再次退款" });
    expect(again.refund).toMatchObject({ refundNo: no, state: { id: REFUND_STATE.REFUND_STATE_PROCESSING } });

    // Processing at WeChat Pay, its notification lost: the job finds it refunded.
    fake.settleRefund(no, "SUCCESS");
    await tick(2 * 61_000);
    expect(await refundOf(first.payment.id)).toMatchObject({ state: REFUND_STATE.REFUND_STATE_SUCCESS });
    expect(await stateOf(first.payment.id)).toBe(PAY_STATE.PAY_STATE_REFUNDED);
    expect(await w.db.select().from(operationLog).where(eq(operationLog.action, "payment.refund.check"))).not.toHaveLength(0);
  });

  test("an abnormal refund (the payer's card frozen) fails with its reason and stays in the list of money owed back", async () => {
    const { officer, payment } = await owedThroughWechat(600, "cn000003");
    const asked = await officer.call<Answer>("/payment/refund", { id: payment.id, reason: "退款" });
    fake.settleRefund(asked.refund.refundNo, "ABNORMAL");
    expect((await fake.notifyRefund(asked.refund.refundNo)).status).toBe(204);
    expect(await refundOf(payment.id)).toMatchObject({ state: REFUND_STATE.REFUND_STATE_FAILED, failure: "ABNORMAL" });
    expect(await stateOf(payment.id)).toBe(PAY_STATE.PAY_STATE_REFUND_OWED);
    const listed = (await officer.call<Answer>("/payment/refund/list", {})).list.find((r: Answer) => r.id === payment.id);
    expect(listed.refund.failure).toBe("ABNORMAL");
  });
});
