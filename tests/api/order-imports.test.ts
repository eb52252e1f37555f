// The courier-info and shipped-order imports (spec 3 sections 2.1, 4.3, 7, 8):
// xlsx checked by its content, every row judged before anything is written, a
// file with any refused row applies nothing, a feedback table per row and a
// downloadable log the importer deletes on cancel, and the same file twice
// changing nothing the second time.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, inArray } from "drizzle-orm";
import { importLogs, operationLog, orderItems, orders, parcels, users } from "../../src/db/schema";
import { ORDER_STATE, SEND_STATE } from "../../src/protocol/enumerations";
import type { ApiClient } from "../../src/protocol/client";
import { makeActivity } from "../helpers/activities";
import { START, startTestApp, type TestApp } from "../helpers/app";
import { TINY_PNG } from "../helpers/routes";
import { fetchFile, readXlsx, xlsxFile } from "../helpers/sheets";

type Answer = Record<string, any>;
let t: TestApp;
let editor: ApiClient;
let member: ApiClient;
/** Orders by name: e1-e10 successful on the courier activity (each test its own, as tests run in any order), cancelled, plain (no address, no courier). */
const o: Record<string, { id: number; trade: string; child: string }> = {};

beforeAll(async () => {
  t = await startTestApp();
  editor = await t.as("cn000002");
  member = await t.as("cn100001");
  const [me] = await t.db.select({ id: users.id }).from(users).where(eq(users.employees, "cn100001"));
  const courier = await makeActivity(t.db, { nameEn: "Courier", hasAddress: true, hasExpress: true, allowUpdateAddress: true });
  const plain = await makeActivity(t.db, { nameEn: "Plain" });
  const plan: [string, number, number][] = [
    ...Array.from({ length: 10 }, (_, i): [string, number, number] => [`e${i + 1}`, courier.id, ORDER_STATE.ORDER_STATE_SUCCESS]),
    ["cancelled", courier.id, ORDER_STATE.ORDER_STATE_CANCEL],
    ["plain", plain.id, ORDER_STATE.ORDER_STATE_SUCCESS],
  ];
  for (const [i, [name, activityId, state]] of plan.entries()) {
    const trade = `IM${i}X${START.getTime()}`;
    const address = activityId === courier.id ? { liaison: "陈会员", phone: "13900000001", address0: "11", address1: "1101", address2: "110101", address3: "110101001", addressInfo: "1号" } : {};
    const [row] = await t.db
      .insert(orders)
      .values({ trade, userId: me!.id, state, sendState: SEND_STATE.SEND_STATE_WAIT, price: 0, amount: 0, createdAt: START, updatedAt: START, ...address })
      .returning();
    await t.db.insert(orderItems).values({ orderId: row!.id, childTrade: `${trade}-1`, userId: me!.id, activityId, seq: i + 1, places: 1, state, createdAt: START });
    o[name] = { id: row!.id, trade, child: `${trade}-1` };
  }
}, 60_000);
afterAll(() => t.close());

const COURIER_HEADER = ["订单号", "快递公司", "快递单号", "网点", "快递电话"];
const courierFile = (...rows: (string | number | null)[][]) => xlsxFile([COURIER_HEADER, ...rows]);
const importCourier = (file: Blob, who: ApiClient = editor, name = "courier.xlsx") => who.upload<Answer>("/order/import/express", file, name);
const importShipped = (file: Blob, who: ApiClient = editor, name = "shipped.xlsx") => who.upload<Answer>("/order/import/close/update", file, name);
const parcelsOf = (orderId: number) => t.db.select().from(parcels).where(eq(parcels.orderId, orderId)).orderBy(parcels.number);
const verdicts = (answer: Answer) => answer.list.map((r: Answer) => [r.row, r.verdict, r.reason]);

