// Personal centre > security (spec 1 sections 2, 4 and 5): the e-mail and the
// masked phone, each with a change button, and a reset-password button; each
// opens a draggable window with a code. The answer's user replaces the stored one.
// Below them, two-step verification (second-factor.tsx), where the member is
// signed in (session-list.tsx), the calendar feed and the download of
// everything held about them (my-data.tsx).
import { passwordDigest } from "../../../src/protocol/password";
import { type FormEvent, useState } from "react";
import { useSnapshot } from "valtio";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { BreakableText } from "../../components/breakable-text";
import { useCooldown } from "../../components/code-sender";
import { Dialog } from "../../components/dialog";
import { showMessage } from "../../components/message-box";
import { type TextKey, useT } from "../../i18n";
import { type User, session, setUser } from "../../state/session";
import { CodeField, TextField } from "../account/activation-fields";
import { codeError, codeFlowText, mailError, maskPhone, passwordErrors, phoneError } from "../account/activation-rules";
import { CentreSection } from "../../components/centre-section";
import { CalendarFeed } from "./calendar-feed";
import { MyData } from "./my-data";
import { SecondFactor } from "./second-factor";
import { SessionList } from "./session-list";

type Kind = "phone" | "mail";

const CONTACT = {
  phone: { send: "/user/check/send", update: "/user/phone/update", format: phoneError, title: "phoneTitle", old: "oldPhone", fresh: "newPhone", done: "phoneDone" },
  mail: { send: "/user/mail/send", update: "/user/mail/update", format: mailError, title: "mailTitle", old: "oldMail", fresh: "newMail", done: "mailDone" },
} as const;

type ContactValues = { old: string; fresh: string; code: string };
type ContactErrors = Partial<Record<keyof ContactValues, TextKey | null>>;

function contactProblems(kind: Kind, v: ContactValues, withCode: boolean): ContactErrors {
  const format = CONTACT[kind].format;
  return {
    old: v.old.trim() ? null : "centre.security.oldRequired",
    fresh: format(v.fresh),
    code: withCode ? codeError(v.code) : null,
  };
}

function ChangeContactDialog({ kind, onClose }: { kind: Kind; onClose: () => void }) {
  const t = useT();
  const spec = CONTACT[kind];
  const cooldown = useCooldown(`security.${kind}.${session.user?.id ?? 0}`);
  const [values, setValues] = useState<ContactValues>({ old: cooldown.values?.old ?? "", fresh: cooldown.values?.fresh ?? "", code: "" });
  const [errors, setErrors] = useState<ContactErrors>({});
  const [tried, setTried] = useState(false);
  const field = kind === "phone" ? { inputMode: "tel" as const, maxLength: 11, type: "tel" } : { type: "email" };

  const set = (name: keyof ContactValues) => (value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (tried) setErrors(contactProblems(kind, next, true));
  };

  const send = async () => {
    const found = contactProblems(kind, values, false);
    setErrors(found);
    if (found.old || found.fresh) return;
    const answer = await api.call(spec.send, kind === "phone" ? { phone: values.fresh.trim() } : { mail: values.fresh.trim() });
    const sent = { old: values.old, fresh: values.fresh };
    if (isSuccess(answer)) {
      cooldown.start(sent, answer.seconds);
      if (kind === "mail") await showMessage(t("centre.security.mailSent", { mail: values.fresh.trim() }));
      return;
    }
    if (answer.message.code === "ERROR_OFTEN" && typeof answer.message.params?.seconds === "number") cooldown.start(sent, answer.message.params.seconds);
    await showMessage(codeFlowText(t, answer.message, "security"));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const found = contactProblems(kind, values, true);
    setErrors(found);
    const first = (["old", "fresh", "code"] as const).find((f) => found[f]);
    if (first) return document.getElementById(`security-${kind}-${first}`)?.focus();
    const answer = await api.call(spec.update, {
      auth: values.code.trim(),
      old: values.old.trim(),
      ...(kind === "phone" ? { phone: values.fresh.trim() } : { mail: values.fresh.trim() }),
    });
    if (!isSuccess(answer) || !answer.user) return showMessage(codeFlowText(t, answer.message, "security"));
    setUser(answer.user);
    cooldown.clear();
    onClose();
    await showMessage(t(`centre.security.${spec.done}`));
  };

  const locked = cooldown.seconds > 0;
  return (
    <Dialog title={t(`centre.security.${spec.title}`)} onClose={onClose} width={440}>
      <form className="flow-form" onSubmit={submit} noValidate data-testid={`security-${kind}-form`}>
        <TextField id={`security-${kind}-old`} label={t(`centre.security.${spec.old}`)} value={values.old} onValue={set("old")} error={errors.old} {...field} data-autofocus />
        <TextField id={`security-${kind}-fresh`} label={t(`centre.security.${spec.fresh}`)} value={values.fresh} onValue={set("fresh")} error={errors.fresh} readOnly={locked} {...field} />
        <CodeField id={`security-${kind}-code`} value={values.code} onValue={set("code")} error={errors.code} cooldown={cooldown} onSend={() => void send()} />
        {locked ? (
          <p className="flow-status" role="status">
            {t("activation.sentTo", { target: kind === "phone" ? maskPhone(values.fresh.trim()) : values.fresh.trim() })}
          </p>
        ) : null}
        <button type="submit" className="button button-primary button-block flow-submit">
          {t("centre.security.submit")}
        </button>
      </form>
    </Dialog>
  );
}

