// Issue 31 item 4 in the browser: a member sees who changed what in their
// profile, and takes away everything the union holds about them. Before the
// server starts, an officer (by role, or with none) and an import have changed
// the demo members' fields; in the journey the member changes their name on
// the profile page, opens its change history (the change theirs, "本人" /
// "You", the officer's by role, the import's as such) and downloads their data
// from the security page: one workbook whose sheets are named in their language,
// the new name in its profile sheet. In Chinese and English, on a desk and on a
// 375 px phone, with axe on each.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import { readFile } from "node:fs/promises";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import * as XLSX from "xlsx";
import type { Db } from "../../src/db/client";
import { operationLog, properties, propertyLog } from "../../src/db/schema";
import { shot } from "../helpers/browser";
import { START } from "../helpers/clock";
import { PHONE, SETUP_TIMEOUT_MS, type World, accessible, closeWindow, messageText, pressOk, preparedWorld, enter, stopWorld, test, userId, visitor } from "./support";

const JOURNEY_TIMEOUT_MS = 120_000;
const DAY = 86_400_000;
/** The foreign member's older changes: with theirs, more than one page of 20. */
const IMPORTED_BIRTHDAYS = 20;

const propertyId = async (db: Db, titleEn: string) => (await db.select({ id: properties.id }).from(properties).where(eq(properties.titleEn, titleEn)))[0]!.id;

/** A change logged as the officer's command or an import logs it (tests/api/profile.test.ts does the same). */
async function logged(db: Db, change: { member: number; property: number; before: string; after: string; at: Date; officer: number | null; action?: string }) {
  const [op] = change.action
    ? await db
        .insert(operationLog)
        .values({ userId: change.officer, targetUserId: change.member, action: change.action, targetEntity: "user", targetId: String(change.member), createdAt: change.at })
        .returning()
    : [undefined];
  await db.insert(propertyLog).values({ userId: change.member, propertyId: change.property, originValue: change.before, newValue: change.after, operationLogId: op?.id ?? null, operatorId: change.officer, createdAt: change.at });
}

async function prepare(db: Db) {
  const [chen, emma, operator] = await Promise.all([userId(db, "cn100001"), userId(db, "cn100002"), userId(db, "cn000003")]);
  const [department, team, passport, birthday] = await Promise.all([propertyId(db, "Department"), propertyId(db, "Team"), propertyId(db, "Passport number"), propertyId(db, "Date of birth")]);
  // cn100001: the operator moved them to Operations two days ago; an import gave them a team three days ago.
  await logged(db, { member: chen, property: department, before: "rd", after: "ops", at: new Date(START.getTime() - 2 * DAY), officer: operator, action: "member.update" });
  await logged(db, { member: chen, property: team, before: "", after: "ops-logistics", at: new Date(START.getTime() - 3 * DAY), officer: operator, action: "member.import.update" });
  // cn100002: someone of the union with no role left corrected the passport; before that, 20 imports of the birthday.
  await logged(db, { member: emma, property: passport, before: "GB7654321", after: "GB1234567", at: new Date(START.getTime() - DAY), officer: null });
  for (let i = 0; i < IMPORTED_BIRTHDAYS; i++) {
    await logged(db, { member: emma, property: birthday, before: `1990-01-${String(i + 1).padStart(2, "0")}`, after: `1990-01-${String(i + 2).padStart(2, "0")}`, at: new Date(START.getTime() - (10 + i) * DAY), officer: operator, action: "member.import.update" });
  }
}

let world: World;
beforeAll(async () => {
  world = await preparedWorld(prepare);
}, SETUP_TIMEOUT_MS * 2);
afterAll(() => stopWorld(world));

const PROFILE = "/information?page=information";
const SECURITY = "/information?page=security";
const history = "[role=dialog]:has([data-testid=history-row]), [role=dialog]:has([data-testid=list-empty])";

/** Saves a new name on the profile page. */
async function changeName(page: Page, label: RegExp, name: string, saved: string) {
  await page.goto(`${world.server.url}${PROFILE}`);
  await page.waitForSelector(".property-form");
  await page.getByLabel(label).fill(name);
  await page.click(".information-form button[type=submit]");
  expect(await messageText(page)).toBe(saved);
  await pressOk(page, saved === "个人资料已保存" ? "确定" : "OK");
}

