// The basic-info form's model (spec 3 section 2.2 "Activity basic-info
// form"): the activity's fields as a person types them (times in China time,
// money in yuan, points with 2 decimals), the toggling effects, the browser's
// check of spec 3 section 5 before sending, and the payload's basic part.
// Pure, so it is tested without a browser; the server checks all of it again.
import type { FieldErrors } from "../../../components/form-dialog";
import { formatChinaDateTime, parseChinaDateTime } from "../../../lib/china-time";
import { formatMoney } from "../../../lib/format";
import type { ActivityPart, EditedActivity } from "./editor-data";

export type BasicForm = {
  nameZh: string;
  nameEn: string;
  signStart: string;
  signEnd: string;
  /** Issue 32: how the places go, first come or by lot; a lottery's draw time (China time). */
  allocation: Allocation;
  drawAt: string;
  showStart: string;
  showEnd: string;
  eventStart: string;
  eventEnd: string;
  placeZh: string;
  placeEn: string;
  videoId: string;
  displayStock: string;
  formStock: string;
  price: string;
  integral: string;
  deduction: string;
  mustIntegral: boolean;
  formCount: string;
  hasAddress: boolean;
  allowUpdateAddress: boolean;
  hasExpress: boolean;
  hasTicket: boolean;
  allowCancel: boolean;
  allowCancelDate: string;
  calUserCount: boolean;
  familyNotice: boolean;
  waitlist: boolean;
  isMain: boolean;
  hasCycle: boolean;
  cycleDate: string;
  cycleStart: string;
  cycleCount: string;
  sort: string;
  contentZh: string;
  contentEn: string;
};

export type Allocation = "first" | "lottery";

type Flag = "mustIntegral" | "hasAddress" | "allowUpdateAddress" | "hasExpress" | "hasTicket" | "allowCancel" | "calUserCount" | "familyNotice" | "waitlist" | "isMain" | "hasCycle";

/** The fields an error can be shown at: every text and choice, and the periodic switch (a lottery's places are not per cycle). */
export type BasicField = Exclude<keyof BasicForm, Flag> | "hasCycle";

/** In the order they are on the screen, so the first error gets the focus. */
export const BASIC_FIELDS: readonly BasicField[] = [
  "nameZh",
  "nameEn",
  "signStart",
  "signEnd",
  "allocation",
  "drawAt",
  "showStart",
  "showEnd",
  "eventStart",
  "eventEnd",
  "placeZh",
  "placeEn",
  "videoId",
  "displayStock",
  "formStock",
  "price",
  "integral",
  "deduction",
  "formCount",
  "allowCancelDate",
  "hasCycle",
  "cycleDate",
  "cycleStart",
  "cycleCount",
  "sort",
  "contentZh",
  "contentEn",
];

const time = (iso: string | null) => (iso ? formatChinaDateTime(iso) : "");
const count = (n: number | null) => (n === null ? "" : String(n));

export function basicFormOf(a: EditedActivity): BasicForm {
  return {
    nameZh: a.nameZh,
    nameEn: a.nameEn,
    signStart: time(a.signStart),
    signEnd: time(a.signEnd),
    allocation: a.drawAt ? "lottery" : "first",
    drawAt: time(a.drawAt),
    showStart: time(a.showStart),
    showEnd: time(a.showEnd),
    eventStart: time(a.eventStart),
    eventEnd: time(a.eventEnd),
    placeZh: a.placeZh,
    placeEn: a.placeEn,
    videoId: a.videoId ?? "",
    displayStock: count(a.displayStock),
    formStock: count(a.formStock),
    price: formatMoney(a.price),
    integral: formatMoney(a.integral),
    deduction: formatMoney(a.deduction),
    mustIntegral: a.mustIntegral,
    formCount: String(a.formCount),
    hasAddress: a.hasAddress,
    allowUpdateAddress: a.allowUpdateAddress,
    hasExpress: a.hasExpress,
    hasTicket: a.hasTicket,
    allowCancel: a.allowCancel,
    allowCancelDate: time(a.allowCancelDate),
    calUserCount: a.calUserCount,
    familyNotice: a.familyNotice,
    waitlist: a.waitlist,
    isMain: a.isMain,
    hasCycle: a.hasCycle,
    cycleDate: String(a.cycleDate),
    cycleStart: String(a.cycleStart),
    cycleCount: String(a.cycleCount),
    sort: a.sort ? String(a.sort.id) : "",
    contentZh: a.contentZh,
    contentEn: a.contentEn,
  };
}

/** Yuan or points with at most 2 decimals, as hundredths; null for anything else. */
export function hundredthsOf(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === "") return 0;
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  return Math.round(Number(trimmed) * 100);
}

const wholeOrEmpty = (text: string) => text.trim() === "" || /^\d+$/.test(text.trim());

/** What the toggles allow (spec 3 section 2.2 "Effects of toggling"). */
export function toggles(form: BasicForm, context: { hasRelationships: boolean; hasGroups: boolean }) {
  const points = hundredthsOf(form.integral) ?? 0;
  const price = hundredthsOf(form.price) ?? 0;
  return {
    deduction: points > 0 && price > 0,
    mustIntegral: points > 0,
    calUserCount: context.hasRelationships,
    isMain: context.hasGroups,
    allowUpdateAddress: form.hasAddress,
    hasExpress: form.hasAddress,
  };
}

/** A change to the form, with what it sets besides (ticking periodic fills 1/0/1). */
export function adjustBasic(next: BasicForm, patch: Partial<BasicForm>): BasicForm {
  if (patch.hasCycle === true) return { ...next, cycleDate: "1", cycleStart: "0", cycleCount: "1" };
  return next;
}

