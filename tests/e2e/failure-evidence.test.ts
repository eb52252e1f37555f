// A failed browser test leaves what is needed to see why: a screenshot of each
// page it had open and the pages' console and script errors, under
// test-results/failures/ (tests/e2e/support.ts keepingEvidence).
import { afterAll, beforeAll, describe, expect } from "bun:test";
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { seriousViolations } from "../helpers/axe";
import { launchBrowser, safeFileName } from "../helpers/browser";
import { FAILURE_DIR, keepingEvidence, test, visitor } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
/** The deliberate failures' evidence goes when the checks are done: what stays in test-results/failures/ is real. */
const STEP = {
  failing: "a deliberately failing step",
  scriptError: "script errors found at close",
  hanging: "a hanging step",
  passing: "a passing step",
};
afterAll(async () => {
  await browser?.close();
  for (const name of Object.values(STEP)) await removeEvidence(name);
});

// Latin text only: the first CJK glyph makes a starved renderer load a large font, which held the page for seconds.
const PAGE = `<!doctype html><meta charset="utf-8"><h1>Points</h1>`;

/**
 * Opens a page of the given HTML by a real navigation. setContent rewrites the
 * document in place, and on a busy machine Playwright then now and then lost
 * track of the page's script context: evaluations hung and console messages
 * and script errors never arrived.
 */
const show = (page: Page, html: string) => page.goto(`data:text/html;charset=utf-8,${encodeURIComponent(html)}`);

/** What a broken page does once loaded: logs an error and a warning, then a script throws. */
const misbehave = () => {
  console.error("the points list could not load: /api/user/integral/list?token_id=t0ken5ecret&stamp=1&key=k&sign=s1gn");
  console.warn("a warning is not an error");
  setTimeout(() => {
    throw new Error("the pager broke");
  });
};

const evidenceOf = (name: string) => {
  const base = join(FAILURE_DIR, safeFileName(name));
  return { png: `${base}.png`, text: `${base}.console.txt` };
};

async function removeEvidence(name: string) {
  const { png, text } = evidenceOf(name);
  await Promise.all([rm(png, { force: true }), rm(text, { force: true }), rm(png.replace(/\.png$/, "-2.png"), { force: true })]);
}

describe("a failed browser test keeps its evidence", () => {
  test("a step that fails leaves a screenshot of every open page and the console and script errors, without the token", async () => {
    const name = STEP.failing;
    await removeEvidence(name);
    let left: Awaited<ReturnType<typeof visitor>> | undefined;

    const failing = keepingEvidence(name, async () => {
      left = await visitor({ browser }, { serverClock: false });
      await show(left.page, PAGE);
      const scriptError = left.page.waitForEvent("pageerror");
      const warned = left.page.waitForEvent("console", (message) => message.type() === "warning");
      await left.page.evaluate(misbehave);
      await Promise.all([scriptError, warned]);
      const second = await left.context.newPage();
      await show(second, "<p>the payment page</p>");
      expect(await left.page.textContent("h1")).toBe("a heading that is not there");
    });

    await expect(failing).rejects.toThrow("a heading that is not there");
    const { png, text } = evidenceOf(name);
    const signature = (await readFile(png)).subarray(0, 8);
    expect(signature.equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
    expect((await readFile(png.replace(/\.png$/, "-2.png"))).length).toBeGreaterThan(100);
    const kept = await readFile(text, "utf8");
    expect(kept).toContain(`test: ${name}`);
    expect(kept).toContain("a heading that is not there");
    expect(kept).toContain("the points list could not load: /api/user/integral/list?token_id=…&stamp=…&key=…&sign=…");
    expect(kept).toContain("Error: the pager broke");
    expect(kept).not.toContain("a warning is not an error");
    expect(kept).not.toContain("t0ken5ecret");
    // The pages the step left open are closed.
    expect(left!.context.pages()).toEqual([]);
  });

  test("script errors found when a visitor closes fail the test and are kept", async () => {
    const name = STEP.scriptError;
    await removeEvidence(name);
    const failing = keepingEvidence(name, async () => {
      const { page, close } = await visitor({ browser }, { serverClock: false });
      const scriptError = page.context().waitForEvent("weberror");
      await show(page, `<p>profile</p><script>throw new Error("the form broke")</script>`);
      await scriptError;
      await close();
    });
    await expect(failing).rejects.toThrow("the form broke");
    expect(await readFile(evidenceOf(name).text, "utf8")).toContain("Error: the form broke");
    expect((await readFile(evidenceOf(name).png)).length).toBeGreaterThan(100);
  });

  test("a step that hangs is stopped before the test's own timeout, and its evidence kept", async () => {
    const name = STEP.hanging;
    await removeEvidence(name);
    // The test's timeout minus the evidence margin (10 s): given 22 s, the step is stopped after 12 (time for a
    // busy machine to open the visitor first, or there would be no page to photograph).
    const hanging = keepingEvidence(
      name,
      async () => {
        const { page } = await visitor({ browser }, { serverClock: false });
        await show(page, "<p>still loading</p>");
        await page.waitForSelector("[data-testid=never-there]", { timeout: 0 });
      },
      22_000,
    );
    await expect(hanging).rejects.toThrow("timed out after 12000 ms");
    expect(await readFile(evidenceOf(name).text, "utf8")).toContain("timed out after 12000 ms");
    expect((await readFile(evidenceOf(name).png)).length).toBeGreaterThan(100);
  });

  test("a step that passes keeps nothing and leaves no page open", async () => {
    const name = STEP.passing;
    await removeEvidence(name);
    let left: Awaited<ReturnType<typeof visitor>> | undefined;
    await keepingEvidence(name, async () => {
      left = await visitor({ browser }, { serverClock: false });
      await show(left.page, PAGE);
    });
    expect(await Bun.file(evidenceOf(name).png).exists()).toBe(false);
    expect(await Bun.file(evidenceOf(name).text).exists()).toBe(false);
    expect(left!.context.pages()).toEqual([]);
  });
});

describe("the accessibility scan every journey runs (tests/helpers/axe.ts)", () => {
  test("finds what a clean page lacks, and scans the document as it is now, again and again", async () => {
    const v = await visitor({ browser });
    await v.page.setContent(`<!doctype html><html lang="en"><head><title>Points</title></head><body><main><h1>Points</h1></main></body></html>`);
    expect(await seriousViolations(v.page)).toEqual([]);
    // The same document changed, as a route change inside the portal changes it: the next scan sees the change.
    await v.page.evaluate(() => document.querySelector("main")!.insertAdjacentHTML("beforeend", "<button></button><img src='data:,'>"));
    const found = await seriousViolations(v.page);
    expect(found.some((line) => line.startsWith("critical button-name: button"))).toBe(true);
    expect(found.some((line) => line.startsWith("critical image-alt: img"))).toBe(true);
    await v.page.evaluate(() => document.querySelectorAll("button, img").forEach((e) => e.remove()));
    expect(await seriousViolations(v.page)).toEqual([]);
    await v.close();
  });
});
