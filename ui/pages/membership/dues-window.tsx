// The membership-dues window (spec 1 sections 2 and 4): the notice with the
// price, year, month and day; Pay creates the dues order and shows its payment
// page as a link and a QR code; the payment state is polled every 3 seconds
// and, once paid, the window closes and the page reloads.
import { formatChinaDateTime } from "../../lib/china-time";
import { type ReactNode, useEffect, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { useSnapshot } from "valtio";
import { isSuccess } from "../../../src/protocol/result";
import type { AnswerOf } from "../../../src/domains/api";
import { api } from "../../api";
import { Dialog } from "../../components/dialog";
import { showMessage } from "../../components/message-box";
import { QrPay } from "../../components/qr-pay";
import { opensInBrowser } from "../../lib/pay-link";
import { resultText, t as translate, useT } from "../../i18n";
import { formatMoney, formatYuan } from "../../lib/format";
import { SHOW_MEMBER, closeDues, membership, openDues } from "../../state/membership";
import { session } from "../../state/session";
import { useLoader, usePoll } from "../../lib/use-loaded";

export const POLL_MS = 3_000;
/** Long enough to read "payment received" before the page reloads. */
const RELOAD_AFTER_MS = 1_200;

type DuesConfig = NonNullable<AnswerOf<"/member/info">["config"]>;
/** An open payment the member can be shown: its link is there (it is stored just after the order commits). */
type Payment = { trade: string; pay: string; expires?: string };

type View =
  | { kind: "loading" }
  | { kind: "offer"; config: DuesConfig }
  | { kind: "paid"; year: number }
  | { kind: "paying"; config: DuesConfig | null; payment: Payment }
  | { kind: "done" }
  | { kind: "closed"; config: DuesConfig };

async function loadView(): Promise<View | null> {
  const [info, check] = await Promise.all([api.call("/member/info"), api.call("/member/check")]);
  if (!isSuccess(info) || !info.config) {
    await showMessage(resultText(translate, info.message));
    return null;
  }
  const config = { ...info.config, year: info.config.year ?? info.year! };
  if (isSuccess(check) && check.paid) return { kind: "paid", year: check.year ?? config.year };
  const pending = isSuccess(check) ? check.pending : null;
  if (pending?.pay) return { kind: "paying", config, payment: { ...pending, pay: pending.pay } };
  return { kind: "offer", config };
}

/** English readers get the month's name: 1/3 is 1 March to some and 3 January to others. */
const monthLabel = (language: string, month: number): string | number =>
  language === "en" ? new Date(2000, month - 1, 1).toLocaleString("en", { month: "long" }) : month;

function Notice({ config, brief = false }: { config: DuesConfig; brief?: boolean }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const price = formatMoney(config.price);
  return (
    <>
      {brief ? null : (
        <p className="dues-notice" data-testid="dues-notice">
          {t("dues.notice", { price, year: config.year, month: monthLabel(language, config.month), day: config.date })}
        </p>
      )}
      <dl className="pay-figures">
        <div>
          <dt>{t("dues.yearLabel")}</dt>
          <dd>{config.year}</dd>
        </div>
        <div>
          <dt>{t("dues.priceLabel")}</dt>
          <dd className="pay-amount" data-testid="dues-price">
            {formatYuan(config.price)}
          </dd>
        </div>
      </dl>
    </>
  );
}

export function DuesWindow({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { reason } = useSnapshot(membership);
  const loaded = useLoader(async (alive) => {
    const next = await loadView();
    if (!next && alive()) onClose();
    return next ?? false;
  }, []);
  const view: View = loaded.value || { kind: "loading" };
  const setView = loaded.set;
  const [busy, setBusy] = useState(false);

  // The payment's state, every POLL_MS while it waits.
  const trade = view.kind === "paying" ? view.payment.trade : null;
  usePoll(
    () => api.call("/member/pay/state", { trade: trade! }),
    (answer) => {
      const code = isSuccess(answer) ? answer.state?.code : undefined;
      if (!code || view.kind !== "paying") return;
      if (code === "PAY_STATE_SUCCESS") {
        setView({ kind: "done" });
        setTimeout(() => {
          onClose();
          window.location.reload();
        }, RELOAD_AFTER_MS);
      } else if (code === "PAY_STATE_CLOSED" && view.config) setView({ kind: "closed", config: view.config });
    },
    { everyMs: POLL_MS, active: trade !== null, key: [trade] },
  );

  const pay = async (config: DuesConfig) => {
    if (busy) return;
    setBusy(true);
    const answer = await api.call("/member/pay").finally(() => setBusy(false));
    if (isSuccess(answer) && answer.trade && answer.pay) return setView({ kind: "paying", config, payment: answer as Payment });
    const code = answer.message?.code;
    if (code === "ERROR_NOT_POWER") return showMessage(t("dues.pending"));
    if (code === "ERROR_DATA_USED") return setView({ kind: "paid", year: config.year });
    await showMessage(resultText(t, answer.message));
  };

  const later = (
    <button type="button" className="button button-quiet" onClick={onClose}>
      {view.kind === "offer" || view.kind === "closed" ? t("dues.later") : t("common.close")}
    </button>
  );

  let body: ReactNode = <div className="dues-loading" aria-hidden="true" />;
  let footer: ReactNode = later;
  if (view.kind === "offer" || view.kind === "closed") {
    body = (
      <>
        {reason === "intercept" ? <p className="dues-intercept">{t("dues.intercept")}</p> : null}
        {view.kind === "closed" ? <p className="dues-intercept">{t("dues.closed")}</p> : null}
        <Notice config={view.config} />
      </>
    );
    footer = (
      <>
        {later}
        <button type="button" className="button button-primary" disabled={busy} onClick={() => void pay(view.config)} data-testid="dues-pay" data-autofocus>
          {t("dues.pay")}
        </button>
      </>
    );
  } else if (view.kind === "paid") {
    body = <p className="dues-result">{t("dues.paid", { year: view.year })}</p>;
  } else if (view.kind === "done") {
    body = (
      <p className="dues-result dues-success" role="status" data-testid="dues-done">
        {t("dues.paidDone")}
      </p>
    );
    footer = null;
  } else if (view.kind === "paying") {
    body = (
      <>
        {view.config ? <Notice config={view.config} brief /> : null}
        <p className="dues-scan">{t(opensInBrowser(view.payment.pay) ? "dues.scan" : "dues.scanApp")}</p>
        <QrPay url={view.payment.pay} linkLabel={t("dues.openLink")} alt={t("dues.qrAlt")} />
        <p className="dues-waiting" role="status" data-testid="dues-waiting">
          <span className="spinner spinner-small" aria-hidden="true" />
          {t("dues.waiting")}
        </p>
        {view.payment.expires ? <p className="muted dues-expires">{t("dues.expires", { time: formatChinaDateTime(view.payment.expires) })}</p> : null}
      </>
    );
  }

  return (
    <Dialog title={t("dues.windowTitle")} onClose={onClose} width={460} footer={footer}>
      <div className="dues-window" data-testid="dues-window" data-view={view.kind}>
        {body}
      </div>
    </Dialog>
  );
}

/**
 * Mounted once in the app shell: shows the window when something opened it,
 * or when the page's address carries ?showMember; closing it drops the flag
 * so a reload does not bring it back.
 */
export function DuesHost() {
  const { open } = useSnapshot(membership);
  const search = useSearch();
  const [location, navigate] = useLocation();
  const flagged = new URLSearchParams(search).has(SHOW_MEMBER);

  useEffect(() => {
    if (flagged && !membership.open) openDues(membership.reason);
  }, [flagged]);

  const close = () => {
    closeDues();
    membership.reason = "member";
    if (flagged) {
      const rest = new URLSearchParams(search);
      rest.delete(SHOW_MEMBER);
      const query = rest.toString();
      navigate(query ? `${location}?${query}` : location, { replace: true });
    }
  };

  return open ? <DuesWindow onClose={close} /> : null;
}
