// The news and notice editor (spec 2 "News and notices", section 5): both
// titles, the cover and the top pin for news only, both rich texts (Quill,
// loaded with the dialog), save. Titles are required; the server trims and
// escapes them, cleans the rich text and answers a refused field by name.
import { type FormEvent, useRef, useState } from "react";
import { unescapeAngles } from "../../../src/protocol/identity";
import { NEWS_TITLE_MAX } from "../../../src/protocol/limits";
import { isSuccess } from "../../../src/protocol/result";
import { NEWS_TYPE } from "../../../src/protocol/enumerations";
import { api } from "../../api";
import { Dialog, FormFooter } from "../../components/dialog";
import { CoverField } from "../../components/image-upload";
import { showMessage } from "../../components/message-box";
import { RichTextEditor } from "../../components/rich-text";
import { resultText, useT } from "../../i18n";

type Field = "nameZh" | "nameEn" | "face" | "contentZh" | "contentEn";
const FIELDS: Field[] = ["nameZh", "nameEn", "face", "contentZh", "contentEn"];

/** What the editor starts from: an item as /news/info answers it, or nothing for a new one. */
export type EditedNews = { id: number; nameZh: string; nameEn: string; face: string | null; isTop: boolean; contentZh: string; contentEn: string };

type Form = { nameZh: string; nameEn: string; face: string | null; isTop: boolean; contentZh: string; contentEn: string };
type Errors = Partial<Record<Field, string>>;

export const kindOf = (type: number) => (type === NEWS_TYPE.NEWS_TYPE_NEWS ? "news" : "notice");

function validate(form: Form): Errors {
  const errors: Errors = {};
  if (!form.nameZh.trim()) errors.nameZh = "news.errors.nameZh";
  if (!form.nameEn.trim()) errors.nameEn = "news.errors.nameEn";
  return errors;
}

/** A refusal's text for its field: required, too long, or not valid. */
function serverError(field: Field, params: Record<string, unknown>): string {
  if ((field === "nameZh" || field === "nameEn") && typeof params.max === "number") return `news.errors.${field}Long`;
  return `news.errors.${field}`;
}

export function NewsEditorDialog({ type, item, onClose, onSaved }: { type: number; item: EditedNews | null; onClose: () => void; onSaved: (id: number) => void }) {
  const t = useT();
  const kind = kindOf(type);
  const isNews = kind === "news";
  const [form, setForm] = useState<Form>(() => ({
    nameZh: item ? unescapeAngles(item.nameZh) : "",
    nameEn: item ? unescapeAngles(item.nameEn) : "",
    face: item?.face ?? null,
    isTop: item?.isTop ?? false,
    contentZh: item?.contentZh ?? "",
    contentEn: item?.contentEn ?? "",
  }));
  const [errors, setErrors] = useState<Errors>({});
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const root = useRef<HTMLFormElement>(null);

  const update = (patch: Partial<Form>) => {
    const next = { ...form, ...patch };
    setForm(next);
    if (tried) setErrors((old) => ({ ...old, nameZh: undefined, nameEn: undefined, ...validate(next) }));
  };

  const focusFirst = (found: Errors) => {
    const first = FIELDS.find((f) => found[f]);
    if (first) root.current?.querySelector<HTMLElement>(`[data-field=${first}]`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setTried(true);
    const found = validate(form);
    setErrors(found);
    if (Object.keys(found).length) return focusFirst(found);
    setBusy(true);
    const answer = await api
      .call("/news/update", {
        ...(item ? { id: item.id } : {}),
        type,
        nameZh: form.nameZh.trim(),
        nameEn: form.nameEn.trim(),
        contentZh: form.contentZh,
        contentEn: form.contentEn,
        ...(isNews ? { face: form.face, isTop: form.isTop } : {}),
      })
      .finally(() => setBusy(false));
    if (isSuccess(answer) && answer.id) {
      await showMessage(t("news.submitted"));
      return onSaved(answer.id);
    }
    const params = answer.message?.params ?? {};
    const field = answer.message?.code === "ERROR_PARAMS" && FIELDS.includes(params.field as Field) ? (params.field as Field) : null;
    if (field) {
      const next = { ...found, [field]: serverError(field, params) };
      setErrors(next);
      return focusFirst(next);
    }
    await showMessage(resultText(t, answer.message));
  };

  const error = (field: Field) =>
    errors[field] ? (
      <p className="field-error" id={`news-${field}-error`} role="alert">
        {t(errors[field]!, { max: NEWS_TITLE_MAX })}
      </p>
    ) : null;

  const title = (field: "nameZh" | "nameEn") => (
    <div className="field">
      <label htmlFor={`news-${field}`}>{t(`news.editor.${field}`)}</label>
      <input
        id={`news-${field}`}
        data-field={field}
        className={`input${errors[field] ? " input-invalid" : ""}`}
        value={form[field]}
        maxLength={NEWS_TITLE_MAX}
        autoComplete="off"
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `news-${field}-error` : undefined}
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
    <Dialog
      title={t(item ? `news.editor.editTitle.${kind}` : `news.editor.createTitle.${kind}`)}
      onClose={onClose}
      width={860}
      footer={<FormFooter formId="news-form" saveLabel={t("news.editor.save")} busy={busy} onCancel={onClose} />}
    >
      <form id="news-form" ref={root} className="news-form" onSubmit={submit} noValidate data-testid="news-editor">
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
      </form>
    </Dialog>
  );
}
