// Issue 31 item 2: where a member is signed in, on the security page. The
// demo member cn100001 signs in on several devices (browser contexts, each
// with the user agent of a device people use); the one at the desk sees them
// all, this one marked, signs one out, then all the others at once, and each
// device signed out is asked to sign in again at its next page. In Chinese and
// English, on a desk and on a 375 px phone, with axe on each.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import type { Page } from "playwright-core";
import { shot } from "../helpers/browser";
import { PHONE, SETUP_TIMEOUT_MS, type World, accessible, messageText, pressOk, signIn, startWorld, stopWorld, test, visitor, waitForPath } from "./support";

const JOURNEY_TIMEOUT_MS = 120_000;

/** User agents of devices people sign in from: what the server names them as is the point. */
const AGENT = {
  windowsChrome: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  iphoneWeChat:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN",
  windowsEdge: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
  androidDingTalk:
    "Mozilla/5.0 (Linux; Android 14; V2307A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 AliApp(DingTalk/7.6.0) com.alibaba.android.rimet/7.6.0",
  // Names no browser and no system the server knows.
  kiosk: "UnionKiosk/2.0",
};

let world: World;
beforeAll(async () => {
  world = await startWorld();
}, SETUP_TIMEOUT_MS);
afterAll(() => stopWorld(world));

const SECURITY = "/information?page=security";

async function openSessions(page: Page, rows: number) {
  await page.goto(`${world.server.url}${SECURITY}`);
  await page.waitForSelector("[data-testid=sessions][data-state=shown]");
  await page.waitForFunction((n) => document.querySelectorAll("[data-testid=session-row]").length === n, rows);
}

/** Each row's device as the list shows it (table cell or card title), with its marks. */
const devices = (page: Page) => page.$$eval("[data-testid=session-row] [data-column=device]", (cells) => cells.map((c) => c.textContent?.trim() ?? ""));
const rowText = (page: Page, i: number) => page.locator("[data-testid=session-row]").nth(i).innerText();

/** A section's screenshot, scrolled to it, once the page is accessible and nothing is wider than the window. */
async function look(page: Page, name: string) {
  await accessible(page, name);
  await page.locator("[data-testid=sessions]").scrollIntoViewIfNeeded();
  await shot(page, `sessions-${name}`);
}

/** The next page a signed-out device opens asks it to sign in again, and it keeps no member. */
async function askedToSignIn(page: Page) {
  await page.goto(`${world.server.url}${SECURITY}`);
  await waitForPath(page, "/");
  await page.waitForSelector("[data-testid=image-code]");
  expect(await page.evaluate(() => localStorage.getItem("up.user"))).toBeNull();
}

