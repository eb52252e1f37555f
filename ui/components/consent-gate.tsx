// The consent gate (issue 31 item 4): a signed-in member whose user view says
// the privacy notice in force is not accepted (a new version published since
// they last accepted, or none accepted yet) meets it before any page, staff
// pages too, in a window that only its own buttons answer: Accept and
// continue (/user/privacy/accept, then the user view is read again and the
// page opens) or Sign out. A version published while the window was open is
// refused as stale: the window then shows the new one. A chunk of its own,
// loaded by ui/member-pages.tsx only for such a member.
import { useState } from "react";
import { useLocation } from "wouter";
import { isSuccess } from "../../src/protocol/result";
import { api } from "../api";
import { resultText, useT } from "../i18n";
import { useLoader } from "../lib/use-loaded";
import { clearUser, reloadUser } from "../state/session";
import { Dialog } from "./dialog";
import { showMessage } from "./message-box";
import { NoticeState, loadNotice } from "./privacy-notice";

/** `version`: the one the user view says is in force (the window reads the notice again when it changes). */
export function ConsentGate({ version }: { version: number }) {
  const t = useT();
  const [, navigate] = useLocation();
  const { value, reload } = useLoader(loadNotice, [version]);
  const [busy, setBusy] = useState(false);
  const notice = value ? value.notice : null;
  // Version 1 is the first there ever was: nothing of it "changed".
  const first = (notice?.version ?? version) <= 1;

  const accept = async () => {
    if (!notice || busy) return;
    setBusy(true);
    try {
      const answer = await api.call("/user/privacy/accept", { version: notice.version });
      // Accepted: the user view read again says so, and the page opens.
      if (isSuccess(answer)) return await reloadUser();
      if (answer.message.code === "ERROR_PARAMS" && answer.message.params?.field === "notice") {
        await showMessage(t("consent.gate.stale"));
        reload();
        return await reloadUser();
      }
      await showMessage(resultText(t, answer.message));
    } finally {
      setBusy(false);
    }
  };

  const signOut = async () => {
    setBusy(true);
    await api.call("/client/login/logout");
    clearUser();
    navigate("/", { replace: true });
  };

  return (
    <Dialog
      title={t(first ? "consent.gate.firstTitle" : "consent.gate.changedTitle")}
      onClose={() => undefined}
      dismissable={false}
      width={680}
      footer={
        <>
          <button type="button" className="button button-quiet" onClick={() => void signOut()} disabled={busy} data-testid="consent-sign-out">
            {t("consent.gate.signOut")}
          </button>
          <button type="button" className="button button-primary" onClick={() => void accept()} disabled={!notice || busy} data-testid="consent-accept">
            {t("consent.gate.accept")}
          </button>
        </>
      }
    >
      <div className="consent-gate" data-testid="consent-gate" data-state={notice ? "shown" : value === false ? "failed" : "loading"}>
        <p className="consent-intro">{t(first ? "consent.gate.firstIntro" : "consent.gate.changedIntro")}</p>
        <NoticeState value={value} onRetry={reload} />
      </div>
    </Dialog>
  );
}
