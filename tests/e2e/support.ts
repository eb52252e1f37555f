// What the browser journeys share: one server and one browser per file, a
// fresh browser context (empty storage) per test, the steps a person takes,
// and `test`, which keeps the evidence of a failed journey (a screenshot and
// the page's console errors under test-results/failures/).
import { test as bunTest, expect } from "bun:test";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Browser, BrowserContext, ConsoleMessage, Page } from "playwright-core";
import { type Db, openDatabase } from "../../src/db/client";
import { users } from "../../src/db/schema";
import { LANGUAGE } from "../../src/protocol/enumerations";
import { nodeBackend } from "../../src/http/crypto-node";
import { ApiClient, type SavedSession } from "../../src/protocol/client";
import { passwordDigest } from "../../src/protocol/password";
import { signIn as apiSignIn } from "../../src/protocol/signin";
import { seriousViolations } from "../helpers/axe";
import { launchBrowser, safeFileName, shot } from "../helpers/browser";
import { testNow } from "../helpers/clock";
import { type TestServer, copySeededDataDir, startServer } from "../helpers/server";

export const PASSWORD = "Union2026demo";
/** The image code of a server started with CAPTCHA_FIXED=ABC123 (tests/helpers/server.ts). */
export const IMAGE_CODE = "ABC123";
export const TEST_TIMEOUT_MS = 60_000;
export const SETUP_TIMEOUT_MS = 120_000;

/** The desk and the phone every journey looks at: a common laptop's window, and a 375 px phone. */
export const DESK = { width: 1366, height: 768 };
export const PHONE = { width: 375, height: 740 };
/** Chinese and English, each on a desk and on a phone, in an order that changes one of the two at each step. */
export const FOUR_SCREENS = [
  { language: "zh", size: "desk", viewport: DESK },
  { language: "en", size: "phone", viewport: PHONE },
  { language: "en", size: "desk", viewport: DESK },
  { language: "zh", size: "phone", viewport: PHONE },
] as const;

/** One file's server and browser; `remove` deletes a prepared server's data directory once it has stopped. */
export type World = { server: TestServer; browser: Browser; remove?: () => Promise<void> };

export async function startWorld(): Promise<World> {
  const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  return { server, browser };
}

/** A browser and a server on a copy of the seeded data that `prepare` changed first (preparedServer). */
export async function preparedWorld(prepare: (db: Db) => Promise<void>, opts: { env?: Record<string, string> } = {}): Promise<World> {
  const [browser, prepared] = await Promise.all([launchBrowser(), preparedServer(prepare, opts)]);
  return { server: prepared.server, browser, remove: prepared.remove };
}

export async function stopWorld(world: World | undefined) {
  await world?.browser.close();
  await world?.server.stop();
  await world?.remove?.();
}

/**
 * A server whose database was changed between its seeding (a copy of the
 * seeded data directory, tests/helpers/server.ts) and the start the tests
 * use: PGlite is one process, so the change is made while no server holds
 * the data directory. `env` is the server's (a movable clock's file).
 */
export async function preparedServer(
  prepare: (db: Db) => Promise<void>,
  opts: { env?: Record<string, string> } = {},
): Promise<{ server: TestServer; remove: () => Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), "union-portal-e2e-prepared-"));
  if (process.env.E2E_SEED_EACH_SERVER) await (await startServer({ env: { DATA_DIR: dataDir } })).stop();
  else await copySeededDataDir(dataDir);
  const database = await openDatabase({ databaseUrl: null, dataDir });
  try {
    await prepare(database.db);
  } finally {
    await database.close();
  }
  const server = await startServer({ env: { ...opts.env, DATA_DIR: dataDir } });
  return { server, remove: () => rm(dataDir, { recursive: true, force: true }) };
}

/** The id of a demo member, for a preparation. */
export const userId = async (db: Db, employees: string) => (await db.select({ id: users.id }).from(users).where(eq(users.employees, employees)))[0]!.id;

export const FAILURE_DIR = join(import.meta.dir, "..", "..", "test-results", "failures");

/** What a visitor's pages reported: script errors fail the test, console errors are kept as evidence. */
type OpenVisitor = { context: BrowserContext; pageErrors: string[]; consoleErrors: string[]; cspViolations: string[] };
/** Visitors not closed yet: when a test fails, these are the pages it left behind. */
const openVisitors = new Set<OpenVisitor>();

