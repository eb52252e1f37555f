// The property editor (spec 3 sections 2.4 and 5, /property/info and
// /property/update): opening one property with its options, and saving it.
// Anyone with FUNCTION_PROPERTY_OPERATION_FIND edits an existing property;
// adding one takes FUNCTION_PROPERTY_OPERATION_CREATE (docs/decisions.md).
// What is in use stays meaningful: an option a stored value, a condition, the
// dues configuration, another property's condition or a child option points
// to is never removed nor given another value, and the type of a property in
// use changes only to one whose values read alike.
import { Type as t } from "@sinclair/typebox";
import { and, eq, inArray, ne, or, sql } from "drizzle-orm";
import { conditions, memberConfig, properties, propertyOptions, userValues } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { CONDITION_VALUE_SEPARATOR, PROPERTY_PURPOSE as PP, PROPERTY_TYPE as PT } from "../../protocol/enumerations";
import { refuse, refuseField } from "../../protocol/result";
import { can, type Ctx, type MemberCtx } from "../context";
import { type CleanOption, cleanOptions, cleanProperty, CHOICE_TYPES, type propertyInput, TEXT_TYPES } from "./rules";
import { propertyViews } from "./service";

// Not shared/fields: the shared helpers read properties, so property imports none of them.
export const propertyIdInput = t.Object({ id: t.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

export async function openProperty({ ctx, input }: { ctx: Ctx; input: typeof propertyIdInput.static }) {
  const [info] = await propertyViews(ctx, [input.id]);
  if (!info) refuse("ERROR_RESULT_NULL");
  return { info };
}

/** Types whose stored values keep their meaning across a change: free text, or one chosen option. */
const sameShape = (a: number, b: number) =>
  a === b || (TEXT_TYPES.has(a) && TEXT_TYPES.has(b)) || (new Set<number>([PT.PROPERTY_TYPE_SELECT, PT.PROPERTY_TYPE_RADIO]).has(a) && b !== PT.PROPERTY_TYPE_CHECKBOX && CHOICE_TYPES.has(b));

const used = (detail: Record<string, unknown>): never => {
  refuse("ERROR_DATA_USED", detail);
};

/** Whether anything reads this property's given option value. */
async function valueInUse(ctx: Pick<Ctx, "db">, propertyId: number, optionId: number, value: string): Promise<string | null> {
  const { db } = ctx;
  const [stored] = await db
    .select({ n: sql<number>`1` })
    .from(userValues)
    .where(and(eq(userValues.propertyId, propertyId), or(eq(userValues.optionId, optionId), sql`${userValues.value} = to_jsonb(${value}::text)`, sql`${userValues.value} @> jsonb_build_array(${value}::text)`)))
    .limit(1);
  if (stored) return "values";
  const rules = await db.select({ value: conditions.value }).from(conditions).where(eq(conditions.propertyId, propertyId));
  if (rules.some((r) => r.value.split(CONDITION_VALUE_SEPARATOR).includes(value))) return "conditions";
  const [config] = await db.select().from(memberConfig).limit(1);
  if (config && ((config.indexOnlyPropertyId === propertyId && config.indexOnlyValue === value) || (config.cantSignPropertyId === propertyId && config.cantSignValue === value))) return "dues";
  const [reason] = await db.select({ id: properties.id }).from(properties).where(and(eq(properties.reasonPropertyId, propertyId), eq(properties.reasonValue, value))).limit(1);
  if (reason) return "reason";
  const [child] = await db.select({ id: propertyOptions.id }).from(propertyOptions).where(eq(propertyOptions.parentId, optionId)).limit(1);
  if (child) return "children";
  return null;
}

/** Whether members' values, conditions or the dues configuration read this property at all. */
async function propertyInUse(ctx: Pick<Ctx, "db">, propertyId: number): Promise<boolean> {
  const { db } = ctx;
  const [stored] = await db.select({ n: sql<number>`1` }).from(userValues).where(eq(userValues.propertyId, propertyId)).limit(1);
  const [rule] = await db.select({ id: conditions.id }).from(conditions).where(eq(conditions.propertyId, propertyId)).limit(1);
  const [config] = await db
    .select({ id: memberConfig.id })
    .from(memberConfig)
    .where(or(eq(memberConfig.indexOnlyPropertyId, propertyId), eq(memberConfig.cantSignPropertyId, propertyId)))
    .limit(1);
  return Boolean(stored || rule || config);
}

export async function saveProperty({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: typeof propertyInput.static }) {
  const { db } = ctx;
  const id = input.property.id ?? null;
  if (id === null && !can(ctx, "FUNCTION_PROPERTY_OPERATION_CREATE")) refuse("ERROR_NOT_POWER");
  const clean = cleanProperty(input.property);
  const options = cleanOptions(input.property.options, clean.type, clean.parentId !== null);

  const [existing] = id === null ? [] : await db.select().from(properties).where(eq(properties.id, id)).for("update");
  if (id !== null && !existing) refuse("ERROR_RESULT_NULL");
  if (clean.purpose !== PP.PROPERTY_PURPOSE_OTHER) {
    const [taken] = await db
      .select({ id: properties.id })
      .from(properties)
      .where(and(eq(properties.purpose, clean.purpose), id === null ? undefined : ne(properties.id, id)))
      .limit(1);
    if (taken) used({ field: "purpose" });
  }
  for (const [field, other] of [["parent", clean.parentId], ["reasonProperty", clean.reasonPropertyId]] as const) {
    if (other === null) continue;
    const [row] = other === id ? [] : await db.select({ type: properties.type }).from(properties).where(eq(properties.id, other));
    if (!row || (field === "parent" && !CHOICE_TYPES.has(row.type))) refuseField(field);
  }
  await checkOptionParents(ctx, options, clean.parentId);

  const before = id === null ? [] : await db.select().from(propertyOptions).where(eq(propertyOptions.propertyId, id));
  const kept = new Map(before.map((o) => [o.id, o]));
  for (const [index, o] of options.entries()) {
    if (o.id !== undefined && !kept.has(o.id)) refuseField("options", { index, part: "id" });
  }
  if (existing) {
    if (!sameShape(existing.type, clean.type) && (await propertyInUse(ctx, existing.id))) used({ field: "type" });
    const given = new Map(options.filter((o) => o.id !== undefined).map((o) => [o.id!, o]));
    for (const old of before) {
      const now = given.get(old.id);
      if (now && now.value === old.value) continue;
      const reason = await valueInUse(ctx, existing.id, old.id, old.value);
      if (reason) used({ field: "options", value: old.value, reason });
    }
  }

  let savedId: number;
  if (existing) {
    await db.update(properties).set(clean).where(eq(properties.id, existing.id));
    savedId = existing.id;
  } else {
    savedId = (await db.insert(properties).values(clean).returning({ id: properties.id }))[0]!.id;
  }
  const keepIds = options.flatMap((o) => (o.id === undefined ? [] : [o.id]));
  const removed = before.filter((o) => !keepIds.includes(o.id)).map((o) => o.id);
  if (removed.length) await db.delete(propertyOptions).where(inArray(propertyOptions.id, removed));
  for (const o of options) {
    const row = { textZh: o.textZh, textEn: o.textEn, descZh: o.descZh, descEn: o.descEn, value: o.value, parentId: o.parentId, sortIndex: o.sortIndex };
    if (o.id !== undefined) await db.update(propertyOptions).set(row).where(eq(propertyOptions.id, o.id));
    else await db.insert(propertyOptions).values({ ...row, propertyId: savedId });
  }
  return { id: savedId, audit: { entity: "property", id: savedId, detail: clean.titleZh } };
}

/** A dependent property's options each hang under an option of its parent property. */
async function checkOptionParents(ctx: Pick<Ctx, "db">, options: CleanOption[], parentId: number | null) {
  if (parentId === null) return;
  const allowed = new Set((await ctx.db.select({ id: propertyOptions.id }).from(propertyOptions).where(eq(propertyOptions.propertyId, parentId))).map((o) => o.id));
  options.forEach((o, index) => {
    if (o.parentId === null || !allowed.has(o.parentId)) refuseField("options", { index, part: "parent" });
  });
}
