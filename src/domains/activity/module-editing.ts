// Editing the activity index (spec 2 sections 2 and 5, spec 3 section 7):
// create or edit a module with its icon and home carousel, delete an empty
// one, make a market module the home's gift or group-buy zone, create an
// activity (in preview) in a module. A module's orders are the order
// domain's (src/domains/order/module-orders.ts).
import { Type as t } from "@sinclair/typebox";
import { eq, inArray, sql } from "drizzle-orm";
import { activities, conditions, modules, properties, teams } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { cleanText } from "../../protocol/identity";
import { ACTIVITY_STATE, COMPARE_MODE, CONDITION_TYPE, MODULE_MODEL, MODULE_SHOW } from "../../protocol/enumerations";
import { refuse, refuseField } from "../../protocol/result";
import type { Ctx, MemberCtx } from "../context";
import { isImagePath } from "../file/service";
import { idField } from "../shared/fields";
import { moduleReasons, moduleView } from "./catalogue";

/** Names are short labels on a tile: 50 characters after trimming. */
const NAME_MAX = 50;
/** Spec 2 section 5: the year is chosen from one year ahead to four years back. */
export const YEARS_AHEAD = 1;
export const YEARS_BACK = 4;

const nameField = t.String({ maxLength: 200 });
const imageField = t.Union([t.String({ maxLength: 300 }), t.Null()]);
const timeField = t.Optional(t.Union([t.String({ maxLength: 40 }), t.Null()]));

// Loose where a person can leave something out, so the verb names the field (spec 2 section 5's messages).
export const moduleInput = t.Object({
  module: t.Object({
    id: t.Optional(idField),
    nameZh: nameField,
    nameEn: nameField,
    year: t.Union([t.Integer({ minimum: -1_000_000, maximum: 1_000_000 }), t.Null()]),
    model: t.Union([t.Object({ id: t.Integer({ minimum: -1_000_000, maximum: 1_000_000 }) }), t.Null()]),
    face: imageField,
    isTitle: t.Boolean(),
    showStart: timeField,
    showEnd: timeField,
    titleFace: t.Optional(imageField),
  }),
});
type ModuleInput = (typeof moduleInput.static)["module"];

const typedId = t.Object({ id: t.Integer({ minimum: -1_000_000, maximum: 2_147_483_647 }) });
/** Not chosen yet (absent, null, or an id of null): refused by the verb with the spec's message, not by the schema. */
const chosenId = t.Optional(t.Union([t.Object({ id: t.Union([typedId.properties.id, t.Null()]) }), t.Null()]));
/** A condition as the condition editor sends it (spec 3 "Condition (reason)"): several values joined by "|". */
export const reasonInput = t.Object({ type: chosenId, property: chosenId, compareMode: chosenId, value: t.Optional(t.Union([t.String({ maxLength: 500 }), t.Null()])) });
/** `reasons` absent: the module's conditions stay as they are; present: they become exactly these. */
export const moduleSaveInput = t.Object({ module: moduleInput.properties.module, reasons: t.Optional(t.Array(reasonInput, { maxItems: 30 })) });
export type ReasonInput = typeof reasonInput.static;

const CONDITION_TYPES = new Set<number>(Object.values(CONDITION_TYPE));
const COMPARE_MODES = new Set<number>(Object.values(COMPARE_MODE));

/** The checked conditions; the first wrong part is ERROR_PARAMS { field, index, part } (spec 3: all four are required). The activity editor's too. */
export async function checkReasons(ctx: Pick<Ctx, "db">, reasons: readonly ReasonInput[], field = "reasons") {
  const { db } = ctx;
  const ids = [...new Set(reasons.flatMap((r) => (r.property?.id == null ? [] : [r.property.id])))];
  const known = new Set(ids.length ? (await db.select({ id: properties.id }).from(properties).where(inArray(properties.id, ids))).map((p) => p.id) : []);
  return reasons.map((r, index) => {
    // "请选择属性", "请选择类型", "请选择判断方式", "请填写判断的值", in the order the dialog shows them.
    const propertyId = r.property?.id;
    if (propertyId == null || !known.has(propertyId)) return refuseField(field, { index, part: "property" });
    const type = r.type?.id;
    if (type == null || !CONDITION_TYPES.has(type)) return refuseField(field, { index, part: "type" });
    const compareMode = r.compareMode?.id;
    if (compareMode == null || !COMPARE_MODES.has(compareMode)) return refuseField(field, { index, part: "compareMode" });
    const value = cleanText(r.value ?? "");
    if (!value) refuseField(field, { index, part: "value" });
    return { type, propertyId, compareMode, value };
  });
}


