// Issue 20 item 5, the electronic member card, as a member and a shop use it:
// cn100001 (dues paid for this year) opens the card from home on a phone and
// a desk in both languages, its QR changes when the clock passes the minute,
// and a shop's browser, signed in nowhere, opens the address the QR holds and
// sees only "valid member, year N" and the name's first character; the code
// reads expired two minutes on. cn100002, unpaid, gets no card and is told
// why and how to pay.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import QRCode from "qrcode";
import type { BrowserContext, Page } from "playwright-core";
import type { Db } from "../../src/db/client";
import { duesOrders } from "../../src/db/schema";
import { ORDER_STATE } from "../../src/protocol/enumerations";
import { CARD_QR_OPTIONS } from "../../ui/pages/card/card-qr";
import { seriousViolations } from "../helpers/axe";
import { shot } from "../helpers/browser";
import { START, movableClock } from "../helpers/clock";
import { SETUP_TIMEOUT_MS, type World, chooseLanguage, nextFrames, preparedWorld, stopWorld, enter, test, userId, visitor, waitForPath, DESK, PHONE } from "./support";

const JOURNEY_TIMEOUT_MS = 150_000;
const MINUTE = 60_000;

/** cn100001 has paid this billing year's dues (2026 at the tests' fixed moment). */
async function payDues(db: Db) {
  await db.insert(duesOrders).values({
    sysTrade: "D2026CARDE2E0001",
    userId: await userId(db, "cn100001"),
    year: 2026,
    nameZh: "2026年度工会会费",
    nameEn: "Union dues 2026",
    amount: 6000,
    state: ORDER_STATE.ORDER_STATE_SUCCESS,
    payTrade: "SANDBOX-CARD-E2E",
    createdAt: START,
    expiresAt: new Date(START.getTime() + 15 * MINUTE),
    payDate: START,
  });
}

const clock = movableClock();
let world: World;
beforeAll(async () => {
  world = await preparedWorld(payDues, { env: clock.env });
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await stopWorld(world);
  clock.remove();
});

/** No serious or critical axe finding on the screen as it is. */
async function accessible(page: Page, where: string) {
  expect({ where, violations: await seriousViolations(page) }).toEqual({ where, violations: [] });
}

