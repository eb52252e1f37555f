// The gift market in the browser (spec 2 sections 2, 4, 5 and 8), on the demo
// market: a member opens the market, filters by category, adds a T-shirt
// through its size tags and a thermos to the trolley, changes quantities,
// checks out with the points deduction, pays in the sandbox and finds the
// market order with one tab per parcel in the personal centre; an editor
// creates a category (the spec's message for a long name) and deletes it.
// Chinese and English, a desk and a phone. One server and browser.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import type { Page } from "playwright-core";
import { seriousViolations } from "../helpers/axe";
import { DESK, PHONE, SETUP_TIMEOUT_MS, type World, messageText, pressOk, settledShot, enter, startWorld, stopWorld, test, visitor } from "./support";

const JOURNEY_TIMEOUT_MS = 120_000;

let world: World;
beforeAll(async () => {
  world = await startWorld();
}, SETUP_TIMEOUT_MS);
afterAll(() => stopWorld(world));

const OK = { zh: "确定", en: "OK" } as const;
const TEXT = {
  zh: {
    market: "会员礼品商城",
    shirt: "工会纪念文化衫",
    thermos: "不锈钢保温杯",
    daily: "生活用品",
    categories: ["全部", "生活用品", "服饰", "票券"],
    earbuds: "蓝牙耳机",
    bag: "工会帆布袋",
    soldOut: "已兑完",
    opens: "兑换开始",
    closes: "兑换截止",
    price: "50.00 积分",
    item: "商品",
    payTitle: "支付订单",
    paid: "支付成功，兑换完成！",
    umbrella: "折叠晴雨伞 × 2、工会帆布袋",
    parcel: "快递",
  },
  en: {
    market: "members' gift market",
    shirt: "Union anniversary T-shirt",
    thermos: "Stainless steel thermos",
    daily: "Daily goods",
    categories: ["All", "Daily goods", "Apparel", "Vouchers"],
    earbuds: "Bluetooth earbuds",
    bag: "Union canvas bag",
    soldOut: "Sold out",
    opens: "Redemption opens",
    closes: "Redemption closes",
    price: "50.00 points",
    item: "Item",
    payTitle: "Pay for your order",
    paid: "Payment received. Your order is complete!",
    umbrella: "Folding umbrella × 2, Union canvas bag",
    parcel: "Parcel",
  },
};

async function noSeriousViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

/** The demo market, from the activity index's tile. */
async function openMarket(page: Page, language: "zh" | "en") {
  await page.goto(`${world.server.url}/activity`);
  await page.click(`[data-testid=module-tile]:has-text("${TEXT[language].market}")`);
  await page.waitForSelector("[data-testid=market-tile]");
}

const cartCount = async (page: Page) => Number(await page.textContent("[data-testid=cart-count]"));

