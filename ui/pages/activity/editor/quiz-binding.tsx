// The bound question bank in the basic-info form (spec 3 sections 2.2
// "group settings and bound question bank", 3 "Questionnaire binding", 5
// "Question-bank binding"): a bank found by name (/activity/stock/like, the
// question banks' own call) with its questions (/activity/stock/queries), its display way, timing, random draw with each
// question's weight (0-100), scoring with scores, right answers and a pass
// line, numbering and the answer review. Fixed once published: then shown,
// not edited.
import { useState } from "react";
import { PROPERTY_TYPE, QUIZ_DISPLAY } from "../../../../src/protocol/enumerations";
import { unescapeAngles } from "../../../../src/protocol/identity";
import { api } from "../../../api";
import { pick, useT } from "../../../i18n";
import { useSnapshot } from "valtio";
import { session } from "../../../state/session";
import type { EditInfo, UpdatePayload } from "./editor-data";

type Bank = { id: number; name: string };
type Choice = { value: string; textZh: string; textEn: string };
/** A bound question's settings; a choice's answer key is picked from its options (a checkbox's values joined by commas, as the server scores them). */
type Row = { id: number; type: number; options: Choice[]; titleZh: string; titleEn: string; image: string | null; weight: string; score: string; answer: string };

const SINGLE = new Set<number>([PROPERTY_TYPE.PROPERTY_TYPE_SELECT, PROPERTY_TYPE.PROPERTY_TYPE_RADIO]);

/** The answer key as a set of option values. */
const keyValues = (answer: string) => answer.split(",").map((v) => v.trim()).filter((v) => v !== "");

export type QuizForm = {
  bank: Bank | null;
  type: string;
  isTiming: boolean;
  isRandom: boolean;
  count: string;
  isScoring: boolean;
  passLine: string;
  showIndex: boolean;
  showAnswer: boolean;
  /** The bound questions' settings; null once another bank is chosen (the save then binds all of its questions). */
  rows: Row[] | null;
};

export function quizFormOf(info: EditInfo): QuizForm {
  const q = info.queryStock;
  return {
    bank: q ? { id: q.stock.id, name: "name" in q.stock ? String(q.stock.name) : `#${q.stock.id}` } : null,
    type: q ? String(q.type.id) : "",
    isTiming: q?.isTiming ?? false,
    isRandom: q?.isRandom ?? false,
    count: String(q?.count ?? 0),
    isScoring: q?.isScoring ?? false,
    passLine: String(q?.passLine ?? 0),
    showIndex: q?.showIndex ?? true,
    showAnswer: q?.showAnswer ?? false,
    rows: info.queries.map((r) => ({
      id: r.query.id,
      type: r.query.type.id,
      options: r.query.options,
      titleZh: r.query.titleZh,
      titleEn: r.query.titleEn,
      image: r.query.image,
      weight: String(r.weight),
      score: String(r.score),
      answer: r.answer,
    })),
  };
}

/** The binding's part of the save: "请选择题库显示方式" is the server's (and the window's) refusal of a bank without a display way. */
export function quizPart(quiz: QuizForm): Pick<UpdatePayload, "queryStock" | "queries"> {
  if (!quiz.bank) return { queryStock: null };
  return {
    queryStock: {
      stock: { id: quiz.bank.id },
      type: quiz.type ? { id: Number(quiz.type) } : null,
      isTiming: quiz.isTiming,
      isRandom: quiz.isRandom,
      count: quiz.isRandom ? quiz.count : 0,
      isScoring: quiz.isScoring,
      passLine: quiz.isScoring ? quiz.passLine : 0,
      showIndex: quiz.showIndex,
      showAnswer: quiz.showAnswer,
    },
    ...(quiz.rows ? { queries: quiz.rows.map((r) => ({ query: { id: r.id }, weight: r.weight, score: r.score, answer: r.answer })) } : {}),
  };
}

const findBanks = (name: string) => api.call("/activity/stock/like", { name });

const bankQuestions = (id: number) => api.call("/activity/stock/queries", { id });

