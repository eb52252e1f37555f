// What the browser journeys share: one server and one browser per file, a
// fresh browser context (empty storage) per test, and the steps a person takes.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, shot } from "../helpers/browser";
import { type TestServer, startServer } from "../helpers/server";

export const PASSWORD = "Union2026demo";
/** The image code of a server started with CAPTCHA_FIXED=ABC123 (tests/helpers/server.ts). */
export const IMAGE_CODE = "ABC123";
export const TEST_TIMEOUT_MS = 60_000;
export const SETUP_TIMEOUT_MS = 120_000;

export const DESK = { width: 1280, height: 800 };
export const PHONE = { width: 360, height: 740 };

export type World = { server: TestServer; browser: Browser };

export async function startWorld(): Promise<World> {
  const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  return { server, browser };
}

export async function stopWorld(world: World | undefined) {
  await world?.browser.close();
  await world?.server.stop();
}

/** A new visitor: fresh storage, a page that fails the test on any script error. */
export async function visitor(world: World, opts: { viewport?: { width: number; height: number } } = {}) {
  const context: BrowserContext = await world.browser.newContext({ viewport: opts.viewport ?? DESK });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const close = async () => {
    await context.close();
    if (errors.length) throw new Error(`script errors on the page:\n${errors.join("\n")}`);
  };
  return { context, page, close };
}

/** Opens the sign-in page and waits until its image code is shown. */
export async function openLogin(page: Page, world: World) {
  await page.goto(`${world.server.url}/`);
  await waitForImageCode(page);
}

export async function waitForImageCode(page: Page) {
  await page.waitForSelector("[data-testid=image-code]", { state: "visible" });
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>("[data-testid=image-code]");
    return !!img && img.complete && img.naturalWidth > 0;
  });
}

export const imageCodeSrc = (page: Page) => page.getAttribute("[data-testid=image-code]", "src");

/** Clicks 中文 or English in the language toggle. */
export async function chooseLanguage(page: Page, language: "zh" | "en") {
  await page.click(`.language-toggle button:has-text("${language === "en" ? "English" : "中文"}")`);
  await page.waitForSelector(`.language-toggle button[aria-pressed=true]:has-text("${language === "en" ? "English" : "中文"}")`);
}

export async function fillLogin(page: Page, account: string, password = PASSWORD, code = IMAGE_CODE) {
  await page.fill("#login-account", account);
  await page.fill("#login-password", password);
  await page.fill("#login-code", code);
}

/** Signs in from the login page by pressing Enter and waits for home. */
export async function signIn(page: Page, world: World, account: string, opts: { language?: "zh" | "en" } = {}) {
  await openLogin(page, world);
  if (opts.language) await chooseLanguage(page, opts.language);
  await fillLogin(page, account);
  await page.press("#login-code", "Enter");
  await page.waitForURL(`${world.server.url}/index`);
  await page.waitForFunction(() => (document.querySelector("[data-testid=welcome]")?.textContent ?? "").trim().length > 0);
}

/** The text of the message box now shown. */
export async function messageText(page: Page): Promise<string> {
  const box = await page.waitForSelector("[data-testid=message-text]", { state: "visible" });
  return (await box.textContent())?.trim() ?? "";
}

/** Answers the message box with its main button (确定 / OK). */
export async function pressOk(page: Page, label: "确定" | "OK") {
  await page.click(`[role=alertdialog] .button-primary:has-text("${label}")`);
  await page.waitForSelector("[data-testid=message-text]", { state: "detached" });
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Waits until the address bar shows the given path (and, when given, query). */
export async function waitForPath(page: Page, path: string) {
  await page.waitForFunction((want) => location.pathname + location.search === want || location.pathname === want, path);
}

/** A screenshot once fades and spinners have settled, so it shows what a person sees. */
export async function settledShot(page: Page, name: string) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
  );
  return shot(page, name);
}
