// The wording editor's fourteen texts (spec 3 section 2.2), by the key the
// activity's `wording` column and /activity/text's `content` use:
// { key: { zh, en } }. A text left empty is not stored and the page shows its
// own default in the member's language. Shared by the server's check and the
// pages that show the texts.

/** In the order the wording editor lists them. */
export const WORDING_KEYS = [
  "signUp", // the sign-up button (a market item's add-to-trolley button)
  "start", // the sign-up (redemption) start label
  "end", // the sign-up (redemption) end label
  "quota", // the quota label
  "maxQuota", // the per-member maximum label
  "remaining", // the remaining-places label
  "noPower", // conditions not met
  "notStarted", // not started yet
  "ended", // sign-up ended
  "full", // no place left
  "countUsedUp", // the member's own count used up
  "success", // sign-up succeeded
  "chooseTag", // choose a tag first; {group} stands for the group's name
  "qrCode", // the e-ticket's QR-code prompt
] as const;

export type WordingKey = (typeof WORDING_KEYS)[number];
export type Wording = Partial<Record<WordingKey, { zh: string; en: string }>>;

/** Labels and the button sit in a narrow column; the sentences may run longer. */
export const WORDING_MAX: Readonly<Record<WordingKey, number>> = {
  signUp: 20,
  start: 20,
  end: 20,
  quota: 20,
  maxQuota: 20,
  remaining: 20,
  noPower: 100,
  notStarted: 100,
  ended: 100,
  full: 100,
  countUsedUp: 100,
  success: 200,
  chooseTag: 200,
  qrCode: 200,
};

/** The saved text for the language, or null when none is saved (the page then shows its default). */
export function savedText(wording: Wording | Record<string, { zh: string; en: string }> | null | undefined, key: WordingKey, language: "zh" | "en"): string | null {
  const pair = (wording as Wording | null | undefined)?.[key];
  const text = language === "en" ? pair?.en : pair?.zh;
  return text ? text : null;
}
