// Sign-in (spec 1 sections 2, 5 and 8): account, password, 6-character image
// code; every failure shows its text and brings a new image code. A member
// who keeps a second factor (issue 31 item 1) is then asked for it in the same
// card: an authenticator app's 6 digits or a recovery code, or a passkey
// where they keep one; Back returns to the password.
import { passwordDigest } from "../../../src/protocol/password";
import { type FormEvent, Suspense, lazy, useEffect, useRef, useState } from "react";
import { isSuccess } from "../../../src/protocol/result";
import { Link, useLocation } from "wouter";
import { useSnapshot } from "valtio";
import { api } from "../../api";
import { BottomBar } from "../../components/bottom-bar";
import { BreakableText } from "../../components/breakable-text";
import { BrandHeader } from "../../components/emblem";
import { LanguageToggle, withPageLanguage } from "../../components/language-toggle";
import { OfflineBanner } from "../../components/offline-banner";
import { showMessage } from "../../components/message-box";
import type { SignedIn } from "./login-second-step";
import { type TextKey, resultText, useT } from "../../i18n";
import { type User, initSession, isInitialised, session, setUser } from "../../state/session";
import { loadSite, site } from "../../state/site";

// The two windows and the second step load when first needed: the sign-in screen stays small.
const SecondStep = lazy(() => import("./login-second-step").then((m) => ({ default: m.SecondStep })));
const ActivationDialog = lazy(() => import("./activation-dialog").then((m) => ({ default: m.ActivationDialog })));
const ResetPasswordDialog = lazy(() => import("./reset-password-dialog").then((m) => ({ default: m.ResetPasswordDialog })));

export const IMAGE_CODE_LENGTH = 6;

type Field = "account" | "password" | "code";
type Errors = Partial<Record<Field, TextKey>>;

/** The spec's client-side checks; returns the dictionary key of each problem. */
export function validateLogin(values: Record<Field, string>): Errors {
  const errors: Errors = {};
  if (!values.account.trim()) errors.account = "login.required.account";
  if (!values.password) errors.password = "login.required.password";
  if (values.code.trim().length !== IMAGE_CODE_LENGTH) errors.code = "login.required.code";
  return errors;
}

/** The second step's factors as the refusal names them ("app", "passkey", "recovery"). */
function factorsOf(params: Record<string, unknown> | undefined): string[] {
  const named = params?.factors;
  return Array.isArray(named) ? named.filter((f): f is string => typeof f === "string") : ["app", "recovery"];
}

/** The support mailbox and hours from /system/site. */
function SupportContact() {
  const t = useT();
  const { info } = useSnapshot(site);
  const { language } = useSnapshot(session);
  if (!info) return null;
  return (
    <dl className="support-list">
      <dt>{t("login.supportMail")}</dt>
      <dd>
        <a href={`mailto:${info.supportMail}`}>
          <BreakableText text={info.supportMail} />
        </a>
      </dd>
      <dt>{t("login.supportHours")}</dt>
      <dd>{language === "en" ? info.supportHoursEn : info.supportHoursZh}</dd>
    </dl>
  );
}