export const showInput = t.Object({ id: idField, type: t.Integer({ minimum: -1_000_000, maximum: 1_000_000 }) });
export const createActivityInput = t.Object({ nameZh: nameField, nameEn: nameField, module: idField });
/** Trimmed, angle brackets escaped, required and short; else ERROR_PARAMS naming the field. */
function nameOf(raw: string, field: string): string {
  const name = cleanText(raw);
  if (!name || name.length > NAME_MAX) refuseField(field);
  return name;
}

const MODELS = new Set<number>(Object.values(MODULE_MODEL));

/** A time the UI sent: absent or empty is none; unreadable text is ERROR_PARAMS naming the field. */
function timeOf(raw: string | null | undefined, field: string): Date | null {
  if (raw == null || raw === "") return null;
  const time = new Date(raw);
  if (Number.isNaN(time.getTime())) refuseField(field);
  return time;
}

/** The checked fields of a module, in the order spec 2 section 5 lists its messages. */
function checkModule(input: ModuleInput, now: Date, storedYear: number | null) {
  const nameZh = nameOf(input.nameZh, "nameZh");
  const nameEn = nameOf(input.nameEn, "nameEn");
  // The year is the server's (China) year: a module for next year may be made from December on.
  const thisYear = new Date(now.getTime() + 8 * 3_600_000).getUTCFullYear();
  const year = input.year;
  // An older module being renamed may keep its year.
  if (year === null || (year !== storedYear && (year > thisYear + YEARS_AHEAD || year < thisYear - YEARS_BACK))) return refuseField("year");
  const face = input.face;
  if (!face || !isImagePath(face)) return refuseField("face");
  const model = input.model?.id;
  if (model === undefined || !MODELS.has(model)) return refuseField("model");
  let showStart: Date | null = null;
  let showEnd: Date | null = null;
  let titleFace = input.titleFace ?? null;
  if (titleFace !== null && !isImagePath(titleFace)) return refuseField("titleFace");
  if (input.isTitle) {
    // No online time is allowed: the carousel goes online at once (the UI says so before sending).
    showStart = timeOf(input.showStart, "showStart");
    showEnd = timeOf(input.showEnd, "showEnd");
    if (!showEnd || (showStart && showEnd <= showStart)) return refuseField("showEnd");
    if (!titleFace) return refuseField("titleFace");
  }
  // Off the carousel the times mean nothing; the picture is kept for when it is switched on again.
  return { nameZh, nameEn, year, face, model, isTitle: input.isTitle, showStart, showEnd, titleFace };
}

/** The module, locked against a concurrent delete, model change or new activity. */
async function lockModule(ctx: MemberCtx, id: number) {
  const [row] = await ctx.db.select().from(modules).where(eq(modules.id, id)).for("update");
  if (!row) refuse("ERROR_RESULT_NULL");
  return row;
}

async function hasActivities(ctx: MemberCtx, moduleId: number): Promise<boolean> {
  const [row] = await ctx.db.select({ id: activities.id }).from(activities).where(eq(activities.moduleId, moduleId)).limit(1);
  return Boolean(row);
}

