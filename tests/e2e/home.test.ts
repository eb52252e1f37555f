// Issue 9 items 1 and 2 in the browser: a member browses the home page (the
// carousel advances and holds still under the pointer, a banner opens its
// target, the MORE links, the side pop-ups, the health entry, the
// announcement once), in Chinese on a desk and in English on a phone; an
// editor creates a banner with an image, finds it in the list window and on
// the carousel, and deletes it.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import type { Page } from "playwright-core";
import { seriousViolations } from "../helpers/axe";
import { drawCover } from "../../src/db/seed/covers";
import {
  DESK,
  PHONE,
  SETUP_TIMEOUT_MS,
  type World,
  dismissAnnouncement,
  fillLogin,
  messageText,
  nextFrames,
  openLogin,
  chooseLanguage,
  pathOf,
  pressOk,
  settledShot,
  enter,
  startWorld,
  stopWorld,
  test,
  visitor,
  waitForAnnouncementCheck,
  waitForPath,
} from "./support";

const JOURNEY_MS = 60_000;
const HEALTH = "https://health.union.example.com";

let world: World;
beforeAll(async () => {
  world = await startWorld();
}, SETUP_TIMEOUT_MS);
afterAll(() => stopWorld(world));

/** Signs in by hand, so the journey sees the announcement itself; answers whether the check has been made. */
async function signInSeeing(page: Page, account: string, language: "zh" | "en") {
  await openLogin(page, world);
  await chooseLanguage(page, language);
  await fillLogin(page, account);
  const checked = waitForAnnouncementCheck(page);
  await page.press("#login-code", "Enter");
  await page.waitForURL(`${world.server.url}/index`);
  return checked;
}

const current = (page: Page) => page.getAttribute("[data-testid=carousel]", "data-current");
const moving = (page: Page) => page.getAttribute("[data-testid=carousel]", "data-moving");

/** Nothing on the page is wider than the screen. */
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function homeLoaded(page: Page) {
  await page.waitForSelector("[data-testid=carousel] [data-testid=carousel-slide]");
  await page.waitForSelector("[data-testid=home-activity]");
  await page.waitForSelector("[data-testid=club-button]");
  await page.waitForSelector("[data-testid=gift-button], [data-testid=gift-soon]");
  await page.waitForSelector("[data-testid=home-notice] .home-loading", { state: "detached" });
  await page.waitForSelector("[data-testid=home-news] .home-loading", { state: "detached" });
}

