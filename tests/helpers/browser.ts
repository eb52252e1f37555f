// Headless Debian Chromium through playwright-core, for browser tests.
//
//   const browser = await launchBrowser();
//   const page = await browser.newPage();
//   await page.goto(server.url + "/");
//   await shot(page, "home-zh");          // test-results/screenshots/home-zh.png
//   await browser.close();
//
// Never `playwright install`: scripts/test.ts installs Debian's chromium (and
// CJK fonts) with apt when missing. The flags keep Chromium from reaching for
// the network, which this machine does not have, and let it run as root.

import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { chromium, type Browser, type LaunchOptions, type Page } from "playwright-core";

export const CHROMIUM_PATH = "/usr/bin/chromium";
export const SCREENSHOT_DIR = join(import.meta.dir, "..", "..", "test-results", "screenshots");

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    ...options,
    args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
  });
}

/** A test or screenshot name as a file name: letters, digits, `._-`, the rest as `_`. */
export const safeFileName = (name: string) =>
  name.replace(/[^\p{L}\p{N}._-]+/gu, "_").replace(/^[._]+/, "").slice(0, 150) || "screenshot";

/**
 * Saves a full-page PNG as test-results/screenshots/<name>.png and returns its
 * path; a "/" in the name makes a folder ("walk/index-zh-1366"). With
 * `fullPage: false` only the window is taken: what a person sees of a
 * dialog or a pop-up on a scrolled page.
 */
export async function shot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<string> {
  const path = join(SCREENSHOT_DIR, ...name.split("/").map(safeFileName)) + ".png";
  await mkdir(dirname(path), { recursive: true });
  // A full-page picture of a scrolled page draws the sticky top bar where the window was, mid-page.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path, fullPage });
  return path;
}
