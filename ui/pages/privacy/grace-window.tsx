// The window that changes the grace period staff have to set up two-step
// verification (/security/config/save, issue 31 item 1): a number of days,
// counted from when the requirement began, and the deadline it gives, said as
// it is typed. The browser asks only for a whole number; the bounds are the
// server's, said in the hint and, when it refuses, under the field
// (ERROR_PARAMS { field: "graceDays", min, max }).
import { api } from "../../api";
import { type FieldErrors, FormDialog, useFormDialog } from "../../components/form-dialog";
import { showMessage } from "../../components/message-box";
import { useT } from "../../i18n";
import { formatChinaDate, formatChinaDateTime } from "../../lib/china-time";
import type { Limits } from "./keep-window";

const DAY_MS = 86_400_000;
type Field = "days";
const FIELDS: readonly Field[] = ["days"];
type Form = { days: string };

const whole = (text: string) => /^\d{1,6}$/.test(text.trim());

function validate(f: Form): FieldErrors<Field> {
  return whole(f.days) ? {} : { days: "privacy.factor.window.errors.whole" };
}

export function GraceWindow({ graceDays, since, limits, onClose, onSaved }: { graceDays: number; since: string; limits: Limits; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const editor = useFormDialog({
    id: "grace",
    fields: FIELDS,
    initial: (): Form => ({ days: String(graceDays) }),
    validate,
    send: (f) => api.call("/security/config/save", { graceDays: Number.parseInt(f.days.trim(), 10) }),
    accepted: () => {
      onSaved();
      void showMessage(t("privacy.factor.window.saved"));
    },
    // The grace's bounds, refused at the field with the bounds the server named.
    refused: (message) => (message.code === "ERROR_PARAMS" && message.params?.field === "graceDays" ? { field: "days", error: "privacy.factor.window.errors.range" } : null),
    errorParams: () => ({ min: limits.min, max: limits.max }),
  });
  const { form, update, error } = editor;
  // The deadline the days typed give, counted from when the requirement began.
  const deadline = whole(form.days) ? Date.parse(since) + Number.parseInt(form.days.trim(), 10) * DAY_MS : null;
  return (
    <FormDialog editor={editor} title={t("privacy.factor.window.title")} saveLabel={t("privacy.factor.window.save")} saveTestId="grace-save" onClose={onClose} width={520} className="keep-form grace-form" testId="grace-form">
      <div className="field">
        <label htmlFor="grace-days">{t("privacy.factor.window.days")}</label>
        <input
          id="grace-days"
          className={editor.inputClass("days", "input keep-days")}
          inputMode="numeric"
          autoComplete="off"
          value={form.days}
          {...editor.described("days", "grace-days-hint")}
          onChange={(e) => update({ days: e.target.value })}
        />
        <p className="field-hint" id="grace-days-hint">
          {t("privacy.factor.window.hint", { ...limits, since: formatChinaDate(since) })}
        </p>
        {error("days")}
      </div>
      {deadline !== null && !Number.isNaN(deadline) ? (
        <p className="grace-deadline" data-testid="grace-deadline" aria-live="polite">
          {t(deadline <= Date.now() ? "privacy.factor.window.deadlinePassed" : "privacy.factor.window.deadline", { date: formatChinaDateTime(deadline) })}
        </p>
      ) : null}
      <p className="keep-warning">{t("privacy.factor.window.warning")}</p>
    </FormDialog>
  );
}
