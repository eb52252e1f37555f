// The membership fee dialog (spec 3 sections 2.4 and 5 "Membership fee",
// FUNCTION_MEMBER_EDIT): billing month, day and amount, and the two condition
// properties with their values. The amount is shown and typed in yuan with two
// decimals and travels in fen (docs/decisions.md).
import { type ReactNode, useState } from "react";
import { api } from "../../api";
import { type FieldErrors, FormDialog, refusedField, schemaRefusal, useFormDialog } from "../../components/form-dialog";
import { showMessage } from "../../components/message-box";
import { resultText } from "../../i18n";
import { useSnapshot } from "valtio";
import { pick, useT } from "../../i18n";
import { session } from "../../state/session";
import { unescapeAngles } from "../../../src/protocol/identity";
import { FeeExport } from "./fee-export";
import type { AdminProperty } from "./property-types";

type Field = "month" | "date" | "price" | "indexOnlyProperty" | "indexOnlyValue" | "cantSignProperty" | "cantSignValue";
const FIELDS: Field[] = ["month", "date", "price", "indexOnlyProperty", "indexOnlyValue", "cantSignProperty", "cantSignValue"];
export type FeeConfig = { price: number; year: number; month: number; date: number; indexOnlyProperty: { id: number } | null; indexOnlyValue: string | null; cantSignProperty: { id: number } | null; cantSignValue: string | null };
type Form = { month: string; date: string; price: string; indexOnlyProperty: number | null; indexOnlyValue: string; cantSignProperty: number | null; cantSignValue: string };

const PRICE = /^\d{1,7}(\.\d{1,2})?$/;
const wholeIn = (text: string, min: number, max: number) => /^\d{1,2}$/.test(text.trim()) && Number(text) >= min && Number(text) <= max;

function validate(f: Form) {
  const errors: FieldErrors<Field> = {};
  if (!wholeIn(f.month, 1, 12)) errors.month = "propertyAdmin.fee.errors.month";
  if (!wholeIn(f.date, 1, 31)) errors.date = "propertyAdmin.fee.errors.date";
  if (!PRICE.test(f.price.trim()) || Number(f.price) <= 0) errors.price = "propertyAdmin.fee.errors.price";
  if (f.indexOnlyProperty !== null && !f.indexOnlyValue.trim()) errors.indexOnlyValue = "propertyAdmin.fee.errors.indexOnlyValue";
  if (f.cantSignProperty !== null && !f.cantSignValue.trim()) errors.cantSignValue = "propertyAdmin.fee.errors.cantSignValue";
  return errors;
}

/** The membership fee button's window: the configuration and the properties its conditions choose from, loaded when it opens. */
export function useFeeWindow(): { open: () => void; window: ReactNode } {
  const t = useT();
  const [loaded, setLoaded] = useState<{ config: FeeConfig; properties: AdminProperty[] } | null>(null);
  const open = async () => {
    const [answer, all] = await Promise.all([api.call("/member/operation/find", {}), api.call("/property/all", {})]);
    if (answer.config && all.list) setLoaded({ config: answer.config, properties: all.list });
    else void showMessage(resultText(t, answer.config ? all.message : answer.message));
  };
  return {
    open: () => void open(),
    window: loaded ? <MembershipFeeDialog config={loaded.config} properties={loaded.properties} onClose={() => setLoaded(null)} /> : null,
  };
}

