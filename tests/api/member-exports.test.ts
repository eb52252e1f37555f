// Member exports and the find import through the real protocol (spec 3
// sections 2.4, 2.5, 7 "Members and properties", 8, 9): the search result and
// the yearly fee record as real xlsx read back cell by cell, built at once
// (the spec's Download) or as a staff job whose file only its owner
// downloads; powers, filters and year bounds refused; members found from a sheet.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq, inArray } from "drizzle-orm";
import { duesOrders, users } from "../../src/db/schema";
import { ORDER_STATE } from "../../src/protocol/enumerations";
import type { ApiClient } from "../../src/protocol/client";
import { START, startTestApp, type TestApp } from "../helpers/app";
import { TINY_PNG } from "../helpers/routes";
import { fetchFile, readXlsx, XLSX_TYPE, xlsxFile } from "../helpers/sheets";
import { until } from "../helpers/wait";

type Answer = { message: { code: string; params?: Record<string, unknown> } } & Record<string, any>;
let t: TestApp;
let op: ApiClient;
let admin: ApiClient;
let editor: ApiClient;
const idOf = async (employees: string) => (await t.db.select().from(users).where(eq(users.employees, employees)))[0]!.id;

beforeAll(async () => {
  t = await startTestApp();
  [op, admin, editor] = await Promise.all([t.as("cn000003"), t.as("cn000001"), t.as("cn000002")]);
}, 90_000);
afterAll(() => t.close());

/** Waits for the actor's job and answers its view. */
async function finished(c: ApiClient, key: string) {
  return until(async () => {
    const { job } = (await c.call("/user/operation/job", { key })) as Answer;
    return job.state !== "running" && job.state !== "queued" && job;
  }, "the export job finishes");
}

describe("powers", () => {
  test("without FUNCTION_USER_EXPORT_LIST or FUNCTION_MEMBER_EDIT the exports are refused; without the search power so is the find", async () => {
    expect((await fetchFile(editor, "/user/operation/export/list", {})).code).toBe("ERROR_NOT_POWER");
    expect((await editor.call("/user/operation/export/list", {})).message.code).toBe("ERROR_NOT_POWER");
    expect((await fetchFile(editor, "/user/operation/export/member", { year: "2026" })).code).toBe("ERROR_NOT_POWER");
    expect((await editor.call("/user/operation/export/member", { year: 2026 })).message.code).toBe("ERROR_NOT_POWER");
    expect((await editor.upload("/user/operation/import/find", xlsxFile([["cn100001"]]), "find.xlsx")).message.code).toBe("ERROR_NOT_POWER");
  });
});

