// The window that publishes a new version of the privacy notice
// (/privacy/notice/publish, issue 31 item 4): the Chinese and the English
// text, prefilled with the version in force, plain text in paragraphs. A
// blank text is refused at its field by the browser and by the server
// (ERROR_PARAMS { field: "textZh" | "textEn" }); another officer publishing
// at the same moment (ERROR_DATA_USED) is said in a message.
import { api } from "../../api";
import { type FieldErrors, FormDialog, useFormDialog } from "../../components/form-dialog";
import { showMessage } from "../../components/message-box";
import { isOneOf, useT } from "../../i18n";

/** The server's bound of each text (src/domains/privacy/notice.ts NOTICE_MAX). */
const NOTICE_MAX = 20_000;
type Field = "textZh" | "textEn";
const FIELDS: readonly Field[] = ["textZh", "textEn"];
type Form = Record<Field, string>;

function validate(f: Form): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const field of FIELDS) if (!f[field].trim()) errors[field] = "privacy.notice.window.errors.blank";
  return errors;
}

export function PublishWindow({ textZh, textEn, onClose, onPublished }: { textZh: string; textEn: string; onClose: () => void; onPublished: () => void }) {
  const t = useT();
  const editor = useFormDialog({
    id: "notice",
    fields: FIELDS,
    initial: (): Form => ({ textZh, textEn }),
    validate,
    send: (f) => api.call("/privacy/notice/publish", { textZh: f.textZh, textEn: f.textEn }),
    accepted: (answer) => {
      onPublished();
      void showMessage(t("privacy.notice.window.published", { version: answer.version ?? "" }));
    },
    // A blank text refused at its field; a schema refusal (too long) falls to the form's own reading of it.
    refused: (message) => {
      const field = message.params?.field;
      if (message.code === "ERROR_DATA_USED") return { text: t("privacy.notice.window.conflict") };
      if (message.code === "ERROR_PARAMS" && isOneOf(FIELDS, field) && message.params?.reason === undefined) return { field, error: "privacy.notice.window.errors.blank" };
      return null;
    },
  });
  const { form, update, error } = editor;
  const textarea = (field: Field, lang: string) => (
    <div className="field">
      <label htmlFor={`notice-${field}`}>{t(`privacy.notice.window.${field}`)}</label>
      <textarea
        id={`notice-${field}`}
        className={editor.inputClass(field, "input textarea notice-textarea")}
        lang={lang}
        rows={9}
        maxLength={NOTICE_MAX}
        value={form[field]}
        {...editor.described(field, `notice-${field}-hint`)}
        onChange={(e) => update({ [field]: e.target.value })}
      />
      <p className="field-hint" id={`notice-${field}-hint`}>
        {t("privacy.notice.window.hint", { max: NOTICE_MAX })}
      </p>
      {error(field)}
    </div>
  );
  return (
    <FormDialog editor={editor} title={t("privacy.notice.window.title")} saveLabel={t("privacy.notice.window.save")} saveTestId="notice-save" onClose={onClose} width={720} className="notice-form" testId="notice-form">
      <p className="privacy-intro notice-form-intro">{t("privacy.notice.window.intro")}</p>
      {textarea("textZh", "zh-CN")}
      {textarea("textEn", "en")}
      <p className="keep-warning" data-testid="notice-warning">
        {t("privacy.notice.window.warning")}
      </p>
    </FormDialog>
  );
}