describe("a member's trolley and checkout", () => {
  for (const { language, size, viewport, tag } of [
    { language: "zh", size: "desk", viewport: DESK, tag: "L" },
    { language: "en", size: "phone", viewport: PHONE, tag: "M" },
  ] as const) {
    const text = TEXT[language];
    test(`cn100001 fills the trolley, checks out with points and pays, in ${language} on a ${size}`, async () => {
      const { page, context, close } = await visitor(world, { viewport });
      await enter(page, world, "cn100001", { language });
      await openMarket(page, language);
      expect(await page.locator("[data-testid=market-tile]").count()).toBe(8);
      await page.waitForFunction(() => /\d/.test(document.querySelector("[data-testid=points]")?.textContent ?? ""));
      await noSeriousViolations(page);
      // The categories in the page's language; the sold-out earbuds marked, and only they.
      expect(await page.$$eval("[data-testid=category]", (bs) => bs.map((b) => b.textContent?.trim()))).toEqual(text.categories);
      expect(await page.textContent(`[data-testid=market-tile]:has-text("${text.earbuds}") [data-testid=sold-out]`)).toBe(text.soldOut);
      expect(await page.locator("[data-testid=market-tile] [data-testid=sold-out]").count()).toBe(1);
      await settledShot(page, `market/index-${language}-${size}`);
      // A points-only item: its price in points, redemption (not sign-up) dates.
      await page.click(`[data-testid=market-tile]:has-text("${text.bag}")`);
      await page.waitForSelector("[data-testid=market-item]");
      expect(await page.textContent("[data-testid=price]")).toBe(text.price);
      expect(await page.$$eval(".activity-fact-list dt", (dts) => dts.slice(0, 2).map((d) => d.textContent))).toEqual([text.opens, text.closes]);
      await settledShot(page, `market/item-points-${language}-${size}`);
      await openMarket(page, language);
      // The category bar filters the grid.
      await page.click(`[data-testid=category]:has-text("${text.daily}")`);
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=market-tile]").length === 4);
      await page.click("[data-testid=category] >> nth=0");
      const before = await cartCount(page);

      // The T-shirt: a size tag opens that size's item, then through the confirmation to the trolley.
      await page.click(`[data-testid=market-tile]:has-text("${text.shirt}")`);
      await page.waitForSelector("[data-testid=market-item]");
      await page.click(`[data-testid=tag]:text-is("${tag}")`);
      await page.waitForFunction((tag) => document.querySelector(".activity-title")?.textContent?.includes(`${tag}`), tag);
      expect(await page.textContent("[data-testid=maximum]")).toBe("3");
      await noSeriousViolations(page);
      await settledShot(page, `market/item-${language}-${size}`);
      await page.click("[data-testid=add-to-cart]");
      await page.waitForSelector("[data-testid=confirm-step]");
      // The window names an item, not an activity.
      expect(await page.textContent("[data-testid=confirm-step] .confirm-list dt >> nth=0")).toBe(text.item);
      await page.click("[data-testid=step-next]");
      await page.waitForSelector("[data-testid=added]");
      await settledShot(page, `market/added-${language}-${size}`);
      await page.click("[data-testid=keep-browsing]");
      await page.waitForFunction((n) => document.querySelector("[data-testid=cart-count]")?.textContent === String(n), before + 1);

      // The thermos, then to the trolley from the prompt.
      await openMarket(page, language);
      await page.click(`[data-testid=market-tile]:has-text("${text.thermos}")`);
      await page.waitForSelector("[data-testid=market-item]");
      await page.click("[data-testid=add-to-cart]");
      await page.click("[data-testid=step-next]");
      await page.click("[data-testid=go-cart]");
      await page.waitForSelector("[data-testid=cart-row]");
      expect(await page.locator("[data-testid=cart-row]").count()).toBe(2);

      // Quantities: two T-shirts, the thermos up and down again.
      const shirt = page.locator(`[data-testid=cart-row]:has-text("${text.shirt}")`);
      const thermos = page.locator(`[data-testid=cart-row]:has-text("${text.thermos}")`);
      await shirt.locator("[data-testid=plus]").click();
      await page.waitForFunction(() => document.querySelector("[data-testid=cart-row] [data-testid=quantity]")?.textContent === "2");
      expect(await thermos.locator("[data-testid=minus]").isDisabled()).toBe(true);
      expect(await shirt.locator("[data-testid=subtotal]").textContent()).toBe("¥78.00");
      expect(await page.textContent("[data-testid=cart-total]")).toContain("¥137.00");
      // Unchecking a row takes it out of the total; select all puts it back.
      await thermos.locator("[data-testid=row-check]").click();
      await page.waitForFunction(() => document.querySelector("[data-testid=cart-total]")?.textContent?.includes("¥78.00"));
      await page.click("[data-testid=select-all]");
      await page.waitForFunction(() => document.querySelector("[data-testid=cart-total]")?.textContent?.includes("¥137.00"));
      await noSeriousViolations(page);
      await settledShot(page, `market/cart-${language}-${size}`);

      // Checkout with the deduction: 2 × (39 − 10) + (59 − 20) = ¥97.00 and 80 points.
      await page.click("[data-testid=checkout]");
      await page.waitForSelector("[data-testid=place-item]");
      await page.waitForSelector("[data-testid=address-choice] input:checked");
      expect(await page.textContent("[data-testid=payable]")).toBe("¥137.00");
      await page.check("[data-testid=use-deduction]");
      expect(await page.textContent("[data-testid=payable]")).toBe("¥97.00");
      expect(await page.textContent("[data-testid=points-charged]")).toContain("80.00");
      expect(await page.textContent("[data-testid=ship-to]")).toContain("东华门大街");
      await noSeriousViolations(page);
      await settledShot(page, `market/place-${language}-${size}`);
      await page.click("[data-testid=submit-order]");
      await page.waitForSelector("[data-testid=qr-image]");
      expect(await page.textContent("[role=dialog]:has([data-testid=order-pay-window]) h2")).toBe(text.payTitle);
      expect(await page.textContent("[data-testid=order-pay-amount]")).toBe("¥97.00");
      await settledShot(page, `market/pay-${language}-${size}`);
      const link = (await page.getAttribute("[data-testid=pay-link]", "href"))!;
      const payer = await context.newPage();
      await payer.goto(link);
      await payer.click("button.pay");
      await payer.waitForLoadState();
      await payer.close();
      expect(await messageText(page)).toBe(text.paid);
      await pressOk(page, OK[language]);

      // The personal centre: the past market order, its items grouped, one tab per parcel.
      await page.waitForSelector("[data-testid=order-row]");
      const past = page.locator(`[data-testid=order-row]:has-text("${text.umbrella}")`);
      await past.locator("[data-action=detail]").click();
      await page.waitForSelector("[data-testid=order-detail]");
      expect(await page.locator(`[data-testid=order-detail] [role=tab]:has-text("${text.parcel}")`).count()).toBe(2);
      await page.click(`[data-testid=order-detail] [role=tab]:has-text("${text.parcel}") >> nth=1`);
      await page.waitForSelector("[data-fact=company]:has-text('ZTO')");
      await noSeriousViolations(page);
      await settledShot(page, `market/order-parcel-${language}-${size}`);
      await close();
    }, JOURNEY_TIMEOUT_MS);
  }
});

