// The property rows and the conditions of /activity/update (spec 3 sections
// 2.2 "System properties table", "Activity conditions manager and
// activity-group conditions manager", 3 "Activity property row", "Condition",
// 5 "Condition add", 6): which profile fields the sign-up form shows, and who
// may see or sign up for the activity and its team.
import { and, eq, inArray, isNull } from "drizzle-orm";
import { activityProperties, conditions, properties } from "../../db/schema";
import { PROPERTY_PURPOSE } from "../../protocol/enumerations";
import { refuseField } from "../../protocol/result";
import type { Ctx } from "../context";
import type { ReasonFields } from "./editor-input";
import { checkReasons } from "./module-editing";
import { } from "./editor-rules";

type Reads = Pick<Ctx, "db">;
type PropertyRow = { property: { id: number }; isReadonly: boolean; isMust: boolean };

/** Rows of existing properties, each once; spec 3 section 6: a property whose purpose is not "other" is read-only and required. */
export async function checkPropertyRows(ctx: Reads, rows: readonly PropertyRow[]) {
  const ids = [...new Set(rows.map((r) => r.property.id))];
  const known = new Map(
    ids.length ? (await ctx.db.select({ id: properties.id, purpose: properties.purpose }).from(properties).where(inArray(properties.id, ids))).map((p) => [p.id, p.purpose]) : [],
  );
  const seen = new Set<number>();
  return rows.map((r, index) => {
    const purpose = known.get(r.property.id);
    if (purpose === undefined) refuseField("properties", { index, part: "property" });
    if (seen.has(r.property.id)) refuseField("properties", { index, part: "twice" });
    seen.add(r.property.id);
    const fixed = purpose !== PROPERTY_PURPOSE.PROPERTY_PURPOSE_OTHER;
    return { propertyId: r.property.id, isReadonly: fixed || r.isReadonly, isMust: fixed || r.isMust };
  });
}

export type CheckedPropertyRows = Awaited<ReturnType<typeof checkPropertyRows>>;

/** The activity's or team's conditions checked ("请选择属性", "请选择类型", "请选择判断方式", "请填写判断的值"). */
export const checkConditions = (ctx: Reads, reasons: readonly ReasonFields[], field: "activityReasons" | "teamReasons") => checkReasons(ctx, reasons, field);

export type CheckedConditions = Awaited<ReturnType<typeof checkConditions>>;

export async function writePropertyRows(ctx: Pick<Ctx, "db">, activityId: number, rows: CheckedPropertyRows) {
  const { db } = ctx;
  await db.delete(activityProperties).where(eq(activityProperties.activityId, activityId));
  if (rows.length) await db.insert(activityProperties).values(rows.map((r, i) => ({ activityId, ...r, sortIndex: i + 1 })));
}

/** The owner's conditions become exactly these. */
export async function writeConditions(ctx: Pick<Ctx, "db">, owner: { activityId: number } | { teamId: number }, rows: CheckedConditions) {
  const { db } = ctx;
  const where =
    "activityId" in owner
      ? and(eq(conditions.activityId, owner.activityId), isNull(conditions.teamId), isNull(conditions.moduleId))
      : and(eq(conditions.teamId, owner.teamId), isNull(conditions.activityId), isNull(conditions.moduleId));
  await db.delete(conditions).where(where);
  if (rows.length) await db.insert(conditions).values(rows.map((r) => ({ ...r, ...owner })));
}
