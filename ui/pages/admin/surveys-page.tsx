// Surveys and votes (/activity/surveys, issue 32 item 4, docs/decisions.md
// 141), for the officers who run them (FUNCTION_SURVEY_EDIT): every survey
// and vote, the latest first, with its kind, named or anonymous, where it
// stands and its times (China time), and how many answered; a new one and
// changes in the editor window (./survey-editor.tsx). One survey (?id=): its
// facts, the live count while it is open, and once it closed the tally with
// its charts (the members' ui/pages/surveys/tally.tsx), the xlsx export, and
// for a vote the publication of its result to its audience, or its
// withdrawal. Its own chunk, reached from the activity index's staff links.
import { useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { useSnapshot } from "valtio";
import type { AnswerOf, ItemOf } from "../../../src/domains/api";
import { unescapeAngles } from "../../../src/protocol/identity";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { PageHead } from "../../components/breadcrumb";
import { type Column, CardList } from "../../components/card-list";
import { confirm, showMessage } from "../../components/message-box";
import { addTexts, pick, resultText, useT } from "../../i18n";
import surveysAdmin from "../../i18n/areas/surveys-admin";
import { formatChinaDateTime } from "../../lib/china-time";
import { useLoader, usePoll } from "../../lib/use-loaded";
import { session } from "../../state/session";
import { Tally } from "../surveys/tally";
import { SurveyEditor } from "./survey-editor";
import { StaffTag, StaffTime, TimeWindow, type Tone } from "./staff-parts";

// Staff-only texts come with the chunk that shows them (docs/decisions.md 102).
addTexts({ zh: { surveysAdmin: surveysAdmin.zh }, en: { surveysAdmin: surveysAdmin.en } });

export const SURVEYS_PATH = "/activity/surveys";
const surveyHref = (id: number) => `${SURVEYS_PATH}?id=${id}`;
/** How often an open survey's count is read again. */
const LIVE_EVERY_MS = 30_000;

type Row = ItemOf<"/survey/admin/list">;
type Results = AnswerOf<"/survey/admin/results">;
type Info = AnswerOf<"/survey/admin/info">;
type State = Row["state"];

/** The times it is open for answers. */
function Window({ start, end }: { start: string; end: string }) {
  const t = useT();
  return <TimeWindow start={start} end={end} range={(parts) => t("surveysAdmin.windowRange", parts)} />;
}

const TONES: Record<State, Tone> = { upcoming: "blue", open: "amber", closed: null };

function StateTag({ state, published }: { state: State; published: boolean }) {
  const t = useT();
  return (
    <span className="staff-survey-tags">
      <StaffTag tone={TONES[state]} state={state}>
        {t(`surveysAdmin.states.${state}`)}
      </StaffTag>
      {published ? (
        <StaffTag tone="green" testId="survey-published-tag">
          {t("surveysAdmin.published")}
        </StaffTag>
      ) : null}
    </span>
  );
}

const titleOf = (language: "zh" | "en", s: { titleZh: string; titleEn: string }) => unescapeAngles(pick(language, s.titleZh, s.titleEn));

export function SurveysPage() {
  const id = Number(new URLSearchParams(useSearch()).get("id"));
  return Number.isInteger(id) && id > 0 ? <SurveyView key={id} id={id} /> : <SurveyList />;
}

function SurveyList() {
  const t = useT();
  const { language } = useSnapshot(session);
  const [, navigate] = useLocation();
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const { value, reload } = useLoader(
    async () => {
      const answer = await api.call("/survey/admin/list", {});
      return isSuccess(answer) && answer.list ? answer.list : false;
    },
    [],
    { keep: true },
  );

  const columns: Column<Row>[] = [
    {
      key: "title",
      title: t("surveysAdmin.title"),
      place: "title",
      render: (s) => (
        <Link href={surveyHref(s.id)} className="staff-survey-title" data-testid="survey-open">
          {titleOf(language, s)}
        </Link>
      ),
    },
    { key: "state", title: t("surveysAdmin.state"), place: "aside", render: (s) => <StateTag state={s.state} published={s.published} /> },
    { key: "kind", title: t("surveysAdmin.kind"), render: (s) => t(`surveysAdmin.kinds.${s.kind as "survey" | "vote"}`) },
    { key: "anonymity", title: t("surveysAdmin.anonymity"), render: (s) => t(s.anonymous ? "surveysAdmin.anonymities.anonymous" : "surveysAdmin.anonymities.named") },
    { key: "window", title: t("surveysAdmin.window"), wide: true, render: (s) => <Window start={s.opensAt} end={s.closesAt} /> },
    { key: "responses", title: t("surveysAdmin.responses"), align: "right", render: (s) => <span className="staff-figure">{s.responses}</span> },
    {
      key: "actions",
      title: t("surveysAdmin.actions"),
      render: (s) => (
        <button type="button" className="link-button" onClick={() => setEditing({ id: s.id })} aria-label={`${t("surveysAdmin.edit")} ${titleOf(language, s)}`} data-testid="survey-edit">
          {t("surveysAdmin.edit")}
        </button>
      ),
    },
  ];

  return (
    <>
      <PageHead title={t("page.surveyAdmin")} />
      <section className="staff-surveys" data-testid="surveys" data-state={value ? "shown" : value === false ? "failed" : "loading"}>
        <div className="staff-survey-bar">
          <p className="staff-survey-intro">{t("surveysAdmin.intro")}</p>
          <button type="button" className="button button-primary" onClick={() => setEditing({ id: null })} data-testid="survey-new">
            {t("surveysAdmin.create")}
          </button>
        </div>
        <CardList
          list={value || null}
          failed={value === false}
          onRetry={reload}
          columns={columns}
          rowKey={(s) => s.id}
          label={t("surveysAdmin.caption")}
          empty={t("surveysAdmin.empty")}
          itemTestId="survey-row"
          onOpen={(s) => navigate(surveyHref(s.id))}
        />
      </section>
      {editing ? (
        <SurveyEditor
          id={editing.id}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
    </>
  );
}

/** The survey's answers as an xlsx (a summary sheet and every response), in the page's language. */
async function exportResults(t: ReturnType<typeof useT>, id: number) {
  const answer = await api.download("/survey/admin/export", { id: String(id), language: session.language }, `survey-${id}.xlsx`);
  if (!isSuccess(answer)) await showMessage(resultText(t, answer.message));
}

function SurveyView({ id }: { id: number }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const [editing, setEditing] = useState(false);
  const { value, reload, set } = useLoader(
    async () => {
      const [results, info] = await Promise.all([api.call("/survey/admin/results", { id }), api.call("/survey/admin/info", { id })]);
      if (isSuccess(results) && isSuccess(info) && results.survey) return { results: results as Results, info: info as Info };
      return results.message?.code === "ERROR_RESULT_NULL" ? ("missing" as const) : false;
    },
    [id],
    { keep: true },
  );
  const shown = value && value !== "missing" ? value : null;
  const state = shown?.results.survey.state ?? null;
  // While it is open the count is read again now and then (the tally waits for the close).
  usePoll(
    () => api.call("/survey/admin/results", { id }),
    (answer) => {
      if (shown && isSuccess(answer) && answer.survey) set({ ...shown, results: answer as Results });
    },
    { everyMs: LIVE_EVERY_MS, active: state === "open", key: [id] },
  );
  const trail = (name: string) => [{ label: t("page.surveyAdmin"), href: SURVEYS_PATH }, { label: name }];

  if (value === "missing")
    return (
      <>
        <PageHead title={t("page.surveyAdmin")} trail={trail(t("surveysAdmin.view.missing"))} />
        <p className="panel staff-survey-missing" role="status" data-testid="survey-missing">
          {t("surveysAdmin.view.missing")}
        </p>
      </>
    );

  const survey = shown?.results.survey;
  const name = survey ? titleOf(language, survey) : t("page.surveyAdmin");
  const vote = survey?.kind === "vote";

  const togglePublished = async () => {
    if (!survey) return;
    const publish = !survey.published;
    if (!(await confirm(t(publish ? "surveysAdmin.view.publishConfirm" : "surveysAdmin.view.withdrawConfirm")))) return;
    const answer = await api.call("/survey/admin/publish", { id, published: publish });
    if (!isSuccess(answer)) return showMessage(resultText(t, answer.message));
    await showMessage(t(publish ? "surveysAdmin.view.publishedDone" : "surveysAdmin.view.withdrawnDone"));
    reload();
  };

  return (
    <>
      <PageHead title={name} trail={trail(name)} />
      <section className="staff-survey" data-testid="survey-view" data-state={shown ? (state ?? "loading") : value === false ? "failed" : "loading"}>
        {value === false ? (
          <div className="panel staff-survey-missing" role="alert">
            <p>{t("surveysAdmin.view.loadFailed")}</p>
            <button type="button" className="button" onClick={reload}>
              {t("common.retry")}
            </button>
          </div>
        ) : null}
        {shown && survey && state ? (
          <>
            <div className="panel staff-survey-facts">
              <div className="staff-survey-facts-head">
                <span className="staff-survey-tags">
                  <StateTag state={state} published={survey.published} />
                  <StaffTag tone={null}>{t(`surveysAdmin.kinds.${survey.kind as "survey" | "vote"}`)}</StaffTag>
                  <StaffTag tone={null}>{t(survey.anonymous ? "surveysAdmin.anonymities.anonymous" : "surveysAdmin.anonymities.named")}</StaffTag>
                </span>
                <button type="button" className="button" onClick={() => setEditing(true)} data-testid="survey-view-edit">
                  {t("surveysAdmin.edit")}
                </button>
              </div>
              <dl className="fact-list staff-survey-fact-list">
                <div>
                  <dt>{t("surveysAdmin.view.opensAt")}</dt>
                  <dd>
                    <StaffTime iso={survey.opensAt} />
                  </dd>
                </div>
                <div>
                  <dt>{t("surveysAdmin.view.closesAt")}</dt>
                  <dd>
                    <StaffTime iso={survey.closesAt} />
                  </dd>
                </div>
                <div>
                  <dt>{t("surveysAdmin.view.audience")}</dt>
                  <dd>{shown.info.survey.audience.length ? t("surveysAdmin.view.audienceSome", { count: shown.info.survey.audience.length }) : t("surveysAdmin.view.audienceAll")}</dd>
                </div>
                <div>
                  <dt>{t("surveysAdmin.view.questions")}</dt>
                  <dd>{shown.info.questions.length}</dd>
                </div>
                <div>
                  <dt>{t("surveysAdmin.responses")}</dt>
                  <dd data-testid="survey-responses">{shown.results.responses}</dd>
                </div>
              </dl>
            </div>
            {state === "upcoming" ? (
              <p className="panel staff-survey-note" data-testid="survey-upcoming">
                {t("surveysAdmin.view.upcoming", { time: formatChinaDateTime(survey.opensAt) })}
              </p>
            ) : null}
            {state === "open" ? (
              <section className="panel staff-survey-live" aria-labelledby="survey-live-title" data-testid="survey-live">
                <h2 className="section-title" id="survey-live-title">
                  {t("surveysAdmin.view.liveTitle")}
                </h2>
                <p className="staff-survey-count" role="status" data-testid="survey-live-count">
                  {t("surveysAdmin.view.live", { count: shown.results.responses })}
                </p>
                <p className="staff-survey-hint">{t("surveysAdmin.view.liveHint")}</p>
                <button type="button" className="button button-quiet" onClick={reload} data-testid="survey-refresh">
                  {t("surveysAdmin.view.refresh")}
                </button>
              </section>
            ) : null}
            {state === "closed" && shown.results.results ? (
              <section className="panel staff-survey-results" aria-labelledby="survey-results-title" data-testid="survey-results">
                <div className="staff-survey-results-head">
                  <h2 className="section-title" id="survey-results-title">
                    {t("surveysAdmin.view.tallyTitle")}
                  </h2>
                  <div className="staff-survey-export">
                    <button type="button" className="button" onClick={() => void exportResults(t, id)} aria-describedby="survey-export-hint" data-testid="survey-export">
                      {t("surveysAdmin.view.export")}
                    </button>
                    <span className="staff-survey-hint" id="survey-export-hint">
                      {t("surveysAdmin.view.exportHint")}
                    </span>
                  </div>
                </div>
                {vote ? (
                  <div className="staff-survey-publish" data-testid="survey-publish" data-published={survey.published}>
                    <h3 className="staff-survey-publish-title">{t("surveysAdmin.view.publishTitle")}</h3>
                    <p className="staff-survey-hint" data-testid="survey-publish-note">
                      {t(survey.published ? "surveysAdmin.view.publishedNote" : "surveysAdmin.view.unpublishedNote")}
                    </p>
                    <button type="button" className={`button${survey.published ? "" : " button-primary"}`} onClick={() => void togglePublished()} data-testid="survey-publish-toggle">
                      {t(survey.published ? "surveysAdmin.view.withdraw" : "surveysAdmin.view.publish")}
                    </button>
                  </div>
                ) : null}
                <Tally results={shown.results.results} />
              </section>
            ) : null}
          </>
        ) : null}
      </section>
      {editing ? (
        <SurveyEditor
          id={id}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            reload();
          }}
        />
      ) : null}
    </>
  );
}
