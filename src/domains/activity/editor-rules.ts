// The activity editor's rules that need nothing but what was sent (spec 3
// sections 2.2 and 5, "Activity save"): each field read and checked, the
// toggling effects of the basic-info form applied as the server's own rule
// (a disabled input's value counts for nothing), the periodic defaults.
// Pure; a wrong field is ERROR_PARAMS { field, ... } naming it.
import { cleanText } from "../../protocol/identity";
import { refuseField } from "../../protocol/result";
import { cleanRichText } from "../shared/rich-text";
import type { ActivityFields } from "./editor-input";

/** Names are labels on a tile and a page title. */
export const NAME_MAX = 100;
/** Spec 3 section 9: periodic defaults, length 1 day, node 0, quota 1. */
export const CYCLE_DEFAULTS = { cycleDate: 1, cycleStart: 0, cycleCount: 1 } as const;
/** Counts, quotas and amounts stay within a Postgres integer. */
const MAX_INT = 2_000_000_000;

/** A label: trimmed, angle brackets escaped, required and short. */
export function labelOf(raw: string, field: string, params: Record<string, unknown> = {}): string {
  const name = cleanText(raw);
  if (!name || name.length > NAME_MAX) refuseField(field, params);
  return name;
}

/** A number a person typed: empty is null; otherwise a finite number or ERROR_PARAMS. */
export function numberOf(raw: number | string | null, field: string, params: Record<string, unknown> = {}): number | null {
  if (raw === null) return null;
  if (typeof raw === "string") {
    if (raw.trim() === "") return null;
    raw = Number(raw.trim());
  }
  if (!Number.isFinite(raw) || Math.abs(raw) > MAX_INT) refuseField(field, params);
  return raw;
}

/** A whole number of at least `min` (or empty, when allowed), never rounded silently. */
export function countOf(raw: number | string | null, field: string, opts: { min?: number; empty?: boolean; params?: Record<string, unknown> } = {}): number | null {
  const n = numberOf(raw, field, opts.params);
  if (n === null) return opts.empty ? null : refuseField(field, opts.params);
  if (!Number.isInteger(n) || n < (opts.min ?? 0)) refuseField(field, opts.params);
  return n;
}

/** Spec 3 section 5: "numeric; truncated to an integer" (the team's display order). */
export function truncatedOf(raw: number | string | null, field: string): number {
  const n = numberOf(raw, field);
  return n === null ? refuseField(field) : Math.trunc(n);
}

/** Spec 3 section 5: cycle values are "zero or positive integers (rounded, made absolute)". */
const roundedAbs = (raw: number | string | null, field: string): number => {
  const n = numberOf(raw, field);
  return n === null ? refuseField(field) : Math.abs(Math.round(n));
};

export function timeOf(raw: string | null, field: string): Date | null {
  if (raw === null || raw.trim() === "") return null;
  const d = new Date(raw);
  if (Number.isNaN(d.getTime())) refuseField(field);
  return d;
}

/** yyyy-MM-dd (a birth-date bound), or null. */
export function dayOf(raw: string | null | undefined, field: string, params: Record<string, unknown>): string | null {
  if (raw == null || raw.trim() === "") return null;
  const day = raw.trim().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) refuseField(field, params);
  return day;
}

/** What the rest of the save tells the basic fields (the toggles that depend on other parts). */
export type Context = { hasRelationships: boolean; hasGroups: boolean };

/** A place's name: trimmed, angle brackets escaped, short; empty is none. */
const PLACE_MAX = 200;
function placeOf(raw: string, field: string): string {
  const place = cleanText(raw);
  if (place.length > PLACE_MAX) refuseField(field);
  return place;
}

/**
 * When and where the activity takes place: both times or neither, the end
 * after the start. Only the parts sent are returned (absent: unchanged).
 */
export function checkEventFields(a: Pick<ActivityFields, "eventStart" | "eventEnd" | "placeZh" | "placeEn">) {
  const out: { eventStart?: Date | null; eventEnd?: Date | null; placeZh?: string; placeEn?: string } = {};
  if (a.eventStart !== undefined || a.eventEnd !== undefined) {
    const eventStart = timeOf(a.eventStart ?? null, "eventStart");
    const eventEnd = timeOf(a.eventEnd ?? null, "eventEnd");
    if (eventStart && !eventEnd) refuseField("eventEnd");
    if (eventEnd && !eventStart) refuseField("eventStart");
    if (eventStart && eventEnd && eventEnd <= eventStart) refuseField("eventEnd", { reason: "order" });
    Object.assign(out, { eventStart, eventEnd });
  }
  if (a.placeZh !== undefined) out.placeZh = placeOf(a.placeZh, "placeZh");
  if (a.placeEn !== undefined) out.placeEn = placeOf(a.placeEn, "placeEn");
  return out;
}