describe("where a member is signed in", () => {
  test(
    "on a desk in Chinese: two devices listed, this one marked; the phone is signed out after a confirm and asked to sign in at its next page",
    async () => {
      const phone = await visitor(world, { viewport: PHONE, userAgent: AGENT.iphoneWeChat });
      await signIn(phone.page, world, "cn100001");
      const desk = await visitor(world, { userAgent: AGENT.windowsChrome });
      await signIn(desk.page, world, "cn100001");

      await openSessions(desk.page, 2);
      expect(await desk.page.textContent("#sessions-title")).toBe("登录设备");
      // This one first, marked, with no sign-out; WeChat named in Chinese.
      expect(await devices(desk.page)).toEqual(["Chrome 131 · Windows本设备", "微信 8 · iOS"]);
      expect(await desk.page.locator("[data-testid=session-row]").nth(0).locator("[data-testid=session-end]").count()).toBe(0);
      const first = await rowText(desk.page, 0);
      // The address, and when it signed in and was last seen, as China time (the clock starts 2026-03-02 09:30 in Beijing).
      expect(first).toMatch(/127\.0\.0\.1|::1/);
      expect(first.match(/2026-03-02 09:\d\d/g)?.length).toBe(2);
      const end = desk.page.getByRole("button", { name: "退出 微信 8 · iOS" });
      expect(await end.count()).toBe(1);
      expect(await desk.page.isVisible("[data-testid=sessions-end-others]")).toBe(true);
      await look(desk.page, "zh-desk");

      // The phone sees the same two, itself marked, as cards.
      await openSessions(phone.page, 2);
      expect(await devices(phone.page)).toEqual(["微信 8 · iOS本设备", "Chrome 131 · Windows"]);
      await look(phone.page, "zh-phone");

      // Asked first; cancelling leaves both.
      await end.click();
      expect(await messageText(desk.page)).toBe("确定要让 微信 8 · iOS 退出登录吗？该设备需要重新登录才能继续使用。");
      await desk.page.click("[role=alertdialog] button:has-text('取消')");
      await desk.page.waitForSelector("[data-testid=message-text]", { state: "detached" });
      expect(await devices(desk.page)).toHaveLength(2);
      // From the keyboard: the button takes focus and Enter presses it; the confirm's own button says what it does.
      await end.focus();
      await desk.page.keyboard.press("Enter");
      await messageText(desk.page);
      await desk.page.click("[role=alertdialog] .button-primary:has-text('退出')");
      expect(await messageText(desk.page)).toBe("该设备已退出登录");
      await pressOk(desk.page, "确定");
      await desk.page.waitForFunction(() => document.querySelectorAll("[data-testid=session-row]").length === 1);
      expect(await devices(desk.page)).toEqual(["Chrome 131 · Windows本设备"]);
      // No others: nothing to sign out all of.
      expect(await desk.page.isVisible("[data-testid=sessions-end-others]")).toBe(false);

      await askedToSignIn(phone.page);
      // The desk is still signed in.
      await openSessions(desk.page, 1);
      await phone.close();
      await desk.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    "in English, on a desk and a phone: three devices, all the others signed out at once, the count said, and each asked to sign in again",
    async () => {
      const phone = await visitor(world, { viewport: PHONE, userAgent: AGENT.androidDingTalk });
      await signIn(phone.page, world, "cn100002", { language: "en" });
      const kiosk = await visitor(world, { userAgent: AGENT.kiosk });
      await signIn(kiosk.page, world, "cn100002", { language: "en" });
      const desk = await visitor(world, { userAgent: AGENT.windowsEdge });
      await signIn(desk.page, world, "cn100002", { language: "en" });

      await openSessions(desk.page, 3);
      expect(await desk.page.textContent("#sessions-title")).toBe("Where you're signed in");
      // This one first, then the latest seen.
      expect(await devices(desk.page)).toEqual(["Edge 131 · WindowsThis device", "Unknown browser", "DingTalk 7 · Android"]);
      expect(await desk.page.getByRole("button", { name: "Sign out DingTalk 7 · Android" }).count()).toBe(1);
      expect(await desk.page.getByRole("button", { name: "Sign out Unknown browser" }).count()).toBe(1);
      await look(desk.page, "en-desk");

      await openSessions(phone.page, 3);
      expect((await devices(phone.page))[0]).toBe("DingTalk 7 · AndroidThis device");
      await look(phone.page, "en-phone");

      await desk.page.click("[data-testid=sessions-end-others]");
      expect(await messageText(desk.page)).toBe("Sign out every device but this one? Each will need to sign in again to use your account.");
      await desk.page.click("[role=alertdialog] .button-primary:has-text('Sign out all other devices')");
      expect(await messageText(desk.page)).toBe("2 other devices are signed out");
      await pressOk(desk.page, "OK");
      await desk.page.waitForFunction(() => document.querySelectorAll("[data-testid=session-row]").length === 1);
      expect(await devices(desk.page)).toEqual(["Edge 131 · WindowsThis device"]);
      expect(await desk.page.isVisible("[data-testid=sessions-end-others]")).toBe(false);
      // Nothing to sign out: no column of actions either.
      expect(await desk.page.$$eval("[data-testid=sessions] th", (cells) => cells.map((c) => c.textContent))).toEqual(["Device", "IP address", "Signed in", "Last active"]);
      await look(desk.page, "en-desk-alone");

      await askedToSignIn(phone.page);
      await askedToSignIn(kiosk.page);
      await openSessions(desk.page, 1);
      await phone.close();
      await kiosk.close();
      await desk.close();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
