// The one dynamic property form (spec 1 sections 3 and 5): activation, the
// information page and later the admin member form and sign-up draw their
// profile fields with it. The host keeps the values and the nationality; the
// rules live in ./property-form/model.ts.
import { type ReactNode, useMemo } from "react";
import { useSnapshot } from "valtio";
import { PROPERTY_TYPE } from "../../src/protocol/enumerations";
import { pick, useT } from "../i18n";
import { session } from "../state/session";
import { DatePicker } from "./date-picker";
import {
  type Country,
  type FieldValue,
  type FormValues,
  type Property,
  type StoredValue,
  isEmpty,
  isLocked,
  isRequired,
  isVisible,
  optionsOf,
  setField,
  sortByIndex,
} from "./property-form/model";

export type PropertyFormProps = {
  idPrefix: string;
  properties: readonly Property[];
  values: FormValues;
  onChange: (values: FormValues) => void;
  /** The member's stored values: a read-only field that has one cannot be changed. */
  stored: readonly StoredValue[];
  countries: readonly Country[];
  nationality: number | null;
  onNationality: (id: number) => void;
  /** The field that failed the last check, and its message. */
  error?: { property: number | "nationality"; text: string } | null;
  /** The nationality choice heads a profile form; an activity's form asks only its own fields. */
  withNationality?: boolean;
  /** Which fields cannot be changed, when not the member's rule (the staff member form: staff change read-only and contact fields). */
  locked?: (property: Property) => boolean;
  /** What to draw in place of a property (activation puts its phone check where the phone field is). */
  replace?: (property: Property) => ReactNode | undefined;
};

/** The text shown when a property fails: its dialog text, else its description. */
export function propertyMessage(p: Pick<Property, "dialogZh" | "dialogEn" | "descZh" | "descEn">, language: "zh" | "en"): string {
  return pick(language, p.dialogZh, p.dialogEn) || pick(language, p.descZh, p.descEn);
}

export const fieldId = (idPrefix: string, property: number | "nationality") => `${idPrefix}-${property}`;

export function PropertyForm(props: PropertyFormProps) {
  const t = useT();
  const { language } = useSnapshot(session);
  const { idPrefix, properties, values, countries, nationality, error } = props;
  const byId = useMemo(() => new Map(properties.map((p) => [p.id, p])), [properties]);
  const country = countries.find((c) => c.id === nationality) ?? null;
  const shown = sortByIndex(properties).filter((p) => isVisible(p, byId, values, country?.type.id ?? null));
  const nationalityId = fieldId(idPrefix, "nationality");

  return (
    <div className="property-form">
      {props.withNationality === false ? null : (
      <div className={`field${error?.property === "nationality" ? " field-invalid" : ""}`}>
        <label htmlFor={nationalityId}>
          {t("centre.form.nationality")}
          <span className="required-mark" aria-hidden="true">
            *
          </span>
        </label>
        <select
          id={nationalityId}
          className={`input${error?.property === "nationality" ? " input-invalid" : ""}`}
          value={nationality ?? ""}
          required
          aria-invalid={error?.property === "nationality" || undefined}
          aria-describedby={error?.property === "nationality" ? `${nationalityId}-error` : undefined}
          onChange={(event) => event.target.value && props.onNationality(Number(event.target.value))}
        >
          <option value="" disabled>
            {t("centre.form.choose")}
          </option>
          {countries.map((c) => (
            <option key={c.id} value={c.id}>
              {pick(language, c.nameZh, c.nameEn)}
            </option>
          ))}
        </select>
        {error?.property === "nationality" ? (
          <p className="field-error" id={`${nationalityId}-error`} role="alert">
            {error.text}
          </p>
        ) : null}
      </div>
      )}
      {shown.map((p) => props.replace?.(p) ?? <PropertyField key={p.id} {...props} property={p} />)}
    </div>
  );
}