describe("/order/import/express", () => {
  test("a good file writes parcels of the main order (by its number or a sub-order's), the member sees them, and the log downloads", async () => {
    const answer = await importCourier(courierFile([o.e1!.trade, "顺丰速运", "SF1000000001", "东城营业部", "95338"], [o.e2!.child, "中通快递", "ZT2000000002", null, null]));
    expect(answer.message.code).toBe("SUCCESS");
    expect(answer.count).toBe(2);
    expect(answer.key).toMatch(/^[0-9a-f]{32}$/);
    expect(verdicts(answer)).toEqual([
      [2, "apply", null],
      [3, "apply", null],
    ]);
    expect(answer.list[0].cells).toEqual([o.e1!.trade, "顺丰速运", "SF1000000001", "东城营业部", "95338"]);
    expect(await parcelsOf(o.e1!.id)).toEqual([expect.objectContaining({ number: "SF1000000001", company: "顺丰速运", site: "东城营业部", phone: "95338", state: 500, trail: [] })]);
    expect(await parcelsOf(o.e2!.id)).toEqual([expect.objectContaining({ number: "ZT2000000002", company: "中通快递", site: null, phone: null })]);
    const seen = await member.call<Answer>("/order/express", { id: o.e1!.id });
    expect(seen.logs).toEqual([expect.objectContaining({ number: "SF1000000001", expName: "顺丰速运", expSite: "东城营业部", deliverystatus: { id: 500 } })]);
    // The feedback table: the file's own columns, then the verdict and the reason.
    const log = await fetchFile(editor, "/order/import/log", { kind: "express", log: answer.key });
    expect(log.code).toBe("SUCCESS");
    expect(log.name).toBe("courier-导入结果.xlsx");
    const { rows } = readXlsx(log.bytes!);
    expect(rows).toEqual([
      ["行号", ...COURIER_HEADER, "结果", "原因"],
      [2, o.e1!.trade, "顺丰速运", "SF1000000001", "东城营业部", "95338", "已导入", null],
      [3, o.e2!.child, "中通快递", "ZT2000000002", null, null, "已导入", null],
    ]);
    const [audit] = await t.db.select().from(operationLog).where(and(eq(operationLog.action, "order.import.express"), eq(operationLog.targetId, answer.key)));
    expect(audit?.detail).toContain("2 of 2 rows");
  });

  test("the same file twice changes nothing the second time; changed details update the parcel", async () => {
    const file = courierFile([o.e3!.trade, "圆通速递", "YT3000000003", "朝阳", "95554"]);
    expect((await importCourier(file)).count).toBe(1);
    const [before] = await parcelsOf(o.e3!.id);
    t.clock.advance(60_000);
    const again = await importCourier(file);
    expect({ code: again.message.code, count: again.count, verdicts: verdicts(again) }).toEqual({ code: "SUCCESS", count: 0, verdicts: [[2, "same", "parcel.same"]] });
    expect(await parcelsOf(o.e3!.id)).toEqual([before!]);
    const changed = await importCourier(courierFile([o.e3!.trade, "圆通速递", "YT3000000003", "海淀", "95554"]));
    expect(changed.count).toBe(1);
    expect(await parcelsOf(o.e3!.id)).toEqual([expect.objectContaining({ id: before!.id, site: "海淀", updatedAt: t.clock.now() })]);
    t.clock.reset();
  });

  test("a bad file applies nothing and says why, row by row", async () => {
    const answer = await importCourier(
      courierFile(
        ["NOSUCHORDER", "顺丰速运", "SF9000000000", null, null],
        [o.cancelled!.trade, "顺丰速运", "SF9000000001", null, null],
        [o.plain!.trade, "顺丰速运", "SF9000000002", null, null],
        [o.e4!.trade, null, "SF9000000003", null, null],
        [o.e4!.trade, "顺丰速运", "SF 9000", null, null],
        [o.e4!.trade, "顺丰速运", "SF9000000004", null, "call me"],
        [null, "顺丰速运", "SF9000000005", null, null],
      ),
    );
    expect(answer.message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "rows", refused: 7 } });
    expect(answer.count).toBe(0);
    expect(verdicts(answer)).toEqual([
      [2, "refused", "order.notFound"],
      [3, "refused", "order.state"],
      [4, "refused", "order.noExpress"],
      [5, "refused", "company.empty"],
      [6, "refused", "number.format"],
      [7, "refused", "courierPhone.format"],
      [8, "refused", "trade.empty"],
    ]);
    expect(await parcelsOf(o.e4!.id)).toEqual([]);
    // Its log is kept all the same, and says the same.
    const { rows } = readXlsx((await fetchFile(editor, "/order/import/log", { kind: "express", log: answer.key })).bytes!);
    expect(rows[1]!.slice(-2)).toEqual(["不能导入", "没有这个订单号"]);
    expect(rows[7]!.slice(-2)).toEqual(["不能导入", "缺少订单号"]);
  });

  test("a row with several faults names each (decision 111)", async () => {
    const answer = await importCourier(courierFile(["NOSUCHORDER", null, "SF 9000", null, "call me"]));
    expect(answer.list[0]).toMatchObject({ verdict: "refused", reason: "order.notFound", reasons: ["order.notFound", "company.empty", "number.format", "courierPhone.format"] });
    const { rows } = readXlsx((await fetchFile(editor, "/order/import/log", { kind: "express", log: answer.key })).bytes!);
    expect(rows[1]!.at(-1)).toBe("没有这个订单号；缺少快递公司；快递单号应为 4-40 位字母、数字或横线；快递电话格式不正确");
  });

  test("a mixed file applies nothing: the good rows say they would apply, the bad one why not", async () => {
    const answer = await importCourier(courierFile([o.e4!.trade, "顺丰速运", "SF4000000001", null, null], [o.cancelled!.trade, "顺丰速运", "SF4000000002", null, null], [o.e4!.child, "顺丰速运", "SF4000000003", null, null]));
    expect(answer.message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "rows", refused: 1 } });
    expect(verdicts(answer)).toEqual([
      [2, "apply", null],
      [3, "refused", "order.state"],
      [4, "apply", null],
    ]);
    expect(await parcelsOf(o.e4!.id)).toEqual([]);
    const { rows } = readXlsx((await fetchFile(editor, "/order/import/log", { kind: "express", log: answer.key })).bytes!);
    expect(rows.slice(1).map((r) => r.at(-2))).toEqual(["可导入", "不能导入", "可导入"]);
  });

  test("a row repeated in the file is left alone; the same tracking number with other details is a conflict", async () => {
    const repeat = await importCourier(courierFile([o.e5!.trade, "顺丰速运", "SF5000000001", null, null], [o.e5!.child, "顺丰速运", "SF5000000001", null, null]));
    expect(verdicts(repeat)).toEqual([
      [2, "apply", null],
      [3, "same", "file.repeat"],
    ]);
    expect(repeat.count).toBe(1);
    const conflict = await importCourier(courierFile([o.e5!.trade, "顺丰速运", "SF5000000002", null, null], [o.e5!.trade, "中通快递", "SF5000000002", null, null]));
    expect(verdicts(conflict)).toEqual([
      [2, "apply", null],
      [3, "refused", "file.conflict"],
    ]);
    expect((await parcelsOf(o.e5!.id)).map((p) => p.number)).toEqual(["SF5000000001"]);
  });

  test("headers are found in either language, in any order, with other columns beside them", async () => {
    const answer = await importCourier(xlsxFile([["Note", "Tracking number", "COURIER", "order number"], ["x", "EN6000000001", "DHL", o.e6!.trade]]));
    expect({ code: answer.message.code, count: answer.count }).toEqual({ code: "SUCCESS", count: 1 });
    expect((await parcelsOf(o.e6!.id)).find((p) => p.number === "EN6000000001")).toMatchObject({ company: "DHL" });
  });

  test("the export's courier sheet, filled in, imports as it is", async () => {
    const got = await fetchFile(editor, "/order/activity/export", { id: String((await t.db.select({ a: orderItems.activityId }).from(orderItems).where(eq(orderItems.orderId, o.e7!.id)))[0]!.a), express: "1", trade: o.e7!.trade });
    const { rows } = readXlsx(got.bytes!);
    const filled = rows.map((r, i) => (i === 0 ? r : r[6] ? r : [...r.slice(0, 5), "京东物流", "JD7000000001", null, null])) as (string | null)[][];
    const answer = await importCourier(xlsxFile(filled));
    expect(answer.message.code).toBe("SUCCESS");
    expect((await parcelsOf(o.e7!.id)).some((p) => p.number === "JD7000000001")).toBe(true);
  });

  test("not an xlsx is refused by its content, whatever its name; an xlsx without the columns or rows is refused as a whole", async () => {
    const refusal = async (file: Blob, name = "orders.xlsx") => (await importCourier(file, editor, name)).message;
    expect(await refusal(new Blob([TINY_PNG]))).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "type" } });
    expect(await refusal(new Blob(["订单号,快递公司,快递单号\nA1,顺丰,SF1"]))).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "type" } });
    // A zip naming an xl/ part that is no workbook.
    const fake = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new TextEncoder().encode("xl/workbook.xml and nothing else")]);
    expect(await refusal(new Blob([fake]))).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "type" } });
    expect(await refusal(xlsxFile([["订单号", "快递单号"], ["A1", "SF1"]]))).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "columns", missing: ["company"] } });
    expect(await refusal(xlsxFile([COURIER_HEADER]))).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "empty" } });
    expect(await refusal(xlsxFile([]))).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "empty" } });
    expect((await t.db.select().from(importLogs).where(eq(importLogs.fileName, "orders.xlsx"))).length).toBe(0);
  });
});

