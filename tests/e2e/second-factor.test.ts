// Issue 31 item 1 in the browser: two-step verification. A member sets up an
// authenticator app on the security page (its QR code, its key in groups of
// four, its first code), is shown ten recovery codes once (copied, saved as a
// text file), and from then on is asked at sign-in for the app's code or a
// recovery code after the password: a wrong or used code is refused, the
// right one signs in, a recovery code counts down and works once. A passkey
// is added with Chromium's virtual authenticator and signs in instead of a
// code. Staff without a factor are told by when they need one. Too many wrong
// codes are told how long to wait, and a second step left longer than five
// minutes (the server's clock moved on) goes back to the password. In Chinese and
// English, on a desk and on a 375 px phone, with axe on each. The portal is
// opened at http://localhost:PORT: a passkey's relying party is a host name.
// The server's clock runs from the same START as testNow(), so the test
// computes the app's codes itself (codeAt) at the server's time; a code's time
// step counts once.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { codeAt } from "../../src/domains/second-factor/one-time";
import { nodeBackend } from "../../src/http/crypto-node";
import { ApiClient } from "../../src/protocol/client";
import { launchBrowser, shot } from "../helpers/browser";
import { movableClock, testNow } from "../helpers/clock";
import { startServer } from "../helpers/server";
import {
  PHONE,
  SETUP_TIMEOUT_MS,
  type World,
  accessible,
  chooseLanguage,
  dismissAnnouncement,
  fillLogin,
  messageText,
  openLogin,
  pressOk,
  signIn,
  stopWorld,
  test,
  visitor,
  waitForAnnouncementCheck,
  waitForPath,
} from "./support";

const JOURNEY_TIMEOUT_MS = 180_000;
const SECURITY = "/information?page=security";
const STEP_MS = 30_000;

const clock = movableClock();
let world: World;
/** How far the server's clock is from testNow(): it counts from CLOCK_START from the moment it booted, a little after it was given it. */
let skew = 0;
beforeAll(async () => {
  const [server, browser] = await Promise.all([startServer({ env: clock.env }), launchBrowser()]);
  // The same server by its name: WebAuthn takes no IP address for a relying party.
  world = { browser, server: { ...server, url: server.url.replace("127.0.0.1", "localhost") } };
  // The handshake answers the server's time; the client keeps how far it is from its own (testNow).
  const client = new ApiClient({
    baseUrl: world.server.url,
    backend: nodeBackend,
    appId: "union-portal-cli",
    now: () => testNow().getTime(),
    store: { load: () => null, save: (saved) => void (skew = saved?.skew ?? 0) },
  });
  await client.startSession();
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await stopWorld(world);
  clock.remove();
});

const TEXT = {
  zh: {
    ok: "确定",
    title: "两步验证",
    empty: "您还没有设置两步验证",
    codeLabel: "验证器应用中的 6 位数字，或一个恢复码",
    codeRequired: "请输入应用显示的 6 位数字",
    appWrong: "验证码不正确，请输入应用当前显示的 6 位数字",
    wrong: "验证码或恢复码不正确，请重试",
    used: "这个验证码已经用过，请输入应用显示的下一个验证码",
    app: "验证器应用",
  },
  en: {
    ok: "OK",
    title: "Two-step verification",
    empty: "You have not set up two-step verification yet",
    codeLabel: "The 6 digits from your authenticator app, or a recovery code",
    codeRequired: "Enter the 6 digits the app shows",
    appWrong: "That code is not right: enter the 6 digits the app shows now",
    wrong: "That code is not right: please try again",
    used: "That code was already used: enter the next one your app shows",
    app: "Authenticator app",
  },
} as const;
type Language = keyof typeof TEXT;