// A signed query carries the session token: evidence kept on disk shows that it was there, not its value.
const redactSignedQuery = (text: string) => text.replace(/([?&](?:token_id|stamp|key|sign)=)[^&\s"')]*/g, "$1…");

function describeConsole(message: ConsoleMessage): string {
  const { url, lineNumber } = message.location();
  return url ? `${message.text()} (${url}:${lineNumber})` : message.text();
}

/** A new visitor: fresh storage, pages that fail the test on any script error. */
export async function visitor(
  world: Pick<World, "browser">,
  opts: {
    viewport?: { width: number; height: number };
    serverClock?: boolean;
    deviceScaleFactor?: number;
    timezoneId?: string;
    /** "block" for a journey that holds back or fails the build's files with page.route: the portal's service worker would fetch them past it. */
    serviceWorkers?: "allow" | "block";
    /** The browser's user agent, for a journey about the device a session was signed in on. */
    userAgent?: string;
  } = {},
) {
  // deviceScaleFactor 2 on half the width is how a desk browser zoomed to 200% lays a page out; the browser's own
  // time zone is the machine's unless a test names one (a member abroad).
  const context: BrowserContext = await world.browser.newContext({
    viewport: opts.viewport ?? DESK,
    deviceScaleFactor: opts.deviceScaleFactor,
    timezoneId: opts.timezoneId,
    serviceWorkers: opts.serviceWorkers,
    userAgent: opts.userAgent,
  });
  // The browser's clock runs from the same fixed moment as the server's (pages that talk to no server keep their own).
  if (opts.serverClock !== false) await context.clock.install({ time: testNow() });
  const open: OpenVisitor = { context, pageErrors: [], consoleErrors: [], cspViolations: [] };
  openVisitors.add(open);
  // Whatever the pages' content security policy blocks, on every page and document of the context (issue 31): none is expected.
  await context.exposeBinding("__cspViolation", (_source, text: string) => void open.cspViolations.push(text));
  await context.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (e) =>
      (window as unknown as { __cspViolation: (text: string) => void }).__cspViolation(
        `${e.effectiveDirective} blocked ${e.blockedURI || "inline"} on ${location.pathname} (${e.sourceFile || "the page"}:${e.lineNumber})`,
      ),
    ),
  );
  // Every page of the context, the payment page a test opens beside the first included.
  context.on("weberror", (webError) => open.pageErrors.push(webError.error().stack ?? webError.error().message));
  // Console messages are heard page by page, each page as it opens.
  const heard = new WeakSet<Page>();
  const listen = (p: Page) => {
    if (heard.has(p)) return;
    heard.add(p);
    p.on("console", (message) => {
      if (message.type() === "error") open.consoleErrors.push(describeConsole(message));
    });
  };
  context.on("page", listen);
  const page = await context.newPage();
  listen(page);
  const close = async () => {
    // Left open on script errors, so the failed test's evidence shows the page as it was.
    if (open.pageErrors.length) throw new Error(`script errors on the page:\n${open.pageErrors.join("\n")}`);
    if (open.cspViolations.length) throw new Error(`the content security policy blocked:\n${open.cspViolations.join("\n")}`);
    openVisitors.delete(open);
    await context.close();
  };
  return { context, page, close, cspViolations: open.cspViolations };
}

/** Time kept back from a test's own timeout to save its evidence before bun gives up on it. */
const EVIDENCE_MARGIN_MS = 10_000;
/** A page too busy to be photographed in this time is left out; its errors are still written. */
const EVIDENCE_SHOT_TIMEOUT_MS = 8_000;

/**
 * Saves test-results/failures/<test name>.png (a page per file: -2, -3 for
 * more) and <test name>.console.txt with the console and script errors of
 * the visitor's pages; a test's second visitor adds `.visitor-2` to the
 * name. Returns the files written.
 */
