// The waiting list on a full activity's page (issue 20): "Join the waiting
// list" in place of the dead "full", the member's place in line with
// "Leave", or the place held for them with its end (China time), "Sign up
// now" (the normal sign-up windows, naming the offer) and "Decline". The
// server decides everything; this only shows what /activity/info answered.
import { useState } from "react";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { confirm, showMessage } from "../../components/message-box";
import { resultText, useT } from "../../i18n";
import "../../i18n/sign-up-texts";
import { formatChinaDateTime } from "../../lib/china-time";
import type { Activity } from "./activity-model";

type Entry = NonNullable<Activity["waitlist"]["entry"]>;

/** The member's offer on this page, if one holds a place for them now. */
export const offerOf = (a: Activity): Entry | null => (a.waitlist.entry?.state === "offered" ? a.waitlist.entry : null);

/** Whether the page shows the line instead of the plain reason: a full activity with its line open, or an entry of the member's. */
export const showsLine = (a: Activity): boolean => a.waitlist.entry !== null || (a.waitlist.enabled && a.check.code === "ERROR_SIGN_FULL");

/** How a held place is taken instead of "Sign up now": a lottery winner's one-step confirmation (./lottery-panel.tsx), with its own words. */
export type TakeOffer = { held: string; hint: string; button: React.ReactNode };

export function WaitlistPanel({
  activity: a,
  name,
  reason,
  onSignUp,
  onChanged,
  take,
}: {
  activity: Activity;
  name: string;
  reason: React.ReactNode;
  onSignUp: () => void;
  onChanged: () => void;
  take?: TakeOffer | null;
}) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const entry = a.waitlist.entry;
  const run = async (path: "/waitlist/join" | "/waitlist/leave", done: (answer: { position?: number }) => string) => {
    if (busy) return;
    setBusy(true);
    const answer = await api.call(path, { activity: a.id }).finally(() => setBusy(false));
    onChanged();
    await showMessage(isSuccess(answer) ? done(answer as { position?: number }) : resultText(t, answer.message));
  };
  const join = () => run("/waitlist/join", (answer) => t("waitlist.joined", { position: answer.position ?? 1 }));
  const leave = async (offered: boolean) => {
    if (!(await confirm(t(offered ? "waitlist.confirmDecline" : "waitlist.confirmLeave", { name }), { ok: t(offered ? "waitlist.decline" : "waitlist.leave") }))) return;
    await run("/waitlist/leave", () => t(offered ? "waitlist.declined" : "waitlist.left"));
  };

  if (entry?.state === "offered")
    return (
      <div className="waitlist-panel waitlist-offered" data-testid="waitlist-offer" role="status">
        <p className="waitlist-line">
          <strong>{take?.held ?? t("waitlist.offered", { time: formatChinaDateTime(entry.expires!) })}</strong>
          <span className="muted">{take?.hint ?? t("waitlist.offeredHint")}</span>
        </p>
        <div className="waitlist-actions">
          {take?.button ?? (
            <button type="button" className="button button-primary button-large" onClick={onSignUp} data-testid="waitlist-sign-up">
              {t("waitlist.signUpNow")}
            </button>
          )}
          <button type="button" className="button button-quiet" disabled={busy} onClick={() => void leave(true)} data-testid="waitlist-decline">
            {t("waitlist.decline")}
          </button>
        </div>
      </div>
    );
  if (entry?.state === "waiting")
    return (
      <div className="waitlist-panel" data-testid="waitlist-waiting">
        {reason}
        <p className="waitlist-line">
          <strong data-testid="waitlist-position">{t("waitlist.position", { position: entry.position ?? 1 })}</strong>
        </p>
        <div className="waitlist-actions">
          <button type="button" className="button button-quiet" disabled={busy} onClick={() => void leave(false)} data-testid="waitlist-leave">
            {t("waitlist.leave")}
          </button>
        </div>
      </div>
    );
  return (
    <div className="waitlist-panel" data-testid="waitlist-open">
      {reason}
      <p className="waitlist-line muted">{t("waitlist.joinHint")}</p>
      <div className="waitlist-actions">
        <button type="button" className="button button-primary button-large" disabled={busy} onClick={() => void join()} data-testid="waitlist-join">
          {t("waitlist.join")}
        </button>
      </div>
    </div>
  );
}
