// Spec 2 "News and notices": a member reads a notice and its "new" mark goes;
// news with their covers and an image in the text; an editor publishes a
// news item with a cover and an image in its text, finds it in the list,
// edits it and deletes it. Both languages, a desk and a phone.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import type { Page } from "playwright-core";
import { drawCover } from "../../src/db/seed/covers";
import { seriousViolations } from "../helpers/axe";
import { DESK, PHONE, SETUP_TIMEOUT_MS, type World, messageText, nextFrames, pressOk, settledShot, enter, startWorld, stopWorld, test, visitor } from "./support";

const JOURNEY_TIMEOUT_MS = 90_000;

let world: World;
beforeAll(async () => {
  world = await startWorld();
}, SETUP_TIMEOUT_MS);
afterAll(() => stopWorld(world));

type Language = "zh" | "en";
const OK: Record<Language, "确定" | "OK"> = { zh: "确定", en: "OK" };

const TEXT = {
  zh: {
    notice: "通知公告",
    news: "新闻资讯",
    home: "首页",
    unread: "新",
    pinned: "置顶",
    published: "发布时间",
    create: "发布新闻",
    nameZhRequired: "请填写中文标题。",
    nameEnRequired: "请填写英文标题。",
    tooLarge: "图片大小不得超过2mb",
    wrongType: "图片格式请使用image/png,image/jpeg,image/jpg",
    submitted: "提交完成。",
    confirmDelete: "确定删除此条目吗？删除后无法恢复",
    deleted: "删除完成",
    save: "提交",
    createNotice: "发布通知",
    cancel: "取消",
  },
  en: {
    notice: "Notices",
    news: "News",
    home: "Home",
    unread: "New",
    pinned: "Pinned",
    published: "Published",
    create: "Publish news",
    nameZhRequired: "Please fill in the Chinese title.",
    nameEnRequired: "Please fill in the English title.",
    tooLarge: "The image may not be larger than 2 MB",
    wrongType: "Please use an image of type image/png, image/jpeg or image/jpg",
    submitted: "Submitted.",
    confirmDelete: "Are you sure to delete this item? It cannot be restored after deletion",
    deleted: "Deletion complete",
    save: "Submit",
    createNotice: "Publish a notice",
    cancel: "Cancel",
  },
};

const titles = (page: Page, kind: "notice" | "news") => page.$$eval(`[data-testid=${kind}-item] [data-testid=news-title]`, (els) => els.map((e) => e.textContent?.trim() ?? ""));

async function openList(page: Page, kind: "notice" | "news") {
  await page.goto(`${world.server.url}/news/list?type=${kind}`);
  await page.waitForSelector(`[data-testid=${kind}-item]`);
}

/** The images of the page have all loaded (covers, pictures in the text). */
async function imagesLoaded(page: Page, selector: string) {
  await page.waitForFunction((sel) => [...document.querySelectorAll<HTMLImageElement>(sel)].every((img) => img.complete && img.naturalWidth > 0), selector);
  return page.$$eval(selector, (imgs) => imgs.length);
}

/** The scripts a page fetches, from now on (recorded by the browser, not by the page's own clock-faked timeline). */
function scriptsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.endsWith(".js")) urls.push(response.url());
  });
  return urls;
}

/** Whether Quill is among the scripts (its chunk is the only one naming its toolbar). */
async function quillAmong(urls: string[]): Promise<boolean> {
  expect(urls.length).toBeGreaterThan(0);
  for (const url of urls) if ((await (await fetch(url)).text()).includes("ql-toolbar")) return true;
  return false;
}

/** Says OK to a confirmation whose answer is itself a message: wait until the next box says something else. */
async function confirmYes(page: Page, language: Language) {
  const question = await messageText(page);
  await page.click(`[role=alertdialog] .button-primary:has-text("${OK[language]}")`);
  await page.waitForFunction((q) => document.querySelector("[data-testid=message-text]")?.textContent?.trim() !== q, question);
}

const readers: { language: Language; size: "desk" | "phone"; viewport: typeof DESK; account: string; position: number }[] = [
  { language: "zh", size: "desk", viewport: DESK, account: "cn100001", position: 0 },
  { language: "en", size: "phone", viewport: PHONE, account: "cn100002", position: 0 },
  { language: "zh", size: "phone", viewport: PHONE, account: "cn100001", position: 1 },
  { language: "en", size: "desk", viewport: DESK, account: "cn100002", position: 1 },
];

