// Spec 2 section 4, points deduction and payment: what a unit costs in
// money and points, and how long a sign-up's payment stays open. Pure.

/** Spec 2 section 9: a sign-up's payment is valid 5 minutes. */
export const PAY_WINDOW_MS = 5 * 60_000;

/** What the member pays in money and points: the deduction only where the rules allow it. */
export function chargeOf(a: { price: number; integral: number; deduction: number; mustIntegral: boolean }, deduct: boolean) {
  if (deduct && !(a.price > 0 && a.deduction > 0 && a.integral > 0 && !a.mustIntegral)) return null;
  return { amount: Math.max(0, a.price - (deduct ? a.deduction : 0)), points: a.mustIntegral || deduct ? a.integral : 0 };
}

export type Charge = NonNullable<ReturnType<typeof chargeOf>>;