describe("the log", () => {
  test("downloads only for the staff member who imported it, and is gone once cleared", async () => {
    const answer = await importCourier(courierFile([o.e8!.trade, "顺丰速运", "SF8000000001", "东城营业部", "95338"]));
    const admin = await t.as("cn000001");
    expect((await fetchFile(admin, "/order/import/log", { kind: "express", log: answer.key })).code).toBe("ERROR_RESULT_NULL");
    expect((await fetchFile(editor, "/order/import/log", { kind: "shipped", log: answer.key })).code).toBe("ERROR_RESULT_NULL");
    expect((await admin.call("/order/import/log/clear", { kind: "express", log: answer.key })).message.code).toBe("ERROR_RESULT_NULL");
    expect((await editor.call("/order/import/log/clear", { kind: "express", log: answer.key })).message.code).toBe("SUCCESS");
    expect((await fetchFile(editor, "/order/import/log", { kind: "express", log: answer.key })).code).toBe("ERROR_RESULT_NULL");
    expect((await editor.call("/order/import/log/clear", { kind: "express", log: answer.key })).message.code).toBe("ERROR_RESULT_NULL");
    expect((await t.db.select().from(importLogs).where(eq(importLogs.key, answer.key))).length).toBe(0);
  });

  test("a log past its week (the clear-expired job removes it) is no longer served", async () => {
    const answer = await importCourier(courierFile([o.e8!.trade, "顺丰速运", "SF8000000001", "东城营业部", "95338"]));
    const [log] = await t.db.select().from(importLogs).where(eq(importLogs.key, answer.key));
    expect(log!.expiresAt.getTime() - log!.createdAt.getTime()).toBe(7 * 24 * 3_600_000);
    await t.db.update(importLogs).set({ expiresAt: t.clock.now() }).where(eq(importLogs.key, answer.key));
    expect((await fetchFile(editor, "/order/import/log", { kind: "express", log: answer.key })).code).toBe("ERROR_RESULT_NULL");
  });
});

