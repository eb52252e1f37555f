// Spec 1 sections 2, 5 and 8: signing in, its checks and its failures.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import {
  DESK,
  PHONE,
  SETUP_TIMEOUT_MS,
  TEST_TIMEOUT_MS,
  type World,
  chooseLanguage,
  fillLogin,
  imageCodeSrc,
  messageText,
  openLogin,
  pathOf,
  pressOk,
  signIn,
  startWorld,
  stopWorld,
  settle,
  settledShot,
  test,
  visitor,
  waitForImageCode,
} from "./support";

let world: World;
beforeAll(async () => {
  world = await startWorld();
}, SETUP_TIMEOUT_MS);
afterAll(() => stopWorld(world));

describe("signing in", () => {
  const ways = [
    { way: "employee id", account: "cn100001", name: "陈会员" },
    { way: "e-mail", account: "cn000002@union.example.com", name: "李编辑" },
    { way: "mobile number", account: "13900000002", name: "Emma Smith" },
  ];

  for (const { way, account, name } of ways) {
    test(`a member signs in in Chinese with the ${way} and is welcomed by name`, async () => {
      const { page, close } = await visitor(world);
      await signIn(page, world, account);
      expect(await page.textContent("[data-testid=welcome]")).toBe(`您好，${name}`);
      expect(await page.textContent("[data-nav=home]")).toBe("首页");
      await close();
    }, TEST_TIMEOUT_MS);

    test(`a member signs in in English with the ${way} and is welcomed by name`, async () => {
      const { page, close } = await visitor(world);
      await signIn(page, world, account, { language: "en" });
      expect(await page.textContent("[data-testid=welcome]")).toBe(`Hello, ${name}`);
      expect(await page.textContent("[data-nav=home]")).toBe("Home");
      await close();
    }, TEST_TIMEOUT_MS);
  }

  test("the sign-in page goes without the type table; signing in brings it for the member's pages", async () => {
    const { page, close } = await visitor(world);
    // The type table's chunk is the one script holding its rows' names (tests/api/first-screen.test.ts).
    const typeTable: string[] = [];
    page.on("response", async (response) => {
      if (response.request().resourceType() !== "script") return;
      const body = await response.text().catch(() => "");
      if (body.includes('"Left the company"')) typeTable.push(new URL(response.url()).pathname);
    });
    await openLogin(page, world);
    await page.waitForLoadState("networkidle");
    expect(typeTable).toEqual([]);
    await signIn(page, world, "cn100001");
    await page.waitForLoadState("networkidle");
    expect(typeTable).toHaveLength(1);
    await close();
  }, TEST_TIMEOUT_MS);

  test("the sign-in page looks right on a desk and on a phone, in Chinese and in English", async () => {
    for (const [size, viewport] of [["desk", DESK], ["phone", PHONE]] as const) {
      const { page, close } = await visitor(world, { viewport });
      await openLogin(page, world);
      expect(await page.textContent(".login-name")).toBe("工会会员服务平台");
      expect(await page.textContent(".login-tips")).toContain("union-support@example.com");
      expect(await page.textContent(".login-tips")).toContain("9:30-17:30");
      expect(await page.textContent(".bottombar")).toContain("沪ICP备");
      await settledShot(page, `login-zh-${size}`);
      await chooseLanguage(page, "en");
      expect(await page.textContent(".login-name")).toBe("Union Member Portal");
      expect(await page.textContent(".login-tips")).toContain("Workdays 9:30-17:30");
      await settledShot(page, `login-en-${size}`);
      // Nothing may stick out sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await close();
    }
  }, TEST_TIMEOUT_MS);

  test("empty or short fields are caught before anything is sent, in both languages", async () => {
    const { page, close } = await visitor(world);
    await openLogin(page, world);
    await page.click("button[type=submit]");
    const errors = async () => (await page.$$eval(".field-error", (els) => els.map((e) => e.textContent)));
    expect(await errors()).toEqual(["请输入用户名", "请输入密码", "请输入6位验证码"]);
    await page.fill("#login-account", "cn100001");
    await page.fill("#login-password", "x");
    await page.fill("#login-code", "ABC12");
    expect(await errors()).toEqual(["请输入6位验证码"]);
    await chooseLanguage(page, "en");
    expect(await errors()).toEqual(["Please enter the 6-character image code"]);
    await page.fill("#login-account", "");
    expect(await errors()).toEqual(["Please enter your account", "Please enter the 6-character image code"]);
    expect(pathOf(page)).toBe("/");
    await close();
  }, TEST_TIMEOUT_MS);

  test("clicking the image code shows a new one", async () => {
    const { page, close } = await visitor(world);
    await openLogin(page, world);
    const before = await imageCodeSrc(page);
    await page.click(".code-image");
    await page.waitForFunction((old) => document.querySelector<HTMLImageElement>("[data-testid=image-code]")?.getAttribute("src") !== old, before);
    await close();
  }, TEST_TIMEOUT_MS);
});

