// Activation, profile step (spec 1 sections 2 and 5): the dynamic property
// form with the nationality, the phone (a new or first phone is verified with
// /user/sms/send), and the password twice; and, when a privacy notice is in
// force (issue 31 item 4), the box that accepts it, its link opening the
// notice. /active/submit signs the session in, with the version accepted.
import { passwordDigest } from "../../../src/protocol/password";
import { type FormEvent, useState } from "react";
import { useSnapshot } from "valtio";
import { isSuccess } from "../../../src/protocol/result";
import { PROPERTY_PURPOSE } from "../../../src/protocol/enumerations";
import { api } from "../../api";
import { CodeSender, useCooldown } from "../../components/code-sender";
import { showMessage } from "../../components/message-box";
import { NoticeDialog, loadNotice } from "../../components/privacy-notice";
import { PropertyForm } from "../../components/property-form";
import { IDENTITY_PURPOSES } from "../../components/property-form/model";
import { useProfileForm } from "../../components/property-form/use-profile-form";
import { type TextKey, useT } from "../../i18n";
import { useLoader } from "../../lib/use-loaded";
import { type User, session } from "../../state/session";
import { TextField } from "./activation-fields";
import { codeError, codeFlowText, maskPhone, passwordErrors, phoneError } from "./activation-rules";

type Errors = { phone?: TextKey | null; code?: TextKey | null; password?: TextKey | null; repeat?: TextKey | null; consent?: TextKey | null };

