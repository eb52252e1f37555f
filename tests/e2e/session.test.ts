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

    // Another browser starts in Chinese; signing in brings the member's English back.
    const second = await visitor(world);
    await signIn(second.page, world, "cn000003");
    expect(await second.page.textContent("[data-nav=home]")).toBe("Home");
    await chooseLanguage(second.page, "zh");
    expect(await second.page.textContent("[data-nav=home]")).toBe("首页");
    await second.close();
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

  test("a plain member who opens a staff page is told it is not theirs, where they asked for it, in both languages", async () => {
    const { page, close } = await visitor(world);
    await signIn(page, world, "cn100001");
    const staffPages = ["/operation/user", "/operation/property", "/system", "/system/chat?id=1"];
    for (const path of staffPages) {
      await page.goto(`${world.server.url}${path}`);
      await page.waitForSelector("[data-testid=forbidden]");
      expect(pathOf(page)).toBe(path.split("?")[0]!);
      expect(await page.textContent("h1.page-title")).toBe("无权访问");
      expect(await page.textContent("[data-testid=forbidden] h2")).toBe("此页面仅对工作人员开放");
    }
    await settledShot(page, "forbidden-zh-desk");
    await close();

    // Reached from inside the portal too, in English: the note, not a silent move.
    const foreign = await visitor(world);
    await signIn(foreign.page, world, "cn100002", { language: "en" });
    await foreign.page.click("[data-nav=messages]");
    await waitForPath(foreign.page, "/news/list?type=notice");
    await foreign.page.evaluate(() => history.pushState(null, "", "/system"));
    await foreign.page.waitForSelector("[data-testid=forbidden]");
    expect(await foreign.page.textContent("h1.page-title")).toBe("No access");
    expect(await foreign.page.textContent("[data-testid=forbidden] p")).toBe(
      "Your account does not have the permission this page needs. If you need it, ask a union administrator.",
    );
    await foreign.page.click("[data-testid=forbidden] a:has-text('Back to home')");
    await waitForPath(foreign.page, "/index");
    await foreign.close();
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
