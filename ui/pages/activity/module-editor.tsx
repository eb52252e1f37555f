// The module editor (spec 2 sections 2 and 5): Chinese and English names,
// the year (one ahead to four back), the model, the icon (173x173), and the
// home carousel with its online and offline times and image (900x500). The
// browser checks the spec's rules in its order before sending; the server
// checks them again and names the field it refuses.
import type { AnswerOf } from "../../../src/domains/api";
import { cleanText } from "../../../src/protocol/identity";
import { isSuccess } from "../../../src/protocol/result";
import { MODULE_MODEL } from "../../../src/protocol/enumerations";
import { api } from "../../api";
import { DatePicker } from "../../components/date-picker";
import { type FieldErrors, FormDialog, refusedField, useFormDialog } from "../../components/form-dialog";
import { CoverField } from "../../components/image-upload";
import { showMessage } from "../../components/message-box";
import { type TextKey, useT } from "../../i18n";
import { chinaYear, formatChinaDateTime, parseChinaDateTime } from "../../lib/china-time";
import { useLoaded, useLoader } from "../../lib/use-loaded";
import { type ConditionProperty, ModuleConditions, type Reason } from "./module-conditions";

export type EditedModule = NonNullable<AnswerOf<"/activity/module/info">["module"]>;

type Field = "nameZh" | "nameEn" | "year" | "face" | "model" | "showStart" | "showEnd" | "titleFace";
// In the order they are on the screen (the model sits beside the year), so the first error gets the focus.
const FIELDS: Field[] = ["nameZh", "nameEn", "year", "model", "face", "showStart", "showEnd", "titleFace"];
type Errors = FieldErrors<Field>;

type Form = {
  nameZh: string;
  nameEn: string;
  year: string;
  model: string;
  face: string | null;
  isTitle: boolean;
  /** yyyy-MM-dd HH:mm in China time, as the date picker has it. */
  showStart: string;
  showEnd: string;
  titleFace: string | null;
};

const NAME_MAX = 50;
const AHEAD = 1;
const BACK = 4;

/** The years offered: one ahead to four back, and a module's own year when it is older. */
export function yearChoices(thisYear: number, own?: number): number[] {
  const years = Array.from({ length: AHEAD + BACK + 1 }, (_, i) => thisYear + AHEAD - i);
  if (own !== undefined && !years.includes(own)) years.push(own);
  return years;
}

function validate(form: Form): Errors {
  const errors: Errors = {};
  const name = (value: string, field: "nameZh" | "nameEn") => {
    const clean = value.trim();
    if (!clean) errors[field] = `modules.errors.${field}`;
    else if (cleanText(clean).length > NAME_MAX) errors[field] = "modules.errors.nameLong";
  };
  name(form.nameZh, "nameZh");
  name(form.nameEn, "nameEn");
  if (!form.year) errors.year = "modules.errors.year";
  if (!form.face) errors.face = "modules.errors.face";
  if (!form.model) errors.model = "modules.errors.model";
  if (form.isTitle) {
    const start = parseChinaDateTime(form.showStart);
    const end = parseChinaDateTime(form.showEnd);
    if (start === null) errors.showStart = "modules.errors.showStart";
    if (!end) errors.showEnd = "modules.errors.showEnd";
    else if (start && end <= start) errors.showEnd = "modules.errors.showEndOrder";
    if (!form.titleFace) errors.titleFace = "modules.errors.titleFace";
  }
  return errors;
}

const formOf = (module: EditedModule | null, year: number): Form => ({
  nameZh: module?.nameZh ?? "",
  nameEn: module?.nameEn ?? "",
  year: String(module?.year ?? year),
  model: module ? String(module.model.id) : "",
  face: module?.face ?? null,
  isTitle: module?.isTitle ?? false,
  showStart: module?.showStart ? formatChinaDateTime(module.showStart) : "",
  showEnd: module?.showEnd ? formatChinaDateTime(module.showEnd) : "",
  titleFace: module?.titleFace ?? null,
});

/** The message the server's refusal of a field means. */
const serverError = (field: Field, code: string): TextKey =>
  code === "ERROR_MODULE_NOT_EMPTY" ? "modules.errors.modelLocked" : field === "showEnd" ? "modules.errors.showEndOrder" : `modules.errors.${field}`;

export type ModuleEditorProps = {
  /** null: a new module. */
  module: EditedModule | null;
  /** A new module's year (the year group its tile is in). */
  year: number;
  onClose: () => void;
  /** After '提交完成' was read. */
  onSaved: () => void;
};