const RECOVERY_CODE = /^[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$/;

/** A screenshot once the page is accessible and nothing is wider than the window; a window open is shot as the screen shows it. */
async function look(page: Page, name: string) {
  await accessible(page, name);
  await shot(page, `second-factor-${name}`, { fullPage: !(await page.isVisible("[role=dialog]")) });
}

async function openSecurity(page: Page) {
  await page.goto(`${world.server.url}${SECURITY}`);
  await page.waitForSelector("[data-testid=two-step][data-state=shown]");
  await page.locator("[data-testid=two-step]").scrollIntoViewIfNeeded();
}

/** Each factor's row (a table's or a card's) as column -> text. */
const factorRows = (page: Page) =>
  page.$$eval("[data-testid=two-step-factor]", (items) =>
    items.map((item) => Object.fromEntries([...item.querySelectorAll("[data-column]")].map((cell) => [cell.getAttribute("data-column"), cell.textContent?.trim() ?? ""]))),
  );

/** The server's time now, `ahead` ms on: what its checks of an app's code read. */
const serverNow = (ahead = 0) => new Date(testNow().getTime() + skew + ahead);

/** The time step of a code taken at `at`. */
const stepOf = (at: Date) => Math.floor(at.getTime() / STEP_MS);

/** A code of the app's ten minutes ago: wrong now, whatever step it is. */
const staleCode = (secret: string) => codeAt(secret, serverNow(-10 * 60_000));

/**
 * Opens the app's set-up window from the panel and reads its key; looked at
 * under `shotName`. Answers the key and the window's QR address.
 */
async function openAppSetUp(page: Page, shotName: string) {
  await page.click("[data-testid=two-step-set-up-app]");
  await page.waitForSelector("[data-testid=two-step-app-form]");
  const qr = page.locator("[data-testid=two-step-qr]");
  await qr.waitFor();
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>("[data-testid=two-step-qr]");
    return !!img && img.complete && img.naturalWidth > 0;
  });
  expect(await qr.getAttribute("src")).toStartWith("data:image/svg+xml");
  const grouped = (await page.textContent("[data-testid=two-step-secret]"))!.trim();
  // Groups of four for typing by hand: 160 bits are 32 base32 letters.
  expect(grouped).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
  // The keyboard starts at the code.
  expect(await page.evaluate(() => document.activeElement?.id)).toBe("two-step-app-code");
  await look(page, shotName);
  return grouped.replaceAll(" ", "");
}

/** Confirms the app with its code now; answers the recovery codes shown, and when the code was taken. */
async function confirmApp(page: Page, secret: string, shotName: string) {
  const at = serverNow();
  await page.fill("#two-step-app-code", codeAt(secret, at));
  await page.click("[data-testid=two-step-app-confirm]");
  await page.waitForSelector("[data-testid=two-step-codes]");
  const codes = await page.$$eval("[data-testid=two-step-code] code", (items) => items.map((c) => c.textContent ?? ""));
  expect(codes).toHaveLength(10);
  for (const code of codes) expect(code).toMatch(RECOVERY_CODE);
  expect(new Set(codes).size).toBe(10);
  await look(page, shotName);
  return { codes, step: stepOf(at) };
}

/** Closes the recovery codes' window by "I have saved them". */
async function savedCodes(page: Page) {
  await page.click("[data-testid=two-step-codes-close]");
  await page.waitForSelector("[data-testid=two-step-codes]", { state: "detached" });
}

async function signOut(page: Page, language: Language, phone = false) {
  if (phone) await page.click(".menu-button");
  await page.click("[data-nav=logout]");
  await messageText(page);
  await pressOk(page, TEXT[language].ok);
  await waitForPath(page, "/");
}

/** The password step, right: the second step is asked for in the same card, the keyboard at its code. */
async function passwordStep(page: Page, account: string, language: Language) {
  await openLogin(page, world);
  await chooseLanguage(page, language);
  await fillLogin(page, account);
  await page.press("#login-code", "Enter");
  await page.waitForSelector("[data-testid=login-second]");
  expect(await page.textContent("label[for=login-second-code]")).toBe(TEXT[language].codeLabel);
  await page.waitForFunction(() => document.activeElement?.id === "login-second-code");
  // No password is kept on the page meanwhile.
  expect(await page.$$("#login-password")).toEqual([]);
}

