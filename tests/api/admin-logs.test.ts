// The member logs (spec 3 sections 3 "Logs" and 7: /user/operation/managers,
// /operations, /propertylog, /visitlog): the power, every filter, paging,
// type names in both languages, sign-ins among the visits.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { loginLog, operationLog, properties, propertyLog, roles, users, visitLog } from "../../src/db/schema";
import { LANGUAGE, PAGE, PROPERTY_PURPOSE, USER_STATE } from "../../src/protocol/enumerations";
import { OPERATION_ACTIONS } from "../../src/protocol/operation-types";
import type { ApiClient } from "../../src/protocol/client";
import { START, startTestApp, type TestApp } from "../helpers/app";

type Answer = Record<string, any>;
let t: TestApp;
let operator: ApiClient;
const MIN = 60_000;
const CALLS = ["/user/operation/managers", "/user/operation/operations", "/user/operation/propertylog", "/user/operation/visitlog"] as const;

beforeAll(async () => {
  t = await startTestApp();
  operator = await t.as("cn000003");
}, 60_000);
afterAll(() => t.close());

const idOf = async (employees: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.employees, employees)))[0]!.id;
let serial = 0;
/** A member of its own, so the seed's and other tests' rows never mix in. */
async function freshMember() {
  const [role] = await t.db.select().from(roles).where(eq(roles.code, "member"));
  serial += 1;
  const [row] = await t.db.insert(users).values({ employees: `logs${serial}`, state: USER_STATE.USER_STATE_ACTIVE, roleId: role!.id, createdAt: START, updatedAt: START }).returning({ id: users.id });
  return row!.id;
}

describe("the logs' power", () => {
  test("a member and the editor are refused every log; the operator is answered", async () => {
    for (const account of ["cn100001", "cn000002"]) {
      const c = await t.as(account);
      for (const path of CALLS) expect((await c.call(path, {})).message.code).toBe("ERROR_NOT_POWER");
    }
    for (const path of CALLS) expect((await operator.call(path, {})).message.code).toBe("SUCCESS");
  });
});

describe("operators", () => {
  test("staff with any power are listed by employee number with their names; members are not", async () => {
    const list = (await operator.call<Answer>("/user/operation/managers")).list as Answer[];
    const employees = list.map((p) => p.employees);
    expect(employees).toEqual(expect.arrayContaining(["cn000001", "cn000002", "cn000003"]));
    expect(employees).not.toContain("cn100001");
    expect(list.find((p) => p.employees === "cn000003")).toMatchObject({ id: await idOf("cn000003"), name: "张运营" });
  });
});

describe("the operation log", () => {
  test("a member's own audited write is listed with its type in both languages, its operator and address", async () => {
    const member = await t.as("cn100001");
    const me = await idOf("cn100001");
    expect((await member.call("/user/language", { language: LANGUAGE.LANGUAGE_EN })).message.code).toBe("SUCCESS");
    const answer = await operator.call<Answer>("/user/operation/operations", { user: me, type: OPERATION_ACTIONS["account.language"]!.id });
    expect(answer.count).toBeGreaterThanOrEqual(1);
    expect(answer.list[0]).toMatchObject({ type: { id: 1712, nameZh: "切换语言", nameEn: "Language change" }, operationer: { id: me, employees: "cn100001", name: "陈会员" }, user: { id: me }, date: START.toISOString() });
  });

  test("filters by member, operator, type, start and end; pages 20 at a time, newest first", async () => {
    const target = await freshMember();
    const admin = await idOf("cn000001");
    const editor = await idOf("cn000002");
    const row = (i: number, userId: number, action: string) => ({ userId, targetUserId: target, action, targetEntity: "user", targetId: String(target), detail: `n${i}`, ip: "10.0.0.1", createdAt: new Date(START.getTime() - i * MIN) });
    // 25 by the administrator (activity.update), 5 by the editor (news.delete), one a minute back from START.
    await t.db.insert(operationLog).values([...Array.from({ length: 25 }, (_, i) => row(i, admin, "activity.update")), ...Array.from({ length: 5 }, (_, i) => row(25 + i, editor, "news.delete"))]);
    const ask = (over: Answer) => operator.call<Answer>("/user/operation/operations", { user: target, ...over });

    const first = await ask({});
    expect(first).toMatchObject({ count: 30, max: 2, index: 1 });
    expect(first.list).toHaveLength(20);
    expect(first.list.map((r: Answer) => r.detail)).toEqual(Array.from({ length: 20 }, (_, i) => `n${i}`));
    expect(first.list[0]).toMatchObject({ type: { nameZh: "修改活动", nameEn: "Activity edit" }, operationer: { id: admin, employees: "cn000001" }, addr: "10.0.0.1", entity: "user" });
    const second = await ask({ index: 2 });
    expect(second.list.map((r: Answer) => r.detail)).toEqual(Array.from({ length: 10 }, (_, i) => `n${20 + i}`));
    expect((await ask({ index: 99 })).index).toBe(2);

    expect((await ask({ operationer: editor })).count).toBe(5);
    expect((await ask({ type: OPERATION_ACTIONS["news.delete"]!.id })).list.every((r: Answer) => r.type.nameEn === "News deleted")).toBe(true);
    expect((await ask({ type: OPERATION_ACTIONS["news.delete"]!.id, operationer: admin })).count).toBe(0);
    // [start, end): minutes 3 to 9 back.
    const between = await ask({ start: new Date(START.getTime() - 9 * MIN).toISOString(), end: new Date(START.getTime() - 2 * MIN).toISOString() });
    expect(between.list.map((r: Answer) => r.detail)).toEqual(["n3", "n4", "n5", "n6", "n7", "n8", "n9"]);
    expect((await ask({ start: new Date(START.getTime() - 2 * MIN).toISOString() })).count).toBe(3);
  });

  test("bad filters name their field", async () => {
    const bad = async (over: Answer) => (await operator.call("/user/operation/operations", over)).message;
    expect(await bad({ type: 999_999 })).toMatchObject({ code: "ERROR_PARAMS", params: { field: "type" } });
    expect(await bad({ start: "yesterday" })).toMatchObject({ code: "ERROR_PARAMS", params: { field: "start" } });
    expect(await bad({ start: START.toISOString(), end: new Date(START.getTime() - MIN).toISOString() })).toMatchObject({ code: "ERROR_PARAMS", params: { field: "end" } });
    expect((await bad({ user: "1" })).code).toBe("ERROR_PARAMS");
    expect((await bad({ index: 1.5 })).code).toBe("ERROR_PARAMS");
  });
});

