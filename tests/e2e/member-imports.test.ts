// The member imports in the browser (spec 3 sections 2.4, 4.3, 8): the
// operator cn000003 imports 50 new members from a file with one bad row
// (Chinese, desk), reads the feedback (nothing was executed), downloads it,
// fixes the file and imports again, then finds an imported member; then on a
// 375 px phone in English refuses a file that is not a workbook, gives points
// to the imported member, reads the feedback and cancels (the log is deleted).
// Every import runs as a staff job the window polls (the server answers
// "running" at once), and a page reloaded mid-import opens the window again.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import * as XLSX from "xlsx";
import { seriousViolations } from "../helpers/axe";
import { launchBrowser, shot } from "../helpers/browser";
import { ONBOARDING_HEADER, onboardingRows } from "../helpers/member-sheets";
import { TINY_PNG } from "../helpers/routes";
import { XLSX_TYPE } from "../helpers/sheets";
import { startServer } from "../helpers/server";
import { DESK, PHONE, SETUP_TIMEOUT_MS, type World, messageText, nextFrames, pressOk, enter, stopWorld, test, visitor } from "./support";

const JOURNEY_TIMEOUT_MS = 180_000;

let world: World;
beforeAll(async () => {
  // The upload never waits for its job (JOB_UPLOAD_WAIT_MS 0): every import answers "running" and the window polls it, as a long one does.
  const [server, browser] = await Promise.all([startServer({ env: { JOB_UPLOAD_WAIT_MS: "0" } }), launchBrowser()]);
  world = { server, browser };
}, SETUP_TIMEOUT_MS);
afterAll(() => stopWorld(world));

/** What a person sees, after checking it for accessibility and sideways scrolling. */
async function look(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await nextFrames(page);
  expect({ name, violations: await seriousViolations(page) }).toEqual({ name, violations: [] });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  await shot(page, `member-imports/${name}`, { fullPage: false });
}

const xlsx = (rows: string[][]) => {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Sheet1");
  return Buffer.from(XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer);
};

/** Clicks and takes the download it starts, read as a workbook's first sheet. */
async function downloaded(page: Page, click: () => Promise<unknown>) {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  const book = XLSX.read(await readFile((await download.path())!), { type: "buffer" });
  return { name: download.suggestedFilename(), names: book.SheetNames, rows: XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, defval: null }) };
}

async function importFile(page: Page, kind: string, name: string, buffer: Buffer, mimeType = XLSX_TYPE) {
  await page.click(`[data-testid=import-${kind}]`);
  await page.waitForSelector(`[data-testid=import-${kind}-window]`);
  await page.setInputFiles("[data-testid=import-file]", { name, mimeType, buffer });
  await page.click("[data-testid=import-upload]");
}

