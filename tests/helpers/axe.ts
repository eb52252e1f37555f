// axe-core's WCAG 2.2 A and AA rules over a page as it is now, for browser tests.
//
//   expect(await seriousViolations(page)).toEqual([]);
//
// Each serious or critical violation comes back as one line naming the rule
// and the elements, so a failing test says what to fix.
//
// axe is put into a document once and run there as often as asked: the
// portal changes route inside one document, and @axe-core/playwright, which
// this replaces, evaluated axe's half a megabyte of source twice before every
// scan (the route walk spent over half its time in scans, mostly on that).
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA (axe has no rule tagged for 2.2 level A). */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

const BLOCKING = new Set(["serious", "critical"]);

const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

type Violation = { id: string; impact?: string | null; help: string; nodes: { target: string[]; any: { message: string }[]; all: { message: string }[]; none: { message: string }[] }[] };

/** One line per element: "serious color-contrast: .login-name-alt (Element has insufficient ...)". */
export async function seriousViolations(page: Page): Promise<string[]> {
  // What a person sees: a window still fading in has text too faint to read, which axe would report.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity));
  // The portal has no frames: the page's own document is the whole of it.
  if (!(await page.evaluate(() => typeof (window as { axe?: unknown }).axe === "object"))) await page.evaluate(AXE_SOURCE);
  const violations: Violation[] = await page.evaluate(
    (tags) => (window as unknown as { axe: { run(...a: unknown[]): Promise<{ violations: Violation[] }> } }).axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] }).then((r) => r.violations),
    WCAG_TAGS,
  );
  return violations
    .filter((v) => BLOCKING.has(v.impact ?? ""))
    .flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id}: ${n.target.join(" ")} (${(n.any[0] ?? n.all[0] ?? n.none[0])?.message ?? v.help})`));
}