export async function keepFailureEvidence(testName: string, open: OpenVisitor, error: unknown, visitorIndex = 0): Promise<string[]> {
  await mkdir(FAILURE_DIR, { recursive: true });
  const base = join(FAILURE_DIR, safeFileName(testName) + (visitorIndex ? `.visitor-${visitorIndex + 1}` : ""));
  // All pages at once, within the margin kept for evidence: one slow page must not cost the others theirs.
  const shots = await Promise.all(
    open.context.pages().map(async (page, i) => {
      const path = `${base}${i ? `-${i + 1}` : ""}.png`;
      try {
        await page.screenshot({ path, fullPage: true, timeout: EVIDENCE_SHOT_TIMEOUT_MS });
        return path;
      } catch {
        return null; // A crashed or hung page cannot be photographed.
      }
    }),
  );
  const written = shots.filter((path): path is string => path !== null);
  const pages = open.context.pages().map((page) => `  ${page.url()}`);
  const text = [
    `test: ${testName}`,
    `failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    `pages:\n${pages.join("\n") || "  (none)"}`,
    `console errors:\n${open.consoleErrors.map((line) => `  ${line}`).join("\n") || "  (none)"}`,
    `script errors:\n${open.pageErrors.map((line) => `  ${line}`).join("\n") || "  (none)"}`,
  ].join("\n\n");
  await writeFile(`${base}.console.txt`, `${redactSignedQuery(text)}\n`);
  written.push(`${base}.console.txt`);
  return written;
}

/**
 * Runs a journey; when it fails (or is about to time out), keeps the evidence
 * of every visitor it opened, then closes the visitors it left open.
 */
export async function keepingEvidence(testName: string, journey: () => Promise<void>, timeoutMs = TEST_TIMEOUT_MS) {
  const before = new Set(openVisitors);
  const opened = () => [...openVisitors].filter((v) => !before.has(v));
  const running = journey();
  let timer: ReturnType<typeof setTimeout> | undefined;
  // bun abandons a test that times out without unwinding it: stop waiting a little before, so the evidence is kept.
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs - EVIDENCE_MARGIN_MS} ms`)), timeoutMs - EVIDENCE_MARGIN_MS);
  });
  try {
    await Promise.race([running, timedOut]);
  } catch (error) {
    running.catch(() => {}); // still running after a timeout: its own failure comes after ours
    for (const [i, open] of opened().entries()) await keepFailureEvidence(testName, open, error, i);
    throw error;
  } finally {
    clearTimeout(timer);
    for (const open of opened()) {
      openVisitors.delete(open);
      await open.context.close().catch(() => {});
    }
  }
}

/** bun's `test` for browser journeys: a failure keeps its screenshot and console errors (keepingEvidence). */
export function test(name: string, journey: () => Promise<void>, timeoutMs = TEST_TIMEOUT_MS) {
  bunTest(name, () => keepingEvidence(name, journey, timeoutMs), timeoutMs);
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

/**
 * Signs in from the login page by pressing Enter and waits for home. The
 * language toggle is pressed for `language` (Chinese when none is named), even
 * on the language shown: the member then reads the portal in it, stored at
 * sign-in (docs/decisions.md 117), whatever an earlier journey chose for the
 * account. `null` leaves the toggle alone: the account's stored language comes back.
 */
export async function signIn(page: Page, world: World, account: string, opts: { language?: "zh" | "en" | null } = {}) {
  await openLogin(page, world);
  if (opts.language !== null) await chooseLanguage(page, opts.language ?? "zh");
  await fillLogin(page, account);
  const announcement = waitForAnnouncementCheck(page);
  await page.press("#login-code", "Enter");
  await page.waitForURL(`${world.server.url}/index`);
  await page.waitForFunction(() => (document.querySelector("[data-testid=welcome]")?.textContent ?? "").trim().length > 0);
  await dismissAnnouncement(page, announcement);
}

/**
 * Signs a member in for a journey that is about something else: through the
 * API, as the sign-in page would (the image code, the password, then the
 * language chosen saved to the account), with the session, the member and the
 * language put into this tab's storage before the portal's scripts run, then
 * home opened and its announcement closed, as signIn leaves it. It skips the
 * sign-in page's load, which cost a browser more than the rest of a sign-in
 * (tests/e2e/sign-in.test.ts and the session journeys sign in by the page).
 */
/** The portal's own application id (ui/api/index.ts APP_ID): a session made here is the browser's. */
const WEB_APP_ID = "union-portal-web";

export async function enter(page: Page, world: World, account: string, opts: { language?: "zh" | "en" } = {}) {
  const language = opts.language ?? "zh";
  let saved: SavedSession | null = null;
  const client = new ApiClient({
    baseUrl: world.server.url,
    backend: nodeBackend,
    appId: WEB_APP_ID,
    now: () => testNow().getTime(),
    store: { load: () => saved, save: (session) => (saved = session) },
  });
  const signedIn = await apiSignIn(client, { account, passwordMd5: passwordDigest(PASSWORD), captcha: IMAGE_CODE });
  expect(signedIn.message.code).toBe("SUCCESS");
  const chosen = (await client.call("/user/language", { language: language === "en" ? LANGUAGE.LANGUAGE_EN : LANGUAGE.LANGUAGE_ZH })) as Answer;
  expect(chosen.message.code).toBe("SUCCESS");
  const session = saved as SavedSession | null;
  if (!session) throw new Error(`no session was saved signing ${account} in`);
  // The session's clock difference is the browser's own (its clock may be installed elsewhere than this process's).
  const serverNow = testNow().getTime() + (session.skew ?? 0);
  const items: [string, string][] = [
    ["up.user", JSON.stringify(chosen.user)],
    ["up.language", language],
  ];
  // Once in this tab (sessionStorage outlives its navigations): a sign-out later in the journey stays signed out.
  const once = `up.test-entered.${crypto.randomUUID()}`;
  await page.addInitScript(
    ({ origin, once, session, serverNow, items }) => {
      if (location.origin !== origin || sessionStorage.getItem(once)) return;
      sessionStorage.setItem(once, "1");
      localStorage.setItem("up.session", JSON.stringify({ ...session, skew: serverNow - Date.now() }));
      for (const [key, value] of items) localStorage.setItem(key, value);
    },
    { origin: world.server.url, once, session, serverNow, items },
  );
  const announcement = waitForAnnouncementCheck(page);
  await page.goto(`${world.server.url}/index`);
  await page.waitForFunction(() => (document.querySelector("[data-testid=welcome]")?.textContent ?? "").trim().length > 0);
  await dismissAnnouncement(page, announcement);
}

/**
 * Resolves when home has asked for the editor's announcement and reported the
 * visit, whose answer decides whether the dues prompt comes first (call it
 * before the page is opened).
 */
export const waitForAnnouncementCheck = (page: Page) =>
  Promise.all(["/api/announcement/current", "/api/system/visit"].map((path) => page.waitForResponse((r) => new URL(r.url()).pathname === path)));

/**
 * Home shows the editor's announcement once per member, in a modal window;
 * journeys about something else close it (it is then seen, and not shown to
 * that member again). tests/e2e/home.test.ts looks at the window itself.
 */
export async function dismissAnnouncement(page: Page, checked: Promise<unknown>) {
  await checked;
  await nextFrames(page);
  if (await page.isVisible("[data-testid=announcement]")) {
    await page.click("[role=dialog]:has([data-testid=announcement]) .dialog-footer .button-primary");
    await page.waitForSelector("[data-testid=announcement]", { state: "detached" });
  }
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

/** Two animation frames: whatever the last answer made React draw is on the screen. */
export async function nextFrames(page: Page) {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** Every visible part settled: fonts loaded, the last answer drawn, fades and slides over. */
export async function settle(page: Page) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await nextFrames(page);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity));
}