/** Opens the change history from the profile page (looked at first when named) and waits for its first page. */
async function openHistory(page: Page, profileShot?: string) {
  await page.goto(`${world.server.url}${PROFILE}`);
  await page.waitForSelector(".property-form");
  if (profileShot) await look(page, profileShot);
  await page.click("[data-testid=profile-history]");
  await page.waitForSelector(history);
}

/** The history's rows (a table's or cards), as column -> text. */
const rows = (page: Page) =>
  page.$$eval("[data-testid=history-row]", (items) =>
    items.map((item) => Object.fromEntries([...item.querySelectorAll("[data-column]")].map((cell) => [cell.getAttribute("data-column"), cell.textContent?.trim() ?? ""]))),
  );

/** A screenshot once the page is accessible and nothing is wider than the window. */
async function look(page: Page, name: string) {
  await accessible(page, name);
  await shot(page, `my-data-${name}`);
}

/** Presses the download and reads the workbook it saves. */
async function downloaded(page: Page) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("[data-testid=my-data-download]")]);
  const book = XLSX.read(await readFile((await download.path())!), { type: "array" });
  return { name: download.suggestedFilename(), sheets: book.SheetNames, text: (sheet: string) => XLSX.utils.sheet_to_csv(book.Sheets[sheet]!) };
}

async function openSecurity(page: Page) {
  await page.goto(`${world.server.url}${SECURITY}`);
  await page.waitForSelector("[data-testid=my-data]");
}

