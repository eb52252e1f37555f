// Applying to join online (/join, issue 32 item 3, decision 140): a public
// page, a chunk of its own outside the member pages, on the signed session
// every visitor has. A worker proves their phone with a code (the activation
// window's field and cool-down), then fills in the application (the name and
// the fields marked for applications, the employee number, an e-mail, the
// nationality, a proof of employment) and gets its number; or, with "Check my
// application", proves the phone and reads how the application stands. A phone
// this session proved in the last 30 minutes is remembered on the server, so
// coming back within them goes straight to the application's state.
import { type FormEvent, useState } from "react";
import { Link, useSearch } from "wouter";
import type { AnswerOf } from "../../../src/domains/api";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { BottomBar } from "../../components/bottom-bar";
import { useCooldown } from "../../components/code-sender";
import { BrandHeader } from "../../components/emblem";
import { LanguageToggle } from "../../components/language-toggle";
import { showMessage } from "../../components/message-box";
import { type TextKey, isOneOf, useT } from "../../i18n";
import "../../i18n/account-texts";
import { formatChinaDateTime } from "../../lib/china-time";
import { loadAreaStyles } from "../../lib/area-styles";
import { useLoaded } from "../../lib/use-loaded";
import { CodeField, TextField } from "../account/activation-fields";
import { codeError, codeFlowText, maskPhone, phoneError } from "../account/activation-rules";
import { JoinForm } from "./join-form";
import { ACTIVATE_HREF, APPLICATION_STATES, StateTag } from "./model";
import "./texts";

/** The joining area's stylesheet; ../../routes.tsx draws the page once it has loaded. */
export const styled = loadAreaStyles("joining");

export type Application = NonNullable<AnswerOf<"/join/verify">["application"]>;

type Mode = "apply" | "check";
type View =
  | { kind: "phone" }
  | { kind: "status"; phone: string; application: Application | null }
  | { kind: "form"; phone: string }
  | { kind: "done"; id: number };

const STEPS = ["phone", "form", "done"] as const;

function Steps({ at }: { at: number }) {
  const t = useT();
  return (
    <ol className="flow-steps join-steps" aria-label={t("joining.steps.label")}>
      {STEPS.map((step, i) => (
        <li key={step} className={i < at ? "done" : i === at ? "current" : ""} aria-current={i === at ? "step" : undefined}>
          <span className="flow-step-dot" aria-hidden="true">
            {i < at ? "✓" : i + 1}
          </span>
          <span className="flow-step-name">{t(`joining.steps.${step}`)}</span>
        </li>
      ))}
    </ol>
  );
}

/** The phone and its code: the activation window's fields, with the same cool-down kept across a reload. */
function PhoneStep({ mode, onProven }: { mode: Mode; onProven: (phone: string, application: Application | null) => void }) {
  const t = useT();
  const cooldown = useCooldown("join.phone");
  const [phone, setPhone] = useState(cooldown.values?.phone ?? "");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<{ phone?: TextKey | null; code?: TextKey | null }>({});
  const [tried, setTried] = useState(false);
  const locked = cooldown.seconds > 0;

  const send = async () => {
    const problem = phoneError(phone);
    setErrors((e) => ({ ...e, phone: problem }));
    if (problem) return document.getElementById("join-phone")?.focus();
    const sent = { phone: phone.trim() };
    const answer = await api.call("/join/sms/send", sent);
    if (isSuccess(answer)) return cooldown.start(sent, answer.seconds);
    // A send refused for coming too soon still shows how long to wait.
    if (answer.message.code === "ERROR_OFTEN" && typeof answer.message.params?.seconds === "number") cooldown.start(sent, answer.message.params.seconds);
    await showMessage(codeFlowText(t, answer.message));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const found = { phone: phoneError(phone), code: codeError(code) };
    setErrors(found);
    if (found.phone) return document.getElementById("join-phone")?.focus();
    if (found.code) return document.getElementById("join-code")?.focus();
    const answer = await api.call("/join/verify", { phone: phone.trim(), code: code.trim() });
    if (isSuccess(answer) && answer.phone) return onProven(answer.phone, answer.application ?? null);
    await showMessage(codeFlowText(t, answer.message));
  };

  const recheck = (next: { phone: string; code: string }) => tried && setErrors({ phone: phoneError(next.phone), code: codeError(next.code) });

  return (
    <form className="flow-form join-phone" onSubmit={submit} noValidate data-testid="join-phone-step">
      <TextField
        id="join-phone"
        label={t("activation.phone")}
        value={phone}
        onValue={(value) => (setPhone(value), recheck({ phone: value, code }))}
        error={errors.phone}
        readOnly={locked}
        inputMode="tel"
        maxLength={11}
        autoComplete="tel"
      />
      <CodeField id="join-code" value={code} onValue={(value) => (setCode(value), recheck({ phone, code: value }))} error={errors.code} cooldown={cooldown} onSend={() => void send()} />
      {locked ? (
        <p className="flow-status" role="status" data-testid="sent-to">
          {t("activation.sentTo", { target: maskPhone(phone.trim()) })}
        </p>
      ) : null}
      <button type="submit" className="button button-primary button-block flow-submit" data-testid="join-verify">
        {mode === "check" ? t("joining.checkTitle") : t("joining.phone.submit")}
      </button>
    </form>
  );
}

