// Keyboard alone (issue 29 section 10): an editor opens an activity from the
// tiles, fills basic info, picks a date in the calendar, writes in the
// rich-text description and leaves it with Tab, is asked before unsaved edits
// are dropped, and saves; a member opens the market and a T-shirt, chooses
// its size by a tag chip, goes to the trolley and checks out; an operator
// opens a member's edit window (its fixed employee number shows the focus).
// Only page.keyboard after the first address, and after every step the test
// says where the focus is. Chinese on a desk, English on a 375 px phone; key
// pages at 200% zoom. One server and browser.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import type { Page } from "playwright-core";
import { START } from "../helpers/clock";
import { chinaParts } from "../../ui/lib/china-time";
import { DESK, PHONE, SETUP_TIMEOUT_MS, type World, nextFrames, settledShot, enter, startWorld, stopWorld, test, visitor } from "./support";

const JOURNEY_TIMEOUT_MS = 180_000;

let world: World;
beforeAll(async () => {
  world = await startWorld();
}, SETUP_TIMEOUT_MS);
afterAll(() => stopWorld(world));

const YEAR = chinaParts(START)!.year;
const TEXT = {
  zh: {
    module: `${YEAR}年工会活动`,
    draft: "职工羽毛球赛（筹备中）",
    basicInfo: "基本信息",
    unsaved: "所做的修改尚未保存，关闭后将丢失。要放弃这些修改吗？",
    keep: "继续编辑",
    saved: "保存完成",
    market: "会员礼品商城",
    shirt: "工会纪念文化衫",
  },
  en: {
    module: `${YEAR} union activities`,
    draft: "Staff badminton tournament (in preparation)",
    basicInfo: "Basic info",
    unsaved: "Your changes have not been saved and will be lost if you close. Discard them?",
    keep: "Keep editing",
    saved: "Saved",
    market: "members' gift market",
    shirt: "Union anniversary T-shirt",
  },
} as const;

const SCREENS = [
  { language: "zh", size: "desk", viewport: DESK, member: "cn100001" },
  { language: "en", size: "phone", viewport: PHONE, member: "cn100002" },
] as const;

/** What has the focus, described for the assertions: tag, id, test id, text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const e = document.activeElement as HTMLElement | null;
    return {
      tag: e?.tagName.toLowerCase() ?? "",
      id: e?.id ?? "",
      testId: e?.getAttribute("data-testid") ?? "",
      text: (e?.textContent ?? "").trim(),
      date: e?.getAttribute("data-date") ?? "",
      editor: e?.closest("[data-testid^=basic-content]")?.getAttribute("data-testid") ?? "",
      inDialog: !!e?.closest("[role=dialog], [role=alertdialog]"),
      pressed: e?.getAttribute("aria-pressed") ?? "",
      readOnly: e instanceof HTMLInputElement && e.readOnly,
    };
  });

/** Presses Tab (or Shift+Tab) until `is` holds for the focused element; fails after `max` presses. */
async function tabTo(page: Page, is: (f: Awaited<ReturnType<typeof focused>>) => boolean, what: string, opts: { back?: boolean; max?: number } = {}) {
  for (let i = 0; i < (opts.max ?? 120); i++) {
    await page.keyboard.press(opts.back ? "Shift+Tab" : "Tab");
    if (is(await focused(page))) return;
  }
  throw new Error(`Tab never reached ${what}; the focus is on ${JSON.stringify(await focused(page))}`);
}

/** Waits until `is` holds for the focused element (the focus lands after a page or window has drawn). */
async function focusSettles(page: Page, is: (f: Awaited<ReturnType<typeof focused>>) => boolean, what: string) {
  const until = Date.now() + 10_000;
  for (;;) {
    const now = await focused(page);
    if (is(now)) return now;
    if (Date.now() > until) throw new Error(`the focus never reached ${what}; it is on ${JSON.stringify(now)}`);
    await page.waitForTimeout(50);
  }
}

const isHeading = (text: string) => (f: Awaited<ReturnType<typeof focused>>) => f.tag === "h1" && f.text.includes(text);

