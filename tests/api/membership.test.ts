import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { duesOrders, payments, users } from "../../src/db/schema";
import type { ApiClient } from "../../src/protocol/client";
import { brokenIndex } from "../../src/http/errors";
import { ORDER_STATE, PAY_STATE } from "../../src/protocol/enumerations";
import { startTestApp, type TestApp } from "../helpers/app";

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp({ PAYMENT_SANDBOX_SECRET: "membership-test-secret-0123456789abcdef" });
}, 60_000);
afterEach(() => t.close());

const MINUTE = 60_000;
type Pay = { trade: string; pay: string; expires: string };
type Check = { paid: boolean; year: number; pending: { trade: string; pay: string } | null; indexOnly: boolean; cantSign: boolean };
type DuesRow = { sysTrade: string; nameZh: string; nameEn: string; amount: number; payTrade: string | null; createDate: string; payDate: string | null; state: { id: number } };
type DuesList = { list: DuesRow[]; count: number; max: number; index: number };

const userId = async (employees: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.employees, employees)))[0]!.id;
const ordersOf = async (employees: string) => t.db.select().from(duesOrders).where(eq(duesOrders.userId, await userId(employees)));
const confirm = (trade: string) => t.fetch(`/pay/sandbox/${trade}/confirm`, { method: "POST" });
const year = () => t.clock.now().getFullYear();

describe("dues information", () => {
  test("/member/info answers the configured price, billing year, month and day", async () => {
    const c = await t.as("cn100001");
    const answer = await c.call<{ config: Record<string, unknown>; year: number }>("/member/info");
    expect(answer.config).toEqual({ price: 6000, year: year(), month: 1, date: 1, indexOnlyProperty: null, indexOnlyValue: null, cantSignProperty: null, cantSignValue: null });
    expect(answer.year).toBe(year());
  });

  test("a member who has not paid has nothing pending and no interception by default", async () => {
    const c = await t.as("cn100001");
    expect(await c.call<Check>("/member/check")).toMatchObject({ paid: false, year: year(), pending: null, indexOnly: false, cantSign: false });
  });

  test("dues calls are for signed-in members", async () => {
    for (const path of ["/member/info", "/member/check", "/member/list", "/member/pay", "/member/pay/state"]) {
      expect((await t.client().call(path, { trade: "x" })).message.code).toBe("ERROR_LOGIN_CODE");
    }
  });
});

/** A member with an open dues order, as each test that needs one makes it. */
async function withOrder(employees: string) {
  const c = await t.as(employees);
  const answer = await c.call<Pay>("/member/pay");
  expect(answer.message.code).toBe("SUCCESS");
  return { c, first: answer as Pay };
}

