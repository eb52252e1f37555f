// The news and notice editor (spec 2 "News and notices", section 5): both
// titles, the cover and the top pin for news only, both rich texts (Quill,
// loaded with the dialog), save. Titles are required; the server trims and
// escapes them, cleans the rich text and answers a refused field by name.
import { unescapeAngles } from "../../../src/protocol/identity";
import { NEWS_TITLE_MAX } from "../../../src/protocol/limits";
import { NEWS_TYPE } from "../../../src/protocol/enumerations";
import { api } from "../../api";
import { type FieldErrors, FormDialog, refusedField, useFormDialog } from "../../components/form-dialog";
import { CoverField } from "../../components/image-upload";
import { showMessage } from "../../components/message-box";
import { RichTextEditor } from "../../components/rich-text";
import { type TextKey, resultText, useT } from "../../i18n";

type Field = "nameZh" | "nameEn" | "face" | "contentZh" | "contentEn";
const FIELDS: Field[] = ["nameZh", "nameEn", "face", "contentZh", "contentEn"];

/** What the editor starts from: an item as /news/info answers it, or nothing for a new one. */
export type EditedNews = { id: number; nameZh: string; nameEn: string; face: string | null; isTop: boolean; contentZh: string; contentEn: string };

type Form = { nameZh: string; nameEn: string; face: string | null; isTop: boolean; contentZh: string; contentEn: string };
type Errors = FieldErrors<Field>;

export const kindOf = (type: number) => (type === NEWS_TYPE.NEWS_TYPE_NEWS ? "news" : "notice");

function validate(form: Form): Errors {
  const errors: Errors = {};
  if (!form.nameZh.trim()) errors.nameZh = "news.errors.nameZh";
  if (!form.nameEn.trim()) errors.nameEn = "news.errors.nameEn";
  return errors;
}

/** A refusal's text for its field: required, too long, or not valid. */
function serverError(field: Field, params: Record<string, unknown>): TextKey {
  if ((field === "nameZh" || field === "nameEn") && typeof params.max === "number") return `news.errors.${field}Long`;
  return `news.errors.${field}`;
}

export function NewsEditorDialog({ type, item, onClose, onSaved }: { type: number; item: EditedNews | null; onClose: () => void; onSaved: (id: number) => void }) {
  const t = useT();
  const kind = kindOf(type);
  const isNews = kind === "news";
  const editor = useFormDialog({
    id: "news",
    fields: FIELDS,
    initial: (): Form => ({
      nameZh: item ? unescapeAngles(item.nameZh) : "",
      nameEn: item ? unescapeAngles(item.nameEn) : "",
      face: item?.face ?? null,
      isTop: item?.isTop ?? false,
      contentZh: item?.contentZh ?? "",
      contentEn: item?.contentEn ?? "",
    }),
    validate,
    // Only the titles are checked here: the server's refusal of a cover or a text stays until the next save.
    recheck: (old, found) => ({ ...old, nameZh: undefined, nameEn: undefined, ...found }),
    errorParams: () => ({ max: NEWS_TITLE_MAX }),
    focusSelector: (field) => `[data-field=${field}]`,
    send: (form) =>
      api.call("/news/update", {
        ...(item ? { id: item.id } : {}),
        type,
        nameZh: form.nameZh.trim(),
        nameEn: form.nameEn.trim(),
        contentZh: form.contentZh,
        contentEn: form.contentEn,
        ...(isNews ? { face: form.face, isTop: form.isTop } : {}),
      }),
    accepted: async (answer) => {
      if (!answer.id) return showMessage(resultText(t, answer.message));
      await showMessage(t("news.submitted"));
      onSaved(answer.id);
    },
    refused: (message) => {
      const field = message.code === "ERROR_PARAMS" ? refusedField(message, FIELDS) : null;
      return field ? { field, error: serverError(field, message.params ?? {}) } : null;
    },
  });
  const { form, errors, update, error } = editor;

  const title = (field: "nameZh" | "nameEn") => (
    <div className="field">
      <label htmlFor={`news-${field}`}>{t(`news.editor.${field}`)}</label>
      <input
        id={`news-${field}`}
        data-field={field}
        className={editor.inputClass(field)}
        value={form[field]}
        maxLength={NEWS_TITLE_MAX}
        autoComplete="off"
        {...editor.described(field)}
        data-autofocus={field === "nameZh" ? true : undefined}
        onChange={(event) => update({ [field]: event.target.value })}
      />
      {error(field)}
    </div>
  );

  const content = (field: "contentZh" | "contentEn") => (
    <div className="field news-editor-content" data-field={field} tabIndex={-1}>
      <span className="field-label" id={`news-${field}-label`}>
        {t(`news.editor.${field}`)}
      </span>
      <RichTextEditor
        value={form[field]}
        onChange={(html) => update({ [field]: html })}
        labelledBy={`news-${field}-label`}
        invalid={!!errors[field]}
        describedBy={errors[field] ? `news-${field}-error` : undefined}
        testId={`news-${field}`}
      />
      {error(field)}
    </div>
  );

  return (
    <FormDialog
      editor={editor}
      title={t(item ? `news.editor.editTitle.${kind}` : `news.editor.createTitle.${kind}`)}
      saveLabel={t("news.editor.save")}
      onClose={onClose}
      width={860}
      className="news-form"
      testId="news-editor"
    >
      <div className="news-form-row">
        {title("nameZh")}
        {title("nameEn")}
      </div>
      {isNews ? (
        <div className="news-form-row news-form-cover" data-field="face" tabIndex={-1}>
          <CoverField
            value={form.face}
            onChange={(face) => update({ face })}
            label={t("news.editor.face")}
            hint={t("news.editor.faceHint")}
            alt={t("news.editor.faceAlt")}
            error={errors.face ? t(errors.face) : undefined}
            testId="news-face"
          />
          <label className="news-pin">
            <input type="checkbox" checked={form.isTop} onChange={(event) => update({ isTop: event.target.checked })} data-testid="news-isTop" />
            <span>{t("news.editor.isTop")}</span>
          </label>
        </div>
      ) : null}
      {content("contentZh")}
      {content("contentEn")}
    </FormDialog>
  );
}
