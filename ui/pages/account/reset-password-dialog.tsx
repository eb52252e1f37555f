// The reset-password window of the login page (spec 1 sections 2 and 5):
// phone, new password twice, a code sent to the phone. Its rule accepts 8-20
// characters while its message says 10-20, as the spec has it.
import { passwordDigest } from "../../../src/protocol/password";
import { type FormEvent, useState } from "react";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { useCooldown } from "../../components/code-sender";
import { Dialog } from "../../components/dialog";
import { showMessage } from "../../components/message-box";
import { type TextKey, useT } from "../../i18n";
import "../../i18n/account-texts";
import { CodeField, TextField } from "./activation-fields";
import { RESET_PASSWORD, codeError, codeFlowText, maskPhone, passwordErrors, phoneError } from "./activation-rules";

type Values = { phone: string; password: string; repeat: string; code: string };
type Errors = Partial<Record<keyof Values, TextKey | null>>;

const problems = (v: Values): Errors => ({ phone: phoneError(v.phone), ...passwordErrors(v.password, v.repeat, RESET_PASSWORD), code: codeError(v.code) });

export function ResetPasswordDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const cooldown = useCooldown("reset");
  const [values, setValues] = useState<Values>({ phone: cooldown.values?.phone ?? "", password: "", repeat: "", code: "" });
  const [errors, setErrors] = useState<Errors>({});
  const [tried, setTried] = useState(false);

  const set = (field: keyof Values) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (tried) setErrors(problems(next));
  };

  const send = async () => {
    const problem = phoneError(values.phone);
    setErrors((e) => ({ ...e, phone: problem }));
    if (problem) return;
    const answer = await api.call("/user/reset/send", { phone: values.phone.trim() });
    if (isSuccess(answer)) return cooldown.start({ phone: values.phone }, answer.seconds);
    if (answer.message.code === "ERROR_OFTEN" && typeof answer.message.params?.seconds === "number") cooldown.start({ phone: values.phone }, answer.message.params.seconds);
    await showMessage(codeFlowText(t, answer.message, "reset"));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const found = problems(values);
    setErrors(found);
    const first = (["phone", "password", "repeat", "code"] as const).find((f) => found[f]);
    if (first) return document.getElementById(`reset-${first}`)?.focus();
    const answer = await api.call("/user/reset/password", { phone: values.phone.trim(), auth: values.code.trim(), password: passwordDigest(values.password) });
    if (!isSuccess(answer)) return showMessage(codeFlowText(t, answer.message, "reset"));
    cooldown.clear();
    onClose();
    await showMessage(t("centre.security.resetDone"));
  };

  return (
    <Dialog title={t("centre.security.resetTitle")} onClose={onClose} width={440}>
      <form className="flow-form" onSubmit={submit} noValidate>
        <TextField id="reset-phone" label={t("activation.phone")} value={values.phone} onValue={set("phone")} error={errors.phone} readOnly={cooldown.seconds > 0} inputMode="tel" maxLength={11} autoComplete="tel" data-autofocus />
        <TextField id="reset-password" type="password" label={t("centre.security.newPassword")} value={values.password} onValue={set("password")} error={errors.password} hint={t("activation.profile.passwordHint")} autoComplete="new-password" maxLength={40} />
        <TextField id="reset-repeat" type="password" label={t("activation.profile.repeat")} value={values.repeat} onValue={set("repeat")} error={errors.repeat} autoComplete="new-password" maxLength={40} />
        <CodeField id="reset-code" value={values.code} onValue={set("code")} error={errors.code} cooldown={cooldown} onSend={() => void send()} />
        {cooldown.seconds > 0 ? (
          <p className="flow-status" role="status">
            {t("activation.sentTo", { target: maskPhone(values.phone.trim()) })}
          </p>
        ) : null}
        <button type="submit" className="button button-primary button-block flow-submit">
          {t("centre.security.resetSubmit")}
        </button>
      </form>
    </Dialog>
  );
}