/** How an application stands: its number, state, dates and, rejected, the reason and the way to apply again. */
function StatusCard({ phone, application, onApply, onOtherPhone }: { phone: string; application: Application | null; onApply: () => void; onOtherPhone: () => void }) {
  const t = useT();
  const other = (
    <button type="button" className="link-button" onClick={onOtherPhone} data-testid="join-other-phone">
      {t("joining.otherPhone")}
    </button>
  );
  if (!application)
    return (
      <section className="join-status" data-testid="application-status" data-state="none" aria-labelledby="join-status-title">
        <h2 className="flow-subtitle" id="join-status-title">
          {t("joining.status.title")}
        </h2>
        <p className="join-status-note">{t("joining.status.none")}</p>
        <div className="join-actions">
          <button type="button" className="button button-primary" onClick={onApply} data-testid="apply-now">
            {t("joining.status.applyNow")}
          </button>
          {other}
        </div>
      </section>
    );
  const { state } = application;
  return (
    <section className="join-status" data-testid="application-status" data-state={state} aria-labelledby="join-status-title">
      <h2 className="flow-subtitle" id="join-status-title">
        {t("joining.status.title")}
      </h2>
      <dl className="join-facts">
        <dt>{t("joining.status.number")}</dt>
        <dd className="join-number" data-testid="application-number">
          {application.id}
        </dd>
        <dt>{t("joining.status.state")}</dt>
        <dd>
          <StateTag state={state} t={t} />
        </dd>
        <dt>{t("activation.phone")}</dt>
        <dd className="mono">{maskPhone(phone)}</dd>
        <dt>{t("joining.status.submitted")}</dt>
        <dd>{formatChinaDateTime(application.submitted)}</dd>
        {application.decided ? (
          <>
            <dt>{t("joining.status.decided")}</dt>
            <dd>{formatChinaDateTime(application.decided)}</dd>
          </>
        ) : null}
        {state === "rejected" && application.reason ? (
          <>
            <dt>{t("joining.status.reason")}</dt>
            <dd className="join-reason" data-testid="application-reason">
              {application.reason}
            </dd>
          </>
        ) : null}
      </dl>
      <p className="join-status-note">{isOneOf(APPLICATION_STATES, state) ? t(`joining.status.${state}`) : null}</p>
      <div className="join-actions">
        {state === "approved" ? (
          <Link href={ACTIVATE_HREF} className="button button-primary" data-testid="join-activate">
            {t("joining.activate")}
          </Link>
        ) : null}
        {state === "rejected" ? (
          <button type="button" className="button button-primary" onClick={onApply} data-testid="apply-again">
            {t("joining.status.applyAgain")}
          </button>
        ) : null}
        {other}
      </div>
    </section>
  );
}

