import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { and, desc, eq } from "drizzle-orm";
import { duesOrders, memberConfig, properties, userValues, users, visitLog } from "../../src/db/schema";
import { ORDER_STATE, PAGE, PROPERTY_PURPOSE } from "../../src/protocol/enumerations";
import { startTestApp, type TestApp } from "../helpers/app";

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
}, 60_000);
afterEach(() => t.close());

const userId = async (employees: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.employees, employees)))[0]!.id;

/** The demo member's own value of a select property (department), to configure the conditions with. */
async function departmentOf(employees: string) {
  const [department] = await t.db.select().from(properties).where(and(eq(properties.purpose, PROPERTY_PURPOSE.PROPERTY_PURPOSE_OTHER), eq(properties.titleEn, "Department")));
  const [value] = await t.db.select().from(userValues).where(and(eq(userValues.userId, await userId(employees)), eq(userValues.propertyId, department!.id)));
  return { propertyId: department!.id, value: value!.value as string };
}

const configure = (set: Partial<typeof memberConfig.$inferInsert>) => t.db.update(memberConfig).set(set).where(eq(memberConfig.id, 1));
const clear = () => configure({ indexOnlyPropertyId: null, indexOnlyValue: null, cantSignPropertyId: null, cantSignValue: null });
const visit = (c: Awaited<ReturnType<TestApp["as"]>>, page: number, params = "{}") => c.call("/system/visit", { params, page });

describe("the visit report", () => {
  test("a visit is written to the visit log and answered SUCCESS when no membership rule applies", async () => {
    const c = await t.as("cn100001");
    const answer = await visit(c, PAGE.PAGE_NEWS_LIST, '{"type":"news"}');
    expect(answer.message.code).toBe("SUCCESS");
    const [row] = await t.db.select().from(visitLog).where(eq(visitLog.userId, await userId("cn100001"))).orderBy(desc(visitLog.id)).limit(1);
    expect(row).toMatchObject({ page: PAGE.PAGE_NEWS_LIST, params: '{"type":"news"}' });
  });

  test("an unknown page is ERROR_PARAMS and writes nothing; a visitor who is not signed in is refused", async () => {
    const c = await t.as("cn100001");
    const before = await t.db.select().from(visitLog);
    expect((await visit(c, 9999)).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "page" } });
    expect((await t.client().call("/system/visit", { page: PAGE.PAGE_INDEX })).message.code).toBe("ERROR_LOGIN_CODE");
    expect(await t.db.select().from(visitLog)).toEqual(before);
  });

  test("index-only: an unpaid member with the configured value is pushed to the dues prompt on every page but index", async () => {
    const { propertyId, value } = await departmentOf("cn100001");
    await configure({ indexOnlyPropertyId: propertyId, indexOnlyValue: value });
    try {
      const c = await t.as("cn100001");
      expect((await visit(c, PAGE.PAGE_INDEX)).message.code).toBe("SUCCESS");
      for (const page of [PAGE.PAGE_ACTIVITY_INDEX, PAGE.PAGE_INFORMATION, PAGE.PAGE_NEWS_INFO, PAGE.PAGE_CHAT_LIST]) {
        expect((await visit(c, page)).message.code).toBe("MEMBER_INTERCEPT_ADOPT");
      }
      // Intercepted visits are still recorded.
      const [row] = await t.db.select().from(visitLog).orderBy(desc(visitLog.id)).limit(1);
      expect(row!.page).toBe(PAGE.PAGE_CHAT_LIST);
      expect((await c.call<{ indexOnly: boolean; cantSign: boolean }>("/member/check"))).toMatchObject({ indexOnly: true, cantSign: false });
      // A member with another value is not stopped.
      const other = await t.as("cn100002");
      expect((await departmentOf("cn100002")).value).not.toBe(value);
      expect((await visit(other, PAGE.PAGE_ACTIVITY_INDEX)).message.code).toBe("SUCCESS");
    } finally {
      await clear();
    }
  });

  test("no power: an unpaid member with the configured value is shown the dues prompt, index included", async () => {
    const { propertyId, value } = await departmentOf("cn100001");
    await configure({ cantSignPropertyId: propertyId, cantSignValue: value });
    try {
      const c = await t.as("cn100001");
      expect((await visit(c, PAGE.PAGE_INDEX)).message.code).toBe("MEMBER_INTERCEPT_NO_POWER");
      expect((await visit(c, PAGE.PAGE_ACTIVITY_INFO)).message.code).toBe("MEMBER_INTERCEPT_NO_POWER");
      expect((await c.call<{ cantSign: boolean }>("/member/check")).cantSign).toBe(true);
    } finally {
      await clear();
    }
  });

  test("a numeric-looking value such as a gender of \"1\" matches too", async () => {
    const [gender] = await t.db.select().from(properties).where(eq(properties.titleEn, "Gender"));
    const [own] = await t.db.select().from(userValues).where(and(eq(userValues.userId, await userId("cn100002")), eq(userValues.propertyId, gender!.id)));
    await configure({ cantSignPropertyId: gender!.id, cantSignValue: String(own!.value) });
    try {
      const c = await t.as("cn100002");
      expect((await visit(c, PAGE.PAGE_INDEX)).message.code).toBe("MEMBER_INTERCEPT_NO_POWER");
    } finally {
      await clear();
    }
  });

  test("a member who has paid this year's dues is never intercepted", async () => {
    const { propertyId, value } = await departmentOf("cn100001");
    await configure({ indexOnlyPropertyId: propertyId, indexOnlyValue: value, cantSignPropertyId: propertyId, cantSignValue: value });
    const [config] = await t.db.select().from(memberConfig);
    const now = t.clock.now();
    await t.db.insert(duesOrders).values({
      sysTrade: "DPAIDFORVISIT",
      userId: await userId("cn100001"),
      year: config!.year,
      nameZh: "会费",
      nameEn: "Dues",
      amount: config!.price,
      state: ORDER_STATE.ORDER_STATE_SUCCESS,
      payTrade: "PT",
      createdAt: now,
      expiresAt: now,
      payDate: now,
    });
    try {
      const c = await t.as("cn100001");
      for (const page of [PAGE.PAGE_INDEX, PAGE.PAGE_ACTIVITY_INDEX]) expect((await visit(c, page)).message.code).toBe("SUCCESS");
      expect(await c.call("/member/check")).toMatchObject({ paid: true, indexOnly: false, cantSign: false });
    } finally {
      await clear();
    }
  });
});
