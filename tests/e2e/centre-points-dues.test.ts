// Spec 1 sections 2 and 4: the points page, the dues page, paying the dues
// end to end in the payment sandbox, and the membership interceptions of the
// visit report.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import type { Db } from "../../src/db/client";
import { memberConfig, pointRecords, properties } from "../../src/db/schema";
import { POINT_TYPE } from "../../src/protocol/enumerations";
import { launchBrowser } from "../helpers/browser";
import { testNow } from "../helpers/clock";
import type { TestServer } from "../helpers/server";
import { DESK, PHONE, SETUP_TIMEOUT_MS, type World, messageText, nextFrames, preparedServer, pressOk, settledShot, enter, test, userId, visitor } from "./support";

const JOURNEY_TIMEOUT_MS = 120_000;
const EXTRA_POINT_RECORDS = 25;

/** Enough history for three pages of points: small spendings, one an hour, over the last days. */
async function addPointHistory(db: Db) {
  const id = await userId(db, "cn100001");
  const now = testNow().getTime();
  await db.insert(pointRecords).values(
    Array.from({ length: EXTRA_POINT_RECORDS }, (_, i) => ({
      userId: id,
      count: -(100 + i),
      remaining: 0,
      type: POINT_TYPE.POINT_TYPE_OTHERS,
      descZh: `过期积分清理 ${i + 1}`,
      descEn: `Expired points ${i + 1}`,
      createdAt: new Date(now - (i + 1) * 3_600_000),
    })),
  );
}

/** Index-only for women (cn100001), no power for men (cn100002): the two interceptions of spec 1 section 2. */
async function addMembershipConditions(db: Db) {
  const [gender] = await db.select({ id: properties.id }).from(properties).where(eq(properties.titleEn, "Gender"));
  await db
    .update(memberConfig)
    .set({ indexOnlyPropertyId: gender!.id, indexOnlyValue: "1", cantSignPropertyId: gender!.id, cantSignValue: "0" })
    .where(eq(memberConfig.id, 1));
}

let world: World;
let intercepting: World;
const removals: (() => Promise<void>)[] = [];
beforeAll(async () => {
  const browser = await launchBrowser();
  const plain = await preparedServer(addPointHistory);
  const conditioned = await preparedServer(addMembershipConditions);
  removals.push(plain.remove, conditioned.remove);
  world = { server: plain.server, browser };
  intercepting = { server: conditioned.server, browser };
}, SETUP_TIMEOUT_MS * 2);
afterAll(async () => {
  await world?.browser.close();
  await world?.server.stop();
  await intercepting?.server.stop();
  for (const remove of removals) await remove();
});

/** The list's rows, a table's or a phone's cards, as column -> text. */
const rows = (page: Page, list: "points" | "dues") =>
  page.$$eval(`[data-testid=${list}-row]`, (items) =>
    items.map((item) => Object.fromEntries([...item.querySelectorAll("[data-column]")].map((cell) => [cell.getAttribute("data-column"), cell.textContent?.trim() ?? ""]))),
  );

const pagerSummary = (page: Page) => page.textContent(".pager-summary");
const onPage = (page: Page, summary: RegExp) => page.waitForFunction((re) => new RegExp(re).test(document.querySelector(".pager-summary")?.textContent ?? ""), summary.source);

const POINTS = {
  zh: {
    spent: "使用",
    others: "过期及其他",
    balance: "650.00",
    expiring: "您有 450.00 积分将于",
    page1: "共 28 条，第 1/3 页",
    page: (n: number) => new RegExp(`第 ${n}/3 页$`),
    missing: "没有第 9 页，现在显示的是第 3 页",
    gift: "兑换礼品",
    noMatch: "没有符合条件的记录",
  },
  en: {
    spent: "Spent",
    others: "Expired or other",
    balance: "650.00",
    expiring: "450.00 of your points expire on",
    page1: "28 records, page 1 of 3",
    page: (n: number) => new RegExp(`page ${n} of 3$`),
    missing: "There is no page 9; this is page 3",
    gift: "Gift redemption",
    noMatch: "No records match these filters",
  },
};