describe("member imports", () => {
  test(
    "the operator imports 50 members with one bad row, reads the feedback, fixes the file and imports again (Chinese, desk); points in English at 375 px",
    async () => {
      const desk = await visitor(world, { viewport: DESK });
      const page = desk.page;
      await enter(page, world, "cn000003", { language: "zh" });
      await page.goto(`${world.server.url}/operation/user`);
      await page.waitForSelector("[data-testid=member-row]");
      for (const kind of ["update", "leave", "integral", "welcome"]) expect(await page.isVisible(`[data-testid=import-${kind}]`)).toBe(true);
      await look(page, "zh-desk-buttons");

      // The template: its header, an example row, and the notes sheet (decision 112).
      await page.click("[data-testid=import-update]");
      const template = await downloaded(page, () => page.click("[data-testid=import-template]"));
      expect([template.name, template.names]).toEqual(["导入入职更新.xlsx", ["模板", "说明／Notes"]]);
      expect(template.rows[0]).toEqual([...ONBOARDING_HEADER.slice(0, 9), "护照号码", ...ONBOARDING_HEADER.slice(9)]);
      expect(template.rows[1]!.slice(0, 3)).toEqual(["例：A10001", "张三", "13800138000"]);
      await page.keyboard.press("Escape");
      await page.waitForSelector("[data-testid=import-update-window]", { state: "detached" });

      // 50 new members, row 27 with seven faults (phone, e-mail, gender, date, department, nationality, role): nothing is executed.
      const rows = onboardingRows(50, { prefix: "e2e", phonePrefix: "157" });
      const bad = rows.map((r, i) => (i === 25 ? [r[0]!, r[1]!, "12345", "not-a-mail", "未知", "1990-02-30", "外星部", "", "汉族", "火星", "船长"] : r));
      const sevenZh = ["手机号格式不正确", "邮箱格式不正确", "「性别」未填写或不符合要求", "「出生日期」未填写或不符合要求", "「部门」未填写或不符合要求", "没有这个国籍", "没有这个用户角色"];
      await page.fill("#member-search-account", "e2e000");
      await page.press("#member-search-account", "Enter");
      await importFile(page, "update", "入职名单.xlsx", xlsx([ONBOARDING_HEADER, ...bad]));
      await page.waitForSelector("[data-testid=import-summary]");
      expect(await page.textContent("[data-testid=import-summary]")).toBe("表格已导入，但存在问题，未执行任何操作：50 行中有 1 行不能导入，请修改后重新导入。");
      expect(await page.$$eval("[data-testid=import-row]", (r) => r.length)).toBe(20);
      // The refused row comes first, with every fault one a line (decision 111); phones are masked on screen.
      const first = await page.textContent("[data-testid=import-row]:first-child");
      expect(first).toContain("27");
      expect(first).toContain("不能导入");
      expect(await page.$$eval("[data-testid=import-row]:first-child [data-testid=import-reasons] li", (li) => li.map((x) => x.textContent))).toEqual(sevenZh.map((x) => x.replace(/「(.+)」/, "“$1”")));
      expect(await page.textContent("[data-testid=import-row]:nth-child(2)")).toContain("157****0001");
      await look(page, "zh-desk-feedback");
      // The feedback table, downloaded: the bad row and why, the others "可导入".
      const log = await downloaded(page, () => page.click("[data-testid=import-confirm]"));
      expect(log.name).toBe("入职名单-导入结果.xlsx");
      expect(log.rows[0]).toEqual(["行号", ...ONBOARDING_HEADER, "结果", "原因"]);
      expect(log.rows[26]).toEqual([27, ...bad[25]!.map((c) => c || null), "不能导入", sevenZh.join("；")]);
      expect(log.rows[1]!.slice(-2)).toEqual(["可导入", null]);
      // Then the list is refreshed with its filters reset.
      await page.waitForSelector("[data-testid=import-update-window]", { state: "detached" });
      expect(await page.inputValue("#member-search-account")).toBe("");

      // Fixed, the same file imports: 50 created.
      await importFile(page, "update", "入职名单.xlsx", xlsx([ONBOARDING_HEADER, ...rows]));
      await page.waitForSelector("[data-testid=import-summary]");
      expect(await page.textContent("[data-testid=import-summary]")).toBe("导入完成：新建 50 名，更新 0 名，无变化 0 行（共 50 行）。");
      expect(await page.textContent("[data-testid=import-row]:first-child")).toContain("已导入");
      await look(page, "zh-desk-imported");
      await downloaded(page, () => page.click("[data-testid=import-confirm]"));
      await page.waitForSelector("[data-testid=import-update-window]", { state: "detached" });

      // An imported member is found, waiting to activate.
      await page.fill("#member-search-account", "e2e00027");
      await page.press("#member-search-account", "Enter");
      await page.waitForFunction(() => [...document.querySelectorAll("[data-testid=member-row]")].some((r) => r.textContent?.includes("导入会员27")));
      expect(await page.textContent("[data-testid=member-row]:has-text('e2e00027')")).toContain("157****0027");
      await look(page, "zh-desk-found");
      await desk.close();

      // English at 375 px: a picture named .xlsx is refused; points for the imported member, then Cancel.
      const phone = await visitor(world, { viewport: PHONE });
      const p = phone.page;
      await enter(p, world, "cn000003", { language: "en" });
      await p.goto(`${world.server.url}/operation/user`);
      await p.waitForSelector("[data-testid=member-row]");
      await look(p, "en-phone-buttons");
      await importFile(p, "integral", "points.xlsx", Buffer.from(TINY_PNG));
      expect(await messageText(p)).toBe("The file's content is wrong or not an Excel workbook: please import an xlsx file.");
      await pressOk(p, "OK");
      await p.waitForSelector("[data-testid=import-integral-window]", { state: "detached" });
      await importFile(p, "integral", "points.xlsx", xlsx([["Employee ID", "Points", "Reason", "Expires on"], ["e2e00027", "12.5", "Welcome gift", "2099-12-31"], ["nobody", "-1", "", "someday"]]));
      await p.waitForSelector("[data-testid=import-summary]");
      expect(await p.textContent("[data-testid=import-summary]")).toContain("Rows refused: 1 of 2;");
      // Every fault of the row, not only the first (decision 111).
      expect(await p.$$eval("[data-testid=import-row]:has-text('nobody') [data-testid=import-reasons] li", (li) => li.map((x) => x.textContent))).toEqual([
        "No member has this employee ID",
        "Points are a number above 0 (two decimals at most, up to 1,000,000)",
        "The reason is missing",
        "The expiry is a date such as 2027-12-31",
      ]);
      await look(p, "en-phone-points-feedback");
      await p.click("[data-testid=import-cancel]");
      await p.waitForSelector("[data-testid=import-integral-window]", { state: "detached" });
      await importFile(p, "integral", "points.xlsx", xlsx([["Employee ID", "Points", "Reason", "Expires on"], ["e2e00027", "12.5", "Welcome gift", "2099-12-31"]]));
      await p.waitForSelector("[data-testid=import-summary]");
      expect(await p.textContent("[data-testid=import-summary]")).toBe("Imported. Points given: 1, unchanged: 0, rows: 1.");
      await look(p, "en-phone-points-imported");
      await p.click("[data-testid=import-cancel]");
      await p.waitForSelector("[data-testid=import-integral-window]", { state: "detached" });

      // A long import shows its progress; the page reloaded meanwhile finds it again and shows its answer.
      await importFile(p, "update", "onboarding.xlsx", xlsx([ONBOARDING_HEADER, ...onboardingRows(5000, { prefix: "rl", phonePrefix: "158" })]));
      await p.waitForSelector("[data-testid=job-progress]");
      await look(p, "en-phone-progress");
      await p.reload();
      await p.waitForSelector("[data-testid=import-update-window]");
      await p.waitForSelector("[data-testid=import-summary]", { timeout: 90_000 });
      expect(await p.textContent("[data-testid=import-summary]")).toBe("Imported. Created: 5000, updated: 0, unchanged: 0, rows: 5000.");
      await p.click("[data-testid=import-cancel]");
      await p.waitForSelector("[data-testid=import-update-window]", { state: "detached" });
      await phone.close();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