/** /activity/module/update: creates a module (no id) or edits one. */
export async function saveModule({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: typeof moduleSaveInput.static }) {
  const id = input.module.id;
  let row: typeof modules.$inferSelect;
  if (id === undefined) {
    const fields = checkModule(input.module, ctx.now, null);
    const reasons = input.reasons ? await checkReasons(ctx, input.reasons) : [];
    [row] = (await ctx.db.insert(modules).values({ ...fields, createdAt: ctx.now }).returning()) as [typeof row];
    if (reasons.length) await ctx.db.insert(conditions).values(reasons.map((r) => ({ ...r, moduleId: row.id })));
  } else {
    const existing = await lockModule(ctx, id);
    const fields = checkModule(input.module, ctx.now, existing.year);
    // An activity module's activities would open as market items (and the reverse): the model is fixed once it has any.
    if (fields.model !== existing.model && (await hasActivities(ctx, id))) refuse("ERROR_MODULE_NOT_EMPTY", { field: "model" });
    const reasons = input.reasons ? await checkReasons(ctx, input.reasons) : null;
    [row] = (await ctx.db.update(modules).set(fields).where(eq(modules.id, id)).returning()) as [typeof row];
    if (reasons) {
      await ctx.db.delete(conditions).where(eq(conditions.moduleId, id));
      if (reasons.length) await ctx.db.insert(conditions).values(reasons.map((r) => ({ ...r, moduleId: id })));
    }
  }
  return { module: moduleView(ctx, row), reasons: await moduleReasons(ctx, row.id), audit: { entity: "module", id: row.id, detail: id === undefined ? "create" : "update" } };
}

/** /activity/module/delete: only a module without activities; its empty teams, categories and conditions go with it. */
export async function deleteModule({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: { id: number } }) {
  await lockModule(ctx, input.id);
  if (await hasActivities(ctx, input.id)) refuse("ERROR_MODULE_NOT_EMPTY");
  await ctx.db.delete(teams).where(eq(teams.moduleId, input.id));
  await ctx.db.delete(modules).where(eq(modules.id, input.id));
  return { audit: { entity: "module", id: input.id } };
}

/** The zones /activity/module/show fills; the club button is the home page's own setting. */
const ZONES = new Set<number>([MODULE_SHOW.MODULE_SHOW_GIFT, MODULE_SHOW.MODULE_SHOW_GROUP]);
/** One key for every zone change, so two at once cannot leave two modules in one zone. */
const ZONE_LOCK = 2201;

/** /activity/module/show: this market module becomes the home's gift (or group-buy) zone, taken from whichever module had it. */
export async function showModule({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: { id: number; type: number } }) {
  if (!ZONES.has(input.type)) refuseField("type");
  await ctx.db.execute(sql`select pg_advisory_xact_lock(${ZONE_LOCK})`);
  const row = await lockModule(ctx, input.id);
  // The home's zone buttons open a market (spec 2 section 2).
  if (row.model !== MODULE_MODEL.MODULE_MODEL_MARKET) refuseField("id");
  await ctx.db.update(modules).set({ showTitle: null }).where(eq(modules.showTitle, input.type));
  await ctx.db.update(modules).set({ showTitle: input.type }).where(eq(modules.id, input.id));
  return { audit: { entity: "module", id: input.id, detail: String(input.type) } };
}

/** /activity/create: a new activity, in preview, in the module; the activity editor fills in the rest. */
export async function createActivity({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: typeof createActivityInput.static }) {
  const nameZh = nameOf(input.nameZh, "nameZh");
  const nameEn = nameOf(input.nameEn, "nameEn");
  // Shared: several activities may be made at once; a delete of the module waits for them (and then finds it not empty).
  const [module] = await ctx.db.select({ id: modules.id }).from(modules).where(eq(modules.id, input.module)).for("share");
  if (!module) refuse("ERROR_RESULT_NULL", { field: "module" });
  const [row] = await ctx.db
    .insert(activities)
    .values({ moduleId: module.id, state: ACTIVITY_STATE.ACTIVITY_STATE_PREVIEW, nameZh, nameEn, createdAt: ctx.now, updatedAt: ctx.now })
    .returning({ id: activities.id });
  return { id: row!.id, audit: { entity: "activity", id: row!.id, detail: "create" } };
}
