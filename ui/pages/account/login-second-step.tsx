// A sign-in's second step (issue 31 item 1), in the sign-in card after the
// right password, for a member who keeps two-step verification: an
// authenticator app's 6 digits or a recovery code, or a passkey where they
// keep one; Back returns to the password. A chunk of its own: most members
// never need it, and the sign-in page's first screen stays small.
import { type FormEvent, useEffect, useRef, useState } from "react";
import type { AnswerOf } from "../../../src/domains/api";
import { type Answer, isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { showMessage } from "../../components/message-box";
import { addTexts, resultText, useT } from "../../i18n";
import secondStep from "../../i18n/areas/second-step";

/** What the sign-in's password step and its second step answer. */
export type SignedIn = Answer<AnswerOf<"/client/login/check">>;

addTexts({ zh: { secondStep: secondStep.zh }, en: { secondStep: secondStep.en } });

type Props = {
  /** The factors the member keeps, as the refusal names them ("app", "passkey", "recovery"). */
  factors: string[];
  onSignedIn: (answer: SignedIn) => Promise<void> | void;
  onBack: () => void;
};

export function SecondStep({ factors, onSignedIn, onBack }: Props) {
  const t = useT();
  const [code, setCode] = useState("");
  // What went wrong, at the code field or the passkey's button.
  const [error, setError] = useState<{ text: string; at: "code" | "passkey" } | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  // The keyboard comes into the code field as the step opens.
  useEffect(() => input.current?.focus(), []);

  /** What the step answered: signed in, or why not. */
  const answered = async (answer: SignedIn, at: "code" | "passkey") => {
    if (isSuccess(answer) && answer.user) return onSignedIn(answer);
    const { code: result, params } = answer.message;
    // The five minutes after the password ran out: the password again.
    if (result === "ERROR_LOGIN_CODE") {
      onBack();
      return showMessage(t("secondStep.expired"));
    }
    let text: string;
    if (result === "ERROR_RANDOM") text = at === "passkey" ? t("secondStep.passkeyFailed") : t(params?.reason === "used" ? "secondStep.used" : "secondStep.wrong");
    else if (result === "ERROR_OFTEN") text = resultText(t, answer.message);
    else return showMessage(resultText(t, answer.message));
    setError({ text, at });
    if (at === "code") input.current?.select();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    // An app's six digits, or a recovery code as it is printed (the server ignores its dash and case).
    const typed = code.replace(/\s/g, "");
    if (!typed) {
      setError({ text: t("secondStep.required"), at: "code" });
      return input.current?.focus();
    }
    setBusy(true);
    const answer = await api.call("/client/login/second", { code: typed }).finally(() => setBusy(false));
    await answered(answer, "code");
  };

  const withPasskey = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const asked = await api.call("/client/login/passkey/options");
      if (!isSuccess(asked) || !asked.options) return await answered({ message: asked.message }, "passkey");
      const { signWithPasskey } = await import("../../lib/passkeys");
      const signed = await signWithPasskey(asked.options);
      if ("failure" in signed) return setError({ text: t(signed.failure === "cancelled" ? "secondStep.passkeyCancelled" : "secondStep.passkeyFailed"), at: "passkey" });
      await answered(await api.call("/client/login/passkey", { credential: signed.credential }), "passkey");
    } finally {
      setBusy(false);
    }
  };

  const errorAt = (at: "code" | "passkey") =>
    error?.at === at ? (
      <p className="field-error" id={`login-second-${at}-error`} role="alert" data-testid="login-second-error">
        {error.text}
      </p>
    ) : null;

  return (
    <>
      <form className="login-form login-second" onSubmit={submit} noValidate aria-busy={busy} aria-labelledby="login-second-title" data-testid="login-second">
        <h2 id="login-second-title" className="login-second-title">
          {t("secondStep.title")}
        </h2>
        <p className="login-second-intro">{t("secondStep.intro")}</p>
        <div className="field">
          <label htmlFor="login-second-code">{t("secondStep.code")}</label>
          <input
            id="login-second-code"
            ref={input}
            name="one-time-code"
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              if (error?.at === "code") setError(null);
            }}
            className={`input login-second-code${error?.at === "code" ? " input-invalid" : ""}`}
            aria-invalid={error?.at === "code" ? true : undefined}
            aria-describedby={error?.at === "code" ? "login-second-code-error" : undefined}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
          />
          {errorAt("code")}
        </div>
        <button type="submit" className="button button-primary button-block" disabled={busy} data-testid="login-second-submit">
          {t("secondStep.submit")}
        </button>
        {factors.includes("passkey") && typeof window.PublicKeyCredential === "function" ? (
          <>
            <p className="login-or">
              <span>{t("secondStep.or")}</span>
            </p>
            <button type="button" className="button button-quiet button-block login-passkey" onClick={() => void withPasskey()} disabled={busy} data-testid="login-passkey">
              <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
                <path d="M6.5 17a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7zM9 11l7.5-7.5M13.5 6.5l2 2M11.5 8.5l1.5 1.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              {t("secondStep.passkey")}
            </button>
            {errorAt("passkey")}
          </>
        ) : null}
      </form>
      <div className="login-links">
        <button type="button" className="link-button" onClick={onBack} data-testid="login-second-back">
          {t("secondStep.back")}
        </button>
      </div>
    </>
  );
}
