// The length count of a bulk SMS (spec 3 sections 5 "Short message send" and
// 9): the template's content, plus the sign's length and 2 (its 【】) when a
// sign is chosen; the gateway bills it in parts of 70 characters, rounded up.
// The send dialog shows it and the server keeps it on the task: one rule.

export const SMS_PART_LENGTH = 70;
/** The brackets 【】 the gateway puts around the sign. */
export const SMS_SIGN_EXTRA = 2;

/** Characters as a person counts them (a character outside the BMP is one, not two UTF-16 units). */
const lengthOf = (text: string) => [...text].length;

export function smsLength(content: string, sign: string | null | undefined): { length: number; parts: number } {
  const length = lengthOf(content) + (sign ? lengthOf(sign) + SMS_SIGN_EXTRA : 0);
  return { length, parts: Math.ceil(length / SMS_PART_LENGTH) };
}
