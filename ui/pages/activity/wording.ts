// An activity's own wording (the editor's fourteen texts, src/protocol/wording.ts)
// where the page shows one, in the member's language; the page's default where
// none is saved.
import { unescapeAngles } from "../../../src/protocol/identity";
import { savedText, type WordingKey } from "../../../src/protocol/wording";
import type { Language } from "../../state/session";
import type { Activity } from "./activity-model";

/** The saved text (stored escaped, written here as text), else `fallback`. */
export function worded(a: Pick<Activity, "wording"> | null | undefined, language: Language, key: WordingKey, fallback: string): string {
  const text = savedText(a?.wording, key, language);
  return text ? unescapeAngles(text) : fallback;
}

/** The reasons the wording editor names, by result code. */
export const REASON_WORDING: Readonly<Record<string, WordingKey>> = {
  ERROR_SIGN_NO_POWER: "noPower",
  ERROR_SIGN_NOT_START: "notStarted",
  ERROR_SIGN_END: "ended",
  ERROR_SIGN_FULL: "full",
  ERROR_SIGN_FINISH: "countUsedUp",
};
