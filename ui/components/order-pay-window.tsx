// The payment window of a sign-up order waiting for payment (spec 2 section
// 4 "Submission result"): the pay link as a QR code and a link, the amount,
// the 5-minute note with a countdown to the order's expiry, and a poll of
// /order/check every second. It tells its caller when the order is paid or
// its time is over; "Pay later" closes it and the order keeps waiting in the
// personal centre until it expires. Used by the personal centre's orders and
// by the activity page after a paid sign-up.
//
//   <OrderPayWindow trade={a.trade} pay={a.pay} amount={a.amount} expires={a.expires}
//     onPaid={() => reload()} onClose={() => setPaying(null)} />
import { useEffect, useRef, useState } from "react";
import { isSuccess } from "../../src/protocol/result";
import { ORDER_STATE } from "../../src/protocol/enumerations";
import { api } from "../api";
import { useT } from "../i18n";
import { formatCountdown, formatPoints, formatYuan } from "../lib/format";
import { Dialog } from "./dialog";
import { opensInBrowser } from "../lib/pay-link";
import { QrPay } from "./qr-pay";
import { useLoaded, usePoll } from "../lib/use-loaded";

/** Spec 2 section 9: the activity pages poll the payment every second. */
export const POLL_MS = 1_000;
/** Long enough to read "payment received" before the caller moves on. */
export const PAID_PAUSE_MS = 1_200;

export type OrderPayWindowProps = {
  /** The order's trade number, as /order/sign or /order/pay answered it. */
  trade: string;
  /** The payment page's address (the provider's pay link). */
  pay: string;
  /** What is paid, in fen. */
  amount: number;
  /** What the order is: an activity's sign-up (registration wording) or any order, a gift market checkout among them. */
  purpose?: "sign-up" | "order";
  /** Points charged beside the money, in hundredths (shown when above 0). */
  points?: number;
  /** When the 5 minutes to pay are over (ISO time). */
  expires: string;
  /** How often the payment state is asked for. */
  pollMs?: number;
  /** The order is paid: called once, after the window has said so for a moment. */
  onPaid: () => void;
  /** The time to pay is over and the order was not paid: called once; the window stays open saying so. */
  onExpired?: () => void;
  /** "Pay later", the cross, Esc, or Close once the time is over. */
  onClose: () => void;
};

type View = "paying" | "paid" | "expired";

export function OrderPayWindow({ trade, pay, amount, purpose = "order", points = 0, expires, pollMs = POLL_MS, onPaid, onExpired, onClose }: OrderPayWindowProps) {
  const t = useT();
  /** The texts that name what is paid for: a registration, or an order. */
  const said = (key: "title" | "note" | "done" | "expired") => t(purpose === "sign-up" ? `order.pay.signUp.${key}` : `order.pay.${key}`);
  const deadline = new Date(expires).getTime();
  const [view, setView] = useState<View>("paying");
  const [now, setNow] = useState(() => Date.now());
  const left = deadline - now;
  // The callers' latest callbacks, without restarting the timers when they change.
  const callbacks = useRef({ onPaid, onExpired });
  callbacks.current = { onPaid, onExpired };

  // What the server says about the order: paid, cancelled (its time ran out there first), or still waiting.
  const check = async (): Promise<View> => {
    const answer = await api.poll("/order/check", { trade });
    if (!isSuccess(answer)) return "paying";
    if (answer.paid) return "paid";
    return answer.state?.id === ORDER_STATE.ORDER_STATE_CANCEL ? "expired" : "paying";
  };

  const waiting = view === "paying";
  const timeUp = waiting && left <= 0;

  // The poll, one question at a time, while the window waits.
  usePoll(check, (next) => void (next !== "paying" && setView(next)), { everyMs: pollMs, active: waiting, key: [trade] });

  // At zero, one last question (a payment may have arrived in the last second), then it is over.
  const last = useLoaded(async () => timeUp && check(), [timeUp]);
  useEffect(() => {
    if (timeUp && last) setView(last === "paid" ? "paid" : "expired");
  }, [last]);

  // The countdown.
  useEffect(() => {
    if (!waiting || timeUp) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(1_000, left));
    return () => clearTimeout(timer);
  }, [view, now]);

  useEffect(() => {
    if (view === "paid") {
      const timer = setTimeout(() => callbacks.current.onPaid(), PAID_PAUSE_MS);
      return () => clearTimeout(timer);
    }
    if (view === "expired") callbacks.current.onExpired?.();
  }, [view]);

  let body;
  if (view === "paid") {
    body = (
      <p className="pay-result pay-success" role="status" data-testid="order-pay-done">
        {said("done")}
      </p>
    );
  } else if (view === "expired") {
    body = (
      <p className="pay-result pay-expired" role="alert" data-testid="order-pay-expired">
        {said("expired")}
      </p>
    );
  } else {
    body = (
      <>
        <dl className="pay-figures">
          <div>
            <dt>{t("order.pay.amount")}</dt>
            <dd className="pay-amount" data-testid="order-pay-amount">
              {formatYuan(amount)}
            </dd>
          </div>
          {points > 0 ? (
            <div>
              <dt>{t("order.pay.points")}</dt>
              <dd>{formatPoints(points)}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t("order.pay.left")}</dt>
            <dd className={`pay-countdown${left < 60_000 ? " is-ending" : ""}`}>
              <span role="timer" data-testid="order-pay-countdown">
                {formatCountdown(left)}
              </span>
            </dd>
          </div>
        </dl>
        <p className="pay-note" data-testid="order-pay-note">
          {said("note")}
        </p>
        <p className="pay-scan">{t(opensInBrowser(pay) ? "order.pay.scan" : "order.pay.scanApp")}</p>
        <QrPay url={pay} linkLabel={t("order.pay.openLink")} alt={t("order.pay.qrAlt")} />
        <p className="pay-waiting" role="status">
          <span className="spinner spinner-small" aria-hidden="true" />
          <span>{t("order.pay.waiting")}</span>
        </p>
      </>
    );
  }

  const footer =
    view === "paid" ? null : (
      <button type="button" className="button button-quiet" onClick={onClose} data-testid="order-pay-later">
        {view === "expired" ? t("common.close") : t("order.pay.later")}
      </button>
    );

  return (
    <Dialog title={said("title")} onClose={onClose} width={460} footer={footer}>
      <div className="pay-window" data-testid="order-pay-window" data-view={view} data-trade={trade}>
        {body}
      </div>
    </Dialog>
  );
}