export function validateBasic(form: BasicForm): FieldErrors<BasicField> {
  const errors: FieldErrors<BasicField> = {};
  if (!form.nameZh.trim()) errors.nameZh = "editor.errors.fields.nameZh";
  if (!form.nameEn.trim()) errors.nameEn = "editor.errors.fields.nameEn";
  for (const field of ["signStart", "signEnd", "showStart", "showEnd", "eventStart", "eventEnd", "allowCancelDate"] as const)
    if (parseChinaDateTime(form[field]) === null) errors[field] = "editor.errors.fields.time";
  const order = (start: string, end: string) => {
    const a = parseChinaDateTime(start);
    const b = parseChinaDateTime(end);
    return !!a && !!b && b <= a;
  };
  if (!errors.signEnd && order(form.signStart, form.signEnd)) errors.signEnd = "editor.errors.fields.signEnd";
  // A lottery needs its draw time; whether it falls inside the window (and may still change) the server says, naming the field.
  if (form.allocation === "lottery" && !parseChinaDateTime(form.drawAt)) errors.drawAt = "editor.errors.fields.drawAt";
  if (!errors.showEnd && order(form.showStart, form.showEnd)) errors.showEnd = "editor.errors.fields.showEnd";
  // When it takes place: both times or neither, the end after the start.
  if (!errors.eventStart && !errors.eventEnd) {
    if (form.eventStart.trim() && !form.eventEnd.trim()) errors.eventEnd = "editor.errors.fields.eventEnd";
    else if (form.eventEnd.trim() && !form.eventStart.trim()) errors.eventStart = "editor.errors.fields.eventStart";
    else if (order(form.eventStart, form.eventEnd)) errors.eventEnd = "editor.errors.fields.eventOrder";
  }
  if (!wholeOrEmpty(form.displayStock)) errors.displayStock = "editor.errors.fields.displayStock";
  if (!wholeOrEmpty(form.formStock)) errors.formStock = "editor.errors.fields.formStock";
  for (const field of ["price", "integral", "deduction"] as const) if (hundredthsOf(form[field]) === null) errors[field] = `editor.errors.fields.${field}`;
  if (!errors.deduction && (hundredthsOf(form.deduction) ?? 0) > (hundredthsOf(form.price) ?? 0) && (hundredthsOf(form.integral) ?? 0) > 0) errors.deduction = "editor.errors.fields.deduction";
  if (!/^[1-9]\d*$/.test(form.formCount.trim())) errors.formCount = "editor.errors.fields.formCount";
  if (form.hasCycle) {
    for (const field of ["cycleDate", "cycleStart", "cycleCount"] as const) if (form[field].trim() === "" || !Number.isFinite(Number(form[field]))) errors[field] = `editor.errors.fields.${field}`;
    if (!errors.cycleStart && Math.abs(Math.round(Number(form.cycleStart))) > 23) errors.cycleStart = "editor.errors.fields.cycleStart";
    if (!errors.cycleDate && Math.abs(Math.round(Number(form.cycleDate))) < 1) errors.cycleDate = "editor.errors.fields.cycleDate";
  }
  return errors;
}

/**
 * The allocation's part of the payload: the draw time (null: first come,
 * first served) only when the form changed it, so that a save of anything
 * else never touches an allocation fixed since the window opened.
 */
export function allocationPart(form: BasicForm, opened: BasicForm): { drawAt?: string | null } {
  const drawAt = (f: BasicForm) => (f.allocation === "lottery" ? parseChinaDateTime(f.drawAt) || null : null);
  const next = drawAt(form);
  return next === drawAt(opened) ? {} : { drawAt: next };
}

const numberOrNull = (text: string) => (text.trim() === "" ? null : Number(text.trim()));

/** The payload's basic part; a market item also sends its category. */
export function basicPart(id: number, form: BasicForm, market: boolean): ActivityPart {
  const iso = (text: string) => parseChinaDateTime(text) || null;
  return {
    id,
    nameZh: form.nameZh.trim(),
    nameEn: form.nameEn.trim(),
    signStart: iso(form.signStart),
    signEnd: iso(form.signEnd),
    showStart: iso(form.showStart),
    showEnd: iso(form.showEnd),
    eventStart: iso(form.eventStart),
    eventEnd: iso(form.eventEnd),
    placeZh: form.placeZh.trim(),
    placeEn: form.placeEn.trim(),
    videoId: form.videoId.trim() || null,
    displayStock: numberOrNull(form.displayStock),
    formStock: numberOrNull(form.formStock),
    price: hundredthsOf(form.price) ?? 0,
    integral: hundredthsOf(form.integral) ?? 0,
    deduction: hundredthsOf(form.deduction) ?? 0,
    mustIntegral: form.mustIntegral,
    hasAddress: form.hasAddress,
    allowUpdateAddress: form.allowUpdateAddress,
    hasExpress: form.hasExpress,
    hasTicket: form.hasTicket,
    allowCancel: form.allowCancel,
    allowCancelDate: form.allowCancel ? iso(form.allowCancelDate) : null,
    calUserCount: form.calUserCount,
    formCount: Number(form.formCount.trim()),
    hasCycle: form.hasCycle,
    cycleDate: form.cycleDate,
    cycleStart: form.cycleStart,
    cycleCount: form.cycleCount,
    isMain: form.isMain,
    familyNotice: form.familyNotice,
    waitlist: form.waitlist,
    contentZh: form.contentZh,
    contentEn: form.contentEn,
    ...(market ? { sort: form.sort ? { id: Number(form.sort) } : null } : {}),
  };
}