export function QuizBinding({ quiz, locked, onChange }: { quiz: QuizForm; locked: boolean; onChange: (quiz: QuizForm) => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const [search, setSearch] = useState("");
  const [found, setFound] = useState<Bank[] | null>(null);
  const set = (patch: Partial<QuizForm>) => onChange({ ...quiz, ...patch });
  const setRow = (i: number, patch: Partial<Row>) => set({ rows: quiz.rows!.map((r, at) => (at === i ? { ...r, ...patch } : r)) });
  // A bank chosen shows its questions at once, for their weights, scores and answers; unread (a failed call), the save binds them all.
  const choose = async (b: Bank) => {
    setFound(null);
    if (b.id === quiz.bank?.id) return;
    const answer = await bankQuestions(b.id);
    const rows = answer.message.code === "SUCCESS" ? (answer.list ?? []).map((q) => ({ id: q.id, type: q.type.id, options: q.options, titleZh: q.titleZh, titleEn: q.titleEn, image: q.image, weight: "100", score: "0", answer: "" })) : null;
    set({ bank: b, rows });
  };
  const find = async () => {
    const answer = await findBanks(search.trim());
    setFound(answer.message.code === "SUCCESS" ? (answer.list ?? []) : []);
  };
  const check = (field: "isTiming" | "isRandom" | "isScoring" | "showIndex" | "showAnswer") => (
    <label className="editor-check">
      <input type="checkbox" checked={quiz[field]} disabled={locked} onChange={(e) => set({ [field]: e.target.checked })} data-testid={`quiz-${field}`} />
      <span>{t(`editor.quiz.${field}`)}</span>
    </label>
  );

  return (
    <fieldset className="editor-section" data-testid="quiz-binding">
      <legend>{t("editor.quiz.title")}</legend>
      {locked ? <p className="field-hint">{t("editor.quiz.locked")}</p> : null}
      <div className="editor-row">
        <div className="field">
          <span className="field-label">{t("editor.quiz.bank")}</span>
          <p className="editor-value" data-testid="quiz-bank">
            {quiz.bank ? quiz.bank.name : t("editor.quiz.noBank")}
            {quiz.bank && !locked ? (
              <button type="button" className="link-button link-danger" onClick={() => set({ bank: null, rows: [] })}>
                {t("editor.quiz.unbind")}
              </button>
            ) : null}
          </p>
        </div>
        {!locked ? (
          <div className="field">
            <label htmlFor="quiz-search">{t("editor.quiz.search")}</label>
            <div className="editor-inline">
              <input id="quiz-search" className="input" value={search} maxLength={100} onChange={(e) => setSearch(e.target.value)} onKeyDown={(e) => e.key === "Enter" && (e.preventDefault(), void find())} />
              <button type="button" className="button button-quiet" onClick={() => void find()}>
                {t("editor.quiz.find")}
              </button>
            </div>
            {found ? (
              found.length ? (
                <ul className="editor-picks">
                  {found.map((b) => (
                    <li key={b.id}>
                      <button type="button" className="link-button" onClick={() => void choose(b)}>
                        {b.name}
                      </button>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="field-hint">{t("editor.quiz.none")}</p>
              )
            ) : null}
          </div>
        ) : null}
      </div>
      {quiz.bank ? (
        <>
          <div className="editor-row">
            <div className="field">
              <label htmlFor="quiz-type">{t("editor.quiz.type")}</label>
              <select id="quiz-type" className="input" value={quiz.type} disabled={locked} onChange={(e) => set({ type: e.target.value })}>
                <option value="">{t("editor.quiz.chooseType")}</option>
                <option value={String(QUIZ_DISPLAY.QUIZ_DISPLAY_FRAME)}>{t("editor.quiz.frame")}</option>
                <option value={String(QUIZ_DISPLAY.QUIZ_DISPLAY_ALONG)}>{t("editor.quiz.along")}</option>
              </select>
            </div>
            <div className="editor-checks">
              {check("isTiming")}
              {check("showIndex")}
              {check("showAnswer")}
            </div>
          </div>
          <div className="editor-row">
            <div className="field">
              {check("isRandom")}
              {quiz.isRandom ? (
                <label className="editor-sub-field">
                  <span className="field-label">{t("editor.quiz.count")}</span>
                  <input aria-label={t("editor.quiz.count")} className="input" value={quiz.count} disabled={locked} inputMode="numeric" onChange={(e) => set({ count: e.target.value })} />
                </label>
              ) : null}
            </div>
            <div className="field">
              {check("isScoring")}
              {quiz.isScoring ? (
                <label className="editor-sub-field">
                  <span className="field-label">{t("editor.quiz.passLine")}</span>
                  <input aria-label={t("editor.quiz.passLine")} className="input" value={quiz.passLine} disabled={locked} inputMode="numeric" onChange={(e) => set({ passLine: e.target.value })} />
                </label>
              ) : null}
            </div>
          </div>
          {quiz.rows === null ? (
            <p className="field-hint">{t("editor.quiz.allQuestions")}</p>
          ) : quiz.rows.length ? (
            <table className="editor-table">
              <thead>
                <tr>
                  <th scope="col">{t("editor.quiz.question")}</th>
                  <th scope="col">{t("editor.quiz.weight")}</th>
                  <th scope="col">{t("editor.quiz.score")}</th>
                  <th scope="col">{t("editor.quiz.answer")}</th>
                </tr>
              </thead>
              <tbody>
                {quiz.rows.map((r, i) => {
                  // A question that is only a picture is named as the bank's list names it, its picture beside; the inputs' names carry its number.
                  const title = `${i + 1}. ${unescapeAngles(pick(language, r.titleZh, r.titleEn)) || t("editor.banks.imageOnly")}`;
                  return (
                    <tr key={r.id}>
                      <td>
                        <span className="bank-question-title">
                          {r.image ? <img src={r.image} alt="" className="bank-question-thumb" /> : null}
                          <span>{title}</span>
                        </span>
                      </td>
                      <td data-label={t("editor.quiz.weight")}>
                        <input aria-label={`${title} ${t("editor.quiz.weight")}`} className="input" value={r.weight} disabled={locked} inputMode="numeric" onChange={(e) => setRow(i, { weight: e.target.value })} />
                      </td>
                      <td data-label={t("editor.quiz.score")}>
                        <input aria-label={`${title} ${t("editor.quiz.score")}`} className="input" value={r.score} disabled={locked} inputMode="numeric" onChange={(e) => setRow(i, { score: e.target.value })} />
                      </td>
                      <td data-label={t("editor.quiz.answer")}>
                        <AnswerKey row={r} name={`${title} ${t("editor.quiz.answer")}`} locked={locked} onChange={(answer) => setRow(i, { answer })} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          ) : null}
        </>
      ) : null}
    </fieldset>
  );
}

/** The right answer: a choice's options to pick (one for a select or radio, any for a checkbox), else typed. */
function AnswerKey({ row, name, locked, onChange }: { row: Row; name: string; locked: boolean; onChange: (answer: string) => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  if (row.options.length === 0) return <input aria-label={name} className="input" value={row.answer} disabled={locked} maxLength={500} onChange={(e) => onChange(e.target.value)} />;
  const single = SINGLE.has(row.type);
  const chosen = keyValues(row.answer);
  const label = (o: Choice) => unescapeAngles(pick(language, o.textZh, o.textEn)) || unescapeAngles(o.value);
  const toggle = (value: string, on: boolean) => {
    // In the options' order, so the same key always reads the same.
    const next = row.options.map((o) => o.value).filter((v) => (v === value ? on : chosen.includes(v)));
    onChange(next.join(","));
  };
  return (
    <div role="group" aria-label={name} className="quiz-answer-key" data-testid={`quiz-answer-${row.id}`}>
      {single ? (
        <label className="editor-check">
          <input type="radio" name={`quiz-answer-${row.id}`} checked={chosen.length === 0} disabled={locked} onChange={() => onChange("")} />
          <span>{t("editor.quiz.noAnswer")}</span>
        </label>
      ) : null}
      {row.options.map((o) => (
        <label key={o.value} className="editor-check">
          {single ? (
            <input type="radio" name={`quiz-answer-${row.id}`} value={o.value} checked={chosen[0] === o.value} disabled={locked} onChange={() => onChange(o.value)} />
          ) : (
            <input type="checkbox" value={o.value} checked={chosen.includes(o.value)} disabled={locked} onChange={(e) => toggle(o.value, e.target.checked)} />
          )}
          <span>{label(o)}</span>
        </label>
      ))}
    </div>
  );
}
