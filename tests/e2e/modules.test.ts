// Editing the activity index in the browser (spec 2 sections 2, 5, 8): an
// administrator creates a module with an icon and a home carousel image,
// finds it on the index, edits it, creates an activity in it (opened in
// preview), reads a module's orders, makes a market module the home's gift
// zone and deletes an empty module. Chinese on a desk, English on a phone.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import type { Page } from "playwright-core";
import { drawCover } from "../../src/db/seed/covers";
import { seriousViolations } from "../helpers/axe";
import { DESK, PHONE, SETUP_TIMEOUT_MS, type World, messageText, pressOk, settledShot, enter, startWorld, stopWorld, test, visitor, waitForPath } from "./support";

const JOURNEY_TIMEOUT_MS = 120_000;

let world: World;
beforeAll(async () => {
  world = await startWorld();
}, SETUP_TIMEOUT_MS);
afterAll(() => stopWorld(world));

const ICON = { name: "icon.png", mimeType: "image/png", buffer: Buffer.from(drawCover("#9b1c2c", "#f0a05a", 173, 173)) };
const CAROUSEL = { name: "carousel.png", mimeType: "image/png", buffer: Buffer.from(drawCover("#1d4e89", "#7fc8a9", 900, 500)) };

async function noSeriousViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

/** The field errors the editor shows now, in order. */
const fieldErrors = (page: Page) => page.$$eval("[role=dialog] .field-error", (els) => els.map((e) => e.textContent?.trim()));

/** Chooses an image for an upload field and waits for its preview. */
async function upload(page: Page, id: string, file: typeof ICON) {
  await page.setInputFiles(`[data-testid=${id}] input[type=file]`, file);
  await page.waitForSelector(`[data-testid=${id}] .cover-field-preview img`);
}

const OK = { zh: "确定", en: "OK" } as const;