describe("a failed sign-in says why and brings a new image code", () => {
  const failures = [
    { cause: "a wrong image code", account: "cn100001", password: "Union2026demo", code: "ZZZ999", zh: "验证码不正确", en: "The verification code is incorrect" },
    { cause: "an unknown account", account: "cn999999", password: "Union2026demo", code: "ABC123", zh: "用户不存在", en: "The user does not exist" },
    { cause: "a wrong password", account: "cn000003", password: "not-the-password", code: "ABC123", zh: "密码错误", en: "Incorrect password" },
    {
      cause: "an account not activated yet",
      account: "cn100003",
      password: "Union2026demo",
      code: "ABC123",
      zh: "您的账号尚未激活，请点击“激活账号”",
      en: "Your account is not activated, click Activate",
    },
    { cause: "a member who left", account: "cn100004", password: "Union2026demo", code: "ABC123", zh: "您的账号状态为已离职", en: "Your account status is resigned" },
  ];

  for (const f of failures) {
    test(`${f.cause}, in Chinese and in English`, async () => {
      const { page, close } = await visitor(world);
      await openLogin(page, world);
      for (const language of ["zh", "en"] as const) {
        await chooseLanguage(page, language);
        const before = await imageCodeSrc(page);
        await fillLogin(page, f.account, f.password, f.code);
        await page.press("#login-password", "Enter");
        expect(await messageText(page)).toBe(f[language]);
        await page.waitForFunction(
          (old) => document.querySelector<HTMLImageElement>("[data-testid=image-code]")?.getAttribute("src") !== old,
          before,
        );
        if (language === "zh" && f.account === "cn100003") await settledShot(page, "login-failure-not-activated-zh");
        await pressOk(page, language === "en" ? "OK" : "确定");
        expect(await page.inputValue("#login-code")).toBe("");
        expect(pathOf(page)).toBe("/");
      }
      await close();
    }, TEST_TIMEOUT_MS);
  }
});

