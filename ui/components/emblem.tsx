// The portal's mark: two linked rings, drawn rather than written so it needs no translation.
import { useSnapshot } from "valtio";
import { useT } from "../i18n";
import { session } from "../state/session";

export function Emblem({ size = 32 }: { size?: number }) {
  return (
    <svg className="emblem" width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="10" fill="var(--accent)" />
      <circle cx="16" cy="20" r="7.5" fill="none" stroke="#fff" strokeWidth="3" />
      <circle cx="24" cy="20" r="7.5" fill="none" stroke="#fff" strokeWidth="3" opacity="0.85" />
    </svg>
  );
}

/** The mark with the portal's name in the session's language and, smaller, in the other: the head of the sign-in and verify cards. */
export function BrandHeader() {
  const t = useT();
  const { language } = useSnapshot(session);
  return (
    <header className="login-brand">
      <Emblem size={48} />
      <div>
        <p className="login-name" lang={language === "en" ? "en" : "zh-CN"}>
          {t("app.name")}
        </p>
        <p className="login-name-alt" lang={language === "en" ? "zh-CN" : "en"}>
          {t("app.nameAlt")}
        </p>
      </div>
    </header>
  );
}