describe("keyboard alone", () => {
  for (const { language, size, viewport } of SCREENS) {
    const text = TEXT[language];
    test(
      `an editor opens an activity from its tile and edits its basic info, dates and description with the keyboard alone, in ${language} on a ${size}`,
      async () => {
        const { page, close } = await visitor(world, { viewport });
        await enter(page, world, "cn000002", { language });
        await page.goto(`${world.server.url}/activity`);
        await page.waitForSelector("[data-testid=module-tile]");

        // A tile opens its page, and the focus goes to the new page's heading, not to the page itself.
        await tabTo(page, (f) => f.testId === "module-tile" && f.text.includes(text.module), "the module's tile");
        await page.keyboard.press("Enter");
        await focusSettles(page, isHeading(text.module), "the module page's heading");
        await tabTo(page, (f) => f.text.includes(text.draft) && f.tag === "a", "the draft's tile");
        await page.keyboard.press("Enter");
        await focusSettles(page, isHeading(text.draft), "the activity page's heading");

        // Basic info: the focus starts at the first field and stays there once the descriptions' editors have loaded.
        await tabTo(page, (f) => f.testId === "tool-basicInfo", "the basic-info tool");
        await page.keyboard.press("Enter");
        await focusSettles(page, (f) => f.id === "basic-nameZh", "the window's first field");
        // Both descriptions' editors drawn with their text (the focus used to follow the text into the English one), and a frame after.
        await page.waitForFunction(() => {
          const editors = [...document.querySelectorAll("[data-testid=basic-info] .ql-editor")];
          return editors.length === 2 && editors.every((e) => (e.textContent ?? "").trim().length > 0);
        });
        await nextFrames(page);
        expect((await focused(page)).id).toBe("basic-nameZh");
        await settledShot(page, `keyboard/basic-info-opened-${language}-${size}`);

        // The sign-up start in the calendar: it opens on the field's own day; Arrow Right and Enter pick the next.
        await tabTo(page, (f) => f.id === "basic-signStart", "the sign-up start");
        const start = await page.inputValue("#basic-signStart");
        await page.keyboard.press("ArrowDown");
        await page.waitForSelector(".date-panel");
        expect((await focused(page)).date).toBe(start.slice(0, 10));
        await settledShot(page, `keyboard/date-picker-${language}-${size}`);
        await page.keyboard.press("ArrowRight");
        await page.keyboard.press("Enter");
        await page.waitForSelector(".date-panel", { state: "detached" });
        const next = new Date(`${start.slice(0, 10)}T00:00:00Z`);
        next.setUTCDate(next.getUTCDate() + 1);
        expect(await page.inputValue("#basic-signStart")).toBe(`${next.toISOString().slice(0, 10)}${start.slice(10)}`);
        expect((await focused(page)).id).toBe("basic-signStart");

        // An empty field's calendar opens on today (China time).
        await tabTo(page, (f) => f.id === "basic-eventStart", "the event start");
        if ((await page.inputValue("#basic-eventStart")) === "") {
          await page.keyboard.press("ArrowDown");
          await page.waitForSelector(".date-panel");
          const today = chinaParts(START)!;
          expect((await focused(page)).date).toBe(`${today.year}-${String(today.month).padStart(2, "0")}-${String(today.day).padStart(2, "0")}`);
          await page.keyboard.press("Escape");
          await page.waitForSelector(".date-panel", { state: "detached" });
          expect((await focused(page)).id).toBe("basic-eventStart");
        }

        // The Chinese description: typed into, then Tab leaves it (no tab character) for the English one's toolbar.
        await tabTo(page, (f) => f.editor === "basic-contentZh" && f.tag === "div", "the Chinese description");
        await page.keyboard.press("End");
        await page.keyboard.type(language === "zh" ? "键盘" : "keys");
        await page.keyboard.press("Tab");
        const after = await focused(page);
        expect(after.editor).toBe("basic-contentEn");
        // Its toolbar's first control (Quill draws the heading picker as a span with a button role).
        expect(after.tag).not.toBe("div");
        expect(await page.textContent("[data-testid=basic-contentZh] .ql-editor")).not.toContain("\t");
        await page.keyboard.press("Shift+Tab");
        expect((await focused(page)).editor).toBe("basic-contentZh");

        // Esc asks before the edits are dropped; keeping them returns to the editor.
        await page.keyboard.press("Escape");
        await page.waitForSelector("[role=alertdialog]");
        expect(await page.textContent("[role=alertdialog] [data-testid=message-text]")).toBe(text.unsaved);
        expect((await focused(page)).inDialog).toBe(true);
        await settledShot(page, `keyboard/unsaved-question-${language}-${size}`);
        await tabTo(page, (f) => f.text === text.keep, "keep editing", { back: true, max: 4 });
        await page.keyboard.press("Enter");
        await page.waitForSelector("[role=alertdialog]", { state: "detached" });
        expect(await page.isVisible("[data-testid=basic-info]")).toBe(true);
        expect((await focused(page)).editor).toBe("basic-contentZh");

        // Save is reachable going forward; after "saved" and OK the focus is back on the tool, not on the page.
        await tabTo(page, (f) => f.tag === "button" && f.inDialog && f.text === (language === "zh" ? "保存" : "Save"), "Save");
        await page.keyboard.press("Enter");
        await page.waitForSelector("[role=alertdialog]");
        expect(await page.textContent("[role=alertdialog] [data-testid=message-text]")).toBe(text.saved);
        await page.keyboard.press("Enter");
        await page.waitForSelector("[data-testid=basic-info]", { state: "detached" });
        await focusSettles(page, (f) => f.testId === "tool-basicInfo", "the basic-info tool");
        await settledShot(page, `keyboard/basic-info-saved-${language}-${size}`);
        await close();
      },
      JOURNEY_TIMEOUT_MS,
    );
  }

  for (const { language, size, viewport, member } of SCREENS) {
    const text = TEXT[language];
    test(
      `a member opens the market and a T-shirt, chooses its size by a tag chip, goes to the trolley and checks out with the keyboard alone, in ${language} on a ${size}`,
      async () => {
        const { page, close } = await visitor(world, { viewport });
        await enter(page, world, member, { language });
        await page.goto(`${world.server.url}/information`);
        await page.waitForSelector("main h1");
        // The main navigation's link stays where it is, yet the focus goes on to the new page's heading.
        if (viewport === PHONE) {
          await tabTo(page, (f) => f.tag === "button" && f.text === "Menu", "the menu button");
          await page.keyboard.press("Enter");
        }
        await tabTo(page, (f) => f.tag === "a" && f.text === (language === "zh" ? "活动" : "Activities"), "the activities link");
        await page.keyboard.press("Enter");
        await page.waitForSelector("[data-testid=module-tile]");
        await focusSettles(page, (f) => f.tag === "h1", "the activities page's heading");
        await tabTo(page, (f) => f.testId === "module-tile" && f.text.includes(text.market), "the market's tile");
        await page.keyboard.press("Enter");
        await focusSettles(page, (f) => f.tag === "h1", "the market's heading");
        await tabTo(page, (f) => f.testId === "market-tile" && f.text.includes(text.shirt), "the T-shirt's tile");
        await page.keyboard.press("Enter");
        await focusSettles(page, (f) => f.tag === "h1" && f.text.includes(text.shirt), "the T-shirt's heading");
        const first = page.url();

        // A size chip opens that size's item; the focus comes back to the same chip there.
        await tabTo(page, (f) => f.testId === "tag" && f.pressed === "false", "a size chip not chosen");
        const chip = (await focused(page)).text;
        await page.keyboard.press("Enter");
        await page.waitForFunction((first) => location.href !== first, first);
        const landed = await focusSettles(page, (f) => f.tag !== "body", "the chip or the heading");
        expect(landed.testId === "tag" ? landed.text : landed.tag).toBe(landed.testId === "tag" ? chip : "h1");
        expect(landed.pressed).toBe("true");
        await settledShot(page, `keyboard/size-chip-${language}-${size}`);

        // Into the trolley, and "go to the trolley" from the window that says so: the trolley's heading.
        await tabTo(page, (f) => f.testId === "add-to-cart", "add to trolley");
        await page.keyboard.press("Enter");
        await page.waitForSelector("[data-testid=confirm-step]");
        await tabTo(page, (f) => f.testId === "step-next", "the confirmation's next", { max: 20 });
        await page.keyboard.press("Enter");
        await page.waitForSelector("[data-testid=added]");
        await focusSettles(page, (f) => f.testId === "go-cart", "go to the trolley");
        await page.keyboard.press("Enter");
        await page.waitForSelector("[data-testid=cart-row]");
        await focusSettles(page, (f) => f.tag === "h1", "the trolley's heading");
        await settledShot(page, `keyboard/trolley-${language}-${size}`);
        // Check out: the order page's heading.
        await tabTo(page, (f) => f.testId === "checkout", "check out");
        await page.keyboard.press("Enter");
        await page.waitForURL(/\/market\/place/);
        await focusSettles(page, (f) => f.tag === "h1", "the order page's heading");
        await settledShot(page, `keyboard/place-${language}-${size}`);
        await close();
      },
      JOURNEY_TIMEOUT_MS,
    );
  }

  for (const { language, size, viewport } of SCREENS) {
    test(
      `an operator opens a member and the edit window with the keyboard alone; the fixed employee number shows the focus, in ${language} on a ${size}`,
      async () => {
        const { page, close } = await visitor(world, { viewport });
        await enter(page, world, "cn000003", { language });
        await page.goto(`${world.server.url}/operation/user`);
        await page.waitForSelector("[data-testid=member-row]");
        await tabTo(page, (f) => f.testId === "open-member" && f.text.includes("cn100001"), "cn100001's row", { max: 200 });
        await page.keyboard.press("Enter");
        await page.waitForSelector("[data-testid=member-detail]");
        await tabTo(page, (f) => f.testId === "member-edit", "the edit button");
        await page.keyboard.press("Enter");
        await page.waitForSelector("[data-testid=member-form] [data-property]");
        await focusSettles(page, (f) => f.inDialog, "the edit window");
        // The employee number is fixed, yet Tab stops on it and a ring shows it.
        await tabTo(page, (f) => f.tag === "input" && f.readOnly, "the employee number", { max: 40 });
        const ring = await page.evaluate(() => {
          const style = getComputedStyle(document.activeElement!);
          return { outline: style.outlineStyle, width: parseFloat(style.outlineWidth), shadow: style.boxShadow };
        });
        expect(ring.outline !== "none" && ring.width > 0 ? "ring" : ring.shadow !== "none" ? "ring" : "none").toBe("ring");
        await settledShot(page, `keyboard/employee-number-${language}-${size}`);
        // Nothing edited: Esc closes at once, and the focus goes back to the button that opened the window.
        await page.keyboard.press("Escape");
        await page.waitForSelector("[data-testid=member-form]", { state: "detached" });
        expect((await focused(page)).testId).toBe("member-edit");
        // Edited, Esc asks first; discarding closes it and the focus is back on the button.
        await page.keyboard.press("Enter");
        await page.waitForSelector("[data-testid=member-form] [data-property]");
        await tabTo(page, (f) => f.tag === "input" && f.inDialog && !f.readOnly && f.id !== "" && !f.text, "a field to edit", { max: 20 });
        await page.keyboard.type("x");
        await page.keyboard.press("Escape");
        await page.waitForSelector("[role=alertdialog]");
        expect(await page.textContent("[role=alertdialog] [data-testid=message-text]")).toBe(TEXT[language].unsaved);
        await page.keyboard.press("Enter");
        await page.waitForSelector("[data-testid=member-form]", { state: "detached" });
        await focusSettles(page, (f) => f.testId === "member-edit", "the edit button");
        await close();
      },
      JOURNEY_TIMEOUT_MS,
    );
  }

  test("at 200% zoom (1366 px shown 683 px wide) the key pages do not scroll sideways", async () => {
    const { page, close } = await visitor(world, { viewport: { width: 683, height: 384 }, deviceScaleFactor: 2 });
    await enter(page, world, "cn000001", { language: "en" });
    const wide: string[] = [];
    for (const [path, ready] of [
      ["/index", "main h1"],
      ["/activity", "[data-testid=module-tile]"],
      ["/activity/module?id=1", "[data-testid=activity-tile], main h1"],
      ["/information", "main h1"],
      ["/information?page=orders", "main h1"],
      ["/operation/user", "[data-testid=member-row]"],
      ["/system", "main h1"],
    ] as const) {
      await page.goto(`${world.server.url}${path}`);
      await page.waitForSelector(ready);
      await page.waitForLoadState("networkidle");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (overflow > 0) wide.push(`${path} (${overflow} px)`);
    }
    await settledShot(page, "keyboard/zoom-200-system");
    expect(wide).toEqual([]);
    await close();
  }, JOURNEY_TIMEOUT_MS);
});
