// The one server-side check of the dynamic profile form (docs/api-account.md
// "Profile"): activation, the information page and later the admin member
// form and sign-up all pass their values through here. Pure: no database,
// no clock; the caller loads the properties and writes what comes back.
import { COUNTRY_TYPE, PROPERTY_PURPOSE, PROPERTY_TYPE } from "../../protocol/enumerations";
import type { PropertyView } from "./service";
import { escapeAngles } from "../../protocol/identity";

export type SubmittedValue = { property: { id: number }; option?: { id: number } | null; value?: unknown };

/** A value to store; an empty string or array means the member cleared it. */
export type CleanValue = { propertyId: number; optionId: number | null; value: string | string[] };

export type CurrentValue = { propertyId: number; optionId: number | null; value: string | string[] };

export type ValidationResult = { ok: true; values: CleanValue[] } | { ok: false; property: number };

/** Proven with a code or given by HR: a profile form never writes them. */
const NEVER_WRITTEN = new Set<number>([
  PROPERTY_PURPOSE.PROPERTY_PURPOSE_PHONE,
  PROPERTY_PURPOSE.PROPERTY_PURPOSE_MAIL,
  PROPERTY_PURPOSE.PROPERTY_PURPOSE_EMPLOYEES,
]);

const CHOICE_TYPES = new Set<number>([PROPERTY_TYPE.PROPERTY_TYPE_SELECT, PROPERTY_TYPE.PROPERTY_TYPE_RADIO]);
const MAX_TEXT = 500;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2}) ([01]\d|2[0-3]):([0-5]\d)$/;


