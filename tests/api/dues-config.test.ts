// The dues configuration (spec 3 sections 2.4, 5 "Membership fee", 7
// "Membership config"): /member/operation/find and /update with every
// message, the billing year rolling over on the configured day in China time
// (and the member's dues flow and interceptions following it), and a member's
// fee records for the operator (/user/operation/memberlog).
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { duesOrders, memberConfig, operationLog, properties, propertyOptions, userValues, users } from "../../src/db/schema";
import type { ApiClient } from "../../src/protocol/client";
import { ORDER_STATE, PAGE } from "../../src/protocol/enumerations";
import { billingYear } from "../../src/domains/membership/billing-year";
import { START, startTestApp, type TestApp } from "../helpers/app";

let t: TestApp;
let operator: ApiClient;
beforeEach(async () => {
  t = await startTestApp();
  operator = await t.as("cn000003");
}, 60_000);
afterEach(() => t.close());

type Config = { price: number; year: number; month: number; date: number; indexOnlyProperty: { id: number } | null; indexOnlyValue: string | null; cantSignProperty: { id: number } | null; cantSignValue: string | null };
const good = { month: 9, date: 1, price: 12050, indexOnlyProperty: null, indexOnlyValue: null, cantSignProperty: null, cantSignValue: null };
const update = (c: ApiClient, member: Record<string, unknown>) => c.call<{ config: Config }>("/member/operation/update", { member });
const find = async () => (await operator.call<{ config: Config }>("/member/operation/find", {})).config!;
const userId = async (employees: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.employees, employees)))[0]!.id;
const params = (a: { message: { code: string; params?: unknown } }): Record<string, unknown> => ({ code: a.message.code, ...(a.message.params as object) });

describe("permissions", () => {
  test("a member and the editor are refused every call; the operator is allowed", async () => {
    for (const account of ["cn100001", "cn000002"]) {
      const c = await t.as(account);
      expect((await c.call("/member/operation/find", {})).message.code).toBe("ERROR_NOT_POWER");
      expect((await update(c, good)).message.code).toBe("ERROR_NOT_POWER");
      expect((await c.call("/user/operation/memberlog", { user: await userId("cn100001") })).message.code).toBe("ERROR_NOT_POWER");
    }
    expect(await find()).toMatchObject({ price: 6000, month: 1, date: 1, year: 2026 });
  });
});

describe("the form's messages", () => {
  test("month, day, price and each condition's value are named when wrong, and nothing is written", async () => {
    const [gender] = await t.db.select().from(properties).where(eq(properties.titleEn, "Gender"));
    const cases: [Record<string, unknown>, string][] = [
      [{ month: 0 }, "month"],
      [{ month: 13 }, "month"],
      [{ month: 1.5 }, "month"],
      [{ month: "九" }, "month"],
      [{ month: null }, "month"],
      [{ date: 0 }, "date"],
      [{ date: 32 }, "date"],
      [{ date: "" }, "date"],
      [{ price: "abc" }, "price"],
      [{ price: -100 }, "price"],
      [{ price: 0 }, "price"],
      [{ price: 12.5 }, "price"],
      [{ indexOnlyProperty: { id: gender!.id }, indexOnlyValue: "  " }, "indexOnlyValue"],
      [{ indexOnlyProperty: { id: gender!.id }, indexOnlyValue: "no such option" }, "indexOnlyValue"],
      [{ indexOnlyProperty: { id: 999_999 }, indexOnlyValue: "x" }, "indexOnlyProperty"],
      [{ cantSignProperty: { id: gender!.id } }, "cantSignValue"],
    ];
    for (const [over, field] of cases) expect(params(await update(operator, { ...good, ...over }))).toEqual({ code: "ERROR_PARAMS", field });
    expect(await find()).toMatchObject({ price: 6000, month: 1, date: 1 });
  });

  test("a good save is answered, audited and read by /member/info at once; a numeric text is taken", async () => {
    const [gender] = await t.db.select().from(properties).where(eq(properties.titleEn, "Gender"));
    const [option] = await t.db.select().from(propertyOptions).where(eq(propertyOptions.propertyId, gender!.id));
    const saved = await update(operator, { ...good, month: "3", price: "9900", cantSignProperty: { id: gender!.id }, cantSignValue: ` ${option!.value} ` });
    expect(saved.message.code).toBe("SUCCESS");
    const expected = { price: 9900, month: 3, date: 1, year: 2026, indexOnlyProperty: null, indexOnlyValue: null, cantSignProperty: { id: gender!.id }, cantSignValue: option!.value };
    expect(saved.config).toEqual(expected);
    expect(await find()).toEqual(expected);
    // Without its two condition properties (empty values are dropped), and with the year it was read with (the server computes it).
    const { indexOnlyProperty: _i, indexOnlyValue: _iv, cantSignProperty: _c, cantSignValue: _cv, ...bare } = good;
    const plain = await update(operator, { ...bare, year: 1999 });
    expect(plain.config).toEqual({ ...good, year: billingYear({ month: 9, day: 1 }, t.clock.now()) });
    expect((await update(operator, { ...expected, month: "3", price: "9900" })).message.code).toBe("SUCCESS");
    const member = await t.as("cn100001");
    expect((await member.call<{ config: Config }>("/member/info")).config).toEqual(expected);
    const [log] = await t.db.select().from(operationLog).where(and(eq(operationLog.action, "member.config"), eq(operationLog.userId, await userId("cn000003"))));
    expect(log).toBeDefined();
  });
});

