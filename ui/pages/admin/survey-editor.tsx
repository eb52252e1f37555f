// The survey editor (issue 32 item 4, decision 141): a survey or a vote, its
// titles and introduction in both languages, named or anonymous, its opening
// and closing times (China time), its audience by the activity conditions'
// rules (the conditions manager of the module and activity editors), and its
// questions: single and multiple choice with their choices, text, a rating
// with its top score; added, moved and removed. The browser checks first
// (./survey-model.ts); a field the server refuses is shown at that field, a
// question's at that question. Once the survey is open what members answered
// is shown read-only, with why.
import { type ReactNode, useRef } from "react";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { DatePicker } from "../../components/date-picker";
import { Dialog } from "../../components/dialog";
import { FormDialog, useFormDialog } from "../../components/form-dialog";
import { showMessage } from "../../components/message-box";
import { resultText, useT } from "../../i18n";
import { formatChinaDateTime } from "../../lib/china-time";
import { useLoaded } from "../../lib/use-loaded";
import { type ConditionProperty, ModuleConditions } from "../activity/module-conditions";
import {
  type EditedSurvey,
  type Field,
  FIELDS,
  type Problems,
  QUESTION_KINDS,
  type QuestionDraft,
  type QuestionKind,
  SCALES,
  SURVEY_KINDS,
  type SurveyForm,
  blankOption,
  blankQuestion,
  errorParams,
  fixedOf,
  focusOf,
  formOf,
  isChoice,
  OPTIONS_MAX,
  payloadOf,
  QUESTIONS_MAX,
  refusalOf,
  validate,
} from "./survey-model";

type Props = {
  /** null: a new survey. */
  id: number | null;
  onClose: () => void;
  onSaved: () => void;
};

/** Reads the survey (an existing one) and the profile properties the audience is chosen by, then opens the form. */
export function SurveyEditor({ id, onClose, onSaved }: Props) {
  const t = useT();
  const ready = useLoaded(
    async (alive) => {
      const [info, properties] = await Promise.all([id ? api.call("/survey/admin/info", { id }) : null, api.call("/user/properties")]);
      const failed = [info, properties].find((a) => a && !isSuccess(a));
      if (!failed) return { edited: (info as EditedSurvey | null) ?? null, properties: (properties.list ?? []) as ConditionProperty[] };
      if (alive()) {
        await showMessage(resultText(t, failed.message));
        onClose();
      }
      return false;
    },
    [id],
  );
  if (!ready)
    return ready === null ? (
      <Dialog title={t(id ? "surveysAdmin.editor.editTitle" : "surveysAdmin.editor.newTitle")} onClose={onClose}>
        <p role="status">{t("surveysAdmin.editor.loading")}</p>
      </Dialog>
    ) : null;
  return <SurveyEditorForm edited={ready.edited} properties={ready.properties} onClose={onClose} onSaved={onSaved} />;
}