describe("an editor's categories", () => {
  for (const { language, size, viewport } of [
    { language: "zh", size: "desk", viewport: DESK },
    { language: "en", size: "phone", viewport: PHONE },
  ] as const) {
    test(`cn000002 creates a category and deletes it, in ${language} on a ${size}`, async () => {
      const { page, close } = await visitor(world, { viewport });
      await enter(page, world, "cn000002", { language });
      await openMarket(page, language);
      await page.click("[data-testid=category-new]");
      await page.fill("[data-testid=category-name]", "一二三四五六七八九十一");
      await page.click("[data-testid=category-save]");
      expect(await page.textContent("[data-testid=category-note]")).toBe(language === "zh" ? "分类名称字数0-10，超过10个字就出格了" : "A category name has 1 to 10 characters; a longer one would not fit the bar.");
      await noSeriousViolations(page);
      await settledShot(page, `market/category-new-${language}-${size}`);
      const name = `文具${language}`;
      await page.fill("[data-testid=category-name]", `  ${name} `);
      await page.click("[data-testid=category-save]");
      expect(await messageText(page)).toBe(language === "zh" ? "添加完成" : "Added");
      await pressOk(page, OK[language]);
      await page.waitForSelector(`[data-testid=category]:text-is("${name}")`);
      await settledShot(page, `market/category-bar-${language}-${size}`);
      // A new category holds nothing yet.
      await page.click(`[data-testid=category]:text-is("${name}")`);
      await page.waitForSelector(".empty-note");
      await page.click(`[aria-label*="${name}"][data-testid=category-delete]`);
      await page.click(`[role=alertdialog] .button-primary`);
      expect(await messageText(page)).toBe(language === "zh" ? "删除完成" : "Deleted");
      await pressOk(page, OK[language]);
      await page.waitForSelector(`[data-testid=category]:text-is("${name}")`, { state: "detached" });
      expect(await page.locator("[data-testid=market-tile]").count()).toBe(8);
      await close();
    }, JOURNEY_TIMEOUT_MS);
  }
});