describe("/order/import/close/update", () => {
  test("marks the named orders sent, which ends the member's address change; twice changes nothing; a refused row applies nothing", async () => {
    const mixed = await importShipped(xlsxFile([["子订单号"], [o.e9!.child], [o.plain!.trade]]));
    expect(mixed.message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "rows", refused: 1 } });
    expect(verdicts(mixed)).toEqual([
      [2, "apply", null],
      [3, "refused", "order.noAddress"],
    ]);
    const sendState = async (id: number) => (await t.db.select({ s: orders.sendState }).from(orders).where(eq(orders.id, id)))[0]!.s;
    expect(await sendState(o.e9!.id)).toBe(SEND_STATE.SEND_STATE_WAIT);
    const before = await member.call<Answer>("/order/list", { index: 1 });
    expect(before.list.find((x: Answer) => x.id === o.e9!.id).canChangeAddress).toBe(true);

    const file = xlsxFile([["Order number", "Note"], [o.e9!.child, "box 1"], [o.e9!.trade, "box 2"], [o.e10!.trade, null]]);
    const answer = await importShipped(file);
    expect({ code: answer.message.code, count: answer.count, verdicts: verdicts(answer) }).toEqual({
      code: "SUCCESS",
      count: 2,
      verdicts: [
        [2, "apply", null],
        [3, "same", "file.repeat"],
        [4, "apply", null],
      ],
    });
    expect([await sendState(o.e9!.id), await sendState(o.e10!.id)]).toEqual([SEND_STATE.SEND_STATE_SENT, SEND_STATE.SEND_STATE_SENT]);
    const after = await member.call<Answer>("/order/list", { index: 1 });
    expect(after.list.find((x: Answer) => x.id === o.e9!.id).canChangeAddress).toBe(false);
    expect((await member.call("/order/update/address", { order: o.e9!.id, address: 1 })).message.code).toBe("ERROR_NOT_POWER");

    t.clock.advance(60_000);
    const again = await importShipped(file).finally(() => t.clock.reset());
    expect({ count: again.count, verdicts: verdicts(again) }).toEqual({
      count: 0,
      verdicts: [
        [2, "same", "order.sent"],
        [3, "same", "file.repeat"],
        [4, "same", "order.sent"],
      ],
    });
    const stamps = await t.db.select({ u: orders.updatedAt }).from(orders).where(inArray(orders.id, [o.e9!.id, o.e10!.id]));
    expect(stamps.every((s) => s.u.getTime() === START.getTime())).toBe(true);
    expect((await importShipped(xlsxFile([["订单号"], [o.cancelled!.trade]]))).list[0].reason).toBe("order.state");
  });
});

describe("who may import", () => {
  test("a member and an operator are refused both imports and the log calls", async () => {
    const operator = await t.as("cn000003");
    for (const who of [member, operator]) {
      expect((await importCourier(courierFile([o.e1!.trade, "顺丰", "SF1000000009", null, null]), who)).message.code).toBe("ERROR_NOT_POWER");
      expect((await importShipped(xlsxFile([["订单号"], [o.e1!.trade]]), who)).message.code).toBe("ERROR_NOT_POWER");
      expect((await who.call("/order/import/log/clear", { kind: "express", log: "0".repeat(32) })).message.code).toBe("ERROR_NOT_POWER");
    }
    expect((await parcelsOf(o.e1!.id)).some((p) => p.number === "SF1000000009")).toBe(false);
  });
});
