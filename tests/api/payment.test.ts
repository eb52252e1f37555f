import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { loadConfig } from "../../src/config";
import { duesOrders, payments } from "../../src/db/schema";
import { JOBS, runJob } from "../../src/jobs/scheduler";
import { SANDBOX_SIGNATURE_HEADER, signedSandboxNotice } from "../../src/providers/payment/sandbox";
import { ORDER_STATE, PAY_STATE } from "../../src/protocol/enumerations";
import { startTestApp, type TestApp } from "../helpers/app";

const SECRET = "payment-test-secret-0123456789abcdef";
let t: TestApp;
beforeEach(async () => {
  t = await startTestApp({ PAYMENT_SANDBOX_SECRET: SECRET });
}, 60_000);
afterEach(() => t.close());

const MINUTE = 60_000;
const expireDues = JOBS.find((j) => j.name === "expire-dues")!;

async function openDues(employees: string) {
  const c = await t.as(employees);
  const answer = await c.call<{ trade: string; pay: string }>("/member/pay");
  expect(answer.message.code).toBe("SUCCESS");
  return { c, trade: answer.trade! };
}

async function stateOf(trade: string) {
  const [payment] = await t.db.select().from(payments).where(eq(payments.trade, trade));
  const [order] = await t.db.select().from(duesOrders).where(eq(duesOrders.sysTrade, trade));
  return { payment: payment!, order: order! };
}

const notify = (body: string, headers: Headers) => t.fetch("/api/pay/notify/sandbox", { method: "POST", headers, body });
const signedNotice = (trade: string, amount: number, transactionId = "SBXTTEST0001") =>
  signedSandboxNotice(t.config, { trade, transactionId, amount, status: "SUCCESS" });

describe("the sandbox payment page", () => {
  test("shows subject and amount with Pay and Cancel, in both languages or in one by ?lang=", async () => {
    const { trade } = await openDues("cn100001");
    const both = await t.fetch(`/pay/sandbox/${trade}`);
    expect(both.status).toBe(200);
    expect(both.headers.get("content-type")).toContain("text/html");
    expect(both.headers.get("x-frame-options")).toBe("DENY");
    const html = await both.text();
    for (const text of ["模拟支付", "Payment sandbox", `2026年度工会会费`, "Union dues", "¥60.00", "确认支付", "Pay", "取消", "Cancel"]) expect(html).toContain(text);
    expect(html).toContain(`action="/pay/sandbox/${trade}/confirm"`);
    const en = await (await t.fetch(`/pay/sandbox/${trade}?lang=en`)).text();
    expect(en).toContain("Pay");
    expect(en).not.toContain("确认支付");
    const zh = await (await t.fetch(`/pay/sandbox/${trade}?lang=zh`)).text();
    expect(zh).toContain("确认支付");
    expect(zh).not.toContain("Union dues");
  });

  test("Cancel leaves the payment open and says so", async () => {
    const { trade } = await openDues("cn100001");
    const html = await (await t.fetch(`/pay/sandbox/${trade}?cancelled=1&lang=en`)).text();
    expect(html).toContain("Payment cancelled");
    expect((await stateOf(trade)).payment.state).toBe(PAY_STATE.PAY_STATE_WAIT);
  });

  test("an unknown or malformed trade is a 404 page that reveals nothing", async () => {
    expect((await t.fetch("/pay/sandbox/D20260101000000ABCDEF0123456789")).status).toBe(404);
    expect((await t.fetch("/pay/sandbox/..%2F..%2Fetc")).status).toBe(404);
    const confirmed = await t.fetch("/pay/sandbox/D20260101000000ABCDEF0123456789/confirm", { method: "POST" });
    expect(confirmed.status).toBe(303);
  });
});

