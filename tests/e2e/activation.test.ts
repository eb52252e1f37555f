// Spec 1 sections 2, 4, 5 and 8: activating an account in phone mode and in
// e-mail mode, and resetting a forgotten password, as a person does it. The
// codes are read from the outbox the way staff would, as cn000001. The
// profile step's box accepts the privacy notice in force (issue 31 item 4):
// unticked, it is refused under the box; its link opens the notice.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import type { Page } from "playwright-core";
import { outboxReader } from "../helpers/outbox";
import { startServer } from "../helpers/server";
import {
  DESK,
  PHONE,
  SETUP_TIMEOUT_MS,
  TEST_TIMEOUT_MS,
  type World,
  accessible,
  chooseLanguage,
  fillLogin,
  messageText,
  openLogin,
  pressOk,
  settledShot,
  startWorld,
  stopWorld,
  test,
  visitor,
} from "./support";

const dialog = "[role=dialog]:not([role=alertdialog])";
const countdown = (page: Page) => page.waitForSelector("[data-testid=send-code]:disabled");

let world: World;
let mailServer: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  [world, mailServer] = await Promise.all([startWorld(), startServer({ env: { ACTIVATION_MODE: "mail" } })]);
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await stopWorld(world);
  await mailServer?.stop();
});

async function fillProfile(page: Page, language: "zh" | "en", opts: { viaPicker: boolean }) {
  const L =
    language === "en"
      ? { male: "Male", department: "Department", team: "Team", rd: "Research and Development", platform: "Platform", ethnic: "Ethnic group", han: "Han", birth: "Date of birth" }
      : { male: "男", department: "部门", team: "科室", rd: "研发部", platform: "平台组", ethnic: "民族", han: "汉族", birth: "出生日期" };
  // A required field's label ends with its * mark.
  const field = (label: string) => page.getByLabel(new RegExp(`^${label}\\*?$`));
  await page.getByRole("radio", { name: L.male, exact: true }).check();
  // The team select offers only the teams of the chosen department.
  await field(L.department).selectOption({ label: L.rd });
  const teams = await field(L.team).locator("option").allTextContents();
  expect(teams.slice(1)).toEqual(language === "en" ? ["Platform", "Mobile"] : ["平台组", "移动组"]);
  await field(L.team).selectOption({ label: L.platform });
  await field(L.ethnic).selectOption({ label: L.han });
  if (opts.viaPicker) {
    // 1990-05-17 through the calendar: title -> months -> years, back two pages of 15 years.
    await page.click(`${dialog} .date-picker-toggle`);
    await page.waitForSelector(".date-panel [data-cursor=true]");
    await settledShot(page, `date-picker-in-dialog-${language}`);
    // Esc closes the calendar, not the window around it.
    await page.keyboard.press("Escape");
    await page.waitForSelector(".date-panel", { state: "detached" });
    expect(await page.$(".language-choice, .property-form")).not.toBeNull();
    await page.click(`${dialog} .date-picker-toggle`);
    await page.click(".date-panel .date-title");
    await page.click(".date-panel .date-title");
    const first = Number((await page.textContent(".date-years .date-cell"))!.trim());
    for (let start = first; start > 1990; start -= 15) await page.click(".date-panel .date-nav >> nth=0");
    await page.click(".date-years .date-cell:text-is('1990')");
    await page.click(`.date-months .date-cell >> nth=4`);
    await page.click(".date-days [data-date='1990-05-17']");
    expect(await field(L.birth).inputValue()).toBe("1990-05-17");
  } else {
    await field(L.birth).fill("1991-02-03");
    await field(L.birth).press("Enter");
  }
  await page.fill("#activation-password-field", "NewPass2026");
  await page.fill("#activation-repeat-field", "NewPass2026");
}

