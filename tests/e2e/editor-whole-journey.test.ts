// The whole of issue 17 in one journey (spec 3 sections 2.1-2.3, 4.1, 5, 8):
// the editor cn000002 builds an activity from nothing on a module page, in
// Chinese on a desk: a question bank with a scored random quiz whose questions
// and options have pictures, basic info (places, dates, delivery, rich text
// with a picture from the editor's image button, the bank bound with its
// display way, draw, weights, scores, answers, pass line and review), the
// wording, a team with two tag groups, a family rule with a gift, a
// condition, a layout; signs up on it in preview (a preview order in their
// centre, gone at the publish) and publishes it. A member in English at 375
// px sees the wording (and the layout on a desk), signs up with the quiz and a
// family member with the gift; the editor finds the order, exports it, fills
// in the courier sheet and imports it; the member sees the parcel. Then the
// bar's revert and take-offline, each confirmed. Every editor window is
// checked with axe as it opens. A second journey: the wording window and the
// layout tool in English at 375 px.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import * as XLSX from "xlsx";
import { drawCover } from "../../src/db/seed/covers";
import { formatChinaDateTime } from "../../ui/lib/china-time";
import { seriousViolations } from "../helpers/axe";
import { START } from "../helpers/clock";
import { DESK, PHONE, SETUP_TIMEOUT_MS, type World, fillAddress, messageText, nextFrames, pressOk, settledShot, enter, startWorld, stopWorld, test, visitor } from "./support";

const JOURNEY_TIMEOUT_MS = 240_000;
const DAY = 86_400_000;
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

let world: World;
beforeAll(async () => {
  world = await startWorld();
}, SETUP_TIMEOUT_MS);
afterAll(() => stopWorld(world));

const png = (name: string, a: string, b: string, w = 240, h = 160) => ({ name, mimeType: "image/png", buffer: Buffer.from(drawCover(a, b, w, h)) });
const NAME = { zh: "秋季森林亲子徒步", en: "Autumn forest family hike" };
const BANK = "森林安全知识题库";
/** The bank's questions: a title (or only a picture), options with pictures, the right answer. */
const QUESTIONS = [
  { type: "1003", zh: "哪种标志表示安全出口？", en: "Which sign marks a safe exit?", picture: true, options: [["绿色标志", "Green sign", "green"], ["红色标志", "Red sign", "red"]], answer: "green" },
  { type: "1002", zh: "徒步时应随身携带什么？", en: "What do you carry on a hike?", picture: false, options: [["饮用水", "Drinking water", "water"], ["玻璃瓶", "Glass bottles", "glass"]], answer: "water" },
  { type: "1003", zh: "", en: "", picture: true, options: [["可以", "Yes", "yes"], ["不可以", "No", "no"]], answer: "no" },
] as const;

/** Every serious axe finding of the page as it is now (named, so a failure says which window). */
async function accessible(page: Page, name: string) {
  await nextFrames(page);
  expect({ name, violations: await seriousViolations(page) }).toEqual({ name, violations: [] });
}

/** Answers the message box, expecting its text. */
async function told(page: Page, text: string, ok: "确定" | "OK") {
  expect(await messageText(page)).toBe(text);
  await pressOk(page, ok);
}

/** "保存完成", then the window closes and the page reads the activity again. */
async function saved(page: Page) {
  await told(page, "保存完成", "确定");
  await page.waitForSelector("[role=dialog]", { state: "detached" });
}

/** Fills a date picker's text and closes its calendar. */
async function fillTime(page: Page, selector: string, text: string) {
  await page.fill(selector, text);
  await page.press(selector, "Enter");
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
const toolIds = (page: Page) => page.$$eval("[data-testid=editor-tools] button", (bs) => bs.map((b) => b.getAttribute("data-testid")!.slice("tool-".length)));

/** Clicks and takes the download it starts, read as a workbook's first sheet. */
async function downloaded(page: Page, click: () => Promise<unknown>) {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  const bytes = await readFile((await download.path())!);
  const book = XLSX.read(bytes, { type: "array" });
  return { name: download.suggestedFilename(), rows: XLSX.utils.sheet_to_json<(string | number | null)[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, defval: null }) };
}