describe("the search result", () => {
  test("downloads at once as the search's members, every column read back", async () => {
    const file = await fetchFile(op, "/user/operation/export/list", { account: "cn10000", state: "", status: "" });
    expect(file.code).toBe("SUCCESS");
    expect(file.name).toBe("会员查询结果-20260302.xlsx");
    const { rows, names } = readXlsx(file.bytes!);
    expect(names).toEqual(["会员"]);
    // The onboarding/update template's columns, then state and creation time (decision 112).
    const template = readXlsx((await fetchFile(op, "/user/operation/import/template", { kind: "update" })).bytes!).rows[0] as string[];
    expect(rows[0]).toEqual([...template, "状态", "创建时间"]);
    const col = (title: string) => (rows[0] as string[]).indexOf(title);
    // Every member not left whose number holds the text, newest first as the search lists them (the left cn100004 is not).
    const listed = ((await op.call("/user/operation/list", { account: "cn10000" })) as Answer).list.map((r: { employees: string }) => r.employees);
    expect(rows.slice(1).map((r) => r[0])).toEqual(listed);
    expect(listed).not.toContain("cn100004");
    const chen = rows.find((r) => r[0] === "cn100001")!;
    // Phones whole: the file is what staff call and re-import with (docs/decisions.md).
    const cells = (row: unknown[], titles: string[]) => titles.map((title) => row[col(title)]);
    expect(cells(chen, ["员工号", "姓名", "手机号", "公司邮箱", "国籍", "状态", "用户角色"])).toEqual(["cn100001", "陈会员", "13900000001", "cn100001@union.example.com", "中国", "已激活", "会员"]);
    expect(chen.at(-1)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // Options by their text, and a foreigner-only field empty for a Chinese member.
    expect(chen[col("性别")]).toMatch(/^(男|女)$/);
    expect(chen[col("护照号码")]).toBeNull();
    const emma = rows.find((r) => r[0] === "cn100002")!;
    expect(cells(emma, ["姓名", "手机号", "公司邮箱", "国籍"])).toEqual(["Emma Smith", "13900000002", "cn100002@union.example.com", "英国"]);
    expect(emma[col("护照号码")]).toMatch(/^[A-Za-z0-9]{5,20}$/);
    expect(emma[col("民族")]).toBeNull();
  });

  test("exported, imported back unchanged: nothing changes; one cell edited: that member alone (decision 112)", async () => {
    const file = await fetchFile(op, "/user/operation/export/list", { account: "cn" });
    const again = (await op.upload("/user/operation/import/update", new Blob([file.bytes!], { type: XLSX_TYPE }), "members.xlsx")) as Answer;
    expect(again.message.code).toBe("SUCCESS");
    expect([again.count, again.create, again.update]).toEqual([0, 0, 0]);
    expect(new Set(again.list.map((r: Answer) => r.reason))).toEqual(new Set(["member.same"]));
    expect(again.list).toHaveLength(readXlsx(file.bytes!).rows.length - 1);
    // Edited: cn100001's department to operations (its team then empty), imported back.
    const { rows } = readXlsx(file.bytes!);
    const header = rows[0] as string[];
    const edited = rows.map((r) => (r[0] === "cn100001" ? r.map((c, i) => (header[i] === "部门" ? "运营部" : header[i] === "科室" ? "客服组" : c)) : r));
    const answer = (await op.upload("/user/operation/import/update", xlsxFile(edited as (string | number | null)[][]), "members.xlsx")) as Answer;
    expect(answer.message.code).toBe("SUCCESS");
    expect([answer.count, answer.update]).toEqual([1, 1]);
    expect(answer.list.filter((r: Answer) => r.verdict === "apply").map((r: Answer) => r.cells[0])).toEqual(["cn100001"]);
  });

  test("the left are exported with the leave state; a wrong filter is refused", async () => {
    const left = await fetchFile(op, "/user/operation/export/list", { state: "103" });
    const states = readXlsx(left.bytes!).rows.slice(1).map((r) => r.at(-2));
    expect(states.length).toBeGreaterThan(0);
    expect(new Set(states)).toEqual(new Set(["已离职"]));
    expect((await fetchFile(op, "/user/operation/export/list", { state: "77" })).params).toMatchObject({ field: "state" });
    expect((await op.call("/user/operation/export/list", { state: 77 })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "state" } });
  });

  test("as a job: the owner polls it and downloads its file; nobody else does", async () => {
    const started = (await op.call("/user/operation/export/list", { account: "cn10000" })) as Answer;
    expect(started.message.code).toBe("SUCCESS");
    const job = await finished(op, started.job);
    expect(job).toMatchObject({ kind: "member.export.list", state: "done", result: { name: "会员查询结果-20260302.xlsx", rows: job.total } });
    expect(job.done).toBe(job.total);
    const direct = readXlsx((await fetchFile(op, "/user/operation/export/list", { account: "cn10000" })).bytes!).rows;
    const file = await fetchFile(op, "/user/operation/export/list", { job: started.job });
    expect(file.name).toBe("会员查询结果-20260302.xlsx");
    expect(readXlsx(file.bytes!).rows).toEqual(direct);
    // The administrator has the power, but not this job.
    expect((await fetchFile(admin, "/user/operation/export/list", { job: started.job })).code).toBe("ERROR_RESULT_NULL");
    expect((await admin.call("/user/operation/job", { key: started.job })).message.code).toBe("ERROR_RESULT_NULL");
    // Nor is a job's file another export's.
    expect((await fetchFile(op, "/user/operation/export/member", { year: "2026", job: started.job })).code).toBe("ERROR_RESULT_NULL");
  });

  test("in English for an English reader", async () => {
    expect((await admin.call("/user/language", { language: 902 })).message.code).toBe("SUCCESS");
    try {
      const file = await fetchFile(admin, "/user/operation/export/list", { account: "cn100002" });
      const { rows, names } = readXlsx(file.bytes!);
      expect(file.name).toBe("members-20260302.xlsx");
      expect(names).toEqual(["Members"]);
      expect(rows[0]!.slice(0, 3)).toEqual(["Employee ID", "Name", "Mobile phone"]);
      expect(rows[0]!.slice(-4)).toEqual(["Nationality", "Role", "State", "Created"]);
      expect(rows[1]!.slice(0, 3)).toEqual(["cn100002", "Emma Smith", "13900000002"]);
      expect(rows[1]!.slice(-4, -1)).toEqual(["United Kingdom", "Member", "Active"]);
    } finally {
      await admin.call("/user/language", { language: 901 });
    }
  });
});