type PasswordValues = { password: string; repeat: string; code: string };

function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { user } = useSnapshot(session);
  const cooldown = useCooldown(`security.password.${user?.id ?? 0}`);
  const [values, setValues] = useState<PasswordValues>({ password: "", repeat: "", code: "" });
  const [errors, setErrors] = useState<Partial<Record<keyof PasswordValues, TextKey | null>>>({});
  const [tried, setTried] = useState(false);
  const problems = (v: PasswordValues) => ({ ...passwordErrors(v.password, v.repeat), code: codeError(v.code) });

  const set = (name: keyof PasswordValues) => (value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (tried) setErrors(problems(next));
  };

  const send = async () => {
    const answer = await api.call("/user/password/send");
    if (isSuccess(answer)) return cooldown.start({}, answer.seconds);
    if (answer.message.code === "ERROR_OFTEN" && typeof answer.message.params?.seconds === "number") cooldown.start({}, answer.message.params.seconds);
    await showMessage(codeFlowText(t, answer.message, "security"));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const found = problems(values);
    setErrors(found);
    const first = (["password", "repeat", "code"] as const).find((f) => found[f]);
    if (first) return document.getElementById(`security-password-${first}`)?.focus();
    const answer = await api.call("/user/password/update", { auth: values.code.trim(), password: passwordDigest(values.password) });
    if (!isSuccess(answer)) return showMessage(codeFlowText(t, answer.message, "security"));
    if (answer.user) setUser(answer.user);
    cooldown.clear();
    onClose();
    await showMessage(t("centre.security.passwordDone"));
  };

  return (
    <Dialog title={t("centre.security.passwordTitle")} onClose={onClose} width={440}>
      <form className="flow-form" onSubmit={submit} noValidate data-testid="security-password-form">
        <p className="flow-intro">{t("centre.security.passwordCodeNote", { phone: maskPhone(user?.phone) || t("centre.security.none") })}</p>
        <TextField id="security-password-password" type="password" label={t("centre.security.newPassword")} value={values.password} onValue={set("password")} error={errors.password} hint={t("activation.profile.passwordHint")} autoComplete="new-password" maxLength={40} data-autofocus />
        <TextField id="security-password-repeat" type="password" label={t("activation.profile.repeat")} value={values.repeat} onValue={set("repeat")} error={errors.repeat} autoComplete="new-password" maxLength={40} />
        <CodeField id="security-password-code" value={values.code} onValue={set("code")} error={errors.code} cooldown={cooldown} onSend={() => void send()} />
        <button type="submit" className="button button-primary button-block flow-submit">
          {t("centre.security.submit")}
        </button>
      </form>
    </Dialog>
  );
}

const ICON = {
  mail: "M3 5h14v10H3zM3 5l7 6 7-6",
  phone: "M6.5 2.5h7v15h-7zM9 15h2",
  password: "M5.5 9h9v8h-9zM7.5 9V6.5a2.5 2.5 0 0 1 5 0V9",
};

export function SecurityPage() {
  const t = useT();
  const { user } = useSnapshot(session);
  const [open, setOpen] = useState<Kind | "password" | null>(null);
  // A password change signs every other session out: the list is read again once its window closes.
  const [passwordWindows, setPasswordWindows] = useState(0);
  const rows = [
    { key: "mail", label: t("centre.security.mail"), value: user?.mail ? <BreakableText text={user.mail} /> : t("centre.security.none"), action: t("centre.security.changeMail"), open: "mail" as const },
    { key: "phone", label: t("centre.security.phone"), value: maskPhone(user?.phone) || t("centre.security.none"), action: t("centre.security.changePhone"), open: "phone" as const },
    { key: "password", label: t("centre.security.password"), value: t("centre.security.passwordNote"), action: t("centre.security.changePassword"), open: "password" as const },
  ];
  return (
    <CentreSection id="security" title={t("centre.menu.security")} intro={t("centre.security.intro")}>
      <div className="panel centre-panel">
        <ul className="security-list">
          {rows.map((row) => (
            <li key={row.key} className="security-item" data-testid={`security-${row.key}`}>
              <span className="security-icon" aria-hidden="true">
                <svg viewBox="0 0 20 20" width="20" height="20">
                  <path d={ICON[row.open]} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </span>
              <div className="security-text">
                <p className="security-label">{row.label}</p>
                <p className={`security-value${row.key === "password" ? " muted" : ""}`}>{row.value}</p>
              </div>
              <button type="button" className="button button-quiet" onClick={() => setOpen(row.open)}>
                {row.action}
              </button>
            </li>
          ))}
        </ul>
      </div>
      <SecondFactor />
      <SessionList reread={passwordWindows} />
      <CalendarFeed />
      <MyData />
      {open === "phone" || open === "mail" ? <ChangeContactDialog kind={open} onClose={() => setOpen(null)} /> : null}
      {open === "password" ? (
        <ChangePasswordDialog
          onClose={() => {
            setOpen(null);
            setPasswordWindows((n) => n + 1);
          }}
        />
      ) : null}
    </CentreSection>
  );
}
