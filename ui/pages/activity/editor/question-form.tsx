// Add or edit a question of a bank (spec 3 sections 3 and 5 "Question"):
// type, required, bilingual title, description and hint, the pattern with its
// quick-match presets, who sees it, the parent question, the show condition,
// the picture, and a choice's options (./question-options.tsx), saved at once
// with /activity/stock/query/update. The browser checks first; a field the
// server refuses is shown under it.
import { useRef } from "react";
import { useSnapshot } from "valtio";
import type { AnswerOf } from "../../../../src/domains/api";
import { PROPERTY_TYPE } from "../../../../src/protocol/enumerations";
import { unescapeAngles } from "../../../../src/protocol/identity";
import { MATCH_PRESETS, presetOf } from "../../../../src/protocol/match-presets";
import { isSuccess } from "../../../../src/protocol/result";
import { api } from "../../../api";
import { FormDialog, useFormDialog } from "../../../components/form-dialog";
import { CoverField } from "../../../components/image-upload";
import { showMessage } from "../../../components/message-box";
import { type Params, pick, resultText, useT } from "../../../i18n";
import { session } from "../../../state/session";
import { useLoaded } from "../../../lib/use-loaded";
import { useTypeName } from "../../centre/order-detail-window";
import { QuestionOptions } from "./question-options";
import { type BankQuestion, CHOICES, type EditedQuestion, FIELDS, type Field, formOf, isChoiceType, type OptionProblem, payloadOf, type QuestionFormState, refusalOf, validate } from "./question-model";

type Parents = AnswerOf<"/activity/stock/query/parents">["list"];
const TYPES = Object.values(PROPERTY_TYPE);

type Props = {
  bankId: number;
  /** null: a new question. */
  question: BankQuestion | null;
  /** The bank's questions: those a show condition may name. */
  questions: readonly BankQuestion[];
  onClose: () => void;
  onSaved: () => void;
};

/** Reads the question as it is now, and the bank's possible parents, then opens the form. */
export function QuestionForm(props: Props) {
  const t = useT();
  const ready = useLoaded(async (alive) => {
    const [one, parents] = await Promise.all([props.question ? api.call("/activity/stock/query", { id: props.question.id }) : null, api.call("/activity/stock/query/parents", { stock: props.bankId })]);
    const failed = [one, parents].find((a) => a && !isSuccess(a));
    if (!failed) return { question: (one?.query as EditedQuestion | undefined) ?? null, parents: parents.list ?? [] };
    if (alive()) {
      await showMessage(failed.message?.code === "ERROR_RESULT_NULL" ? t("editor.banks.bankMissing") : resultText(t, failed.message));
      props.onSaved();
    }
    return false;
  }, []);
  return ready ? <QuestionFormBody {...props} question={ready.question} parents={ready.parents.filter((p) => p.id !== props.question?.id)} /> : null;
}

