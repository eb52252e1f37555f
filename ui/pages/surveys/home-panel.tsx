// The home page's surveys and votes (issue 32 item 4, decision 141): the open
// ones meant for the member, each saying whether it is a survey or a vote,
// when it closes (China time) and whether the member answered; then the votes
// whose result was published. A chunk of its own, loaded only when
// /survey/mine has something to show, so a home page without any stays as it was.
import { Link } from "wouter";
import { useSnapshot } from "valtio";
import type { AnswerOf } from "../../../src/domains/api";
import { pick, useT } from "../../i18n";
import { chinaDayTime } from "../../lib/china-time";
import { session } from "../../state/session";
import "./texts";

export type MySurveys = Required<Pick<AnswerOf<"/survey/mine">, "open" | "published">>;
type Row = MySurveys["open"][number];

const surveyHref = (id: number) => `/survey?id=${id}`;

function SurveyRow({ row, result }: { row: Row; result: boolean }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const time = chinaDayTime(row.closesAt, language);
  return (
    <li>
      <Link href={surveyHref(row.id)} className="survey-row" data-testid={result ? "home-survey-result" : "home-survey"} data-survey={row.id}>
        <span className="survey-row-main">
          <span className="survey-row-title">{pick(language, row.titleZh, row.titleEn)}</span>
          <span className="survey-row-meta">
            <span className={`survey-kind survey-kind-${row.kind}`}>{row.kind === "vote" ? t("surveys.home.vote") : t("surveys.home.survey")}</span>
            <span className="survey-row-time">{result ? t("surveys.home.closed", { time }) : t("surveys.home.closes", { time })}</span>
          </span>
        </span>
        {result ? (
          <span className="survey-state survey-state-result">{t("surveys.home.viewResult")}</span>
        ) : row.answered ? (
          <span className="survey-state survey-state-done" data-testid="home-survey-answered">
            {t("surveys.home.answered")}
          </span>
        ) : (
          <span className="survey-state survey-state-todo">{t("surveys.home.toAnswer")}</span>
        )}
      </Link>
    </li>
  );
}

export function SurveysPanel({ mine }: { mine: MySurveys }) {
  const t = useT();
  return (
    <section className="home-panel home-surveys" aria-labelledby="home-surveys-title" data-testid="home-surveys">
      <div className="home-panel-head">
        <h2 id="home-surveys-title" className="home-panel-title">
          {t("surveys.home.title")}
        </h2>
      </div>
      {mine.open.length > 0 ? (
        <ul className="survey-rows">
          {mine.open.map((row) => (
            <SurveyRow key={row.id} row={row} result={false} />
          ))}
        </ul>
      ) : null}
      {mine.published.length > 0 ? (
        <>
          <h3 className="survey-rows-title">{t("surveys.home.results")}</h3>
          <ul className="survey-rows">
            {mine.published.map((row) => (
              <SurveyRow key={row.id} row={row} result />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
