// A page whose section a later issue builds: the frame, breadcrumb and title,
// and an honest note that it is coming. No invented content. Also the two
// pages that say a route cannot be shown: not found, and not yours.
import { Link } from "wouter";
import { PageHead } from "../../components/breadcrumb";
import { type TextKey, useT } from "../../i18n";

export function ComingSoonPage({ titleKey }: { titleKey: TextKey }) {
  const t = useT();
  const title = t(titleKey);
  return (
    <>
      <PageHead title={title} />
      <section className="panel notice-panel" aria-labelledby="coming-soon-title">
        <svg className="notice-icon" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
          <circle cx="24" cy="24" r="23" fill="var(--accent-soft)" />
          <circle cx="24" cy="24" r="12" fill="none" stroke="var(--accent)" strokeWidth="2.4" />
          <path d="M24 17.5V24l4.5 3" stroke="var(--accent)" strokeWidth="2.4" fill="none" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <h2 id="coming-soon-title">{t("comingSoon.title")}</h2>
        <p>{t("comingSoon.body")}</p>
        <Link href="/index" className="button button-quiet">
          {t("comingSoon.back")}
        </Link>
      </section>
    </>
  );
}

export function NotFoundPage() {
  const t = useT();
  return (
    <>
      <PageHead title={t("page.notFound")} />
      <section className="panel notice-panel">
        <p>{t("notFound.body")}</p>
        <Link href="/index" className="button button-quiet">
          {t("comingSoon.back")}
        </Link>
      </section>
    </>
  );
}