function isRealDate(text: string, pattern: RegExp): boolean {
  const m = pattern.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1900 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

function matches(pattern: string | null, text: string): boolean {
  if (!pattern) return true;
  try {
    return new RegExp(pattern).test(text);
  } catch {
    // A pattern staff mistyped must not lock every member out of saving.
    return true;
  }
}

const isEmpty = (v: string | string[]) => (Array.isArray(v) ? v.length === 0 : v === "");

/**
 * Checks `submitted` against the property list for a member of the given
 * nationality type. Returns the cleaned values to write (only visible,
 * member-writable properties), or the first failing property in display order.
 * `current` are the member's stored values: a read-only property keeps them.
 */
export function validateProfile(args: ProfileArgs): ValidationResult {
  const judged = judgeProfile(args);
  return judged.failed.length ? { ok: false, property: judged.failed[0]! } : { ok: true, values: judged.values };
}

type ProfileArgs = { properties: PropertyView[]; nationalityType: number; submitted: SubmittedValue[]; current?: CurrentValue[] };

/**
 * The profile judged whole, for an import that names every fault (decision 111):
 * every failing property in display order (`failed`), and the values that passed.
 */
export function judgeProfile(args: ProfileArgs): { failed: number[]; values: CleanValue[] } {
  const byId = new Map(args.properties.map((p) => [p.id, p]));
  const given = new Map<number, SubmittedValue>();
  for (const s of args.submitted) {
    const id = s?.property?.id;
    if (typeof id !== "number" || !byId.has(id)) continue;
    if (given.has(id)) return { failed: [id], values: [] };
    given.set(id, s);
  }
  const current = new Map((args.current ?? []).map((c) => [c.propertyId, c]));
  const ordered = [...args.properties].sort((a, b) => a.index - b.index || a.id - b.id);

  // Cleaning comes first for every property: visibility by reasonProperty and
  // the parent's option read other properties' cleaned values.
  const cleaned = new Map<number, CleanValue | "invalid">();
  const clean = (p: PropertyView): CleanValue | "invalid" => {
    const hit = cleaned.get(p.id);
    if (hit) return hit;
    cleaned.set(p.id, "invalid"); // a cycle of parents reads as invalid, not as a stack overflow
    const result = cleanOne(p, given.get(p.id), current.get(p.id), (id) => {
      const parent = byId.get(id);
      const v = parent ? clean(parent) : "invalid";
      return v === "invalid" ? null : v.optionId;
    });
    cleaned.set(p.id, result);
    return result;
  };

  const visible = (p: PropertyView, seen = new Set<number>()): boolean => {
    if (!p.isShow || seen.has(p.id)) return false;
    if (p.isChineseOnly && args.nationalityType !== COUNTRY_TYPE.COUNTRY_TYPE_CHINESE) return false;
    if (p.isForeignerOnly && args.nationalityType !== COUNTRY_TYPE.COUNTRY_TYPE_FOREIGNER) return false;
    if (!p.reasonProperty) return true;
    const reason = byId.get(p.reasonProperty.id);
    if (!reason || !visible(reason, new Set([...seen, p.id]))) return false;
    const v = clean(reason);
    if (v === "invalid") return false;
    return Array.isArray(v.value) ? v.value.includes(p.reasonValue ?? "") : v.value === (p.reasonValue ?? "");
  };

  const out: CleanValue[] = [];
  const failed: number[] = [];
  for (const p of ordered) {
    if (NEVER_WRITTEN.has(p.purpose.id) || !visible(p)) continue;
    const v = clean(p);
    if (v === "invalid" || (isEmpty(v.value) && p.isMust && childHasChoices(p, byId, clean))) failed.push(p.id);
    else out.push(v);
  }
  return { failed, values: out };
}

/** A dependent property is required only when its parent's chosen option has children. */
function childHasChoices(p: PropertyView, byId: Map<number, PropertyView>, clean: (p: PropertyView) => CleanValue | "invalid"): boolean {
  if (!p.parent) return true;
  const parent = byId.get(p.parent.id);
  const chosen = parent ? clean(parent) : "invalid";
  if (chosen === "invalid" || chosen.optionId === null) return false;
  return p.options.some((o) => o.parent?.id === chosen.optionId);
}

function cleanOne(
  p: PropertyView,
  s: SubmittedValue | undefined,
  stored: CurrentValue | undefined,
  parentOption: (parentId: number) => number | null,
): CleanValue | "invalid" {
  // A read-only field is filled once (activation), then only staff change it.
  if (p.isReadonly && stored && !isEmpty(stored.value)) return { ...stored };
  const type = p.type.id;
  const allowed = p.parent ? p.options.filter((o) => o.parent?.id === parentOption(p.parent!.id)) : p.options;

  if (CHOICE_TYPES.has(type)) {
    const optionId = s?.option?.id;
    if (optionId === undefined || optionId === null) {
      // Without an option the value must be empty: a bare value cannot stand for a choice.
      if (s?.value !== undefined && s.value !== null && s.value !== "") return "invalid";
      return { propertyId: p.id, optionId: null, value: "" };
    }
    const option = allowed.find((o) => o.id === optionId);
    if (!option) return "invalid";
    return { propertyId: p.id, optionId: option.id, value: option.value };
  }

  if (type === PROPERTY_TYPE.PROPERTY_TYPE_CHECKBOX) {
    const raw = s?.value ?? [];
    if (!Array.isArray(raw) || raw.some((v) => typeof v !== "string")) return "invalid";
    const picked = [...new Set(raw as string[])];
    if (picked.some((v) => !allowed.some((o) => o.value === v))) return "invalid";
    // Stored in the options' display order, whatever order the browser sent.
    return { propertyId: p.id, optionId: null, value: allowed.filter((o) => picked.includes(o.value)).map((o) => o.value) };
  }

  const raw = s?.value ?? "";
  if (typeof raw !== "string") return "invalid";
  const text = raw.trim();
  if (text === "") return { propertyId: p.id, optionId: null, value: "" };
  if (text.length > MAX_TEXT) return "invalid";
  if (type === PROPERTY_TYPE.PROPERTY_TYPE_DATE && !isRealDate(text, DATE)) return "invalid";
  if (type === PROPERTY_TYPE.PROPERTY_TYPE_DATETIME && !isRealDate(text, DATETIME)) return "invalid";
  if (!matches(p.match, text)) return "invalid";
  return { propertyId: p.id, optionId: null, value: escapeAngles(text) };
}