describe("confirming and the notification", () => {
  test("Pay sends the signed notification down the notify path: payment and dues order become paid together", async () => {
    const { c, trade } = await openDues("cn100002");
    const confirmed = await t.fetch(`/pay/sandbox/${trade}/confirm?lang=en`, { method: "POST" });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe(`/pay/sandbox/${trade}?done=1&lang=en`);
    const { payment, order } = await stateOf(trade);
    expect(payment).toMatchObject({ state: PAY_STATE.PAY_STATE_SUCCESS, paidAt: t.clock.now() });
    expect(order).toMatchObject({ state: ORDER_STATE.ORDER_STATE_SUCCESS, payDate: t.clock.now() });
    expect(order.payTrade).toMatch(/^SBXT/);
    expect((await c.call<{ state: { code: string } }>("/member/pay/state", { trade })).state!.code).toBe("PAY_STATE_SUCCESS");
    expect(await (await t.fetch(`/pay/sandbox/${trade}?lang=en`)).text()).toContain("Paid.");
  });

  test("a second notification is answered and changes nothing", async () => {
    const { trade } = await openDues("cn100002");
    expect((await t.fetch(`/pay/sandbox/${trade}/confirm`, { method: "POST" })).status).toBe(303);
    const [paid] = await t.db.select().from(duesOrders).where(eq(duesOrders.sysTrade, trade));
    const before = await stateOf(paid!.sysTrade);
    const notice = signedNotice(paid!.sysTrade, paid!.amount, "SBXTSECONDTIME");
    const answer = await notify(notice.body, notice.headers);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ code: "SUCCESS" });
    expect(await stateOf(paid!.sysTrade)).toEqual(before);
    // Confirming again on the page changes nothing either.
    await t.fetch(`/pay/sandbox/${paid!.sysTrade}/confirm`, { method: "POST" });
    expect(await stateOf(paid!.sysTrade)).toEqual(before);
  });

  test("a notification with a bad signature, the wrong secret, the wrong amount or an unknown trade is refused and changes nothing", async () => {
    const { trade } = await openDues("cn000001");
    const before = await stateOf(trade);
    const good = signedNotice(trade, 6000);
    const tampered = new Headers(good.headers);
    tampered.set(SANDBOX_SIGNATURE_HEADER, "0".repeat(64));
    const otherSecret = signedSandboxNotice(loadConfig({ NODE_ENV: "test", PAYMENT_SANDBOX_SECRET: "another-secret-0123456789abcdefghij" }), {
      trade,
      transactionId: "X",
      amount: 6000,
      status: "SUCCESS",
    });
    const cheap = signedNotice(trade, 1);
    const unknown = signedNotice("D20260101000000ABCDEF0123456789", 6000);
    const noHeader = new Headers({ "content-type": "application/json" });
    for (const [body, headers] of [
      [good.body, tampered],
      [good.body, noHeader],
      [good.body.replace("6000", "1"), good.headers],
      [otherSecret.body, otherSecret.headers],
      [cheap.body, cheap.headers],
      [unknown.body, unknown.headers],
      ["not json", new Headers({ [SANDBOX_SIGNATURE_HEADER]: "a".repeat(64) })],
      [good.body + " ".repeat(20_000), good.headers],
    ] as [string, Headers][]) {
      const answer = await notify(body, headers);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ code: "FAIL" });
    }
    expect(await stateOf(trade)).toEqual(before);
    // The genuine one still works afterwards.
    expect((await notify(good.body, good.headers)).status).toBe(200);
    expect((await stateOf(trade)).order.state).toBe(ORDER_STATE.ORDER_STATE_SUCCESS);
  });
});