describe("activation in phone mode", () => {
  test("cn100003 activates with a phone code in Chinese, chooses English, completes the profile and lands home", async () => {
    const readCode = await outboxReader(world.server.url);
    const { page, close } = await visitor(world);
    await openLogin(page, world);
    await page.click(".login-links button:has-text('激活账号')");
    await page.waitForSelector(`${dialog} #activation-phone`);
    await settledShot(page, "activation-phone-zh-desk");

    // Checked before anything is sent.
    await page.click("[data-testid=send-code]");
    expect(await page.textContent("#activation-phone-error")).toBe("请输入以1开头的11位手机号");
    // Someone the union does not know.
    await page.fill("#activation-phone", "13911112222");
    await page.click("[data-testid=send-code]");
    expect(await messageText(page)).toBe("系统中暂无您的信息，请在收到工会欢迎邮件后再激活");
    await pressOk(page, "确定");
    // A code typed before any was sent.
    await page.fill("#activation-phone", "13900000003");
    await page.fill("#activation-code", "123456");
    await page.click(`${dialog} button[type=submit]`);
    expect(await messageText(page)).toBe("请先点击“发送验证码”获取验证码");
    await pressOk(page, "确定");

    await page.click("[data-testid=send-code]");
    await countdown(page);
    expect(await page.textContent("[data-testid=send-code]")).toMatch(/^(300|299|298) 秒后重发$/);
    expect(await page.getAttribute("#activation-phone", "readonly")).not.toBeNull();
    expect(await page.textContent("[data-testid=sent-to]")).toContain("139****0003");
    await settledShot(page, "activation-phone-countdown-zh-desk");

    // Closing the window and reloading the page keeps the number and the countdown.
    await page.click(`${dialog} button[aria-label=关闭]`);
    await page.reload();
    await page.click(".login-links button:has-text('激活账号')");
    await page.waitForSelector(`${dialog} #activation-phone`);
    expect(await page.inputValue("#activation-phone")).toBe("13900000003");
    await countdown(page);
    expect(await page.textContent("[data-testid=send-code]")).toMatch(/秒后重发$/);

    await page.fill("#activation-code", "000000");
    await page.click(`${dialog} button[type=submit]`);
    expect(await messageText(page)).toBe("验证码错误，请核对后重新输入");
    await pressOk(page, "确定");

    await page.fill("#activation-code", await readCode("13900000003"));
    await page.click(`${dialog} button[type=submit]`);
    await page.waitForSelector(".language-choice");
    await settledShot(page, "activation-language-zh-desk");
    await page.click(".language-card:has-text('English')");

    await page.waitForSelector(`${dialog} h2:has-text('Activate your account')`);
    await page.waitForSelector(".property-form");
    expect(await page.inputValue("#activation-phone-field")).toBe("13900000003");
    await page.click(`${dialog} button[type=submit]`);
    // The first field that fails shows its own dialog text.
    expect(await page.textContent(".property-form .field-error")).toBe("Please choose your gender");
    await fillProfile(page, "en", { viaPicker: true });
    await page.locator("#activation-password-field").fill("weakpassword");
    await page.click(`${dialog} button[type=submit]`);
    expect(await page.textContent("#activation-password-field-error")).toBe(
      "The password must be 10-20 characters and contain upper-case and lower-case letters and a digit",
    );
    await page.locator("#activation-password-field").fill("NewPass2026");
    await page.locator("#activation-repeat-field").fill("NewPass2027");
    expect(await page.textContent("#activation-repeat-field-error")).toBe("The two passwords do not match");
    await page.locator("#activation-repeat-field").fill("NewPass2026");
    // The privacy notice is not accepted yet: said under its box, which takes the focus; the link shows the notice.
    await page.click(`${dialog} button[type=submit]`);
    expect(await page.textContent("#activation-consent-field-error")).toBe("Please read and accept the privacy notice");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("activation-consent-field");
    expect(await page.getAttribute("#activation-consent-field", "aria-invalid")).toBe("true");
    await accessible(page, "activation-consent-en-desk");
    await settledShot(page, "activation-consent-en-desk");
    await page.setViewportSize(PHONE);
    await page.focus("#activation-consent-field");
    await settledShot(page, "activation-consent-en-phone");
    await page.setViewportSize(DESK);
    await page.click("[data-testid=activation-consent-link]");
    await page.waitForSelector("[data-testid=notice-window][data-state=shown]");
    expect(await page.textContent("[data-testid=notice-window] .notice-facts")).toMatch(/^Version 1 · published \d{4}-\d{2}-\d{2}$/);
    await accessible(page, "activation-consent-notice-en-desk");
    await settledShot(page, "activation-consent-notice-en-desk");
    await page.click("[data-testid=notice-close]");
    await page.waitForSelector("[data-testid=notice-window]", { state: "detached" });
    await page.check("#activation-consent-field");
    await page.waitForSelector("#activation-consent-field-error", { state: "detached" });
    await settledShot(page, "activation-profile-en-desk");

    await page.click(`${dialog} button[type=submit]`);
    await page.waitForSelector(".flow-finish:has-text('Your account is activated')");
    await settledShot(page, "activation-finish-en-desk");
    await page.waitForURL(`${world.server.url}/index`, { timeout: 6000 });
    await page.waitForFunction(() => (document.querySelector("[data-testid=welcome]")?.textContent ?? "").includes("刘新人"));
    expect(await page.textContent("[data-nav=home]")).toBe("Home");
    await close();

    // The new password signs in.
    const again = await visitor(world);
    await openLogin(again.page, world);
    await fillLogin(again.page, "cn100003", "NewPass2026");
    await again.page.press("#login-code", "Enter");
    await again.page.waitForURL(`${world.server.url}/index`);
    await again.close();
  }, TEST_TIMEOUT_MS * 2);

  test("activating an account that is already active says so", async () => {
    const { page, close } = await visitor(world);
    await openLogin(page, world);
    await chooseLanguage(page, "en");
    await page.click(".login-links button:has-text('Activate')");
    await page.fill("#activation-phone", "13900000001");
    await page.click("[data-testid=send-code]");
    expect(await messageText(page)).toBe("This account is already activated, or its holder has resigned. Activated members can simply sign in");
    await pressOk(page, "OK");
    await close();
  }, TEST_TIMEOUT_MS);
});

