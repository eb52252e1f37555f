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
import { join } from "node:path";
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

/** Saves a full-page PNG as test-results/screenshots/<name>.png and returns its path. */
export async function shot(page: Page, name: string): Promise<string> {
  const safe = name.replace(/[^\p{L}\p{N}._-]+/gu, "_").replace(/^[._]+/, "") || "screenshot";
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${safe}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
