// A payment that arrives after the expiry job cancelled its order (issue 28
// item 6): the order had points taken and got them back at the cancel. The
// payment comes by WeChat Pay's notification or by the reconcile job's query
// (the local fake, tests/helpers/wechat-pay-fake.ts). Retaking the order
// charges its points again with its places; a member who no longer holds them
// keeps them, the order stays cancelled and the payment is owed back, marked
// where staff and the member see it. Settled once, whichever way comes first.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, spyOn, test } from "bun:test";
import { and, desc, eq } from "drizzle-orm";
import { orderItems, orders, payments, pointRecords, users } from "../../src/db/schema";
import { JOBS, runJob } from "../../src/jobs/scheduler";
import { MODULE_MODEL, ORDER_STATE, PAY_STATE, POINT_TYPE } from "../../src/protocol/enumerations";
import { activityRow, makeActivity, makeModule } from "../helpers/activities";
import { startTestApp, type TestApp } from "../helpers/app";
import { testMerchant, type WechatPayFake } from "../helpers/wechat-pay-fake";

const MINUTE = 60_000;

const merchant = testMerchant();
let t: TestApp;
let fake: WechatPayFake;
beforeAll(() => {
  fake = merchant.fake(() => t);
});
afterAll(() => fake.stop());

let warn: ReturnType<typeof spyOn>;
beforeEach(async () => {
  t = await startTestApp(merchant.env(fake.baseUrl));
  warn = spyOn(console, "warn").mockImplementation(() => {});
}, 60_000);
afterEach(async () => {
  warn?.mockRestore();
  await t.close();
}, 60_000);

type Answer = { message: { code: string } } & Record<string, any>;
const expireOrders = JOBS.find((j) => j.name === "expire-orders")!;
const reconcile = JOBS.find((j) => j.name === "reconcile-payments")!;
const MEMBER = "cn100001";

const memberId = async () => (await t.db.select({ id: users.id }).from(users).where(eq(users.employees, MEMBER)))[0]!.id;
const balance = async () =>
  (await t.db.select().from(pointRecords).where(eq(pointRecords.userId, await memberId())))
    .filter((r) => !r.expiresAt || r.expiresAt > t.clock.now())
    .reduce((s, r) => s + r.remaining, 0);
/** The member's spending records, newest first. */
const spendings = async () =>
  t.db
    .select()
    .from(pointRecords)
    .where(and(eq(pointRecords.userId, await memberId()), eq(pointRecords.type, POINT_TYPE.POINT_TYPE_OUT)))
    .orderBy(desc(pointRecords.id));
const stateOf = async (trade: string) => {
  const [order] = await t.db.select().from(orders).where(eq(orders.trade, trade));
  const [payment] = await t.db.select().from(payments).where(eq(payments.trade, trade));
  return { order: order!, payment: payment! };
};

type Bought = { trade: string; orderId: number; activityId: number; points: number };

