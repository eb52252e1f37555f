// The lifecycle buttons of the editor's bar (spec 3 section 4.1), each asking
// first: publish (preview orders are deleted, family rules and questionnaire
// fixed), take offline (members lose access, orders kept), revert to preview
// (its orders go at the next publish or save), copy (what is not copied, and
// that it cannot be undone; then the offer to open the copy).
import { ACTIVITY_STATE, MODULE_MODEL } from "../../../../src/protocol/enumerations";
import { isSuccess } from "../../../../src/protocol/result";
import { api } from "../../../api";
import { confirm, showMessage } from "../../../components/message-box";
import { type TextKey, resultText, t } from "../../../i18n";
import type { Activity } from "../activity-model";
import type { ToolAction } from "./tool-types";

function moveTo(state: number, ask: TextKey, done: TextKey): ToolAction {
  return async ({ activity, onChanged }) => {
    if (!(await confirm(t(ask)))) return;
    const answer = await api.call("/activity/state", { id: activity.id, state });
    await showMessage(isSuccess(answer) ? t(done) : resultText(t, answer.message));
    onChanged();
  };
}

export const publish = moveTo(ACTIVITY_STATE.ACTIVITY_STATE_NORMAL, "editor.lifecycle.publishAsk", "editor.lifecycle.published");
export const takeOffline = moveTo(ACTIVITY_STATE.ACTIVITY_STATE_OFFLINE, "editor.lifecycle.offlineAsk", "editor.lifecycle.offlined");
export const revert = moveTo(ACTIVITY_STATE.ACTIVITY_STATE_PREVIEW, "editor.lifecycle.revertAsk", "editor.lifecycle.reverted");

/** The page an activity opens on: a market item's or an activity's. */
const pageOf = (a: Activity, id: number) => (a.module.model.id === MODULE_MODEL.MODULE_MODEL_MARKET ? `/market/info?id=${id}` : `/activity/info?id=${id}`);

export const copy: ToolAction = async ({ activity, navigate }) => {
  if (!(await confirm(t("editor.lifecycle.copyAsk")))) return;
  const answer = await api.call("/activity/copy", { id: activity.id });
  if (!isSuccess(answer) || !answer.id) return showMessage(resultText(t, answer.message));
  if (await confirm(t("editor.lifecycle.copied"), { ok: t("editor.lifecycle.openCopy"), cancel: t("editor.lifecycle.stay") })) navigate(pageOf(activity, answer.id));
};