describe("a member on the home page", () => {
  test("in Chinese on a desk: the announcement once, the carousel, a banner's target, MORE, the side pop-ups and the health section", async () => {
    const { page, context, close } = await visitor(world, { viewport: DESK });
    const checked = await signInSeeing(page, "cn100001", "zh");
    // The editor's announcement, once.
    await page.waitForSelector("[data-testid=announcement]");
    expect(await page.textContent("[role=dialog] h2")).toBe("新春快乐！节日礼品兑换开始啦");
    expect(await page.textContent("[data-testid=announcement]")).toContain("union-support@example.com");
    expect(await page.locator("[data-testid=announcement] p").count()).toBe(6);
    await settledShot(page, "home/zh-desk-announcement");
    // Dismissed with the keyboard, focus lands on the page's heading, not on the page itself.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("我知道了");
    await page.keyboard.press("Enter");
    await page.waitForSelector("[data-testid=announcement]", { state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("welcome-title");
    await checked;
    await homeLoaded(page);
    expect(await seriousViolations(page)).toEqual([]);
    await settledShot(page, "home/zh-desk");

    // The carousel: the first banner (the highest order), the next after 5 s; still under the pointer.
    const slides = await page.locator("[data-testid=carousel-slide]").count();
    expect(slides).toBeGreaterThanOrEqual(2);
    // Held under the pointer while the clock stops, then back to the first banner: its five seconds start now.
    await page.hover("[data-testid=carousel]");
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    await page.click(".carousel-dot >> nth=0");
    // Focus inside holds it too: leave it.
    expect(await moving(page)).toBe("false");
    await page.click("[data-testid=welcome]");
    expect(await current(page)).toBe("0");
    expect(await moving(page)).toBe("true");
    await page.clock.runFor(4_900);
    expect(await current(page)).toBe("0");
    await page.clock.runFor(200);
    await page.waitForFunction(() => document.querySelector("[data-testid=carousel]")?.getAttribute("data-current") === "1");
    await page.hover("[data-testid=carousel]");
    expect(await moving(page)).toBe("false");
    await page.clock.runFor(12_000);
    expect(await current(page)).toBe("1");
    await page.mouse.move(5, 5);
    expect(await moving(page)).toBe("true");
    await page.clock.runFor(5_100);
    await page.waitForFunction((n) => document.querySelector("[data-testid=carousel]")?.getAttribute("data-current") === String(2 % n), slides);
    // The pause button stops it for good; the dots choose a banner.
    await page.click("[data-testid=carousel-pause]");
    await page.mouse.move(5, 5);
    await page.click("[data-testid=welcome]");
    expect(await moving(page)).toBe("false");
    await page.click(".carousel-dot >> nth=0");
    expect(await current(page)).toBe("0");
    await page.clock.resume();
    // The first banner leads to this year's activity module.
    await page.click("[data-testid=carousel-slide].is-current [data-testid=banner-link]");
    await waitForPath(page, "/activity/module");
    expect(new URL(page.url()).search).toMatch(/^\?id=\d+$/);
    await page.goBack();
    await waitForPath(page, "/index");
    await homeLoaded(page);
    // Not shown again.
    expect(await page.isVisible("[data-testid=announcement]")).toBe(false);

    // The latest 5 notices and 3 news, each opening its page; the unread reply in the mailbox is marked.
    const notices = await page.locator("[data-testid=home-notice] li").count();
    const stories = await page.locator("[data-testid=home-news] li").count();
    expect(notices).toBeGreaterThan(0);
    expect(notices).toBeLessThanOrEqual(5);
    expect(stories).toBeGreaterThan(0);
    expect(stories).toBeLessThanOrEqual(3);
    expect(await page.textContent("[data-testid=mailbox-entry]")).toBe("在线给工会写信新回复");
    await page.click("[data-testid=home-notice] li >> nth=0 >> a");
    await page.waitForFunction(() => location.pathname === "/news/info" && /^\?id=\d+$/.test(location.search));
    await page.goBack();
    await homeLoaded(page);

    // MORE.
    await page.click("[data-testid=more-notice]");
    await waitForPath(page, "/news/list?type=notice");
    await page.goBack();
    // Back home, drawn and settled before the next click: a click while it still draws can land beside the link.
    await homeLoaded(page);
    await page.click("[data-testid=more-news]");
    await waitForPath(page, "/news/list?type=news");
    await page.goBack();
    await homeLoaded(page);

    // The side pop-ups.
    await page.click("[data-testid=side-mailbox]");
    expect(await page.textContent("[role=dialog]")).toContain("union@example.com");
    await settledShot(page, "home/zh-desk-mailbox");
    await page.keyboard.press("Escape");
    await page.click("[data-testid=side-support]");
    const support = (await page.textContent("[role=dialog]")) ?? "";
    expect(support).toContain("021-6000 0000");
    expect(support).toContain("union-support@example.com");
    expect(support).toContain("工作日 9:30-17:30");
    await page.keyboard.press("Escape");
    await page.click("[data-testid=side-help]");
    expect(await page.getAttribute("[data-testid=help-link]", "href")).toBe("https://union.example.com/help/portal-guide.pdf");
    await page.keyboard.press("Escape");
    await page.click("[data-testid=side-social]");
    await page.waitForFunction(() => (document.querySelector<HTMLImageElement>("[data-testid=social-qr]")?.naturalWidth ?? 0) > 0);
    expect(await seriousViolations(page)).toEqual([]);
    await settledShot(page, "home/zh-desk-social");
    await page.keyboard.press("Escape");

    // The health section: a new window on the sibling host with a key, the protocol and the host.
    await context.route(`${HEALTH}/**`, (route) => route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Health</title><h1>Health</h1>" }));
    const opened = context.waitForEvent("page");
    await page.click("[data-testid=health-entry]");
    const health = await opened;
    await health.waitForURL(/^https:\/\/health\.union\.example\.com\//);
    const url = new URL(health.url());
    expect(url.searchParams.get("key")).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get("protocol")).toBe("http");
    expect(url.searchParams.get("host")).toBe(new URL(world.server.url).host);
    await health.close();
    await close();
  }, JOURNEY_MS);

  test("in English on a phone: the announcement in English, a page that fits, and the side pop-ups", async () => {
    const { page, close } = await visitor(world, { viewport: PHONE });
    const checked = await signInSeeing(page, "cn100002", "en");
    await page.waitForSelector("[data-testid=announcement]");
    expect(await page.textContent("[role=dialog] h2")).toBe("Happy New Year! Holiday gift redemption is open");
    expect(await page.textContent("[data-testid=announcement]")).toContain("every Monday");
    await settledShot(page, "home/en-phone-announcement");
    await page.click("[role=dialog] .dialog-footer .button-primary:has-text('Got it')");
    await checked;
    await homeLoaded(page);
    expect(await page.textContent("[data-testid=home-activity] >> nth=0")).not.toMatch(/[\u4e00-\u9fff]/);
    expect(await page.textContent(".carousel-slide.is-current .carousel-caption")).not.toMatch(/[\u4e00-\u9fff]/);
    expect(await page.textContent("[data-testid=more-notice]")).toBe("MORE");
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await settledShot(page, "home/en-phone");
    await page.click("[data-testid=side-support]");
    expect(await page.textContent("[role=dialog]")).toContain("Workdays 9:30-17:30");
    await settledShot(page, "home/en-phone-support");
    await page.keyboard.press("Escape");
    // A reload does not show the announcement again.
    const again = waitForAnnouncementCheck(page);
    await page.reload();
    await again;
    await nextFrames(page);
    expect(await page.isVisible("[data-testid=announcement]")).toBe(false);
    // No unread reply for this member; the gift showcase opens its market.
    expect(await page.isVisible("[data-testid=mailbox-unread]")).toBe(false);
    expect(await page.getAttribute("[data-testid=gift-button]", "href")).toMatch(/^\/market\?id=\d+$/);
    await page.click("[data-testid=gift-button]");
    await waitForPath(page, "/market");
    expect(new URL(page.url()).search).toMatch(/^\?id=\d+$/);
    await close();
  }, JOURNEY_MS);
});

/**
 * What is wrong with the notices and news panels, if anything: a panel wider
 * than the main column, a title cut off (rather than wrapped), a date
 * outside its panel or the screen, or a page that scrolls sideways.
 */
const feedProblems = (page: Page) =>
  page.evaluate(() => {
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth) problems.push(`page ${document.documentElement.scrollWidth} px wide in ${window.innerWidth}`);
    const column = document.querySelector(".home-main")!.getBoundingClientRect();
    for (const panel of document.querySelectorAll<HTMLElement>("[data-testid=home-notice], [data-testid=home-news]")) {
      const box = panel.getBoundingClientRect();
      const kind = panel.dataset.testid;
      if (box.right > column.right + 0.5) problems.push(`${kind} ends ${box.right - column.right} px past its column`);
      for (const name of panel.querySelectorAll<HTMLElement>(".home-news-name")) {
        if (name.scrollWidth > name.clientWidth + 1 || name.scrollHeight > name.clientHeight + 1) problems.push(`${kind} title cut: ${name.textContent}`);
        const r = name.getBoundingClientRect();
        if (r.right > box.right + 0.5) problems.push(`${kind} title past its panel: ${name.textContent}`);
      }
      for (const date of panel.querySelectorAll<HTMLElement>(".home-news-date")) {
        const r = date.getBoundingClientRect();
        if (r.width === 0 || r.left < box.left || r.right > box.right + 0.5 || r.right > window.innerWidth) problems.push(`${kind} date hidden: ${date.textContent}`);
      }
    }
    return problems;
  });

describe("the notices and news panels", () => {
  const LONG = "The union's Fifth Workers' Congress opens with delegates from every workshop, the 2026 budget and https://union.example.com/congress/2026/agenda";

  /** Gives the first news story a long English title, as an editor might. */
  const lengthenTitle = (page: Page) =>
    page.evaluate((title) => {
      const name = document.querySelector("[data-testid=home-news] .home-news-name")!;
      const text = [...name.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).at(-1)!;
      text.textContent = title;
    }, LONG);

  test("fit their column with whole titles and dates at 1366 and 1024 px in English, in Chinese, and on a phone", async () => {
    const { page, close } = await visitor(world, { viewport: { width: 1366, height: 900 } });
    await enter(page, world, "cn100002", { language: "en" });
    await homeLoaded(page);
    expect(await feedProblems(page)).toEqual([]);
    await lengthenTitle(page);
    expect(await feedProblems(page)).toEqual([]);
    await settledShot(page, "home/en-1366-long-news-title");
    await page.setViewportSize({ width: 1024, height: 800 });
    expect(await feedProblems(page)).toEqual([]);
    await settledShot(page, "home/en-1024-feeds");
    await page.setViewportSize({ width: 375, height: 740 });
    expect(await feedProblems(page)).toEqual([]);
    await page.setViewportSize({ width: 1024, height: 800 });
    await chooseLanguage(page, "zh");
    expect(await feedProblems(page)).toEqual([]);
    await settledShot(page, "home/zh-1024-feeds");
    await close();
  }, JOURNEY_MS);

  test("at 200% zoom (683 px at twice the pixels) the page does not scroll sideways", async () => {
    const { page, close } = await visitor(world, { viewport: { width: 683, height: 400 }, deviceScaleFactor: 2 });
    await enter(page, world, "cn100002", { language: "en" });
    await homeLoaded(page);
    expect(await feedProblems(page)).toEqual([]);
    await lengthenTitle(page);
    expect(await feedProblems(page)).toEqual([]);
    await settledShot(page, "home/en-zoom-200");
    await close();
  }, JOURNEY_MS);
});

describe("an editor and the banners", () => {
  const png = Buffer.from(drawCover("#0f766e", "#fde68a", 900, 360));

  test("in Chinese on a desk: creates a banner with an image, sees it in the list and on the carousel, and deletes it", async () => {
    const { page, close } = await visitor(world, { viewport: DESK });
    await enter(page, world, "cn000002");
    await homeLoaded(page);
    await page.click("[data-testid=edit-banners]");
    await page.waitForSelector("[data-testid=banner-row]");
    const before = await page.locator("[data-testid=banner-row]").count();
    expect(await page.locator("[data-testid=banner-table] tbody tr").count()).toBe(30);
    expect(await page.textContent("[data-testid=banner-paging]")).toBe(`共${before}条记录 1页 当前第1页`);
    expect(await page.textContent("[data-testid=banner-table]")).toContain("N/A");
    await settledShot(page, "home/zh-desk-banner-list");

    await page.click("[data-testid=banner-new]");
    await page.waitForSelector("#banner-nameZh");
    await page.click("[data-testid=banner-save]");
    expect(await page.textContent("#banner-nameZh-error")).toBe("请填写中文名称");
    expect(await page.textContent("#banner-nameEn-error")).toBe("请填写英文名称");
    await page.fill("#banner-nameZh", "  春季健康讲座 ");
    await page.fill("#banner-nameEn", "Spring health talk");
    await page.fill("#banner-index", "900");
    await page.selectOption("#banner-jump", { label: "活动详情" });
    await page.click("[data-testid=banner-save]");
    expect(await page.textContent("#banner-param-error")).toBe("请填写跳转参数:id");
    await page.fill("#banner-param", "999999");
    // A file that is not an image, then one that is.
    await page.setInputFiles("[data-testid=banner-cover] input[type=file]", { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    expect(await messageText(page)).toBe("图片格式请使用image/png,image/jpeg,image/jpg");
    await pressOk(page, "确定");
    await page.setInputFiles("[data-testid=banner-cover] input[type=file]", { name: "talk.png", mimeType: "image/png", buffer: png });
    await page.waitForFunction(() => (document.querySelector<HTMLImageElement>("[data-testid=banner-cover] img")?.naturalWidth ?? 0) === 900);
    await page.click("[data-testid=banner-save]");
    expect(await page.textContent("#banner-param-error")).toBe("跳转目标不存在，请检查跳转参数");
    await page.fill("#banner-param", "1");
    expect(await seriousViolations(page)).toEqual([]);
    await settledShot(page, "home/zh-desk-banner-editor");
    await page.click("[data-testid=banner-save]");
    expect(await messageText(page)).toBe("保存完成");
    await pressOk(page, "确定");
    await page.waitForFunction((n) => document.querySelectorAll("[data-testid=banner-row]").length === n, before + 1);
    expect(await page.textContent("[data-testid=banner-row] >> nth=0")).toContain("春季健康讲座");
    expect(await page.textContent("[data-testid=banner-paging]")).toBe(`共${before + 1}条记录 1页 当前第1页`);

    // Closed, the home page shows it first on the carousel, leading to the activity.
    await page.keyboard.press("Escape");
    await page.waitForSelector("[data-testid=banner-table]", { state: "detached" });
    await page.waitForFunction(() => document.querySelector(".carousel-slide.is-current .carousel-caption")?.textContent === "春季健康讲座");
    expect(await page.getAttribute(".carousel-slide.is-current [data-testid=banner-link]", "href")).toBe("/activity/info?id=1");

    // Deleted from its editor.
    await page.click("[data-testid=edit-banners]");
    await page.waitForSelector("[data-testid=banner-table]");
    await page.click("[data-testid=banner-row] >> nth=0 >> button");
    await page.waitForFunction(() => (document.querySelector<HTMLInputElement>("#banner-nameZh")?.value ?? "") === "春季健康讲座");
    expect(await page.inputValue("#banner-index")).toBe("900");
    await page.click("[data-testid=banner-delete]");
    expect(await messageText(page)).toBe("确定删除此横幅吗？");
    await page.click("[role=alertdialog] .button-primary:has-text('确定')");
    await page.waitForFunction(() => document.querySelector("[data-testid=message-text]")?.textContent === "删除完成");
    await pressOk(page, "确定");
    await page.waitForFunction((n) => document.querySelectorAll("[data-testid=banner-row]").length === n, before);
    await page.keyboard.press("Escape");
    await page.waitForFunction(() => document.querySelector(".carousel-slide.is-current .carousel-caption")?.textContent !== "春季健康讲座");
    await close();
  }, JOURNEY_MS);

  test("in English on a phone: the banner list and the announcement window fit the screen", async () => {
    const { page, close } = await visitor(world, { viewport: PHONE });
    await enter(page, world, "cn000001", { language: "en" });
    await homeLoaded(page);
    await page.click("[data-testid=edit-banners]");
    await page.waitForSelector("[data-testid=banner-row]");
    expect(await page.textContent("[data-testid=banner-paging]")).toMatch(/^\d+ in all, page 1 of 1$/);
    await settledShot(page, "home/en-phone-banner-list");
    await page.click("[data-testid=banner-new]");
    await page.click("[data-testid=banner-save]");
    expect(await page.textContent("#banner-nameZh-error")).toBe("Please enter the Chinese name");
    await settledShot(page, "home/en-phone-banner-editor");
    // Each window gone before the next key: a second Escape that lands late closed the announcement window just opened.
    await page.keyboard.press("Escape");
    await page.waitForSelector("[data-testid=banner-save]", { state: "detached" });
    await page.keyboard.press("Escape");
    await page.waitForSelector("[data-testid=banner-row]", { state: "detached" });
    await page.click("[data-testid=edit-announcements]");
    await page.waitForSelector("[data-testid=announcement-row]");
    await page.click("[data-testid=announcement-row] >> nth=0 >> button:has-text('Edit')");
    expect(await page.inputValue("#announcement-titleEn")).toBe("Happy New Year! Holiday gift redemption is open");
    expect(await noSidewaysScroll(page)).toBe(true);
    await settledShot(page, "home/en-phone-announcement-editor");
    await close();
  }, JOURNEY_MS);
});