/** An activity sign-up paid partly with points: 50.00 yuan, 20.00 points take 15.00 off, one place. */
async function signUpWithPoints(): Promise<Bought> {
  const a = await makeActivity(t.db, { nameZh: "羽毛球季卡", nameEn: "Badminton pass", price: 5000, integral: 2000, deduction: 1500, cap: 1 });
  const answer = await (await t.as(MEMBER)).call<Answer>("/order/sign", { activity: a.id, integral: 1 });
  expect(answer).toMatchObject({ message: { code: "SUCCESS" }, amount: 3500 });
  expect(answer.pay).toMatch(/^weixin:\/\//);
  return { trade: answer.trade, orderId: answer.order, activityId: a.id, points: 2000 };
}

/** A market (gift) checkout paid partly with points: two units of a gift, each 30.00 yuan with 10.00 points taking 10.00 off. */
async function checkOutWithPoints(): Promise<Bought> {
  const market = await makeModule(t.db, { model: MODULE_MODEL.MODULE_MODEL_MARKET, nameZh: "礼品", nameEn: "Gifts" });
  const gift = await makeActivity(t.db, { moduleId: market.id, nameZh: "保温杯", nameEn: "Flask", price: 3000, integral: 1000, deduction: 1000, formCount: 2, cap: 2 });
  const c = await t.as(MEMBER);
  expect((await c.call("/market/cart/add", { activity: gift.id, count: 1 })).message.code).toBe("SUCCESS");
  expect((await c.call("/market/cart/add", { activity: gift.id, count: 1 })).message.code).toBe("SUCCESS");
  const answer = await c.call<Answer>("/market/place", { integral: 1 });
  expect(answer).toMatchObject({ message: { code: "SUCCESS" }, amount: 4000 });
  return { trade: answer.trade, orderId: answer.order, activityId: gift.id, points: 2000 };
}

/** The member pays in WeChat in the window's last second; the notification does not come; the expiry job cancels the order. */
async function paidThenExpired(bought: Bought, before: number) {
  expect(await balance()).toBe(before - bought.points);
  t.clock.advance(5 * MINUTE - 1_000);
  fake.pay(bought.trade);
  t.clock.advance(2_000);
  expect(await runJob(t, expireOrders, t.clock.now())).toBe(true);
  const cancelled = await stateOf(bought.trade);
  expect(cancelled.order.state).toBe(ORDER_STATE.ORDER_STATE_CANCEL);
  expect(cancelled.payment.state).toBe(PAY_STATE.PAY_STATE_CLOSED);
  expect(await balance()).toBe(before);
  expect((await activityRow(t.db, bought.activityId)).used).toBe(0);
}

/** The member spends every point they hold on something else (a free gift that costs points only). */
async function spendEverything() {
  const all = await balance();
  const sink = await makeActivity(t.db, { nameZh: "积分兑换", nameEn: "Points gift", integral: all, mustIntegral: true });
  expect((await (await t.as(MEMBER)).call("/order/sign", { activity: sink.id })).message.code).toBe("SUCCESS");
  expect(await balance()).toBe(0);
}

const late = {
  notification: async (trade: string) => expect((await fake.notify(trade)).status).toBe(204),
  "reconcile query": async () => {
    t.clock.advance(30_000);
    expect(await runJob(t, reconcile, t.clock.now())).toBe(true);
  },
};

/** Both ways again, in the other order: nothing changes any more. */
async function settlesOnce(bought: Bought) {
  const settled = { ...(await stateOf(bought.trade)), balance: await balance(), spendings: (await spendings()).length, used: (await activityRow(t.db, bought.activityId)).used };
  await late.notification(bought.trade);
  await late["reconcile query"]();
  await late.notification(bought.trade);
  const again = await stateOf(bought.trade);
  expect(again.order).toEqual(settled.order);
  expect({ ...again.payment, payUrl: null }).toEqual({ ...settled.payment, payUrl: null });
  expect(await balance()).toBe(settled.balance);
  expect((await spendings()).length).toBe(settled.spendings);
  expect((await activityRow(t.db, bought.activityId)).used).toBe(settled.used);
}

for (const [what, buy] of [
  ["an activity sign-up", signUpWithPoints],
  ["a market checkout", checkOutWithPoints],
] as const) {
  for (const way of ["notification", "reconcile query"] as const) {
    describe(`${what} paid late, by the ${way}`, () => {
      test("retaken: the order is a success with its places, and its points are charged again", async () => {
        const before = await balance();
        const bought = await buy();
        await paidThenExpired(bought, before);
        await late[way](bought.trade);
        const { order, payment } = await stateOf(bought.trade);
        expect(order.state).toBe(ORDER_STATE.ORDER_STATE_SUCCESS);
        expect(payment.state).toBe(PAY_STATE.PAY_STATE_SUCCESS);
        expect((await activityRow(t.db, bought.activityId)).used).toBe(what === "a market checkout" ? 2 : 1);
        expect(await balance()).toBe(before - bought.points);
        // The ledger says why: the sign-up's spending, and this one after the return.
        const [charged] = await spendings();
        expect(charged).toMatchObject({ count: -bought.points, descEn: expect.stringContaining("payment arrived after the cancel") });
        // What the order holds now is what a later cancel gives back.
        expect(order.pointParts.reduce((n, p) => n + p.count, 0)).toBe(bought.points);
        const mine = (await (await t.as(MEMBER)).call<Answer>("/order/list", {})).list.find((o: { trade: string }) => o.trade === bought.trade);
        expect(mine).toMatchObject({ refundOwed: false, state: { id: ORDER_STATE.ORDER_STATE_SUCCESS }, payOrder: { state: { id: PAY_STATE.PAY_STATE_SUCCESS } } });
        await settlesOnce(bought);
      });

      test("the points spent meanwhile: the order stays cancelled, the payment is owed back, nothing is taken", async () => {
        const before = await balance();
        const bought = await buy();
        await paidThenExpired(bought, before);
        await spendEverything();
        await late[way](bought.trade);
        const { order, payment } = await stateOf(bought.trade);
        expect(order.state).toBe(ORDER_STATE.ORDER_STATE_CANCEL);
        expect(payment.state).toBe(PAY_STATE.PAY_STATE_REFUND_OWED);
        expect(payment.paidAt).not.toBeNull();
        expect(payment.providerTrade).toBe(fake.orders.get(bought.trade)!.transactionId);
        expect(await balance()).toBe(0);
        expect((await activityRow(t.db, bought.activityId)).used).toBe(0);
        expect((await t.db.select().from(orderItems).where(eq(orderItems.orderId, bought.orderId))).every((i) => i.state === ORDER_STATE.ORDER_STATE_CANCEL)).toBe(true);
        // The member sees it in their order; staff in the order's detail.
        const mine = (await (await t.as(MEMBER)).call<Answer>("/order/list", {})).list.find((o: { trade: string }) => o.trade === bought.trade);
        expect(mine).toMatchObject({ refundOwed: true, payOrder: { state: { id: PAY_STATE.PAY_STATE_REFUND_OWED }, price: order.amount } });
        const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, bought.orderId));
        const staff = await (await t.as("cn000002")).call<Answer>("/order/activity/info", { id: item!.id });
        expect(staff.order).toMatchObject({ refundOwed: true, payment: { state: { id: PAY_STATE.PAY_STATE_REFUND_OWED }, amount: order.amount, payTrade: payment.providerTrade } });
        await settlesOnce(bought);
      });
    });
  }
}