describe("module editing", () => {
  test(
    "an administrator creates a module with a carousel, edits it, adds an activity and reads the orders, in Chinese on a desk",
    async () => {
      const { page, close } = await visitor(world, { viewport: DESK });
      await enter(page, world, "cn000001", { language: "zh" });
      await page.goto(`${world.server.url}/activity`);
      await page.waitForSelector("[data-testid=module-tile]");
      // The 'new module' tile is in the first (newest) year group only.
      expect(await page.$$eval(".year-group", (groups) => groups.map((g) => !!g.querySelector("[data-testid=new-module]")))).toEqual([true, false]);
      await noSeriousViolations(page);
      await settledShot(page, "modules/index-zh-desk");

      // Every rule is told before anything is sent, in the spec's words.
      await page.click("[data-testid=new-module]");
      await page.waitForSelector("#module-form");
      expect(await page.inputValue("#module-year")).toBe("2026");
      expect(await page.$$eval("#module-year option", (os) => os.map((o) => o.textContent))).toEqual(["请选择年份", "2027年", "2026年", "2025年", "2024年", "2023年", "2022年"]);
      await page.click("[role=dialog] button[type=submit]");
      expect(await fieldErrors(page)).toEqual(["请填写模块中文名称", "请填写模块英文名称", "请选择一个模式", "请上传模块图标"]);
      await page.check("#module-isTitle");
      await page.click("[role=dialog] button[type=submit]");
      expect(await fieldErrors(page)).toEqual(["请填写模块中文名称", "请填写模块英文名称", "请选择一个模式", "请上传模块图标", "轮播下线时间必须设置。", "请上传轮播图片"]);
      await settledShot(page, "modules/editor-errors-zh-desk");

      await page.fill("#module-nameZh", "职工运动会");
      await page.fill("#module-nameEn", "Staff sports day");
      await page.selectOption("#module-model", "1301");
      await upload(page, "module-face", ICON);
      await page.fill("#module-showEnd", "2026-03-20 18:00");
      await page.press("#module-showEnd", "Enter");
      await upload(page, "module-titleFace", CAROUSEL);
      expect(await fieldErrors(page)).toEqual([]);
      await noSeriousViolations(page);
      await settledShot(page, "modules/editor-filled-zh-desk");
      await page.click("[role=dialog] button[type=submit]");
      // No online time: the carousel goes online at once, and the editor is told so first.
      expect(await messageText(page)).toBe("没有设置轮播上线时间，轮播将直接上线。");
      // The next message follows at once, in the same place.
      await page.click(`[role=alertdialog] .button-primary:has-text("${OK.zh}")`);
      await page.waitForSelector('[data-testid=message-text]:has-text("提交完成")');
      await pressOk(page, OK.zh);
      // The index is read again: the new module is there with its icon.
      const tile = page.locator('[data-testid=module-tile]:has-text("职工运动会")');
      await tile.waitFor();
      expect(await tile.locator("img").getAttribute("src")).toMatch(/^\/api\/file\/get\?key=[0-9a-f]{64}\.png$/);
      await settledShot(page, "modules/index-with-new-zh-desk");

      // Its page: the tools, and 'delete' while it is empty.
      await tile.click();
      await page.waitForSelector("[data-testid=edit-module]");
      expect(await page.isVisible("[data-testid=delete-module]")).toBe(true);
      expect(await page.isVisible("[data-testid=gift-zone]")).toBe(false);
      await noSeriousViolations(page);
      await settledShot(page, "modules/module-page-zh-desk");

      // Edit: the editor holds what was saved; saving returns to the index.
      await page.click("[data-testid=edit-module]");
      await page.waitForSelector("#module-form");
      expect(await page.inputValue("#module-nameEn")).toBe("Staff sports day");
      expect(await page.isChecked("#module-isTitle")).toBe(true);
      expect(await page.inputValue("#module-showEnd")).toBe("2026-03-20 18:00");
      await page.fill("#module-nameZh", "春季职工运动会");
      await page.fill("#module-showStart", "2026-03-05 09:00");
      await page.press("#module-showStart", "Enter");
      // A condition: all four parts are asked for, one at a time.
      await page.waitForSelector(".module-conditions");
      await page.click("[data-testid=add-condition]");
      expect(await fieldErrors(page)).toEqual(["请选择属性"]);
      await page.selectOption("#module-condition-property", { index: 1 });
      await page.click("[data-testid=add-condition]");
      expect(await fieldErrors(page)).toEqual(["请选择类型"]);
      await page.selectOption("#module-condition-type", "1801");
      await page.selectOption("#module-condition-compareMode", "1907");
      await page.click("[data-testid=add-condition]");
      expect(await fieldErrors(page)).toEqual(["请填写判断的值"]);
      await page.fill("#module-condition-value", "是");
      await page.press("#module-condition-value", "Enter");
      expect(await page.locator("[data-testid=module-conditions] li").count()).toBe(1);
      await page.locator(".module-conditions").scrollIntoViewIfNeeded();
      await noSeriousViolations(page);
      await settledShot(page, "modules/editor-conditions-zh-desk");
      await page.click("[role=dialog] button[type=submit]");
      expect(await messageText(page)).toBe("提交完成");
      await pressOk(page, OK.zh);
      await waitForPath(page, "/activity");
      await page.click('[data-testid=module-tile]:has-text("春季职工运动会")');

      // The condition was saved with the module.
      await page.click("[data-testid=edit-module]");
      await page.waitForSelector("[data-testid=module-conditions] li");
      expect(await page.locator("[data-testid=module-conditions] li").count()).toBe(1);
      await page.click("[role=dialog] .button-quiet:has-text('取消')");

      // A new activity: both names are required; then its page opens, in preview.
      await page.click("[data-testid=new-activity]");
      await page.waitForSelector("#new-activity-form");
      await page.click("[role=dialog] button[type=submit]");
      expect(await fieldErrors(page)).toEqual(["请输入中文名称", "请输入英文名称"]);
      await settledShot(page, "modules/new-activity-errors-zh-desk");
      await page.fill("#new-activity-nameZh", "百米接力赛");
      await page.fill("#new-activity-nameEn", "Relay race");
      await page.click("[role=dialog] button[type=submit]");
      await page.waitForURL(/\/activity\/info\?id=\d+$/);
      await page.waitForSelector('[data-testid=activity]:has-text("百米接力赛")');
      await settledShot(page, "modules/new-activity-page-zh-desk");

      // Back on the module page: the activity's tile is there and 'delete' is gone.
      await page.goBack();
      await page.waitForSelector('[data-testid=activity-tile]:has-text("百米接力赛")');
      expect(await page.isVisible("[data-testid=delete-module]")).toBe(false);

      // The orders of this year's demo module: successful ones first, then every state.
      await page.goto(`${world.server.url}/activity`);
      await page.click('[data-testid=module-tile]:has-text("2026年工会活动")');
      await page.click("[data-testid=module-orders]");
      await page.waitForSelector("[data-testid=module-orders-window]");
      expect(await page.inputValue("#module-orders-state")).toBe("202");
      await page.waitForSelector("[data-testid=module-order-row]");
      const states = () => page.$$eval("[data-testid=module-order-row] [data-column=state]", (cells) => [...new Set(cells.map((c) => c.textContent?.trim()))]);
      expect(await states()).toEqual(["成功"]);
      await noSeriousViolations(page);
      await settledShot(page, "modules/orders-zh-desk");
      const successes = await page.locator("[data-testid=module-order-row]").count();
      await page.selectOption("#module-orders-state", "");
      await page.click('[data-testid=module-orders-window] button[type=submit]');
      await page.waitForFunction((n) => document.querySelectorAll("[data-testid=module-order-row]").length !== n, successes);
      expect((await states()).length).toBeGreaterThan(1);
      await settledShot(page, "modules/orders-all-zh-desk");
      await close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    "an administrator creates a market module, makes it the gift zone, deletes it, and reads a module's orders, in English on a phone",
    async () => {
      const { page, close } = await visitor(world, { viewport: PHONE });
      await enter(page, world, "cn000001", { language: "en" });
      await page.goto(`${world.server.url}/activity`);
      await page.click("[data-testid=new-module]");
      await page.waitForSelector("#module-form");
      await page.click("[role=dialog] button[type=submit]");
      expect(await fieldErrors(page)).toEqual(["Please enter the module's Chinese name", "Please enter the module's English name", "Please choose a model", "Please upload the module icon"]);
      await page.fill("#module-nameZh", "临时模块");
      await page.fill("#module-nameEn", "Temporary module");
      await page.selectOption("#module-year", "2025");
      await page.selectOption("#module-model", "1302");
      await upload(page, "module-face", ICON);
      await page.check("#module-isTitle");
      await upload(page, "module-titleFace", CAROUSEL);
      await noSeriousViolations(page);
      await settledShot(page, "modules/editor-en-phone");
      await page.locator("[data-testid=module-titleFace]").scrollIntoViewIfNeeded();
      await settledShot(page, "modules/editor-carousel-en-phone");
      await page.uncheck("#module-isTitle");
      await page.click("[role=dialog] button[type=submit]");
      expect(await messageText(page)).toBe("Submitted");
      await pressOk(page, OK.en);
      // It sits in its year's group.
      const group = page.locator('.year-group:has(h2:has-text("2025"))');
      await group.locator('[data-testid=module-tile]:has-text("Temporary module")').click();
      // A market module opens as a market, with the same tools and the two home zone links.
      await page.waitForURL(/\/market\?id=\d+$/);
      await page.waitForSelector("[data-testid=delete-module]");
      await noSeriousViolations(page);
      await settledShot(page, "modules/market-page-en-phone");
      await page.click("[data-testid=gift-zone]");
      expect(await messageText(page)).toBe("Make this module the home page's gift zone? It takes the place of the current one.");
      await page.click(`[role=alertdialog] .button-primary:has-text("${OK.en}")`);
      await page.waitForSelector('[data-testid=message-text]:has-text("Setting complete")');
      await pressOk(page, OK.en);
      // Now it is the gift zone: the links are gone.
      await page.waitForSelector("[data-testid=gift-zone]", { state: "detached" });
      expect(await page.locator("[data-testid=group-zone]").count()).toBe(0);

      await page.click("[data-testid=new-activity]");
      await page.waitForSelector("#new-activity-form");
      await settledShot(page, "modules/new-activity-en-phone");
      await page.click("[role=dialog] .button-quiet:has-text('Cancel')");

      // Delete asks first; cancelling keeps it.
      await page.click("[data-testid=delete-module]");
      expect(await messageText(page)).toBe("Are you sure you want to delete this module?");
      await settledShot(page, "modules/delete-confirm-en-phone");
      await page.click("[role=alertdialog] .button-quiet:has-text('Cancel')");
      await page.click("[data-testid=delete-module]");
      await page.click(`[role=alertdialog] .button-primary:has-text("${OK.en}")`);
      await page.waitForSelector('[data-testid=message-text]:has-text("Deletion complete")');
      await pressOk(page, OK.en);
      await waitForPath(page, "/activity");
      await page.waitForSelector("[data-testid=module-tile]");
      expect(await page.locator('[data-testid=module-tile]:has-text("Temporary module")').count()).toBe(0);

      await page.click('[data-testid=module-tile]:has-text("2026 union activities")');
      await page.click("[data-testid=module-orders]");
      await page.waitForSelector("[data-testid=module-order-row]");
      await noSeriousViolations(page);
      await settledShot(page, "modules/orders-en-phone");
      await close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  test("a member sees no module tools", async () => {
    const { page, close } = await visitor(world, { viewport: DESK });
    await enter(page, world, "cn100001", { language: "zh" });
    await page.goto(`${world.server.url}/activity`);
    await page.waitForSelector("[data-testid=module-tile]");
    expect(await page.locator("[data-testid=new-module]").count()).toBe(0);
    await page.click('[data-testid=module-tile]:has-text("2026年工会活动")');
    await page.waitForSelector("[data-testid=activity-tile]");
    expect(await page.locator("[data-testid=edit-module], [data-testid=new-activity], [data-testid=module-orders]").count()).toBe(0);
    await close();
  });
});
