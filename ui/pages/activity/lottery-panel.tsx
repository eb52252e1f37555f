// The lottery on an activity's page (issue 32, decision 138): that its places
// go by lottery, the draw's time (China time), the places and how many have
// applied, and the draw's fingerprint published before applications opened;
// once drawn its key too and the draw as a file anyone can recompute
// (scripts/verify-draw.ts). Below it, what the member can do: apply through
// the sign-up's own windows, see and withdraw their application, wait for the
// draw, read their place in the drawn order and, drawn among the places,
// confirm in one step with what they applied with (the answer then shows what
// a sign-up's shows: ./sign-flow). The line itself, a held place's decline
// and a place in line, stays ./waitlist-panel.tsx's. The server decides
// everything; this only shows what /activity/info answered.
import { type ReactNode, useState } from "react";
import type { Signed } from "./sign-flow/flow-state";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { HashValue } from "../../components/hash-value";
import { confirm, showMessage } from "../../components/message-box";
import { type TextKey, resultText, useT } from "../../i18n";
import "../../i18n/sign-up-texts";
import { formatChinaDateTime } from "../../lib/china-time";
import type { Activity } from "./activity-model";
import type { useFocusAfterSignUp } from "./focus-after-sign-up";
import { SignFlow } from "./sign-flow";
import { followUp, type Result } from "./sign-flow/flow-state";
import { offerOf, showsLine, WaitlistPanel } from "./waitlist-panel";

export type Lottery = NonNullable<Activity["lottery"]>;

/** Saves the published draw as draw-<activity>.json, the file scripts/verify-draw.ts reads. */
function saveDraw(activityId: number, draw: unknown) {
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(draw, null, 2)}\n`], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `draw-${activityId}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

