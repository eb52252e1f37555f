// The privacy page's settings counted in days, in one window: how long a
// departed member's personal data is kept (/privacy/config/save, where it may
// also be kept indefinitely) and the grace staff have to set up two-step
// verification (/security/config/save, with the deadline the days give, said
// as they are typed). The browser asks only for a whole number; the bounds are
// the server's, said in the hint and, when it refuses, under the field
// (ERROR_PARAMS { field, min, max }).
import type { ReactNode } from "react";
import type { Answer } from "../../../src/protocol/result";
import { type FieldErrors, FormDialog, useFormDialog } from "../../components/form-dialog";
import { showMessage } from "../../components/message-box";
import { type Params, useT } from "../../i18n";

export type Limits = { min: number; max: number };

type Field = "days";
const FIELDS: readonly Field[] = ["days"];
type Form = { keep: "days" | "forever"; days: string };

const wholeDays = (f: Form): number | null => (f.keep === "days" && /^\d{1,6}$/.test(f.days.trim()) ? Number.parseInt(f.days.trim(), 10) : null);

export type DaysSetting = {
  /** Names the window and its elements: #keep-days, keep-save, keep-form. */
  id: "keep" | "grace";
  /** Where the window's texts are. */
  texts: "privacy.window" | "privacy.factor.window";
  /** The days now; null is kept indefinitely (only where `forever` is offered). */
  days: number | null;
  forever?: boolean;
  /** The field the server names when it refuses the days. */
  serverField: "keepDays" | "graceDays";
  limits: Limits;
  hint?: Params;
  save: (days: number | null) => Promise<Answer<{}>>;
  /** What the days as typed give, under the field. */
  below?: (days: number | null) => ReactNode;
};

export function DaysWindow({ setting, onClose, onSaved }: { setting: DaysSetting; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const { id, texts, limits } = setting;
  const editor = useFormDialog({
    id,
    fields: FIELDS,
    initial: (): Form => ({ keep: setting.days === null ? "forever" : "days", days: setting.days === null ? "" : String(setting.days) }),
    validate: (f): FieldErrors<Field> => (f.keep === "days" && wholeDays(f) === null ? { days: `${texts}.errors.whole` } : {}),
    send: (f) => setting.save(f.keep === "forever" ? null : wholeDays(f)),
    accepted: () => {
      onSaved();
      void showMessage(t(`${texts}.saved`));
    },
    // The bounds, refused at the field with the bounds the server named.
    refused: (message) => (message.code === "ERROR_PARAMS" && message.params?.field === setting.serverField ? { field: "days", error: `${texts}.errors.range` } : null),
    errorParams: () => ({ min: limits.min, max: limits.max }),
  });
  const { form, update, error } = editor;
  return (
    <FormDialog editor={editor} title={t(`${texts}.title`)} saveLabel={t(`${texts}.save`)} saveTestId={`${id}-save`} onClose={onClose} width={520} className={`keep-form ${id}-form`} testId={`${id}-form`}>
      {setting.forever ? (
        <fieldset className="field keep-choice">
          <legend>{t("privacy.window.keep")}</legend>
          <div className="choice-row keep-options">
            {(["days", "forever"] as const).map((choice) => (
              <label key={choice} className="choice">
                <input type="radio" name={`${id}-keep`} value={choice} checked={form.keep === choice} onChange={() => update({ keep: choice })} data-testid={`${id}-${choice}`} />
                {t(choice === "days" ? "privacy.window.keepDays" : "privacy.window.keepForever")}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {form.keep === "days" ? (
        <div className="field">
          <label htmlFor={`${id}-days`}>{t(`${texts}.days`)}</label>
          <input
            id={`${id}-days`}
            className={editor.inputClass("days", "input keep-days")}
            inputMode="numeric"
            autoComplete="off"
            value={form.days}
            {...editor.described("days", `${id}-days-hint`)}
            onChange={(e) => update({ days: e.target.value })}
          />
          <p className="field-hint" id={`${id}-days-hint`}>
            {t(`${texts}.hint`, { ...limits, ...setting.hint })}
          </p>
          {error("days")}
        </div>
      ) : null}
      {setting.below?.(wholeDays(form))}
      <p className="keep-warning">{t(form.keep === "days" ? `${texts}.warning` : "privacy.foreverNote")}</p>
    </FormDialog>
  );
}
