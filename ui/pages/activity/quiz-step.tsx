// The questionnaire window (spec 2 sections 4 and 5): the questions drawn for
// this member, one at a time (frame) or all on one page (along), timed when
// the questionnaire is, with options that follow their parent's choice and
// show their stock or expiry. A required question needs an answer and a text
// its pattern; the first failure shows the question's own dialog text.
// Questions and options may carry a picture (a question may be only a
// picture); a question with a show condition appears once the question it
// names has that answer (the server's own rule, shownQuestions).
import { type ReactNode, useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import type { drawQuiz } from "../../../src/domains/activity/catalogue";
import { shownQuestions } from "../../../src/domains/signup/questionnaire";
import { unescapeAngles } from "../../../src/protocol/identity";
import { PROPERTY_TYPE, QUIZ_DISPLAY } from "../../../src/protocol/enumerations";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { Dialog } from "../../components/dialog";
import { showMessage } from "../../components/message-box";
import { pick, resultText, useT } from "../../i18n";
import { session } from "../../state/session";
import { useLoaded } from "../../lib/use-loaded";
import type { Activity } from "./activity-model";

// The route table gives this command's answer as any (a cycle in its inference), so the verb's own type is used.
export type Drawn = Awaited<ReturnType<typeof drawQuiz>>;
export type Query = Drawn["queries"][number];
export type Answers = Record<number, string | string[]>;

const CHOICE = new Set<number>([PROPERTY_TYPE.PROPERTY_TYPE_SELECT, PROPERTY_TYPE.PROPERTY_TYPE_RADIO, PROPERTY_TYPE.PROPERTY_TYPE_CHECKBOX]);

/** The drawn questions shown with these answers, in order. */
export function shownOf(drawn: Drawn, answers: Answers): Query[] {
  const shown = shownQuestions(
    drawn.queries.map((q) => ({ id: q.query.id, parentId: q.query.parent?.id ?? null, showReasonQueryId: q.query.showReasonQuery?.id ?? null, showReasonValue: q.query.showReasonValue })),
    Object.entries(answers).map(([id, value]) => ({ id: Number(id), value })),
  );
  return drawn.queries.filter((q) => shown.has(q.query.id));
}

const isEmpty = (v: string | string[] | undefined) => (Array.isArray(v) ? v.length === 0 : !v?.trim());

/** The options shown for a question: those without a parent, or whose parent option was chosen. */
function optionsOf(query: Query, drawn: Drawn, answers: Answers) {
  const parent = query.query.parent ? drawn.queries.find((q) => q.query.id === query.query.parent!.id) : null;
  const chosen = parent ? answers[parent.query.id] : undefined;
  const chosenIds = new Set(parent ? parent.query.options.filter((o) => (Array.isArray(chosen) ? chosen.includes(o.value) : chosen === o.value)).map((o) => o.id) : []);
  return query.query.options.filter((o) => !o.parent || chosenIds.has(o.parent.id));
}

/** The first problem of a question's answer, in the member's language; null when it is fine. */
function problemOf(query: Query, value: string | string[] | undefined, language: "zh" | "en", fallback: string): string | null {
  const q = query.query;
  const text = pick(language, q.dialogZh, q.dialogEn) || pick(language, q.descZh, q.descEn) || fallback;
  if (isEmpty(value)) return q.isMust ? text : null;
  if (q.match && typeof value === "string") {
    try {
      if (!new RegExp(q.match).test(value)) return text;
    } catch {
      return null; // a broken pattern is the editor's mistake, not the member's
    }
  }
  return null;
}

const pad = (n: number) => String(n).padStart(2, "0");
const clock = (seconds: number) => `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;

function Elapsed({ since }: { since: number }) {
  const t = useT();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <span className="quiz-timer" role="timer" aria-live="off" data-testid="quiz-timer">
      {t("activity.quiz.elapsed", { time: clock(Math.max(0, Math.floor((now - since) / 1000))) })}
    </span>
  );
}

function QuestionField({ query, drawn, answers, onAnswer, showIndex, scoring }: { query: Query; drawn: Drawn; answers: Answers; onAnswer: (value: string | string[]) => void; showIndex: boolean; scoring: boolean }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const q = query.query;
  const type = q.type.id;
  const value = answers[q.id];
  const name = `quiz-${q.id}`;
  const title = unescapeAngles(pick(language, q.titleZh, q.titleEn));
  const desc = unescapeAngles(pick(language, q.descZh, q.descEn));
  const optionText = (o: Query["query"]["options"][number]) => unescapeAngles(pick(language, o.textZh, o.textEn));
  const pictured = q.options.some((o) => o.image);
  const optionNote = (o: Query["query"]["options"][number]) =>
    o.state === "expired" ? t("activity.quiz.expired") : o.stock !== null ? (o.state === "full" ? t("activity.quiz.usedOf", { used: o.form, stock: o.stock }) : t("activity.quiz.available", { left: o.stock - o.form })) : "";

  let field;
  // A drop-down cannot show pictures: a select whose options have them is offered as a list of choices.
  if (CHOICE.has(type) && (type !== PROPERTY_TYPE.PROPERTY_TYPE_SELECT || pictured)) {
    const multiple = type === PROPERTY_TYPE.PROPERTY_TYPE_CHECKBOX;
    const chosen = Array.isArray(value) ? value : value ? [value] : [];
    field = (
      <div className="option-list" role={multiple ? "group" : "radiogroup"} aria-labelledby={`${name}-title`}>
        {optionsOf(query, drawn, answers).map((o) => (
          <label key={o.id} className={`option${o.state !== "open" ? " is-disabled" : ""}`}>
            <input
              type={multiple ? "checkbox" : "radio"}
              name={name}
              value={o.value}
              disabled={o.state !== "open"}
              checked={chosen.includes(o.value)}
              onChange={(e) => onAnswer(multiple ? (e.target.checked ? [...chosen, o.value] : chosen.filter((v) => v !== o.value)) : o.value)}
            />
            {o.image ? <img className="option-image" src={o.image} alt={optionText(o) ? "" : t("activity.quiz.optionPicture", { value: o.value })} /> : null}
            {optionText(o) ? <span>{optionText(o)}</span> : null}
            {optionNote(o) ? <small className="option-note">{optionNote(o)}</small> : null}
          </label>
        ))}
      </div>
    );
  } else if (type === PROPERTY_TYPE.PROPERTY_TYPE_SELECT) {
    field = (
      <select id={name} className="input" value={typeof value === "string" ? value : ""} onChange={(e) => onAnswer(e.target.value)} aria-labelledby={`${name}-title`}>
        <option value="">{t("activity.quiz.choose")}</option>
        {optionsOf(query, drawn, answers).map((o) => (
          <option key={o.id} value={o.value} disabled={o.state !== "open"}>
            {optionText(o) || o.value}
            {optionNote(o) ? ` (${optionNote(o)})` : ""}
          </option>
        ))}
      </select>
    );
  } else if (type === PROPERTY_TYPE.PROPERTY_TYPE_TEXTAREA) {
    field = <textarea id={name} className="input" rows={4} maxLength={1000} value={typeof value === "string" ? value : ""} onChange={(e) => onAnswer(e.target.value)} aria-labelledby={`${name}-title`} />;
  } else {
    const inputType = type === PROPERTY_TYPE.PROPERTY_TYPE_DATE ? "date" : type === PROPERTY_TYPE.PROPERTY_TYPE_DATETIME ? "datetime-local" : "text";
    field = <input id={name} className="input" type={inputType} maxLength={200} value={typeof value === "string" ? value : ""} onChange={(e) => onAnswer(e.target.value)} aria-labelledby={`${name}-title`} />;
  }
  return (
    <fieldset className="quiz-question" data-testid="quiz-question">
      <legend id={`${name}-title`}>
        {showIndex ? <span className="quiz-index">{query.index}.</span> : null}
        {title || t("activity.quiz.picture")}
        {q.isMust ? (
          <span className="required-mark" aria-hidden="true">
            *
          </span>
        ) : null}
        {scoring && query.score > 0 ? <span className="quiz-score">{t("activity.quiz.score", { score: query.score })}</span> : null}
      </legend>
      {q.image ? <img className="quiz-image" src={q.image} alt={t("activity.quiz.pictureOf", { title: title || t("activity.quiz.picture") })} /> : null}
      {desc ? <p className="muted">{desc}</p> : null}
      {field}
    </fieldset>
  );
}

/** Draws the questions, lets the member answer them, and hands the answers back. */
export function QuizStep({
  activity,
  steps,
  initial,
  onDone,
  onCancel,
}: {
  activity: Activity;
  steps: ReactNode;
  /** The draw and answers so far, when the member comes back to the questions. */
  initial: { drawn: Drawn; answers: Answers } | null;
  onDone: (drawn: Drawn, answers: Answers) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const { language } = useSnapshot(session);
  const settings = activity.queryStock!;
  const [answers, setAnswers] = useState<Answers>(initial?.answers ?? {});
  const [at, setAt] = useState(0);
  const [opened] = useState(() => (initial ? Date.parse(initial.drawn.startedAt) : Date.now()));
  const frame = settings.type.id === QUIZ_DISPLAY.QUIZ_DISPLAY_FRAME;

  // The questions drawn for this sign-up, or (coming back to this step) those drawn before.
  const draw = useLoaded(async (alive) => {
    if (initial) return initial.drawn;
    const answer = await api.call("/activity/quiz/draw", { activity: activity.id });
    if (isSuccess(answer) && answer.queries) return answer as unknown as Drawn;
    if (alive()) {
      await showMessage(resultText(t, answer.message));
      onCancel();
    }
    return false;
  }, []);
  const drawn = initial?.drawn ?? (draw || null);

  const visible = drawn ? shownOf(drawn, answers) : [];
  // A changed answer may hide questions: the frame stays within those shown.
  const current = Math.min(at, Math.max(0, visible.length - 1));
  const shown = frame ? visible.slice(current, current + 1) : visible;
  const check = () => {
    for (const q of shown) {
      const problem = problemOf(q, answers[q.query.id], language, t("activity.quiz.required"));
      if (problem) return showMessage(problem).then(() => false);
    }
    return Promise.resolve(true);
  };
  const last = !drawn || !frame || current >= visible.length - 1;
  const next = async () => {
    if (!(await check())) return;
    // What was answered to a question now hidden is not sent (the server would drop it).
    if (last) onDone(drawn!, Object.fromEntries(Object.entries(answers).filter(([id]) => visible.some((q) => q.query.id === Number(id)))));
    else setAt(current + 1);
  };

  const footer = (
    <>
      <button type="button" className="button button-quiet" onClick={frame && current > 0 ? () => setAt(current - 1) : onCancel}>
        {frame && current > 0 ? t("activity.back") : t("activity.cancel")}
      </button>
      <button type="button" className="button button-primary" disabled={!drawn} onClick={() => void next()} data-testid="quiz-next">
        {last ? t("activity.finish") : t("activity.next")}
      </button>
    </>
  );

  if (!drawn)
    return (
      <Dialog title={t("activity.quiz.title")} onClose={onCancel} width={600} footer={footer}>
        {steps}
        <div className="step-loading" aria-busy="true" />
      </Dialog>
    );
  // Answers to options hidden by a changed parent choice are dropped as the member answers.
  const answer = (id: number) => (value: string | string[]) => {
    const next: Answers = { ...answers, [id]: value };
    for (const q of drawn.queries) {
      const v = next[q.query.id];
      if (!q.query.parent || v === undefined || !CHOICE.has(q.query.type.id)) continue;
      const allowed = new Set(optionsOf(q, drawn, next).map((o) => o.value));
      next[q.query.id] = Array.isArray(v) ? v.filter((x) => allowed.has(x)) : allowed.has(v) ? v : "";
    }
    setAnswers(next);
  };
  return (
    <Dialog title={t("activity.quiz.title")} onClose={onCancel} width={600} footer={footer}>
      {steps}
    <div className="quiz" data-testid="quiz">
      <div className="quiz-head">
        {frame ? <span>{t("activity.quiz.progress", { n: current + 1, total: visible.length })}</span> : <span />}
        {settings.isTiming ? <Elapsed since={opened} /> : null}
      </div>
      {shown.map((q) => (
        <QuestionField key={q.query.id} query={q} drawn={drawn} answers={answers} onAnswer={answer(q.query.id)} showIndex={settings.showIndex} scoring={settings.isScoring} />
      ))}
    </div>
    </Dialog>
  );
}
