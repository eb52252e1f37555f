// The door's check-in page (issue 20 item 2, FUNCTION_ACTIVITY_CHECK_IN):
// the staff member chooses the activity (?activity=), then scans tickets with
// the phone's camera (./ticket-scanner.tsx, a chunk loaded when the camera
// opens) or types an order number; each result shows who it is, or who
// checked the ticket in already and when, or why it is refused. The counts
// of checked in against signed up follow every scan and a quiet poll.
import { type FormEvent, Suspense, lazy, useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { useSnapshot } from "valtio";
import type { AnswerOf, ItemOf } from "../../../src/domains/api";
import type { CheckInHolder } from "../../../src/domains/checkin/service";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { PageHead } from "../../components/breadcrumb";
import { type TextName, addTexts, isOneOf, joinList, pick, resultText, useT } from "../../i18n";
import checkin from "../../i18n/areas/checkin";
import { formatChinaDateTime } from "../../lib/china-time";
import { useLoaded } from "../../lib/use-loaded";
import { session } from "../../state/session";
import type { ScannerProblem } from "./ticket-scanner";

addTexts({ zh: { checkin: checkin.zh }, en: { checkin: checkin.en } });

const TicketScanner = lazy(() => import("./ticket-scanner"));

type Choice = ItemOf<"/checkin/activities">;
type Counts = AnswerOf<"/checkin/counts">["counts"];
// Commands' answers are not typed through the route table: the server names the shape.
type Holder = CheckInHolder;
/** A second scan's warning: the refusal's parameters, the member as the door sees them and who checked them in. */
type Already = Partial<Holder> & { checkedBy?: string };
type Outcome =
  | { kind: "ok"; holder: Holder }
  | { kind: "already"; holder: Already }
  | { kind: "refused"; text: string };

/** How often the counts are read again while the page is open (other doors check people in too). */
const COUNTS_EVERY_MS = 5_000;
/** The refusals the page words itself (with the activity's name or the order number); any other code is the portal's general text. */
const REASONS: readonly TextName<"checkin.reasons">[] = [
  "ERROR_CHECKIN_CODE",
  "ERROR_CHECKIN_ACTIVITY",
  "ERROR_CHECKIN_CANCELLED",
  "ERROR_CHECKIN_UNPAID",
  "ERROR_CHECKIN_EXPIRED",
  "ERROR_CHECKIN_NOT_FOUND",
  "ERROR_CHECKIN_NO_TICKET",
  "ERROR_ACTIVITY_STATE",
  "ERROR_RESULT_NULL",
];

function useCounts(activity: number | null) {
  const [counts, setCounts] = useState<Counts | null>(null);
  const refresh = useCallback(async () => {
    if (activity === null) return;
    const answer = await api.quietCall("/checkin/counts", { activity });
    if (isSuccess(answer) && answer.counts) setCounts(answer.counts);
  }, [activity]);
  useEffect(() => {
    setCounts(null);
    if (activity === null) return;
    void refresh();
    const timer = setInterval(() => document.visibilityState === "visible" && void refresh(), COUNTS_EVERY_MS);
    return () => clearInterval(timer);
  }, [activity]);
  return { counts, refresh };
}

function CountsPanel({ counts }: { counts: Counts | null }) {
  const t = useT();
  const share = counts && counts.places > 0 ? Math.round((counts.checkedPlaces / counts.places) * 100) : 0;
  return (
    <section className="panel checkin-counts" aria-labelledby="checkin-counts-title" data-testid="checkin-counts">
      <h2 id="checkin-counts-title" className="checkin-heading">
        {t("checkin.counts.title")}
      </h2>
      <dl>
        <div>
          <dt>{t("checkin.counts.people")}</dt>
          <dd data-testid="checkin-count-places">{counts ? t("checkin.counts.value", { checked: counts.checkedPlaces, total: counts.places }) : "–"}</dd>
        </div>
        <div>
          <dt>{t("checkin.counts.orders")}</dt>
          <dd data-testid="checkin-count-orders">{counts ? t("checkin.counts.value", { checked: counts.checkedOrders, total: counts.orders }) : "–"}</dd>
        </div>
      </dl>
      <div
        className="checkin-bar"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={counts?.places ?? 0}
        aria-valuenow={counts?.checkedPlaces ?? 0}
        aria-label={t("checkin.counts.progress", { checked: counts?.checkedPlaces ?? 0, total: counts?.places ?? 0 })}
      >
        <span style={{ width: `${share}%` }} />
      </div>
      <p className="checkin-caption">{t("checkin.counts.caption")}</p>
    </section>
  );
}

function HolderFacts({ holder }: { holder: Partial<Holder> }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const families = holder.families ?? [];
  return (
    <dl className="checkin-facts">
      <dt>{t("checkin.result.name")}</dt>
      <dd data-testid="checkin-name">{holder.name || "–"}</dd>
      <dt>{t("checkin.result.employees")}</dt>
      <dd>{holder.employees || "–"}</dd>
      <dt>{t("checkin.result.phone")}</dt>
      <dd data-testid="checkin-phone">{holder.phone || "–"}</dd>
      <dt>{t("checkin.result.places")}</dt>
      <dd data-testid="checkin-places">{t("checkin.result.placesValue", { n: holder.places ?? 0 })}</dd>
      <dt>{t("checkin.result.families")}</dt>
      <dd>{families.length ? joinList(language, families.map((f) => `${f.name}（${pick(language, f.relationZh, f.relationEn)}）`)) : t("checkin.result.none")}</dd>
      <dt>{t("checkin.result.trade")}</dt>
      <dd className="checkin-trade">{holder.trade || "–"}</dd>
    </dl>
  );
}

function OutcomePanel({ outcome, onNext }: { outcome: Outcome | null; onNext: (() => void) | null }) {
  const t = useT();
  const panel = useRef<HTMLElement>(null);
  // On a phone the result may be below the fold: brought into sight when it comes.
  useEffect(() => {
    if (outcome) panel.current?.scrollIntoView({ block: "nearest" });
  }, [outcome]);
  const title = outcome ? t(`checkin.result.${outcome.kind}`) : t("checkin.result.title");
  return (
    <section
      ref={panel}
      className={`panel checkin-outcome${outcome ? ` checkin-outcome-${outcome.kind}` : ""}`}
      aria-labelledby="checkin-outcome-title"
      aria-live="assertive"
      data-testid="checkin-outcome"
      data-outcome={outcome?.kind ?? ""}
    >
      <h2 id="checkin-outcome-title" className="checkin-outcome-title">
        {outcome ? <OutcomeIcon kind={outcome.kind} /> : null}
        {title}
      </h2>
      {!outcome ? <p className="checkin-caption">{t("checkin.result.waiting")}</p> : null}
      {outcome?.kind === "ok" ? (
        <>
          <HolderFacts holder={outcome.holder} />
          <p className="checkin-when">{t("checkin.result.checkedAt", { time: formatChinaDateTime(outcome.holder.checkedAt) })}</p>
        </>
      ) : null}
      {outcome?.kind === "already" ? (
        <>
          <p className="checkin-warning" data-testid="checkin-already">
            {outcome.holder.checkedBy
              ? t("checkin.result.by", { time: formatChinaDateTime(outcome.holder.checkedAt ?? ""), by: outcome.holder.checkedBy })
              : t("checkin.result.byUnknown", { time: formatChinaDateTime(outcome.holder.checkedAt ?? "") })}
          </p>
          <HolderFacts holder={outcome.holder} />
        </>
      ) : null}
      {outcome?.kind === "refused" ? (
        <p className="checkin-reason" data-testid="checkin-reason">
          {outcome.text}
        </p>
      ) : null}
      {outcome && onNext ? (
        <button type="button" className="button button-primary button-block" data-testid="checkin-next" onClick={onNext} autoFocus>
          {t("checkin.result.next")}
        </button>
      ) : null}
    </section>
  );
}

function OutcomeIcon({ kind }: { kind: Outcome["kind"] }) {
  const path = kind === "ok" ? "M7 12.5l3.2 3.2L17 9" : kind === "already" ? "M12 7v6M12 16.5v.5" : "M8.5 8.5l7 7M15.5 8.5l-7 7";
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" className="checkin-icon">
      <circle cx="12" cy="12" r="11" fill="currentColor" />
      <path d={path} fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function CheckInPage() {
  const t = useT();
  const { language } = useSnapshot(session);
  const [, navigate] = useLocation();
  const search = useSearch();
  const chosen = Number.parseInt(new URLSearchParams(search).get("activity") ?? "", 10);
  const activity = Number.isSafeInteger(chosen) && chosen > 0 ? chosen : null;
  const choices = useLoaded(() => api.call("/checkin/activities").then((answer): Choice[] => (isSuccess(answer) && answer.list ? answer.list : [])), []) || null;
  const { counts, refresh } = useCounts(activity);
  const [camera, setCamera] = useState(false);
  const [problem, setProblem] = useState<ScannerProblem | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const [typed, setTyped] = useState("");
  const [typedError, setTypedError] = useState("");

  // A new activity starts with a clean slate.
  useEffect(() => {
    setOutcome(null);
    setTyped("");
    setTypedError("");
  }, [activity]);

  const choose = (value: string) => navigate(value ? `/activity/checkin?activity=${value}` : "/activity/checkin", { replace: true });

  async function check(code: string, via: "camera" | "typed") {
    if (activity === null || busy) return;
    setBusy(true);
    try {
      const answer = await api.call("/checkin/scan", { activity, code, via });
      const message = answer.message;
      if (isSuccess(answer) && answer.checkedIn) setOutcome({ kind: "ok", holder: answer.checkedIn as Holder });
      else if (message?.code === "ERROR_CHECKIN_ALREADY") setOutcome({ kind: "already", holder: (message.params ?? {}) as Already });
      else {
        const params = (message?.params ?? {}) as Record<string, string>;
        const text =
          message && isOneOf(REASONS, message.code)
            ? t(`checkin.reasons.${message.code}`, { trade: params.trade ?? "", name: pick(language, params.nameZh ?? "", params.nameEn ?? "") })
            : resultText(t, message);
        setOutcome({ kind: "refused", text });
      }
      if (via === "typed" && (isSuccess(answer) || message?.code === "ERROR_CHECKIN_ALREADY")) setTyped("");
    } finally {
      setBusy(false);
      void refresh();
    }
  }

  function submitTyped(event: FormEvent) {
    event.preventDefault();
    const number = typed.trim();
    if (!number) return setTypedError(t("checkin.manual.empty"));
    setTypedError("");
    void check(number, "typed");
  }

  const current = choices?.filter((c) => c.current) ?? [];
  const others = choices?.filter((c) => !c.current) ?? [];
  const known = activity !== null && choices?.some((c) => c.id === activity);
  const name = (c: Choice) => pick(language, c.nameZh, c.nameEn);
  // The camera waits while a result is shown: the same ticket still in front of it is not read again until "next".
  const paused = busy || outcome !== null;

  return (
    <>
      <PageHead title={t("checkin.title")} />
      <p className="checkin-intro">{t("checkin.intro")}</p>
      <section className="panel checkin-choose">
        <label htmlFor="checkin-activity" className="checkin-heading">
          {t("checkin.activity")}
        </label>
        {choices && choices.length === 0 ? (
          <p className="checkin-caption">{t("checkin.none")}</p>
        ) : (
          <select id="checkin-activity" className="input" value={known ? String(activity) : ""} onChange={(e) => choose(e.target.value)} data-testid="checkin-activity">
            <option value="">{t("checkin.choose")}</option>
            {current.length ? (
              <optgroup label={t("checkin.current")}>
                {current.map((c) => (
                  <option key={c.id} value={c.id}>
                    {name(c)}
                  </option>
                ))}
              </optgroup>
            ) : null}
            {others.length ? (
              <optgroup label={t("checkin.other")}>
                {others.map((c) => (
                  <option key={c.id} value={c.id}>
                    {name(c)}
                  </option>
                ))}
              </optgroup>
            ) : null}
          </select>
        )}
      </section>

      {activity !== null && known ? (
        <div className="checkin-grid">
          <div className="checkin-main">
            <section className="panel checkin-scan" aria-labelledby="checkin-scan-title">
              <div className="checkin-scan-head">
                <h2 id="checkin-scan-title" className="checkin-heading">
                  {t("checkin.camera.title")}
                </h2>
                {camera ? (
                  <button type="button" className="button button-quiet" data-testid="checkin-camera-stop" onClick={() => setCamera(false)}>
                    {t("checkin.camera.stop")}
                  </button>
                ) : null}
              </div>
              {camera ? (
                <Suspense fallback={<p className="checkin-caption">{t("checkin.camera.starting")}</p>}>
                  <TicketScanner
                    paused={paused}
                    onCode={(code) => void check(code, "camera")}
                    onProblem={(p) => {
                      setProblem(p);
                      setCamera(false);
                    }}
                  />
                </Suspense>
              ) : (
                <button
                  type="button"
                  className="button button-primary button-block"
                  data-testid="checkin-camera"
                  onClick={() => {
                    setProblem(null);
                    setCamera(true);
                  }}
                >
                  {t("checkin.camera.start")}
                </button>
              )}
              {problem ? (
                <p className="checkin-problem" role="alert" data-testid="checkin-camera-problem">
                  {t(`checkin.camera.${problem}`)}
                </p>
              ) : null}
            </section>
            <form className="panel checkin-manual" onSubmit={submitTyped} noValidate>
              <h2 className="checkin-heading">{t("checkin.manual.title")}</h2>
              <div className="field">
                <label htmlFor="checkin-number">{t("checkin.manual.label")}</label>
                <div className="checkin-manual-row">
                  <input
                    id="checkin-number"
                    className={`input${typedError ? " input-invalid" : ""}`}
                    value={typed}
                    onChange={(e) => setTyped(e.target.value)}
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                    maxLength={2000}
                    aria-describedby="checkin-number-hint"
                    aria-invalid={typedError ? true : undefined}
                    data-testid="checkin-number"
                  />
                  <button type="submit" className="button button-primary" disabled={busy} data-testid="checkin-submit">
                    {t("checkin.manual.submit")}
                  </button>
                </div>
                {typedError ? <p className="field-error">{typedError}</p> : null}
                <p id="checkin-number-hint" className="checkin-caption">
                  {t("checkin.manual.hint")}
                </p>
              </div>
            </form>
          </div>
          <div className="checkin-side">
            <OutcomePanel outcome={outcome} onNext={outcome ? () => setOutcome(null) : null} />
            <CountsPanel counts={counts} />
          </div>
        </div>
      ) : null}
    </>
  );
}