describe("help on the sign-in page", () => {
  test("Forgot password opens the reset window and Activate the activation window; Esc and the cross close them", async () => {
    const { page, close } = await visitor(world);
    await openLogin(page, world);
    await page.click(".login-links button:has-text('忘记密码')");
    await page.waitForSelector("[role=dialog] h2:has-text('找回密码')");
    await page.waitForSelector("#reset-phone");
    await page.keyboard.press("Escape");
    await page.waitForSelector("[role=dialog]", { state: "detached" });

    await chooseLanguage(page, "en");
    await page.click(".login-links button:has-text('Activate')");
    await page.waitForSelector("[role=dialog] h2:has-text('Activate your account')");
    await page.waitForSelector("#activation-phone");
    await page.click("[role=dialog] button[aria-label=Close]");
    await page.waitForSelector("[role=dialog]", { state: "detached" });
    // The support mailbox and hours stay in the tips block.
    expect(await page.textContent(".login-tips")).toContain("Workdays 9:30-17:30");
    await close();
  }, TEST_TIMEOUT_MS);

  test("a window can be dragged by its title bar but not off the screen", async () => {
    const { page, close } = await visitor(world);
    await openLogin(page, world);
    await page.click(".login-links button:has-text('激活账号')");
    const title = await page.waitForSelector("[role=dialog] .dialog-title");
    // Measured once the window is whole: its form and the privacy notice's box come in after the title, and a window
    // that grows after the measure leaves less room below it than the drag was planned for.
    await page.waitForSelector("#activation-phone");
    await settle(page);
    await page.waitForFunction(async () => {
      const height = () => document.querySelector("[role=dialog]")!.getBoundingClientRect().height;
      const before = height();
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return height() === before;
    });
    const start = (await page.$eval("[role=dialog]", (el) => el.getBoundingClientRect().toJSON())) as DOMRect;
    const grip = { x: start.x + 60, y: start.y + 20 };
    // Down by half the room below the window, so a taller window still has the whole move inside the screen.
    const down = Math.floor((page.viewportSize()!.height - start.bottom) / 2);
    expect(down).toBeGreaterThan(10);
    await page.mouse.move(grip.x, grip.y);
    await page.mouse.down();
    await page.mouse.move(grip.x - 100, grip.y + down, { steps: 5 });
    await page.mouse.up();
    const moved = (await page.$eval("[role=dialog]", (el) => el.getBoundingClientRect().toJSON())) as DOMRect;
    expect(Math.round(moved.x - start.x)).toBe(-100);
    expect(Math.round(moved.y - start.y)).toBe(down);
    await page.mouse.move(moved.x + 60, moved.y + 20);
    await page.mouse.down();
    await page.mouse.move(-500, -500, { steps: 5 });
    await page.mouse.up();
    const clamped = (await page.$eval("[role=dialog]", (el) => el.getBoundingClientRect().toJSON())) as DOMRect;
    expect(Math.round(clamped.x)).toBe(0);
    expect(Math.round(clamped.y)).toBe(0);
    expect(title).toBeTruthy();
    await close();
  }, TEST_TIMEOUT_MS);
});

describe("where the network is not kind", () => {
  test("on plain http without crypto.subtle the pure-JS crypto signs in just the same", async () => {
    const { context, page, close } = await visitor(world);
    // A LAN address over http is not a secure context: the browser has no crypto.subtle there.
    await context.addInitScript(() => Object.defineProperty(Crypto.prototype, "subtle", { get: () => undefined }));
    const chunks: string[] = [];
    page.on("request", (request) => /\/chunk\.[0-9a-z]+\.js$/.test(request.url()) && chunks.push(request.url()));
    await signIn(page, world, "cn100001");
    // The @noble backend is its own chunk, fetched only here.
    expect(chunks.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => typeof crypto.subtle)).toBe("undefined");
    expect(await page.textContent("[data-testid=welcome]")).toBe("您好，陈会员");
    await close();
  }, TEST_TIMEOUT_MS);

  test("when the server can't be reached the sign-in page says so, and Retry recovers", async () => {
    const { page, close } = await visitor(world);
    await page.route("**/api/system/token*", (route) => route.abort());
    await page.goto(`${world.server.url}/`);
    await page.waitForSelector(".login-alert:has-text('暂时无法连接服务器')");
    expect(await page.isDisabled("button[type=submit]")).toBe(true);
    await settledShot(page, "login-unreachable-zh-desk");
    await page.unroute("**/api/system/token*");
    await page.click(".login-alert button");
    await waitForImageCode(page);
    await page.waitForSelector(".login-alert", { state: "detached" });
    expect(await page.isDisabled("button[type=submit]")).toBe(false);
    await close();
  }, TEST_TIMEOUT_MS);
});

describe("the loading overlay", () => {
  test("covers the page while a slow call runs, and goes away when it ends", async () => {
    const { page, close } = await visitor(world);
    await openLogin(page, world);
    // The sign-in answer is held back until the overlay has been seen: a slow server, without a timer.
    let answer!: () => void;
    const overlaySeen = new Promise<void>((resolve) => (answer = resolve));
    await page.route("**/api/client/login/check*", async (route) => {
      await overlaySeen;
      await route.continue();
    });
    await fillLogin(page, "cn100001");
    await page.press("#login-code", "Enter");
    await page.waitForSelector(".loading-overlay", { state: "visible" });
    answer();
    await page.waitForURL(`${world.server.url}/index`);
    await page.waitForSelector(".loading-overlay", { state: "detached" });
    await close();
  }, TEST_TIMEOUT_MS);
});
