// The window that changes how long a departed member's personal data is kept
// (/privacy/config/save): a number of days, or kept indefinitely. The browser
// asks only for a whole number; the bounds are the server's, said in the hint
// and, when it refuses, under the field (ERROR_PARAMS { field: "keepDays", min, max }).
import { api } from "../../api";
import { type FieldErrors, FormDialog, useFormDialog } from "../../components/form-dialog";
import { showMessage } from "../../components/message-box";
import { useT } from "../../i18n";

export type Limits = { min: number; max: number };
type Field = "days";
const FIELDS: readonly Field[] = ["days"];
type Form = { keep: "days" | "forever"; days: string };

function validate(f: Form): FieldErrors<Field> {
  return f.keep === "days" && !/^\d{1,6}$/.test(f.days.trim()) ? { days: "privacy.window.errors.whole" } : {};
}

export function KeepWindow({ keepDays, limits, onClose, onSaved }: { keepDays: number | null; limits: Limits; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const editor = useFormDialog({
    id: "keep",
    fields: FIELDS,
    initial: (): Form => ({ keep: keepDays === null ? "forever" : "days", days: keepDays === null ? "" : String(keepDays) }),
    validate,
    send: (f) => api.call("/privacy/config/save", { keepDays: f.keep === "forever" ? null : Number.parseInt(f.days.trim(), 10) }),
    accepted: () => {
      onSaved();
      void showMessage(t("privacy.window.saved"));
    },
    // The keep's bounds, refused at the field with the bounds the server named.
    refused: (message) => (message.code === "ERROR_PARAMS" && message.params?.field === "keepDays" ? { field: "days", error: "privacy.window.errors.range" } : null),
    errorParams: () => ({ min: limits.min, max: limits.max }),
  });
  const { form, update, error } = editor;
  return (
    <FormDialog editor={editor} title={t("privacy.window.title")} saveLabel={t("privacy.window.save")} saveTestId="keep-save" onClose={onClose} width={520} className="keep-form" testId="keep-form">
      <fieldset className="field keep-choice">
        <legend>{t("privacy.window.keep")}</legend>
        <div className="choice-row keep-options">
          {(["days", "forever"] as const).map((choice) => (
            <label key={choice} className="choice">
              <input type="radio" name="keep-keep" value={choice} checked={form.keep === choice} onChange={() => update({ keep: choice })} data-testid={`keep-${choice}`} />
              {t(choice === "days" ? "privacy.window.keepDays" : "privacy.window.keepForever")}
            </label>
          ))}
        </div>
      </fieldset>
      {form.keep === "days" ? (
        <div className="field">
          <label htmlFor="keep-days">{t("privacy.window.days")}</label>
          <input
            id="keep-days"
            className={editor.inputClass("days", "input keep-days")}
            inputMode="numeric"
            autoComplete="off"
            value={form.days}
            {...editor.described("days", "keep-days-hint")}
            onChange={(e) => update({ days: e.target.value })}
          />
          <p className="field-hint" id="keep-days-hint">
            {t("privacy.window.hint", limits)}
          </p>
          {error("days")}
        </div>
      ) : null}
      <p className="keep-warning">{t(form.keep === "days" ? "privacy.window.warning" : "privacy.foreverNote")}</p>
    </FormDialog>
  );
}
