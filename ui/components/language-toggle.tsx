// 中文 / English. A signed-in member's choice is saved on the server
// (POST /user/language) and the stored user replaced by the answer's.
import { useSnapshot } from "valtio";
import { isSuccess } from "../../src/protocol/result";
import { api } from "../api";
import { resultText, t as translate, useT } from "../i18n";
import { type Language, type User, languageId, languageOfUser, session, setLanguage, setUser } from "../state/session";
import { showMessage } from "./message-box";

export async function chooseLanguage(language: Language): Promise<void> {
  if (!session.user) pickedBeforeSignIn = language;
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

/** The language a visitor picked on the sign-in page in this visit (a press of the toggle, even on the language shown). */
let pickedBeforeSignIn: Language | null = null;

/**
 * The member who just signed in (or finished activating), with the language
 * they read the portal in stored (docs/decisions.md 117): the one picked on
 * the sign-in page, else the one stored, else the page's (a member who never
 * chose one). Stored before the first page draws, so what the portal writes
 * to them (a code, a notice) is in that language, and no page sees its member
 * change under it. Quietly: signing in works without it.
 */
export async function withPageLanguage(user: User): Promise<User> {
  const wanted = pickedBeforeSignIn ?? (languageOfUser(user) ? null : session.language);
  pickedBeforeSignIn = null;
  if (!wanted || wanted === languageOfUser(user)) return user;
  const answer = await api.call("/user/language", { language: languageId(wanted) }).catch(() => null);
  return answer && isSuccess(answer) && answer.user && answer.user.id === user.id ? answer.user : user;
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
          // On the sign-in page a press on the language shown is a choice too (it is stored at sign-in).
          onClick={() => (language !== lang || !session.user) && void chooseLanguage(lang)}
        >
          {t(`language.${lang}`)}
        </button>
      ))}
    </div>
  );
}
