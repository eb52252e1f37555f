// The activity editor's wording, layout and cover tools in the browser (spec 3
// sections 2.1-2.3): the editor cn000002 gives a demo activity its own
// sign-up button text, moves, resizes, styles and hides elements of its page
// and saves; a member then sees the wording and the layout on a desk, signs
// up through the placed button, and at 375 px gets the normal flow with no
// sideways scroll. Chinese and English.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import type { Page } from "playwright-core";
import { drawCover } from "../../src/db/seed/covers";
import { seriousViolations } from "../helpers/axe";
import { DESK, PHONE, SETUP_TIMEOUT_MS, type World, chooseLanguage, messageText, nextFrames, pressOk, settledShot, enter, startWorld, stopWorld, test, visitor } from "./support";

const JOURNEY_TIMEOUT_MS = 180_000;

let world: World;
beforeAll(async () => {
  world = await startWorld();
}, SETUP_TIMEOUT_MS);
afterAll(() => stopWorld(world));

const READING = { zh: "午间读书分享会", en: "Lunchtime book club" };
const COVER = { name: "cover.png", mimeType: "image/png", buffer: Buffer.from(drawCover("#1d4e89", "#f0a05a", 540, 300)) };

async function openReading(page: Page, language: "zh" | "en") {
  await page.goto(`${world.server.url}/activity`);
  await page.click("[data-testid=module-tile] >> nth=0");
  await page.click(`[data-testid=activity-tile]:has-text("${READING[language]}")`);
  await page.waitForSelector("[data-testid=activity]");
}

const box = (page: Page, el: string) => page.locator(`[data-layout-canvas] > [data-el="${el}"]`);
/** Drags from the middle of `selector` by (dx, dy), as a person does with a mouse. */
async function drag(page: Page, selector: string, dx: number, dy: number) {
  const b = (await page.locator(selector).boundingBox())!;
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2 + dx, b.y + b.height / 2 + dy, { steps: 6 });
  await page.mouse.up();
}
/** Where a box sits on the page (its left and top inside the page, its size). */
const placeOf = (page: Page, el: string) =>
  box(page, el).evaluate((node: HTMLElement) => ({ left: node.offsetLeft, top: node.offsetTop, width: node.offsetWidth, height: node.offsetHeight }));

