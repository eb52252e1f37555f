// Spec 1 sections 2 and 4: the session across reloads, the language, signing
// out, the navigation guard and the top bar by permission.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import {
  PHONE,
  SETUP_TIMEOUT_MS,
  TEST_TIMEOUT_MS,
  type World,
  chooseLanguage,
  messageText,
  openLogin,
  pathOf,
  pressOk,
  signIn,
  startWorld,
  stopWorld,
  settledShot,
  test,
  visitor,
  waitForPath,
} from "./support";

let world: World;
beforeAll(async () => {
  world = await startWorld();
}, SETUP_TIMEOUT_MS);
afterAll(() => stopWorld(world));

const navLabels = (page: import("playwright-core").Page) =>
  page.$$eval("#main-nav [data-nav]", (els) => els.map((e) => e.getAttribute("data-nav")));

describe("the session", () => {
  test("a reload keeps the member signed in on the page they were on", async () => {
    const { page, close } = await visitor(world);
    await signIn(page, world, "cn100001");
    await settledShot(page, "home-zh-desk");
    await page.click("[data-nav=centre]");
    await waitForPath(page, "/information");
    await page.reload();
    await page.waitForSelector("h1.page-title:has-text('个人中心')");
    expect(pathOf(page)).toBe("/information");
    await page.goto(`${world.server.url}/index`);
    await page.waitForSelector("[data-testid=welcome]:has-text('您好，陈会员')");
    await close();
  }, TEST_TIMEOUT_MS);

  test("a signed-in member who opens the sign-in page goes straight home", async () => {
    const { page, close } = await visitor(world);
    await signIn(page, world, "cn100001");
    await page.goto(`${world.server.url}/`);
    await waitForPath(page, "/index");
    await close();
  }, TEST_TIMEOUT_MS);

  test("when the server no longer knows the token, the stored member is dropped and sign-in is asked again", async () => {
    const { page, close } = await visitor(world);
    await signIn(page, world, "cn100001");
    await page.evaluate(() => {
      const saved = JSON.parse(localStorage.getItem("up.session")!);
      localStorage.setItem("up.session", JSON.stringify({ ...saved, tokenId: "forgotten-token-000000" }));
    });
    await page.reload();
    await waitForPath(page, "/");
    await page.waitForSelector("[data-testid=image-code]");
    expect(await page.evaluate(() => localStorage.getItem("up.user"))).toBeNull();
    await close();
  }, TEST_TIMEOUT_MS);

  test("signing out asks first; cancelling stays, confirming returns to sign-in and ends the session", async () => {
    const { page, close } = await visitor(world);
    await signIn(page, world, "cn100001");
    await page.click("[data-nav=logout]");
    expect(await messageText(page)).toBe("确定要退出登录吗？");
    await settledShot(page, "logout-confirm-zh");
    await page.click("[role=alertdialog] button:has-text('取消')");
    await page.waitForSelector("[data-testid=message-text]", { state: "detached" });
    expect(pathOf(page)).toBe("/index");

    await page.click("[data-nav=logout]");
    await messageText(page);
    await pressOk(page, "确定");
    await waitForPath(page, "/");
    await page.waitForSelector("[data-testid=image-code]");
    await page.goto(`${world.server.url}/index`);
    await waitForPath(page, "/");
    await close();
  }, TEST_TIMEOUT_MS);

  test("signing out in English asks in English", async () => {
    const { page, close } = await visitor(world);
    await signIn(page, world, "cn100002", { language: "en" });
    await page.click("[data-nav=logout]");
    expect(await messageText(page)).toBe("Are you sure you want to sign out?");
    await pressOk(page, "OK");
    await waitForPath(page, "/");
    await close();
  }, TEST_TIMEOUT_MS);
});

describe("the language", () => {
  test("switching on the sign-in page changes the texts and survives a reload", async () => {
    const { page, close } = await visitor(world);
    await openLogin(page, world);
    expect(await page.textContent("button[type=submit]")).toBe("登录");
    await chooseLanguage(page, "en");
    expect(await page.textContent("button[type=submit]")).toBe("Sign in");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    await page.reload();
    await page.waitForSelector("button[type=submit]:has-text('Sign in')");
    await close();
  }, TEST_TIMEOUT_MS);

  test("a signed-in member's choice is saved with the account and comes back on another device", async () => {
    const first = await visitor(world);
    await signIn(first.page, world, "cn000003");
    expect(await first.page.textContent("[data-nav=home]")).toBe("首页");
    await chooseLanguage(first.page, "en");
    expect(await first.page.textContent("[data-nav=home]")).toBe("Home");
    await first.page.waitForSelector("[data-testid=welcome]:has-text('Hello, 张运营')");
    await first.page.reload();
    await first.page.waitForSelector("[data-nav=home]:has-text('Home')");
    expect(await first.page.evaluate(() => JSON.parse(localStorage.getItem("up.user")!).language.id)).toBe(902);
    await first.close();

    // Another browser starts in Chinese; signing in without touching the toggle brings the member's English back.
    const second = await visitor(world);
    await signIn(second.page, world, "cn000003", { language: null });
    expect(await second.page.textContent("[data-nav=home]")).toBe("Home");
    await chooseLanguage(second.page, "zh");
    expect(await second.page.textContent("[data-nav=home]")).toBe("首页");
    await second.close();
  }, TEST_TIMEOUT_MS);

  test("a language picked on the sign-in page is the member's from then on: stored with the account at sign-in", async () => {
    for (const [language, home, id] of [["zh", "首页", 901], ["en", "Home", 902]] as const) {
      const { page, close } = await visitor(world);
      await signIn(page, world, "cn100002", { language });
      expect(await page.textContent("[data-nav=home]")).toBe(home);
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem("up.user")!).language.id)).toBe(id);
      await close();
    }
    // A third device that leaves the toggle alone gets the last one picked.
    const { page, close } = await visitor(world);
    await signIn(page, world, "cn100002", { language: null });
    expect(await page.textContent("[data-nav=home]")).toBe("Home");
    await close();
  }, TEST_TIMEOUT_MS);
});

