// The session token travels only in the signed query of API calls: it never
// reaches the address bar, the history, the page's own addresses (the image
// code is an object URL) or a log, from sign-in through the centre to the
// payment window and its payment page.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import type { Page } from "playwright-core";
import {
  SETUP_TIMEOUT_MS,
  TEST_TIMEOUT_MS,
  type World,
  dismissAnnouncement,
  fillLogin,
  messageText,
  openLogin,
  pressOk,
  startWorld,
  stopWorld,
  test,
  visitor,
  waitForAnnouncementCheck,
  waitForImageCode,
  waitForPath,
} from "./support";

let world: World;
beforeAll(async () => {
  world = await startWorld();
}, SETUP_TIMEOUT_MS);
afterAll(() => stopWorld(world));

const tokenOf = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem("up.session") ?? "null") as { tokenId: string } | null)?.tokenId ?? null);

/** Every entry of the tab's back/forward list, as the browser keeps it. */
async function historyEntries(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const { entries } = await cdp.send("Page.getNavigationHistory");
  await cdp.detach();
  return entries.flatMap((entry) => [entry.url, entry.userTypedURL]);
}

/** Every address of the page a person could open or copy: links, images, frames, forms. */
const pageAddresses = (page: Page) =>
  page.$$eval("[href], [src], [action]", (els) =>
    els.flatMap((el) => ["href", "src", "action"].map((name) => el.getAttribute(name) ?? "").filter(Boolean)),
  );

describe("the session token", () => {
  test("never appears in the address bar, the history, the page's addresses or a log, from sign-in to the payment page", async () => {
    const { page, context, close } = await visitor(world);
    const tokens = new Set<string>();
    const shown: string[] = [];
    const consoleLines: string[] = [];
    const signedRequests: string[] = [];
    page.on("framenavigated", (frame) => frame === page.mainFrame() && shown.push(frame.url()));
    context.on("console", (message) => consoleLines.push(`${message.text()} ${message.location().url}`));
    context.on("request", (request) => request.url().includes("token_id=") && signedRequests.push(request.url()));

    /** The address bar and the page's addresses now, with every token seen so far. */
    const checkNow = async (where: string) => {
      const token = await tokenOf(page);
      if (token) tokens.add(token);
      const visible = [page.url(), ...(await pageAddresses(page))];
      for (const address of visible) {
        expect({ where, address, hasQuery: address.includes("token_id") }).toEqual({ where, address, hasQuery: false });
        for (const t of tokens) expect({ where, address, hasToken: address.includes(t) }).toEqual({ where, address, hasToken: false });
      }
    };

    // Sign-in: the image code is a signed GET, shown as an object URL.
    await openLogin(page, world);
    expect(await page.getAttribute("[data-testid=image-code]", "src")).toStartWith("blob:");
    await checkNow("sign-in page");
    await page.click(".code-image");
    await waitForImageCode(page);
    await fillLogin(page, "cn100001");
    const announcement = waitForAnnouncementCheck(page);
    await page.press("#login-code", "Enter");
    await waitForPath(page, "/index");
    await dismissAnnouncement(page, announcement);
    await checkNow("home");

    // The centre, through its menu: profile, points, dues.
    await page.click("[data-nav=centre]");
    await waitForPath(page, "/information");
    await page.waitForSelector("[data-testid=identity]");
    await checkNow("centre");
    await page.click("[data-centre=integral]");
    await page.waitForSelector("[data-testid=points-balance]");
    await checkNow("points");
    await page.goto(`${world.server.url}/information?page=member`);
    await page.waitForSelector("[data-testid=dues-status]");
    await checkNow("dues");

    // The payment window and the payment page its link opens in a new tab.
    await page.click("[data-testid=member-pay]");
    await page.click("[data-testid=dues-pay]");
    await page.waitForSelector("[data-testid=qr-image]");
    await checkNow("payment window");
    const [payer] = await Promise.all([context.waitForEvent("page"), page.click("[data-testid=pay-link]")]);
    await payer.waitForSelector("button.pay");
    expect(payer.url()).toContain("/pay/sandbox/");
    await page.click(".dialog-close");

    // Signing out brings a new token and a new image code.
    await page.click("[data-nav=logout]");
    await messageText(page);
    await pressOk(page, "确定");
    await waitForPath(page, "/");
    await waitForImageCode(page);
    await checkNow("signed out");

    // The token was there all along, in the signed queries the protocol needs.
    expect(tokens.size).toBeGreaterThanOrEqual(1);
    expect(signedRequests.some((url) => [...tokens].some((t) => url.includes(`token_id=${t}`)))).toBe(true);

    const everything = [
      ...shown.map((url) => `address bar: ${url}`),
      ...(await historyEntries(page)).map((url) => `history: ${url}`),
      ...(await historyEntries(payer)).map((url) => `payment page history: ${url}`),
      ...consoleLines.map((line) => `console: ${line}`),
      ...world.server.output().split("\n").map((line) => `server log: ${line}`),
    ];
    expect(shown.length).toBeGreaterThan(3);
    const leaks = everything.filter((line) => line.includes("token_id") || [...tokens].some((t) => line.includes(t)));
    expect(leaks).toEqual([]);
    await close();
  }, TEST_TIMEOUT_MS);
});