describe("paying the dues", () => {
  test("/member/pay opens a dues order and its payment for 15 minutes and answers the payment page", async () => {
    const { c, first } = await withOrder("cn100001");
    expect(first.pay).toBe(`http://localhost/pay/sandbox/${first.trade}`);
    expect(new Date(first.expires).getTime()).toBe(t.clock.now().getTime() + 15 * MINUTE);
    const [order] = await ordersOf("cn100001");
    expect(order).toMatchObject({ sysTrade: first.trade, amount: 6000, year: year(), state: ORDER_STATE.ORDER_STATE_WAIT, nameZh: `${year()}年度工会会费`, nameEn: `Union dues ${year()}` });
    const [payment] = await t.db.select().from(payments).where(eq(payments.trade, first.trade));
    expect(payment).toMatchObject({ kind: "dues", refId: order!.id, amount: 6000, state: PAY_STATE.PAY_STATE_WAIT, provider: "sandbox" });
    expect((await c.call<{ state: { id: number; code: string } }>("/member/pay/state", { trade: first.trade })).state).toEqual({ id: PAY_STATE.PAY_STATE_WAIT, code: "PAY_STATE_WAIT" });
  });

  test("a pending dues order blocks another with ERROR_NOT_POWER, and /member/check points at it", async () => {
    const { c, first } = await withOrder("cn100001");
    t.clock.advance(14 * MINUTE);
    try {
      expect((await c.call("/member/pay")).message.code).toBe("ERROR_NOT_POWER");
      expect((await c.call<Check>("/member/check")).pending).toMatchObject({ trade: first.trade, pay: first.pay });
    } finally {
      t.clock.advance(-14 * MINUTE);
    }
    expect(await ordersOf("cn100001")).toHaveLength(1);
  });

  test("another member cannot read the state of my payment", async () => {
    const { first } = await withOrder("cn100001");
    const other = await t.as("cn100002");
    expect((await other.call("/member/pay/state", { trade: first.trade })).message.code).toBe("ERROR_RESULT_NULL");
    expect((await other.call("/member/pay/state", { trade: "D00000000000000NOPE" })).message.code).toBe("ERROR_RESULT_NULL");
  });

  test("once the sandbox payment is confirmed, the state reads paid, the order is paid, and this year cannot be paid again", async () => {
    const { c, first } = await withOrder("cn100001");
    expect((await confirm(first.trade)).status).toBe(303);
    expect((await c.call<{ state: { code: string } }>("/member/pay/state", { trade: first.trade })).state!.code).toBe("PAY_STATE_SUCCESS");
    const [order] = await ordersOf("cn100001");
    expect(order!.state).toBe(ORDER_STATE.ORDER_STATE_SUCCESS);
    expect(order!.payTrade).toMatch(/^SBXT[0-9A-F]{20}$/);
    expect(order!.payDate).toEqual(t.clock.now());
    expect((await c.call("/member/pay")).message).toMatchObject({ code: "ERROR_DATA_USED", params: { year: year() } });
    expect(await c.call<Check>("/member/check")).toMatchObject({ paid: true, pending: null });
    expect(await ordersOf("cn100001")).toHaveLength(1);
  });

  test("an order left unpaid for 15 minutes no longer blocks: the next pay cancels it and opens a new one", async () => {
    const c = await t.as("cn100002");
    const stale = await c.call<Pay>("/member/pay");
    t.clock.advance(15 * MINUTE);
    try {
      const fresh = await c.call<Pay>("/member/pay");
      expect(fresh.message.code).toBe("SUCCESS");
      expect(fresh.trade).not.toBe(stale.trade);
      const orders = await ordersOf("cn100002");
      expect(orders.find((o) => o.sysTrade === stale.trade)!.state).toBe(ORDER_STATE.ORDER_STATE_CANCEL);
      expect(orders.find((o) => o.sysTrade === fresh.trade)!.state).toBe(ORDER_STATE.ORDER_STATE_WAIT);
      const [closed] = await t.db.select().from(payments).where(eq(payments.trade, stale.trade!));
      expect(closed!.state).toBe(PAY_STATE.PAY_STATE_CLOSED);
    } finally {
      t.clock.advance(-15 * MINUTE);
    }
  });

  test("two /member/pay calls at the same moment open exactly one dues order", async () => {
    const c = await t.as("cn000002");
    const answers = await Promise.all([c.call<Pay>("/member/pay"), c.call<Pay>("/member/pay")]);
    expect(answers.map((a) => a.message.code).sort()).toEqual(["ERROR_NOT_POWER", "SUCCESS"]);
    const orders = await ordersOf("cn000002");
    expect(orders).toHaveLength(1);
    expect(await t.db.select().from(payments).where(eq(payments.userId, await userId("cn000002")))).toHaveLength(1);
  });

  test("when two pay calls slip past the check together, the database refuses the second pending order by its index", async () => {
    // PGlite runs one transaction at a time, so the race above never reaches the index there; on PostgreSQL it does.
    await withOrder("cn000002");
    const [pending] = (await ordersOf("cn000002")).filter((o) => o.state === ORDER_STATE.ORDER_STATE_WAIT);
    const copy = { ...pending!, id: undefined, sysTrade: `${pending!.sysTrade}X` };
    const error = await t.db.insert(duesOrders).values(copy).then(() => null, (e: unknown) => e);
    expect(error).not.toBeNull();
    expect(brokenIndex(error)).toBe("dues_orders_one_pending_idx");
    expect(brokenIndex(new Error("something else"))).toBeNull();
  });
});