describe("a member's own data", () => {
  test(
    "in Chinese on a desk and a phone: the name changed, the history says by whom, and the workbook holds it",
    async () => {
      // Routes held back below: the portal's service worker would fetch past them.
      const { page, close } = await visitor(world, { serviceWorkers: "block" });
      await enter(page, world, "cn100001");
      await changeName(page, /^姓名\*?$/, "陈数据", "个人资料已保存");

      await openHistory(page);
      expect(await page.textContent("[role=dialog] .dialog-title h2")).toBe("个人资料修改记录");
      expect(await page.$$eval("[role=dialog] th", (cells) => cells.map((c) => c.textContent))).toEqual(["时间", "项目", "原值 → 新值", "修改人"]);
      const [mine, officer, imported, ...more] = await rows(page);
      expect(more).toEqual([]);
      // China time: the clock starts 2026-03-02 09:30 in Beijing.
      expect(mine).toEqual({ when: expect.stringMatching(/^2026-03-02 09:\d\d$/), item: "姓名", change: "陈会员→改为陈数据", by: "本人" });
      expect(officer).toEqual({ when: "2026-02-28 09:30", item: "部门", change: "研发部→改为运营部", by: "运营" });
      // Nothing before an import set the team: a dash.
      expect(imported).toEqual({ when: "2026-02-27 09:30", item: "科室", change: "—→改为物流组", by: "批量导入" });
      expect(await page.textContent("[role=dialog] .pager-summary")).toBe("共 3 条，第 1/1 页");
      await look(page, "history-zh-desk");
      await closeWindow(page);

      await openSecurity(page);
      expect(await page.textContent("#my-data-title")).toBe("我的数据");
      expect(await page.textContent("[data-testid=my-data-download]")).toBe("下载我的数据");
      await page.locator("[data-testid=my-data]").scrollIntoViewIfNeeded();
      await look(page, "security-zh-desk");

      // The network fails: the button says it is busy meanwhile, then the refusal is told.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const exportCall = (url: URL) => url.pathname === "/api/user/data/export";
      await page.route(exportCall, async (route) => {
        await held;
        await route.abort();
      });
      await page.click("[data-testid=my-data-download]");
      await page.waitForSelector("[data-testid=my-data-download][aria-busy=true]:disabled");
      expect(await page.textContent("[data-testid=my-data-download]")).toBe("正在准备文件…");
      release();
      expect(await messageText(page)).toBe("服务器暂时无法完成请求，请稍后重试");
      await pressOk(page, "确定");
      await page.unroute(exportCall);
      expect(await page.textContent("[data-testid=my-data-download]")).toBe("下载我的数据");

      const book = await downloaded(page);
      expect(book.name).toMatch(/^我的数据-20260302\.xlsx$/);
      expect(book.sheets).toEqual(["账户", "个人资料", "资料修改记录", "家属", "地址", "订单", "支付", "积分", "会费", "工会信箱", "候补", "抽签", "购物车", "登录记录", "登录设备", "访问记录", "操作记录"]);
      expect(book.text("个人资料")).toContain("姓名,陈数据");
      expect(book.text("资料修改记录")).toContain("姓名,陈会员,陈数据,本人");
      expect(book.text("资料修改记录")).toContain("部门,研发部,运营部,运营");
      await close();

      // The same history as cards on a phone, and the same panel.
      const phone = await visitor(world, { viewport: PHONE });
      await enter(phone.page, world, "cn100001");
      await openHistory(phone.page, "profile-zh-phone");
      expect(await phone.page.$$("[role=dialog] table")).toEqual([]);
      expect((await rows(phone.page))[0]).toMatchObject({ item: "姓名", change: "陈会员→改为陈数据", by: "本人" });
      await look(phone.page, "history-zh-phone");
      await closeWindow(phone.page);
      await openSecurity(phone.page);
      await phone.page.locator("[data-testid=my-data]").scrollIntoViewIfNeeded();
      await look(phone.page, "security-zh-phone");
      await phone.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    "in English on a desk and a phone: two pages of changes, the role-less officer as union staff, and the workbook in English",
    async () => {
      const { page, close } = await visitor(world);
      await enter(page, world, "cn100002", { language: "en" });
      await changeName(page, /^Name\*?$/, "Emma Jones", "Your profile is saved");

      await openHistory(page, "profile-en-desk");
      expect(await page.textContent("[role=dialog] .dialog-title h2")).toBe("Profile change history");
      expect(await page.$$eval("[role=dialog] th", (cells) => cells.map((c) => c.textContent))).toEqual(["When", "Item", "Before → After", "Changed by"]);
      expect(await page.textContent("[role=dialog] .pager-summary")).toBe(`${IMPORTED_BIRTHDAYS + 2} records, page 1 of 2`);
      const first = await rows(page);
      expect(first).toHaveLength(20);
      expect(first[0]).toMatchObject({ item: "Name", change: "Emma Smith→changed toEmma Jones", by: "You" });
      expect(first[1]).toEqual({ when: "2026-03-01 09:30", item: "Passport number", change: "GB7654321→changed toGB1234567", by: "Union staff" });
      expect(first[2]).toMatchObject({ item: "Date of birth", by: "An import" });
      await look(page, "history-en-desk");
      await page.click("[role=dialog] .pager button:has-text('Next')");
      await page.waitForFunction(() => document.querySelector("[role=dialog] .pager-summary")?.textContent === "22 records, page 2 of 2");
      expect((await rows(page)).map((r) => r.item)).toEqual(["Date of birth", "Date of birth"]);
      await closeWindow(page);

      await openSecurity(page);
      expect(await page.textContent("#my-data-title")).toBe("My data");
      await page.locator("[data-testid=my-data]").scrollIntoViewIfNeeded();
      await look(page, "security-en-desk");
      const book = await downloaded(page);
      expect(book.name).toMatch(/^my-data-20260302\.xlsx$/);
      expect(book.sheets.slice(0, 3)).toEqual(["Account", "Profile", "Profile changes"]);
      expect(book.text("Profile")).toContain("Name,Emma Jones");
      expect(book.text("Profile changes")).toContain("Name,Emma Smith,Emma Jones,You");
      expect(book.text("Profile changes")).toContain("Passport number,GB7654321,GB1234567,Union staff");
      await close();

      const phone = await visitor(world, { viewport: PHONE });
      await enter(phone.page, world, "cn100002", { language: "en" });
      await openHistory(phone.page);
      expect(await phone.page.$$("[role=dialog] table")).toEqual([]);
      expect((await rows(phone.page))[1]).toMatchObject({ item: "Passport number", by: "Union staff" });
      await look(phone.page, "history-en-phone");
      await closeWindow(phone.page);
      await openSecurity(phone.page);
      await phone.page.locator("[data-testid=my-data]").scrollIntoViewIfNeeded();
      await look(phone.page, "security-en-phone");
      await phone.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  test("a member whose profile nobody has changed is told so", async () => {
    const { page, close } = await visitor(world, { viewport: PHONE });
    await enter(page, world, "cn000002");
    await openHistory(page);
    expect(await page.textContent("[role=dialog] [data-testid=list-empty]")).toBe("您的个人资料还没有修改记录");
    await look(page, "history-empty-zh-phone");
    await close();
  });
});
