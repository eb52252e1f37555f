// What a staff page shows to staff without a second factor (./staff-gate.tsx):
// the reminder band above the page before the deadline, the panel in place of
// the page after it; both lead to the security page, where two-step
// verification is set up. Its texts come with it (docs/decisions.md 102).
import { Link } from "wouter";
import { PageHead } from "../../components/breadcrumb";
import { addTexts, useT } from "../../i18n";
import staffFactor from "../../i18n/areas/staff-factor";
import { formatChinaDateTime } from "../../lib/china-time";
import type { RouteName } from "../../lib/route-table";

addTexts({ zh: { staffFactor: staffFactor.zh }, en: { staffFactor: staffFactor.en } });

/** The personal centre's security page, where the member sets up two-step verification. */
export const SECURITY_PAGE = "/information?page=security";

function ShieldIcon({ size }: { size: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" className="factor-icon">
      <path d="M12 2.8 4.5 5.6v5.6c0 4.6 3.1 8.6 7.5 10 4.4-1.4 7.5-5.4 7.5-10V5.6L12 2.8Z" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinejoin="round" />
      <path d="M9.6 11.2V9.8a2.4 2.4 0 0 1 4.8 0v1.4M8.8 11.2h6.4v4.6H8.8z" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
    </svg>
  );
}

/** Stands for the date in a sentence, so the date can be set whole: a phone must not break "2026-03-02" at its dashes. */
const DATE_MARK = "\u241f";

/** A sentence with its date kept on one line. */
function WithDate({ text, date }: { text: string; date: string }) {
  const [before, after] = text.split(DATE_MARK);
  return (
    <>
      {before}
      <span className="factor-date">{date}</span>
      {after}
    </>
  );
}

export function StaffFactorNotice({ deadline, shut, page }: { deadline: string; shut: boolean; page: RouteName }) {
  const t = useT();
  const date = formatChinaDateTime(deadline);
  if (!shut)
    return (
      <div className="factor-banner" data-testid="factor-banner">
        <ShieldIcon size={18} />
        <span className="factor-banner-text">
          <WithDate text={t("staffFactor.banner", { date: DATE_MARK })} date={date} />
        </span>
        <Link href={SECURITY_PAGE} className="factor-banner-link" data-testid="factor-banner-link">
          {t("staffFactor.set")}
        </Link>
      </div>
    );
  return (
    <>
      <PageHead title={t(`page.${page}`)} />
      <section className="panel notice-panel factor-gate" aria-labelledby="factor-gate-title" data-testid="factor-gate">
        <span className="factor-gate-icon">
          <ShieldIcon size={30} />
        </span>
        <h2 id="factor-gate-title">{t("staffFactor.gateTitle")}</h2>
        <p>
          <WithDate text={t("staffFactor.gateBody", { date: DATE_MARK })} date={date} />
        </p>
        <p className="factor-gate-where">{t("staffFactor.gateWhere")}</p>
        <Link href={SECURITY_PAGE} className="button button-primary" data-testid="factor-gate-link">
          {t("staffFactor.gateLink")}
        </Link>
      </section>
    </>
  );
}