test("the notification and the reconcile query at the same moment: charged once, taken once", async () => {
  const before = await balance();
  const bought = await signUpWithPoints();
  await paidThenExpired(bought, before);
  t.clock.advance(30_000);
  const [notified, ran] = await Promise.all([fake.notify(bought.trade), runJob(t, reconcile, t.clock.now())]);
  expect([notified.status, ran]).toEqual([204, true]);
  expect((await stateOf(bought.trade)).order.state).toBe(ORDER_STATE.ORDER_STATE_SUCCESS);
  expect(await balance()).toBe(before - bought.points);
  expect((await spendings()).filter((r) => r.descEn.includes("payment arrived after the cancel"))).toHaveLength(1);
  expect((await activityRow(t.db, bought.activityId)).used).toBe(1);
});

test("an order that expired unpaid is not marked owed: its payment is only closed", async () => {
  const before = await balance();
  const bought = await signUpWithPoints();
  const c = await t.as(MEMBER);
  const mine = (await c.call<Answer>("/order/list", {})).list.find((o: { trade: string }) => o.trade === bought.trade);
  expect(mine.refundOwed).toBe(false);
  t.clock.advance(6 * MINUTE);
  await runJob(t, expireOrders, t.clock.now());
  const after = (await c.call<Answer>("/order/list", {})).list.find((o: { trade: string }) => o.trade === bought.trade);
  expect(after).toMatchObject({ refundOwed: false, payOrder: { state: { id: PAY_STATE.PAY_STATE_CLOSED } } });
  expect(await balance()).toBe(before);
});
