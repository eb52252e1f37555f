// A module's conditions in its editor (spec 2 section 3 "reasons", spec 3
// "Condition (reason)"): who sees the module (or may sign up for its
// activities), by a profile property compared with values. The list as it
// will be saved, and an add row whose four parts are all required (spec 2
// section 5: '请选择属性', '请选择类型', '请选择判断方式', '请填写判断的值').
import { useState } from "react";
import { useSnapshot } from "valtio";
import type { ItemOf } from "../../../src/domains/api";
import { cleanText } from "../../../src/protocol/identity";
import { COMPARE_MODE, CONDITION_TYPE } from "../../../src/protocol/enumerations";
import { pick, useT } from "../../i18n";
import { session } from "../../state/session";
import { useTypeName } from "../centre/order-detail-window";

export type Reason = { type: { id: number }; property: { id: number }; compareMode: { id: number }; value: string };
export type ConditionProperty = ItemOf<"/user/properties">;

type Draft = { property: string; type: string; compareMode: string; value: string };
const EMPTY: Draft = { property: "", type: "", compareMode: "", value: "" };
const PARTS = ["property", "type", "compareMode", "value"] as const;

export type ModuleConditionsProps = {
  reasons: Reason[];
  properties: readonly Pick<ConditionProperty, "id" | "titleZh" | "titleEn">[];
  onChange: (reasons: Reason[]) => void;
  /** The ids' prefix, so two lists can share a window (the activity editor's activity and team conditions). */
  idPrefix?: string;
  /** The legend, when not the module's. */
  title?: string;
  hint?: string;
  /** What an empty list says, when not the module's. */
  none?: string;
  /** Shown and not changed (a survey's audience once members have answered it): no remove buttons, no add row. */
  readOnly?: boolean;
};

export function ModuleConditions({ reasons, properties, onChange, idPrefix = "module-condition", title, hint, none, readOnly }: ModuleConditionsProps) {
  const t = useT();
  const { language } = useSnapshot(session);
  const typeName = useTypeName();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [missing, setMissing] = useState<(typeof PARTS)[number] | null>(null);
  const propertyName = (id: number) => {
    const p = properties.find((x) => x.id === id);
    return p ? pick(language, p.titleZh, p.titleEn) : `#${id}`;
  };

  const add = () => {
    const gap = PARTS.find((part) => !draft[part].trim()) ?? null;
    setMissing(gap);
    if (gap) return document.getElementById(`${idPrefix}-${gap}`)?.focus();
    onChange([...reasons, { property: { id: Number(draft.property) }, type: { id: Number(draft.type) }, compareMode: { id: Number(draft.compareMode) }, value: cleanText(draft.value) }]);
    setDraft(EMPTY);
  };

  const set = (part: keyof Draft, value: string) => {
    setDraft({ ...draft, [part]: value });
    if (missing === part) setMissing(null);
  };
  const select = (part: "property" | "type" | "compareMode", label: string, options: { value: number; label: string }[]) => (
    <div className="field">
      <label htmlFor={`${idPrefix}-${part}`}>{label}</label>
      <select
        id={`${idPrefix}-${part}`}
        className={`input${missing === part ? " input-invalid" : ""}`}
        value={draft[part]}
        aria-invalid={missing === part || undefined}
        aria-describedby={missing === part ? `${idPrefix}-error` : undefined}
        onChange={(event) => set(part, event.target.value)}
      >
        <option value="">{t("modules.conditions.choose")}</option>
        {options.map((o) => (
          <option key={o.value} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <fieldset className="module-conditions">
      <legend>{title ?? t("modules.conditions.title")}</legend>
      <p className="field-hint">{hint ?? t("modules.conditions.hint")}</p>
      {reasons.length ? (
        <ul className="module-condition-list" data-testid={`${idPrefix}s`}>
          {reasons.map((r, i) => (
            <li key={`${r.property.id}-${r.type.id}-${r.compareMode.id}-${r.value}-${i}`} className="module-condition">
              <span>
                <strong>{typeName(r.type.id)}</strong>：{propertyName(r.property.id)} {typeName(r.compareMode.id)} <span className="module-condition-value">{r.value}</span>
              </span>
              {readOnly ? null : (
                <button type="button" className="link-button link-danger" onClick={() => onChange(reasons.filter((_, at) => at !== i))}>
                  {t("modules.conditions.remove")}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="module-condition-none">{none ?? t("modules.conditions.none")}</p>
      )}
      {readOnly ? null : (
        <div className="module-condition-add">
          {select(
            "property",
            t("modules.conditions.property"),
            properties.map((p) => ({ value: p.id, label: pick(language, p.titleZh, p.titleEn) })),
          )}
          {select(
            "type",
            t("modules.conditions.type"),
            Object.values(CONDITION_TYPE).map((id) => ({ value: id, label: typeName(id) })),
          )}
          {select(
            "compareMode",
            t("modules.conditions.compareMode"),
            Object.values(COMPARE_MODE).map((id) => ({ value: id, label: typeName(id) })),
          )}
          <div className="field">
            <label htmlFor={`${idPrefix}-value`}>{t("modules.conditions.value")}</label>
            <input
              id={`${idPrefix}-value`}
              className={`input${missing === "value" ? " input-invalid" : ""}`}
              value={draft.value}
              maxLength={200}
              placeholder={t("modules.conditions.valuePlaceholder")}
              aria-invalid={missing === "value" || undefined}
              aria-describedby={missing === "value" ? `${idPrefix}-error` : undefined}
              onChange={(event) => set("value", event.target.value)}
              onKeyDown={(event) => {
                // Enter adds the condition, not the whole module.
                if (event.key === "Enter") {
                  event.preventDefault();
                  add();
                }
              }}
            />
          </div>
          <button type="button" className="button button-quiet module-condition-button" onClick={add} data-testid={idPrefix === "module-condition" ? "add-condition" : `${idPrefix}-add`}>
            {t("modules.conditions.add")}
          </button>
        </div>
      )}
      {missing ? (
        <p className="field-error" id={`${idPrefix}-error`} role="alert">
          {t(`modules.conditions.errors.${missing}`)}
        </p>
      ) : null}
    </fieldset>
  );
}
