// axe-core's WCAG 2.2 A and AA rules over a page as it is now, for browser tests.
//
//   expect(await seriousViolations(page)).toEqual([]);
//
// Each serious or critical violation comes back as one line naming the rule
// and the elements, so a failing test says what to fix.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA (axe has no rule tagged for 2.2 level A). */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

const BLOCKING = new Set(["serious", "critical"]);

/** One line per element: "serious color-contrast: .login-name-alt (Element has insufficient ...)". */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    // Legacy mode runs axe in the page itself; the default opens a second,
    // blank page per scan to merge results across origins, which doubles the
    // cost of a scan and buys nothing here: the portal has no frames.
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .withTags(WCAG_TAGS)
    .analyze();
  return results.violations
    .filter((v) => BLOCKING.has(v.impact ?? ""))
    .flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id}: ${n.target.join(" ")} (${(n.any[0] ?? n.all[0] ?? n.none[0])?.message ?? v.help})`));
}