function QuestionFormBody({ bankId, question, questions, parents, onClose, onSaved }: Omit<Props, "question"> & { question: EditedQuestion | null; parents: Parents }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const typeName = useTypeName();
  const problem = useRef<OptionProblem | null>(null);
  const editor = useFormDialog<QuestionFormState, Field>({
    id: "question",
    fields: FIELDS,
    initial: () => formOf(question),
    validate: (form) => validate(form, problem),
    // A new parent: the options follow none of its options yet.
    adjust: (next, patch) => ("parent" in patch ? { ...next, options: next.options.map((o) => ({ ...o, parent: "" })) } : next),
    send: (form) => api.call("/activity/stock/query/update", payloadOf(bankId, question?.id ?? null, form)),
    accepted: async () => {
      await showMessage(t(question ? "editor.banks.saved" : "editor.banks.added"));
      onSaved();
    },
    refused: (message) => {
      const field = refusalOf(message, problem);
      if (field) return field;
      const reason = message.params?.reason;
      if (message.code === "ERROR_DATA_USED")
        return { text: t(reason === "held" ? "editor.banks.optionHeld" : reason === "dependent" ? "editor.banks.optionFollowed" : "editor.banks.questionLocked") };
      return message.code === "ERROR_RESULT_NULL" || message.params?.field === "stock" ? { text: t("editor.banks.bankMissing") } : null;
    },
    errorParams: (field): Params => (field === "options" && problem.current ? { n: problem.current.index + 1, used: problem.current.used ?? 0 } : {}),
    focusSelector: (field) => (field === "options" && problem.current ? `#question-option-${problem.current.index}-${problem.current.part === "duplicate" ? "value" : problem.current.part === "stockUsed" ? "stock" : problem.current.part}` : `#question-${field}, [data-field=${field}]`),
  });
  const { form, update, error, described, inputClass } = editor;
  const choice = isChoiceType(form.type);
  const input = (field: "titleZh" | "titleEn" | "descZh" | "descEn" | "dialogZh" | "dialogEn", long = false) => (
    <div className="field">
      <label htmlFor={`question-${field}`}>{t(`editor.question.${field}`)}</label>
      {long ? (
        <textarea id={`question-${field}`} className={inputClass(field)} rows={2} maxLength={1100} value={form[field]} {...described(field)} onChange={(e) => update({ [field]: e.target.value })} />
      ) : (
        <input id={`question-${field}`} className={inputClass(field)} maxLength={520} value={form[field]} {...described(field)} onChange={(e) => update({ [field]: e.target.value })} />
      )}
      {error(field)}
    </div>
  );
  const label = (q: { titleZh: string; titleEn: string }) => unescapeAngles(pick(language, q.titleZh, q.titleEn)) || t("editor.banks.imageOnly");
  const reason = questions.find((q) => String(q.id) === form.showReasonQuery);
  const preset = presetOf(form.match.trim());
  const parentOptions = form.parent ? (parents.find((p) => String(p.id) === form.parent)?.options ?? []) : null;

  return (
    <FormDialog editor={editor} title={t(question ? "editor.question.editTitle" : "editor.question.newTitle")} saveLabel={t("editor.question.save")} onClose={onClose} width={780} className="bank-form question-form" testId="question-form">
      <div className="bank-form-row">
        <div className="field">
          <label htmlFor="question-type">{t("editor.question.type")}</label>
          <select id="question-type" className={inputClass("type")} value={form.type} data-autofocus {...described("type")} onChange={(e) => update({ type: e.target.value })}>
            <option value="">{t("editor.question.chooseType")}</option>
            {TYPES.map((id) => (
              <option key={id} value={String(id)}>
                {typeName(id)}
              </option>
            ))}
          </select>
          {error("type")}
        </div>
        <div className="field bank-check-field">
          <label className="bank-check">
            <input type="checkbox" checked={form.isMust} onChange={(e) => update({ isMust: e.target.checked })} data-testid="question-isMust" />
            <span>{t("editor.question.isMust")}</span>
          </label>
        </div>
      </div>
      <div className="bank-form-row">
        {input("titleZh")}
        {input("titleEn")}
      </div>
      <div className="bank-form-row">
        {input("descZh", true)}
        {input("descEn", true)}
      </div>
      <div className="bank-form-row">
        {input("dialogZh", true)}
        {input("dialogEn", true)}
      </div>
      {!choice && form.type ? (
        <div className="bank-form-row">
          <div className="field">
            <label htmlFor="question-preset">{t("editor.question.preset")}</label>
            <select id="question-preset" className="input" value={form.match.trim() ? (preset?.id ?? "custom") : ""} onChange={(e) => update({ match: MATCH_PRESETS.find((p) => p.id === e.target.value)?.pattern ?? (e.target.value === "custom" ? form.match : "") })}>
              <option value="">{t("editor.question.presetNone")}</option>
              {MATCH_PRESETS.map((p) => (
                <option key={p.id} value={p.id}>
                  {t(`editor.question.presets.${p.id}`)}
                </option>
              ))}
              <option value="custom">{t("editor.question.presetCustom")}</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor="question-match">{t("editor.question.match")}</label>
            <input id="question-match" className={`${inputClass("match")} mono`} maxLength={300} value={form.match} spellCheck={false} {...described("match")} onChange={(e) => update({ match: e.target.value })} />
            {error("match")}
          </div>
        </div>
      ) : null}
      <fieldset className="bank-checks" id="question-isForeignerOnly" tabIndex={-1}>
        <legend>{t("editor.question.nationality")}</legend>
        <label className="bank-check">
          <input type="checkbox" checked={form.isChineseOnly} onChange={(e) => update({ isChineseOnly: e.target.checked })} />
          <span>{t("editor.question.chineseOnly")}</span>
        </label>
        <label className="bank-check">
          <input type="checkbox" checked={form.isForeignerOnly} {...described("isForeignerOnly")} onChange={(e) => update({ isForeignerOnly: e.target.checked })} />
          <span>{t("editor.question.foreignerOnly")}</span>
        </label>
        {error("isForeignerOnly")}
      </fieldset>
      {choice ? (
        <div className="field">
          <label htmlFor="question-parent">{t("editor.question.parent")}</label>
          <select id="question-parent" className={inputClass("parent")} value={form.parent} {...described("parent", "question-parent-hint")} onChange={(e) => update({ parent: e.target.value })}>
            <option value="">{t("editor.question.noParent")}</option>
            {parents.map((p) => (
              <option key={p.id} value={String(p.id)}>
                {label(p)}
              </option>
            ))}
          </select>
          <p className="field-hint" id="question-parent-hint">
            {t("editor.question.parentHint")}
          </p>
          {error("parent")}
        </div>
      ) : null}
      <div className="bank-form-row">
        <div className="field">
          <label htmlFor="question-showReasonQuery">{t("editor.question.showReason")}</label>
          <select
            id="question-showReasonQuery"
            className={inputClass("showReasonQuery")}
            value={form.showReasonQuery}
            {...described("showReasonQuery", "question-showReason-hint")}
            onChange={(e) => update({ showReasonQuery: e.target.value, showReasonValue: "" })}
          >
            <option value="">{t("editor.question.alwaysShown")}</option>
            {questions
              .filter((q) => q.id !== question?.id)
              .map((q) => (
                <option key={q.id} value={String(q.id)}>
                  {label(q)}
                </option>
              ))}
          </select>
          <p className="field-hint" id="question-showReason-hint">
            {t("editor.question.showReasonHint")}
          </p>
          {error("showReasonQuery")}
        </div>
        {reason ? (
          <div className="field">
            <label htmlFor="question-showReasonValue">{t("editor.question.showReasonValue")}</label>
            {CHOICES.has(reason.type.id) ? (
              <select id="question-showReasonValue" className={inputClass("showReasonValue")} value={form.showReasonValue} {...described("showReasonValue")} onChange={(e) => update({ showReasonValue: e.target.value })}>
                <option value="">{t("editor.question.chooseValue")}</option>
                {reason.options.map((o) => (
                  <option key={o.id} value={unescapeAngles(o.value)}>
                    {unescapeAngles(pick(language, o.textZh, o.textEn)) || unescapeAngles(o.value)}
                  </option>
                ))}
              </select>
            ) : (
              <input id="question-showReasonValue" className={inputClass("showReasonValue")} maxLength={110} value={form.showReasonValue} {...described("showReasonValue")} onChange={(e) => update({ showReasonValue: e.target.value })} />
            )}
            {error("showReasonValue")}
          </div>
        ) : null}
      </div>
      <div className="field question-image-field" id="question-image">
        <CoverField
          label={t("editor.question.image")}
          hint={t("editor.question.imageHint")}
          alt={t("editor.question.image")}
          value={form.image}
          error={editor.errors.image ? t(editor.errors.image) : undefined}
          testId="question-image"
          onChange={(image) => update({ image })}
        />
      </div>
      {choice ? (
        <QuestionOptions
          options={form.options}
          onChange={(options) => update({ options })}
          parentOptions={parentOptions}
          problem={editor.errors.options ? problem.current : null}
          error={error("options")}
        />
      ) : null}
    </FormDialog>
  );
}