describe("the yearly fee record", () => {
  test("who paid (amount with 2 decimals, China time, order and trade numbers) and who did not, for the year asked", async () => {
    const [chen, emma, left] = (await Promise.all(["cn100001", "cn100002", "cn100004"].map(idOf))) as [number, number, number];
    const paidAt = new Date("2026-02-10T02:03:04.000Z");
    const order = (userId: number, year: number, trade: string) => ({
      sysTrade: trade,
      userId,
      year,
      nameZh: `${year}年度工会会费`,
      nameEn: `Union dues ${year}`,
      amount: 6050,
      state: ORDER_STATE.ORDER_STATE_SUCCESS,
      payTrade: `4200${trade}`,
      createdAt: paidAt,
      expiresAt: paidAt,
      payDate: paidAt,
    });
    await t.db.insert(duesOrders).values([order(chen, 2026, "DEXPORT2026A"), order(left, 2026, "DEXPORT2026B"), order(emma, 2025, "DEXPORT2025A")]);
    try {
      const file = await fetchFile(op, "/user/operation/export/member", { year: "2026" });
      expect(file.code).toBe("SUCCESS");
      expect(file.name).toBe("会费记录-2026.xlsx");
      const XLSX = await import("xlsx");
      const book = XLSX.read(file.bytes!, { type: "array", cellNF: true });
      expect(book.SheetNames).toEqual(["已缴费", "未缴费"]);
      const paid = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets["已缴费"]!, { header: 1, raw: true, defval: null });
      expect(paid[0]).toEqual(["员工号", "姓名", "手机", "邮箱", "会费年度", "金额（元）", "缴费时间", "订单号", "支付流水号"]);
      // A member who left after paying is on the paid sheet: they paid.
      expect(paid.slice(1)).toEqual([
        ["cn100001", "陈会员", "13900000001", "cn100001@union.example.com", 2026, 60.5, "2026-02-10 10:03:04", "DEXPORT2026A", "4200DEXPORT2026A"],
        ["cn100004", "赵离职", "13900000004", "cn100004@union.example.com", 2026, 60.5, "2026-02-10 10:03:04", "DEXPORT2026B", "4200DEXPORT2026B"],
      ]);
      expect(book.Sheets["已缴费"]!.F2.z).toBe("0.00");
      const unpaid = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets["未缴费"]!, { header: 1, raw: true, defval: null });
      expect(unpaid[0]).toEqual(["员工号", "姓名", "手机", "邮箱", "状态"]);
      const who = unpaid.slice(1).map((r) => r[0]);
      // Paid for another year only is unpaid for this one; the left are not listed.
      expect(unpaid.find((r) => r[0] === "cn100002")).toEqual(["cn100002", "Emma Smith", "13900000002", "cn100002@union.example.com", "已激活"]);
      expect(who).not.toContain("cn100001");
      expect(who).not.toContain("cn100004");
      expect(who).toContain("cn100003");
      expect(who.length).toBe((await t.db.select().from(users)).filter((u) => u.state !== 103).length - 1);

      const last = readXlsx((await fetchFile(op, "/user/operation/export/member", { year: "2025" })).bytes!).rows;
      expect(last.slice(1).map((r) => r[0])).toEqual(["cn100002"]);
    } finally {
      await t.db.delete(duesOrders).where(inArray(duesOrders.sysTrade, ["DEXPORT2026A", "DEXPORT2026B", "DEXPORT2025A"]));
    }
  });

  test("the current billing year and the three before only: others are ERROR_PARAMS", async () => {
    for (const year of ["2022", "2027", "0000"]) {
      expect((await fetchFile(op, "/user/operation/export/member", { year })).params).toMatchObject({ field: "year", min: 2023, max: 2026 });
    }
    expect((await fetchFile(op, "/user/operation/export/member", { year: "2023" })).code).toBe("SUCCESS");
    expect((await fetchFile(op, "/user/operation/export/member", { year: "26" })).code).toBe("ERROR_PARAMS");
    expect((await fetchFile(op, "/user/operation/export/member", {})).params).toMatchObject({ field: "year" });
    expect((await op.call("/user/operation/export/member", { year: 2022 })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "year" } });
    // The billing year follows the configured start day: on 2026-03-02 with a year starting 1 April, 2026 has not begun.
    await t.db.execute(`update member_config set month = 4, day = 1 where id = 1`);
    try {
      expect((await fetchFile(op, "/user/operation/export/member", { year: "2026" })).params).toMatchObject({ field: "year", min: 2022, max: 2025 });
    } finally {
      await t.db.execute(`update member_config set month = 1, day = 1 where id = 1`);
    }
    expect(START.toISOString()).toBe("2026-03-02T01:30:00.000Z");
  });

  test("as a job, downloaded by its owner", async () => {
    const started = (await op.call("/user/operation/export/member", { year: 2025 })) as Answer;
    const job = await finished(op, started.job);
    expect(job).toMatchObject({ kind: "member.export.fees", state: "done", result: { name: "会费记录-2025.xlsx", rows: 0 } });
    const file = await fetchFile(op, "/user/operation/export/member", { job: started.job });
    expect(readXlsx(file.bytes!).names).toEqual(["已缴费", "未缴费"]);
  });
});

