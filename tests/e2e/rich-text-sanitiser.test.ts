// Chromium builds what the rich-text cleaner (src/domains/shared/rich-text.ts)
// makes of every payload of tests/helpers/rich-text-corpus.ts, alone and with
// every other cleaned payload before and after it, both as a document and as
// React puts it into a page (innerHTML of a div): no script runs, no element
// outside the allowlist is built, no element carries a handler, and every
// href and src is an address the portal allows. A control first proves the
// harness sees a payload run when it is not cleaned.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { cleanRichText } from "../../src/domains/shared/rich-text";
import { launchBrowser } from "../helpers/browser";
import { ALLOWED_ELEMENTS, PAYLOADS, safeAddress } from "../helpers/rich-text-corpus";

let browser: Browser;
let page: Page;
/** Every sign of a script that ran: a call of __xss, a dialog, window.__xss overwritten. */
let ran: string[] = [];

/** A page whose __xss and dialogs report to `ran`; a new one after a payload overwrote window.__xss, which outlives setContent. */
async function freshPage() {
  await page?.close();
  page = await browser.newPage();
  page.setDefaultTimeout(10_000);
  await page.exposeFunction("__xss", (...args: unknown[]) => void ran.push(`__xss(${args.join(",")})`));
  page.on("dialog", (dialog) => {
    ran.push(`${dialog.type()}(${dialog.message()})`);
    void dialog.dismiss();
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  await freshPage();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

type Mode = "document" | "innerHTML";
const MODES: Mode[] = ["document", "innerHTML"];

/**
 * Puts `html` in a fresh page as a document's body, or as the innerHTML of a
 * div as React's dangerouslySetInnerHTML does, lets the page's events happen
 * (image errors, toggles, autofocus), and answers what ran and what of the
 * built elements the cleaner should not have let through.
 */
async function render(html: string, mode: Mode): Promise<string[]> {
  ran = [];
  const shell = '<!doctype html><html><head><meta charset="utf-8"></head><body>';
  if (mode === "document") await page.setContent(`${shell}${html}</body></html>`);
  else {
    await page.setContent(`${shell}<div id="rich-text-root"></div></body></html>`);
    await page.evaluate((content) => {
      document.getElementById("rich-text-root")!.innerHTML = content;
    }, html);
  }
  // Two frames and a task: autofocus, details' toggle and image errors have fired by then.
  const found = await page.evaluate(async () => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 20))));
    const problems: string[] = [];
    if (typeof (window as unknown as { __xss?: unknown }).__xss !== "function") problems.push("window.__xss was overwritten");
    for (const el of document.querySelectorAll("*")) {
      const tag = el.tagName.toLowerCase();
      const own = el.id === "rich-text-root" || ["html", "head", "body"].includes(tag) || (tag === "meta" && el.parentElement === document.head && el.getAttribute("charset") === "utf-8");
      if (!own) problems.push(`element:${tag}`);
      for (const { name, value } of el.attributes) {
        if (name.toLowerCase().startsWith("on")) problems.push(`handler:${tag} ${name}`);
        if (["href", "src", "xlink:href", "action", "formaction", "srcdoc", "data", "srcset"].includes(name.toLowerCase())) problems.push(`address:${tag} ${name}=${value}`);
      }
    }
    return problems;
  });
  if (found.includes("window.__xss was overwritten")) await freshPage();
  // Elements and addresses are judged here, by the test's own allowlist.
  const problems: string[] = [];
  for (const entry of found) {
    const [kind, what] = [entry.slice(0, entry.indexOf(":")), entry.slice(entry.indexOf(":") + 1)];
    if (kind === "element" && ALLOWED_ELEMENTS.has(what)) continue;
    if (kind === "address") {
      const [, name, value] = /^\S+ ([^=]+)=([\s\S]*)$/.exec(what)!;
      if ((name === "href" || name === "src") && safeAddress(value!.trim())) continue;
    }
    problems.push(entry);
  }
  return [...ran.map((r) => `ran ${r}`), ...problems];
}

const OUTPUTS = PAYLOADS.map((payload) => ({ payload, out: cleanRichText(payload) }));

describe("rich text in the browser", () => {
  test("the harness sees a payload run, and foreign markup built, when it is not cleaned", async () => {
    for (const mode of MODES) {
      expect(await render("<img src=x onerror=__xss()>", mode)).toContain("ran __xss()");
      expect(await render("<details open ontoggle=__xss()>", mode)).toContain("ran __xss()");
      expect(await render('<a href="javascript:__xss()">x</a>', mode)).toContain("address:a href=javascript:__xss()");
      // The defect of issue 16 item 7: a tag cut off at the end of one text closes on the next one's markup.
      expect(await render("<p><img src=1 onerror=__xss()//" + "<p>next</p>", mode)).toContain("ran __xss()");
    }
    expect(await render("<script>window.__xss=1</script>", "document")).toContain("window.__xss was overwritten");
    expect(await render("<script>alert(1)</script>", "document")).toContain("ran alert(1)");
  }, 60_000);

  test("each cleaned payload runs nothing and builds only allowed elements with safe addresses", async () => {
    const failures: string[] = [];
    for (const { payload, out } of OUTPUTS)
      for (const mode of MODES) {
        const problems = await render(out, mode);
        if (problems.length) failures.push(`${mode} ${JSON.stringify(payload)} -> ${JSON.stringify(out)}: ${problems.join("; ")}`);
      }
    expect(failures).toEqual([]);
  }, 120_000);

  test("every cleaned payload put before and after every other one runs nothing either", async () => {
    // One page per payload a: a b1 a b2 a b3 ... holds every pair (a, b) and (b, a) side by side.
    const failures: string[] = [];
    for (const a of OUTPUTS) {
      const html = OUTPUTS.map((b) => a.out + b.out).join("") + a.out;
      for (const mode of MODES) {
        const problems = await render(html, mode);
        if (problems.length) failures.push(`${mode} around ${JSON.stringify(a.payload)}: ${[...new Set(problems)].join("; ")}`);
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
