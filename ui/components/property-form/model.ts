// The dynamic property form's state and rules, apart from React. The check
// before sending is the server's own validator (src/domains/property/validate.ts
// is pure and isomorphic), so the browser and the server cannot disagree.
import type { PropertyView } from "../../../src/domains/property/service";
import { type CurrentValue, validateProfile } from "../../../src/domains/property/validate";
import { unescapeAngles } from "../../../src/protocol/identity";
import { COUNTRY_TYPE, PROPERTY_PURPOSE } from "../../../src/protocol/enumerations";

export type Property = PropertyView;
export type Option = Property["options"][number];
export type Country = { id: number; nameZh: string; nameEn: string; type: { id: number } };
/** One field's state: the chosen option (select, radio) and the value (an array for checkboxes). */
export type FieldValue = { optionId: number | null; value: string | string[] };
export type FormValues = Record<number, FieldValue>;
export type StoredValue = { property: { id: number }; option?: { id: number } | null; value: unknown };
export type SentValue = { property: { id: number }; option: { id: number } | null; value: string | string[] };

/** Proven with a code or given by HR: shown, never sent from a profile form. */
export const IDENTITY_PURPOSES = new Set<number>([
  PROPERTY_PURPOSE.PROPERTY_PURPOSE_PHONE,
  PROPERTY_PURPOSE.PROPERTY_PURPOSE_MAIL,
  PROPERTY_PURPOSE.PROPERTY_PURPOSE_EMPLOYEES,
]);

export const sortByIndex = (properties: readonly Property[]) => [...properties].sort((a, b) => a.index - b.index || a.id - b.id);

export function initialValues(stored: readonly StoredValue[]): FormValues {
  const values: FormValues = {};
  for (const s of stored) {
    const raw = s.value;
    const value = Array.isArray(raw) ? raw.map(String) : typeof raw === "string" ? unescapeAngles(raw) : "";
    values[s.property.id] = { optionId: s.option?.id ?? null, value };
  }
  return values;
}

const currentOf = (stored: readonly StoredValue[]): CurrentValue[] =>
  stored.map((s) => ({
    propertyId: s.property.id,
    optionId: s.option?.id ?? null,
    value: Array.isArray(s.value) ? s.value.map(String) : typeof s.value === "string" ? s.value : "",
  }));

/** Nothing chosen or typed (blank text counts as nothing). */
export const isEmpty = (v: FieldValue | undefined) => !v || (Array.isArray(v.value) ? v.value.length === 0 : v.value.trim() === "");

/** A read-only field is filled once (activation); after that only staff change it. */
export const isLocked = (p: Property, stored: readonly StoredValue[]) =>
  IDENTITY_PURPOSES.has(p.purpose.id) || (p.isReadonly && stored.some((s) => s.property.id === p.id && !isEmpty(initialValues([s])[p.id])));

/** The options a field offers: a dependent select only those under its parent's chosen option. */
export function optionsOf(p: Property, values: FormValues): Option[] {
  if (!p.parent) return p.options;
  const parentOption = values[p.parent.id]?.optionId ?? null;
  return parentOption === null ? [] : p.options.filter((o) => o.parent?.id === parentOption);
}

/** Whether a field is on screen: isShow, the nationality's type, and its reason field's value. */
export function isVisible(p: Property, byId: Map<number, Property>, values: FormValues, nationalityType: number | null, seen = new Set<number>()): boolean {
  if (!p.isShow || seen.has(p.id)) return false;
  if (p.isChineseOnly && nationalityType !== COUNTRY_TYPE.COUNTRY_TYPE_CHINESE) return false;
  if (p.isForeignerOnly && nationalityType !== COUNTRY_TYPE.COUNTRY_TYPE_FOREIGNER) return false;
  if (!p.reasonProperty) return true;
  const reason = byId.get(p.reasonProperty.id);
  if (!reason || !isVisible(reason, byId, values, nationalityType, new Set([...seen, p.id]))) return false;
  const v = values[reason.id]?.value ?? "";
  const want = p.reasonValue ?? "";
  return Array.isArray(v) ? v.includes(want) : v.trim() === want;
}

/** A required mark is shown when the field must be filled: a child only when its parent's choice has children. */
export const isRequired = (p: Property, values: FormValues) => p.isMust && (!p.parent || optionsOf(p, values).length > 0);

/**
 * Sets one field and clears the dependent fields whose chosen option no longer
 * sits under the new parent choice (and their own dependants, in turn).
 */
export function setField(properties: readonly Property[], values: FormValues, id: number, next: FieldValue): FormValues {
  const out: FormValues = { ...values, [id]: next };
  const changed = [id];
  while (changed.length) {
    const parentId = changed.pop()!;
    for (const child of properties.filter((p) => p.parent?.id === parentId)) {
      const v = out[child.id];
      if (!v) continue;
      const allowed = optionsOf(child, out);
      const keep = Array.isArray(v.value)
        ? v.value.every((x) => allowed.some((o) => o.value === x))
        : v.optionId === null || allowed.some((o) => o.id === v.optionId);
      if (!keep) {
        out[child.id] = { optionId: null, value: Array.isArray(v.value) ? [] : "" };
        changed.push(child.id);
      }
    }
  }
  return out;
}

export type CheckResult = { ok: true; values: SentValue[] } | { ok: false; property: number | "nationality" };

/**
 * The check made before sending, by the server's validator: trims, escapes
 * angle brackets, drops hidden fields and the identity fields, and names the
 * first failing property in display order.
 */
export function checkForm(args: {
  properties: readonly Property[];
  values: FormValues;
  stored: readonly StoredValue[];
  nationality: Country | null;
}): CheckResult {
  if (!args.nationality) return { ok: false, property: "nationality" };
  const submitted = Object.entries(args.values)
    .filter(([id]) => args.properties.some((p) => p.id === Number(id) && !IDENTITY_PURPOSES.has(p.purpose.id)))
    .map(([id, v]) => ({ property: { id: Number(id) }, option: v.optionId === null ? null : { id: v.optionId }, value: v.value }));
  const result = validateProfile({
    properties: [...args.properties],
    nationalityType: args.nationality.type.id,
    submitted,
    current: currentOf(args.stored),
  });
  if (!result.ok) return result;
  return {
    ok: true,
    values: result.values.map((v) => ({ property: { id: v.propertyId }, option: v.optionId === null ? null : { id: v.optionId }, value: v.value })),
  };
}

const sameField = (a: FieldValue | undefined, b: FieldValue | undefined) =>
  (isEmpty(a) && isEmpty(b)) || (!!a && !!b && a.optionId === b.optionId && JSON.stringify(a.value) === JSON.stringify(b.value));

/** Whether two states of the form hold the same answers; a field left empty equals a field never set. */
export function sameValues(a: FormValues, b: FormValues): boolean {
  const ids = new Set([...Object.keys(a), ...Object.keys(b)].map(Number));
  return [...ids].every((id) => sameField(a[id], b[id]));
}

/** The one nationality there is is chosen for the member (spec 1 section 5). */
export const automaticNationality = (countries: readonly Country[], chosen: number | null): number | null =>
  chosen ?? (countries.length === 1 ? countries[0]!.id : null);