describe("my dues orders", () => {
  async function seedOrders(employees: string, n: number) {
    const id = await userId(employees);
    const base = t.clock.now().getTime() - 10 * 86_400_000;
    await t.db.insert(duesOrders).values(
      Array.from({ length: n }, (_, i) => ({
        sysTrade: `H${String(i).padStart(3, "0")}`,
        userId: id,
        year: 2000 + i,
        nameZh: `${2000 + i}年度工会会费`,
        nameEn: `Union dues ${2000 + i}`,
        amount: 6000,
        state: i % 3 === 0 ? ORDER_STATE.ORDER_STATE_SUCCESS : ORDER_STATE.ORDER_STATE_CANCEL,
        payTrade: i % 3 === 0 ? `PT${i}` : null,
        createdAt: new Date(base + i * 60_000),
        expiresAt: new Date(base + i * 60_000 + 15 * MINUTE),
        payDate: i % 3 === 0 ? new Date(base + i * 60_000 + MINUTE) : null,
      })),
    );
  }

  test("the list holds 14 a page, newest first, with the index clamped", async () => {
    await seedOrders("cn000003", 16);
    const c = await t.as("cn000003");
    const first = await c.call<DuesList>("/member/list", { index: 1 });
    expect(first).toMatchObject({ count: 16, max: 2, index: 1 });
    expect(first.list).toHaveLength(14);
    expect(first.list![0]).toMatchObject({ sysTrade: "H015", nameZh: "2015年度工会会费", nameEn: "Union dues 2015", amount: 6000, payTrade: "PT15", state: { id: ORDER_STATE.ORDER_STATE_SUCCESS } });
    expect(first.list![0]!.payDate).not.toBeNull();
    const last = await c.call<DuesList>("/member/list", { index: 7 });
    expect(last.index).toBe(2);
    expect(last.list!.map((r) => r.sysTrade)).toEqual(["H001", "H000"]);
  });

  test("the list filters by trade, state and creation time", async () => {
    await seedOrders("cn000003", 16);
    const c = await t.as("cn000003");
    expect((await c.call<DuesList>("/member/list", { trade: "H01", index: 1 })).list!.map((r) => r.sysTrade)).toEqual(["H015", "H014", "H013", "H012", "H011", "H010"]);
    // A % in the filter is a character, not a wildcard.
    expect((await c.call<DuesList>("/member/list", { trade: "%", index: 1 })).count).toBe(0);
    const paid = await c.call<DuesList>("/member/list", { state: ORDER_STATE.ORDER_STATE_SUCCESS, index: 1 });
    expect(paid.list!.map((r) => r.sysTrade)).toEqual(["H015", "H012", "H009", "H006", "H003", "H000"]);
    const base = t.clock.now().getTime() - 10 * 86_400_000;
    const window = await c.call<DuesList>("/member/list", { start: new Date(base + 2 * MINUTE).toISOString(), end: new Date(base + 4 * MINUTE).toISOString() });
    expect(window.list!.map((r) => r.sysTrade)).toEqual(["H004", "H003", "H002"]);
  });

  test("bad filters are ERROR_PARAMS, and a member sees only their own orders", async () => {
    await seedOrders("cn000003", 16);
    await withOrder("cn100001");
    const c = await t.as("cn000003");
    expect((await c.call("/member/list", { state: 999 })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "state" } });
    expect((await c.call("/member/list", { start: "soon" })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "start" } });
    const other = await t.as("cn100001");
    const mine = await other.call<DuesList>("/member/list", {});
    expect(mine.list!.every((r) => !r.sysTrade.startsWith("H"))).toBe(true);
    expect(mine.count).toBe(1);
  });
});
