// Issue 31 item 4, the staff page of erasure after leaving (docs/decisions.md
// 131): two demo members left 12 and 5 days before the test clock (written
// before the server starts). The administrator opens the departed members'
// data page from the system page (in English from member management), finds
// the data kept indefinitely and nobody listed, asks for 10 days and is told
// under the field the server's bounds, then sets 30 days and sees both
// members with the day each is replaced by a pseudonym. A member and an
// editor without the power are sent back from the page. In Chinese on a desk
// and in English on a 375 px phone, with the keyboard, screenshots of both
// sizes in each language, and axe on each.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { users } from "../../src/db/schema";
import { USER_STATE } from "../../src/protocol/enumerations";
import { shot } from "../helpers/browser";
import { START } from "../helpers/clock";
import { DESK, PHONE, SETUP_TIMEOUT_MS, type World, accessible, apiAs, messageText, pressOk, preparedWorld, enter, stopWorld, test, visitor, waitForPath } from "./support";

const JOURNEY_TIMEOUT_MS = 120_000;
const DAY_MS = 86_400_000;

let world: World;
beforeAll(async () => {
  world = await preparedWorld(async (db) => {
    // The demo's departed member left 12 days ago; the newcomer left 5 days ago.
    await db.update(users).set({ leftAt: new Date(START.getTime() - 12 * DAY_MS) }).where(eq(users.employees, "cn100004"));
    await db.update(users).set({ state: USER_STATE.USER_STATE_LEFT, leftAt: new Date(START.getTime() - 5 * DAY_MS) }).where(eq(users.employees, "cn100003"));
  });
}, SETUP_TIMEOUT_MS);
afterAll(() => stopWorld(world));

/** Each test starts from the default: kept indefinitely. */
async function keepIndefinitely() {
  const admin = await apiAs(world, "cn000001");
  expect((await admin("/privacy/config/save", { keepDays: null })).message.code).toBe("SUCCESS");
}

/** The listed members, a line each: employee number, name, left on, replaced on (the table's cells or the card's facts). */
const rows = (page: Page) =>
  page.$$eval("[data-testid=privacy-row]", (items) =>
    items.map((item) => ["employees", "name", "left", "erase"].map((c) => item.querySelector(`[data-column=${c}]`)?.textContent?.trim() ?? "").join(" | ")),
  );

/** The page (or its open window) checked and photographed. */
async function look(page: Page, name: string) {
  await accessible(page, name);
  await shot(page, `privacy-keep/${name}`, { fullPage: !(await page.isVisible("[role=dialog]")) });
}

async function pageShown(page: Page) {
  await page.waitForSelector("[data-testid=privacy][data-state=shown]");
}

const TEXT = {
  zh: {
    line: "离职会员资料：永久保留",
    forever: "永久保留",
    emptyForever: "保留期限为永久保留，不会替换任何人的资料。",
    range: "保留天数须在 30 至 3650 天之间",
    saved: "保留期限已保存。",
    ok: "确定" as const,
    thirty: "保留 30 天",
    rows: ["cn100004 | 赵离职 | 2026-02-18 | 2026-03-20", "cn100003 | 刘新人 | 2026-02-25 | 2026-03-27"],
  },
  en: {
    line: "Departed members' data: Kept indefinitely",
    forever: "Kept indefinitely",
    emptyForever: "Data is kept indefinitely, so nobody's is replaced.",
    range: "The number of days must be from 30 to 3650",
    saved: "How long departed members' data is kept has been saved.",
    ok: "OK" as const,
    thirty: "Kept 30 days",
    rows: ["cn100004 | 赵离职 | 2026-02-18 | 2026-03-20", "cn100003 | 刘新人 | 2026-02-25 | 2026-03-27"],
  },
};

