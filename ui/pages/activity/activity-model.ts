// The activity as /activity/info answers it, and what is read off it, for the
// activity page, the market item page and the sign-up windows alike. Kept
// apart from the pages so the windows and rules need not import a page.
import type { AnswerOf } from "../../../src/domains/api";

export type Activity = AnswerOf<"/activity/info">["activity"];

/** The smaller of the team's and the activity's limits (spec 2 section 2), per cycle for a periodic one. */
export function quotaOf(a: Activity): number | null {
  const limits = [a.team ? (a.team.showStock ?? a.team.formStock) : null, a.hasCycle ? a.cycleCount : (a.displayStock ?? a.formStock)].filter((n): n is number => n !== null);
  return limits.length ? Math.min(...limits) : null;
}
