// When a sign-up (or a gift's redemption) opens, as its waiting caption says
// it: "Opens 12 Dec 10:00" / "12月12日 10:00 开始报名", in China time
// (ui/lib/china-time.ts) whatever zone the browser is in.
import { type Translate, dataKey } from "../../i18n";
import { chinaDayTime } from "../../lib/china-time";
import type { Language } from "../../state/session";
import type { Activity } from "./activity-model";
import { REASON_WORDING, worded } from "./wording";

/**
 * The caption that stands in for the sign-up button: the activity's own
 * wording for the reason when it has one; else, for one not open yet, when it
 * opens; otherwise the reason's own text (area "activity" or "market").
 */
export function reasonCaption(t: Translate, language: Language, area: "activity" | "market", code: string, signStart: string | null | undefined, wording?: Pick<Activity, "wording">): string {
  const key = REASON_WORDING[code];
  const fallback = code === "ERROR_SIGN_NOT_START" && signStart ? t(`${area}.opensAt`, { when: chinaDayTime(signStart, language) }) : t(dataKey(`${area}.reason`, code));
  return key ? worded(wording, language, key, fallback) : fallback;
}