describe("the property-change log", () => {
  test("old and new values with the property's names and the operation's date and operator", async () => {
    const target = await freshMember();
    const admin = await idOf("cn000001");
    const [name] = await t.db.select().from(properties).where(eq(properties.purpose, PROPERTY_PURPOSE.PROPERTY_PURPOSE_NAME));
    const [op] = await t.db.insert(operationLog).values({ userId: admin, targetUserId: target, action: "account.information", targetEntity: "user", targetId: String(target), createdAt: START }).returning();
    await t.db.insert(propertyLog).values([
      { userId: target, propertyId: name!.id, originValue: "旧名", newValue: "新名", operationLogId: op!.id, operatorId: admin, createdAt: START },
      { userId: target, propertyId: name!.id, originValue: null, newValue: "旧名", operationLogId: null, operatorId: target, createdAt: new Date(START.getTime() - MIN) },
    ]);
    const answer = await operator.call<Answer>("/user/operation/propertylog", { user: target });
    expect(answer).toMatchObject({ count: 2, max: 1, index: 1 });
    expect(answer.list[0]).toMatchObject({
      property: { id: name!.id, titleZh: "姓名", titleEn: "Name" },
      orignValue: "旧名",
      newValue: "新名",
      operationLog: { date: START.toISOString(), operationer: { id: admin, employees: "cn000001" }, type: { nameEn: "Profile change" } },
    });
    expect(answer.list[1]).toMatchObject({ orignValue: null, newValue: "旧名", operationLog: { operationer: { id: target } } });
  });
});

describe("the visit log", () => {
  test("a member's reported visits and sign-ins, filtered by page, newest first", async () => {
    const target = await freshMember();
    await t.db.insert(visitLog).values([
      { userId: target, page: PAGE.PAGE_INDEX, params: "{}", ip: "10.0.0.2", createdAt: new Date(START.getTime() - 3 * MIN) },
      { userId: target, page: PAGE.PAGE_ACTIVITY_INFO, params: '{"id":"5"}', ip: "10.0.0.2", createdAt: new Date(START.getTime() - 2 * MIN) },
    ]);
    await t.db.insert(loginLog).values([
      { userId: target, account: `logs${serial}`, success: true, result: "SUCCESS", ip: "10.0.0.3", createdAt: new Date(START.getTime() - MIN) },
      { userId: target, account: `logs${serial}`, success: false, result: "ERROR_PASSWORD", ip: "10.0.0.4", createdAt: START },
    ]);
    const all = await operator.call<Answer>("/user/operation/visitlog", { user: target });
    expect(all.count).toBe(3);
    expect(all.list.map((r: Answer) => [r.page.nameZh, r.page.nameEn, r.ipAddr])).toEqual([
      ["登录", "Sign-in", "10.0.0.3"],
      ["活动详情", expect.any(String), "10.0.0.2"],
      ["首页", "Home", "10.0.0.2"],
    ]);
    expect(all.list[1]).toMatchObject({ param: '{"id":"5"}', date: new Date(START.getTime() - 2 * MIN).toISOString() });
    const signIns = await operator.call<Answer>("/user/operation/visitlog", { user: target, page: 1701 });
    expect(signIns.list.map((r: Answer) => r.page.id)).toEqual([1701]);
    const home = await operator.call<Answer>("/user/operation/visitlog", { user: target, page: PAGE.PAGE_INDEX });
    expect(home).toMatchObject({ count: 1, list: [{ page: { id: PAGE.PAGE_INDEX } }] });
    expect((await operator.call("/user/operation/visitlog", { page: 1702 })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "page" } });
  });

  test("a real sign-in and a reported visit through the protocol appear", async () => {
    const member = await t.as("cn100001");
    const me = await idOf("cn100001");
    expect((await member.call("/system/visit", { page: PAGE.PAGE_NEWS_LIST, params: '{"type":"1"}' })).message.code).toBe("SUCCESS");
    const list = (await operator.call<Answer>("/user/operation/visitlog", { user: me })).list as Answer[];
    expect(list.some((r) => r.page.id === PAGE.PAGE_NEWS_LIST && r.param === '{"type":"1"}')).toBe(true);
    expect(list.some((r) => r.page.id === 1701)).toBe(true);
  });
});
