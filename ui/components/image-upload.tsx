// Image uploads of the editors (spec 2 sections 5 and 9): a cover goes to
// /file/upload/image (10,000,000 bytes), an image inside rich text to
// /upload/image (2 MB); png or jpeg only, one file at a time. The browser
// checks size and type first, with the spec's messages; the server decides
// again from the bytes. `CoverField` is the cover picker with its preview.
import { useId, useRef } from "react";
import { isSuccess } from "../../src/protocol/result";
import { api } from "../api";
import { resultText, t, useT } from "../i18n";
import { showMessage } from "./message-box";

export const IMAGE_UPLOADS = {
  cover: { path: "/file/upload/image", maxBytes: 10_000_000, tooLarge: "upload.tooLarge" },
  rich: { path: "/upload/image", maxBytes: 2 * 1024 * 1024, tooLarge: "upload.tooLargeRich" },
} as const;

export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/jpg"];
export const IMAGE_ACCEPT = IMAGE_TYPES.join(",");

/** Uploads one image; its address, or null once the member has been told why not. */
export async function uploadImage(kind: keyof typeof IMAGE_UPLOADS, file: File): Promise<string | null> {
  const rule = IMAGE_UPLOADS[kind];
  if (!IMAGE_TYPES.includes(file.type)) {
    await showMessage(t("upload.wrongType"));
    return null;
  }
  if (file.size > rule.maxBytes) {
    await showMessage(t(rule.tooLarge));
    return null;
  }
  const answer = await api.upload(rule.path, file, file.name);
  if (isSuccess(answer) && answer.path) return answer.path;
  const reason = answer.message?.code === "ERROR_PARAMS" ? answer.message.params?.reason : undefined;
  await showMessage(reason === "type" ? t("upload.wrongType") : reason === "size" ? t(rule.tooLarge) : resultText(t, answer.message));
  return null;
}

export type CoverFieldProps = {
  /** The cover's address, or null. */
  value: string | null;
  onChange: (path: string | null) => void;
  label: string;
  hint?: string;
  alt: string;
  error?: string;
  testId?: string;
};

/** A cover image: its preview, upload or replace, and remove. */
export function CoverField({ value, onChange, label, hint, alt, error, testId }: CoverFieldProps) {
  const tr = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const choose = async (files: FileList | null) => {
    const file = files?.[0];
    if (input.current) input.current.value = "";
    if (!file) return;
    const path = await uploadImage("cover", file);
    if (path) onChange(path);
  };
  return (
    <div className="cover-field" data-testid={testId}>
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      <div className="cover-field-body">
        <div className="cover-field-preview">{value ? <img src={value} alt={alt} /> : <span>{tr("upload.none")}</span>}</div>
        <div className="cover-field-actions">
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept={IMAGE_ACCEPT}
            className="visually-hidden"
            aria-labelledby={`${id}-label ${id}-choose`}
            aria-describedby={hint ? `${id}-hint` : undefined}
            tabIndex={-1}
            onChange={(event) => void choose(event.target.files)}
          />
          <button type="button" id={`${id}-choose`} className="button button-quiet" aria-describedby={hint ? `${id}-hint` : undefined} onClick={() => input.current?.click()}>
            {tr(value ? "upload.replace" : "upload.choose")}
          </button>
          {value ? (
            <button type="button" className="button button-quiet" onClick={() => onChange(null)}>
              {tr("upload.remove")}
            </button>
          ) : null}
          {hint ? (
            <p className="cover-field-hint" id={`${id}-hint`}>
              {hint}
            </p>
          ) : null}
        </div>
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
