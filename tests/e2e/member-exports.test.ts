// Member exports and the find import in the browser (spec 3 sections 2.4,
// 2.5, 8): the operator exports the search result (a staff job with its
// progress window, then a real xlsx download opened here), finds members from
// a sheet and is told a wrong file type in the spec's words, and exports the
// yearly dues record from the fee dialog (Chinese, desk); then the export and
// the find on a 375 px phone in English.
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect } from "bun:test";
import type { Page } from "playwright-core";
import * as XLSX from "xlsx";
import { seriousViolations } from "../helpers/axe";
import { shot } from "../helpers/browser";
import { TINY_PNG } from "../helpers/routes";
import { XLSX_TYPE } from "../helpers/sheets";
import { DESK, PHONE, SETUP_TIMEOUT_MS, type World, chooseLanguage, messageText, nextFrames, pressOk, enter, startWorld, stopWorld, test, visitor } from "./support";

const JOURNEY_TIMEOUT_MS = 150_000;

let world: World;
beforeAll(async () => {
  world = await startWorld();
}, SETUP_TIMEOUT_MS);
afterAll(() => stopWorld(world));

/** What a person sees, after checking it for accessibility and sideways scrolling. */
async function look(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await nextFrames(page);
  expect({ name, violations: await seriousViolations(page) }).toEqual({ name, violations: [] });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  await shot(page, `member-exports/${name}`, { fullPage: false });
}

const sheet = (rows: string[][]) => {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Sheet1");
  return Buffer.from(XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer);
};

/**
 * Clicks, sees the progress window, and takes the download it ends with, read
 * as a workbook. The first poll of the job is held back until the window
 * has been looked at, before the (small) export is already done.
 */
async function exported(page: Page, click: () => Promise<unknown>, name: string) {
  let held = false;
  let release = () => {};
  const looked = new Promise<void>((r) => (release = r));
  await page.route("**/api/user/operation/job?*", async (route) => {
    if (!held) {
      held = true;
      await looked;
    }
    await route.continue();
  });
  const download = page.waitForEvent("download", { timeout: 60_000 });
  await click();
  const bar = await page.waitForSelector("[data-testid=job-progress] [role=progressbar]");
  expect(await bar.getAttribute("aria-valuenow")).toBe("0");
  await look(page, name);
  release();
  const file = await download;
  await page.unroute("**/api/user/operation/job?*");
  await page.waitForSelector("[data-testid=job-progress]", { state: "detached" });
  const book = XLSX.read(await readFile((await file.path())!), { type: "array" });
  return { name: file.suggestedFilename(), names: book.SheetNames, rows: (n = 0) => XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[n]!]!, { header: 1, defval: null }) };
}

const employeesShown = (page: Page) => page.$$eval("[data-testid=member-row] [data-column=employees]", (cells) => cells.map((c) => c.textContent?.trim() ?? "").filter((t) => t && t !== "—"));

