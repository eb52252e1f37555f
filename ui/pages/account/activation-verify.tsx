// Activation, first step (spec 1 section 2): prove a phone, a company e-mail,
// or (without a company e-mail) employee id + initial password + an e-mail,
// with a code. The sent values and the countdown survive closing the window.
import { type FormEvent, useEffect, useState } from "react";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { useCooldown } from "../../components/code-sender";
import { showMessage } from "../../components/message-box";
import { type TextKey, useT } from "../../i18n";
import { passwordDigest } from "../../../src/protocol/password";
import type { User } from "../../state/session";
import { CodeField, TextField } from "./activation-fields";
import { codeError, codeFlowText, mailError, maskPhone, phoneError } from "./activation-rules";

export type VerifyMode = "phone" | "mail" | "nomail";
type Values = { phone: string; mail: string; employees: string; initial: string; code: string };
type Errors = Partial<Record<keyof Values, TextKey | null>>;

/** The sent-from and sent-to values kept with the countdown; never the initial password. */
const SENT_WITH: Record<VerifyMode, (keyof Values)[]> = {
  phone: ["phone"],
  mail: ["mail"],
  nomail: ["employees", "mail"],
};

function problems(mode: VerifyMode, v: Values, withCode: boolean): Errors {
  const errors: Errors = {};
  if (mode === "phone") errors.phone = phoneError(v.phone);
  else errors.mail = mailError(v.mail);
  if (mode === "nomail") {
    errors.employees = v.employees.trim() ? null : "activation.error.employeesRequired";
    errors.initial = v.initial ? null : "activation.error.initialPasswordRequired";
  }
  if (withCode) errors.code = codeError(v.code);
  return errors;
}

const hasProblem = (errors: Errors) => Object.values(errors).some(Boolean);

export function ActivationVerify({ serverMode, onVerified }: { serverMode: "phone" | "mail"; onVerified: (user: User) => void }) {
  const t = useT();
  const cooldowns = { phone: useCooldown("activation.phone"), mail: useCooldown("activation.mail"), nomail: useCooldown("activation.nomail") };
  // A countdown still running for the no-company-mail form reopens that form.
  const [mode, setMode] = useState<VerifyMode>(serverMode === "mail" && cooldowns.nomail.values ? "nomail" : serverMode);
  const cooldown = cooldowns[mode];
  const [values, setValues] = useState<Values>(() => ({ phone: "", mail: "", employees: "", initial: "", code: "", ...(cooldown.values ?? {}) }));
  const [errors, setErrors] = useState<Errors>({});
  const [tried, setTried] = useState(false);
  const locked = cooldown.seconds > 0;

  // Switching between the e-mail forms brings back what that form last sent.
  useEffect(() => {
    setErrors({});
    setTried(false);
    if (cooldown.values) setValues((v) => ({ ...v, ...cooldown.values }));
  }, [mode]);

  const set = (field: keyof Values) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (tried) setErrors(problems(mode, next, true));
  };

  const send = async () => {
    const found = problems(mode, values, false);
    setErrors(found);
    if (hasProblem(found)) return;
    const answer =
      mode === "phone"
        ? await api.call("/active/sms/send", { phone: values.phone.trim() })
        : mode === "mail"
          ? await api.call("/active/mail/send", { mail: values.mail.trim() })
          : await api.call("/active/none/mail/send", { employees: values.employees.trim(), password: passwordDigest(values.initial), mail: values.mail.trim() });
    const sent = Object.fromEntries(SENT_WITH[mode].map((f) => [f, values[f]]));
    if (isSuccess(answer)) {
      cooldown.start(sent, answer.seconds);
      if (mode !== "phone") await showMessage(t("activation.sentTo", { target: values.mail.trim() }));
      return;
    }
    // A send refused for coming too soon still shows how long to wait.
    if (answer.message.code === "ERROR_OFTEN" && typeof answer.message.params?.seconds === "number") cooldown.start(sent, answer.message.params.seconds);
    await showMessage(codeFlowText(t, answer.message));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const found = problems(mode, values, true);
    setErrors(found);
    if (hasProblem(found)) return;
    const auth = values.code.trim();
    const answer =
      mode === "nomail"
        ? await api.call("/active/none/mail/login", { employees: values.employees.trim(), password: passwordDigest(values.initial), mail: values.mail.trim(), auth })
        : await api.call("/active/login", mode === "phone" ? { phone: values.phone.trim(), auth } : { mail: values.mail.trim(), auth });
    if (isSuccess(answer) && answer.user) return onVerified(answer.user);
    await showMessage(codeFlowText(t, answer.message));
  };

  const target = mode === "phone" ? maskPhone(values.phone.trim()) : values.mail.trim();

  return (
    <form className="flow-form" onSubmit={submit} noValidate data-mode={mode}>
      {mode === "nomail" ? (
        <>
          <h3 className="flow-subtitle">{t("activation.noMail.title")}</h3>
          <p className="flow-intro">{t("activation.noMail.intro")}</p>
          <TextField id="activation-employees" label={t("activation.noMail.employees")} value={values.employees} onValue={set("employees")} error={errors.employees} readOnly={locked} autoComplete="username" data-autofocus />
          <TextField id="activation-initial" type="password" label={t("activation.noMail.initialPassword")} value={values.initial} onValue={set("initial")} error={errors.initial} autoComplete="off" />
        </>
      ) : null}
      {mode === "phone" ? (
        <TextField id="activation-phone" label={t("activation.phone")} value={values.phone} onValue={set("phone")} error={errors.phone} hint={t("activation.phoneHint")} readOnly={locked} inputMode="tel" maxLength={11} autoComplete="tel" data-autofocus />
      ) : (
        <TextField
          id="activation-mail"
          type="email"
          label={t(mode === "nomail" ? "activation.noMail.mail" : "activation.mail")}
          value={values.mail}
          onValue={set("mail")}
          error={errors.mail}
          hint={mode === "mail" ? t("activation.mailHint") : undefined}
          readOnly={locked}
          autoComplete="email"
          {...(mode === "mail" ? { "data-autofocus": true } : {})}
        />
      )}
      <CodeField id="activation-code" value={values.code} onValue={set("code")} error={errors.code} cooldown={cooldown} onSend={() => void send()} />
      {locked ? (
        <p className="flow-status" role="status" data-testid="sent-to">
          {t("activation.sentTo", { target })}
        </p>
      ) : null}
      <button type="submit" className="button button-primary button-block flow-submit">
        {t("activation.next")}
      </button>
      {serverMode === "mail" ? (
        <p className="flow-switch">
          <button type="button" className="link-button" onClick={() => setMode(mode === "nomail" ? "mail" : "nomail")}>
            {t(mode === "nomail" ? "activation.noMail.backToMail" : "activation.noMail.entry")}
          </button>
        </p>
      ) : null}
    </form>
  );
}
