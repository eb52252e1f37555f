// A closed survey's tally (issue 32 item 4, decision 141), as resultsOf in
// src/domains/surveys/results.ts counts it: how many answered, and per
// question the choices counted, a rating's spread and average, or the texts
// given. A choice or rating question gets a bar chart (components/chart-canvas.tsx)
// and a table of the same numbers, which is what a screen reader reads. Shown
// to members on a vote whose result was published, and to staff on the
// results page:
//
//   import { Tally } from "../surveys/tally";
//   <Tally results={answer.results} />
import { useSnapshot } from "valtio";
import type { AnswerOf } from "../../../src/domains/api";
import { ChartCanvas, colorAt } from "../../components/chart-canvas";
import { pick, useT } from "../../i18n";
import { session } from "../../state/session";
import "./texts";

export type TallyResults = NonNullable<AnswerOf<"/survey/info">["results"]>;
type TallyQuestion = TallyResults["questions"][number];

/** Bars of counts: lying down for choices (long texts read along the axis), standing for a rating's points. */
function TallyChart({ labels, counts, label, lying }: { labels: readonly string[]; counts: readonly number[]; label: string; lying: boolean }) {
  // A lying chart grows with its choices; a rating's stands at one height.
  const height = lying ? Math.max(120, labels.length * 36 + 40) : 180;
  return <ChartCanvas kind="bar" labels={labels} series={[{ label, values: counts, color: colorAt(0) }]} label={label} horizontal={lying} className="tally-chart" height={height} />;
}

const percent = (n: number, of: number) => (of > 0 ? `${Math.round((n / of) * 100)}%` : "0%");

function CountsTable({ caption, head, rows, answered }: { caption: string; head: string; rows: readonly { label: string; count: number }[]; answered: number }) {
  const t = useT();
  return (
    <table className="tally-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{head}</th>
          <th scope="col">{t("surveys.tally.count")}</th>
          <th scope="col">{t("surveys.tally.share")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i}>
            <th scope="row">{r.label}</th>
            <td>{r.count}</td>
            <td>{percent(r.count, answered)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function QuestionTally({ question, index }: { question: TallyQuestion; index: number }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const title = pick(language, question.titleZh, question.titleEn);
  const chartLabel = t("surveys.tally.chart", { title });
  const tableLabel = t("surveys.tally.table", { title });
  let body;
  if ("options" in question) {
    const rows = question.options.map((o) => ({ label: pick(language, o.textZh, o.textEn), count: o.count }));
    body = (
      <>
        <TallyChart labels={rows.map((r) => r.label)} counts={rows.map((r) => r.count)} label={chartLabel} lying />
        <CountsTable caption={tableLabel} head={t("surveys.tally.option")} rows={rows} answered={question.answered} />
      </>
    );
  } else if ("counts" in question) {
    const rows = question.counts.map((count, i) => ({ label: i === 0 ? t("surveys.tally.pointsOne") : t("surveys.tally.points", { score: i + 1 }), count }));
    body = (
      <>
        <p className="tally-average">
          {question.average === null ? t("surveys.tally.noAverage") : t("surveys.tally.average", { average: question.average, scale: question.scale })}
          {/* The average along the scale, drawn: the sentence says it. */}
          <span className="tally-average-track" aria-hidden="true">
            <span className="tally-average-fill" style={{ width: `${((question.average ?? 0) / question.scale) * 100}%` }} />
          </span>
        </p>
        <TallyChart labels={question.counts.map((_, i) => String(i + 1))} counts={question.counts} label={chartLabel} lying={false} />
        <CountsTable caption={tableLabel} head={t("surveys.tally.score")} rows={rows} answered={question.answered} />
      </>
    );
  } else {
    body =
      question.texts.length === 0 ? (
        <p className="tally-empty">{t("surveys.tally.noTexts")}</p>
      ) : (
        <>
          <ul className="tally-texts" aria-label={t("surveys.tally.texts")}>
            {question.texts.map((text, i) => (
              <li key={i}>{text}</li>
            ))}
          </ul>
          {/* The server sends the first few hundred texts of a question (the export has them all). */}
          {question.answered > question.texts.length ? (
            <p className="tally-empty">{t("surveys.tally.moreTexts", { count: question.texts.length })}</p>
          ) : null}
        </>
      );
  }
  return (
    <section className="tally-question" aria-labelledby={`tally-q-${question.id}`}>
      <h3 id={`tally-q-${question.id}`}>
        <span className="tally-number">{index + 1}.</span> {title}
      </h3>
      <p className="tally-answered">{t("surveys.tally.answered", { count: question.answered })}</p>
      {body}
    </section>
  );
}

/** The whole tally: the responses, then each question. */
export function Tally({ results }: { results: TallyResults }) {
  const t = useT();
  return (
    <div className="tally">
      <p className="tally-responses">{results.responses === 1 ? t("surveys.tally.responsesOne") : t("surveys.tally.responses", { count: results.responses })}</p>
      {results.questions.map((q, i) => (
        <QuestionTally key={q.id} question={q} index={i} />
      ))}
    </div>
  );
}