/** A code (or recovery code) the server refuses: its reason said under the field, which keeps the focus. */
async function refusedCode(page: Page, code: string, reason: string) {
  await page.fill("#login-second-code", code);
  await page.press("#login-second-code", "Enter");
  await page.waitForSelector("[data-testid=login-second-error]");
  expect(await page.textContent("[data-testid=login-second-error]")).toBe(reason);
  expect(await page.getAttribute("#login-second-code", "aria-invalid")).toBe("true");
  expect(await page.getAttribute("#login-second-code", "aria-describedby")).toBe("login-second-code-error");
}

/** Signs in by the second step's `act` (a code sent, the passkey pressed) and waits for home. */
async function secondStepSignsIn(page: Page, act: () => Promise<void>) {
  const announcement = waitForAnnouncementCheck(page);
  await act();
  await page.waitForURL(`${world.server.url}/index`);
  await page.waitForFunction(() => (document.querySelector("[data-testid=welcome]")?.textContent ?? "").trim().length > 0);
  await dismissAnnouncement(page, announcement);
}

const byCode = (page: Page, code: string) => async () => {
  await page.fill("#login-second-code", code);
  await page.press("#login-second-code", "Enter");
};

describe("two-step verification", () => {
  test(
    "in Chinese on a desk and a phone: an app set up with its QR, ten recovery codes shown once; the sign-in then asks for a code, refuses a wrong and a used one, and takes the app's and a recovery code once",
    async () => {
      const desk = await visitor(world);
      await desk.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: world.server.url });
      const page = desk.page;
      await signIn(page, world, "cn100001");
      await openSecurity(page);
      expect(await page.textContent("#two-step-title")).toBe(TEXT.zh.title);
      expect(await page.textContent("[data-testid=two-step] [data-testid=list-empty]")).toBe(TEXT.zh.empty);
      // A member is not required to: no warning.
      expect(await page.$$("[data-testid=two-step-required]")).toEqual([]);
      expect(await page.$$("[data-testid=two-step-recovery]")).toEqual([]);
      await look(page, "panel-empty-zh-desk");

      const secret = await openAppSetUp(page, "app-zh-desk");
      // Nothing typed, then a code of long ago: each said under the field.
      await page.click("[data-testid=two-step-app-confirm]");
      expect(await page.textContent("#two-step-app-code-error")).toBe(TEXT.zh.codeRequired);
      await page.fill("#two-step-app-code", staleCode(secret));
      await page.click("[data-testid=two-step-app-confirm]");
      await page.waitForFunction((text) => document.querySelector("#two-step-app-code-error")?.textContent === text, TEXT.zh.appWrong);
      const { codes, step: confirmed } = await confirmApp(page, secret, "codes-zh-desk");
      expect(await page.textContent("[data-testid=two-step-codes] [role=note]")).toBe("恢复码只显示这一次，关闭此窗口后将无法再次查看。");

      // Copied, and saved as a text file with every code.
      await page.click("[data-testid=two-step-codes-copy]");
      expect(await messageText(page)).toBe("恢复码已复制");
      await pressOk(page, "确定");
      expect((await page.evaluate(() => navigator.clipboard.readText())).split("\n")).toEqual(codes);
      const [download] = await Promise.all([page.waitForEvent("download"), page.click("[data-testid=two-step-codes-download]")]);
      expect(download.suggestedFilename()).toBe("恢复码.txt");
      const file = await readFile((await download.path())!, "utf8");
      expect(file).toStartWith("工会会员服务平台 · 两步验证恢复码");
      for (const code of codes) expect(file).toContain(code);
      await savedCodes(page);

      // The panel lists the app, in China time (the clock starts 2026-03-02 09:30 in Beijing), and the ten codes.
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=two-step-factor]").length === 1);
      const [app] = await factorRows(page);
      expect(app).toEqual({ method: TEXT.zh.app, added: expect.stringMatching(/^2026-03-02 09:\d\d$/), lastUsed: expect.stringMatching(/^2026-03-02 09:\d\d$/), action: "移除" });
      expect(await page.textContent("[data-testid=two-step-recovery-left]")).toBe("还剩 10 个可用");
      // One app per member: no second set-up.
      expect(await page.$$("[data-testid=two-step-set-up-app]")).toEqual([]);
      await look(page, "panel-app-zh-desk");

      // Signing in again: the password is not enough.
      await signOut(page, "zh");
      await passwordStep(page, "cn100001", "zh");
      await look(page, "second-zh-desk");
      await page.click("[data-testid=login-second-submit]");
      expect(await page.textContent("[data-testid=login-second-error]")).toBe("请输入 6 位数字或恢复码");
      await refusedCode(page, staleCode(secret), TEXT.zh.wrong);
      // The code that confirmed the app: its time step is used (while it is still within the window).
      if (stepOf(serverNow()) - confirmed <= 1) await refusedCode(page, codeAt(secret, new Date(confirmed * STEP_MS)), TEXT.zh.used);
      await look(page, "second-wrong-zh-desk");
      // The app's next code (its step not used yet, and within the window) signs in.
      await secondStepSignsIn(page, byCode(page, codeAt(secret, serverNow(STEP_MS))));
      await desk.close();

      // On a phone: a recovery code as a person might type it (small letters, a space), then it is used up.
      const phone = await visitor(world, { viewport: PHONE });
      await passwordStep(phone.page, "cn100001", "zh");
      await look(phone.page, "second-zh-phone");
      await secondStepSignsIn(phone.page, byCode(phone.page, codes[0]!.toLowerCase().replace("-", " ")));
      await openSecurity(phone.page);
      expect(await phone.page.textContent("[data-testid=two-step-recovery-left]")).toBe("还剩 9 个可用");
      await look(phone.page, "panel-app-zh-phone");
      await signOut(phone.page, "zh", true);
      await passwordStep(phone.page, "cn100001", "zh");
      await refusedCode(phone.page, codes[0]!, TEXT.zh.wrong);
      // Back to the password, the keyboard at it.
      await phone.page.click("[data-testid=login-second-back]");
      await phone.page.waitForSelector("#login-password");
      await phone.page.waitForFunction(() => document.activeElement?.id === "login-password");
      expect(await phone.page.inputValue("#login-account")).toBe("cn100001");
      await phone.page.waitForSelector("[data-testid=image-code]");
      await fillLogin(phone.page, "cn100001");
      await phone.page.press("#login-code", "Enter");
      await phone.page.waitForSelector("[data-testid=login-second]");
      await secondStepSignsIn(phone.page, byCode(phone.page, codes[1]!));

      // New codes: asked first; the old ones stop working.
      await openSecurity(phone.page);
      await phone.page.click("[data-testid=two-step-renew]");
      expect(await messageText(phone.page)).toBe("要生成 10 个新的恢复码吗？您现有的恢复码将全部作废。");
      await phone.page.click("[role=alertdialog] .button-primary:has-text('重新生成恢复码')");
      await phone.page.waitForSelector("[data-testid=two-step-codes]");
      const renewed = await phone.page.$$eval("[data-testid=two-step-code] code", (items) => items.map((c) => c.textContent ?? ""));
      expect(renewed).toHaveLength(10);
      expect(renewed.filter((code) => codes.includes(code))).toEqual([]);
      await look(phone.page, "codes-renewed-zh-phone");
      await savedCodes(phone.page);
      await phone.page.waitForFunction(() => document.querySelector("[data-testid=two-step-recovery-left]")?.textContent === "还剩 10 个可用");

      // The app removed (the last method of a member: said so), then set up again on the phone.
      await phone.page.click("[data-testid=two-step-remove]");
      expect(await messageText(phone.page)).toBe("确定要移除验证器应用吗？这是您最后一种两步验证方式：移除后登录只需密码，恢复码也将作废。");
      await phone.page.click("[role=alertdialog] .button-primary:has-text('移除')");
      expect(await messageText(phone.page)).toBe("验证器应用已移除");
      await pressOk(phone.page, "确定");
      await phone.page.waitForSelector("[data-testid=two-step] [data-testid=list-empty]");
      const again = await openAppSetUp(phone.page, "app-zh-phone");
      expect(again).not.toBe(secret);
      await confirmApp(phone.page, again, "codes-zh-phone");
      await savedCodes(phone.page);
      await phone.page.waitForFunction(() => document.querySelectorAll("[data-testid=two-step-factor]").length === 1);
      await phone.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    "in English on a phone and a desk: an app, then a passkey from the browser's authenticator; the sign-in offers the passkey and it signs in",
    async () => {
      const phone = await visitor(world, { viewport: PHONE });
      await signIn(phone.page, world, "cn100002", { language: "en" });
      await openSecurity(phone.page);
      expect(await phone.page.textContent("#two-step-title")).toBe(TEXT.en.title);
      await look(phone.page, "panel-empty-en-phone");
      const secret = await openAppSetUp(phone.page, "app-en-phone");
      const { codes } = await confirmApp(phone.page, secret, "codes-en-phone");
      await savedCodes(phone.page);
      await phone.page.waitForFunction(() => document.querySelectorAll("[data-testid=two-step-factor]").length === 1);
      await phone.close();

      // On the desk, signed in with a recovery code; a passkey added there by the browser's (virtual) authenticator.
      const desk = await visitor(world);
      const page = desk.page;
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("WebAuthn.enable");
      await cdp.send("WebAuthn.addVirtualAuthenticator", {
        options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
      });
      await passwordStep(page, "cn100002", "en");
      // No passkey yet: none offered.
      expect(await page.$$("[data-testid=login-passkey]")).toEqual([]);
      await look(page, "second-en-desk");
      await secondStepSignsIn(page, byCode(page, codes[0]!));

      await openSecurity(page);
      await page.click("[data-testid=two-step-add-passkey]");
      await page.waitForSelector("[data-testid=two-step-passkey-form]");
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("two-step-passkey-label");
      // A name first.
      await page.click("[data-testid=two-step-passkey-next]");
      expect(await page.textContent("#two-step-passkey-label-error")).toBe("Please give it a name");
      await page.fill("#two-step-passkey-label", "Work laptop");
      await look(page, "passkey-en-desk");
      await page.click("[data-testid=two-step-passkey-next]");
      // Not the first factor: no new recovery codes, a message.
      expect(await messageText(page)).toBe("Passkey “Work laptop” added.");
      await pressOk(page, "OK");
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=two-step-factor]").length === 2);
      const rows = await factorRows(page);
      expect(rows.map((r) => r.method)).toEqual([TEXT.en.app, "PasskeyWork laptop"]);
      expect(rows[1]!.lastUsed).toBe("Not yet");
      expect(await page.textContent("[data-testid=two-step-recovery-left]")).toBe("9 left");
      expect(await page.getByRole("button", { name: "Remove the passkey “Work laptop”" }).count()).toBe(1);
      await look(page, "panel-passkey-en-desk");

      // Signing in again: the passkey is offered, and signs in.
      await signOut(page, "en");
      await passwordStep(page, "cn100002", "en");
      expect(await page.textContent("[data-testid=login-passkey]")).toBe("Use a passkey");
      await look(page, "second-passkey-en-desk");
      await secondStepSignsIn(page, () => page.click("[data-testid=login-passkey]"));
      await openSecurity(page);
      expect((await factorRows(page))[1]!.lastUsed).toMatch(/^2026-03-02 09:\d\d$/);

      // Removed after a question (not the last method), by its name.
      await page.getByRole("button", { name: "Remove the passkey “Work laptop”" }).click();
      expect(await messageText(page)).toBe("Remove the passkey “Work laptop”? You will no longer be able to sign in with it.");
      await page.click("[role=alertdialog] .button-primary:has-text('Remove')");
      expect(await messageText(page)).toBe("Removed the passkey “Work laptop”");
      await pressOk(page, "OK");
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=two-step-factor]").length === 1);
      await desk.close();

      // The phone, in English: the second step as a phone shows it, signed in with the app.
      const again = await visitor(world, { viewport: PHONE });
      await passwordStep(again.page, "cn100002", "en");
      await refusedCode(again.page, staleCode(secret), TEXT.en.wrong);
      await look(again.page, "second-wrong-en-phone");
      await secondStepSignsIn(again.page, byCode(again.page, codeAt(secret, serverNow(STEP_MS))));
      await openSecurity(again.page);
      await look(again.page, "panel-app-en-phone");
      await again.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    "staff without a factor are told by when they need one; removing a staff member's last one warns that staff functions will stop",
    async () => {
      const { page, close } = await visitor(world);
      await signIn(page, world, "cn000003");
      await openSecurity(page);
      // The tests' servers give ten years' grace from the seeding (SECOND_FACTOR_GRACE_DAYS=3650).
      expect(await page.textContent("[data-testid=two-step-required]")).toMatch(/^管理功能需要两步验证，请在 2036-02-\d\d 09:\d\d 前设置$/);
      await look(page, "panel-staff-zh-desk");
      const secret = await openAppSetUp(page, "app-staff-zh-desk");
      await confirmApp(page, secret, "codes-staff-zh-desk");
      await savedCodes(page);
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=two-step-factor]").length === 1);
      expect(await page.$$("[data-testid=two-step-required]")).toEqual([]);
      await page.click("[data-testid=two-step-remove]");
      expect(await messageText(page)).toBe(
        "确定要移除验证器应用吗？这是您最后一种两步验证方式，恢复码也将作废。管理功能需要两步验证：宽限期结束后，在您重新设置之前，管理功能将停止工作。",
      );
      await page.click("[role=alertdialog] button:has-text('取消')");
      await page.waitForSelector("[data-testid=message-text]", { state: "detached" });
      expect(await page.$$("[data-testid=two-step-factor]")).toHaveLength(1);

      // In English on a phone, the same line.
      const phone = await visitor(world, { viewport: PHONE });
      await signIn(phone.page, world, "cn000002", { language: "en" });
      await openSecurity(phone.page);
      expect(await phone.page.textContent("[data-testid=two-step-required]")).toMatch(/^Staff functions need two-step verification: set it up by 2036-02-\d\d 09:\d\d$/);
      await look(phone.page, "panel-staff-en-phone");
      await phone.close();
      await close();
    },
    JOURNEY_TIMEOUT_MS,
  );
  // Last: it moves the server's clock on.
  test(
    "in English on a desk: an administrator sets up an app; too many wrong codes are told how long to wait, and a second step left over five minutes goes back to the password",
    async () => {
      // The administrator sets up an app on a desk, in English.
      const { page, close } = await visitor(world);
      await signIn(page, world, "cn000001", { language: "en" });
      await openSecurity(page);
      const secret = await openAppSetUp(page, "app-en-desk");
      await confirmApp(page, secret, "codes-en-desk");
      await savedCodes(page);
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=two-step-factor]").length === 1);
      await signOut(page, "en");
      await passwordStep(page, "cn000001", "en");
      for (let i = 0; i < 5; i++) {
        await refusedCode(page, staleCode(secret), TEXT.en.wrong);
        await page.fill("#login-second-code", "");
      }
      await page.fill("#login-second-code", staleCode(secret));
      await page.press("#login-second-code", "Enter");
      await page.waitForFunction(() => /^Too many attempts/.test(document.querySelector("[data-testid=login-second-error]")?.textContent ?? ""));
      expect(await page.textContent("[data-testid=login-second-error]")).toMatch(/^Too many attempts, please try again in \d+ s$/);
      await look(page, "second-often-en-desk");

      // Six minutes later (the pause long over, the password's five minutes too): the password again.
      clock.advance(6 * 60_000);
      skew += 6 * 60_000;
      await page.fill("#login-second-code", codeAt(secret, serverNow()));
      await page.press("#login-second-code", "Enter");
      expect(await messageText(page)).toBe("That took too long: please sign in with your password again");
      await pressOk(page, "OK");
      await page.waitForSelector("#login-password");
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("login-password");
      await page.waitForSelector("[data-testid=image-code]");
      await fillLogin(page, "cn000001");
      await page.press("#login-code", "Enter");
      await page.waitForSelector("[data-testid=login-second]");
      await secondStepSignsIn(page, byCode(page, codeAt(secret, serverNow(STEP_MS))));
      await close();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
