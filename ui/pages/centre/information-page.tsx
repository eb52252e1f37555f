// Personal centre > information (spec 1 sections 2 and 5): the member's
// profile in the dynamic property form, with the nationality. Phone, e-mail
// and employee id are shown but never sent; the answer replaces the stored user.
// "Change history" opens the history of the member's own fields (profile-history-dialog.tsx).
import { type FormEvent, useState } from "react";
import { useSnapshot } from "valtio";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { BreakableText } from "../../components/breakable-text";
import { useLeaveGuard } from "../../components/leave-guard";
import { showMessage } from "../../components/message-box";
import { PropertyForm } from "../../components/property-form";
import { IDENTITY_PURPOSES } from "../../components/property-form/model";
import { useProfileForm } from "../../components/property-form/use-profile-form";
import { useT } from "../../i18n";
import { type User, session, setUser } from "../../state/session";
import { codeFlowText, maskPhone } from "../account/activation-rules";
import { CentreSection } from "../../components/centre-section";
import { ProfileHistoryDialog } from "./profile-history-dialog";

export function InformationPage() {
  const t = useT();
  const { user } = useSnapshot(session);
  const stored = (user?.values ?? []) as User["values"];
  const form = useProfileForm("information", "/user/properties", stored, user?.nationality?.id ?? null);
  useLeaveGuard(form.edited, t("centre.info.leave"));
  const [history, setHistory] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const profile = form.check();
    if (!profile) return;
    const answer = await api.call("/user/information/update", profile);
    if (isSuccess(answer) && answer.user) {
      setUser(answer.user);
      form.reset(answer.user.values, answer.user.nationality?.id ?? null);
      return showMessage(t("centre.info.saved"));
    }
    await showMessage(form.serverFailure(answer.message) ?? codeFlowText(t, answer.message, "profile"));
  };

  return (
    <CentreSection
      id="information"
      title={t("centre.menu.information")}
      intro={t("centre.info.intro")}
      tools={
        <button type="button" className="button button-quiet" onClick={() => setHistory(true)} data-testid="profile-history">
          {t("centre.info.history.open")}
        </button>
      }
    >
      <form className="panel centre-panel information-form" onSubmit={save} noValidate aria-busy={!form.ready}>
        <fieldset className="flow-section">
          <legend>{t("centre.info.account")}</legend>
          <dl className="identity-list" data-testid="identity">
            <dt>{t("centre.info.employees")}</dt>
            <dd>{user?.employees ?? "—"}</dd>
            <dt>{t("centre.info.phone")}</dt>
            <dd>{maskPhone(user?.phone) || "—"}</dd>
            <dt>{t("centre.info.mail")}</dt>
            <dd>{user?.mail ? <BreakableText text={user.mail} /> : "—"}</dd>
          </dl>
        </fieldset>
        {form.ready ? (
          <fieldset className="flow-section">
            <legend>{t("centre.info.details")}</legend>
            <PropertyForm
              idPrefix="information"
              properties={form.properties}
              values={form.values}
              onChange={form.setValues}
              stored={stored}
              countries={form.countries}
              nationality={form.nationality}
              onNationality={form.setNationality}
              error={form.error}
              // The account facts are shown above, from the account itself.
              replace={(p) => (IDENTITY_PURPOSES.has(p.purpose.id) ? false : undefined)}
            />
          </fieldset>
        ) : form.failed ? (
          <div className="list-state" role="alert">
            <p>{codeFlowText(t, form.failed)}</p>
            <button type="button" className="button button-quiet" onClick={() => void form.reload()}>
              {t("common.retry")}
            </button>
          </div>
        ) : (
          <div className="flow-waiting" />
        )}
        <div className="form-actions">
          <button type="button" className="button button-quiet" disabled={!form.ready} onClick={() => form.reset(stored, user?.nationality?.id ?? null)}>
            {t("centre.info.reset")}
          </button>
          <button type="submit" className="button button-primary" disabled={!form.ready}>
            {t("centre.info.save")}
          </button>
        </div>
      </form>
      {history ? <ProfileHistoryDialog onClose={() => setHistory(false)} /> : null}
    </CentreSection>
  );
}
