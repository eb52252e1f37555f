// The windows a sign-up goes through (spec 2 section 4), apart from React.
import type { Activity } from "./activity-page";

export type Step = "details" | "quiz" | "family" | "address" | "deduction" | "confirm";

/** The windows this activity asks for, in order. */
export function stepsOf(a: Activity): Step[] {
  const steps: Step[] = [];
  // The activity's profile fields are checked before the questions (spec 2 section 5).
  if (a.properties.length > 0) steps.push("details");
  if (a.queryStock) steps.push("quiz");
  if (a.relationships.length > 0) steps.push("family");
  if (a.hasAddress) steps.push("address");
  if (a.price > 0 && a.deduction > 0 && a.integral > 0 && !a.mustIntegral) steps.push("deduction");
  steps.push("confirm");
  return steps;
}