describe("a member reads news and notices", () => {
  for (const { language, size, viewport, account, position } of readers) {
    const text = TEXT[language];
    test(
      `a member opens an unread notice, sees it dated to the second, and its "new" mark is gone on return, in ${language} on a ${size}`,
      async () => {
        const { page, close } = await visitor(world, { viewport });
        const scripts = scriptsOf(page);
        await enter(page, world, account, { language });
        await openList(page, "notice");
        expect(await page.textContent(".page-title")).toBe(text.notice);
        expect(await page.$$eval(".breadcrumb li", (els) => els.map((e) => e.textContent?.trim()))).toEqual([text.home, text.notice]);
        const items = page.locator("[data-testid=notice-item]");
        const before = await items.count();
        expect(before).toBe(6);
        const unreadBefore = await page.locator("[data-testid=news-new]").count();
        const row = items.nth(position);
        expect(await row.locator("[data-testid=news-new]").textContent()).toContain(text.unread);
        expect(await row.locator("time").textContent()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
        // Nobody but an editor gets the create button.
        expect(await page.locator("[data-testid=news-create]").count()).toBe(0);
        await settledShot(page, `news/notice-list-${language}-${size}`);
        expect(await seriousViolations(page)).toEqual([]);

        const title = (await row.locator("[data-testid=news-title]").textContent())!.trim();
        await row.locator("a").click();
        await page.waitForSelector("[data-testid=news-article]");
        expect(await page.textContent(".page-title")).toBe(title);
        expect(await page.$$eval(".breadcrumb li", (els) => els.map((e) => e.textContent?.trim()))).toEqual([text.home, text.notice, title]);
        expect(await page.textContent("[data-testid=news-date]")).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
        expect(await page.textContent(".news-article-date")).toContain(text.published);
        expect((await page.textContent("[data-testid=news-content]"))!.length).toBeGreaterThan(10);
        expect(await page.locator("[data-testid=news-edit]").count()).toBe(0);
        expect(await page.locator("[data-testid=news-delete]").count()).toBe(0);
        await settledShot(page, `news/notice-info-${language}-${size}`);
        expect(await seriousViolations(page)).toEqual([]);

        // Back to the list through the breadcrumb: the notice read has lost its mark, the others kept theirs.
        await page.click(`.breadcrumb a:has-text("${text.notice}")`);
        await page.waitForSelector("[data-testid=notice-item]");
        const again = page.locator("[data-testid=notice-item]").nth(position);
        expect((await again.locator("[data-testid=news-title]").textContent())!.trim()).toBe(title);
        expect(await again.locator("[data-testid=news-new]").count()).toBe(0);
        expect(await page.locator("[data-testid=news-new]").count()).toBe(unreadBefore - 1);
        await settledShot(page, `news/notice-list-after-${language}-${size}`);

        // News: covers and titles, the pinned one first; an article with a picture in its text.
        await openList(page, "news");
        expect(await page.textContent(".page-title")).toBe(text.news);
        const news = await titles(page, "news");
        expect(news[0]).toStartWith(text.pinned);
        expect(await imagesLoaded(page, "[data-testid=news-item] img")).toBe(4);
        await settledShot(page, `news/news-list-${language}-${size}`);
        expect(await seriousViolations(page)).toEqual([]);
        await page.click(`[data-testid=news-item] a:has-text("${language === "zh" ? "春季职工运动会" : "Spring staff games"}")`);
        await page.waitForSelector("[data-testid=news-article]");
        expect(await imagesLoaded(page, "[data-testid=news-content] img")).toBe(1);
        // A story shows when it was published (to the minute) and its cover above the text.
        expect(await page.textContent("[data-testid=news-date]")).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
        expect(await imagesLoaded(page, "[data-testid=news-cover]")).toBe(1);
        // Readers never download the editor.
        expect(await quillAmong(scripts)).toBe(false);
        await settledShot(page, `news/news-info-${language}-${size}`);
        await close();
      },
      JOURNEY_TIMEOUT_MS,
    );
  }
});

const COVER = Buffer.from(drawCover("#0d47a1", "#4fc3f7", 640, 400));
/** What the editor says the picture in the text shows, then says better. */
const ALT = { zh: "一楼大厅里展出的会员摄影作品", en: "Members' photographs on show in the lobby" };
const ALT_AGAIN = { zh: "摄影展开幕当天的一楼大厅", en: "The lobby on the photo show's opening day" };
const PICTURE = Buffer.from(drawCover("#ad1457", "#f8bbd0", 480, 240));

const editors: { language: Language; size: "desk" | "phone"; viewport: typeof DESK }[] = [
  { language: "zh", size: "desk", viewport: DESK },
  { language: "en", size: "phone", viewport: PHONE },
];

describe("an editor publishes news", () => {
  for (const { language, size, viewport } of editors) {
    const text = TEXT[language];
    const nameZh = `工会摄影展开幕${size}`;
    const nameEn = `Union photo show opens (${size})`;
    const mine = language === "zh" ? nameZh : nameEn;
    test(
      `an editor publishes a news item with a cover and a picture in its text, finds it, edits it and deletes it, in ${language} on a ${size}`,
      async () => {
        const { page, close } = await visitor(world, { viewport });
        const scripts = scriptsOf(page);
        await enter(page, world, "cn000002", { language });
        await openList(page, "news");
        await page.click("[data-testid=news-create]");
        await page.waitForSelector("[data-testid=news-contentZh] .ql-editor");
        await page.waitForSelector("[data-testid=news-contentEn] .ql-editor");
        expect(await quillAmong(scripts)).toBe(true);

        // Titles are required, each with the spec's words.
        await page.click(`[role=dialog] .button-primary:has-text("${text.save}")`);
        expect(await page.$$eval("#news-form .field-error", (els) => els.map((e) => e.textContent?.trim()))).toEqual([text.nameZhRequired, text.nameEnRequired]);
        await settledShot(page, `news/editor-errors-${language}-${size}`);

        await page.fill("#news-nameZh", nameZh);
        await page.fill("#news-nameEn", nameEn);
        expect(await page.locator("#news-form .field-error").count()).toBe(0);
        await page.setInputFiles("[data-testid=news-face] input[type=file]", { name: "cover.png", mimeType: "image/png", buffer: COVER });
        await imagesLoaded(page, "[data-testid=news-face] img");
        await page.check("[data-testid=news-isTop]");

        // The text's image button: too large, then not really an image, then a real one.
        const editorZh = page.locator("[data-testid=news-contentZh] .ql-editor");
        await editorZh.click();
        await page.keyboard.type(language === "zh" ? "本周五，工会摄影展在一楼大厅开幕。" : "The union photo show opens in the lobby on Friday.");
        await page.keyboard.press("Enter");
        const pick = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
          const chooser = page.waitForEvent("filechooser");
          await page.click("[data-testid=news-contentZh] .ql-toolbar button.ql-image");
          await (await chooser).setFiles(file);
        };
        await pick({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(2 * 1024 * 1024 + 1) });
        expect(await messageText(page)).toBe(text.tooLarge);
        await pressOk(page, OK[language]);
        await pick({ name: "renamed.png", mimeType: "image/png", buffer: Buffer.from("GIF89a not a png at all") });
        expect(await messageText(page)).toBe(text.wrongType);
        await pressOk(page, OK[language]);
        await pick({ name: "picture.png", mimeType: "image/png", buffer: PICTURE });
        await page.waitForSelector('[data-testid=news-contentZh] .ql-editor img[src^="/api/file/get?key="]');
        // Asked at once what the picture shows; the description goes on the image.
        await page.waitForSelector("[data-testid=alt-text]");
        await settledShot(page, `news/editor-alt-${language}-${size}`);
        await page.fill("[data-testid=alt-text]", ALT[language]);
        await page.click("[data-testid=alt-save]");
        await page.waitForSelector("[data-testid=alt-text]", { state: "detached" });
        expect(await page.getAttribute("[data-testid=news-contentZh] .ql-editor img", "alt")).toBe(ALT[language]);
        // The editor's form was not sent by the description's.
        expect(await page.isVisible("[data-testid=news-editor]")).toBe(true);
        expect(await page.$$eval("[data-testid=news-contentZh] .ql-editor img", (imgs) => imgs.map((i) => i.getAttribute("src")!.startsWith("data:")))).toEqual([false]);
        await page.locator("[data-testid=news-contentEn] .ql-editor").click();
        await page.keyboard.type("Photos by our members, all week long.");
        await nextFrames(page);
        await settledShot(page, `news/editor-filled-${language}-${size}`);
        expect(await seriousViolations(page)).toEqual([]);

        await page.click(`[role=dialog] .button-primary:has-text("${text.save}")`);
        expect(await messageText(page)).toBe(text.submitted);
        await pressOk(page, OK[language]);
        await page.waitForSelector("[data-testid=news-article]");
        expect(page.url()).toContain("/news/info?id=");
        expect(await page.textContent(".page-title")).toBe(mine);
        expect(await imagesLoaded(page, "[data-testid=news-content] img")).toBe(language === "zh" ? 1 : 0);
        await settledShot(page, `news/editor-published-${language}-${size}`);
        expect(await seriousViolations(page)).toEqual([]);

        // In the list: pinned, and newer than the other pinned item, so first, with its cover.
        await page.click(`.breadcrumb a:has-text("${text.news}")`);
        await page.waitForSelector("[data-testid=news-item]");
        const first = page.locator("[data-testid=news-item]").first();
        expect((await first.locator("[data-testid=news-title]").textContent())!.trim()).toBe(`${text.pinned}${mine}`);
        await imagesLoaded(page, "[data-testid=news-item] img");
        await settledShot(page, `news/editor-list-${language}-${size}`);

        // Edit: the dialog holds what was saved; a new title is shown once submitted.
        await first.locator("a").click();
        await page.waitForSelector("[data-testid=news-edit]");
        await page.click("[data-testid=news-edit]");
        await page.waitForSelector("[data-testid=news-contentZh] .ql-editor img");
        // The description came back from the server; a click on the picture changes it.
        expect(await page.getAttribute("[data-testid=news-contentZh] .ql-editor img", "alt")).toBe(ALT[language]);
        await page.click("[data-testid=news-contentZh] .ql-editor img");
        expect(await page.inputValue("[data-testid=alt-text]")).toBe(ALT[language]);
        await page.fill("[data-testid=alt-text]", ALT_AGAIN[language]);
        await page.press("[data-testid=alt-text]", "Enter");
        await page.waitForSelector("[data-testid=alt-text]", { state: "detached" });
        expect(await page.inputValue("#news-nameZh")).toBe(nameZh);
        expect(await page.isChecked("[data-testid=news-isTop]")).toBe(true);
        await page.fill("#news-nameZh", `${nameZh}（更新）`);
        await page.fill("#news-nameEn", `${nameEn} (updated)`);
        await page.click(`[role=dialog] .button-primary:has-text("${text.save}")`);
        expect(await messageText(page)).toBe(text.submitted);
        await pressOk(page, OK[language]);
        await page.waitForFunction((want) => document.querySelector(".page-title")?.textContent === want, language === "zh" ? `${nameZh}（更新）` : `${nameEn} (updated)`);
        // Saved again from the editor, the picture keeps the description it was given.
        if (language === "zh") expect(await page.$$eval("[data-testid=news-content] img", (imgs) => imgs.map((i) => i.getAttribute("alt")))).toEqual([ALT_AGAIN.zh]);
        expect(await seriousViolations(page)).toEqual([]);

        // Delete: the spec's question, then "deletion complete", then the list of that kind without it.
        await page.click("[data-testid=news-delete]");
        expect(await messageText(page)).toBe(text.confirmDelete);
        await settledShot(page, `news/editor-delete-${language}-${size}`);
        await confirmYes(page, language);
        expect(await messageText(page)).toBe(text.deleted);
        await pressOk(page, OK[language]);
        await page.waitForFunction(() => location.pathname + location.search === "/news/list?type=news");
        await page.waitForSelector("[data-testid=news-item]");
        expect((await titles(page, "news")).some((t) => t.includes(language === "zh" ? nameZh : nameEn))).toBe(false);

        // A notice has no cover and no pin: its editor offers neither.
        await openList(page, "notice");
        await page.click("[data-testid=news-create]");
        await page.waitForSelector("[data-testid=news-contentZh] .ql-editor");
        expect(await page.textContent("[role=dialog] h2")).toBe(text.createNotice);
        expect(await page.locator("[data-testid=news-face], [data-testid=news-isTop]").count()).toBe(0);
        await page.click(`[role=dialog] .button-quiet:has-text("${text.cancel}")`);
        await page.waitForSelector("[data-testid=news-editor]", { state: "detached" });
        await close();
      },
      JOURNEY_TIMEOUT_MS,
    );
  }
});
