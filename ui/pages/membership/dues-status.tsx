// This year's dues at a glance, with the way to pay: on the member page always,
// on home only while unpaid (the home page's member check, spec 2 section 2).
import { Link } from "wouter";
import type { AnswerOf } from "../../../src/domains/api";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { useT } from "../../i18n";
import { useLoaded } from "../../lib/use-loaded";
import { openDues } from "../../state/membership";

type MemberCheck = AnswerOf<"/member/check">;

export function DuesStatus({ onlyUnpaid = false }: { onlyUnpaid?: boolean }) {
  const t = useT();
  const check = useLoaded(() => api.call("/member/check").then((answer) => isSuccess(answer) && (answer as MemberCheck)), []) || null;
  if (onlyUnpaid && (!check || check.paid)) return null;
  if (!check) return <div className="summary-strip dues-status" aria-hidden="true" />;
  return (
    <div className={`summary-strip dues-status${check.paid ? " is-paid" : ""}`} data-testid="dues-status">
      <p className="summary-note">{t(check.paid ? "dues.paidBanner" : "dues.unpaidBanner", { year: check.year })}</p>
      {check.paid ? (
        <Link href="/card" className="button button-quiet" data-testid="dues-card">
          {t("dues.showCard")}
        </Link>
      ) : (
        <button type="button" className="button button-primary" onClick={() => openDues()} data-testid="member-pay">
          {t(check.pending ? "dues.payAgain" : "dues.pay")}
        </button>
      )}
    </div>
  );
}
