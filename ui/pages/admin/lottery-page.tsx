// The lotteries (/activity/lottery, issue 32, docs/decisions.md 138), for the
// officers of the draws (FUNCTION_ACTIVITY_LOTTERY): every activity whose
// places go by lot, with its sign-up window, draw time, state, places and
// applicants; and one draw (?activity=): its commitment, its seed once drawn
// (anyone can check the one against the other and recompute the order), every
// application in drawn order (before the draw, in the order made) with who
// made it and what became of it, a page of 50 at a time, and the published
// draw exported as JSON, which scripts/verify-draw.ts checks. Reached from
// home and from the editor's tools of a lottery activity.
import { useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { useSnapshot } from "valtio";
import type { AnswerOf, ItemOf } from "../../../src/domains/api";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { HashValue } from "../../components/hash-value";
import { PageHead } from "../../components/breadcrumb";
import { type Column, CardList } from "../../components/card-list";
import { showMessage } from "../../components/message-box";
import { type TextName, type Translate, addTexts, pick, resultText, useT } from "../../i18n";
import lotteryAdmin from "../../i18n/areas/lottery-admin";
import { formatChinaDateTime } from "../../lib/china-time";
import { LOTTERY_PATH, lotteryHref } from "../../lib/lottery-address";
import { useLoader } from "../../lib/use-loaded";
import { session } from "../../state/session";
import { StaffTag, StaffTime, TimeWindow, type Tone } from "./staff-parts";

// Staff-only texts come with the staff chunk that shows them (docs/decisions.md 102).
addTexts({ zh: { lotteryAdmin: lotteryAdmin.zh }, en: { lotteryAdmin: lotteryAdmin.en } });

type Lottery = ItemOf<"/lottery/list">;
type Draw = AnswerOf<"/lottery/draw">;
type Application = ItemOf<"/lottery/draw">;
type LotteryState = TextName<"lotteryAdmin.states">;

/** Where a lottery stands: before its window, taking applications, past its time and waiting for the draw's job, drawn. */
export function lotteryState(l: { signStart: string | null; drawAt: string | null; drawnAt: string | null }, now = Date.now()): LotteryState {
  if (l.drawnAt) return "drawn";
  if (l.signStart && Date.parse(l.signStart) > now) return "upcoming";
  if (l.drawAt && Date.parse(l.drawAt) > now) return "applying";
  return "drawing";
}

const time = (iso: string | null) => (iso ? formatChinaDateTime(iso) : "—");

const TONES: Record<LotteryState, Tone> = { upcoming: null, applying: "amber", drawing: "blue", drawn: "green" };

function StateTag({ state }: { state: LotteryState }) {
  const t = useT();
  return (
    <StaffTag tone={TONES[state]} state={state}>
      {t(`lotteryAdmin.states.${state}`)}
    </StaffTag>
  );
}

/** The sign-up window. */
function Window({ start, end }: { start: string | null; end: string | null }) {
  const t = useT();
  return <TimeWindow start={start} end={end} range={(parts) => t("lotteryAdmin.windowRange", parts)} />;
}

/** The places a lottery fills: a number, or "no limit" (never for a lottery saved by the editor, which needs a number). */
const placesText = (t: Translate, places: number | null) => (places === null ? t("lotteryAdmin.noLimit") : String(places));

export function LotteryPage() {
  const id = Number(new URLSearchParams(useSearch()).get("activity"));
  return Number.isInteger(id) && id > 0 ? <DrawView key={id} id={id} /> : <LotteryList />;
}

function LotteryList() {
  const t = useT();
  const { language } = useSnapshot(session);
  const [, navigate] = useLocation();
  const { value, reload } = useLoader(async () => {
    const answer = await api.call("/lottery/list", {});
    return isSuccess(answer) && answer.list ? answer.list : false;
  }, []);
  const [now] = useState(() => Date.now());

  const columns: Column<Lottery>[] = [
    {
      key: "name",
      title: t("lotteryAdmin.name"),
      place: "title",
      render: (l) => (
        <Link href={lotteryHref(l.id)} className="staff-lottery-name" data-testid="lottery-open">
          {pick(language, l.nameZh, l.nameEn)}
        </Link>
      ),
    },
    { key: "state", title: t("lotteryAdmin.state"), place: "aside", render: (l) => <StateTag state={lotteryState(l, now)} /> },
    { key: "window", title: t("lotteryAdmin.window"), wide: true, render: (l) => <Window start={l.signStart} end={l.signEnd} /> },
    { key: "drawAt", title: t("lotteryAdmin.drawAt"), render: (l) => <StaffTime iso={l.drawAt} /> },
    { key: "places", title: t("lotteryAdmin.places"), align: "right", render: (l) => placesText(t, l.places) },
    { key: "applicants", title: t("lotteryAdmin.applicants"), align: "right", render: (l) => String(l.applicants) },
  ];

  return (
    <>
      <PageHead title={t("page.lottery")} />
      <section className="staff-lotteries" data-testid="lotteries" data-state={value ? "shown" : value === false ? "failed" : "loading"}>
        <p className="staff-lottery-intro">{t("lotteryAdmin.intro")}</p>
        <CardList
          list={value || null}
          failed={value === false}
          onRetry={reload}
          columns={columns}
          rowKey={(l) => l.id}
          label={t("lotteryAdmin.caption")}
          empty={t("lotteryAdmin.empty")}
          itemTestId="lottery-row"
          onOpen={(l) => navigate(lotteryHref(l.id))}
        />
      </section>
    </>
  );
}

type Result = TextName<"lotteryAdmin.results">;

/** What became of an application, in words, and its tone: a place won (or confirmed), waiting in line, or out. */
export function resultOf(a: Pick<Application, "won" | "outcome">, drawn: boolean): { result: Result; tone: "won" | "line" | "out" | "pending" } {
  if (!drawn) return { result: "pending", tone: "pending" };
  switch (a.outcome) {
    case "offered":
      return a.won ? { result: "wonOffered", tone: "won" } : { result: "lineOffered", tone: "line" };
    case "taken":
      return { result: "taken", tone: "won" };
    case "waiting":
      return { result: "waiting", tone: "line" };
    case "expired":
    case "declined":
    case "left":
    case "closed":
      return { result: a.outcome, tone: "out" };
    default:
      // No line entry: a winner (a place given outright) or a member who has left the union.
      return a.won ? { result: "won", tone: "won" } : { result: "none", tone: "out" };
  }
}

/** The published draw (/lottery/published), downloaded as draw-<id>.json: what scripts/verify-draw.ts reads. */
async function exportDraw(t: Translate, activity: number) {
  const answer = await api.call("/lottery/published", { activity });
  if (!isSuccess(answer) || !answer.draw) return showMessage(isSuccess(answer) ? t("lotteryAdmin.draw.exportFailed") : resultText(t, answer.message));
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(answer.draw, null, 2)}\n`], { type: "application/json;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `draw-${activity}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

function DrawView({ id }: { id: number }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const [index, setIndex] = useState(1);
  const { value, reload } = useLoader(
    async () => {
      const answer = await api.call("/lottery/draw", { activity: id, index });
      if (isSuccess(answer) && answer.list) return answer as Draw;
      return answer.message?.code === "ERROR_RESULT_NULL" ? ("missing" as const) : false;
    },
    [id, index],
    { keep: true },
  );
  const draw = value && value !== "missing" ? value : null;
  const trail = (name: string) => [{ label: t("page.lottery"), href: LOTTERY_PATH }, { label: name }];

  if (value === "missing")
    return (
      <>
        <PageHead title={t("page.lottery")} trail={trail(t("lotteryAdmin.draw.missing"))} />
        <p className="panel staff-lottery-missing" role="status" data-testid="lottery-missing">
          {t("lotteryAdmin.draw.missing")}
        </p>
      </>
    );

  const name = draw ? pick(language, draw.activity.nameZh, draw.activity.nameEn) : t("page.lottery");
  const drawn = !!draw?.drawnAt;
  const state = draw ? lotteryState({ signStart: draw.activity.signStart, drawAt: draw.drawAt, drawnAt: draw.drawnAt }) : null;

  const columns: Column<Application>[] = [
    // On a desk the drawn order reads down the first column; on a phone each card is headed by the name, its rank beside it.
    {
      key: "rank",
      title: t("lotteryAdmin.draw.rank"),
      place: "aside",
      render: (a) => (a.rank === null ? "—" : <span className="staff-lottery-rank">{t("lotteryAdmin.draw.rankOf", { rank: a.rank })}</span>),
    },
    { key: "number", title: t("lotteryAdmin.draw.number"), render: (a) => <span className="staff-lottery-figure">{a.id}</span> },
    { key: "member", title: t("lotteryAdmin.draw.member"), place: "title", render: (a) => a.user.name ?? a.user.employees ?? "—" },
    { key: "employees", title: t("lotteryAdmin.draw.employees"), render: (a) => <span className="staff-lottery-figure">{a.user.employees ?? "—"}</span> },
    { key: "phone", title: t("lotteryAdmin.draw.phone"), render: (a) => <span className="staff-lottery-figure">{a.user.phone || "—"}</span> },
    { key: "applied", title: t("lotteryAdmin.draw.applied"), render: (a) => <StaffTime iso={a.applied} /> },
    {
      key: "result",
      title: t("lotteryAdmin.draw.result"),
      render: (a) => {
        const { result, tone } = resultOf(a, drawn);
        return (
          <span className={`staff-lottery-result staff-lottery-result-${tone}`} data-result={result}>
            {t(`lotteryAdmin.results.${result}`)}
          </span>
        );
      },
    },
  ];

  return (
    <>
      <PageHead title={name} trail={trail(name)} />
      <section className="staff-lottery-draw" data-testid="lottery-draw" data-state={draw ? (drawn ? "drawn" : "open") : value === false ? "failed" : "loading"}>
        {draw && state ? (
          <>
            <div className="panel staff-lottery-facts">
              <div className="staff-lottery-facts-head">
                <StateTag state={state} />
                <Link href={`/activity/info?id=${draw.activity.id}`} className="link-button" data-testid="lottery-activity">
                  {t("lotteryAdmin.draw.openActivity")}
                </Link>
              </div>
              <dl className="fact-list staff-lottery-fact-list">
                <div className="fact-wide">
                  <dt>{t("lotteryAdmin.window")}</dt>
                  <dd>
                    <Window start={draw.activity.signStart} end={draw.activity.signEnd} />
                  </dd>
                </div>
                <div>
                  <dt>{t("lotteryAdmin.drawAt")}</dt>
                  <dd>
                    <StaffTime iso={draw.drawAt} />
                  </dd>
                </div>
                <div>
                  <dt>{t("lotteryAdmin.draw.drawnAt")}</dt>
                  <dd data-testid="lottery-drawn-at">
                    {draw.drawnAt ? <StaffTime iso={draw.drawnAt} /> : t("lotteryAdmin.draw.notDrawn")}
                  </dd>
                </div>
                <div>
                  <dt>{t("lotteryAdmin.places")}</dt>
                  <dd data-testid="lottery-places">{placesText(t, draw.places)}</dd>
                </div>
                <div>
                  <dt>{t("lotteryAdmin.applicants")}</dt>
                  <dd data-testid="lottery-applicants">{draw.applicants}</dd>
                </div>
              </dl>
              <p className="staff-lottery-summary" data-testid="lottery-summary">
                {drawn
                  ? t("lotteryAdmin.draw.after", { applicants: draw.applicants, places: draw.places ?? 0 })
                  : t("lotteryAdmin.draw.before", { applicants: draw.applicants, places: placesText(t, draw.places), time: time(draw.drawAt) })}
              </p>
            </div>
            <section className="panel staff-lottery-proof" aria-labelledby="lottery-proof-title" data-testid="lottery-proof">
              <h2 className="section-title" id="lottery-proof-title">
                {t("lotteryAdmin.draw.proof")}
              </h2>
              <dl className="staff-lottery-proof-facts">
                <div>
                  <dt>{t("lotteryAdmin.draw.commitment")}</dt>
                  <dd>
                    <HashValue value={draw.commitment} testId="lottery-commitment" />
                  </dd>
                </div>
                <div>
                  <dt>{t("lotteryAdmin.draw.seed")}</dt>
                  <dd>
                    {draw.seed ? (
                      <HashValue value={draw.seed} testId="lottery-seed" />
                    ) : (
                      <span className="muted" data-testid="lottery-seed-later">
                        {t("lotteryAdmin.draw.seedLater")}
                      </span>
                    )}
                  </dd>
                </div>
              </dl>
              <p className="staff-lottery-check">{t("lotteryAdmin.draw.check")}</p>
              {drawn ? (
                <div className="staff-lottery-export">
                  <button type="button" className="button" onClick={() => void exportDraw(t, id)} aria-describedby="lottery-export-hint" data-testid="lottery-export">
                    {t("lotteryAdmin.draw.export")}
                  </button>
                  <span className="staff-lottery-export-hint" id="lottery-export-hint">
                    {t("lotteryAdmin.draw.exportHint")}
                  </span>
                </div>
              ) : null}
            </section>
          </>
        ) : null}
        <h2 className="section-title staff-lottery-list-title">{t("lotteryAdmin.draw.listTitle")}</h2>
        <CardList
          list={draw ? draw.list : null}
          failed={value === false}
          onRetry={reload}
          columns={columns}
          rowKey={(a) => a.id}
          label={t("lotteryAdmin.draw.caption")}
          empty={t("lotteryAdmin.draw.empty")}
          itemTestId="lottery-application"
          paging={draw ? { index: draw.index, max: draw.max, count: draw.count, asked: index, onChange: setIndex } : undefined}
        />
      </section>
    </>
  );
}
