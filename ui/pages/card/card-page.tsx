// The electronic member card (issue 20 item 5): name, a photo initial (no
// photo is kept), the member number, the dues year and a QR of the shop's
// verify page that changes every minute, with its countdown. A member with no
// card is told why, and an unpaid one how to pay (the dues window).
import { useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import type { AnswerOf } from "../../../src/domains/api";
import { type Message, isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { PageHead } from "../../components/breadcrumb";
import { Emblem } from "../../components/emblem";
import { resultText, useT } from "../../i18n";
import { openDues } from "../../state/membership";
import { cardQr, verifyUrl } from "./card-qr";
import "./texts";

type Card = AnswerOf<"/card/info">;
type View = { kind: "loading" } | { kind: "card"; card: Card; qr: string | null; url: string } | { kind: "refused"; message: Message };

/** Seconds left until `deadline` (a Date.now() value), never below 0. */
const secondsTo = (deadline: number) => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));

export function CardPage() {
  const t = useT();
  const [view, setView] = useState<View>({ kind: "loading" });
  const [left, setLeft] = useState(0);
  const deadline = useRef(0);
  const live = useRef(true);

  /** Asks for this minute's code; the first time under the loading overlay, the minute's refresh quietly. */
  const load = async (quiet: boolean) => {
    const answer = quiet ? await api.poll("/card/info") : await api.call("/card/info");
    if (!live.current) return;
    if (!isSuccess(answer)) {
      // A refresh that could not reach the server keeps the card and tries again in a few seconds.
      if (quiet && answer.message.code === "ERROR_SERVER") {
        deadline.current = Date.now() + 5_000;
        return;
      }
      setView({ kind: "refused", message: answer.message });
      return;
    }
    const card = answer as Card;
    const url = verifyUrl(window.location.origin, card.code);
    deadline.current = Date.now() + card.refreshIn;
    setLeft(secondsTo(deadline.current));
    setView((before) => ({ kind: "card", card, url, qr: before.kind === "card" ? before.qr : null }));
    try {
      const qr = await cardQr(url);
      if (live.current) setView((now) => (now.kind === "card" && now.url === url ? { ...now, qr } : now));
    } catch (error) {
      console.error(error);
    }
  };

  useEffect(() => {
    live.current = true;
    void load(false);
    return () => {
      live.current = false;
    };
  }, []);

  // The countdown ticks each second; at zero the next minute's code is fetched (one fetch at a time).
  const fetching = useRef(false);
  useEffect(() => {
    if (view.kind !== "card") return;
    const timer = setInterval(() => {
      const seconds = secondsTo(deadline.current);
      setLeft(seconds);
      if (seconds === 0 && !fetching.current) {
        fetching.current = true;
        void load(true).finally(() => (fetching.current = false));
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [view.kind]);

  return (
    <>
      <PageHead title={t("card.title")} />
      <div className="card-page">
        {view.kind === "card" ? <MemberCard card={view.card} qr={view.qr} url={view.url} left={left} /> : null}
        {view.kind === "refused" ? <NoCard message={view.message} /> : null}
      </div>
    </>
  );
}

function MemberCard({ card, qr, url, left }: { card: Card; qr: string | null; url: string; left: number }) {
  const t = useT();
  return (
    <>
      <section className="member-card" aria-labelledby="member-card-name" data-testid="member-card">
        <header className="member-card-head">
          <Emblem size={36} />
          <p className="member-card-union">
            <span>{t("app.name")}</span>
            <span className="member-card-kind">
              {t("card.kind")} · {t("card.kindAlt")}
            </span>
          </p>
        </header>
        <div className="member-card-who">
          <span className="member-card-photo" aria-hidden="true" data-testid="card-initial">
            {card.initial}
          </span>
          <dl className="member-card-facts">
            <div>
              <dt>{t("card.name")}</dt>
              <dd id="member-card-name" data-testid="card-name">
                {card.name}
              </dd>
            </div>
            <div>
              <dt>{t("card.number")}</dt>
              <dd data-testid="card-number">{card.employees}</dd>
            </div>
            <div>
              <dt>{t("card.year")}</dt>
              <dd data-testid="card-year">{t("card.yearValue", { year: card.year })}</dd>
            </div>
          </dl>
        </div>
        <div className="member-card-qr">
          <div className="member-card-qr-frame">
            {qr ? <img src={qr} width={184} height={184} alt={t("card.qrAlt")} data-testid="card-qr" data-url={url} /> : null}
          </div>
          <p className="member-card-countdown" data-testid="card-countdown" aria-live="off">
            <span className="member-card-bar" style={{ width: `${Math.min(100, (left / 60) * 100)}%` }} aria-hidden="true" />
            <span>{t("card.countdown", { seconds: left })}</span>
          </p>
        </div>
      </section>
      <p className="card-hint">{t("card.hint")}</p>
    </>
  );
}

function NoCard({ message }: { message: Message }) {
  const t = useT();
  const unpaid = message.code === "ERROR_CARD_UNPAID";
  const known = unpaid || message.code === "ERROR_CARD_INACTIVE";
  return (
    <section className="panel card-none" aria-labelledby="card-none-title" data-testid="card-none" data-reason={message.code}>
      <h2 id="card-none-title">{t("card.noCard")}</h2>
      <p>{known ? resultText(t, message) : t("card.failed")}</p>
      {unpaid ? (
        <div className="card-none-actions">
          <button type="button" className="button button-primary" onClick={() => openDues()} data-testid="card-pay">
            {t("card.payDues")}
          </button>
          <Link href="/information?page=member" className="button button-quiet">
            {t("card.duesRecords")}
          </Link>
        </div>
      ) : null}
    </section>
  );
}
