// WeChat Pay API v3 Native against a local fake that signs, seals and
// refuses like the real one (tests/helpers/wechat-pay-fake.ts): the order,
// the member's code_url, the notification, the reconcile job's query and
// close, and every failure on the way: none loses a payment or settles one twice.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, spyOn, test } from "bun:test";
import { eq } from "drizzle-orm";
import { duesOrders, payments } from "../../src/db/schema";
import { JOBS, runJob } from "../../src/jobs/scheduler";
import { chinaTime } from "../../src/providers/payment/wechat";
import { ORDER_STATE, PAY_STATE } from "../../src/protocol/enumerations";
import { startTestApp, type TestApp } from "../helpers/app";
import { testMerchant, type WechatPayFake } from "../helpers/wechat-pay-fake";

const merchant = testMerchant();
const { mchid: MCHID, appid: APPID, notifyUrl: NOTIFY_URL, platform, certificate } = merchant;
const PUBLIC_KEY_ID = "PUB_KEY_ID_0114232134912410000000000000";
const MINUTE = 60_000;

let t: TestApp;
const fakeFor = (serial: string) => merchant.fake(() => t, serial);
let fake: WechatPayFake;
beforeAll(() => {
  fake = fakeFor(certificate.serial);
});
afterAll(() => fake.stop());

const envFor = merchant.env;

let warnings: string[];
let warn: ReturnType<typeof spyOn>;
beforeEach(async () => {
  t = await startTestApp(envFor(fake.baseUrl, { WECHATPAY_PLATFORM_CERT: certificate.pem }));
  warnings = [];
  warn = spyOn(console, "warn").mockImplementation((...args: unknown[]) => void warnings.push(args.map(String).join(" ")));
}, 60_000);
afterEach(async () => {
  warn.mockRestore();
  await t.close();
});

const reconcile = JOBS.find((j) => j.name === "reconcile-payments")!;
const expireDues = JOBS.find((j) => j.name === "expire-dues")!;
/** Moves the app's (and so the fake's) clock and runs a job then. */
const tick = (job: typeof reconcile, msAfterStart: number) => {
  t.clock.reset();
  t.clock.advance(msAfterStart);
  return runJob(t, job, t.clock.now());
};

async function openDues(account: string) {
  const c = await t.as(account);
  const answer = await c.call<{ trade: string; pay: string }>("/member/pay");
  return { c, answer, trade: answer.trade!, pay: answer.pay! };
}

async function stateOf(trade: string) {
  const [payment] = await t.db.select().from(payments).where(eq(payments.trade, trade));
  const [order] = await t.db.select().from(duesOrders).where(eq(duesOrders.sysTrade, trade));
  return { payment: payment!, order: order! };
}

const callsFor = (trade: string) => fake.calls.filter((c) => c.path.includes(trade) || c.body?.out_trade_no === trade).map((c) => `${c.method} ${c.path.split("?")[0]!.replace(trade, "{trade}")} ${c.status}`);