function SurveyEditorForm({ edited, properties, onClose, onSaved }: { edited: EditedSurvey | null; properties: readonly ConditionProperty[]; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const state = edited?.survey.state ?? null;
  const fixed = fixedOf(state);
  const problems = useRef<Problems>({ questions: null, audience: null });
  const editor = useFormDialog<SurveyForm, Field, { id: number }>({
    id: "survey",
    fields: FIELDS,
    initial: () => formOf(edited),
    validate: (form) => validate(form, state, problems.current),
    send: (form) => api.call("/survey/admin/save", payloadOf(edited?.survey.id ?? null, form)),
    accepted: async () => {
      await showMessage(t("surveysAdmin.editor.saved"));
      onSaved();
    },
    refused: (message) => {
      const refusal = refusalOf(message, problems.current);
      if (refusal) return refusal;
      return message.code === "ERROR_RESULT_NULL" ? { text: t("surveysAdmin.view.missing") } : null;
    },
    errorParams: (field) => errorParams(field, problems.current),
    focusSelector: (field) => focusOf(field, problems.current),
  });
  const { form, errors, update, error, described, inputClass } = editor;
  const problem = errors.questions ? problems.current.questions : null;
  const atQuestion = problem && "index" in problem ? problem.index : null;

  const setQuestion = (index: number, patch: Partial<QuestionDraft>) => update({ questions: form.questions.map((q, i) => (i === index ? { ...q, ...patch } : q)) });
  const moveQuestion = (index: number, by: number) => {
    const next = [...form.questions];
    const [q] = next.splice(index, 1);
    next.splice(index + by, 0, q!);
    update({ questions: next });
  };
  const changeKind = (index: number, kind: QuestionKind) => {
    const q = form.questions[index]!;
    // A choice needs two choices to start from; those typed before stay when the kind changes back and forth.
    const options = isChoice(kind) && q.options.length < 2 ? [...q.options, ...Array.from({ length: 2 - q.options.length }, blankOption)] : q.options;
    setQuestion(index, { kind, options });
  };

  const text = (field: "titleZh" | "titleEn", max: number) => (
    <div className="field">
      <label htmlFor={`survey-${field}`}>{t(`surveysAdmin.editor.${field}`)}</label>
      <input id={`survey-${field}`} className={inputClass(field)} maxLength={max + 20} value={form[field]} {...described(field)} onChange={(e) => update({ [field]: e.target.value })} data-autofocus={field === "titleZh" || undefined} />
      {error(field)}
    </div>
  );
  const intro = (field: "introZh" | "introEn") => (
    <div className="field">
      <label htmlFor={`survey-${field}`}>{t(`surveysAdmin.editor.${field}`)}</label>
      <textarea id={`survey-${field}`} className={inputClass(field, "input textarea")} rows={3} maxLength={2100} value={form[field]} {...described(field)} onChange={(e) => update({ [field]: e.target.value })} />
      {error(field)}
    </div>
  );
  const when = (field: "opensAt" | "closesAt", locked: boolean) => (
    <div className="field">
      <label htmlFor={`survey-${field}`}>{t(`surveysAdmin.editor.${field}`)}</label>
      <DatePicker
        id={`survey-${field}`}
        mode="datetime"
        value={form[field]}
        readOnly={locked}
        invalid={!!errors[field]}
        describedBy={described(field, locked ? "survey-fixed-note" : undefined)["aria-describedby"]}
        onChange={(value) => update({ [field]: value })}
      />
      {error(field)}
    </div>
  );
  /** Two or more choices of one field, as radio buttons: the kind, named or anonymous. */
  const choices = <V extends string>(field: "kind" | "anonymous", values: readonly V[], chosen: V, label: (v: V) => string, pick: (v: V) => void, hint: string) => (
    <fieldset className="staff-survey-choice" id={`survey-${field}`} tabIndex={-1} aria-describedby={described(field, `survey-${field}-hint${fixed.open ? " survey-fixed-note" : ""}`)["aria-describedby"]}>
      <legend className="field-label">{t(field === "kind" ? "surveysAdmin.editor.kind" : "surveysAdmin.editor.anonymity")}</legend>
      <div className="choice-row">
        {values.map((v) => (
          <label key={v} className={`choice${fixed.open ? " staff-survey-choice-off" : ""}`}>
            <input type="radio" name={`survey-${field}`} value={v} checked={chosen === v} disabled={fixed.open} onChange={() => pick(v)} data-testid={`survey-${field}-${v}`} />
            {label(v)}
          </label>
        ))}
      </div>
      <p className="field-hint" id={`survey-${field}-hint`}>
        {hint}
      </p>
      {error(field)}
    </fieldset>
  );

  const fixedNote = fixed.closed
    ? t("surveysAdmin.editor.closedNote", { time: formatChinaDateTime(edited!.survey.closesAt) })
    : fixed.open
      ? t("surveysAdmin.editor.openNote", { time: formatChinaDateTime(edited!.survey.opensAt) })
      : null;

  return (
    <FormDialog
      editor={editor}
      title={t(edited ? "surveysAdmin.editor.editTitle" : "surveysAdmin.editor.newTitle")}
      saveLabel={t("surveysAdmin.editor.save")}
      onClose={onClose}
      width={880}
      className="staff-survey-form"
      testId="survey-editor"
      saveTestId="survey-save"
    >
      {fixedNote ? (
        <p className="staff-survey-fixed-note" id="survey-fixed-note" data-testid="survey-fixed">
          {fixedNote}
        </p>
      ) : null}
      {choices(
        "kind",
        SURVEY_KINDS,
        form.kind,
        (k) => t(`surveysAdmin.kinds.${k}`),
        (kind) => update({ kind }),
        t("surveysAdmin.editor.kindHint"),
      )}
      <div className="staff-survey-row">
        {text("titleZh", 100)}
        {text("titleEn", 100)}
      </div>
      <div className="staff-survey-row">
        {intro("introZh")}
        {intro("introEn")}
      </div>
      {choices(
        "anonymous",
        ["anonymous", "named"] as const,
        form.anonymous ? "anonymous" : "named",
        (v) => t(`surveysAdmin.anonymities.${v}`),
        (v) => update({ anonymous: v === "anonymous" }),
        t(form.anonymous ? "surveysAdmin.editor.anonymousHint" : "surveysAdmin.editor.namedHint"),
      )}
      <div className="staff-survey-row">
        {when("opensAt", fixed.open)}
        {when("closesAt", fixed.closed)}
      </div>
      <div className="staff-survey-audience" id="survey-audience" data-field="audience" tabIndex={-1} aria-describedby={described("audience")["aria-describedby"]}>
        <ModuleConditions
          reasons={form.audience}
          properties={properties}
          onChange={(audience) => update({ audience })}
          idPrefix="survey-condition"
          title={t("surveysAdmin.editor.audience")}
          hint={t("surveysAdmin.editor.audienceHint")}
          none={t("surveysAdmin.editor.audienceNone")}
          readOnly={fixed.open}
        />
        {error("audience")}
      </div>
      <fieldset className="staff-survey-questions" id="survey-questions" data-field="questions" tabIndex={-1}>
        <legend>{t("surveysAdmin.editor.questions")}</legend>
        <p className="field-hint">{t("surveysAdmin.editor.questionsHint")}</p>
        {atQuestion === null ? error("questions") : null}
        <ol className="staff-survey-question-list">
          {form.questions.map((q, index) => (
            <QuestionCard
              key={q.key}
              question={q}
              index={index}
              count={form.questions.length}
              locked={fixed.open}
              problem={atQuestion === index ? problem : null}
              error={atQuestion === index ? error("questions") : null}
              onChange={(patch) => setQuestion(index, patch)}
              onKind={(kind) => changeKind(index, kind)}
              onMove={(by) => moveQuestion(index, by)}
              onRemove={() => update({ questions: form.questions.filter((_, i) => i !== index) })}
            />
          ))}
        </ol>
        {fixed.open || form.questions.length >= QUESTIONS_MAX ? null : (
          <button type="button" className="button button-quiet staff-survey-add" onClick={() => update({ questions: [...form.questions, blankQuestion()] })} data-testid="survey-question-add">
            {t("surveysAdmin.editor.addQuestion")}
          </button>
        )}
      </fieldset>
    </FormDialog>
  );
}

type CardProps = {
  question: QuestionDraft;
  index: number;
  count: number;
  locked: boolean;
  problem: Problems["questions"];
  error: ReactNode;
  onChange: (patch: Partial<QuestionDraft>) => void;
  onKind: (kind: QuestionKind) => void;
  onMove: (by: number) => void;
  onRemove: () => void;
};

/** One question: its kind, whether it must be answered, its texts, and its choices or top score. */
function QuestionCard({ question: q, index, count, locked, problem, error, onChange, onKind, onMove, onRemove }: CardProps) {
  const t = useT();
  const n = index + 1;
  const id = (part: string) => `survey-q${index}-${part}`;
  // The part of this question in error, for aria-invalid and the description.
  const wrong = (part: string, option?: number) =>
    problem && problem.part === part && (option === undefined || ("option" in problem && problem.option === option)) ? { "aria-invalid": true as const, "aria-describedby": "survey-questions-error" } : {};
  const setOption = (at: number, patch: { textZh?: string; textEn?: string }) => onChange({ options: q.options.map((o, i) => (i === at ? { ...o, ...patch } : o)) });
  const title = (part: "titleZh" | "titleEn") => (
    <div className="field">
      <label htmlFor={id(part)}>{t(part === "titleZh" ? "surveysAdmin.editor.questionTitleZh" : "surveysAdmin.editor.questionTitleEn")}</label>
      <input id={id(part)} className={`input${wrong(part)["aria-invalid"] ? " input-invalid" : ""}`} maxLength={320} value={q[part]} disabled={locked} {...wrong(part)} onChange={(e) => onChange({ [part]: e.target.value })} />
    </div>
  );

  return (
    <li className="staff-survey-question" data-testid="survey-question" aria-labelledby={id("name")}>
      <div className="staff-survey-question-head">
        <h3 className="staff-survey-question-name" id={id("name")}>
          {t("surveysAdmin.editor.questionN", { n })}
        </h3>
        {locked ? null : (
          <span className="row-actions">
            <button type="button" className="link-button" disabled={index === 0} onClick={() => onMove(-1)} aria-label={t("surveysAdmin.editor.moveUpN", { n })} data-testid="survey-question-up">
              {t("surveysAdmin.editor.moveUp")}
            </button>
            <button type="button" className="link-button" disabled={index === count - 1} onClick={() => onMove(1)} aria-label={t("surveysAdmin.editor.moveDownN", { n })} data-testid="survey-question-down">
              {t("surveysAdmin.editor.moveDown")}
            </button>
            <button type="button" className="link-button link-danger" onClick={onRemove} aria-label={t("surveysAdmin.editor.removeN", { n })} data-testid="survey-question-remove">
              {t("surveysAdmin.editor.remove")}
            </button>
          </span>
        )}
      </div>
      <div className="staff-survey-row staff-survey-question-kind">
        <div className="field">
          <label htmlFor={id("kind")}>{t("surveysAdmin.editor.questionKind")}</label>
          <select id={id("kind")} className="input" value={q.kind} disabled={locked} onChange={(e) => onKind(e.target.value as QuestionKind)}>
            {QUESTION_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`surveysAdmin.editor.questionKinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
        {q.kind === "rating" ? (
          <div className="field">
            <label htmlFor={id("scale")}>{t("surveysAdmin.editor.scale")}</label>
            <select id={id("scale")} className="input" value={String(q.scale)} disabled={locked} onChange={(e) => onChange({ scale: Number(e.target.value) })}>
              {SCALES.map((s) => (
                <option key={s} value={String(s)}>
                  {t("surveysAdmin.editor.scaleOption", { n: s })}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <label className="staff-survey-check">
          <input type="checkbox" id={id("required")} checked={q.required} disabled={locked} onChange={(e) => onChange({ required: e.target.checked })} />
          <span>{t("surveysAdmin.editor.required")}</span>
        </label>
      </div>
      <div className="staff-survey-row">
        {title("titleZh")}
        {title("titleEn")}
      </div>
      {isChoice(q.kind) ? (
        <fieldset className="staff-survey-options" id={id("options")} tabIndex={-1} aria-describedby={wrong("options")["aria-describedby"]}>
          <legend className="field-label">{t("surveysAdmin.editor.options")}</legend>
          <ol className="staff-survey-option-list">
            {q.options.map((o, at) => {
              const m = at + 1;
              const part = (lang: "textZh" | "textEn") => `survey-q${index}-option${at}-${lang}`;
              const invalid = wrong("option", at);
              return (
                <li key={o.key} className="staff-survey-option" data-testid="survey-option">
                  <div className="field">
                    <label htmlFor={part("textZh")}>{t("surveysAdmin.editor.optionZh", { n: m })}</label>
                    <input id={part("textZh")} className={`input${invalid["aria-invalid"] ? " input-invalid" : ""}`} maxLength={220} value={o.textZh} disabled={locked} {...invalid} onChange={(e) => setOption(at, { textZh: e.target.value })} />
                  </div>
                  <div className="field">
                    <label htmlFor={part("textEn")}>{t("surveysAdmin.editor.optionEn", { n: m })}</label>
                    <input id={part("textEn")} className={`input${invalid["aria-invalid"] ? " input-invalid" : ""}`} maxLength={220} value={o.textEn} disabled={locked} {...invalid} onChange={(e) => setOption(at, { textEn: e.target.value })} />
                  </div>
                  {locked ? null : (
                    <button type="button" className="link-button link-danger staff-survey-option-remove" onClick={() => onChange({ options: q.options.filter((_, i) => i !== at) })} aria-label={t("surveysAdmin.editor.removeOption", { n: m })}>
                      {t("surveysAdmin.editor.remove")}
                    </button>
                  )}
                </li>
              );
            })}
          </ol>
          {locked || q.options.length >= OPTIONS_MAX ? null : (
            <button type="button" className="button button-quiet staff-survey-add" onClick={() => onChange({ options: [...q.options, blankOption()] })} data-testid="survey-option-add">
              {t("surveysAdmin.editor.addOption")}
            </button>
          )}
        </fieldset>
      ) : null}
      {error}
    </li>
  );
}
