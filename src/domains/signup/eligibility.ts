// The sign-up outcome an activity page shows for a member (spec 2 section 4):
// a button, or the reason caption. Pure: the caller reads the counters once.
// The same function answers /activity/power/check and runs before /order/sign
// opens its transaction, so "full" or "not eligible" never touches a hot row.
import type { ResultCode } from "../../protocol/result-codes";

export type Standing = {
  now: Date;
  signStart: Date | null;
  signEnd: Date | null;
  /** Places left: the smallest of team, activity and cycle (null: no limit). */
  remaining: number | null;
  /** Live orders the member holds (this cycle), and how many are allowed. */
  held: number;
  formCount: number;
  /** The member already holds a place in a team that allows one. */
  teamTaken: boolean;
  /** Points the member must pay and holds, in hundredths. */
  mustPoints: number;
  points: number;
  /** The activity's, team's and module's sign-up conditions hold. */
  conditionsMet: boolean;
  /** Dues unpaid and the membership's "cannot sign up" condition holds. */
  memberIntercept: boolean;
  /** Places by lot (issue 32): the draw's time, and whether it has run. Null: first come, first served. */
  lottery: { drawAt: Date; drawn: boolean } | null;
};

export type Outcome = Extract<
  ResultCode,
  "SUCCESS" | "MEMBER_INTERCEPT_NO_POWER" | "ERROR_SIGN_NO_POWER" | "ERROR_SIGN_NOT_START" | "ERROR_SIGN_END" | "ERROR_SIGN_FINISH" | "ERROR_SIGN_FULL" | "ERROR_SIGN_INTEGRAL" | "ERROR_ACTIVITY_STATE" | "ERROR_LOTTERY_APPLY" | "ERROR_LOTTERY_DRAWING"
>;

export function outcomeOf(s: Standing): Outcome {
  if (s.memberIntercept) return "MEMBER_INTERCEPT_NO_POWER";
  if (!s.conditionsMet) return "ERROR_SIGN_NO_POWER";
  if (!s.signStart || s.now < s.signStart) return "ERROR_SIGN_NOT_START";
  if (s.signEnd && s.now >= s.signEnd) return "ERROR_SIGN_END";
  if (s.teamTaken || s.held >= s.formCount) return "ERROR_SIGN_FINISH";
  if (s.remaining !== null && s.remaining <= 0) return "ERROR_SIGN_FULL";
  if (s.mustPoints > s.points) return "ERROR_SIGN_INTEGRAL";
  // A member who could sign up applies instead until the draw; between the draw's time and its run, nobody takes a place.
  if (s.lottery && !s.lottery.drawn) return s.now < s.lottery.drawAt ? "ERROR_LOTTERY_APPLY" : "ERROR_LOTTERY_DRAWING";
  return "SUCCESS";
}

/** Places left under a cap (null: no cap), never below 0. */
export const left = (cap: number | null, used: number): number | null => (cap === null ? null : Math.max(0, cap - used));

/** The smallest of several limits; null when none limits. */
export function smallest(...limits: (number | null)[]): number | null {
  const set = limits.filter((l): l is number => l !== null);
  return set.length === 0 ? null : Math.min(...set);
}
