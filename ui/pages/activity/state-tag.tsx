// An activity's state as staff read it (issue 29): preview, live or offline,
// on its tile and above its page's tools. Members see only live activities,
// so they are never shown one.
import { ACTIVITY_STATE } from "../../../src/protocol/enumerations";
import type { PowerCode } from "../../../src/protocol/powers";
import { useT } from "../../i18n";
import { hasPower } from "../../state/session";

/** The powers whose holders see activities that members do not (in preview, offline). */
const STAFF: readonly PowerCode[] = ["FUNCTION_ACTIVITY_EDIT", "FUNCTION_ACTIVITY_CREATE", "FUNCTION_ACTIVITY_MODULE_OPERATION", "FUNCTION_ACTIVITY_ORDER"];
const KEYS = {
  [ACTIVITY_STATE.ACTIVITY_STATE_PREVIEW]: "preview",
  [ACTIVITY_STATE.ACTIVITY_STATE_NORMAL]: "live",
  [ACTIVITY_STATE.ACTIVITY_STATE_OFFLINE]: "offline",
} as Record<number, "preview" | "live" | "offline">;

export function StateTag({ state }: { state: number }) {
  const t = useT();
  const key = KEYS[state];
  if (!key || !STAFF.some((power) => hasPower(power))) return null;
  return (
    <span className={`activity-state activity-state-${key}`} data-testid="activity-state">
      {t(`activity.state.${key}`)}
    </span>
  );
}