function PropertyField({ idPrefix, properties, values, onChange, stored, error, locked: lockedBy, property: p }: PropertyFormProps & { property: Property }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const id = fieldId(idPrefix, p.id);
  const current: FieldValue = values[p.id] ?? { optionId: null, value: p.type.id === PROPERTY_TYPE.PROPERTY_TYPE_CHECKBOX ? [] : "" };
  const locked = lockedBy ? lockedBy(p) : isLocked(p, stored);
  const failed = error?.property === p.id;
  // The hint says what to fill in: once the field is filled it has done its work.
  const hint = locked || !isEmpty(current) ? "" : pick(language, p.descZh, p.descEn);
  const title = pick(language, p.titleZh, p.titleEn);
  const describedBy = failed ? `${id}-error` : hint ? `${id}-hint` : undefined;
  const set = (next: FieldValue) => onChange(setField(properties, values, p.id, next));
  const options = optionsOf(p, values);
  const text = typeof current.value === "string" ? current.value : "";
  const common = {
    id,
    className: `input${failed ? " input-invalid" : ""}`,
    "aria-invalid": failed || undefined,
    "aria-describedby": describedBy,
    "aria-required": isRequired(p, values) || undefined,
  };

  let control: ReactNode;
  switch (p.type.id) {
    case PROPERTY_TYPE.PROPERTY_TYPE_SELECT:
      control = (
        <select
          {...common}
          disabled={locked}
          value={current.optionId ?? ""}
          onChange={(event) => {
            const option = options.find((o) => o.id === Number(event.target.value));
            set(option ? { optionId: option.id, value: option.value } : { optionId: null, value: "" });
          }}
        >
          <option value="">{options.length || !p.parent ? t("centre.form.choose") : t("centre.form.chooseParent")}</option>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {pick(language, o.textZh, o.textEn)}
            </option>
          ))}
        </select>
      );
      break;
    case PROPERTY_TYPE.PROPERTY_TYPE_RADIO:
    case PROPERTY_TYPE.PROPERTY_TYPE_CHECKBOX: {
      const many = p.type.id === PROPERTY_TYPE.PROPERTY_TYPE_CHECKBOX;
      const picked = Array.isArray(current.value) ? current.value : [];
      control = (
        <div className="choice-row" role={many ? "group" : "radiogroup"} aria-labelledby={`${id}-label`} aria-describedby={describedBy} aria-invalid={failed || undefined} id={id}>
          {options.map((o) => (
            <label key={o.id} className="choice">
              <input
                type={many ? "checkbox" : "radio"}
                name={id}
                disabled={locked}
                checked={many ? picked.includes(o.value) : current.optionId === o.id}
                onChange={(event) =>
                  set(
                    many
                      ? {
                          optionId: null,
                          value: event.target.checked ? options.filter((x) => x.value === o.value || picked.includes(x.value)).map((x) => x.value) : picked.filter((v) => v !== o.value),
                        }
                      : { optionId: o.id, value: o.value },
                  )
                }
              />
              <span>{pick(language, o.textZh, o.textEn)}</span>
            </label>
          ))}
        </div>
      );
      break;
    }
    case PROPERTY_TYPE.PROPERTY_TYPE_TEXTAREA:
      control = <textarea {...common} className={`${common.className} textarea`} rows={3} readOnly={locked} value={text} onChange={(e) => set({ optionId: null, value: e.target.value })} />;
      break;
    case PROPERTY_TYPE.PROPERTY_TYPE_DATE:
    case PROPERTY_TYPE.PROPERTY_TYPE_DATETIME:
      control = (
        <DatePicker
          id={id}
          mode={p.type.id === PROPERTY_TYPE.PROPERTY_TYPE_DATETIME ? "datetime" : "date"}
          value={text}
          readOnly={locked}
          invalid={failed}
          describedBy={describedBy}
          onChange={(value) => set({ optionId: null, value })}
        />
      );
      break;
    default:
      control = <input {...common} readOnly={locked} value={text} onChange={(e) => set({ optionId: null, value: e.target.value })} />;
  }

  const grouped = p.type.id === PROPERTY_TYPE.PROPERTY_TYPE_RADIO || p.type.id === PROPERTY_TYPE.PROPERTY_TYPE_CHECKBOX;
  return (
    <div className={`field${locked ? " field-locked" : ""}${failed ? " field-invalid" : ""}`} data-property={p.id}>
      {grouped ? (
        <span className="field-label" id={`${id}-label`}>
          {title}
          {isRequired(p, values) && !locked ? <span className="required-mark" aria-hidden="true">*</span> : null}
        </span>
      ) : (
        <label htmlFor={id} id={`${id}-label`}>
          {title}
          {isRequired(p, values) && !locked ? <span className="required-mark" aria-hidden="true">*</span> : null}
        </label>
      )}
      {control}
      {failed ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error!.text}
        </p>
      ) : hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
