// The activation window (spec 1 sections 2 and 4): verify, choose a language,
// complete the profile with a password, then the finish message and home
// after 3 seconds. The server decides phone or e-mail mode (/active/mode).
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { Dialog } from "../../components/dialog";
import { showMessage } from "../../components/message-box";
import { useT } from "../../i18n";
import "../../i18n/account-texts";
import { type Language, type User, languageId, languageOfUser, setLanguage, setUser } from "../../state/session";
import { withPageLanguage } from "../../components/language-toggle";
import { ActivationProfile } from "./activation-profile";
import { codeFlowText } from "./activation-rules";
import { ActivationVerify } from "./activation-verify";

export const FINISH_REDIRECT_MS = 3000;

type Step = "verify" | "language" | "profile" | "finish";
const STEPS: Step[] = ["verify", "language", "profile", "finish"];

function Steps({ current }: { current: Step }) {
  const t = useT();
  const at = STEPS.indexOf(current);
  return (
    <ol className="flow-steps" aria-label={t("activation.steps.label")}>
      {STEPS.map((step, i) => (
        <li key={step} className={i < at ? "done" : i === at ? "current" : ""} aria-current={i === at ? "step" : undefined}>
          <span className="flow-step-dot" aria-hidden="true">
            {i < at ? "✓" : i + 1}
          </span>
          <span className="flow-step-name">{t(`activation.steps.${step}`)}</span>
        </li>
      ))}
    </ol>
  );
}

function LanguageStep({ user, onChosen }: { user: User; onChosen: (user: User) => void }) {
  const t = useT();
  const choose = async (language: Language) => {
    const answer = await api.call("/active/language", { user: user.id, language: languageId(language) });
    if (!isSuccess(answer) || !answer.user) return showMessage(codeFlowText(t, answer.message));
    setLanguage(language);
    onChosen(answer.user);
  };
  return (
    <div className="flow-form flow-welcome">
      <h3 className="flow-subtitle">{t("activation.welcome.title")}</h3>
      <p className="flow-intro">{t("activation.welcome.text")}</p>
      <div className="language-choice">
        <button type="button" className="language-card" lang="zh-CN" data-autofocus onClick={() => void choose("zh")}>
          <span className="language-card-name">中文</span>
          <span className="language-card-note">简体中文界面</span>
        </button>
        <button type="button" className="language-card" lang="en" onClick={() => void choose("en")}>
          <span className="language-card-name">English</span>
          <span className="language-card-note">English interface</span>
        </button>
      </div>
    </div>
  );
}

function FinishStep() {
  const t = useT();
  const [, navigate] = useLocation();
  useEffect(() => {
    const timer = setTimeout(() => navigate("/index"), FINISH_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="flow-form flow-finish" role="status">
      <svg viewBox="0 0 48 48" width="56" height="56" aria-hidden="true">
        <circle cx="24" cy="24" r="23" fill="var(--accent-soft)" />
        <path d="M14.5 24.5l6.5 6.5 12.5-13" fill="none" stroke="var(--accent)" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h3 className="flow-subtitle">{t("activation.finish.title")}</h3>
      <p className="flow-intro">{t("activation.finish.text")}</p>
      <button type="button" className="button button-primary" data-autofocus onClick={() => navigate("/index")}>
        {t("activation.finish.home")}
      </button>
    </div>
  );
}

export function ActivationDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const [mode, setMode] = useState<"phone" | "mail" | null>(null);
  const [step, setStep] = useState<Step>("verify");
  const [user, setFlowUser] = useState<User | null>(null);

  useEffect(() => {
    void (async () => {
      const answer = await api.call("/active/mode");
      if (isSuccess(answer) && answer.mode) return setMode(answer.mode);
      await showMessage(codeFlowText(t, answer.message));
      onClose();
    })();
  }, []);

  return (
    <Dialog title={t("activation.title")} onClose={onClose} width={step === "profile" ? 600 : 460}>
      <div className="activation" data-step={step}>
        <Steps current={step} />
        {mode === null ? <div className="flow-form flow-waiting" aria-busy="true" /> : null}
        {mode && step === "verify" ? (
          <ActivationVerify
            serverMode={mode}
            onVerified={(verified) => {
              setFlowUser(verified);
              setStep("language");
            }}
          />
        ) : null}
        {step === "language" && user ? (
          <LanguageStep
            user={user}
            onChosen={(chosen) => {
              setFlowUser(chosen);
              setStep("profile");
            }}
          />
        ) : null}
        {step === "profile" && user ? (
          <ActivationProfile
            user={user}
            phoneProven={mode === "phone"}
            onDone={async (active) => {
              // /active/submit signed this session in: keep the user (and the page's language) as the login page does.
              // A language chosen in the window's own step stands; none chosen: the page's.
              setUser(languageOfUser(active) ? active : await withPageLanguage(active));
              setStep("finish");
            }}
          />
        ) : null}
        {step === "finish" ? <FinishStep /> : null}
      </div>
    </Dialog>
  );
}
