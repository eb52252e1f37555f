// The options of a choice property (spec 3 section 5 "Property option add"):
// Chinese and English text and description, value, parent option (when the
// property has a parent property) and order. Checked here as the server does
// ("请填写中文内容", "请填写英文内容", "请填写数据值", "请选择父级选项"), each
// under its field; kept in the property form until it is saved.
import { useState } from "react";
import { useSnapshot } from "valtio";
import { type FieldErrors, FormDialog, useFormDialog } from "../../components/form-dialog";
import { pick, useT } from "../../i18n";
import { session } from "../../state/session";
import { unescapeAngles } from "../../../src/protocol/identity";
import { message } from "../../../src/protocol/result";
import type { AdminProperty } from "./property-types";

export type OptionDraft = { id?: number; textZh: string; textEn: string; descZh: string; descEn: string; value: string; parent: number | null; index: string };
/** The parts of an option that can be wrong, each with its error text. */
const PARTS = { textZh: "propertyAdmin.errors.textZh", textEn: "propertyAdmin.errors.textEn", value: "propertyAdmin.errors.value", parent: "propertyAdmin.errors.parentOption" } as const;
type Part = keyof typeof PARTS;
/** A part of the option at a place in the list: "0-textZh", its field #option-0-textZh. */
type Field = `${number}-${Part}`;

function problems(options: readonly OptionDraft[], hasParent: boolean): FieldErrors<Field> {
  const out: FieldErrors<Field> = {};
  const seen = new Set<string>();
  options.forEach((o, i) => {
    const wrong = (part: Part) => (out[`${i}-${part}`] = PARTS[part]);
    if (!o.textZh.trim()) wrong("textZh");
    if (!o.textEn.trim()) wrong("textEn");
    if (!o.value.trim() || seen.has(o.value.trim())) wrong("value");
    seen.add(o.value.trim());
    if (hasParent && o.parent === null) wrong("parent");
  });
  return out;
}

// Nothing is sent from here: the options go back to the property form, which saves them with the property.
export function PropertyOptionsDialog({ name, options, parent, onClose, onDone }: { name: string; options: OptionDraft[]; parent: AdminProperty | null; onClose: () => void; onDone: (options: OptionDraft[]) => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const editor = useFormDialog<{ rows: OptionDraft[] }, Field, { rows: OptionDraft[] }>({
    id: "option",
    // Row by row, in the order they are on the screen, so the first error gets the focus.
    fields: ({ rows }) => rows.flatMap((_, i) => (Object.keys(PARTS) as Part[]).map((part): Field => `${i}-${part}`)),
    initial: () => ({ rows: options }),
    validate: ({ rows }) => problems(rows, parent !== null),
    send: async ({ rows }) => ({ message: message("SUCCESS"), rows }),
    accepted: (answer) => onDone(answer.rows!),
  });
  const { form, update, error, described } = editor;
  const rows = form.rows;
  const change = (i: number, patch: Partial<OptionDraft>) => update({ rows: rows.map((o, j) => (j === i ? { ...o, ...patch } : o)) });
  const add = () => update({ rows: [...rows, { textZh: "", textEn: "", descZh: "", descEn: "", value: "", parent: null, index: String(rows.length + 1) }] });

  const input = (i: number, field: "textZh" | "textEn" | "descZh" | "descEn" | "value" | "index", label: string) => {
    const checked = field === "textZh" || field === "textEn" || field === "value";
    return (
      <div className="field">
        <label htmlFor={`option-${i}-${field}`}>{label}</label>
        <input
          id={`option-${i}-${field}`}
          className={checked ? editor.inputClass(`${i}-${field}`) : "input"}
          {...(checked ? described(`${i}-${field}`) : {})}
          value={rows[i]![field]}
          maxLength={200}
          onChange={(e) => change(i, { [field]: e.target.value })}
        />
        {checked ? error(`${i}-${field}`) : null}
      </div>
    );
  };

  return (
    <FormDialog editor={editor} title={t("propertyAdmin.optionsTitle", { name })} saveLabel={t("propertyAdmin.done")} onClose={onClose} width={760} className="property-options" testId="property-options">
      {rows.map((o, i) => (
        <fieldset key={o.id ?? `new-${i}`} className="property-option">
          <legend>{`${i + 1}. ${pick(language, o.textZh, o.textEn) || t("propertyAdmin.options")}`}</legend>
          <div className="field-row">
            {input(i, "textZh", t("propertyAdmin.textZh"))}
            {input(i, "textEn", t("propertyAdmin.textEn"))}
          </div>
          <div className="field-row">
            {input(i, "descZh", t("propertyAdmin.optionDescZh"))}
            {input(i, "descEn", t("propertyAdmin.optionDescEn"))}
          </div>
          <div className="field-row">
            {input(i, "value", t("propertyAdmin.value"))}
            {input(i, "index", t("propertyAdmin.order"))}
            {parent ? (
              <div className="field">
                <label htmlFor={`option-${i}-parent`}>{t("propertyAdmin.parentOption")}</label>
                <select id={`option-${i}-parent`} className={editor.inputClass(`${i}-parent`)} {...described(`${i}-parent`)} value={o.parent ?? ""} onChange={(e) => change(i, { parent: e.target.value ? Number(e.target.value) : null })}>
                  <option value="">{t("propertyAdmin.choose")}</option>
                  {parent.options.map((p) => (
                    <option key={p.id} value={p.id}>
                      {pick(language, unescapeAngles(p.textZh), unescapeAngles(p.textEn))}
                    </option>
                  ))}
                </select>
                {error(`${i}-parent`)}
              </div>
            ) : null}
          </div>
          <button type="button" className="button button-quiet" onClick={() => update({ rows: rows.filter((_, j) => j !== i) })}>
            {t("propertyAdmin.removeOption")}
          </button>
        </fieldset>
      ))}
      <button type="button" className="button" onClick={add}>
        {t("propertyAdmin.addOption")}
      </button>
    </FormDialog>
  );
}
