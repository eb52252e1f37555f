// Reading the configurable profile fields, the country list and the roles.
import { asc, eq, inArray } from "drizzle-orm";
import { countries, properties, propertyOptions, rolePowers, roles } from "../../db/schema";
import type { Ctx } from "../context";

type PropertyRow = typeof properties.$inferSelect;
type OptionRow = typeof propertyOptions.$inferSelect;

function view(p: PropertyRow, options: OptionRow[]) {
  return {
    id: p.id,
    titleZh: p.titleZh,
    titleEn: p.titleEn,
    descZh: p.descZh,
    descEn: p.descEn,
    dialogZh: p.dialogZh,
    dialogEn: p.dialogEn,
    type: { id: p.type },
    purpose: { id: p.purpose },
    isShow: p.isShow,
    isMust: p.isMust,
    isReadonly: p.isReadonly,
    isActive: p.isActive,
    isChineseOnly: p.isChineseOnly,
    isForeignerOnly: p.isForeignerOnly,
    isPrivate: p.isPrivate,
    isApplication: p.isApplication,
    match: p.match,
    index: p.sortIndex,
    parent: p.parentId ? { id: p.parentId } : null,
    reasonProperty: p.reasonPropertyId ? { id: p.reasonPropertyId } : null,
    reasonValue: p.reasonValue,
    options: options.map((o) => ({
      id: o.id,
      textZh: o.textZh,
      textEn: o.textEn,
      descZh: o.descZh,
      descEn: o.descEn,
      value: o.value,
      parent: o.parentId ? { id: o.parentId } : null,
      index: o.sortIndex,
    })),
  };
}

export type PropertyView = ReturnType<typeof view>;

async function load(ctx: Pick<Ctx, "db">, onlyShown: boolean): Promise<PropertyView[]> {
  const { db } = ctx;
  const rows = await db
    .select()
    .from(properties)
    .where(onlyShown ? eq(properties.isShow, true) : undefined)
    .orderBy(asc(properties.sortIndex), asc(properties.id));
  if (rows.length === 0) return [];
  const options = await db
    .select()
    .from(propertyOptions)
    .where(inArray(propertyOptions.propertyId, rows.map((r) => r.id)))
    .orderBy(asc(propertyOptions.sortIndex), asc(propertyOptions.id));
  return rows.map((p) => view(p, options.filter((o) => o.propertyId === p.id)));
}

/** The given fields, in display order (an activity's form). */
export async function propertyViews(ctx: Pick<Ctx, "db">, ids: readonly number[]): Promise<PropertyView[]> {
  const { db } = ctx;
  if (ids.length === 0) return [];
  const rows = await db.select().from(properties).where(inArray(properties.id, [...ids])).orderBy(asc(properties.sortIndex), asc(properties.id));
  const options = await db
    .select()
    .from(propertyOptions)
    .where(inArray(propertyOptions.propertyId, rows.map((r) => r.id)))
    .orderBy(asc(propertyOptions.sortIndex), asc(propertyOptions.id));
  return rows.map((p) => view(p, options.filter((o) => o.propertyId === p.id)));
}

/** The fields a member sees and fills, in display order. */
export async function shownProperties({ ctx }: { ctx: Ctx }) {
  return { list: await load(ctx, true) };
}

/** Every field, hidden ones too, for staff forms. */
export async function allProperties({ ctx }: { ctx: Ctx }) {
  return { list: await load(ctx, false) };
}

export async function listCountries({ ctx }: { ctx: Ctx }) {
  const rows = await ctx.db.select().from(countries).orderBy(asc(countries.sortIndex), asc(countries.id));
  return { list: rows.map((c) => ({ id: c.id, nameZh: c.nameZh, nameEn: c.nameEn, type: { id: c.type } })) };
}

/** The roles ("status") an operator may give a member, with their powers. */
export async function listRoles({ ctx }: { ctx: Ctx }) {
  const [roleRows, powerRows] = await Promise.all([
    ctx.db.select().from(roles).orderBy(asc(roles.id)),
    ctx.db.select().from(rolePowers),
  ]);
  return {
    list: roleRows.map((r) => ({
      id: r.id,
      code: r.code,
      nameZh: r.nameZh,
      nameEn: r.nameEn,
      powers: powerRows.filter((p) => p.roleId === r.id).map((p) => ({ code: p.power })),
    })),
  };
}
