// Spec 2 section 4: points deduction.
import { expect, test } from "bun:test";
import { chargeOf } from "../../../src/domains/signup/charge";

test("money and points: the deduction only where the rules allow it", () => {
  expect(chargeOf({ price: 5000, integral: 2000, deduction: 1500, mustIntegral: false }, true)).toEqual({ amount: 3500, points: 2000 });
  expect(chargeOf({ price: 5000, integral: 2000, deduction: 1500, mustIntegral: false }, false)).toEqual({ amount: 5000, points: 0 });
  expect(chargeOf({ price: 0, integral: 2000, deduction: 0, mustIntegral: true }, false)).toEqual({ amount: 0, points: 2000 });
  expect(chargeOf({ price: 0, integral: 2000, deduction: 0, mustIntegral: true }, true)).toBeNull();
  expect(chargeOf({ price: 100, integral: 0, deduction: 50, mustIntegral: false }, true)).toBeNull();
});