describe("member exports and the find import", () => {
  test(
    "the operator exports the search result, finds members from a sheet and exports the dues record (Chinese, desk), then in English at 375 px",
    async () => {
      const desk = await visitor(world, { viewport: DESK });
      const page = desk.page;
      await enter(page, world, "cn000003", { language: "zh" });
      await page.goto(`${world.server.url}/operation/user`);
      await page.waitForSelector("[data-testid=member-row]");
      await page.fill("#member-search-account", "cn10000");
      await page.press("#member-search-account", "Enter");
      await page.waitForFunction(() => [...document.querySelectorAll("[data-testid=member-row]")].every((r) => !r.textContent?.includes("cn000003")));
      const listed = await employeesShown(page);
      expect(listed).toContain("cn100001");

      // The search result: a progress window, then the file of exactly the members listed.
      const members = await exported(page, () => page.click("[data-testid=export-members]"), "zh-desk-export-progress");
      expect(members.name).toBe("会员查询结果-20260302.xlsx");
      const rows = members.rows();
      // The onboarding/update template's columns, so the file imports back (decision 112), then state and creation time.
      expect(rows[0]!.slice(0, 4)).toEqual(["员工号", "姓名", "手机号", "公司邮箱"]);
      expect(rows[0]!.slice(-4)).toEqual(["国籍", "用户角色", "状态", "创建时间"]);
      expect(rows.slice(1).map((r) => r[0])).toEqual(listed);
      expect(rows.find((r) => r[0] === "cn100001")!.slice(1, 4)).toEqual(["陈会员", "13900000001", "cn100001@union.example.com"]);

      // Find from a sheet: the window says what file it expects before the picker opens (decision 112);
      // a wrong type is told in the spec's words; a good sheet fills the table, its title row left out.
      await page.click("[data-testid=find-members]");
      expect(await page.textContent("[data-testid=find-intro]")).toContain("每个单元格可以是员工号、手机号或邮箱");
      expect(await page.textContent("[data-testid=find-intro]")).toContain("第一行可以是标题行");
      await look(page, "zh-desk-find-window");
      await page.setInputFiles("[data-testid=find-file]", { name: "find.xlsx", mimeType: XLSX_TYPE, buffer: Buffer.from(TINY_PNG) });
      expect(await messageText(page)).toBe("查询仅支持xlsx类型的excel文件");
      await pressOk(page, "确定");
      await page.click("[data-testid=find-members]");
      await page.setInputFiles("[data-testid=find-file]", { name: "find.xlsx", mimeType: XLSX_TYPE, buffer: sheet([["手机或员工号"], ["13900000002"], ["cn000003"], ["nobody"]]) });
      await page.waitForSelector("[data-testid=member-found]");
      expect(await employeesShown(page)).toEqual(["cn100002", "cn000003"]);
      expect(await page.textContent("[data-testid=member-found]")).toContain("按表格查到 2 名会员");
      expect(await page.textContent("[data-testid=member-found]")).toContain("已跳过标题行：手机或员工号");
      expect(await page.textContent("[data-testid=member-found]")).toContain("1 项未找到：nobody");
      await look(page, "zh-desk-found");
      await page.click("[data-testid=member-found] button");
      await page.waitForSelector("[data-testid=member-found]", { state: "detached" });

      // The yearly dues record, from the membership fee button on member management (spec 3 section 2.4).
      await page.click("[data-testid=open-fees]");
      await page.waitForSelector("[data-testid=fee-export]");
      const years = await page.$$eval("#fee-export-year option", (options) => options.map((o) => o.textContent));
      expect(years).toEqual(["2026 年度", "2025 年度", "2024 年度", "2023 年度"]);
      await page.selectOption("#fee-export-year", "2024");
      await page.selectOption("#fee-export-year", "2026");
      await look(page, "zh-desk-fee-dialog");
      const fees = await exported(page, () => page.click("[data-testid=fee-export-button]"), "zh-desk-fee-progress");
      expect(fees.name).toBe("会费记录-2026.xlsx");
      expect(fees.names).toEqual(["已缴费", "未缴费"]);
      expect(fees.rows(0)[0]).toEqual(["员工号", "姓名", "手机", "邮箱", "会费年度", "金额（元）", "缴费时间", "订单号", "支付流水号"]);
      // The member not yet activated has not paid this year; the member who left is not listed.
      const unpaid = fees.rows(1).map((r) => r[0]);
      expect(unpaid).toContain("cn100003");
      expect(unpaid).not.toContain("cn100004");
      await desk.close();

      // English at 375 px: the export and the find.
      const phone = await visitor(world, { viewport: DESK });
      const p = phone.page;
      await enter(p, world, "cn000003", { language: "en" });
      // A language chosen before signing in is the page's only; chosen signed in, it is the account's, and files follow it.
      await p.goto(`${world.server.url}/operation/user`);
      await chooseLanguage(p, "zh");
      await chooseLanguage(p, "en");
      await p.setViewportSize(PHONE);
      await p.waitForSelector("[data-testid=member-row]");
      await look(p, "en-phone-search");
      const english = await exported(p, () => p.click("[data-testid=export-members]"), "en-phone-export-progress");
      expect(english.name).toBe("members-20260302.xlsx");
      expect(english.rows()[0]!.slice(0, 3)).toEqual(["Employee ID", "Name", "Mobile phone"]);
      await p.click("[data-testid=find-members]");
      expect(await p.textContent("[data-testid=find-intro]")).toContain("may hold an employee ID, a mobile number or an e-mail address");
      await look(p, "en-phone-find-window");
      await p.setInputFiles("[data-testid=find-file]", { name: "find.xlsx", mimeType: XLSX_TYPE, buffer: sheet([["cn100001@union.example.com"]]) });
      await p.waitForSelector("[data-testid=member-found]");
      expect(await p.textContent("[data-testid=member-found]")).toContain("1 member found from the sheet");
      await look(p, "en-phone-found");
      // The dues record's year select in the fee dialog, on the phone.
      await p.click("[data-testid=open-fees]");
      await p.locator("[data-testid=fee-export]").scrollIntoViewIfNeeded();
      expect(await p.$$eval("#fee-export-year option", (options) => options.map((o) => o.textContent))).toEqual(["Billing year 2026", "Billing year 2025", "Billing year 2024", "Billing year 2023"]);
      await look(p, "en-phone-fee-export");
      await phone.close();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
