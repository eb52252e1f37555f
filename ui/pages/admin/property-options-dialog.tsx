// The options of a choice property (spec 3 section 5 "Property option add"):
// Chinese and English text and description, value, parent option (when the
// property has a parent property) and order. Checked here as the server does
// ("请填写中文内容", "请填写英文内容", "请填写数据值", "请选择父级选项"); kept
// in the property form until it is saved.
import { useState } from "react";
import { useSnapshot } from "valtio";
import { Dialog } from "../../components/dialog";
import { pick, useT } from "../../i18n";
import { session } from "../../state/session";
import { unescapeAngles } from "../../../src/protocol/identity";
import type { AdminProperty } from "./property-types";

export type OptionDraft = { id?: number; textZh: string; textEn: string; descZh: string; descEn: string; value: string; parent: number | null; index: string };
type Part = "textZh" | "textEn" | "value" | "parentOption";

function problems(options: OptionDraft[], hasParent: boolean): Record<number, Part[]> {
  const out: Record<number, Part[]> = {};
  const seen = new Set<string>();
  options.forEach((o, i) => {
    const wrong: Part[] = [];
    if (!o.textZh.trim()) wrong.push("textZh");
    if (!o.textEn.trim()) wrong.push("textEn");
    if (!o.value.trim() || seen.has(o.value.trim())) wrong.push("value");
    seen.add(o.value.trim());
    if (hasParent && o.parent === null) wrong.push("parentOption");
    if (wrong.length) out[i] = wrong;
  });
  return out;
}

export function PropertyOptionsDialog({ name, options, parent, onClose, onDone }: { name: string; options: OptionDraft[]; parent: AdminProperty | null; onClose: () => void; onDone: (options: OptionDraft[]) => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const [rows, setRows] = useState<OptionDraft[]>(options);
  const [tried, setTried] = useState(false);
  const found = tried ? problems(rows, parent !== null) : {};
  const change = (i: number, patch: Partial<OptionDraft>) => setRows((r) => r.map((o, j) => (j === i ? { ...o, ...patch } : o)));
  const add = () => setRows((r) => [...r, { textZh: "", textEn: "", descZh: "", descEn: "", value: "", parent: null, index: String(r.length + 1) }]);
  const done = () => {
    setTried(true);
    if (Object.keys(problems(rows, parent !== null)).length === 0) onDone(rows);
  };

  const input = (i: number, field: "textZh" | "textEn" | "descZh" | "descEn" | "value" | "index", label: string) => {
    const problem = found[i]?.find((part) => part === field);
    const bad = problem !== undefined;
    return (
      <div className="field">
        <label htmlFor={`option-${i}-${field}`}>{label}</label>
        <input id={`option-${i}-${field}`} className={`input${bad ? " input-invalid" : ""}`} aria-invalid={bad || undefined} value={rows[i]![field]} maxLength={200} onChange={(e) => change(i, { [field]: e.target.value })} />
        {problem ? <p className="field-error" role="alert">{t(`propertyAdmin.errors.${problem}`)}</p> : null}
      </div>
    );
  };

  return (
    <Dialog
      title={t("propertyAdmin.optionsTitle", { name })}
      onClose={onClose}
      width={760}
      footer={
        <>
          <button type="button" className="button button-quiet" onClick={onClose}>{t("common.cancel")}</button>
          <button type="button" className="button button-primary" onClick={done}>{t("propertyAdmin.done")}</button>
        </>
      }
    >
      <div className="property-options" data-testid="property-options">
        {rows.map((o, i) => (
          <fieldset key={o.id ?? `new-${i}`} className="property-option">
            <legend>{`${i + 1}. ${pick(language, o.textZh, o.textEn) || t("propertyAdmin.options")}`}</legend>
            <div className="field-row">{input(i, "textZh", t("propertyAdmin.textZh"))}{input(i, "textEn", t("propertyAdmin.textEn"))}</div>
            <div className="field-row">{input(i, "descZh", t("propertyAdmin.optionDescZh"))}{input(i, "descEn", t("propertyAdmin.optionDescEn"))}</div>
            <div className="field-row">
              {input(i, "value", t("propertyAdmin.value"))}
              {input(i, "index", t("propertyAdmin.order"))}
              {parent ? (
                <div className="field">
                  <label htmlFor={`option-${i}-parent`}>{t("propertyAdmin.parentOption")}</label>
                  <select id={`option-${i}-parent`} className={`input${found[i]?.includes("parentOption") ? " input-invalid" : ""}`} value={o.parent ?? ""} onChange={(e) => change(i, { parent: e.target.value ? Number(e.target.value) : null })}>
                    <option value="">{t("propertyAdmin.choose")}</option>
                    {parent.options.map((p) => (
                      <option key={p.id} value={p.id}>{pick(language, unescapeAngles(p.textZh), unescapeAngles(p.textEn))}</option>
                    ))}
                  </select>
                  {found[i]?.includes("parentOption") ? <p className="field-error" role="alert">{t("propertyAdmin.errors.parentOption")}</p> : null}
                </div>
              ) : null}
            </div>
            <button type="button" className="button button-quiet" onClick={() => setRows((r) => r.filter((_, j) => j !== i))}>{t("propertyAdmin.removeOption")}</button>
          </fieldset>
        ))}
        <button type="button" className="button" onClick={add}>{t("propertyAdmin.addOption")}</button>
      </div>
    </Dialog>
  );
}
