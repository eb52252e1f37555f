// One survey or vote (/survey?id=, issue 32 item 4, decision 141): its
// introduction, whether it is named or anonymous (said plainly), and its
// questions: a single choice as radio buttons, a multiple one as checkboxes,
// a text as a text box, a rating as radio buttons of 1 to its scale. The
// server checks the answers; a refusal naming a question is shown at that
// question. After answering, thanks; coming back, "you have answered". A vote
// whose result was published shows the tally instead.
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useSearch } from "wouter";
import { useSnapshot } from "valtio";
import type { AnswerOf } from "../../../src/domains/api";
import { SURVEY_TEXT_ANSWER_MAX } from "../../../src/protocol/limits";
import { type Message, isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { PageHead } from "../../components/breadcrumb";
import { showMessage } from "../../components/message-box";
import { type TextKey, pick, resultText, useT } from "../../i18n";
import { chinaDayTime } from "../../lib/china-time";
import { useLoader } from "../../lib/use-loaded";
import { session } from "../../state/session";
import { Tally } from "./tally";
import "./texts";

type Info = Required<Pick<AnswerOf<"/survey/info">, "survey" | "questions" | "answered" | "results">>;
type Question = Info["questions"][number];
type Value = number | number[] | string;
/** What the page found: the survey, none for this member, or one that closed without a published result. */
type Found = Info | "missing" | "closed";

/** A text answer's longest (the server's limit). */

const questionId = (q: Pick<Question, "id">) => `survey-q-${q.id}`;

/** The question a refusal names, and the key of what it says there; null for any other refusal. */
function refusedQuestion(message: Message): { question: number; error: TextKey } | null {
  const p = message.params;
  if (message.code !== "ERROR_PARAMS" || p?.field !== "answers" || typeof p.question !== "number") return null;
  return { question: p.question, error: p.reason === "required" ? "surveys.errors.required" : "surveys.errors.value" };
}

/** The answers as /survey/answer takes them: those given, in the questions' order. */
function answersOf(questions: readonly Question[], values: Record<number, Value>) {
  return questions.flatMap((q) => {
    const value = values[q.id];
    const empty = value === undefined || (typeof value === "string" && value.trim() === "") || (Array.isArray(value) && value.length === 0);
    return empty ? [] : [{ question: q.id, value }];
  });
}

function QuestionField({ question, index, value, error, onChange }: { question: Question; index: number; value: Value | undefined; error: TextKey | undefined; onChange: (value: Value) => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const id = questionId(question);
  const title = (
    <>
      <span className="survey-q-number">{index + 1}.</span> {pick(language, question.titleZh, question.titleEn)}
      {question.required ? (
        <>
          <span className="required-mark" aria-hidden="true">
            *
          </span>
          <span className="visually-hidden">{t("surveys.page.required")}</span>
        </>
      ) : null}
    </>
  );
  const errorText = error ? (
    <p className="field-error" id={`${id}-error`} data-testid="survey-error">
      {t(error)}
    </p>
  ) : null;
  const described = error ? `${id}-error` : undefined;

  if (question.kind === "text")
    return (
      <div className={`survey-q${error ? " survey-q-invalid" : ""}`} data-testid="survey-question" data-question={question.id}>
        <label className="survey-q-title" htmlFor={`${id}-input`}>
          {title}
        </label>
        <textarea
          id={`${id}-input`}
          className={`input textarea${error ? " input-invalid" : ""}`}
          rows={4}
          maxLength={SURVEY_TEXT_ANSWER_MAX}
          placeholder={t("surveys.page.textPlaceholder")}
          value={typeof value === "string" ? value : ""}
          aria-required={question.required}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(e) => onChange(e.target.value)}
        />
        {errorText}
      </div>
    );

  const hint =
    question.kind === "multiple" ? t("surveys.page.chooseMany") : question.kind === "rating" ? t("surveys.page.ratingHint", { scale: question.scale ?? 5 }) : null;
  const choices =
    question.kind === "rating"
      ? Array.from({ length: question.scale ?? 5 }, (_, i) => ({ id: i + 1, text: String(i + 1) }))
      : question.options.map((o) => ({ id: o.id, text: pick(language, o.textZh, o.textEn) }));
  const chosen = (choice: number) => (Array.isArray(value) ? value.includes(choice) : value === choice);
  const pickChoice = (choice: number, checked: boolean) => {
    if (question.kind !== "multiple") return onChange(choice);
    const now = Array.isArray(value) ? value : [];
    onChange(checked ? [...now, choice].sort((a, b) => a - b) : now.filter((c) => c !== choice));
  };
  return (
    <fieldset
      className={`survey-q${error ? " survey-q-invalid" : ""}`}
      data-testid="survey-question"
      data-question={question.id}
      aria-invalid={error ? true : undefined}
      aria-describedby={[hint ? `${id}-hint` : "", described ?? ""].join(" ").trim() || undefined}
      {...(question.kind === "multiple" ? {} : { role: "radiogroup", "aria-required": question.required })}
    >
      <legend className="survey-q-title">{title}</legend>
      {hint ? (
        <p className="field-hint survey-q-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <div className={question.kind === "rating" ? "survey-rating" : "survey-choices"}>
        {choices.map((c) => (
          <label key={c.id} className="choice survey-choice">
            <input
              type={question.kind === "multiple" ? "checkbox" : "radio"}
              name={id}
              value={c.id}
              checked={chosen(c.id)}
              onChange={(e) => pickChoice(c.id, e.target.checked)}
            />
            {question.kind === "rating" ? (
              <>
                <span aria-hidden="true">{c.text}</span>
                <span className="visually-hidden">{t("surveys.page.ratingOf", { score: c.id, scale: question.scale ?? 5 })}</span>
              </>
            ) : (
              <span>{c.text}</span>
            )}
          </label>
        ))}
      </div>
      {errorText}
    </fieldset>
  );
}

function SurveyForm({ info, onAnswered, onStale }: { info: Info; onAnswered: () => void; onStale: () => void }) {
  const t = useT();
  const [values, setValues] = useState<Record<number, Value>>({});
  const [errors, setErrors] = useState<Record<number, TextKey>>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const change = (q: Question, value: Value) => {
    setValues((now) => ({ ...now, [q.id]: value }));
    // The member is at it again: the question's refusal has been read.
    setErrors((now) => {
      const { [q.id]: _, ...rest } = now;
      return rest;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const answer = await api.call("/survey/answer", { id: info.survey.id, answers: answersOf(info.questions, values) });
    setBusy(false);
    if (isSuccess(answer)) return onAnswered();
    const at = refusedQuestion(answer.message);
    if (at) {
      setErrors({ [at.question]: at.error });
      // The focus goes to the question, so a screen reader hears its error and the member is taken to it.
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>(`#${questionId({ id: at.question })} input, #${questionId({ id: at.question })}-input`)?.focus());
      return;
    }
    const code = answer.message.code;
    if (code === "ERROR_PARAMS" && answer.message.params?.field === "answers") return showMessage(t("surveys.errors.unknown"));
    await showMessage(resultText(t, answer.message));
    // Answered elsewhere meanwhile, or closed: the page says where it stands now.
    if (code === "ERROR_SURVEY_ANSWERED" || code === "ERROR_SURVEY_CLOSED") onStale();
  };

  return (
    <form ref={form} className="survey-form" onSubmit={(e) => void submit(e)} noValidate data-testid="survey-form">
      {info.questions.some((q) => q.required) ? <p className="survey-required-note">{t("surveys.page.requiredNote")}</p> : null}
      {info.questions.map((q, i) => (
        <div key={q.id} id={questionId(q)}>
          <QuestionField question={q} index={i} value={values[q.id]} error={errors[q.id]} onChange={(v) => change(q, v)} />
        </div>
      ))}
      <div className="survey-actions">
        <button type="submit" className="button button-primary" disabled={busy} data-testid="survey-submit">
          {busy ? t("surveys.page.submitting") : t("surveys.page.submit")}
        </button>
      </div>
    </form>
  );
}

/** Where the member stands with an open survey: answering, just answered (thanks) or answered before. */
function Answering({ info, thanked, onAnswered, onStale }: { info: Info; thanked: boolean; onAnswered: () => void; onStale: () => void }) {
  const t = useT();
  const done = useRef<HTMLDivElement>(null);
  // The thanks take the form's place: the focus (and the view) go to them, not to wherever the button was.
  useEffect(() => {
    if (thanked) done.current?.focus();
  }, [thanked]);
  if (thanked || info.answered)
    return (
      <div ref={done} tabIndex={-1} className="survey-done" role="status" data-testid={thanked ? "survey-thanks" : "survey-answered"}>
        <p>{thanked ? t("surveys.page.thanks") : t("surveys.page.answered")}</p>
        <Link href="/index" className="button button-quiet">
          {t("surveys.page.backHome")}
        </Link>
      </div>
    );
  if (info.survey.state !== "open") return <p className="survey-done">{t("surveys.page.closedNote")}</p>;
  return <SurveyForm info={info} onAnswered={onAnswered} onStale={onStale} />;
}

export function SurveyPage() {
  const t = useT();
  const { language } = useSnapshot(session);
  const id = Number(new URLSearchParams(useSearch()).get("id"));
  const [thanked, setThanked] = useState(false);
  const loaded = useLoader(
    async (alive): Promise<Found | false> => {
      if (!Number.isInteger(id) || id <= 0) return "missing";
      const answer = await api.call("/survey/info", { id });
      if (isSuccess(answer) && answer.survey && answer.questions) return { survey: answer.survey, questions: answer.questions, answered: answer.answered ?? false, results: answer.results ?? null };
      const code = answer.message.code;
      if (code === "ERROR_SURVEY_CLOSED") return "closed";
      if (code === "ERROR_RESULT_NULL") return "missing";
      if (alive()) void showMessage(resultText(t, answer.message));
      return false;
    },
    [id],
  );
  const found = loaded.value;

  if (found === null) return <div className="survey-waiting" aria-busy="true" aria-label={t("surveys.page.loading")} />;
  if (found === false || found === "missing" || found === "closed")
    return (
      <>
        <PageHead title={t("page.survey")} />
        <section className="panel survey-panel" data-testid="survey-missing">
          <p>{found === "closed" ? t("surveys.page.closedNote") : t("surveys.page.missing")}</p>
          <Link href="/index" className="button button-quiet">
            {t("surveys.page.backHome")}
          </Link>
        </section>
      </>
    );

  const { survey } = found;
  const title = pick(language, survey.titleZh, survey.titleEn);
  const intro = pick(language, survey.introZh, survey.introEn);
  const answered = () => {
    setThanked(true);
    loaded.set({ ...found, answered: true });
  };
  return (
    <>
      <PageHead title={title} />
      <article className="panel survey-panel" data-testid="survey-page" data-survey={survey.id}>
        <div className="survey-meta">
          <span className={`survey-kind survey-kind-${survey.kind}`}>{survey.kind === "vote" ? t("surveys.home.vote") : t("surveys.home.survey")}</span>
          <span className="survey-closes">
            {survey.state === "closed" ? t("surveys.home.closed", { time: chinaDayTime(survey.closesAt, language) }) : t("surveys.page.closes", { time: chinaDayTime(survey.closesAt, language) })}
          </span>
        </div>
        {intro ? <p className="survey-intro">{intro}</p> : null}
        {found.results ? null : (
          <p className={`survey-privacy${survey.anonymous ? " survey-privacy-anonymous" : ""}`} data-testid="survey-privacy">
            {survey.anonymous ? t("surveys.page.anonymous") : t("surveys.page.named")}
          </p>
        )}
        {found.results ? (
          <section className="survey-result" aria-labelledby="survey-result-title" data-testid="survey-result">
            <h2 id="survey-result-title" className="survey-result-title">
              {t("surveys.page.result")}
            </h2>
            <Tally results={found.results} />
          </section>
        ) : (
          <Answering info={found} thanked={thanked} onAnswered={answered} onStale={loaded.reload} />
        )}
      </article>
    </>
  );
}