describe("a Native payment", () => {
  test("the member's pay link is WeChat Pay's code_url, from a signed order carrying our trade, amount, window and notify address", async () => {
    const { answer, trade, pay } = await openDues("cn100001");
    expect(answer.message.code).toBe("SUCCESS");
    expect(pay).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    const { payment } = await stateOf(trade);
    expect(payment).toMatchObject({ provider: "wechat", payUrl: pay, state: PAY_STATE.PAY_STATE_WAIT });
    const order = fake.calls.find((c) => c.body?.out_trade_no === trade)!;
    expect(order.status).toBe(200);
    expect(order.body).toMatchObject({ appid: APPID, mchid: MCHID, notify_url: NOTIFY_URL, amount: { total: 6000, currency: "CNY" }, time_expire: chinaTime(payment.expiresAt) });
    expect(order.body!.description).toContain("会费");
    expect(callsFor(trade)).toEqual(["POST /v3/pay/transactions/native 200"]);
  });

  test("paid: the signed, sealed notification settles payment and dues together, once; a repeat and the job change nothing", async () => {
    const { c, trade } = await openDues("cn100002");
    fake.pay(trade);
    const answer = await fake.notify(trade);
    expect(answer.status).toBe(204);
    const paid = await stateOf(trade);
    expect(paid.payment).toMatchObject({ state: PAY_STATE.PAY_STATE_SUCCESS, paidAt: t.clock.now() });
    expect(paid.order).toMatchObject({ state: ORDER_STATE.ORDER_STATE_SUCCESS, payTrade: fake.orders.get(trade)!.transactionId });
    expect((await c.call<{ state: { code: string } }>("/member/pay/state", { trade })).state!.code).toBe("PAY_STATE_SUCCESS");
    // WeChat Pay sends again when it is unsure it was heard: answered alike, nothing moves.
    expect((await fake.notify(trade)).status).toBe(204);
    expect(await stateOf(trade)).toEqual(paid);
    // The job never asks about a payment that is no longer waiting.
    expect(await tick(reconcile, 50_000)).toBe(true);
    expect(callsFor(trade)).toEqual(["POST /v3/pay/transactions/native 200"]);
    expect(await stateOf(trade)).toEqual(paid);
  });

  test("refused notifications: a bad signature, a foreign serial, a stale one, a forged resource, another API key, another event, none at all: 400 {code, message}, logged, nothing moves", async () => {
    const { trade } = await openDues("cn000001");
    fake.pay(trade);
    const before = await stateOf(trade);
    for (const tamper of ["signature", "foreign-serial", "stale", "ciphertext", "api-key", "event"] as const) {
      const answer = await fake.notify(trade, tamper);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ code: "FAIL", message: expect.any(String) });
    }
    const bare = await t.fetch("/api/pay/notify/wechat", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(bare.status).toBe(400);
    expect(await stateOf(trade)).toEqual(before);
    const logged = warnings.join("\n");
    for (const reason of ["a bad signature", "signed with serial 5157F09EFDC096DE15EBE81A47057A7232F1B8E1, which is not", "stale: signed 600 s", "could not be read", "MCHTRANSFER.BILL.FINISHED is not a payment", "no Wechatpay-Signature headers"]) {
      expect(logged).toContain(reason);
    }
    // The genuine one, sent again by WeChat Pay, still settles it.
    expect((await fake.notify(trade)).status).toBe(204);
    expect((await stateOf(trade)).order.state).toBe(ORDER_STATE.ORDER_STATE_SUCCESS);
  });

  test("a notification that cannot be applied here answers 500 so WeChat Pay sends it again; the next one settles", async () => {
    let broken = true;
    t.state.paymentKinds.set("wechat-test", {
      power: "FUNCTION_ACTIVITY_ORDER",
      async lock() {
        if (broken) throw new Error("the database went away");
      },
      paid: async () => true,
      paidAfterClose: async () => "owed",
      abandon: async () => {},
      describe: async () => new Map(),
    });
    const trade = "T20260302013000AAAABBBBCCCCDDDD";
    await t.db.insert(payments).values({ trade, provider: "wechat", kind: "wechat-test", refId: 1, userId: 1, subject: "test", amount: 100, state: PAY_STATE.PAY_STATE_WAIT, createdAt: t.clock.now(), expiresAt: new Date(t.clock.now().getTime() + 5 * MINUTE), payUrl: "weixin://wxpay/bizpayurl?pr=x" });
    fake.orders.set(trade, { appid: APPID, mchid: MCHID, description: "test", amount: 100, notifyUrl: NOTIFY_URL, timeExpire: chinaTime(new Date(t.clock.now().getTime() + 5 * MINUTE)), codeUrl: "weixin://wxpay/bizpayurl?pr=x", state: "NOTPAY", transactionId: null, successTime: null });
    fake.pay(trade);
    const error = spyOn(console, "error").mockImplementation(() => {});
    try {
      const failed = await fake.notify(trade);
      expect(failed.status).toBe(500);
      expect(await failed.json()).toMatchObject({ code: "FAIL" });
      expect(String(error.mock.calls[0]?.[0])).toContain("could not be applied; the provider will send it again");
    } finally {
      error.mockRestore();
    }
    expect((await t.db.select().from(payments).where(eq(payments.trade, trade)))[0]!.state).toBe(PAY_STATE.PAY_STATE_WAIT);
    broken = false;
    expect((await fake.notify(trade)).status).toBe(204);
    expect((await t.db.select().from(payments).where(eq(payments.trade, trade)))[0]!.state).toBe(PAY_STATE.PAY_STATE_SUCCESS);
  });
});

