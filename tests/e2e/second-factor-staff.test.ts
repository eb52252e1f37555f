// Issue 31 item 1 in the browser: a second factor for staff. The servers of
// these journeys give staff 3650 days (tests/helpers/server.ts). The
// administrator finds on the system page how many staff have no two-step
// verification, opens the privacy and security page, is reminded by the band
// above it, and sees the demo staff listed; sets up an app (through the API,
// as their phone would) and is no longer listed. The editor, on the refunds
// page, is reminded too. The administrator asks for 100 days (refused under
// the field with the bounds) and sets 0: the deadline has passed, and the
// editor's next staff call is refused, which shuts the page with the panel
// that leads to the security page. The editor sets up an app and the page
// opens again. The administrator resets the editor's two-step verification
// from member management with a reason, which the operation log shows, and
// the editor is signed out; then sets 90 days, and the editor, signed in with
// the password alone, is reminded of the new deadline. Each screen in Chinese
// and English on a desk and a 375 px phone, checked by axe and photographed.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import type { Page } from "playwright-core";
import { codeAt } from "../../src/domains/second-factor/one-time";
import { formatChinaDateTime } from "../../ui/lib/china-time";
import { shot } from "../helpers/browser";
import { START, testNow } from "../helpers/clock";
import { signedIn } from "../helpers/remote";
import { DESK, PHONE, SETUP_TIMEOUT_MS, type World, accessible, chooseLanguage, messageText, pressOk, signIn, startWorld, stopWorld, test, visitor, waitForPath } from "./support";

const JOURNEY_TIMEOUT_MS = 240_000;
const DAY_MS = 86_400_000;
type Language = "zh" | "en";

let world: World;
beforeAll(async () => {
  world = await startWorld();
}, SETUP_TIMEOUT_MS);
afterAll(() => stopWorld(world));

/** The deadline a grace of `days` gives: the requirement began when the demo was seeded, at START. */
const deadlineOf = (days: number) => formatChinaDateTime(START.getTime() + days * DAY_MS);

/** An authenticator app set up for `account` through the API, as the member's phone would: started, then confirmed with its first code. */
async function enrolApp(account: string) {
  const client = await signedIn(world.server.url, account);
  const started = await client.call<{ secret: string }>("/user/second-factor/app/start");
  expect(started.message.code).toBe("SUCCESS");
  const confirmed = await client.call("/user/second-factor/app/confirm", { code: codeAt(started.secret!, testNow()) });
  expect(confirmed.message.code).toBe("SUCCESS");
}

/** The page (or its open window) checked and photographed. */
async function look(page: Page, name: string) {
  await accessible(page, name);
  await shot(page, `second-factor-staff/${name}`, { fullPage: !(await page.isVisible("[role=dialog]")) });
}

/** The screen on a desk and on a 375 px phone in the language shown, each checked and photographed; back on the desk after. */
async function bothSizes(page: Page, language: Language, name: string, ready?: () => Promise<void>) {
  for (const [size, viewport] of [["desk", DESK], ["phone", PHONE]] as const) {
    await page.setViewportSize(viewport);
    await ready?.();
    await look(page, `${language}-${size}-${name}`);
  }
  await page.setViewportSize(DESK);
}

/** The staff listed without two-step verification, a line each: employee number, name, role (the table's cells or the card's facts). */
const missing = (page: Page) =>
  page.$$eval("[data-testid=factor-row]", (items) =>
    items.map((item) => ["employees", "name", "role"].map((c) => item.querySelector(`[data-column=${c}]`)?.textContent?.trim() ?? "").join(" | ")),
  );

const text = async (page: Page, selector: string) => (await page.textContent(selector))?.trim();

async function privacyShown(page: Page) {
  await page.waitForSelector("[data-testid=staff-factor][data-state=shown]");
  await page.waitForSelector("[data-testid=privacy][data-state=shown]");
}

/** Opens the grace window, asks for `days` and saves; the answer's message is returned, the window left as it is. */
async function askGrace(page: Page, days: string) {
  if (!(await page.isVisible("[data-testid=grace-form]"))) {
    await page.click("[data-testid=factor-change]");
    await page.waitForSelector("[data-testid=grace-form]");
  }
  await page.fill("#grace-days", days);
  await page.click("[data-testid=grace-save]");
}

const STAFF = {
  zh: ["cn000001 | 王管理 | 管理员", "cn000002 | 李编辑 | 编辑", "cn000003 | 张运营 | 运营"],
  en: ["cn000001 | 王管理 | Administrator", "cn000002 | 李编辑 | Editor", "cn000003 | 张运营 | Operator"],
};

