// A member's own data, taken away (issue 31 item 4): /user/data/export is a
// workbook of everything the union holds about them, one sheet per kind in
// their language, and nothing of anyone else's. Every table that holds a
// member id is either exported or left out with its reason.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import * as XLSX from "xlsx";
import * as schema from "../../src/db/schema";
import { addresses, chatMessages, chatSessions, families, pointRecords, relations, users } from "../../src/db/schema";
import { HELD } from "../../src/domains/privacy/data-export";
import type { ApiClient } from "../../src/protocol/client";
import { LANGUAGE, POINT_TYPE } from "../../src/protocol/enumerations";
import { START, startTestApp, type TestApp } from "../helpers/app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t.close());

/** A column that names a member: the member's own id, or the member who acted. */
const MEMBER_COLUMN = /^(user_id|target_user_id|operator_id|[a-z]+_by)$/;

const userId = async (account: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.employees, account)))[0]!.id;

async function workbookOf(c: ApiClient) {
  const got = await c.download("/user/data/export");
  if (!("file" in got)) throw new Error(`refused: ${JSON.stringify(got.answer)}`);
  const book = XLSX.read(new Uint8Array(await got.file.arrayBuffer()), { type: "array" });
  const text = (name: string) => XLSX.utils.sheet_to_csv(book.Sheets[name]!);
  return { name: got.name, names: book.SheetNames, text, all: book.SheetNames.map(text).join("\n") };
}

describe("what the union holds about a member", () => {
  test("every table with a member id is exported or left out with a reason, and nothing listed is not a table", () => {
    const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => v instanceof PgTable).map((v) => getTableConfig(v));
    const holding = tables.filter((c) => c.name === "users" || c.columns.some((col) => MEMBER_COLUMN.test(col.name))).map((c) => c.name);
    expect(holding.length).toBeGreaterThan(20);
    expect(holding.filter((name) => !HELD[name])).toEqual([]);
    const names = new Set(tables.map((c) => c.name));
    expect(Object.keys(HELD).filter((name) => !names.has(name))).toEqual([]);
    for (const [name, held] of Object.entries(HELD)) if ("leftOut" in held) expect({ name, reason: held.leftOut.length > 20 }).toEqual({ name, reason: true });
  });

  test("a member downloads one workbook of their own: profile, family, addresses, orders, points, mailbox and logs, in their language", async () => {
    const me = await userId("cn100001");
    const [spouse] = await t.db.select().from(relations).limit(1);
    await t.db.insert(families).values({ userId: me, name: "导出家属甲", identity: "E1234567", idType: 2, relationId: spouse!.id, sex: 1, createdAt: START, updatedAt: START });
    await t.db.insert(addresses).values({ userId: me, name: "导出收件人", phone: "13900001111", address0: "110000", address1: "110100", address2: "110101", address3: "", info: "导出路 1 号", type: 1, isDefault: false, createdAt: START, updatedAt: START });
    await t.db.insert(pointRecords).values({ userId: me, count: 321, type: POINT_TYPE.POINT_TYPE_ENTRY, remaining: 321, descZh: "导出积分", descEn: "Export points", createdAt: START });
    const [thread] = await t.db.insert(chatSessions).values({ userId: me, createdAt: START, updatedAt: START }).returning();
    await t.db.insert(chatMessages).values({ sessionId: thread!.id, userId: me, fromManager: false, content: "导出信箱留言", createdAt: START });
    // Someone else's: never in this member's file.
    await t.db.insert(families).values({ userId: await userId("cn100002"), name: "别人的家属", identity: "E7654321", idType: 2, relationId: spouse!.id, sex: 0, createdAt: START, updatedAt: START });

    const c = await t.as("cn100001");
    const zh = await workbookOf(c);
    expect(zh.name).toMatch(/^我的数据-\d{8}\.xlsx$/);
    expect(zh.names).toEqual(["账户", "个人资料", "资料修改记录", "家属", "地址", "订单", "支付", "积分", "会费", "工会信箱", "候补", "抽签", "购物车", "登录记录", "登录设备", "访问记录", "操作记录"]);
    expect(zh.text("账户")).toContain("cn100001");
    expect(zh.text("家属")).toContain("导出家属甲");
    expect(zh.text("家属")).toContain("E1234567");
    expect(zh.text("地址")).toContain("导出路 1 号");
    expect(zh.text("积分")).toContain("导出积分");
    expect(zh.text("工会信箱")).toContain("导出信箱留言");
    // The demo member's seeded sign-up and the sign-in just made.
    expect(zh.text("订单")).toContain("周五电影夜");
    expect(zh.text("登录记录")).toContain("成功");
    expect(zh.all).not.toContain("别人的家属");
    expect(zh.all).not.toContain("E7654321");

    expect((await c.call("/user/language", { language: LANGUAGE.LANGUAGE_EN })).message.code).toBe("SUCCESS");
    const en = await workbookOf(c);
    expect(en.name).toMatch(/^my-data-\d{8}\.xlsx$/);
    expect(en.names[0]).toBe("Account");
    expect(en.text("Orders")).toContain("Friday film night");
    expect(en.text("Points")).toContain("Export points");
  });

  test("nobody signed in downloads nothing", async () => {
    const got = await t.client().download("/user/data/export");
    expect("file" in got).toBe(false);
  });
});