describe("when WeChat Pay fails", () => {
  test("no answer in time, a 5xx twice or an answer with a bad signature: the dues order is closed at once with ERROR_BUSY and a clear log; one 5xx is asked again", async () => {
    const c = await t.as("cn000002");
    const attempt = async (...faults: Parameters<WechatPayFake["fail"]>) => {
      fake.fail(...faults);
      return c.call<{ trade: string; pay: string }>("/member/pay");
    };
    for (const [faults, logged] of [
      [["timeout"], "no answer within 400 ms"],
      [["500", "500"], "refused with 500 SYSTEM_ERROR (系统错误)"],
      [["bad-signature"], "the answer is not to be believed: a bad signature"],
      [["stale"], "the answer is not to be believed: stale"],
    ] as const) {
      const answer = await attempt(...faults);
      expect(answer.message.code).toBe("ERROR_BUSY");
      expect(warnings.join("\n")).toContain(logged);
    }
    const all = await t.db.select().from(payments);
    expect(all.filter((p) => p.state === PAY_STATE.PAY_STATE_WAIT)).toEqual([]);
    // One 5xx is WeChat Pay's "ask again": the same order is placed and the member pays.
    const answer = await attempt("500");
    expect(answer.message.code).toBe("SUCCESS");
    expect(answer.pay!).toMatch(/^weixin:\/\//);
    expect(callsFor(answer.trade!)).toEqual(["POST /v3/pay/transactions/native 500", "POST /v3/pay/transactions/native 200"]);
  });
});

describe("the reconcile job", () => {
  test("a lost notification: the job asks at 45 s (not before), settles from the query, and a late notification changes nothing", async () => {
    const { trade } = await openDues("cn100001");
    fake.pay(trade);
    expect(await tick(reconcile, 30_000)).toBe(true);
    expect(callsFor(trade)).toEqual(["POST /v3/pay/transactions/native 200"]);
    await tick(reconcile, 50_000);
    expect(callsFor(trade).at(-1)).toBe("GET /v3/pay/transactions/out-trade-no/{trade} 200");
    const settled = await stateOf(trade);
    expect(settled.payment.state).toBe(PAY_STATE.PAY_STATE_SUCCESS);
    expect(settled.order).toMatchObject({ state: ORDER_STATE.ORDER_STATE_SUCCESS, payTrade: fake.orders.get(trade)!.transactionId });
    expect(warnings.join("\n")).toContain(`payment ${trade}: wechat says it was paid and its notification had not come; settled from the query`);
    expect((await fake.notify(trade)).status).toBe(204);
    expect(await stateOf(trade)).toEqual(settled);
  });

  test("a query that times out, fails or is not to be believed is tried at the next age; nothing is lost", async () => {
    const { trade } = await openDues("cn100002");
    fake.pay(trade);
    fake.fail("timeout");
    await tick(reconcile, 50_000);
    fake.fail("500");
    await tick(reconcile, 2 * MINUTE + 5_000);
    fake.fail("foreign-serial");
    await tick(reconcile, 4 * MINUTE + 5_000);
    expect((await stateOf(trade)).payment.state).toBe(PAY_STATE.PAY_STATE_WAIT);
    const logged = warnings.join("\n");
    expect(logged).toContain(`payment ${trade}: could not ask about it at wechat; the next tick tries again: WeChat Pay GET /v3/pay/transactions/out-trade-no/${trade}: no answer within 400 ms`);
    expect(logged).toContain("refused with 500 SYSTEM_ERROR");
    expect(logged).toContain("which is not the configured platform certificate or public key");
    await tick(reconcile, 8 * MINUTE + 5_000);
    expect((await stateOf(trade)).order.state).toBe(ORDER_STATE.ORDER_STATE_SUCCESS);
  });

  test("the window passes: the expiry job closes the dues order, the reconcile job asks, closes it at WeChat Pay and asks no more", async () => {
    const { trade } = await openDues("cn000003");
    await tick(expireDues, 15 * MINUTE + 1_000);
    expect((await stateOf(trade)).payment.state).toBe(PAY_STATE.PAY_STATE_CLOSED);
    // A close refused for a while (WeChat Pay busy) is tried again on the next tick.
    fake.fail("500");
    await tick(reconcile, 15 * MINUTE + 2_000);
    expect((await stateOf(trade)).payment.payUrl).not.toBeNull();
    await tick(reconcile, 15 * MINUTE + 32_000);
    expect(fake.orders.get(trade)!.state).toBe("CLOSED");
    const closed = await stateOf(trade);
    expect(closed.payment).toMatchObject({ state: PAY_STATE.PAY_STATE_CLOSED, payUrl: null });
    expect(closed.order.state).toBe(ORDER_STATE.ORDER_STATE_CANCEL);
    expect(callsFor(trade)).toEqual([
      "POST /v3/pay/transactions/native 200",
      "GET /v3/pay/transactions/out-trade-no/{trade} 500",
      "GET /v3/pay/transactions/out-trade-no/{trade} 200",
      "POST /v3/pay/transactions/out-trade-no/{trade}/close 204",
    ]);
    await tick(reconcile, 16 * MINUTE);
    expect(callsFor(trade)).toHaveLength(4);
    expect(() => fake.pay(trade)).toThrow();
  });

  test("paid at the last moment, its notification lost, the window closed here: the job finds it paid, settles through the late-payment path and stops asking", async () => {
    const { trade } = await openDues("cn100001");
    t.clock.advance(15 * MINUTE - 1_000);
    fake.pay(trade);
    await tick(expireDues, 15 * MINUTE + 1_000);
    await tick(reconcile, 15 * MINUTE + 2_000);
    expect(callsFor(trade)).toEqual(["POST /v3/pay/transactions/native 200", "GET /v3/pay/transactions/out-trade-no/{trade} 200"]);
    expect(warnings.join("\n")).toContain(`payment ${trade}: paid after it was closed`);
    // The year was not paid meanwhile: the money pays it after all (docs/decisions.md 114).
    expect(await stateOf(trade)).toMatchObject({ payment: { state: PAY_STATE.PAY_STATE_SUCCESS }, order: { state: ORDER_STATE.ORDER_STATE_SUCCESS } });
    await tick(reconcile, 15 * MINUTE + 32_000);
    expect(callsFor(trade)).toHaveLength(2);
  });
});

test("with WeChat Pay's platform public key (PUB_KEY_ID_…) instead of a certificate: create, pay and the notification work alike", async () => {
  const keyed = fakeFor(PUBLIC_KEY_ID);
  await t.close();
  t = await startTestApp(envFor(keyed.baseUrl, { WECHATPAY_PUBLIC_KEY: platform.publicKey.export({ type: "spki", format: "pem" }) as string, WECHATPAY_PUBLIC_KEY_ID: PUBLIC_KEY_ID }));
  try {
    const c = await t.as("cn100002");
    const answer = await c.call<{ trade: string; pay: string }>("/member/pay");
    expect(answer.pay!).toMatch(/^weixin:\/\//);
    keyed.pay(answer.trade!);
    expect((await keyed.notify(answer.trade!)).status).toBe(204);
    expect((await stateOf(answer.trade!)).order.state).toBe(ORDER_STATE.ORDER_STATE_SUCCESS);
  } finally {
    keyed.stop();
  }
});