/**
 * The basic-info fields, checked and with the toggling effects applied:
 * the deduction only when points and price are above 0 (and never above
 * the price), must-use-points only with points, count-the-member-themselves
 * only decidable with relationships (without, the member always counts),
 * default activity only in a team with tag groups, address update and
 * express only with an address, the cancel date only when cancelling is
 * allowed, periodic values rounded and made absolute (defaults 1/0/1, reset
 * when unticked).
 */
export function checkActivityFields(a: ActivityFields, context: Context) {
  const nameZh = labelOf(a.nameZh, "nameZh");
  const nameEn = labelOf(a.nameEn, "nameEn");
  const signStart = timeOf(a.signStart, "signStart");
  const signEnd = timeOf(a.signEnd, "signEnd");
  if (signStart && signEnd && signEnd <= signStart) refuseField("signEnd", { reason: "order" });
  const showStart = timeOf(a.showStart, "showStart");
  const showEnd = timeOf(a.showEnd, "showEnd");
  if (showStart && showEnd && showEnd <= showStart) refuseField("showEnd", { reason: "order" });
  const videoId = a.videoId?.trim() ? cleanText(a.videoId) : null;
  const displayStock = countOf(a.displayStock, "displayStock", { empty: true });
  const cap = countOf(a.formStock, "formStock", { empty: true });
  const price = countOf(a.price, "price", { empty: true }) ?? 0;
  const integral = countOf(a.integral, "integral", { empty: true }) ?? 0;
  let deduction = countOf(a.deduction, "deduction", { empty: true }) ?? 0;
  // The deduction input is disabled unless points > 0 and price > 0.
  if (!(integral > 0 && price > 0)) deduction = 0;
  if (deduction > price) refuseField("deduction", { reason: "price" });
  const mustIntegral = a.mustIntegral && integral > 0;
  const formCount = countOf(a.formCount, "formCount", { min: 1 })!;
  const allowCancelDate = a.allowCancel ? timeOf(a.allowCancelDate, "allowCancelDate") : null;
  const cycle = a.hasCycle
    ? { cycleDate: roundedAbs(a.cycleDate, "cycleDate"), cycleStart: roundedAbs(a.cycleStart, "cycleStart"), cycleCount: roundedAbs(a.cycleCount, "cycleCount") }
    : CYCLE_DEFAULTS;
  // A cycle of 0 days never opens; the node is an hour of the day.
  if (cycle.cycleDate < 1) refuseField("cycleDate");
  if (cycle.cycleStart > 23) refuseField("cycleStart");
  return {
    nameZh,
    nameEn,
    signStart,
    signEnd,
    showStart,
    showEnd,
    videoId,
    displayStock,
    cap,
    price,
    integral,
    deduction,
    mustIntegral,
    hasAddress: a.hasAddress,
    allowUpdateAddress: a.hasAddress && a.allowUpdateAddress,
    hasExpress: a.hasAddress && a.hasExpress,
    hasTicket: a.hasTicket,
    allowCancel: a.allowCancel,
    allowCancelDate,
    // Without relationships only the member can take a place: they always count.
    calUserCount: context.hasRelationships ? a.calUserCount : true,
    formCount,
    hasCycle: a.hasCycle,
    ...cycle,
    isMain: context.hasGroups && a.isMain,
    ...(a.familyNotice === undefined ? {} : { familyNotice: a.familyNotice }),
    ...(a.waitlist === undefined ? {} : { waitlist: a.waitlist }),
    ...(a.drawAt === undefined ? {} : { drawAt: timeOf(a.drawAt, "drawAt") }),
    contentZh: cleanRichText(a.contentZh),
    contentEn: cleanRichText(a.contentEn),
    ...checkEventFields(a),
  };
}

export type CheckedActivity = ReturnType<typeof checkActivityFields>;