export function ModuleEditor({ module, year, onClose, onSaved }: ModuleEditorProps) {
  const t = useT();
  // A module's year is China's (spec 2), whatever the editor's own zone.
  const years = yearChoices(chinaYear(), module?.year);
  const properties: readonly ConditionProperty[] = useLoaded(() => api.call("/user/properties").then((answer) => (isSuccess(answer) && answer.list) || false), []) || [];
  // The module's conditions once read (a new module has none); until then they are left out of the save, and so kept.
  const loadedReasons = useLoader(
    async () => {
      if (!module) return [];
      const answer = await api.call("/activity/module/info", { id: module.id });
      return isSuccess(answer) && (answer.reasons ?? []).map(({ type, property, compareMode, value }): Reason => ({ type, property, compareMode, value }));
    },
    [module?.id],
  );
  const reasons = loadedReasons.value || null;

  const editor = useFormDialog({
    id: "module",
    fields: FIELDS,
    initial: () => formOf(module, year),
    validate,
    // Spec 2 section 5: without an online time the carousel goes online at once, and the editor is told so.
    before: async (form) => {
      if (form.isTitle && !form.showStart.trim()) await showMessage(t("modules.noStart"));
    },
    send: (form) =>
      api.call("/activity/module/update", {
        module: {
          ...(module ? { id: module.id } : {}),
          nameZh: cleanText(form.nameZh),
          nameEn: cleanText(form.nameEn),
          year: Number(form.year),
          model: { id: Number(form.model) },
          face: form.face,
          isTitle: form.isTitle,
          showStart: form.isTitle ? parseChinaDateTime(form.showStart) || null : null,
          showEnd: form.isTitle ? parseChinaDateTime(form.showEnd) || null : null,
          titleFace: form.titleFace,
        },
        ...(reasons ? { reasons } : {}),
      }),
    accepted: async () => {
      await showMessage(t("modules.saved"));
      onSaved();
    },
    refused: (message) => {
      const field = refusedField(message, FIELDS);
      if (field) return { field, error: serverError(field, message.code) };
      return message.code === "ERROR_RESULT_NULL" ? { text: t("modules.moduleGone") } : null;
    },
  });
  const { form, errors, update, error, described } = editor;
  const text = (field: "nameZh" | "nameEn") => ({
    id: `module-${field}`,
    className: editor.inputClass(field),
    value: form[field],
    maxLength: 60,
    ...described(field),
    onChange: (event: { target: { value: string } }) => update({ [field]: event.target.value }),
  });

  return (
    <FormDialog editor={editor} title={t(module ? "modules.editModule" : "modules.newModule")} saveLabel={t("modules.submit")} onClose={onClose} width={640} className="module-form">
      <div className="module-form-row">
        <div className="field">
          <label htmlFor="module-nameZh">{t("modules.nameZh")}</label>
          <input {...text("nameZh")} data-autofocus />
          {error("nameZh")}
        </div>
        <div className="field">
          <label htmlFor="module-nameEn">{t("modules.nameEn")}</label>
          <input {...text("nameEn")} />
          {error("nameEn")}
        </div>
      </div>
      <div className="module-form-row">
        <div className="field">
          <label htmlFor="module-year">{t("modules.year")}</label>
          <select
            id="module-year"
            className={editor.inputClass("year")}
            value={form.year}
            {...described("year")}
            onChange={(event) => update({ year: event.target.value })}
          >
            <option value="">{t("modules.chooseYear")}</option>
            {years.map((y) => (
              <option key={y} value={String(y)}>
                {t("modules.yearOption", { year: y })}
              </option>
            ))}
          </select>
          {error("year")}
        </div>
        <div className="field">
          <label htmlFor="module-model">{t("modules.model")}</label>
          <select
            id="module-model"
            className={editor.inputClass("model")}
            value={form.model}
            {...described("model")}
            onChange={(event) => update({ model: event.target.value })}
          >
            <option value="">{t("modules.chooseModel")}</option>
            <option value={String(MODULE_MODEL.MODULE_MODEL_ACTIVITY)}>{t("modules.models.activity")}</option>
            <option value={String(MODULE_MODEL.MODULE_MODEL_MARKET)}>{t("modules.models.market")}</option>
          </select>
          {error("model")}
        </div>
      </div>
      <div className="field module-image-field module-icon-field" id="module-face">
        <CoverField
          label={t("modules.face")}
          hint={t("modules.faceHint")}
          alt={t("modules.face")}
          value={form.face}
          error={errors.face ? t(errors.face) : undefined}
          testId="module-face"
          onChange={(face) => update({ face })}
        />
      </div>
      <div className="field module-switch-field">
        <label className="module-switch" htmlFor="module-isTitle">
          <input id="module-isTitle" type="checkbox" role="switch" checked={form.isTitle} aria-describedby="module-isTitle-hint" onChange={(event) => update({ isTitle: event.target.checked })} />
          <span>{t("modules.isTitle")}</span>
        </label>
        <p className="field-hint" id="module-isTitle-hint">
          {t("modules.isTitleHint")}
        </p>
      </div>
      {form.isTitle ? (
        <div className="module-carousel">
          <div className="module-form-row">
            <div className="field">
              <label htmlFor="module-showStart">{t("modules.showStart")}</label>
              <DatePicker
                id="module-showStart"
                mode="datetime"
                value={form.showStart}
                invalid={!!errors.showStart}
                describedBy={described("showStart")["aria-describedby"]}
                onChange={(showStart) => update({ showStart })}
              />
              {error("showStart")}
            </div>
            <div className="field">
              <label htmlFor="module-showEnd">{t("modules.showEnd")}</label>
              <DatePicker
                id="module-showEnd"
                mode="datetime"
                value={form.showEnd}
                invalid={!!errors.showEnd}
                describedBy={described("showEnd")["aria-describedby"]}
                onChange={(showEnd) => update({ showEnd })}
              />
              {error("showEnd")}
            </div>
          </div>
          <div className="field module-image-field" id="module-titleFace">
            <CoverField
              label={t("modules.titleFace")}
              hint={t("modules.titleFaceHint")}
              alt={t("modules.titleFace")}
              value={form.titleFace}
              error={errors.titleFace ? t(errors.titleFace) : undefined}
              testId="module-titleFace"
              onChange={(titleFace) => update({ titleFace })}
            />
          </div>
        </div>
      ) : null}
      {reasons ? <ModuleConditions reasons={reasons} properties={properties} onChange={loadedReasons.set} /> : null}
    </FormDialog>
  );
}