/** The application sent: its number, to keep. */
function DoneCard({ id }: { id: number }) {
  const t = useT();
  return (
    <section className="join-done" role="status" data-testid="join-done">
      <svg viewBox="0 0 48 48" width="56" height="56" aria-hidden="true">
        <circle cx="24" cy="24" r="23" fill="var(--accent-soft)" />
        <path d="M14.5 24.5l6.5 6.5 12.5-13" fill="none" stroke="var(--accent)" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h2 className="flow-subtitle">{t("joining.done.title")}</h2>
      <p className="join-done-number">
        <span>{t("joining.done.number")}</span>
        <strong data-testid="application-number">{id}</strong>
      </p>
      <p className="join-done-keep">{t("joining.done.keep")}</p>
    </section>
  );
}

export function JoinPage() {
  const t = useT();
  const search = useSearch();
  const [mode, setMode] = useState<Mode>(() => (new URLSearchParams(search).has("check") ? "check" : "apply"));
  const [view, setView] = useState<View | null>(null);
  const proven = (phone: string, application: Application | null, as: Mode = mode): View =>
    application || as === "check" ? { kind: "status", phone, application } : { kind: "form", phone };

  // A phone this session proved in the last 30 minutes: straight to its application (or the form); else the phone step.
  useLoaded(
    async (alive) => {
      const answer = await api.quietCall("/join/status", {});
      if (alive()) setView(isSuccess(answer) && answer.phone ? proven(answer.phone, answer.application ?? null) : { kind: "phone" });
      return true;
    },
    [],
  );

  const switchTo = (next: Mode) => {
    setMode(next);
    window.history.replaceState(null, "", next === "check" ? "/join?check=1" : "/join");
  };

  const unproven = () => {
    setView({ kind: "phone" });
    void showMessage(t("joining.phone.unproven"));
  };

  const title = mode === "check" && view?.kind !== "form" && view?.kind !== "done" ? t("joining.checkTitle") : t("joining.title");
  const step = view?.kind === "form" ? 1 : view?.kind === "done" ? 2 : 0;

  return (
    <div className="login-screen join-screen">
      <div className="login-top">
        <LanguageToggle />
      </div>
      <main className="login-main">
        <div className={`login-card join-card join-card-${view?.kind ?? "waiting"}`} data-testid="join-page" data-view={view?.kind ?? "waiting"}>
          <BrandHeader />
          <h1 className="login-heading">{title}</h1>
          {view?.kind === "phone" || view?.kind === "form" || view?.kind === "done" ? (mode === "apply" || view.kind !== "phone" ? <Steps at={step} /> : null) : null}
          {view?.kind === "phone" ? <p className="flow-intro">{mode === "check" ? t("joining.checkIntro") : t("joining.intro")}</p> : null}
          {view === null ? <div className="flow-waiting" aria-busy="true" /> : null}
          {view?.kind === "phone" ? <PhoneStep mode={mode} onProven={(phone, application) => setView(proven(phone, application))} /> : null}
          {view?.kind === "status" ? (
            <StatusCard
              phone={view.phone}
              application={view.application}
              onApply={() => (switchTo("apply"), setView({ kind: "form", phone: view.phone }))}
              onOtherPhone={() => setView({ kind: "phone" })}
            />
          ) : null}
          {view?.kind === "form" ? <JoinForm phone={view.phone} onSent={(id) => setView({ kind: "done", id })} onUnproven={unproven} onOtherPhone={() => setView({ kind: "phone" })} /> : null}
          {view?.kind === "done" ? <DoneCard id={view.id} /> : null}
          <nav className="join-links" aria-label={t("joining.links")}>
            {view?.kind === "phone" ? (
              <button type="button" className="link-button" onClick={() => switchTo(mode === "check" ? "apply" : "check")} data-testid="join-switch">
                {mode === "check" ? t("joining.toApply") : t("joining.toCheck")}
              </button>
            ) : null}
            <Link href="/" className="join-back" data-testid="join-back">
              {t("joining.backToSignIn")}
            </Link>
          </nav>
        </div>
      </main>
      <BottomBar />
    </div>
  );
}
