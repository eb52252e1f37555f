import { expect, test } from "bun:test";
import { smsLength } from "../../src/protocol/sms-length";

test("the length is the content's, plus the sign's and 2 with a sign", () => {
  expect(smsLength("您好", null)).toEqual({ length: 2, parts: 1 });
  expect(smsLength("您好", "")).toEqual({ length: 2, parts: 1 });
  expect(smsLength("您好", "工会")).toEqual({ length: 6, parts: 1 });
});

test("parts of 70 characters, rounded up", () => {
  expect(smsLength("", null)).toEqual({ length: 0, parts: 0 });
  expect(smsLength("字".repeat(70), null)).toEqual({ length: 70, parts: 1 });
  expect(smsLength("字".repeat(71), null)).toEqual({ length: 71, parts: 2 });
  // 66 + 2 (sign) + 2 = 70: one part; one more character makes two.
  expect(smsLength("字".repeat(66), "工会")).toEqual({ length: 70, parts: 1 });
  expect(smsLength("字".repeat(67), "工会")).toEqual({ length: 71, parts: 2 });
  expect(smsLength("a".repeat(141), null)).toEqual({ length: 141, parts: 3 });
});

test("a character outside the BMP counts once", () => {
  expect(smsLength("😀", null).length).toBe(1);
});