describe("find members from a sheet", () => {
  test("employee numbers, phones and e-mails in any cell find their members in the file's order; the rest are named", async () => {
    const file = xlsxFile([["查询"], ["13900000002"], ["CN100001@UNION.EXAMPLE.COM", "cn100004"], ["nobody"], ["cn100001"]]);
    const answer = (await op.upload("/user/operation/import/find", file, "find.xlsx")) as Answer;
    expect(answer.message.code).toBe("SUCCESS");
    expect(answer.list.map((r: { employees: string }) => r.employees)).toEqual(["cn100002", "cn100001", "cn100004"]);
    expect(answer.list[0]).toMatchObject({ name: "Emma Smith", phone: "139****0002", email: "cn100002@union.example.com", state: { id: 102 } });
    // The title row is left out, not named as a member not found (decision 112).
    expect(answer.unmatched).toEqual(["nobody"]);
    expect(answer.header).toEqual(["查询"]);
  });

  test("a first row of numbers is no title row: an unknown number there is named", async () => {
    const answer = (await op.upload("/user/operation/import/find", xlsxFile([["cn999999"], ["cn100001"], ["Employee ID"]]), "find.xlsx")) as Answer;
    expect(answer.list.map((r: { employees: string }) => r.employees)).toEqual(["cn100001"]);
    expect(answer.unmatched).toEqual(["cn999999", "Employee ID"]);
    expect(answer.header).toBeUndefined();
    const titled = (await op.upload("/user/operation/import/find", xlsxFile([["员工号", "手机号"], ["cn100001", "13900000002"]]), "find.xlsx")) as Answer;
    expect([titled.list.length, titled.unmatched, titled.header]).toEqual([2, [], ["员工号", "手机号"]]);
  });

  test("not an xlsx, or an empty sheet, is refused", async () => {
    const png = await op.upload("/user/operation/import/find", new Blob([TINY_PNG], { type: "image/png" }), "find.png");
    expect(png.message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "type" } });
    const csv = await op.upload("/user/operation/import/find", new Blob(["cn100001\n"], { type: "text/csv" }), "find.xlsx");
    expect(csv.message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "type" } });
    const empty = await op.upload("/user/operation/import/find", xlsxFile([[""]]), "find.xlsx");
    expect(empty.message).toMatchObject({ code: "ERROR_PARAMS" });
  });
});
