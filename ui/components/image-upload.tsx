// An image field of an editor (a module's icon, a carousel image, a cover):
// the picture as it is, and a button that sends a new one to
// /file/upload/image. The spec's limits are checked before sending (spec 2
// section 5: 10 MB, png or jpeg); the server checks them again from the bytes.
// Its styles are in the module tools' area sheet (pages/activity/modules.css).
import { type ChangeEvent, useState } from "react";
import { isSuccess } from "../../src/protocol/result";
import { api } from "../api";
import { resultText, useT } from "../i18n";
import { showMessage } from "./message-box";

/** Spec 2 section 9: image upload 10,000,000 bytes. */
export const IMAGE_MAX_BYTES = 10_000_000;
const IMAGE_TYPES = ["image/png", "image/jpeg", "image/jpg"];

export type ImageUploadProps = {
  /** The file input's id, for its label. */
  id: string;
  value: string | null;
  onChange: (path: string) => void;
  /** The picture's shape on screen: the suggested size's ratio. */
  ratio: "square" | "wide";
  invalid?: boolean;
  describedBy?: string;
};

export function ImageUpload({ id, value, onChange, ratio, invalid, describedBy }: ImageUploadProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    // The same file may be chosen again after a refusal.
    input.value = "";
    if (!file) return;
    if (file.size > IMAGE_MAX_BYTES) return showMessage(t("upload.tooLarge"));
    if (!IMAGE_TYPES.includes(file.type)) return showMessage(t("upload.badType"));
    setBusy(true);
    const answer = await api.upload("/file/upload/image", file, file.name).finally(() => setBusy(false));
    if (isSuccess(answer) && answer.path) return onChange(answer.path);
    const code = answer.message?.code;
    await showMessage(code === "ERROR_PARAMS" ? t("upload.badType") : code === "ERROR_SERVER" ? t("upload.failed") : resultText(t, answer.message));
  };

  return (
    <div className={`image-upload image-upload-${ratio}${invalid ? " image-upload-invalid" : ""}`}>
      <span className="image-upload-preview">{value ? <img src={value} alt={t("upload.preview")} /> : <span className="image-upload-none">{t("upload.none")}</span>}</span>
      <span className="image-upload-action">
        <input
          id={id}
          className="visually-hidden image-upload-input"
          type="file"
          accept="image/png,image/jpeg"
          disabled={busy}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => void choose(event)}
        />
        <label htmlFor={id} className="button button-quiet image-upload-button">
          {t(value ? "upload.replace" : "upload.choose")}
        </label>
      </span>
    </div>
  );
}