/** Once settled: nothing wider than the window and, unless `audit` is false, no serious or critical axe violation. */
export async function accessible(page: Page, where: string, audit = true) {
  await settle(page);
  if (audit) expect({ where, violations: await seriousViolations(page) }).toEqual({ where, violations: [] });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
}

/** Closes the open window by its close button. */
export async function closeWindow(page: Page) {
  await page.click("[role=dialog] .dialog-close");
  await page.waitForSelector("[role=dialog]", { state: "detached" });
}

/** An answer read loosely, as a journey preparing its data through the API reads it. */
export type Answer = Record<string, any>;

/** A demo account signed in through the API, as a second device would: its calls, for what a journey prepares or undoes. */
export async function apiAs(world: Pick<World, "server">, account: string) {
  const client = new ApiClient({ baseUrl: world.server.url, backend: nodeBackend, appId: "union-portal-cli" });
  expect((await apiSignIn(client, { account, passwordMd5: passwordDigest(PASSWORD), captcha: IMAGE_CODE })).message.code).toBe("SUCCESS");
  return async (path: string, input: Record<string, unknown> = {}) => (await client.call(path as never, input as never)) as Answer;
}

/** Chooses a region at each level of the address dialog's picker, waiting for each level's options. */
export async function chooseRegions(page: Page, codes: string[]) {
  for (const [level, code] of codes.entries()) {
    await page.waitForSelector(`#address-region-${level}:not([disabled]) option[value="${code}"]`, { state: "attached" });
    await page.selectOption(`#address-region-${level}`, code);
  }
}

/** Fills the address dialog (already open) with a valid address in Huangpu, Shanghai. */
export async function fillAddress(page: Page, name: string) {
  await page.fill("#address-name", name);
  await page.fill("#address-phone", "13912345678");
  await chooseRegions(page, ["31", "3101", "310101", "310101002"]);
  await page.fill("#address-info", "南京东路100号");
}

/** The free-text filters whose placeholder is cut by its box (issue 29: "filter placeholders cut at 375 px"), as "id: placeholder". */
export async function cutPlaceholders(page: Page, form = ".filter-bar"): Promise<string[]> {
  return page.$$eval(`${form} input[placeholder]`, (inputs) => {
    const measure = document.createElement("canvas").getContext("2d")!;
    return (inputs as HTMLInputElement[]).flatMap((input) => {
      const style = getComputedStyle(input);
      measure.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return measure.measureText(input.placeholder).width > room ? [`${input.id}: ${input.placeholder}`] : [];
    });
  });
}