describe("wording and layout", () => {
  test(
    "an editor words and lays out an activity; a member sees it on a desk and in the normal flow at 375 px, in Chinese and English",
    async () => {
      const editor = await visitor(world, { viewport: DESK });
      const page = editor.page;
      await enter(page, world, "cn000002", { language: "zh" });
      await openReading(page, "zh");
      // The toolbar is drawn once the editor's texts (a chunk of their own) have come.
      await page.waitForSelector("[data-testid=editor-tools] button");
      expect(await page.$$eval("[data-testid=editor-tools] button", (bs) => bs.map((b) => b.textContent))).toEqual(expect.arrayContaining(["文案", "布局", "封面"]));
      // Before any layout the page is drawn as it always was.
      expect(await page.locator("[data-layout-canvas]").count()).toBe(0);

      // The wording: the defaults are the placeholders; an overlong label is refused before sending.
      await page.click("[data-testid=tool-wording]");
      await page.waitForSelector("[data-testid=wording-editor]");
      expect(await page.getAttribute("#wording-signUp-zh", "placeholder")).toBe("立即报名");
      expect(await page.getAttribute("#wording-signUp-en", "placeholder")).toBe("Sign up");
      await page.fill("#wording-signUp-zh", "我要报名我要报名我要报名我要报名我要报名我要报名");
      await page.click("[role=dialog] button[type=submit]");
      expect(await page.textContent("#wording-signUp-zh-error")).toBe("最多 20 个字");
      await page.fill("#wording-signUp-zh", "马上报名");
      await page.fill("#wording-signUp-en", "Join now");
      await page.fill("#wording-start-zh", "开始于");
      await page.fill("#wording-success-zh", "报名成功，下周四见！");
      await page.fill("#wording-countUsedUp-zh", "您已报名");
      expect(await seriousViolations(page)).toEqual([]);
      await settledShot(page, "wording-layout/wording-editor-zh-desk");
      await page.click("[role=dialog] button[type=submit]");
      expect(await messageText(page)).toBe("保存完成");
      await pressOk(page, "确定");
      await page.waitForSelector('[data-testid=sign-start] >> xpath=.. >> dt:has-text("开始于")');

      // The cover.
      await page.click("[data-testid=tool-cover]");
      await page.setInputFiles("[data-testid=cover-face] input[type=file]", COVER);
      await page.waitForSelector("[data-testid=cover-face] .cover-field-preview img");
      await page.click("[role=dialog] button[type=submit]");
      expect(await messageText(page)).toBe("保存完成");
      await pressOk(page, "确定");
      const cover = await page.getAttribute(".activity-poster img", "src");
      expect(cover).toMatch(/^\/api\/file\/get\?key=[0-9a-f]{64}\.png$/);

      // The layout: the tool turns edit mode on, on the page itself.
      await page.click("[data-testid=tool-layout]");
      await page.waitForSelector("[data-testid=layout-panel]");
      await page.waitForSelector("[data-layout-canvas] > [data-el=button]");
      expect(await page.getAttribute("[data-testid=tool-layout]", "aria-pressed")).toBe("true");
      // The default arrangement: the image 540x300 at the top left, the button 140x36, the details across 1160.
      await nextFrames(page);
      expect(await placeOf(page, "img")).toEqual({ left: 24, top: 24, width: 540, height: 300 });
      expect((await placeOf(page, "button")).width).toBe(140);
      expect((await placeOf(page, "content")).width).toBe(1160);
      await settledShot(page, "wording-layout/layout-default-zh-desk");

      // The button moves 80 px down and 200 px right, is coloured, and darkens under the pointer.
      const before = await placeOf(page, "button");
      await drag(page, "[data-layout-canvas] > [data-el=button]", 200, 80);
      expect(await page.inputValue("#layout-left")).toBe(String(before.left + 200));
      expect(await page.inputValue("#layout-top")).toBe(String(before.top + 80));
      await page.fill("#layout-background", "#1d6b3a");
      await page.fill("#layout-hover-background", "#0b3d1f");
      // The arrow keys nudge it.
      await page.focus("[data-testid=layout-pick-button]");
      await page.keyboard.press("Shift+ArrowLeft");
      expect(await page.inputValue("#layout-left")).toBe(String(before.left + 190));
      // The image is made smaller by its corner and brought one layer forward.
      await page.click("[data-testid=layout-pick-img]");
      await drag(page, "[data-layout-canvas] > [data-el=img] [data-handle]", -40, -20);
      expect([await page.inputValue("#layout-width"), await page.inputValue("#layout-height")]).toEqual(["500", "280"]);
      expect(await page.textContent("[data-testid=layout-layer]")).toBe("图层 101");
      await page.click("[data-testid=layout-up]");
      expect(await page.textContent("[data-testid=layout-layer]")).toBe("图层 102");
      // The price is hidden: faint while editing.
      await page.uncheck("[data-testid=layout-visible-price]");
      expect(await box(page, "price").getAttribute("class")).toContain("layout-ghost");
      expect(await seriousViolations(page)).toEqual([]);
      await settledShot(page, "wording-layout/layout-edited-zh-desk");
      await page.click("[data-testid=layout-save]");
      expect(await messageText(page)).toBe("保存完成");
      await pressOk(page, "确定");
      await page.waitForSelector("[data-testid=layout-panel]", { state: "detached" });
      expect(await page.getAttribute("[data-testid=tool-layout]", "aria-pressed")).toBe("false");
      // Saved, the editor's own desk shows it placed, the price gone.
      await page.waitForSelector("[data-layout-canvas]");
      expect(await page.locator("[data-testid=price]").count()).toBe(0);
      const saved = { button: await placeOf(page, "button"), img: await placeOf(page, "img") };
      expect(saved.img).toMatchObject({ width: 500, height: 280 });
      // In English, the saved layout opens in the editor as it was saved; its tool button turns editing off again.
      await chooseLanguage(page, "en");
      await page.click("[data-testid=tool-layout]");
      await page.click("[data-testid=layout-pick-button]");
      expect([await page.inputValue("#layout-left"), await page.inputValue("#layout-top")]).toEqual([String(saved.button.left), String(saved.button.top)]);
      expect(await page.textContent("[data-testid=layout-pick-price]")).toBe("Price");
      expect(await page.isChecked("[data-testid=layout-visible-price]")).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
      await settledShot(page, "wording-layout/layout-panel-en-desk");
      await page.click("[data-testid=tool-layout]");
      await page.waitForSelector("[data-testid=layout-panel]", { state: "detached" });
      // A market item has its own elements: its tags, the per-member maximum, what remains and the trolley bar, placed too.
      await page.goto(`${world.server.url}/activity`);
      await page.click(`[data-testid=module-tile]:has-text("members' gift market")`);
      await page.click('[data-testid=market-tile]:has-text("Union anniversary T-shirt")');
      await page.waitForSelector("[data-testid=market-item]");
      await page.click("[data-testid=tool-layout]");
      await page.waitForSelector("[data-layout-canvas] > [data-el=shoppingcart]");
      await nextFrames(page);
      const offered = await page.$$eval("[data-testid=layout-panel] .layout-pick", (bs) => bs.map((b) => b.getAttribute("data-testid")!.slice("layout-pick-".length)));
      expect(offered).toEqual(["activity-body", "img", "title", "start", "end", "stock", "groups", "count", "surplus", "price", "shoppingcart", "button", "no-power", "content"]);
      await page.click("[data-testid=layout-save]");
      expect(await messageText(page)).toBe("Saved");
      await pressOk(page, "OK");
      await page.waitForSelector("[data-testid=layout-panel]", { state: "detached" });
      await page.waitForSelector("[data-layout-canvas] [data-testid=cart-link]");
      expect(await page.textContent("[data-testid=maximum]")).toBe("3");
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await settledShot(page, "wording-layout/market-placed-en-desk");
      await editor.close();

      // A member on a desk, in Chinese: the wording and the layout.
      const member = await visitor(world, { viewport: DESK });
      const m = member.page;
      await enter(m, world, "cn100001", { language: "zh" });
      await openReading(m, "zh");
      await m.waitForSelector("[data-layout-canvas]");
      expect(await m.locator("[data-testid=editor-tools]").count()).toBe(0);
      expect(await m.textContent("[data-testid=sign-up]")).toBe("马上报名");
      expect(await m.textContent('[data-testid=sign-start] >> xpath=.. >> dt')).toBe("开始于");
      expect(await m.locator("[data-testid=price]").count()).toBe(0);
      expect(await placeOf(m, "button")).toEqual(saved.button);
      expect(await m.getAttribute("[data-el=img] img", "src")).toBe(cover);
      // The page is as tall as its lowest visible box plus 40 px.
      const heights = await m.evaluate(() => {
        const page = document.querySelector<HTMLElement>("[data-layout-canvas]")!;
        const lowest = Math.max(...Array.from(page.querySelectorAll<HTMLElement>(":scope > [data-el]")).map((b) => b.offsetTop + b.offsetHeight));
        return { page: page.offsetHeight, lowest };
      });
      expect(heights.page).toBe(heights.lowest + 40);
      const background = () => m.$eval("[data-testid=sign-up]", (b) => getComputedStyle(b).backgroundColor);
      expect(await background()).toBe("rgb(29, 107, 58)");
      await m.hover("[data-testid=sign-up]");
      await m.waitForFunction(() => getComputedStyle(document.querySelector("[data-testid=sign-up]")!).backgroundColor === "rgb(11, 61, 31)");
      expect(await m.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await seriousViolations(m)).toEqual([]);
      await settledShot(m, "wording-layout/member-zh-desk");
      // Signing up through the placed button: the activity's own success text, then its own "used up" reason in the button's place.
      await m.click("[data-testid=sign-up]");
      await m.waitForSelector("[data-testid=confirm-step]");
      await m.click("[data-testid=step-next]");
      expect(await messageText(m)).toBe("报名成功，下周四见！");
      await pressOk(m, "确定");
      await m.waitForSelector('[data-testid=reason]:has-text("您已报名")');
      await settledShot(m, "wording-layout/member-signed-zh-desk");

      // In English on a desk: the English button text; a label with only a Chinese text keeps the English default.
      await member.close();
      const english = await visitor(world, { viewport: DESK });
      await enter(english.page, world, "cn100002", { language: "en" });
      await openReading(english.page, "en");
      await english.page.waitForSelector("[data-layout-canvas]");
      expect(await english.page.textContent("[data-testid=sign-up]")).toBe("Join now");
      expect(await english.page.textContent('[data-testid=sign-start] >> xpath=.. >> dt')).toBe("Sign-up opens");
      await settledShot(english.page, "wording-layout/member-en-desk");
      await english.close();

      // At 375 px, in English: the normal flow, the price still hidden, nothing wider than the screen.
      const phone = await visitor(world, { viewport: PHONE });
      const p = phone.page;
      await enter(p, world, "cn100002", { language: "en" });
      await openReading(p, "en");
      expect(await p.locator("[data-layout-canvas]").count()).toBe(0);
      expect(await p.textContent("[data-testid=sign-up]")).toBe("Join now");
      expect(await p.locator("[data-testid=price]").count()).toBe(0);
      expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await settledShot(p, "wording-layout/member-en-375");
      await p.locator("[data-testid=sign-up]").scrollIntoViewIfNeeded();
      await settledShot(p, "wording-layout/member-en-375-button");
      await phone.close();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