describe("two-step verification for staff", () => {
  test(
    "listed and reminded, the grace set to none shuts the editor's staff page until they set it up; the administrator resets it with a reason the log keeps, and gives 90 days",
    async () => {
      const far = deadlineOf(3650);
      // The administrator, in Chinese on a desk: the system page's line, then the page.
      const admin = await visitor(world, { viewport: DESK });
      const a = admin.page;
      await signIn(a, world, "cn000001", { language: "zh" });
      await a.goto(`${world.server.url}/system`);
      const line = a.locator("[data-testid=factor-line]");
      await line.waitFor();
      expect((await line.locator("span").textContent())?.trim()).toBe("管理员两步验证：3 人尚未设置");
      await line.locator("a").click();
      await waitForPath(a, "/system/privacy");
      await privacyShown(a);
      expect(await text(a, "h1")).toBe("隐私与安全");
      expect(await text(a, ".factor-banner-text")).toBe(`管理功能需要两步验证，请在 ${far} 前设置。`);
      expect(await a.getAttribute("[data-testid=factor-banner-link]", "href")).toBe("/information?page=security");
      expect(await text(a, "[data-testid=factor-grace]")).toBe("3650 天");
      expect(await text(a, "[data-testid=factor-deadline]")).toBe(far);
      expect(await a.isVisible("[data-testid=factor-passed]")).toBe(false);
      expect(await text(a, "[data-testid=factor-count]")).toBe("3 人");
      expect(await missing(a)).toEqual(STAFF.zh);
      await bothSizes(a, "zh", "privacy", () => a.waitForSelector("[data-testid=factor-row]").then(() => undefined));

      await chooseLanguage(a, "en");
      expect(await text(a, "h1")).toBe("Privacy and security");
      expect(await text(a, ".factor-banner-text")).toBe(`Staff functions need two-step verification: set it up by ${far}.`);
      expect(await text(a, "[data-testid=factor-grace]")).toBe("3650 days");
      expect(await missing(a)).toEqual(STAFF.en);
      await bothSizes(a, "en", "privacy");
      await chooseLanguage(a, "zh");

      // The administrator sets up an app on their phone: no band any more, and two staff left in the list.
      await enrolApp("cn000001");
      await a.reload();
      await privacyShown(a);
      await a.waitForFunction(() => document.querySelectorAll("[data-testid=factor-row]").length === 2);
      expect(await a.isVisible("[data-testid=factor-banner]")).toBe(false);
      expect(await missing(a)).toEqual(STAFF.zh.slice(1));

      // The editor, on the refunds page (a staff page of theirs), is reminded too: in both languages, on both sizes.
      const editor = await visitor(world, { viewport: DESK });
      const e = editor.page;
      await signIn(e, world, "cn000002", { language: "zh" });
      await e.goto(`${world.server.url}/system/refunds`);
      await e.waitForSelector("[data-testid=refunds]");
      expect(await text(e, ".factor-banner-text")).toBe(`管理功能需要两步验证，请在 ${far} 前设置。`);
      await bothSizes(e, "zh", "banner");
      await chooseLanguage(e, "en");
      expect(await text(e, ".factor-banner-text")).toBe(`Staff functions need two-step verification: set it up by ${far}.`);
      await bothSizes(e, "en", "banner");

      // 100 days: refused under the field, with the server's bounds. 0 days: the deadline is the start, passed.
      await askGrace(a, "100");
      expect(await text(a, "#grace-days-error")).toBe("宽限天数须在 0 至 90 天之间");
      expect(await a.getAttribute("#grace-days", "aria-invalid")).toBe("true");
      expect(await a.evaluate(() => document.activeElement?.id)).toBe("grace-days");
      await a.fill("#grace-days", "0");
      expect(await text(a, "[data-testid=grace-deadline]")).toBe(`截止时间将为 ${deadlineOf(0)}（已过）`);
      await bothSizes(a, "zh", "grace-window");
      await a.click("[data-testid=grace-save]");
      expect(await messageText(a)).toBe("宽限期已保存。");
      await pressOk(a, "确定");
      await a.waitForSelector("[data-testid=grace-form]", { state: "detached" });
      await a.waitForFunction(() => document.querySelector("[data-testid=factor-grace]")?.textContent === "0 天");
      expect(await text(a, "[data-testid=factor-deadline]")).toBe(deadlineOf(0));
      expect(await text(a, "[data-testid=factor-passed]")).toBe("已截止");
      await bothSizes(a, "zh", "privacy-passed");

      // The editor's page still shows, until its next staff call: refused, said in a message, and the page gives way to the panel.
      await e.click("#refunds-tab-done");
      expect(await messageText(e)).toBe("Staff functions need two-step verification: set it up under Personal centre › Security first.");
      await pressOk(e, "OK");
      await e.waitForSelector("[data-testid=factor-gate]");
      expect(await e.isVisible("[data-testid=refunds]")).toBe(false);
      expect(await e.isVisible("[data-testid=factor-banner]")).toBe(false);
      expect(await text(e, "h1")).toBe("Refunds");
      expect(await text(e, "#factor-gate-title")).toBe("Set up two-step verification first");
      expect(await text(e, "[data-testid=factor-gate] p")).toBe(
        `Your account holds staff powers. Since ${deadlineOf(0)}, staff functions need two-step verification (an authenticator app or a passkey). Once it is set up, this page opens again.`,
      );
      await bothSizes(e, "en", "gate");
      await chooseLanguage(e, "zh");
      expect(await text(e, "#factor-gate-title")).toBe("请先设置两步验证");
      await bothSizes(e, "zh", "gate");
      // A fresh start of the page shuts it at once, as every staff page: the user view says the deadline passed.
      await e.goto(`${world.server.url}/system/refunds`);
      await e.waitForSelector("[data-testid=factor-gate]");
      expect(await e.isVisible("[data-testid=refunds]")).toBe(false);
      // The panel's link leads to the security page.
      await e.click("[data-testid=factor-gate-link]");
      await waitForPath(e, "/information?page=security");

      // The editor sets up an app: the refunds page opens again, with no band.
      await enrolApp("cn000002");
      await e.goto(`${world.server.url}/system/refunds`);
      await e.waitForSelector("[data-testid=refunds]");
      expect(await e.isVisible("[data-testid=factor-gate]")).toBe(false);
      expect(await e.isVisible("[data-testid=factor-banner]")).toBe(false);

      // The administrator resets the editor's two-step verification from member management: first in English, the window as it refuses an empty reason.
      await chooseLanguage(a, "en");
      await a.goto(`${world.server.url}/operation/user`);
      const openEditor = async () => {
        await a.fill("#member-search-account", "cn000002");
        await a.press("#member-search-account", "Enter");
        await a.waitForSelector("[data-testid=member-row]:has-text('cn000002')");
        await a.click("[data-testid=member-row]:has-text('cn000002') [data-testid=open-member]");
        await a.waitForSelector("[data-testid=member-factor-reset]");
      };
      await openEditor();
      expect(await text(a, "[data-testid=member-factor]")).toBe("Set up");
      await a.click("[data-testid=member-factor-reset]");
      await a.waitForSelector("[data-testid=factor-reset-form]");
      expect(await a.evaluate(() => document.activeElement?.id)).toBe("factor-reset-reason");
      await a.click("[data-testid=factor-reset-submit]");
      expect(await text(a, "#factor-reset-reason-error")).toBe("Please give the reason");
      await bothSizes(a, "en", "reset-window");
      // Nothing typed: the window and the detail close without a question.
      await a.keyboard.press("Escape");
      await a.waitForSelector("[data-testid=factor-reset-form]", { state: "detached" });
      await a.keyboard.press("Escape");
      await a.waitForSelector("[data-testid=member-detail]", { state: "detached" });
      await chooseLanguage(a, "zh");

      const reason = "更换手机，原身份验证器无法使用";
      await openEditor();
      expect(await text(a, "[data-testid=member-factor]")).toBe("已设置");
      await a.click("[data-testid=member-factor-reset]");
      await a.waitForSelector("[data-testid=factor-reset-form]");
      await a.fill("#factor-reset-reason", reason);
      await bothSizes(a, "zh", "reset-window");
      await a.click("[data-testid=factor-reset-submit]");
      expect(await messageText(a)).toBe("已重置两步验证，该会员已在所有设备上退出登录。");
      await pressOk(a, "确定");
      await a.waitForSelector("[data-testid=factor-reset-form]", { state: "detached" });
      await a.waitForFunction(() => document.querySelector("[data-testid=member-factor]")?.textContent === "未设置");
      expect(await a.isVisible("[data-testid=member-factor-reset]")).toBe(false);

      // The operation log shows the reset with its reason.
      await a.click("[data-testid=member-log-operations]");
      await a.waitForSelector("[data-testid=member-log-row]:has-text('重置会员的两步验证')");
      expect(await text(a, "[data-testid=member-log-row]:has-text('重置会员的两步验证')")).toContain(`原因：${reason}`);
      await bothSizes(a, "zh", "log");
      await a.keyboard.press("Escape");
      await a.waitForSelector("[data-testid=member-log-dialog]", { state: "detached" });
      await a.keyboard.press("Escape");

      // The editor was signed out everywhere: their page goes to the sign-in page.
      await e.reload();
      await waitForPath(e, "/");

      // The grace back to 90 days: the editor, without a second factor again, is listed and, signed in with the password alone, reminded of the new deadline.
      await a.goto(`${world.server.url}/system/privacy`);
      await privacyShown(a);
      await askGrace(a, "90");
      expect(await messageText(a)).toBe("宽限期已保存。");
      await pressOk(a, "确定");
      await a.waitForFunction(() => document.querySelector("[data-testid=factor-grace]")?.textContent === "90 天");
      expect(await text(a, "[data-testid=factor-deadline]")).toBe(deadlineOf(90));
      expect(await a.isVisible("[data-testid=factor-passed]")).toBe(false);
      await a.waitForFunction(() => document.querySelectorAll("[data-testid=factor-row]").length === 2);
      expect(await missing(a)).toEqual(STAFF.zh.slice(1));

      await signIn(e, world, "cn000002", { language: "zh" });
      await e.goto(`${world.server.url}/system/refunds`);
      await e.waitForSelector("[data-testid=refunds]");
      expect(await text(e, ".factor-banner-text")).toBe(`管理功能需要两步验证，请在 ${deadlineOf(90)} 前设置。`);
      await editor.close();
      await admin.close();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
