// A market module's categories ("sort", spec 2 sections 2, 5 and 7): the
// category bar of the market page reads them; an editor with
// FUNCTION_ACTIVITY_CREATE adds one (a name of 1-10 characters, serving both
// languages) or deletes one (its items become uncategorised: the foreign
// keys set their category to null).
import { asc, eq } from "drizzle-orm";
import { categories, modules } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { MODULE_MODEL } from "../../protocol/enumerations";
import { refuseField } from "../../protocol/result";
import type { Ctx } from "../context";

/** Spec 2 section 9: a category name has 1-10 characters. */
export const CATEGORY_NAME_MAX = 10;

/** The market module, or ERROR_PARAMS { field: "module" } (the page tells the member to refresh). */
async function marketModule(ctx: Ctx, id: number) {
  const [m] = await ctx.db.select({ id: modules.id, model: modules.model }).from(modules).where(eq(modules.id, id));
  if (!m || m.model !== MODULE_MODEL.MODULE_MODEL_MARKET) refuseField("module");
  return m;
}

export async function listCategories({ ctx, input }: { ctx: Ctx; input: { module: number } }) {
  await marketModule(ctx, input.module);
  const rows = await ctx.db.select().from(categories).where(eq(categories.moduleId, input.module)).orderBy(asc(categories.id));
  return { list: rows.map((c) => ({ id: c.id, nameZh: c.nameZh, nameEn: c.nameEn })) };
}

export async function saveCategory({ ctx, input }: { ctx: CommandCtx<Ctx>; input: { name: string; module: number } }) {
  const name = input.name.trim();
  // Characters as a person counts them (a Chinese character or an emoji is one).
  const length = [...name].length;
  if (length < 1 || length > CATEGORY_NAME_MAX) refuseField("name");
  await marketModule(ctx, input.module);
  const [row] = await ctx.db.insert(categories).values({ moduleId: input.module, nameZh: name, nameEn: name }).returning({ id: categories.id });
  return { id: row!.id, audit: { entity: "category", id: row!.id, detail: `module ${input.module}: ${name}` } };
}

export async function deleteCategory({ ctx, input }: { ctx: CommandCtx<Ctx>; input: { id: number } }) {
  const [row] = await ctx.db.delete(categories).where(eq(categories.id, input.id)).returning();
  if (!row) refuseField("id");
  return { audit: { entity: "category", id: row.id, detail: `module ${row.moduleId}: ${row.nameZh}` } };
}