/** The question bank, made in the bank manager: three questions, pictures on two of them and on every option. */
async function buildBank(page: Page) {
  await page.click("[data-testid=tool-questionBanks]");
  await page.waitForSelector("[data-testid=bank-manager] [data-testid=bank-row]");
  await accessible(page, "bank manager");
  await page.click("[data-testid=bank-new]");
  await page.fill("#bank-name", BANK);
  await page.click(".dialog-footer button[type=submit]");
  await told(page, "添加完成", "确定");
  await page.fill("#banks-name", BANK);
  await page.press("#banks-name", "Enter");
  await page.click(`[data-testid=bank-row]:has-text("${BANK}") [data-testid=bank-open]`);
  await page.waitForSelector("[data-testid=bank-detail] [data-testid=list-empty]");
  for (const [n, q] of QUESTIONS.entries()) {
    await page.click("[data-testid=question-new]");
    await page.waitForSelector("#question-form");
    await page.selectOption("#question-type", q.type);
    await page.fill("#question-titleZh", q.zh);
    await page.fill("#question-titleEn", q.en);
    if (q.picture) {
      await page.setInputFiles("[data-testid=question-image] input[type=file]", png(`q${n}.png`, "#1d4e89", "#7fb069", 320, 180));
      await page.waitForSelector("[data-testid=question-image] .cover-field-preview img");
    }
    for (const [i, [zh, en, value]] of q.options.entries()) {
      await page.fill(`#question-option-${i}-textZh`, zh);
      await page.fill(`#question-option-${i}-textEn`, en);
      await page.fill(`#question-option-${i}-value`, value);
      await page.setInputFiles(`[data-testid=question-option] >> nth=${i} >> [data-testid=option-image] input[type=file]`, png(`o${n}${i}.png`, i ? "#c8102e" : "#2e8b57", "#f0a05a"));
      await page.waitForSelector(`[data-testid=question-option] >> nth=${i} >> .cover-field-preview img`);
    }
    if (n === 2) {
      await accessible(page, "question form");
      await settledShot(page, "editor-whole/question-picture-only-zh-desk");
    }
    await page.click(".dialog-footer button[type=submit]");
    await told(page, "添加完成", "确定");
    await page.waitForSelector(`[data-testid=question-row] >> nth=${n}`);
  }
  await page.click("[role=dialog]:has([data-testid=bank-detail]) .dialog-close");
  await page.click("[role=dialog]:has([data-testid=bank-manager]) .dialog-close");
  await page.waitForSelector("[role=dialog]", { state: "detached" });
}

/** Answers whatever the draw shows, rightly, with the pictures loaded. */
async function answerQuiz(page: Page) {
  await page.waitForSelector("[data-testid=quiz-question]");
  const shown = await page.$$eval("[data-testid=quiz-question] legend", (ls) => ls.map((l) => l.textContent ?? ""));
  expect(shown.length).toBe(2);
  for (const [i, legend] of shown.entries()) {
    const q = QUESTIONS.find((x) => x.zh && (legend.includes(x.zh) || legend.includes(x.en))) ?? QUESTIONS[2];
    await page.check(`[data-testid=quiz-question] >> nth=${i} >> input[value="${q.answer}"]`);
  }
  // Every picture of the draw is there and loaded: an image-only question is not blank.
  expect(
    await page.$$eval("[data-testid=quiz] img", (imgs) => imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0) && imgs.length),
  ).toBeGreaterThanOrEqual(4);
}

