// 中文 / English. A signed-in member's choice is saved on the server
// (POST /user/language) and the stored user replaced by the answer's.
import { useSnapshot } from "valtio";
import { isSuccess } from "../../src/protocol/result";
import { api } from "../api";
import { resultText, t as translate, useT } from "../i18n";
import { type Language, type User, languageId, languageOfUser, session, setLanguage, setUser } from "../state/session";
import { showMessage } from "./message-box";

export async function chooseLanguage(language: Language): Promise<void> {
  if (language === session.language && !session.user) return;
  if (!session.user) return setLanguage(language);
  const answer = await api.call("/user/language", { language: languageId(language) });
  if (isSuccess(answer) && answer.user) {
    setUser(answer.user);
    setLanguage(language);
  } else {
    await showMessage(resultText(translate, answer.message));
  }
}

/**
 * A member who never chose a language reads the portal in the page's: it is
 * stored at sign-in, so what the portal writes to them (a code, a notice) is
 * in that language alone, not in both. Quietly: the page works without it.
 */
export async function keepPageLanguage(): Promise<void> {
  if (!session.user || languageOfUser(session.user)) return;
  const answer = await api.call("/user/language", { language: languageId(session.language) }).catch(() => null);
  if (answer && isSuccess(answer) && answer.user && answer.user.id === session.user?.id) setUser(answer.user);
}

export function LanguageToggle({ className = "" }: { className?: string }) {
  const t = useT();
  const { language } = useSnapshot(session);
  return (
    <div className={`language-toggle ${className}`} role="group" aria-label={t("language.label")}>
      {(["zh", "en"] as const).map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang === "zh" ? "zh-CN" : "en"}
          aria-pressed={language === lang}
          onClick={() => language !== lang && void chooseLanguage(lang)}
        >
          {t(`language.${lang}`)}
        </button>
      ))}
    </div>
  );
}
