// A choice question's options in its form (spec 3 sections 3 and 5
// "Option"): Chinese and English text (either may be replaced by a picture),
// value, limit (never below what is taken), closing time, the parent
// question's option it follows, picture; moved up and down, added, removed.
import type { ReactNode } from "react";
import { useSnapshot } from "valtio";
import { unescapeAngles } from "../../../../src/protocol/identity";
import { CoverField } from "../../../components/image-upload";
import { DatePicker } from "../../../components/date-picker";
import { pick, useT } from "../../../i18n";
import { session } from "../../../state/session";
import { blankOption, type OptionForm, type OptionProblem } from "./question-model";

export type ParentOption = { id: number; value: string; textZh: string; textEn: string };

type Props = {
  options: OptionForm[];
  onChange: (options: OptionForm[]) => void;
  /** The parent question's options, when the question has a parent. */
  parentOptions: readonly ParentOption[] | null;
  /** The option in error and its part, when the options field is in error. */
  problem: OptionProblem | null;
  error: ReactNode;
};

export function QuestionOptions({ options, onChange, parentOptions, problem, error }: Props) {
  const t = useT();
  const { language } = useSnapshot(session);
  const set = (index: number, patch: Partial<OptionForm>) => onChange(options.map((o, i) => (i === index ? { ...o, ...patch } : o)));
  const move = (index: number, by: number) => {
    const next = [...options];
    const [o] = next.splice(index, 1);
    next.splice(index + by, 0, o!);
    onChange(next);
  };
  // The part of an option that is in error, for aria-invalid and the focus.
  const wrong = (index: number, ...parts: string[]) => (problem && problem.index === index && parts.includes(problem.part) ? true : undefined);
  const described = (index: number, ...parts: string[]) => (wrong(index, ...parts) ? { "aria-invalid": true as const, "aria-describedby": "question-options-error" } : {});

  return (
    <fieldset className="question-options" data-field="options" tabIndex={-1}>
      <legend>{t("editor.question.optionsTitle")}</legend>
      {error}
      <ol className="question-option-list">
        {options.map((o, index) => {
          const id = (part: string) => `question-option-${index}-${part}`;
          const n = index + 1;
          return (
            <li key={o.key} className="question-option" data-testid="question-option">
              <div className="question-option-head">
                <span className="question-option-name">{t("editor.question.optionN", { n })}</span>
                {o.used > 0 ? <span className="muted">{t("editor.question.optionUsed", { used: o.used })}</span> : null}
                <span className="row-actions">
                  <button type="button" className="link-button" disabled={index === 0} onClick={() => move(index, -1)} aria-label={`${t("editor.question.moveUp")} ${n}`}>
                    {t("editor.question.moveUp")}
                  </button>
                  <button type="button" className="link-button" disabled={index === options.length - 1} onClick={() => move(index, 1)} aria-label={`${t("editor.question.moveDown")} ${n}`}>
                    {t("editor.question.moveDown")}
                  </button>
                  <button type="button" className="link-button link-danger" onClick={() => onChange(options.filter((_, i) => i !== index))} aria-label={`${t("editor.question.removeOption")} ${n}`}>
                    {t("editor.question.removeOption")}
                  </button>
                </span>
              </div>
              <div className="bank-form-row">
                <div className="field">
                  <label htmlFor={id("textZh")}>{t("editor.question.optionTextZh")}</label>
                  <input id={id("textZh")} className="input" maxLength={220} value={o.textZh} {...described(index, "textZh")} onChange={(e) => set(index, { textZh: e.target.value })} />
                </div>
                <div className="field">
                  <label htmlFor={id("textEn")}>{t("editor.question.optionTextEn")}</label>
                  <input id={id("textEn")} className="input" maxLength={220} value={o.textEn} {...described(index, "textEn")} onChange={(e) => set(index, { textEn: e.target.value })} />
                </div>
              </div>
              <div className="bank-form-row bank-form-row-3">
                <div className="field">
                  <label htmlFor={id("value")}>{t("editor.question.optionValue")}</label>
                  <input id={id("value")} className="input" maxLength={110} value={o.value} {...described(index, "value", "duplicate")} onChange={(e) => set(index, { value: e.target.value })} />
                </div>
                <div className="field">
                  <label htmlFor={id("stock")}>{t("editor.question.optionStock")}</label>
                  <input
                    id={id("stock")}
                    className="input"
                    inputMode="numeric"
                    maxLength={9}
                    placeholder={t("editor.question.optionStockHint")}
                    value={o.stock}
                    {...described(index, "stock", "stockUsed")}
                    onChange={(e) => set(index, { stock: e.target.value })}
                  />
                </div>
                <div className="field">
                  <label htmlFor={id("endDate")}>{t("editor.question.optionEnd")}</label>
                  <DatePicker id={id("endDate")} mode="datetime" value={o.endDate} invalid={!!wrong(index, "endDate")} onChange={(endDate) => set(index, { endDate })} />
                </div>
              </div>
              {parentOptions ? (
                <div className="field">
                  <label htmlFor={id("parent")}>{t("editor.question.optionParent")}</label>
                  <select id={id("parent")} className="input" value={o.parent} {...described(index, "parent")} onChange={(e) => set(index, { parent: e.target.value })}>
                    <option value="">{t("editor.question.chooseValue")}</option>
                    {parentOptions.map((p) => (
                      <option key={p.id} value={String(p.id)}>
                        {unescapeAngles(pick(language, p.textZh, p.textEn)) || unescapeAngles(p.value)}
                      </option>
                    ))}
                  </select>
                </div>
              ) : null}
              <div className="field question-option-image" id={id("image")}>
                <CoverField label={t("editor.question.optionImage")} alt={t("editor.question.optionN", { n })} value={o.image} testId="option-image" onChange={(image) => set(index, { image })} />
              </div>
            </li>
          );
        })}
      </ol>
      <button type="button" className="button button-quiet" onClick={() => onChange([...options, blankOption()])} data-testid="option-add">
        {t("editor.question.addOption")}
      </button>
    </fieldset>
  );
}