describe("a member's points", () => {
  for (const [language, size, viewport] of [
    ["zh", "desk", DESK],
    ["en", "phone", PHONE],
    ["en", "desk", DESK],
    ["zh", "phone", PHONE],
  ] as const) {
    const text = POINTS[language];
    test(`a member reads the balance, filters the points by type and pages through them, in ${language} on a ${size}`, async () => {
      const { page, close } = await visitor(world, { viewport });
      await enter(page, world, "cn100001", { language });
      await page.goto(`${world.server.url}/information?page=integral`);
      await page.waitForSelector("[data-testid=points-row]");
      expect(await page.textContent("[data-testid=points-balance]")).toBe(text.balance);
      expect(await page.textContent("[data-testid=points-expiring]")).toContain(text.expiring);
      expect(await page.textContent("[data-testid=points-expiring]")).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
      expect(await pagerSummary(page)).toBe(text.page1);
      const first = await rows(page, "points");
      expect(first.length).toBe(10);
      // Newest first, signed with 2 decimals, dates with seconds.
      expect(first[0]!.count).toBe("-1.00");
      expect(first[0]!.date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(first[0]!.type).toBe(text.others);
      await settledShot(page, `points-${language}-${size}`);

      // Next, then the go-to-page input, then previous.
      await page.click(`.pager button:has-text("${language === "zh" ? "下一页" : "Next"}")`);
      // The summary follows the answer, not the click: wait for page 2 to arrive.
      await onPage(page, text.page(2));
      expect((await rows(page, "points")).length).toBe(10);
      // There is no page 9: the last page is shown, and the bar says so.
      await page.fill(".pager-input", "9");
      await page.press(".pager-input", "Enter");
      await onPage(page, text.page(3));
      expect(await page.textContent(".pager-missing")).toBe(text.missing);
      expect(await page.inputValue(".pager-input")).toBe("3");
      const last = await rows(page, "points");
      expect(last.length).toBe(8);
      expect(last.at(-1)!.count).toBe("+500.00");
      expect(last.at(-1)!.expiry).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      await page.click(`.pager button:has-text("${language === "zh" ? "上一页" : "Previous"}")`);
      await onPage(page, text.page(2));
      expect(await page.$(".pager-missing")).toBeNull();
      expect((await rows(page, "points")).length).toBe(10);

      // Filter by type: the one spending.
      await page.selectOption(".filter-bar select[name=type]", { label: text.spent });
      await page.click(".filter-bar button[type=submit]");
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=points-row]").length === 1);
      expect((await rows(page, "points"))[0]).toMatchObject({ count: "-50.00", type: text.spent, desc: text.gift });
      await settledShot(page, `points-filtered-${language}-${size}`);

      // Dates: a window that ended before any record shows one calm line, no empty rows and no pager.
      await page.selectOption(".filter-bar select[name=type]", "");
      await page.fill("#points-start", "2001-01-01");
      await page.fill("#points-end", "2001-12-31");
      await page.click(".filter-bar button[type=submit]");
      await page.waitForSelector("[data-testid=list-empty]");
      expect(await page.textContent("[data-testid=list-empty]")).toBe(text.noMatch);
      expect(await page.$$(".table-blank, .pager")).toHaveLength(0);
      await page.click(`.filter-bar button:has-text("${language === "zh" ? "重置" : "Reset"}")`);
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=points-row]").length === 10);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await close();
    }, JOURNEY_TIMEOUT_MS);
  }
});

const DUES = {
  zh: { unpaid: "您尚未缴纳", paid: "您已缴纳", price: "60.00", pay: "立即缴纳", done: "支付成功", success: "成功", receipt: "收据", name: "年度工会会费", none: "还没有会费订单。" },
  en: { unpaid: "You have not paid", paid: "You have paid", price: "60.00", pay: "Pay now", done: "Payment received", success: "Success", receipt: "Receipt", name: "Union dues", none: "No dues orders yet." },
};

async function openMemberPage(page: Page, w: World) {
  await page.goto(`${w.server.url}/information?page=member`);
  await page.waitForSelector("[data-testid=dues-status]");
}