describe("the editor's whole journey", () => {
  test(
    "an editor builds, previews and publishes an activity in Chinese; a member signs up in English at 375 px; the editor exports, imports courier info, reverts and takes it offline",
    async () => {
      const editor = await visitor(world, { viewport: DESK });
      const page = editor.page;
      await enter(page, world, "cn000002", { language: "zh" });
      await page.goto(`${world.server.url}/activity`);
      await page.click("[data-testid=module-tile] >> nth=0");
      await page.click("[data-testid=new-activity]");
      await page.fill("#new-activity-nameZh", NAME.zh);
      await page.fill("#new-activity-nameEn", NAME.en);
      await page.click("[role=dialog] button[type=submit]");
      await page.waitForURL(/\/activity\/info\?id=\d+$/);
      const activityUrl = page.url();
      await page.waitForSelector("[data-testid=editor-tools]");

      await buildBank(page);

      // Basic info: places, dates, delivery by courier (address changes allowed), the detail with a picture, the bank.
      await page.click("[data-testid=tool-basicInfo]");
      await page.waitForSelector("[data-testid=basic-info]");
      await fillTime(page, "#basic-signStart", formatChinaDateTime(new Date(START.getTime() - DAY)));
      await fillTime(page, "#basic-signEnd", formatChinaDateTime(new Date(START.getTime() + 10 * DAY)));
      await page.fill("#basic-displayStock", "40");
      await page.fill("#basic-formStock", "40");
      await page.fill("#basic-formCount", "1");
      await page.check("[data-testid=basic-hasAddress]");
      await page.check("[data-testid=basic-hasExpress]");
      await page.check("[data-testid=basic-allowUpdateAddress]");
      await page.click("[data-testid=basic-contentZh] .ql-editor");
      await page.keyboard.type("秋天的森林里，全家一起走一走。");
      await page.keyboard.press("Enter");
      const chooser = page.waitForEvent("filechooser");
      await page.click("[data-testid=basic-contentZh] .ql-toolbar button.ql-image");
      await (await chooser).setFiles(png("forest.png", "#2e5e3a", "#e0b050", 480, 270));
      await page.waitForSelector('[data-testid=basic-contentZh] .ql-editor img[src^="/api/file/get?key="]');
      await page.fill("[data-testid=alt-text]", "森林小路");
      await page.click("[data-testid=alt-save]");
      await page.waitForSelector("[data-testid=alt-text]", { state: "detached" });
      await page.click("[data-testid=basic-contentEn] .ql-editor");
      await page.keyboard.type("A family walk in the autumn forest.");
      await page.fill("#quiz-search", "森林安全");
      await page.press("#quiz-search", "Enter");
      await page.click(`[data-testid=quiz-binding] .editor-picks button:has-text("${BANK}")`);
      await page.selectOption("#quiz-type", { label: "全部显示" });
      await page.check("[data-testid=quiz-isRandom]");
      await page.fill("[data-testid=quiz-binding] input[aria-label=抽题数量]", "2");
      await page.check("[data-testid=quiz-isScoring]");
      await page.fill("[data-testid=quiz-binding] input[aria-label=及格分]", "60");
      await page.check("[data-testid=quiz-showAnswer]");
      // A chosen bank's questions are there at once for their weights, scores and right answers.
      await page.waitForSelector("[data-testid=quiz-binding] .editor-table");
      for (const [i, q] of QUESTIONS.entries()) {
        const row = `[data-testid=quiz-binding] tbody tr >> nth=${i}`;
        await page.fill(`${row} >> td >> nth=1 >> input`, i === 2 ? "50" : "100");
        await page.fill(`${row} >> td >> nth=2 >> input`, "50");
        // The right answer is picked from the question's own options (single choice: radios), not typed.
        expect(await page.locator(`${row} >> td >> nth=3 >> input:not([type=radio])`).count()).toBe(0);
        await page.check(`${row} >> td >> nth=3 >> label:has-text("${q.options.find((o) => o[2] === q.answer)![0]}") >> input[type=radio]`);
      }
      await accessible(page, "basic info");
      await settledShot(page, "editor-whole/basic-zh-desk");
      await page.click("[role=dialog] button[type=submit]");
      await saved(page);
      await page.waitForSelector('.activity-content img[alt="森林小路"]');

      // Saved, the binding reads back as it was set.
      await page.click("[data-testid=tool-basicInfo]");
      await page.waitForSelector("[data-testid=quiz-binding] .editor-table");
      expect(await page.inputValue("[data-testid=quiz-binding] tbody tr >> nth=2 >> td >> nth=1 >> input")).toBe("50");
      expect(await page.isChecked(`[data-testid=quiz-binding] tbody tr >> nth=0 >> td >> nth=3 >> input[value="${QUESTIONS[0]!.answer}"]`)).toBe(true);
      await page.locator("[data-testid=quiz-binding] .editor-table").scrollIntoViewIfNeeded();
      await settledShot(page, "editor-whole/quiz-binding-zh-desk");
      await page.click(`[role=dialog] .dialog-footer button:has-text("取消")`);
      await page.waitForSelector("[data-testid=quiz-binding]", { state: "detached" });

      // The wording: the sign-up button's own text, and the success line.
      await page.click("[data-testid=tool-wording]");
      await page.waitForSelector("[data-testid=wording-editor]");
      await page.fill("#wording-signUp-zh", "全家报名");
      await page.fill("#wording-signUp-en", "Sign the family up");
      await page.fill("#wording-success-zh", "报名成功，森林见！");
      await page.fill("#wording-success-en", "You're in. See you in the forest!");
      await accessible(page, "wording");
      await page.click("[role=dialog] button[type=submit]");
      await saved(page);
      await page.waitForSelector('[data-testid=sign-up]:has-text("全家报名")');

      // The cover window (looked at, not changed).
      await page.click("[data-testid=tool-cover]");
      await page.waitForSelector("[data-testid=cover-face]");
      await accessible(page, "cover");
      await page.click("[role=dialog] .button-quiet:has-text('取消')");

      // A team with two tag groups, each with a tag linking this activity.
      await page.click("[data-testid=tool-team]");
      await page.waitForSelector("[data-testid=team-editor]");
      await page.selectOption("#team-choice", "new");
      await page.fill("#team-nameZh", "秋季亲子系列");
      await page.fill("#team-nameEn", "Autumn family series");
      await page.fill("#team-index", "8");
      for (const [group, groupEn, tag, tagEn] of [
        ["路线", "Route", "森林线", "Forest trail"],
        ["时段", "Session", "上午场", "Morning"],
      ] as const) {
        await page.click("[data-testid=add-tag-group]");
        await page.waitForSelector("[data-testid=tag-group-editor]");
        await page.fill("#tag-group-nameZh", group);
        await page.fill("#tag-group-nameEn", groupEn);
        await page.fill("[data-testid=new-tag-zh]", tag);
        await page.fill("[data-testid=new-tag-en]", tagEn);
        await page.fill("[data-testid=tag-activity-search]", "森林亲子");
        await page.press("[data-testid=tag-activity-search]", "Enter");
        await page.click(`[data-testid=tag-activity-results] button:has-text("${NAME.zh}")`);
        await page.click("[data-testid=add-tag]");
        await page.waitForSelector(`[data-testid=tag-list] input[value="${tag}"]`);
        await page.click("[data-testid=tag-group-done]");
        await page.waitForSelector("[data-testid=tag-group-editor]", { state: "detached" });
      }
      expect(await page.locator("[data-testid=tag-groups] li").count()).toBe(2);
      await accessible(page, "team");
      await page.click("[data-testid=team-save]");
      await saved(page);

      // A family rule: children, none to two, each with a new gift.
      await page.click("[data-testid=tool-family]");
      await page.waitForSelector("[data-testid=family-editor]");
      await accessible(page, "family");
      await page.click("[data-testid=add-rule]");
      await page.selectOption("#rule-relationship", { label: "子女" });
      await page.fill("#rule-allowMin", "0");
      await page.fill("#rule-allowMax", "2");
      await page.click("[data-testid=open-gift-manager]");
      await page.waitForSelector("[data-testid=gift-manager]");
      await page.click("[data-testid=gift-create]");
      await page.fill("#gift-nameZh", "森林探险背包");
      await page.fill("#gift-nameEn", "Forest explorer backpack");
      await page.fill("#gift-stock", "20");
      await accessible(page, "gift form");
      await page.click("[data-testid=gift-save]");
      await page.waitForSelector('[data-testid=gift-list] li.editor-item-picked:has-text("森林探险背包")');
      await accessible(page, "gift manager");
      await page.click("[data-testid=gift-associate]");
      await page.waitForSelector('[data-testid=rule-gifts]:has-text("森林探险背包")');
      await page.click("[data-testid=rule-done]");
      await page.waitForSelector('[data-testid=family-rules]:has-text("子女")');
      await page.click("[data-testid=family-save]");
      await saved(page);

      // A condition: Han members may sign up (the foreign demo member may not).
      await page.click("[data-testid=tool-conditions]");
      await page.waitForSelector("[data-testid=conditions-editor]");
      await page.selectOption("#activity-condition-property", { label: "民族" });
      await page.selectOption("#activity-condition-type", { label: "报名条件" });
      await page.selectOption("#activity-condition-compareMode", { label: "等于其一" });
      await page.fill("#activity-condition-value", "han");
      await page.click("[data-testid=activity-condition-add]");
      await page.waitForSelector("[data-testid=activity-conditions] li");
      await accessible(page, "conditions");
      await page.click("[data-testid=conditions-save]");
      await saved(page);

      // The layout: the sign-up button moved and coloured.
      await page.click("[data-testid=tool-layout]");
      await page.waitForSelector("[data-layout-canvas] > [data-el=button]");
      await nextFrames(page);
      await page.click("[data-testid=layout-pick-button]");
      await page.fill("#layout-top", "360");
      await page.fill("#layout-left", "24");
      await page.fill("#layout-width", "200");
      await page.fill("#layout-background", "#1d6b3a");
      await accessible(page, "layout");
      await settledShot(page, "editor-whole/layout-zh-desk");
      await page.click("[data-testid=layout-save]");
      await told(page, "保存完成", "确定");
      await page.waitForSelector("[data-testid=layout-panel]", { state: "detached" });

      // The editor tries it in preview: the quiz, no family of their own, a new address; the review after.
      await page.click("[data-testid=sign-up]");
      await answerQuiz(page);
      await page.click("[data-testid=quiz-next]");
      await page.waitForSelector("[data-testid=family-step]");
      await page.click("[data-testid=step-next]");
      await page.waitForSelector("[data-testid=address-step]");
      await page.click(".address-choices-add");
      await fillAddress(page, "李编辑");
      await page.click("[role=dialog]:has(#address-name) button[type=submit]");
      await page.waitForSelector("[data-testid=address-choice].is-chosen");
      await page.click("[data-testid=step-next]");
      await page.waitForSelector("[data-testid=confirm-step]");
      await page.click("[data-testid=step-next]");
      await page.waitForSelector("[data-testid=review]");
      expect(await page.textContent("[data-testid=review] .ticket-success")).toBe("报名成功，森林见！");
      expect(await page.textContent("[data-testid=review-score]")).toBe("得分 100 / 100，及格线 60");
      await page.click("[role=dialog]:has([data-testid=review]) .button-primary");
      // In their centre, a preview order, marked as one.
      const previewRow = async () => {
        await page.goto(`${world.server.url}/information?page=order`);
        await page.waitForSelector("[data-testid=order-row], [data-testid=list-empty]");
        return page.locator("[data-testid=order-row]", { hasText: NAME.zh });
      };
      const preview = await previewRow();
      expect((await preview.locator(".state-tag").textContent())?.trim()).toBe("预览订单");
      expect((await preview.locator("[data-testid=preview-note]").textContent())?.trim()).toBe("活动预览时的试报名，发布时删除");
      await settledShot(page, "editor-whole/preview-order-zh-desk");

      // Publish, confirmed: the preview order is gone.
      await page.goto(activityUrl);
      await page.click("[data-testid=tool-publish]");
      expect(await messageText(page)).toContain("所有预览订单将被删除");
      await page.click("[role=alertdialog] .button-primary");
      await told(page, "发布完成", "确定");
      await page.waitForSelector("[data-testid=tool-offline]");
      expect(await (await previewRow()).count()).toBe(0);

      // A member, in English at 375 px: the wording; on a desk, the layout; back at 375 px, the sign-up.
      const member = await visitor(world, { viewport: PHONE });
      const m = member.page;
      await enter(m, world, "cn100001", { language: "en" });
      await m.goto(activityUrl);
      await m.waitForSelector('[data-testid=sign-up]:has-text("Sign the family up")');
      expect(await m.locator("[data-layout-canvas]").count()).toBe(0);
      expect(await sideways(m)).toBe(false);
      await m.waitForSelector('.activity-content:has-text("A family walk in the autumn forest.")');
      await settledShot(m, "editor-whole/member-en-375");
      await m.setViewportSize(DESK);
      await m.waitForSelector("[data-layout-canvas] > [data-el=button]");
      expect(await m.locator("[data-layout-canvas] > [data-el=button]").evaluate((b: HTMLElement) => [b.offsetLeft, b.offsetTop, b.offsetWidth])).toEqual([24, 360, 200]);
      expect(await m.$eval("[data-testid=sign-up]", (b) => getComputedStyle(b).backgroundColor)).toBe("rgb(29, 107, 58)");
      expect(await sideways(m)).toBe(false);
      // The details follow the page's body (no room kept for a video this activity does not have).
      const [bodyBottom, contentTop] = await m.evaluate(() => {
        const el = (name: string) => document.querySelector<HTMLElement>(`[data-layout-canvas] > [data-el="${name}"]`)!;
        return [el("activity-body").offsetTop + el("activity-body").offsetHeight, el("content").offsetTop];
      });
      expect(contentTop).toBe(bodyBottom + 20);
      await settledShot(m, "editor-whole/member-en-desk");
      await m.setViewportSize(PHONE);
      await m.waitForSelector("[data-layout-canvas]", { state: "detached" });
      await m.click("[data-testid=sign-up]");
      await answerQuiz(m);
      await settledShot(m, "editor-whole/member-quiz-en-375", );
      await m.click("[data-testid=quiz-next]");
      await m.waitForSelector("[data-testid=family-step]");
      // Chosen once the server says this family member is not already signed up.
      await m.click('[data-testid=family-choice]:has-text("陈小明") input');
      await m.waitForSelector('.sign-choices li.is-chosen:has-text("陈小明")');
      await m.check('.gift-choice label:has-text("Forest explorer backpack") input');
      await settledShot(m, "editor-whole/member-family-en-375");
      await m.click("[data-testid=step-next]");
      await m.waitForSelector("[data-testid=address-step] [data-testid=address-choice].is-chosen");
      await m.click("[data-testid=step-next]");
      await m.waitForSelector("[data-testid=confirm-step]");
      await m.click("[data-testid=step-next]");
      await m.waitForSelector("[data-testid=review]");
      expect(await m.textContent("[data-testid=review] .ticket-success")).toBe("You're in. See you in the forest!");
      expect(await m.textContent("[data-testid=review-score]")).toBe("Score 100 / 100, pass mark 60");
      await m.click("[role=dialog]:has([data-testid=review]) .button-primary");

      // The editor finds the order in the registration results and opens it.
      await page.goto(activityUrl);
      await page.click("[data-testid=tool-orders]");
      await page.waitForSelector("[data-testid=staff-order-row]");
      await page.fill("#order-search-user", "cn100001");
      await page.click("[data-testid=order-search-window] .filter-actions button[type=submit]");
      await page.waitForSelector('[data-testid=staff-order-row]:has-text("陈会员")');
      expect(await page.locator("[data-testid=staff-order-row]").count()).toBe(1);
      const trade = (await page.textContent("[data-testid=staff-order-row] .order-number >> nth=0"))!.trim();
      await accessible(page, "order search");
      await page.click("[data-testid=open-order]");
      await page.waitForSelector("[data-testid=staff-order-detail] [role=tab]");
      await accessible(page, "order detail");
      await page.keyboard.press("Escape");
      await page.waitForSelector("[data-testid=staff-order-detail]", { state: "detached" });
      // The export: the member, the family member with the gift, the answers.
      const exported = await downloaded(page, () => page.click("[data-testid=export-orders]"));
      expect(exported.name).toMatch(new RegExp(`^${NAME.zh}-订单-\\d{8}\\.xlsx$`));
      const head = exported.rows[0]!;
      const row = exported.rows.find((r) => r[0] === trade)!;
      const cell = (title: string) => row[head.indexOf(title)];
      expect([cell("员工号"), cell("姓名"), cell("手机"), cell("状态")]).toEqual(["cn100001", "陈会员", "13900000001", "成功"]);
      expect(cell("家属")).toBe("陈小明（子女，110101201503070018，礼品：森林探险背包）");
      expect(String(cell("收货地址"))).toContain("东华门大街1号院2号楼301室");
      // One column per question asked (the draw's two), with the chosen option's text.
      // The scored quiz's columns (issue 29), then one column per question asked.
      expect(head.slice(head.indexOf("快递") + 1, head.indexOf("快递") + 4)).toEqual(["测验得分", "满分", "及格分"]);
      const asked = head.slice(head.indexOf("及格分") + 1);
      expect(asked.length).toBe(2);
      for (const title of asked) {
        const q = QUESTIONS.find((x) => x.zh === title);
        if (q) expect(cell(title as string)).toBe(q.options.find((o) => o[2] === q.answer)![0]);
        else expect([title, cell(title as string)]).toEqual([expect.stringMatching(/^看图作答（题目 \d+）$/), "不可以"]);
      }
      // The courier sheet: exported, the parcel written in, imported back.
      const sheet = await downloaded(page, () => page.click("[data-testid=export-courier]"));
      const [titles, ...lines] = sheet.rows;
      const at = (title: string) => titles!.indexOf(title);
      const line = lines.find((r) => r[at("订单号")] === trade)!;
      line[at("快递公司")] = "顺丰速运";
      line[at("快递单号")] = "SF2026100188";
      const filled = Buffer.from(XLSX.write(Object.assign(XLSX.utils.book_new(), { SheetNames: ["S"], Sheets: { S: XLSX.utils.aoa_to_sheet([titles!, line]) } }), { type: "array", bookType: "xlsx" }) as ArrayBuffer);
      await page.keyboard.press("Escape");
      await page.waitForSelector("[data-testid=order-search-window]", { state: "detached" });
      await page.click("[data-testid=tool-importShipped]");
      await page.waitForSelector("[data-testid=import-shipped-window]");
      await accessible(page, "shipped-order import");
      await page.keyboard.press("Escape");
      await page.click("[data-testid=tool-importExpress]");
      await page.waitForSelector("[data-testid=import-express-window]");
      await page.setInputFiles("[data-testid=import-file]", { name: "courier.xlsx", mimeType: XLSX_TYPE, buffer: filled });
      await page.click("[data-testid=import-upload]");
      await page.waitForSelector("[data-testid=import-summary]");
      expect(await page.textContent("[data-testid=import-summary]")).toBe("导入完成：1 行生效，共 1 行。");
      await accessible(page, "courier import");
      await settledShot(page, "editor-whole/courier-import-zh-desk");
      await downloaded(page, () => page.click("[data-testid=import-confirm]"));
      await page.waitForSelector("[data-testid=order-search-window] [data-testid=staff-order-row]");
      await page.keyboard.press("Escape");
      await page.waitForSelector("[data-testid=order-search-window]", { state: "detached" });

      // The member sees the parcel in their order's detail.
      await m.goto(`${world.server.url}/information?page=order`);
      await m.locator("[data-testid=order-row]", { hasText: trade }).locator("[data-action=detail]").click();
      await m.click('[data-testid=order-detail] [role=tab]:text-is("Delivery")');
      expect(await m.textContent("[data-testid=order-detail] [role=tabpanel] [data-fact=number]")).toBe("SF2026100188");
      expect(await m.textContent("[data-testid=order-detail] [role=tabpanel] [data-fact=company]")).toBe("顺丰速运");
      await settledShot(m, "editor-whole/member-parcel-en-375");
      await member.close();

      // Back to preview through the bar, confirmed: the preview-only tools return.
      await page.click("[data-testid=tool-revert]");
      expect(await messageText(page)).toContain("已有的报名订单将在下次发布或保存时被删除");
      await page.click("[role=alertdialog] .button-primary");
      await told(page, "已恢复为预览", "确定");
      await page.waitForSelector("[data-testid=tool-publish]");
      expect(await toolIds(page)).toEqual(["basicInfo", "wording", "layout", "cover", "team", "family", "conditions", "questionBanks", "orders", "importExpress", "importShipped", "publish", "copy"]);
      // Published again, then taken offline, confirmed: an offline activity has no tools.
      await page.click("[data-testid=tool-publish]");
      await page.click("[role=alertdialog] .button-primary");
      await told(page, "发布完成", "确定");
      await page.click("[data-testid=tool-offline]");
      expect(await messageText(page)).toContain("下线后会员将无法访问该活动");
      await page.click("[role=alertdialog] .button-primary");
      await told(page, "下线完成", "确定");
      // Offline: the editing tools are gone; the sign-up results, their imports and the question banks stay (spec 3 section 2.1), and the state says so.
      await page.waitForSelector("[data-testid=tool-publish], [data-testid=tool-offline]", { state: "detached" });
      await page.waitForSelector("[data-testid=tool-orders]");
      expect(await toolIds(page)).toEqual(["questionBanks", "orders", "importExpress", "importShipped"]);
      expect(await page.textContent("[data-testid=editor-tools] [data-testid=activity-state]")).toBe("已下线");
      await page.click("[data-testid=tool-orders]");
      await page.waitForSelector("[data-testid=order-search-window]");
      await page.keyboard.press("Escape");
      await page.waitForSelector("[data-testid=order-search-window]", { state: "detached" });
      // The editor still sees the page, which says it is offline where the sign-up button was.
      expect(await page.textContent("[data-testid=reason]")).toBe("活动已下线");
      expect(await page.locator("[data-testid=sign-up]").count()).toBe(0);
      await settledShot(page, "editor-whole/offline-zh-desk");
      await editor.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    "at 375 px in English the wording window fits the screen and saves, and the layout tool says it needs a wide screen",
    async () => {
      const { page, close } = await visitor(world, { viewport: PHONE });
      await enter(page, world, "cn000002", { language: "en" });
      await page.goto(`${world.server.url}/activity`);
      await page.click("[data-testid=module-tile] >> nth=0");
      await page.click('[data-testid=activity-tile]:has-text("Staff badminton tournament")');
      await page.waitForSelector("[data-testid=editor-tools]");
      await page.click("[data-testid=tool-wording]");
      await page.waitForSelector("[data-testid=wording-editor]");
      await page.fill("#wording-signUp-en", "Count me in");
      expect(await sideways(page)).toBe(false);
      await settledShot(page, "editor-whole/wording-en-375");
      await page.click("[role=dialog] button[type=submit]");
      await told(page, "Saved", "OK");
      // The layout is drawn on screens 1200 px wide or more: here the tool says so and the page stays as it is.
      await page.click("[data-testid=tool-layout]");
      await told(page, "The layout is used on screens at least 1200 px wide. Edit it on such a screen, such as a computer.", "OK");
      expect(await page.locator("[data-testid=layout-panel], [data-layout-canvas]").count()).toBe(0);
      expect(await page.getAttribute("[data-testid=tool-layout]", "aria-pressed")).toBe("false");
      expect(await sideways(page)).toBe(false);
      await close();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