export function LotteryPanel({
  activity: a,
  name,
  reason,
  focus,
  start,
  onSignUp,
  onChanged,
}: {
  activity: Activity;
  name: string;
  /** The page's caption for a refusal (not open yet, ended, full, signed up). */
  reason: ReactNode;
  focus: ReturnType<typeof useFocusAfterSignUp>;
  /** What pressing a sign-up button does before any window opens (the membership prompt, a tag still to choose): ../use-activity-page.ts. */
  start: (open: () => void) => void;
  /** The normal sign-up windows on the held place. */
  onSignUp: () => void;
  onChanged: () => void;
}) {
  const t = useT();
  const lottery = a.lottery!;
  const [busy, setBusy] = useState(false);
  const [applying, setApplying] = useState(false);
  // A winner's confirmation written: the windows its answer still shows (payment, ticket).
  const [written, setWritten] = useState<Result | null>(null);
  // The confirmation refused by a rule that changed since applying: the held place is then taken through the windows.
  const [throughWindows, setThroughWindows] = useState(false);
  const code = a.check.code;
  const entry = lottery.entry;
  const drawn = lottery.drawnAt !== null;
  const places = lottery.places;
  const offer = offerOf(a);
  const won = drawn && entry?.rank != null && places !== null && entry.rank <= places;
  const count = (n: number, one: TextKey, many: TextKey) => (n === 1 ? t(one) : t(many, { count: n }));

  const confirmPlace = async () => {
    if (busy) return;
    setBusy(true);
    const answer = await api.call("/lottery/confirm", { activity: a.id }).finally(() => setBusy(false));
    if (!isSuccess(answer)) {
      await showMessage(resultText(t, answer.message));
      if (answer.message.code === "ERROR_WAITLIST_OFFER_EXPIRED") return onChanged();
      return setThroughWindows(true);
    }
    const next = await followUp(t, a, answer as Signed, false);
    if (next) return setWritten(next);
    focus.closed();
    onChanged();
  };
  const withdraw = async () => {
    if (busy || !(await confirm(t("lottery.confirmWithdraw", { name }), { ok: t("lottery.withdraw") }))) return;
    setBusy(true);
    const answer = await api.call("/lottery/withdraw", { activity: a.id }).finally(() => setBusy(false));
    onChanged();
    await showMessage(isSuccess(answer) ? t("lottery.withdrawn") : resultText(t, answer.message));
  };
  const download = async () => {
    const answer = await api.call("/lottery/published", { activity: a.id });
    if (!isSuccess(answer)) return showMessage(resultText(t, answer.message));
    saveDraw(a.id, answer.draw);
  };

  // What the member can do, by the page's outcome and their application.
  let mine: ReactNode = null;
  if (!drawn && entry) {
    // The time kept whole on a line: a date never breaks at its hyphens.
    const [before, after] = t("lottery.yours", { id: entry.id, time: "\u0000" }).split("\u0000");
    mine = (
      <div className="lottery-mine" data-testid="lottery-applied">
        <p className="lottery-line">
          <strong tabIndex={-1} ref={focus.target} data-testid="lottery-entry">
            {before}
            <span className="lottery-time">{formatChinaDateTime(entry.applied)}</span>
            {after}
          </strong>
          {code === "ERROR_LOTTERY_APPLY" ? <span className="muted">{t("lottery.yoursHint")}</span> : null}
        </p>
        {code === "ERROR_LOTTERY_APPLY" ? (
          <div className="lottery-actions">
            <button type="button" className="button button-quiet" disabled={busy} onClick={() => void withdraw()} data-testid="lottery-withdraw">
              {t("lottery.withdraw")}
            </button>
          </div>
        ) : null}
      </div>
    );
  } else if (code === "ERROR_LOTTERY_APPLY")
    mine = (
      <div className="lottery-mine">
        <p className="lottery-line muted">{t("lottery.applyHint")}</p>
        <div className="lottery-actions">
          <button type="button" className="button button-primary button-large" onClick={() => start(() => setApplying(true))} data-testid="lottery-apply">
            {t("lottery.apply")}
          </button>
        </div>
      </div>
    );
  else if (drawn && entry?.rank != null) {
    const rank = t("lottery.rank", {
      rank: entry.rank,
      applicants: count(lottery.applicants, "lottery.applicantsOne", "lottery.applicantsCount"),
      places: count(places ?? 0, "lottery.placesOne", "lottery.placesCount"),
    });
    mine = (
      <p className="lottery-line" data-testid="lottery-rank">
        {won && offer ? <strong>{t("lottery.won")}</strong> : null}
        <span data-testid="lottery-rank-text">{rank}</span>
        {!won && a.waitlist.entry?.state === "waiting" ? <span className="muted">{t("lottery.notWon")}</span> : null}
      </p>
    );
  }
  const drawing = code === "ERROR_LOTTERY_DRAWING" ? (
    <p className="lottery-line lottery-drawing" role="status" data-testid="lottery-drawing">
      {t("lottery.drawing")}
    </p>
  ) : null;
  // The page's own action under it: the line (a held place, a place in line) or the reason; an open sign-up's button is the page's.
  const ours = code === "ERROR_LOTTERY_APPLY" || code === "ERROR_LOTTERY_DRAWING" || code === "SUCCESS";
  const take =
    won && offer && !throughWindows
      ? {
          held: t("lottery.held", { time: formatChinaDateTime(offer.expires!) }),
          hint: t("lottery.wonHint"),
          button: (
            <button type="button" className="button button-primary button-large" disabled={busy} onClick={() => void confirmPlace()} data-testid="lottery-confirm">
              {t("lottery.confirmPlace")}
            </button>
          ),
        }
      : null;
  // Drawn and told their place above, the member needs no "full" beside their place in line.
  const line = showsLine(a) ? <WaitlistPanel activity={a} name={name} reason={offer || (drawn && entry) ? null : reason} onSignUp={onSignUp} onChanged={onChanged} take={take} /> : null;

  return (
    <section className="lottery-panel" aria-labelledby="lottery-title" data-testid="lottery" data-drawn={drawn}>
      <h3 id="lottery-title" className="lottery-title">
        <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
          <rect x="3" y="3" width="14" height="14" rx="3" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <circle cx="7.2" cy="7.2" r="1.3" fill="currentColor" />
          <circle cx="12.8" cy="12.8" r="1.3" fill="currentColor" />
          <circle cx="10" cy="10" r="1.3" fill="currentColor" />
        </svg>
        {t("lottery.title")}
      </h3>
      <dl className="lottery-facts">
        <div className="lottery-when">
          <dt>{t("lottery.drawAt")}</dt>
          <dd data-testid="lottery-draw-at">{t("lottery.chinaTime", { time: formatChinaDateTime(lottery.drawAt) })}</dd>
        </div>
        {places !== null ? (
          <div>
            <dt>{t("lottery.places")}</dt>
            <dd data-testid="lottery-places">{places}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t("lottery.applicants")}</dt>
          <dd data-testid="lottery-applicants">{lottery.applicants}</dd>
        </div>
      </dl>
      {mine}
      {drawing}
      {ours ? null : (line ?? reason)}
      <div className="lottery-proof">
        <p className="lottery-proof-title">{t("lottery.proof")}</p>
        <dl className="lottery-keys">
          {lottery.commitment ? (
            <div>
              <dt>{t("lottery.commitment")}</dt>
              <dd>
                <HashValue value={lottery.commitment} testId="lottery-commitment" />
              </dd>
            </div>
          ) : null}
          {lottery.seed ? (
            <div>
              <dt>{t("lottery.seed")}</dt>
              <dd>
                <HashValue value={lottery.seed} testId="lottery-seed" />
              </dd>
            </div>
          ) : null}
        </dl>
        <p className="lottery-small muted">{t("lottery.commitmentHint")}</p>
        {drawn ? (
          <div className="lottery-download">
            <button type="button" className="button button-quiet" onClick={() => void download()} data-testid="lottery-download">
              <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
                <path d="M10 3.5v9M6 9l4 4 4-4M4 16.5h12" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              <span>{t("lottery.download")}</span>
            </button>
            <span className="lottery-small muted">{t("lottery.downloadHint")}</span>
          </div>
        ) : null}
      </div>
      {applying ? (
        <SignFlow
          activity={a}
          mode="apply"
          onClose={(changed) => {
            focus.closed();
            setApplying(false);
            if (changed) onChanged();
          }}
        />
      ) : null}
      {written ? (
        <SignFlow
          activity={a}
          written={written}
          onClose={() => {
            focus.closed();
            setWritten(null);
            onChanged();
          }}
        />
      ) : null}
    </section>
  );
}