describe("activation in e-mail mode", () => {
  test("on a phone, in English: the company-mail hint, the no-company-mail form, then the company e-mail; profile in Chinese", async () => {
    const readCode = await outboxReader(mailServer.url);
    const mailWorld = { server: mailServer, browser: world.browser };
    const { page, close } = await visitor(mailWorld, { viewport: PHONE });
    await openLogin(page, mailWorld);
    await chooseLanguage(page, "en");
    await page.click(".login-links button:has-text('Activate')");
    await page.waitForSelector(`${dialog} #activation-mail`);
    expect(await page.textContent("#activation-mail-hint")).toContain("company e-mail");
    await settledShot(page, "activation-mail-en-phone");

    // The no-company-mail form: a member who already has a company e-mail is sent back.
    await page.click(".flow-switch button");
    await page.waitForSelector("#activation-employees");
    await page.fill("#activation-employees", "cn100003");
    await page.fill("#activation-initial", "wrong");
    await page.fill("#activation-mail", "liu.private@example.com");
    await page.click("[data-testid=send-code]");
    expect(await messageText(page)).toBe("The initial password is not right; please check it and try again");
    await pressOk(page, "OK");
    await page.fill("#activation-initial", "Union@2026");
    await page.click("[data-testid=send-code]");
    expect(await messageText(page)).toBe("Your account already has a company e-mail; please go back and activate with it");
    await pressOk(page, "OK");
    await settledShot(page, "activation-nomail-en-phone");

    await page.click(".flow-switch button");
    await page.fill("#activation-mail", "cn100003@union.example.com");
    await page.click("[data-testid=send-code]");
    expect(await messageText(page)).toBe("A code was sent to cn100003@union.example.com; it is valid for 2 minutes.");
    await pressOk(page, "OK");
    await countdown(page);
    expect(await page.getAttribute("#activation-mail", "readonly")).not.toBeNull();
    await page.fill("#activation-code", await readCode("cn100003@union.example.com"));
    await page.click(`${dialog} button[type=submit]`);
    await page.click(".language-card:has-text('中文')");
    await page.waitForSelector(".property-form");
    await page.waitForSelector(`${dialog} h2:has-text('激活账号')`);
    await fillProfile(page, "zh", { viaPicker: false });
    // A new phone number must be verified with its own code before the profile is accepted.
    await page.fill("#activation-phone-field", "13900000033");
    await page.click(`${dialog} button[type=submit]`);
    expect(await page.textContent("#activation-code-field-error")).toBe("请输入验证码");
    expect(await page.textContent("#activation-consent-field-error")).toBe("请阅读并同意隐私政策");
    await page.locator("#activation-consent-field").scrollIntoViewIfNeeded();
    await accessible(page, "activation-consent-zh-phone");
    await settledShot(page, "activation-consent-zh-phone");
    await page.setViewportSize(DESK);
    await page.locator("#activation-consent-field").scrollIntoViewIfNeeded();
    await settledShot(page, "activation-consent-zh-desk");
    await page.setViewportSize(PHONE);
    await page.check("#activation-consent-field");
    await page.click("[data-testid=send-code]");
    await countdown(page);
    await page.fill("#activation-code-field", await readCode("13900000033"));
    await settledShot(page, "activation-profile-zh-phone");
    // Nothing may stick out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.click(`${dialog} button[type=submit]`);
    await page.waitForSelector(".flow-finish:has-text('您的账号已激活')");
    await page.waitForURL(`${mailServer.url}/index`, { timeout: 6000 });
    expect(await page.textContent("[data-nav=home]")).toBe("首页");
    await page.goto(`${mailServer.url}/information?page=security`);
    expect(await (await page.waitForSelector("[data-testid=security-phone] .security-value")).textContent()).toBe("139****0033");
    await close();
  }, TEST_TIMEOUT_MS * 2);
});