describe("the billing year", () => {
  test("rolls over at midnight of the configured day in China time", () => {
    // START is 2026-03-02 09:30 in Beijing.
    expect(billingYear({ month: 3, day: 2 }, START)).toBe(2026);
    expect(billingYear({ month: 3, day: 3 }, START)).toBe(2025);
    expect(billingYear({ month: 3, day: 3 }, new Date("2026-03-02T15:59:59.999Z"))).toBe(2025);
    expect(billingYear({ month: 3, day: 3 }, new Date("2026-03-02T16:00:00.000Z"))).toBe(2026);
    expect(billingYear({ month: 1, day: 1 }, new Date("2025-12-31T16:00:00.000Z"))).toBe(2026);
    expect(billingYear({ month: 1, day: 1 }, new Date("2025-12-31T15:59:59.000Z"))).toBe(2025);
    // Day 31 in February starts the year on its last day.
    expect(billingYear({ month: 2, day: 31 }, new Date("2026-02-27T16:00:00.000Z"))).toBe(2026);
    expect(billingYear({ month: 2, day: 31 }, new Date("2026-02-27T15:00:00.000Z"))).toBe(2025);
  });

  test("the member's dues state and interceptions follow it on the app's clock", async () => {
    let member = await t.as("cn100001");
    const id = await userId("cn100001");
    const [gender] = await t.db.select().from(properties).where(eq(properties.titleEn, "Gender"));
    const [held] = await t.db.select().from(userValues).where(and(eq(userValues.userId, id), eq(userValues.propertyId, gender!.id)));
    const value = held!.value as string;
    // Paid for the 2025 billing year, which runs until 3 March 2026 in Beijing.
    await t.db.insert(duesOrders).values({ sysTrade: "D2025PAIDBYTEST01", userId: id, year: 2025, nameZh: "2025年度工会会费", nameEn: "Union dues 2025", amount: 6000, state: ORDER_STATE.ORDER_STATE_SUCCESS, createdAt: START, expiresAt: START, payDate: START });
    expect((await update(operator, { ...good, month: 3, date: 3, cantSignProperty: { id: gender!.id }, cantSignValue: value })).message.code).toBe("SUCCESS");
    const check = () => member.call<{ paid: boolean; year: number; cantSign: boolean }>("/member/check");
    const visit = async () => (await member.call("/system/visit", { page: PAGE.PAGE_ACTIVITY_INDEX })).message.code;
    expect(await check()).toMatchObject({ paid: true, year: 2025, cantSign: false });
    expect(await visit()).toBe("SUCCESS");
    expect((await member.call("/member/pay")).message).toMatchObject({ code: "ERROR_DATA_USED", params: { year: 2025 } });
    t.clock.set(new Date("2026-03-02T16:00:00.000Z"));
    // Fourteen hours on, the sessions have lapsed: both sign in again.
    member = await t.as("cn100001");
    operator = await t.as("cn000003");
    expect(await check()).toMatchObject({ paid: false, year: 2026, cantSign: true });
    expect(await visit()).toBe("MEMBER_INTERCEPT_NO_POWER");
    expect((await find()).year).toBe(2026);
    // The stored row is untouched by reading: the year is computed from the day.
    expect((await t.db.select().from(memberConfig))[0]!.year).toBe(2025);
  });
});

describe("a member's fee records", () => {
  test("the operator pages a member's dues orders; an unknown member is ERROR_RESULT_NULL", async () => {
    const id = await userId("cn100002");
    const rows = Array.from({ length: 12 }, (_, i) => ({
      sysTrade: `D20260000TEST${String(i).padStart(4, "0")}`,
      userId: id,
      year: 2014 + i,
      nameZh: `${2014 + i}年度工会会费`,
      nameEn: `Union dues ${2014 + i}`,
      amount: 6000,
      state: ORDER_STATE.ORDER_STATE_SUCCESS,
      createdAt: new Date(START.getTime() - (12 - i) * 86_400_000),
      expiresAt: START,
      payDate: START,
    }));
    await t.db.insert(duesOrders).values(rows);
    type Page = { list: { sysTrade: string; year: number; amount: number; state: { id: number } }[]; count: number; max: number; index: number };
    const first = await operator.call<Page>("/user/operation/memberlog", { user: id, index: 1 });
    expect(first.message.code).toBe("SUCCESS");
    expect(first.count).toBe(12);
    expect(first.list![0]).toMatchObject({ sysTrade: "D20260000TEST0011", year: 2025, amount: 6000 });
    const last = await operator.call<Page>("/user/operation/memberlog", { user: id, index: first.max });
    expect(last.index).toBe(first.max);
    expect(new Set([...first.list!, ...last.list!].map((r) => r.sysTrade)).size).toBe(first.max === 1 ? 12 : first.list!.length + last.list!.length);
    expect((await operator.call("/user/operation/memberlog", { user: 999_999 })).message.code).toBe("ERROR_RESULT_NULL");
  });
});