export function MembershipFeeDialog({ config, properties, onClose }: { config: FeeConfig; properties: AdminProperty[]; onClose: () => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const editor = useFormDialog({
    id: "fee",
    fields: FIELDS,
    initial: (): Form => ({
      month: String(config.month),
      date: String(config.date),
      price: (config.price / 100).toFixed(2),
      indexOnlyProperty: config.indexOnlyProperty?.id ?? null,
      indexOnlyValue: unescapeAngles(config.indexOnlyValue ?? ""),
      cantSignProperty: config.cantSignProperty?.id ?? null,
      cantSignValue: unescapeAngles(config.cantSignValue ?? ""),
    }),
    validate,
    send: (f) =>
      api.call("/member/operation/update", {
        member: {
          month: Number(f.month),
          date: Number(f.date),
          // Yuan with two decimals to fen, without floating-point drift.
          price: Math.round(Number(f.price) * 100),
          indexOnlyProperty: f.indexOnlyProperty === null ? null : { id: f.indexOnlyProperty },
          indexOnlyValue: f.indexOnlyProperty === null ? null : f.indexOnlyValue.trim(),
          cantSignProperty: f.cantSignProperty === null ? null : { id: f.cantSignProperty },
          cantSignValue: f.cantSignProperty === null ? null : f.cantSignValue.trim(),
        },
      }),
    accepted: () => {
      void showMessage(t("propertyAdmin.fee.saved"));
      onClose();
    },
    refused: (message) => {
      // What the server's schema refused (a value too long) is said as such; a rule's refusal with the field's own message.
      const fault = schemaRefusal(message, FIELDS);
      if (fault) return fault;
      const field = message.code === "ERROR_PARAMS" ? refusedField(message, FIELDS) : null;
      if (!field) return null;
      const key = field === "indexOnlyProperty" ? "indexOnlyValue" : field === "cantSignProperty" ? "cantSignValue" : field;
      return { field, error: `propertyAdmin.fee.errors.${key}` };
    },
  });
  const { form, update, error } = editor;

  const text = (field: "month" | "date" | "price", mode: "numeric" | "decimal") => (
    <div className="field">
      <label htmlFor={`fee-${field}`}>{t(`propertyAdmin.fee.${field}`)}</label>
      <input id={`fee-${field}`} className={editor.inputClass(field)} inputMode={mode} value={form[field]} {...editor.described(field)} onChange={(e) => update({ [field]: e.target.value })} />
      {error(field)}
    </div>
  );

  const rule = (kind: "indexOnly" | "cantSign") => {
    const pf = `${kind}Property` as const;
    const vf = `${kind}Value` as const;
    const chosen = properties.find((p) => p.id === form[pf]);
    return (
      <fieldset className="fee-rule">
        <legend>{t(`propertyAdmin.fee.${kind}`)}</legend>
        <div className="field-row">
          <div className="field">
            <label htmlFor={`fee-${pf}`}>{t("propertyAdmin.fee.property")}</label>
            <select id={`fee-${pf}`} className="input" value={form[pf] ?? ""} onChange={(e) => update({ [pf]: e.target.value ? Number(e.target.value) : null, [vf]: "" })}>
              <option value="">{t("propertyAdmin.none")}</option>
              {properties.map((p) => (
                <option key={p.id} value={p.id}>
                  {pick(language, p.titleZh, p.titleEn)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`fee-${vf}`}>{t("propertyAdmin.fee.value")}</label>
            {chosen && chosen.options.length ? (
              <select id={`fee-${vf}`} className={editor.inputClass(vf)} value={form[vf]} {...editor.described(vf)} onChange={(e) => update({ [vf]: e.target.value })}>
                <option value="">{t("propertyAdmin.choose")}</option>
                {chosen.options.map((o) => (
                  <option key={o.id} value={o.value}>
                    {pick(language, o.textZh, o.textEn)}
                  </option>
                ))}
              </select>
            ) : (
              <input id={`fee-${vf}`} className={editor.inputClass(vf)} value={form[vf]} disabled={!chosen} {...editor.described(vf)} onChange={(e) => update({ [vf]: e.target.value })} />
            )}
            {error(vf)}
          </div>
        </div>
      </fieldset>
    );
  };

  return (
    <FormDialog editor={editor} title={t("propertyAdmin.fee.title")} saveLabel={t("propertyAdmin.fee.save")} onClose={onClose} width={600} className="property-editor" testId="fee-form">
      <p className="fee-year">{t("propertyAdmin.fee.year", { year: config.year })}</p>
      <div className="field-row">
        {text("month", "numeric")}
        {text("date", "numeric")}
        {text("price", "decimal")}
      </div>
      {rule("indexOnly")}
      {rule("cantSign")}
      <FeeExport year={config.year} />
    </FormDialog>
  );
}