export function LoginPage() {
  const t = useT();
  const [, navigate] = useLocation();
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [values, setValues] = useState<Record<Field, string>>({ account: "", password: "", code: "" });
  const [errors, setErrors] = useState<Errors>({});
  const [tried, setTried] = useState(false);
  const [codeUrl, setCodeUrl] = useState("");
  const [busy, setBusy] = useState(false);
  // ?activate=1 opens the activation window (the way an approved application to join points to it).
  const [open, setOpen] = useState<"retrieve" | "activate" | null>(() => (new URLSearchParams(window.location.search).get("activate") === "1" ? "activate" : null));
  const refs = { account: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null), code: useRef<HTMLInputElement>(null) };
  // The second step, while it is shown: the factors the member keeps.
  const [second, setSecond] = useState<{ factors: string[] } | null>(null);
  const wasSecond = useRef(false);

  const live = useRef(true);
  const refreshCode = async () => {
    try {
      const url = await api.imageUrl("/system/random");
      if (live.current) setCodeUrl(url);
      else URL.revokeObjectURL(url);
    } catch (error) {
      console.error(error);
    }
  };

  // An image code replaced or left behind is let go of.
  useEffect(() => () => void (codeUrl && URL.revokeObjectURL(codeUrl)), [codeUrl]);

  const start = async () => {
    setFailed(false);
    // A stored user is reloaded; the same user goes straight home.
    if (!isInitialised() || session.user) await initSession();
    if (!live.current) return;
    if (session.initFailed) return setFailed(true);
    if (session.user) return navigate("/index", { replace: true });
    setReady(true);
    void loadSite();
    await refreshCode();
  };

  useEffect(() => {
    live.current = true;
    void start();
    return () => {
      live.current = false;
    };
  }, []);

  // The keyboard follows the step: the step takes it as it opens (./login-second-step.tsx), the password when it closes.
  useEffect(() => {
    if (!second && wasSecond.current) refs.password.current?.focus();
    wasSecond.current = !!second;
  }, [second]);

  const signedIn = async (answer: SignedIn) => {
    setUser(await withPageLanguage(answer.user!));
    navigate("/index");
  };

  const change = (field: Field) => (event: { target: { value: string } }) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (tried) setErrors(validateLogin(next));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setTried(true);
    const found = validateLogin(values);
    setErrors(found);
    const first = (["account", "password", "code"] as const).find((f) => found[f]);
    if (first) return refs[first].current?.focus();
    setBusy(true);
    const answer = await api
      .call("/client/login/check", {
        account: values.account.trim(),
        password: passwordDigest(values.password),
        auth: values.code.trim(),
      })
      .finally(() => setBusy(false));
    if (isSuccess(answer) && answer.user) return signedIn(answer);
    // Every failure uses up the image code: show a new one with the reason.
    setValues((v) => ({ ...v, code: "" }));
    void refreshCode();
    // The password is right and the member keeps a second factor: its step, in the same card.
    if (answer.message.code === "ERROR_SECOND_FACTOR") {
      setValues((v) => ({ ...v, password: "" }));
      setSecond({ factors: factorsOf(answer.message.params) });
      return;
    }
    await showMessage(resultText(t, answer.message));
    refs.code.current?.focus();
  };

  /** Back to the password step, with a new image code. */
  const back = () => {
    setSecond(null);
    void refreshCode();
  };

  const fieldError = (field: Field) =>
    errors[field] ? (
      <p className="field-error" id={`login-${field}-error`} role="alert">
        {t(errors[field]!)}
      </p>
    ) : null;

  const inputProps = (field: Field) => ({
    id: `login-${field}`,
    ref: refs[field],
    value: values[field],
    onChange: change(field),
    className: `input${errors[field] ? " input-invalid" : ""}`,
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? `login-${field}-error` : undefined,
  });

  return (
    <div className="login-screen">
      <div className="login-top">
        <LanguageToggle />
      </div>
      <OfflineBanner />
      <main className="login-main">
        <div className="login-card">
          <BrandHeader />
          <h1 className="login-heading">{t("login.heading")}</h1>
          {failed ? (
            <div className="login-alert" role="alert">
              <p>{t("init.failed")}</p>
              <button type="button" className="button button-quiet" onClick={() => void start()}>
                {t("common.retry")}
              </button>
            </div>
          ) : null}
          {second ? (
            <Suspense fallback={null}>
              <SecondStep factors={second.factors} onSignedIn={signedIn} onBack={back} />
            </Suspense>
          ) : (
            <>
              <form className="login-form" onSubmit={submit} noValidate aria-busy={!ready || busy}>
                <div className="field">
                  <label htmlFor="login-account">{t("login.account")}</label>
                  <input {...inputProps("account")} name="account" autoComplete="username" placeholder={t("login.accountHint")} autoFocus />
                  {fieldError("account")}
                </div>
                <div className="field">
                  <label htmlFor="login-password">{t("login.password")}</label>
                  <input {...inputProps("password")} name="password" type="password" autoComplete="current-password" placeholder={t("login.passwordHint")} />
                  {fieldError("password")}
                </div>
                <div className="field">
                  <label htmlFor="login-code">{t("login.code")}</label>
                  <div className="code-row">
                    <input
                      {...inputProps("code")}
                      name="code"
                      autoComplete="off"
                      autoCapitalize="characters"
                      spellCheck={false}
                      maxLength={IMAGE_CODE_LENGTH}
                      placeholder={t("login.codeHint")}
                    />
                    <button type="button" className="code-image" onClick={() => void refreshCode()} title={t("login.codeImage")}>
                      {codeUrl ? <img src={codeUrl} alt={t("login.codeImage")} width={120} height={40} data-testid="image-code" /> : null}
                    </button>
                  </div>
                  {fieldError("code")}
                </div>
                <button type="submit" className="button button-primary button-block" disabled={!ready || busy}>
                  {t("login.submit")}
                </button>
              </form>
              <div className="login-links">
                <button type="button" className="link-button" onClick={() => setOpen("retrieve")}>
                  {t("login.retrieve")}
                </button>
                <button type="button" className="link-button" onClick={() => setOpen("activate")}>
                  {t("login.activate")}
                </button>
              </div>
              <p className="login-join">
                {t("login.notMember")}{" "}
                <Link href="/join" data-testid="join-link">
                  {t("login.apply")}
                </Link>
              </p>
            </>
          )}
          <aside className="login-tips" aria-labelledby="login-tips-title">
            <h2 id="login-tips-title">{t("login.tipsTitle")}</h2>
            <p>{t("login.tipsAccount")}</p>
            <SupportContact />
          </aside>
        </div>
      </main>
      <BottomBar />
      <Suspense fallback={null}>
        {open === "retrieve" ? <ResetPasswordDialog onClose={() => setOpen(null)} /> : null}
        {open === "activate" ? <ActivationDialog onClose={() => setOpen(null)} /> : null}
      </Suspense>
    </div>
  );
}