describe("expiry", () => {
  test("the job cancels a dues order unpaid after 15 minutes and closes its payment; the page offers no payment after that", async () => {
    const { c, trade } = await openDues("cn000002");
    expect(await runJob(t, expireDues, new Date(t.clock.now().getTime() + 14 * MINUTE))).toBe(true);
    expect((await stateOf(trade)).order.state).toBe(ORDER_STATE.ORDER_STATE_WAIT);
    expect(await runJob(t, expireDues, new Date(t.clock.now().getTime() + 15 * MINUTE))).toBe(true);
    const after = await stateOf(trade);
    expect(after.order.state).toBe(ORDER_STATE.ORDER_STATE_CANCEL);
    expect(after.payment.state).toBe(PAY_STATE.PAY_STATE_CLOSED);
    // Idempotent: a second run changes nothing.
    await runJob(t, expireDues, new Date(t.clock.now().getTime() + 16 * MINUTE));
    expect(await stateOf(trade)).toEqual(after);
    expect((await c.call<{ state: { code: string } }>("/member/pay/state", { trade })).state!.code).toBe("PAY_STATE_CLOSED");
    const page = await (await t.fetch(`/pay/sandbox/${trade}?lang=en`)).text();
    expect(page).toContain("closed or timed out");
    expect(page).not.toContain("/confirm");
    await t.fetch(`/pay/sandbox/${trade}/confirm`, { method: "POST" });
    expect(await stateOf(trade)).toEqual(after);
  });

  test("money that arrives after the job closed a dues order pays the year after all; once the year is paid again, it is owed back and listed for refund", async () => {
    const { trade } = await openDues("cn000002");
    await runJob(t, expireDues, new Date(t.clock.now().getTime() + 15 * MINUTE));
    const late = signedNotice(trade, (await stateOf(trade)).payment.amount, "SBXTLATE1");
    expect((await notify(late.body, late.headers)).status).toBe(200);
    const kept = await stateOf(trade);
    expect(kept.order).toMatchObject({ state: ORDER_STATE.ORDER_STATE_SUCCESS, payTrade: "SBXTLATE1" });
    expect(kept.payment.state).toBe(PAY_STATE.PAY_STATE_SUCCESS);
    // Sent again: nothing changes.
    expect((await notify(late.body, late.headers)).status).toBe(200);
    expect(await stateOf(trade)).toEqual(kept);

    // The year paid meanwhile by another order: this money goes back.
    const second = await openDues("cn000001");
    await runJob(t, expireDues, new Date(t.clock.now().getTime() + 15 * MINUTE));
    const [cancelled] = await t.db.select().from(duesOrders).where(eq(duesOrders.sysTrade, second.trade));
    const { id: _, ...copy } = cancelled!;
    await t.db.insert(duesOrders).values({ ...copy, sysTrade: `${second.trade}X`, state: ORDER_STATE.ORDER_STATE_SUCCESS, payDate: t.clock.now() });
    const owed = signedNotice(second.trade, (await stateOf(second.trade)).payment.amount, "SBXTLATE2");
    expect((await notify(owed.body, owed.headers)).status).toBe(200);
    const after = await stateOf(second.trade);
    expect(after.order.state).toBe(ORDER_STATE.ORDER_STATE_CANCEL);
    expect(after.payment).toMatchObject({ state: PAY_STATE.PAY_STATE_REFUND_OWED, owedWhy: "late", providerTrade: "SBXTLATE2" });
    const listed = await (await t.as("cn000003")).call<{ list: { trade: string; why: string; kind: string }[] }>("/payment/refund/list", {});
    expect(listed.list!.find((r) => r.trade === second.trade)).toMatchObject({ kind: "dues", why: "late" });
  });

  test("the payment page of an order past its 15 minutes offers no Pay button even before the job runs", async () => {
    const { trade } = await openDues("cn000003");
    t.clock.advance(15 * MINUTE);
    try {
      expect(await (await t.fetch(`/pay/sandbox/${trade}`)).text()).not.toContain("/confirm");
      await t.fetch(`/pay/sandbox/${trade}/confirm`, { method: "POST" });
      expect((await stateOf(trade)).payment.state).toBe(PAY_STATE.PAY_STATE_WAIT);
    } finally {
      t.clock.advance(-15 * MINUTE);
    }
  });
});

describe("the sandbox secret", () => {
  test("several instances on one PostgreSQL must share PAYMENT_SANDBOX_SECRET: production refuses to start without it", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://db/union" })).toThrow("PAYMENT_SANDBOX_SECRET");
    expect(() => loadConfig({ PAYMENT_SANDBOX_SECRET: "short" })).toThrow("PAYMENT_SANDBOX_SECRET");
    expect(loadConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://db/union", PAYMENT_SANDBOX_SECRET: SECRET, HEALTH_ENTRY_SECRET: SECRET }).payment.sandboxSecret).toBe(SECRET);
    expect(() => loadConfig({ PUBLIC_URL: "union.example.com" })).toThrow("PUBLIC_URL");
    expect(loadConfig({ PUBLIC_URL: "https://union.example.com/" }).payment.publicUrl).toBe("https://union.example.com");
  });
});