export function ActivationProfile({ user, phoneProven, onDone }: { user: User; phoneProven: boolean; onDone: (user: User) => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const form = useProfileForm("activation-profile", "/property/list", user.values, user.nationality?.id ?? null);
  const cooldown = useCooldown(`activation.profile-phone.${user.id}`);
  const [phone, setPhone] = useState(cooldown.values?.phone ?? user.phone ?? "");
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [tried, setTried] = useState(false);
  const newPhone = phone.trim() !== (user.phone ?? "");
  // The privacy notice in force, accepted by the box; none published (or none readable): no box, and nothing sent.
  const { value: noticeLoaded, reload: reloadNotice } = useLoader(loadNotice, []);
  const notice = noticeLoaded ? noticeLoaded.notice : null;
  const [agreed, setAgreed] = useState(false);
  const [reading, setReading] = useState(false);

  type Fields = { phone: string; code: string; password: string; repeat: string; agreed: boolean };
  const problems = (next: Fields): Errors => {
    const changing = next.phone.trim() !== (user.phone ?? "");
    return {
      phone: phoneError(next.phone),
      code: changing ? codeError(next.code) : null,
      ...passwordErrors(next.password, next.repeat),
      consent: notice && !next.agreed ? "activation.error.consentRequired" : null,
    };
  };
  const update = (patch: Partial<Fields>) => {
    const next = { phone, code, password, repeat, agreed, ...patch };
    if (patch.phone !== undefined) setPhone(patch.phone);
    if (patch.code !== undefined) setCode(patch.code);
    if (patch.password !== undefined) setPassword(patch.password);
    if (patch.repeat !== undefined) setRepeat(patch.repeat);
    if (patch.agreed !== undefined) setAgreed(patch.agreed);
    if (tried) setErrors(problems(next));
  };

  const sendPhoneCode = async () => {
    const problem = phoneError(phone);
    setErrors((e) => ({ ...e, phone: problem }));
    if (problem) return;
    const answer = await api.call("/user/sms/send", { user: user.id, phone: phone.trim() });
    if (isSuccess(answer)) return cooldown.start({ phone }, answer.seconds);
    if (answer.message.code === "ERROR_OFTEN" && typeof answer.message.params?.seconds === "number") cooldown.start({ phone }, answer.message.params.seconds);
    await showMessage(codeFlowText(t, answer.message, "profile"));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const profile = form.check();
    if (!profile) return;
    const found = problems({ phone, code, password, repeat, agreed });
    setErrors(found);
    const first = (["phone", "code", "password", "repeat", "consent"] as const).find((f) => found[f]);
    if (first) return document.getElementById(`activation-${first}-field`)?.focus();
    const answer = await api.call("/active/submit", {
      user: user.id,
      password: passwordDigest(password),
      nationality: profile.nationality,
      values: profile.values,
      ...(newPhone ? { phone: phone.trim(), auth: code.trim() } : {}),
      // The version the box accepted, as the form showed it.
      ...(notice ? { notice: notice.version } : {}),
    });
    if (isSuccess(answer) && answer.user) {
      cooldown.clear();
      return onDone(answer.user);
    }
    // A new version was published while the form was open: the box is cleared, and its link shows the new one.
    if (answer.message.code === "ERROR_PARAMS" && answer.message.params?.field === "notice") {
      setAgreed(false);
      reloadNotice();
      setErrors((e) => ({ ...e, consent: "activation.error.consentStale" }));
      return document.getElementById("activation-consent-field")?.focus();
    }
    await showMessage(form.serverFailure(answer.message) ?? codeFlowText(t, answer.message, "profile"));
  };

  if (!form.ready) {
    return form.failed ? (
      <div className="flow-form">
        <p className="flow-intro">{codeFlowText(t, form.failed)}</p>
        <button type="button" className="button button-quiet" onClick={() => void form.reload()}>
          {t("common.retry")}
        </button>
      </div>
    ) : (
      <div className="flow-form flow-waiting" aria-busy="true" />
    );
  }

  const locked = phoneProven || cooldown.seconds > 0;
  return (
    <form className="flow-form" onSubmit={submit} noValidate>
      <p className="flow-intro">{t("activation.profile.intro")}</p>
      <fieldset className="flow-section">
        <legend>{t("activation.profile.account")}</legend>
        <dl className="identity-list">
          <dt>{t("centre.info.employees")}</dt>
          <dd>{user.employees ?? "—"}</dd>
          <dt>{t("centre.info.mail")}</dt>
          <dd>{user.mail ?? "—"}</dd>
        </dl>
        <TextField
          id="activation-phone-field"
          label={t("activation.profile.newPhone")}
          value={phone}
          onValue={(value) => update({ phone: value })}
          error={errors.phone}
          readOnly={locked}
          inputMode="tel"
          maxLength={11}
          hint={phoneProven ? undefined : t("activation.profile.phoneCodeHint")}
        />
        {newPhone ? (
          <TextField
            id="activation-code-field"
            label={t("activation.profile.phoneCode")}
            value={code}
            onValue={(value) => update({ code: value })}
            error={errors.code}
            inputMode="numeric"
            maxLength={6}
            autoComplete="one-time-code"
            aside={<CodeSender cooldown={cooldown} onSend={() => void sendPhoneCode()} />}
          />
        ) : null}
        {cooldown.seconds > 0 && newPhone ? (
          <p className="flow-status" role="status">
            {t("activation.sentTo", { target: maskPhone(phone.trim()) })}
          </p>
        ) : null}
      </fieldset>
      <fieldset className="flow-section">
        <legend>{t("activation.profile.details")}</legend>
        <PropertyForm
          idPrefix="activation-profile"
          properties={form.properties}
          values={form.values}
          onChange={form.setValues}
          stored={user.values}
          countries={form.countries}
          nationality={form.nationality}
          onNationality={form.setNationality}
          error={form.error}
          // The account facts are shown above; the phone is checked there.
          replace={(p) => (IDENTITY_PURPOSES.has(p.purpose.id) || p.purpose.id === PROPERTY_PURPOSE.PROPERTY_PURPOSE_PHONE ? false : undefined)}
        />
      </fieldset>
      <fieldset className="flow-section">
        <legend>{t("activation.profile.security")}</legend>
        <TextField id="activation-password-field" type="password" label={t("activation.profile.password")} value={password} onValue={(value) => update({ password: value })} error={errors.password} hint={t("activation.profile.passwordHint")} autoComplete="new-password" maxLength={40} />
        <TextField id="activation-repeat-field" type="password" label={t("activation.profile.repeat")} value={repeat} onValue={(value) => update({ repeat: value })} error={errors.repeat} placeholder={t("activation.profile.repeatHint")} autoComplete="new-password" maxLength={40} />
      </fieldset>
      {notice ? (
        <div className="field consent-field" data-testid="activation-consent">
          <div className="consent-check">
            <input
              type="checkbox"
              id="activation-consent-field"
              checked={agreed}
              onChange={(event) => update({ agreed: event.target.checked })}
              aria-labelledby="activation-consent-label activation-consent-link"
              aria-invalid={errors.consent ? true : undefined}
              aria-describedby={errors.consent ? "activation-consent-field-error" : undefined}
            />
            <span>
              <label htmlFor="activation-consent-field" id="activation-consent-label">
                {t("activation.profile.consent")}
              </label>
              {language === "en" ? " " : ""}
              <button type="button" className="link-button consent-link" id="activation-consent-link" onClick={() => setReading(true)} data-testid="activation-consent-link">
                {t("activation.profile.consentLink")}
              </button>
            </span>
          </div>
          {errors.consent ? (
            <p className="field-error" id="activation-consent-field-error" role="alert">
              {t(errors.consent)}
            </p>
          ) : null}
        </div>
      ) : null}
      <button type="submit" className="button button-primary button-block flow-submit">
        {t("activation.profile.submit")}
      </button>
      {reading && notice ? <NoticeDialog notice={notice} onClose={() => setReading(false)} /> : null}
    </form>
  );
}