describe("the navigation guard", () => {
  test("a visitor who is not signed in is sent to sign-in from any page", async () => {
    const { page, close } = await visitor(world);
    for (const path of ["/information", "/index", "/news/list?type=notice", "/operation/user"]) {
      await page.goto(`${world.server.url}${path}`);
      await waitForPath(page, "/");
      await page.waitForSelector("[data-testid=image-code]");
    }
    await close();
  }, TEST_TIMEOUT_MS);

  test("a member or a staff member without a page's power is sent back where they were and told which permission is missing, in both languages", async () => {
    const { page, close } = await visitor(world);
    await signIn(page, world, "cn100001");
    const staffPages: [string, string][] = [
      ["/operation/user", "会员管理"],
      ["/operation/property", "属性管理"],
      ["/system", "系统管理"],
      ["/system/chat?id=1", "信箱会话管理"],
    ];
    for (const [path, name] of staffPages) {
      await page.goto(`${world.server.url}${path}`);
      await waitForPath(page, "/index");
      expect(await messageText(page)).toBe(`您的账号没有「${name}」的权限，已返回。如需使用，请联系工会管理员。`);
      await page.keyboard.press("Enter");
      await page.waitForSelector("[role=alertdialog]", { state: "detached" });
    }
    await close();

    // The editor runs activities but not the dashboard: from the activities, /system sends them back there, in English.
    const editor = await visitor(world);
    await signIn(editor.page, world, "cn000002", { language: "en" });
    await editor.page.click("[data-nav=activities]");
    await waitForPath(editor.page, "/activity");
    await editor.page.evaluate(() => history.pushState(null, "", "/system"));
    await waitForPath(editor.page, "/activity");
    expect(await messageText(editor.page)).toBe(
      "Your account does not have the permission for System management, so you were brought back. If you need it, ask a union administrator.",
    );
    await settledShot(editor.page, "forbidden-en-desk");
    await editor.page.setViewportSize({ width: 375, height: 740 });
    await settledShot(editor.page, "forbidden-en-375");
    await editor.close();
  }, TEST_TIMEOUT_MS);

  test("the administrator sees member and system management and can open them; a member sees neither", async () => {
    const admin = await visitor(world);
    await signIn(admin.page, world, "cn000001");
    expect(await navLabels(admin.page)).toEqual(["home", "activities", "messages", "centre", "members", "system", "logout"]);
    await admin.page.click("[data-nav=members]");
    await waitForPath(admin.page, "/operation/user");
    await admin.page.waitForSelector("h1.page-title:has-text('会员管理')");
    await admin.page.goto(`${world.server.url}/operation/property`);
    await admin.page.waitForSelector("h1.page-title:has-text('属性管理')");
    await admin.page.click("[data-nav=system]");
    await admin.page.waitForSelector("h1.page-title:has-text('系统管理')");
    await settledShot(admin.page, "system-placeholder-zh-desk");
    await admin.page.goto(`${world.server.url}/system/chat?id=1`);
    await admin.page.waitForSelector("h1.page-title:has-text('信箱会话管理')");
    await admin.close();

    const member = await visitor(world);
    await signIn(member.page, world, "cn100001");
    expect(await navLabels(member.page)).toEqual(["home", "activities", "messages", "centre", "logout"]);
    await member.close();
  }, TEST_TIMEOUT_MS);
});

describe("on a phone", () => {
  test("the top bar folds into a menu button", async () => {
    const { page, close } = await visitor(world, { viewport: PHONE });
    await signIn(page, world, "cn000001");
    await settledShot(page, "home-zh-phone");
    expect(await page.isVisible("[data-nav=home]")).toBe(false);
    await page.click(".menu-button");
    await page.waitForSelector("[data-nav=home]", { state: "visible" });
    await settledShot(page, "home-menu-zh-phone");
    await page.click("[data-nav=activities]");
    await waitForPath(page, "/activity");
    expect(await page.isVisible("[data-nav=home]")).toBe(false);
    await page.waitForSelector("h1.page-title:has-text('活动')");
    await settledShot(page, "activity-placeholder-zh-phone");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.click(".menu-button");
    await chooseLanguage(page, "en");
    await page.goto(`${world.server.url}/index`);
    await page.waitForSelector("[data-testid=welcome]:has-text('Hello')");
    await settledShot(page, "home-en-phone");
    await close();
  }, TEST_TIMEOUT_MS);
});