describe("resetting a forgotten password", () => {
  for (const language of ["zh", "en"] as const) {
    test(`a member resets the password with a phone code, in ${language === "zh" ? "Chinese" : "English"}`, async () => {
      const readCode = await outboxReader(world.server.url);
      const account = language === "zh" ? { id: "cn100001", phone: "13900000001" } : { id: "cn100002", phone: "13900000002" };
      const { page, close } = await visitor(world, { viewport: language === "zh" ? PHONE : undefined });
      await openLogin(page, world);
      await chooseLanguage(page, language);
      await page.click(`.login-links button:has-text('${language === "zh" ? "忘记密码" : "Forgot password"}')`);
      await page.waitForSelector("#reset-phone");
      await page.fill("#reset-phone", account.phone);
      // 9 characters pass the reset window's 8-20 rule, whose message still says 10-20.
      await page.fill("#reset-password", "abc");
      await page.fill("#reset-repeat", "abc");
      await page.click(`${dialog} button[type=submit]`);
      expect(await page.textContent("#reset-password-error")).toBe(
        language === "zh" ? "密码须为10-20位，且同时包含大写字母、小写字母和数字" : "The password must be 10-20 characters and contain upper-case and lower-case letters and a digit",
      );
      await page.fill("#reset-password", "Reset2026");
      await page.fill("#reset-repeat", "Reset2026");
      expect(await page.$("#reset-password-error")).toBeNull();
      await page.click("[data-testid=send-code]");
      await countdown(page);
      await page.fill("#reset-code", await readCode(account.phone));
      await settledShot(page, `reset-${language}-${language === "zh" ? "phone" : "desk"}`);
      await page.click(`${dialog} button[type=submit]`);
      expect(await messageText(page)).toBe(language === "zh" ? "密码已重置，请使用新密码登录" : "Your password is reset; please sign in with the new one");
      await pressOk(page, language === "zh" ? "确定" : "OK");
      await fillLogin(page, account.id, "Reset2026");
      await page.press("#login-code", "Enter");
      await page.waitForURL(`${world.server.url}/index`);
      await close();
    }, TEST_TIMEOUT_MS);
  }
});
