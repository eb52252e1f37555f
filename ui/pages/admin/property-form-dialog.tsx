// The property form (spec 3 section 5 "Property form"): names, hints,
// explanations, type and purpose (a purpose other than "other" fixes the
// input type and is held by one property), position, pattern with the quick
// presets, the flags, whether staff see its values masked (issue 31 item 4),
// parent and condition property with its value, and the options in their own
// dialog (./property-options-dialog.tsx).
import { useState } from "react";
import { useSnapshot } from "valtio";
import { PROPERTY_PURPOSE as PP, PROPERTY_TYPE as PT } from "../../../src/protocol/enumerations";
import { unescapeAngles } from "../../../src/protocol/identity";
import { MATCH_PRESETS, presetOf } from "../../../src/protocol/match-presets";
import { api } from "../../api";
import { type FieldErrors, FormDialog, schemaRefusal, useFormDialog } from "../../components/form-dialog";
import { showMessage } from "../../components/message-box";
import { type TextKey, dataKey, isOneOf, pick, resultText, useT } from "../../i18n";
import { session } from "../../state/session";
import { type OptionDraft, PropertyOptionsDialog } from "./property-options-dialog";
import type { AdminProperty } from "./property-types";

export type { AdminProperty };
type Field = "titleZh" | "titleEn" | "type" | "purpose" | "index" | "match" | "parent" | "reasonValue" | "options";
const FIELDS: Field[] = ["titleZh", "titleEn", "type", "purpose", "index", "match", "parent", "reasonValue", "options"];
const CHOICES = new Set<number>([PT.PROPERTY_TYPE_SELECT, PT.PROPERTY_TYPE_RADIO, PT.PROPERTY_TYPE_CHECKBOX]);
const FLAGS = ["isShow", "isMust", "isReadonly", "isActive", "isChineseOnly", "isForeignerOnly"] as const;
/** The purposes whose property may be verified only at activation (spec 3 section 3: phone or e-mail). */
const isContact = (purpose: number | null) => purpose === PP.PROPERTY_PURPOSE_PHONE || purpose === PP.PROPERTY_PURPOSE_MAIL;

type Form = {
  titleZh: string; titleEn: string; descZh: string; descEn: string; dialogZh: string; dialogEn: string;
  type: number | null; purpose: number | null; index: string; match: string;
  isShow: boolean; isMust: boolean; isReadonly: boolean; isActive: boolean; isChineseOnly: boolean; isForeignerOnly: boolean; isPrivate: boolean; isApplication: boolean;
  parent: number | null; reasonProperty: number | null; reasonValue: string; options: OptionDraft[];
};

const plain = (s: string | null | undefined) => unescapeAngles(s ?? "");

function formOf(p: AdminProperty | null, next: number): Form {
  return {
    titleZh: plain(p?.titleZh), titleEn: plain(p?.titleEn), descZh: plain(p?.descZh), descEn: plain(p?.descEn), dialogZh: plain(p?.dialogZh), dialogEn: plain(p?.dialogEn),
    type: p?.type.id ?? null, purpose: p?.purpose.id ?? PP.PROPERTY_PURPOSE_OTHER, index: String(p?.index ?? next), match: p?.match ?? "",
    isShow: p?.isShow ?? true, isMust: p?.isMust ?? false, isReadonly: p?.isReadonly ?? false, isActive: p?.isActive ?? false, isChineseOnly: p?.isChineseOnly ?? false, isForeignerOnly: p?.isForeignerOnly ?? false, isPrivate: p?.isPrivate ?? false, isApplication: p?.isApplication ?? false,
    parent: p?.parent?.id ?? null, reasonProperty: p?.reasonProperty?.id ?? null, reasonValue: plain(p?.reasonValue),
    options: (p?.options ?? []).map((o) => ({ id: o.id, textZh: plain(o.textZh), textEn: plain(o.textEn), descZh: plain(o.descZh), descEn: plain(o.descEn), value: plain(o.value), parent: o.parent?.id ?? null, index: String(o.index) })),
  };
}

function validate(f: Form) {
  const e: FieldErrors<Field> = {};
  if (!f.titleZh.trim()) e.titleZh = "propertyAdmin.errors.titleZh";
  if (!f.titleEn.trim()) e.titleEn = "propertyAdmin.errors.titleEn";
  if (f.type === null) e.type = "propertyAdmin.errors.type";
  else if (f.purpose !== PP.PROPERTY_PURPOSE_OTHER && f.type !== PT.PROPERTY_TYPE_INPUT) e.type = "propertyAdmin.errors.typeInput";
  if (f.purpose === null) e.purpose = "propertyAdmin.errors.purpose";
  if (!/^[1-9]\d{0,4}$/.test(f.index.trim())) e.index = "propertyAdmin.errors.index";
  if (f.reasonProperty !== null && !f.reasonValue.trim()) e.reasonValue = "propertyAdmin.errors.reasonValue";
  return e;
}

