// Spec 2 section 4, activity state: a member sees a published activity inside
// its display window whose "show" conditions hold; editors also see previews
// and everything outside the window. Offline activities are gone for
// everybody but editors (and sign-up refuses them for editors too).
import { ACTIVITY_STATE, CONDITION_TYPE } from "../../protocol/enumerations";
import { allMet, type Condition, type Member } from "./conditions";

type Shown = {
  activity: { state: number; showStart: Date | null; showEnd: Date | null };
  conditions: readonly Condition[];
};

const within = (now: Date, start: Date | null, end: Date | null) => (!start || now >= start) && (!end || now < end);

export function visible(loaded: Shown, member: Pick<Member, "editor" | "values">, now: Date): boolean {
  const a = loaded.activity;
  if (member.editor) return true;
  if (a.state !== ACTIVITY_STATE.ACTIVITY_STATE_NORMAL) return false;
  return within(now, a.showStart, a.showEnd) && allMet(loaded.conditions, CONDITION_TYPE.CONDITION_TYPE_SHOW, member.values);
}
