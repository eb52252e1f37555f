// The shop's verify page (issue 20 item 5): opened from a member card's QR,
// or with a code typed or pasted. No sign-in and no session: one public call
// that answers valid (the year and the name's initial), expired or invalid,
// and nothing else. A chunk of its own, outside the member pages; it brings
// its texts itself and follows the browser's language until one is chosen.
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useSnapshot } from "valtio";
import type { CardVerdict } from "../../../src/domains/card/service";
import type { Message } from "../../../src/protocol/result";
import { BottomBar } from "../../components/bottom-bar";
import { BrandHeader } from "../../components/emblem";
import { useT } from "../../i18n";
import { loadAreaStyles } from "../../lib/area-styles";
import { type Language, session, setLanguage } from "../../state/session";
import { codeOf } from "./card-qr";
import "./texts";

/** The card area's stylesheet; ./routes.tsx draws the page once it has loaded. */
export const styled = loadAreaStyles("card");

/** The browser's language, when the visitor has never chosen one here. */
function browserLanguage(): Language | null {
  if (localStorage.getItem("up.language")) return null;
  for (const tag of navigator.languages ?? [navigator.language]) {
    if (/^zh\b/i.test(tag)) return "zh";
    if (/^en\b/i.test(tag)) return "en";
  }
  return null;
}

type Outcome = { kind: "verdict"; verdict: CardVerdict } | { kind: "often"; seconds: number } | { kind: "unreachable" };

/** The public call, plain JSON as every public route takes it. */
async function ask(code: string): Promise<Outcome> {
  try {
    const res = await fetch("/api/card/verify", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ code }) });
    const answer = (await res.json()) as { message: Message } & Partial<CardVerdict>;
    if (answer.message.code === "ERROR_OFTEN") return { kind: "often", seconds: Number(answer.message.params?.seconds ?? 0) || 1 };
    // A code too long or otherwise malformed is no card's code.
    if (answer.message.code === "ERROR_PARAMS") return { kind: "verdict", verdict: { verdict: "invalid" } };
    if (answer.message.code !== "SUCCESS" || !answer.verdict) return { kind: "unreachable" };
    return { kind: "verdict", verdict: answer as CardVerdict };
  } catch (error) {
    console.error(error);
    return { kind: "unreachable" };
  }
}

function VerifyToggle() {
  const t = useT();
  const { language } = useSnapshot(session);
  return (
    <div className="language-toggle" role="group" aria-label={t("language.label")}>
      {(["zh", "en"] as const).map((lang) => (
        <button key={lang} type="button" lang={lang === "zh" ? "zh-CN" : "en"} aria-pressed={language === lang} onClick={() => setLanguage(lang)}>
          {t(`language.${lang}`)}
        </button>
      ))}
    </div>
  );
}

function Result({ outcome }: { outcome: Outcome }) {
  const t = useT();
  if (outcome.kind === "often") return <p className="verify-note" role="alert">{t("card.verify.often", { seconds: outcome.seconds })}</p>;
  if (outcome.kind === "unreachable") return <p className="verify-note" role="alert">{t("card.verify.unreachable")}</p>;
  const { verdict } = outcome;
  return (
    <div className={`verify-result is-${verdict.verdict}`} role="status" data-testid="verify-result" data-verdict={verdict.verdict}>
      <svg className="verify-mark" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
        <circle cx="24" cy="24" r="22" fill="currentColor" />
        <path
          d={verdict.verdict === "valid" ? "M14 25l7 7 13-15" : verdict.verdict === "expired" ? "M24 13v12l7 5" : "M16 16l16 16M32 16L16 32"}
          fill="none"
          stroke="#fff"
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <div>
        <p className="verify-verdict">{t(`card.verify.${verdict.verdict}`)}</p>
        {verdict.verdict === "valid" ? (
          <>
            <p data-testid="verify-year">{t("card.verify.validLine", { year: verdict.year })}</p>
            <p className="verify-initial">
              <span>{t("card.verify.initialLabel")}</span> <strong data-testid="verify-initial">{verdict.initial}</strong>
            </p>
          </>
        ) : (
          <p>{t(verdict.verdict === "expired" ? "card.verify.expiredLine" : "card.verify.invalidLine")}</p>
        )}
      </div>
    </div>
  );
}

export function VerifyPage() {
  const t = useT();
  const [text, setText] = useState(() => new URLSearchParams(window.location.search).get("code") ?? "");
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const [empty, setEmpty] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const check = async (value: string) => {
    const code = codeOf(value);
    setEmpty(!code);
    if (!code) return input.current?.focus();
    setBusy(true);
    setOutcome(null);
    const found = await ask(code);
    setBusy(false);
    setOutcome(found);
  };

  useEffect(() => {
    const browser = browserLanguage();
    if (browser) session.language = browser;
    if (text) void check(text);
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) void check(text);
  };

  return (
    <div className="login-screen verify-screen">
      <div className="login-top">
        <VerifyToggle />
      </div>
      <main className="login-main">
        <div className="login-card verify-card">
          <BrandHeader />
          <h1 className="login-heading">{t("card.verify.title")}</h1>
          <div aria-live="polite">
            {busy ? <p className="verify-note">{t("card.verify.checking")}</p> : null}
            {outcome ? <Result outcome={outcome} /> : null}
          </div>
          <form className="login-form" onSubmit={submit} noValidate>
            <p className="verify-lead">{t("card.verify.lead")}</p>
            <div className="field">
              <label htmlFor="verify-code">{t("card.verify.codeLabel")}</label>
              <input
                id="verify-code"
                ref={input}
                className={`input${empty ? " input-invalid" : ""}`}
                value={text}
                onChange={(event) => setText(event.target.value)}
                placeholder={t("card.verify.codeHint")}
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                aria-invalid={empty || undefined}
                aria-describedby={empty ? "verify-code-error" : undefined}
              />
              {empty ? (
                <p className="field-error" id="verify-code-error" role="alert">
                  {t("card.verify.empty")}
                </p>
              ) : null}
            </div>
            <button type="submit" className="button button-primary button-block" disabled={busy} data-testid="verify-submit">
              {t("card.verify.submit")}
            </button>
          </form>
          <p className="verify-privacy">{t("card.verify.privacy")}</p>
        </div>
      </main>
      <BottomBar />
    </div>
  );
}