/** What each server refusal says under its field. */
function refusalOf(code: string, params: Record<string, unknown> | undefined): { field: Field; error: TextKey } | null {
  const field = params?.field;
  if (code === "ERROR_DATA_USED" && field === "purpose") return { field: "purpose", error: "propertyAdmin.errors.purposeTaken" };
  if (code === "ERROR_DATA_USED" && field === "type") return { field: "type", error: "propertyAdmin.errors.typeUsed" };
  if (code === "ERROR_DATA_USED" && field === "options") return { field: "options", error: "propertyAdmin.errors.optionUsed" };
  if (code !== "ERROR_PARAMS" || !isOneOf(FIELDS, field)) return null;
  if (field === "options") {
    const part = params?.part === "parent" ? "parentOption" : params?.part === "value" ? "value" : String(params?.part ?? "value");
    return { field: "options", error: dataKey("propertyAdmin.errors", part) };
  }
  return { field, error: `propertyAdmin.errors.${field}` };
}

export function PropertyFormDialog({ property, all, onClose, onSaved }: { property: AdminProperty | null; all: AdminProperty[]; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const [optionsOpen, setOptionsOpen] = useState(false);
  const [refusedValue, setRefusedValue] = useState("");
  const next = Math.max(0, ...all.map((p) => p.index)) + 1;
  const editor = useFormDialog({
    id: "property",
    fields: FIELDS,
    initial: () => formOf(property, next),
    validate,
    // A purpose other than "other" fixes the type to input and makes the field required.
    adjust: (f, patch) => {
      const fixed = "purpose" in patch && f.purpose !== PP.PROPERTY_PURPOSE_OTHER ? { ...f, type: PT.PROPERTY_TYPE_INPUT, isMust: true, options: [] } : f;
      // "Verified at activation" belongs to the phone and e-mail only (spec 3 section 3).
      return isContact(fixed.purpose) ? fixed : { ...fixed, isActive: false };
    },
    errorParams: () => ({ value: refusedValue }),
    send: (f) =>
      api.call("/property/update", {
        property: {
          ...(property ? { id: property.id } : {}),
          titleZh: f.titleZh, titleEn: f.titleEn, descZh: f.descZh, descEn: f.descEn, dialogZh: f.dialogZh, dialogEn: f.dialogEn,
          type: f.type === null ? null : { id: f.type }, purpose: f.purpose === null ? null : { id: f.purpose },
          isShow: f.isShow, isMust: f.isMust, isReadonly: f.isReadonly, isActive: f.isActive, isChineseOnly: f.isChineseOnly, isForeignerOnly: f.isForeignerOnly, isPrivate: f.isPrivate, isApplication: f.isApplication,
          match: f.match.trim() || null, index: Number(f.index),
          parent: f.parent === null ? null : { id: f.parent }, reasonProperty: f.reasonProperty === null ? null : { id: f.reasonProperty }, reasonValue: f.reasonProperty === null ? null : f.reasonValue,
          options: CHOICES.has(f.type ?? 0)
            ? f.options.map((o, i) => ({ ...(o.id ? { id: o.id } : {}), textZh: o.textZh, textEn: o.textEn, descZh: o.descZh, descEn: o.descEn, value: o.value, parent: o.parent === null ? null : { id: o.parent }, index: Number(o.index) || i + 1 }))
            : [],
        },
      }),
    accepted: () => {
      void showMessage(t("propertyAdmin.saved"));
      onSaved();
    },
    refused: (message) => {
      setRefusedValue(String(message.params?.value ?? ""));
      return refusalOf(message.code, message.params as Record<string, unknown> | undefined) ?? schemaRefusal(message, FIELDS) ?? { text: resultText(t, message) };
    },
  });
  const { form, update, error } = editor;
  const fixed = form.purpose !== PP.PROPERTY_PURPOSE_OTHER;
  const others = all.filter((p) => p.id !== property?.id);
  const parentProperty = all.find((p) => p.id === form.parent) ?? null;
  const name = (p: { titleZh: string; titleEn: string }) => pick(language, plain(p.titleZh), plain(p.titleEn));

  const text = (field: "titleZh" | "titleEn" | "descZh" | "descEn" | "dialogZh" | "dialogEn" | "index" | "reasonValue", extra: object = {}) => (
    <div className="field">
      <label htmlFor={`property-${field}`}>{t(`propertyAdmin.${field}`)}</label>
      <input id={`property-${field}`} className={editor.inputClass(field as Field)} value={form[field]} maxLength={200} {...editor.described(field as Field)} onChange={(e) => update({ [field]: e.target.value })} {...extra} />
      {error(field as Field)}
    </div>
  );
  const select = (field: "type" | "purpose" | "parent" | "reasonProperty", choices: { id: number; label: string }[], none: string, disabled = false) => (
    <div className="field">
      <label htmlFor={`property-${field}`}>{t(`propertyAdmin.${field}`)}</label>
      <select id={`property-${field}`} className={editor.inputClass(field as Field, "input")} value={form[field] ?? ""} disabled={disabled} {...editor.described(field as Field)} onChange={(e) => update({ [field]: e.target.value ? Number(e.target.value) : null })}>
        <option value="">{none}</option>
        {choices.map((c) => (
          <option key={c.id} value={c.id}>{c.label}</option>
        ))}
      </select>
      {error(field as Field)}
    </div>
  );

  return (
    <>
      <FormDialog editor={editor} title={t(property ? "propertyAdmin.editTitle" : "propertyAdmin.addTitle")} saveLabel={t("propertyAdmin.save")} onClose={onClose} width={720} className="property-editor" testId="property-form">
        <div className="field-row">{text("titleZh", { "data-autofocus": true })}{text("titleEn")}</div>
        <div className="field-row">{text("descZh")}{text("descEn")}</div>
        <div className="field-row">{text("dialogZh")}{text("dialogEn")}</div>
        <div className="field-row">
          {select("purpose", Object.values(PP).map((id) => ({ id, label: t(`propertyAdmin.purposes.${id}`) })), t("propertyAdmin.choose"))}
          {select("type", Object.values(PT).map((id) => ({ id, label: t(`propertyAdmin.types.${id}`) })), t("propertyAdmin.choose"), fixed)}
          {text("index", { inputMode: "numeric" })}
        </div>
        {!CHOICES.has(form.type ?? 0) ? (
          <div className="field-row">
            <div className="field">
              <label htmlFor="property-preset">{t("propertyAdmin.preset")}</label>
              <select id="property-preset" className="input" value={presetOf(form.match)?.id ?? ""} disabled={form.purpose === PP.PROPERTY_PURPOSE_PHONE || form.purpose === PP.PROPERTY_PURPOSE_MAIL} onChange={(e) => update({ match: MATCH_PRESETS.find((p) => p.id === e.target.value)?.pattern ?? "" })}>
                <option value="">{t("propertyAdmin.presetNone")}</option>
                {MATCH_PRESETS.map((p) => (
                  <option key={p.id} value={p.id}>{t(`propertyAdmin.presets.${p.id}`)}</option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="property-match">{t("propertyAdmin.match")}</label>
              <input id="property-match" className={editor.inputClass("match")} value={form.match} maxLength={300} disabled={form.purpose === PP.PROPERTY_PURPOSE_PHONE || form.purpose === PP.PROPERTY_PURPOSE_MAIL} {...editor.described("match")} onChange={(e) => update({ match: e.target.value })} />
              {error("match")}
            </div>
          </div>
        ) : null}
        <div className="property-flags">
          {FLAGS.filter((flag) => flag !== "isActive" || isContact(form.purpose)).map((flag) => (
            <label key={flag} className="check">
              <input type="checkbox" checked={form[flag]} disabled={flag === "isMust" && fixed} onChange={(e) => update({ [flag]: e.target.checked })} /> {t(`propertyAdmin.${flag}`)}
            </label>
          ))}
        </div>
        <div className="property-private">
          <label className="check">
            <input type="checkbox" checked={form.isPrivate} aria-describedby="property-isPrivate-hint" data-testid="property-private" onChange={(e) => update({ isPrivate: e.target.checked })} /> {t("propertyAdmin.isPrivate")}
          </label>
          <p id="property-isPrivate-hint" className="field-hint">{t("propertyAdmin.isPrivateHint")}</p>
        </div>
        {/* Issue 32 item 3: asked of workers applying to join online (the name always is; the phone, e-mail and employee number are asked apart). */}
        <div className="property-private">
          <label className="check">
            <input type="checkbox" checked={form.isApplication} aria-describedby="property-isApplication-hint" data-testid="property-application" onChange={(e) => update({ isApplication: e.target.checked })} /> {t("propertyAdmin.isApplication")}
          </label>
          <p id="property-isApplication-hint" className="field-hint">{t("propertyAdmin.isApplicationHint")}</p>
        </div>
        <div className="field-row">
          {select("parent", others.filter((p) => CHOICES.has(p.type.id)).map((p) => ({ id: p.id, label: name(p) })), t("propertyAdmin.none"), !CHOICES.has(form.type ?? 0))}
          {select("reasonProperty", others.map((p) => ({ id: p.id, label: name(p) })), t("propertyAdmin.none"))}
          {form.reasonProperty !== null ? text("reasonValue") : null}
        </div>
        {CHOICES.has(form.type ?? 0) ? (
          <div className="field" data-field="options" tabIndex={-1}>
            <span className="field-label">{t("propertyAdmin.options")}</span>
            <p className="property-option-summary">{form.options.map((o) => pick(language, o.textZh, o.textEn)).join(" / ") || "—"}</p>
            <button type="button" className="button" onClick={() => setOptionsOpen(true)}>
              {t("propertyAdmin.editOptions", { count: form.options.length })}
            </button>
            {error("options")}
          </div>
        ) : null}
      </FormDialog>
      {optionsOpen ? (
        <PropertyOptionsDialog name={pick(language, form.titleZh, form.titleEn)} options={form.options} parent={parentProperty} onClose={() => setOptionsOpen(false)} onDone={(options) => { update({ options }); setOptionsOpen(false); }} />
      ) : null}
    </>
  );
}