describe("departed members' data", () => {
  test(
    "on a desk in Chinese: from the system page, kept indefinitely and nobody listed; 10 days refused under the field with the bounds; 30 days lists both members with their days",
    async () => {
      await keepIndefinitely();
      const text = TEXT.zh;
      const { page, close } = await visitor(world, { viewport: DESK });
      await enter(page, world, "cn000001", { language: "zh" });
      await page.goto(`${world.server.url}/system`);
      const line = page.locator("[data-testid=privacy-line]");
      await line.waitFor();
      expect((await line.locator("span").textContent())?.trim()).toBe(text.line);
      await line.locator("a").click();
      await waitForPath(page, "/system/privacy");
      await pageShown(page);
      expect(await page.textContent("h1")).toBe("隐私与安全");
      expect(await page.textContent("[data-testid=privacy-keep]")).toBe(text.forever);
      expect(await page.locator("[data-testid=privacy-row]").count()).toBe(0);
      expect(await page.textContent("[data-testid=privacy]")).toContain(text.emptyForever);
      await look(page, "zh-desk-forever");

      await page.click("[data-testid=privacy-change]");
      await page.waitForSelector("[data-testid=keep-form]");
      expect(await page.isChecked("[data-testid=keep-forever]")).toBe(true);
      await page.check("[data-testid=keep-days]");
      await page.fill("#keep-days", "10");
      await look(page, "zh-desk-window");
      await page.click("[data-testid=keep-save]");
      // The server's refusal, under the field, with its bounds; the field marked and focused.
      expect(await page.textContent("#keep-days-error")).toBe(text.range);
      expect(await page.getAttribute("#keep-days", "aria-invalid")).toBe("true");
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("keep-days");
      await look(page, "zh-desk-refused");

      await page.fill("#keep-days", "30");
      await page.click("[data-testid=keep-save]");
      expect(await messageText(page)).toBe(text.saved);
      await pressOk(page, text.ok);
      await page.waitForSelector("[role=dialog]", { state: "detached" });
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=privacy-row]").length === 2);
      expect(await page.textContent("[data-testid=privacy-keep]")).toBe(text.thirty);
      // Soonest first: left 12 days ago, then 5; replaced 30 days after leaving, dates in China time.
      expect(await rows(page)).toEqual(text.rows);
      await look(page, "zh-desk-listed");

      // The same page on a phone: the list as cards, nothing wider than the screen.
      await page.setViewportSize(PHONE);
      await page.waitForFunction(() => !document.querySelector("[data-testid=privacy] table"));
      expect(await rows(page)).toEqual(text.rows);
      await look(page, "zh-phone-listed");
      await close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    "on a 375 px phone in English, with the keyboard: from member management, the same refusal and the same list after 30 days",
    async () => {
      await keepIndefinitely();
      const text = TEXT.en;
      const { page, close } = await visitor(world, { viewport: PHONE });
      await enter(page, world, "cn000001", { language: "en" });
      await page.goto(`${world.server.url}/operation/user`);
      await page.click("[data-testid=open-privacy]");
      await waitForPath(page, "/system/privacy");
      await pageShown(page);
      expect(await page.textContent("h1")).toBe("Privacy and security");
      expect(await page.textContent("[data-testid=privacy-keep]")).toBe(text.forever);
      expect(await page.locator("[data-testid=privacy-row]").count()).toBe(0);
      expect(await page.textContent("[data-testid=privacy]")).toContain(text.emptyForever);
      await look(page, "en-phone-forever");

      // The button from the keyboard; in the window the arrow keys choose, Enter saves.
      await page.focus("[data-testid=privacy-change]");
      await page.keyboard.press("Enter");
      await page.waitForSelector("[data-testid=keep-form]");
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe("days");
      await page.keyboard.press("Space");
      expect(await page.isChecked("[data-testid=keep-days]")).toBe(true);
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("keep-days");
      await page.keyboard.type("10");
      await page.keyboard.press("Enter");
      expect(await page.textContent("#keep-days-error")).toBe(text.range);
      await look(page, "en-phone-refused");
      await page.keyboard.press("Control+A");
      await page.keyboard.type("30");
      await page.keyboard.press("Enter");
      expect(await messageText(page)).toBe(text.saved);
      await page.keyboard.press("Enter");
      await page.waitForSelector("[data-testid=message-text]", { state: "detached" });
      await page.waitForSelector("[role=dialog]", { state: "detached" });
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=privacy-row]").length === 2);
      expect(await page.textContent("[data-testid=privacy-keep]")).toBe(text.thirty);
      expect(await rows(page)).toEqual(text.rows);
      await look(page, "en-phone-listed");

      // On a desk, a table; and the system page's line says the keep.
      await page.setViewportSize(DESK);
      await page.waitForSelector("[data-testid=privacy] table");
      expect(await page.$$eval("[data-testid=privacy] th", (cells) => cells.map((c) => c.textContent?.trim()))).toEqual(["Employee no.", "Name", "Left on", "Replaced on"]);
      await look(page, "en-desk-listed");
      await page.goto(`${world.server.url}/system`);
      expect((await page.locator("[data-testid=privacy-line] span").textContent())?.trim()).toBe("Departed members' data: Kept 30 days");
      await shot(page, "privacy-keep/en-desk-system-line", { fullPage: false });
      await close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  test("a member and an editor without the power are sent back from the page, told which permission is missing; the server refuses them too", async () => {
    const member = await visitor(world);
    await enter(member.page, world, "cn100001");
    await member.page.goto(`${world.server.url}/system/privacy`);
    await waitForPath(member.page, "/index");
    expect(await messageText(member.page)).toBe("您的账号没有「隐私与安全」的权限，已返回。如需使用，请联系工会管理员。");
    await member.close();

    // The editor runs activities, not members: from the activities, the page sends them back there, in English.
    const editor = await visitor(world);
    await enter(editor.page, world, "cn000002", { language: "en" });
    await editor.page.click("[data-nav=activities]");
    await waitForPath(editor.page, "/activity");
    await editor.page.evaluate(() => history.pushState(null, "", "/system/privacy"));
    await waitForPath(editor.page, "/activity");
    expect(await messageText(editor.page)).toBe(
      "Your account does not have the permission for Privacy and security, so you were brought back. If you need it, ask a union administrator.",
    );
    await editor.close();

    const call = await apiAs(world, "cn100001");
    expect((await call("/privacy/config")).message.code).toBe("ERROR_NOT_POWER");
    expect((await call("/privacy/config/save", { keepDays: 30 })).message.code).toBe("ERROR_NOT_POWER");
  });
});