describe("paying the union dues", () => {
  for (const { language, size, viewport, account } of [
    { language: "zh", size: "desk", viewport: DESK, account: "cn100001" },
    { language: "en", size: "phone", viewport: PHONE, account: "cn100002" },
  ] as const) {
    const text = DUES[language];
    test(`a member pays this year's dues in the sandbox and the window notices within seconds, in ${language} on a ${size}`, async () => {
      const { page, context, close } = await visitor(world, { viewport });
      await enter(page, world, account, { language });
      await openMemberPage(page, world);
      const year = String(testNow().getFullYear());
      expect(await page.textContent("[data-testid=dues-status]")).toContain(text.unpaid);
      // No orders yet: one calm line, not a dozen empty rows.
      expect(await page.textContent("[data-testid=list-empty]")).toBe(text.none);
      expect(await page.$$(".centre-section tr")).toHaveLength(0);
      await settledShot(page, `dues-unpaid-${language}-${size}`);

      await page.click("[data-testid=member-pay]");
      await page.waitForSelector("[data-testid=dues-window][data-view=offer]");
      const notice = await page.textContent("[data-testid=dues-notice]");
      expect(notice).toContain(text.price);
      expect(notice).toContain(year);
      await settledShot(page, `dues-window-${language}-${size}`);

      await page.click(`[data-testid=dues-pay]:has-text("${text.pay}")`);
      await page.waitForSelector("[data-testid=qr-image]");
      const link = (await page.getAttribute("[data-testid=pay-link]", "href"))!;
      expect(link.startsWith(world.server.url)).toBe(true);
      await settledShot(page, `dues-qr-${language}-${size}`);

      // The payer follows the link (as a phone would from the QR code) and presses Pay there.
      const payer = await context.newPage();
      await payer.goto(link);
      await payer.click("button.pay");
      await payer.waitForLoadState();
      await page.waitForSelector("[data-testid=dues-done]", { timeout: 10_000 });
      expect(await page.textContent("[data-testid=dues-done]")).toContain(text.done);

      // The window closes and the page reloads: the order is there, paid.
      await page.waitForSelector("[data-testid=dues-status].is-paid", { timeout: 15_000 });
      expect(await page.textContent("[data-testid=dues-status]")).toContain(text.paid);
      expect(await page.$("[data-testid=dues-window]")).toBeNull();
      const [order] = await rows(page, "dues");
      expect(order!.trade).toMatch(/^D\d+/);
      expect(order!.name).toContain(text.name);
      expect(order!.amount).toBe(text.price);
      expect(order!.paid).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      // The state, and under it the receipt a paid order now has.
      expect(order!.state).toBe(text.success + text.receipt);
      // With an order, the desk's table is padded to the spec's 14 lines; a phone shows the one card.
      expect(await page.$$(".centre-section tbody tr")).toHaveLength(size === "desk" ? 14 : 0);
      await settledShot(page, `dues-paid-${language}-${size}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await payer.close();
      await close();
    }, JOURNEY_TIMEOUT_MS);
  }

  test("a second dues payment while one is pending is refused with the spec's advice, in English", async () => {
    const { page, context, close } = await visitor(world);
    await enter(page, world, "cn000003", { language: "en" });
    const other = await context.newPage();
    await openMemberPage(other, world);
    await other.click("[data-testid=member-pay]");
    await other.waitForSelector("[data-testid=dues-window][data-view=offer]");

    await openMemberPage(page, world);
    await page.click("[data-testid=member-pay]");
    await page.click("[data-testid=dues-pay]");
    await page.waitForSelector("[data-testid=qr-image]");

    await other.click("[data-testid=dues-pay]");
    expect(await messageText(other)).toBe(
      "Another dues payment of yours is pending. Wait 15 minutes for it to expire and pay again, or refresh the page, or finish it in the payment app.",
    );
    await pressOk(other, "OK");
    // Opened again, the window offers the pending payment instead of a new one.
    await other.reload();
    await other.waitForSelector("[data-testid=dues-status]");
    expect(await other.textContent("[data-testid=member-pay]")).toBe("Continue paying");
    await other.click("[data-testid=member-pay]");
    await other.waitForSelector("[data-testid=qr-image]");
    await close();
  }, JOURNEY_TIMEOUT_MS);

  test("home reminds a member who has not paid this year's dues, and the reminder opens the dues window, in Chinese", async () => {
    const { page, close } = await visitor(world);
    await enter(page, world, "cn000001");
    await page.waitForSelector("[data-testid=dues-status]");
    expect(await page.textContent("[data-testid=dues-status]")).toContain(`您尚未缴纳 ${testNow().getFullYear()} 年度工会会费`);
    await settledShot(page, "home-dues-reminder-zh-desk");
    await page.click("[data-testid=member-pay]");
    await page.waitForSelector("[data-testid=dues-window][data-view=offer]");
    await close();
  }, JOURNEY_TIMEOUT_MS);

  test("the showMember flag opens the dues window on any page, and closing it drops the flag, in Chinese", async () => {
    const { page, close } = await visitor(world);
    await enter(page, world, "cn000002");
    await page.goto(`${world.server.url}/index?showMember=1`);
    await page.waitForSelector("[data-testid=dues-window][data-view=offer]");
    expect(await page.textContent("[data-testid=dues-notice]")).toContain("60.00");
    await page.click(".dialog-close");
    await page.waitForFunction(() => location.search === "");
    expect(await page.$("[data-testid=dues-window]")).toBeNull();
    await close();
  }, JOURNEY_TIMEOUT_MS);
});

describe("the membership interceptions of the visit report", () => {
  test("an index-only member who has not paid is sent from any other page to the dues prompt on home", async () => {
    for (const language of ["zh", "en"] as const) {
      const { page, close } = await visitor(intercepting);
      const homeVisit = page.waitForResponse((r) => r.url().includes("/api/system/visit"));
      await enter(page, intercepting, "cn100001", { language });
      // Home itself is allowed: once its visit is answered and drawn, there is no prompt.
      await homeVisit;
      await nextFrames(page);
      expect(await page.$("[data-testid=dues-window]")).toBeNull();
      await page.goto(`${intercepting.server.url}/information?page=family`);
      await page.waitForSelector("[data-testid=dues-window][data-view=offer]");
      expect(new URL(page.url()).pathname).toBe("/index");
      expect(await page.textContent(".dues-intercept")).toBe(
        language === "zh" ? "缴纳本年度工会会费后即可使用全部功能。" : "Pay this year's union dues to use every part of the portal.",
      );
      await settledShot(page, `dues-intercept-index-only-${language}`);
      await close();
    }
  }, JOURNEY_TIMEOUT_MS);

  test("a member without the power to sign up who has not paid is shown the dues prompt where they are", async () => {
    const { page, close } = await visitor(intercepting, { viewport: PHONE });
    await enter(page, intercepting, "cn100002", { language: "en" });
    await page.waitForSelector("[data-testid=dues-window][data-view=offer]");
    await page.click(".dialog-close");
    await page.goto(`${intercepting.server.url}/news/list?type=news`);
    await page.waitForSelector("[data-testid=dues-window][data-view=offer]");
    expect(new URL(page.url()).pathname).toBe("/news/list");
    await settledShot(page, "dues-intercept-no-power-en-phone");
    let visits = 0;
    page.on("request", (r) => void (r.url().includes("/api/system/visit") && visits++));
    await page.click(".dialog-close");
    await page.waitForSelector("[data-testid=dues-window]", { state: "detached" });
    await nextFrames(page);
    // Closing reports no visit, so nothing can bring the prompt back.
    expect(visits).toBe(0);
    expect(await page.$("[data-testid=dues-window]")).toBeNull();
    await close();
  }, JOURNEY_TIMEOUT_MS);

  test("the activity pages honour both: an index-only member is sent home, a member without the power sees the prompt and no sign-up button", async () => {
    const { page, close } = await visitor(intercepting);
    await enter(page, intercepting, "cn100001", { language: "zh" });
    await page.goto(`${intercepting.server.url}/activity`);
    await page.waitForSelector("[data-testid=dues-window][data-view=offer]");
    expect(new URL(page.url()).pathname).toBe("/index");
    await close();

    const other = await visitor(intercepting, { viewport: PHONE });
    await enter(other.page, intercepting, "cn100002", { language: "en" });
    await other.page.waitForSelector("[data-testid=dues-window][data-view=offer]");
    await other.page.click(".dialog-close");
    // Each activity page reports its visit, and each shows the prompt where the member is.
    const closePrompt = async () => {
      await other.page.waitForSelector("[data-testid=dues-window][data-view=offer]");
      await other.page.click(".dialog-close");
      await other.page.waitForSelector("[data-testid=dues-window]", { state: "detached" });
    };
    await other.page.goto(`${intercepting.server.url}/activity`);
    await closePrompt();
    await other.page.click("[data-testid=module-tile] >> nth=0");
    await closePrompt();
    await other.page.click('[data-testid=activity-tile]:has-text("Lunchtime book club")');
    await closePrompt();
    await other.page.waitForSelector("[data-testid=activity]");
    // The page says why there is no button, and offers the dues instead.
    expect(await other.page.textContent("[data-testid=reason]")).toBe("Not eligible");
    expect(await other.page.$("[data-testid=sign-up]")).toBeNull();
    await settledShot(other.page, "dues-intercept-activity-en-phone");
    await other.close();
  }, JOURNEY_TIMEOUT_MS);
});