/** Nothing wider than the window. */
async function fits(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/** The card's QR as drawn: its image and the address it was drawn from, proved by drawing that address again. */
async function cardQr(page: Page) {
  const img = page.locator("[data-testid=card-qr]");
  const [src, url] = [(await img.getAttribute("src"))!, (await img.getAttribute("data-url"))!];
  const svg = await QRCode.toString(url, CARD_QR_OPTIONS);
  expect(src).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
  return { src, url };
}

async function openCard(page: Page) {
  await page.click("[data-testid=home-card]");
  await waitForPath(page, "/card");
  await page.waitForSelector("[data-testid=card-qr]");
  await nextFrames(page);
}

/** A shop's browser: no session, no stored language, the given browser language. */
async function shopBrowser(locale: string): Promise<{ context: BrowserContext; page: Page; scripts: string[] }> {
  const context = await world.browser.newContext({ viewport: PHONE, locale });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on("response", async (res) => {
    if (res.request().resourceType() === "script") scripts.push(await res.text().catch(() => ""));
  });
  return { context, page, scripts };
}

describe("the electronic member card", () => {
  test(
    "a paid member shows the card on a phone and a desk in Chinese and English; its QR changes with the minute; a shop opens the QR's address and sees only valid, the year and the initial",
    async () => {
      const { page, close } = await visitor(world, { viewport: PHONE });
      let moved = 0;
      const move = async (ms: number) => {
        clock.advance(ms);
        moved += ms;
        // The browser's clock moves with the server's, so its signed calls stay within the minute the server allows.
        await page.clock.runFor(ms);
      };
      try {
        await enter(page, world, "cn100001", { language: "zh" });
        await openCard(page);
        const card = page.locator("[data-testid=member-card]");
        expect(await page.textContent("h1")).toBe("电子会员卡");
        expect(await page.textContent("[data-testid=card-name]")).toBe("陈会员");
        expect(await page.textContent("[data-testid=card-initial]")).toBe("陈");
        expect(await page.textContent("[data-testid=card-number]")).toBe("cn100001");
        expect(await page.textContent("[data-testid=card-year]")).toBe("2026 年度");
        expect(await card.textContent()).toContain("会员号（员工号）");
        expect(await page.textContent("[data-testid=card-countdown]")).toMatch(/^二维码 \d+ 秒后更新$/);
        const first = await cardQr(page);
        expect(first.url).toMatch(new RegExp(`^${world.server.url}/card/verify\\?code=C1\\.\\d+-2026-\\d+\\.[A-Za-z0-9_-]{22}$`));
        await fits(page);
        await accessible(page, "card zh 375");
        await shot(page, "card/member-card-zh-375");

        // The minute passes: the countdown reaches zero and the page shows the next minute's code.
        await move(MINUTE);
        await page.waitForFunction((before) => document.querySelector("[data-testid=card-qr]")?.getAttribute("src") !== before, first.src);
        const second = await cardQr(page);
        expect(second.url).not.toBe(first.url);

        await page.setViewportSize(DESK);
        await nextFrames(page);
        await fits(page);
        await accessible(page, "card zh desk");
        await shot(page, "card/member-card-zh-desk");

        await chooseLanguage(page, "en");
        expect(await page.textContent("h1")).toBe("Member card");
        expect(await page.textContent("[data-testid=card-year]")).toBe("2026");
        expect(await page.textContent("[data-testid=card-countdown]")).toMatch(/^New QR code in \d+ s$/);
        await accessible(page, "card en desk");
        await shot(page, "card/member-card-en-desk");
        await page.setViewportSize(PHONE);
        await nextFrames(page);
        await fits(page);
        await shot(page, "card/member-card-en-375");

        // A shop's phone in Chinese opens the address the QR holds.
        const shop = await shopBrowser("zh-CN");
        await shop.page.goto(second.url);
        const result = await shop.page.waitForSelector("[data-testid=verify-result]");
        expect(await result.getAttribute("data-verdict")).toBe("valid");
        expect(await shop.page.textContent("h1")).toBe("会员身份核验");
        expect(await shop.page.textContent("[data-testid=verify-year]")).toBe("本工会 2026 年度有效会员");
        expect(await shop.page.textContent("[data-testid=verify-initial]")).toBe("陈*");
        // Nothing else of the member: not the number, the phone, the mail or the rest of the name.
        const seen = (await shop.page.textContent("main"))!.replace(await shop.page.inputValue("#verify-code"), "");
        for (const secret of ["cn100001", "13900000001", "union.example.com", "陈会员"]) expect(seen).not.toContain(secret);
        // The page is not a member page: the signed-in frame (its navigation) never came with it.
        expect(shop.scripts.some((text) => text.includes("data-nav"))).toBe(false);
        await fits(shop.page);
        await accessible(shop.page, "verify zh 375");
        await shot(shop.page, "card/verify-valid-zh-375");
        await chooseLanguage(shop.page, "en");
        expect(await shop.page.textContent("[data-testid=verify-year]")).toBe("A valid member of the union for 2026");
        await shot(shop.page, "card/verify-valid-en-375");
        await shop.page.setViewportSize(DESK);
        await nextFrames(shop.page);
        await accessible(shop.page, "verify en desk");
        await shot(shop.page, "card/verify-valid-en-desk");
        await shop.context.close();

        // Two minutes on the code has expired; a shop in English (its browser's language) is told so.
        clock.advance(2 * MINUTE);
        moved += 2 * MINUTE;
        const later = await shopBrowser("en-US");
        await later.page.goto(second.url);
        expect(await (await later.page.waitForSelector("[data-testid=verify-result]")).getAttribute("data-verdict")).toBe("expired");
        expect(await later.page.textContent("h1")).toBe("Member verification");
        expect(await later.page.textContent("[data-testid=verify-result]")).toContain("Code expired");
        await shot(later.page, "card/verify-expired-en-375");
        // A forged code typed by hand reads invalid.
        const [base, body, mac] = second.url.split("code=")[1]!.split(".");
        await later.page.fill("#verify-code", `${base}.${body}.${mac!.slice(0, -1)}${mac!.endsWith("A") ? "B" : "A"}`);
        await later.page.click("[data-testid=verify-submit]");
        await later.page.waitForSelector("[data-testid=verify-result][data-verdict=invalid]");
        await accessible(later.page, "verify invalid en 375");
        await shot(later.page, "card/verify-invalid-en-375");
        await later.page.setViewportSize(DESK);
        await nextFrames(later.page);
        await shot(later.page, "card/verify-invalid-en-desk");
        await later.context.close();
      } finally {
        clock.advance(-moved);
      }
      await close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    "a member who has not paid this year's dues gets no card: told why, in Chinese and English, with the way to pay",
    async () => {
      const { page, close } = await visitor(world, { viewport: PHONE });
      await enter(page, world, "cn100002", { language: "zh" });
      // From the personal centre's menu, where the dues are.
      await page.goto(`${world.server.url}/information`);
      await page.click(".centre-menu [data-centre=card]");
      await waitForPath(page, "/card");
      const none = await page.waitForSelector("[data-testid=card-none]");
      expect(await none.getAttribute("data-reason")).toBe("ERROR_CARD_UNPAID");
      expect(await none.textContent()).toContain("缴纳本年度工会会费后即可出示电子会员卡。");
      expect(await page.$("[data-testid=card-qr]")).toBeNull();
      await fits(page);
      await accessible(page, "no card zh 375");
      await shot(page, "card/no-card-zh-375");
      await page.setViewportSize(DESK);
      await chooseLanguage(page, "en");
      expect(await none.textContent()).toContain("Pay this year's union dues to show your member card.");
      await accessible(page, "no card en desk");
      await shot(page, "card/no-card-en-desk");
      await page.click("[data-testid=card-pay]");
      await page.waitForSelector("[data-testid=dues-window]");
      await shot(page, "card/no-card-en-desk-dues-window");
      await close();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
