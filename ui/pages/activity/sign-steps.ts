// The windows a sign-up goes through (spec 2 section 4), apart from React.
import { chargeOf } from "../../../src/domains/signup/charge";
import type { Activity } from "./activity-model";

export type Step = "details" | "quiz" | "family" | "address" | "deduction" | "confirm";

/**
 * The windows this activity asks for, in order. A market item goes to the
 * trolley instead ("cart"): questionnaire and family only, since its address
 * and points are chosen at checkout (and the trolley keeps no profile fields).
 */
export function stepsOf(a: Activity, mode: "sign" | "cart" = "sign"): Step[] {
  const steps: Step[] = [];
  const signing = mode === "sign";
  // The activity's profile fields are checked before the questions (spec 2 section 5).
  if (signing && a.properties.length > 0) steps.push("details");
  if (a.queryStock) steps.push("quiz");
  if (a.relationships.length > 0) steps.push("family");
  if (signing && a.hasAddress) steps.push("address");
  // Offered where the sign-up domain's charge allows a deduction at all.
  if (signing && chargeOf(a, true)) steps.push("deduction");
  steps.push("confirm");
  return steps;
}

/** What a sign-up's answer may still show once it is written (and paid, when it costs money). */
export type Outcome = "pay" | "ticket" | "review" | "done";

/**
 * The windows after a sign-up is written, in order: the payment when money is
 * due, then the ticket of a ticketed activity, then the answer review of a
 * quiz with showAnswer (spec 2 section 4); a sign-up with none of them ends
 * with the success message ("done").
 */
export function outcomesOf(signed: { pay?: unknown; ticket?: unknown; review?: unknown }, hasTicket: boolean, hasQuiz: boolean): Outcome[] {
  const shown: Outcome[] = [];
  if (signed.pay) shown.push("pay");
  if (signed.ticket || (signed.pay && hasTicket)) shown.push("ticket");
  if (signed.review && hasQuiz) shown.push("review");
  return shown.length ? shown : ["done"];
}
