// Home-page banners (spec 2 sections 2, 3, 5 and 9): staff with
// FUNCTION_ACTIVITY_EDIT list, read, save and delete them; every member reads
// the ones online now, highest order first, each with its target resolved.
import { Type as t } from "@sinclair/typebox";
import { and, count, desc, eq, gt, isNotNull, isNull, lte, or } from "drizzle-orm";
import { activities, banners, modules, news } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { cleanText } from "../../protocol/identity";
import { BANNER_PAGE_SIZE } from "../../protocol/limits";
import { page, refuse, refuseField } from "../../protocol/result";
import { JUMP_KIND, MODULE_MODEL } from "../../protocol/enumerations";
import type { Ctx, MemberCtx } from "../context";
import { memberOf } from "../signup";
import { visibleModules } from "../activity/catalogue";
import { idField, isoOf, timeOf } from "../shared/fields";
import { inLanguage } from "../shared/language";
import { JUMP_TARGETS, paramsOf } from "./targets";

type BannerRow = typeof banners.$inferSelect;

export const bannerView = (row: BannerRow) => ({
  id: row.id,
  nameZh: row.nameZh,
  nameEn: row.nameEn,
  index: row.sortIndex,
  show: isoOf(row.showAt),
  hide: isoOf(row.hideAt),
  jump: row.jump === null ? null : { id: row.jump },
  param: row.param,
  params: paramsOf(row.jump, row.param),
  face: row.face,
});

const time = t.Optional(t.Union([t.String({ maxLength: 40 }), t.Null()]));

// Spec 2 section 7 sends `params` as JSON text; here it is the same object, typed and bounded
// (as /order/sign's properties): the verb names the first bad field.
export const bannerInput = t.Object({
  params: t.Object({
    id: t.Optional(idField),
    nameZh: t.String({ maxLength: 400 }),
    nameEn: t.String({ maxLength: 400 }),
    /** Sent only when above 0 (spec 2 section 5). */
    index: t.Optional(t.Integer({ minimum: 1, maximum: 1_000_000 })),
    show: time,
    hide: time,
    jump: t.Optional(t.Union([t.Integer({ minimum: 0, maximum: 1_000_000 }), t.Null()])),
    param: t.Optional(t.Union([t.String({ maxLength: 40 }), t.Null()])),
    face: t.Optional(t.Union([t.String({ maxLength: 200 }), t.Null()])),
  }),
});
export type BannerInput = typeof bannerInput.static;

/** An image address as /file/upload/image answers it. */
const FACE = /^\/api\/file\/get\?key=[0-9a-f]{64}\.(png|jpg)$/;

/** Whether the target a parameter names exists (a banner leading nowhere is refused when saved). */
async function targetExists(ctx: Ctx, jump: number, id: number): Promise<boolean> {
  const market = eq(modules.model, MODULE_MODEL.MODULE_MODEL_MARKET);
  const activity = eq(modules.model, MODULE_MODEL.MODULE_MODEL_ACTIVITY);
  let rows: unknown[] = [];
  if (jump === JUMP_KIND.MARKET_LIST || jump === JUMP_KIND.MODULE_INFO)
    rows = await ctx.db.select({ id: modules.id }).from(modules).where(and(eq(modules.id, id), jump === JUMP_KIND.MARKET_LIST ? market : activity));
  else if (jump === JUMP_KIND.MARKET_INFO || jump === JUMP_KIND.ACTIVITY_INFO)
    rows = await ctx.db
      .select({ id: activities.id })
      .from(activities)
      .innerJoin(modules, eq(modules.id, activities.moduleId))
      .where(and(eq(activities.id, id), jump === JUMP_KIND.MARKET_INFO ? market : activity));
  else if (jump === JUMP_KIND.CONTENT_INFO) rows = await ctx.db.select({ id: news.id }).from(news).where(eq(news.id, id));
  return rows.length > 0;
}

/** The checked, cleaned banner; ERROR_PARAMS { field } names the first bad field in the editor's order. */
async function checkBanner(ctx: Ctx, input: BannerInput["params"]) {
  const nameZh = cleanText(input.nameZh);
  if (!nameZh || nameZh.length > 100) refuseField("nameZh");
  const nameEn = cleanText(input.nameEn);
  if (!nameEn || nameEn.length > 200) refuseField("nameEn");
  // The order is sent only when it is a number above 0 (spec 2 section 5); left out, a banner sorts with order 1.
  const sortIndex = input.index ?? 1;
  const showAt = timeOf(input.show ?? undefined, "show");
  const hideAt = timeOf(input.hide ?? undefined, "hide");
  if (showAt && hideAt && hideAt <= showAt) refuseField("hide");
  const jump = input.jump ?? null;
  let param: string | null = null;
  if (jump !== null) {
    const target = JUMP_TARGETS[jump];
    if (!target) refuseField("jump");
    const raw = (input.param ?? "").trim();
    if (!raw) refuseField("param", { name: target.web.name });
    if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647 || !(await targetExists(ctx, jump, Number(raw))))
      refuseField("param", { name: target.web.name, reason: "target" });
    param = raw;
  }
  const face = input.face?.trim() || null;
  if (face !== null && !FACE.test(face)) refuseField("face");
  return { nameZh, nameEn, sortIndex, showAt, hideAt, jump, param, face };
}

export async function listBanners({ ctx, input }: { ctx: Ctx; input: { index?: number } }) {
  const [{ n }] = (await ctx.db.select({ n: count() }).from(banners)) as [{ n: number }];
  const p = page(input.index, Number(n), BANNER_PAGE_SIZE);
  const rows = await ctx.db.select().from(banners).orderBy(desc(banners.sortIndex), desc(banners.id)).limit(p.size).offset(p.offset);
  return { list: rows.map(bannerView), count: p.count, max: p.max, index: p.index };
}

async function bannerOf(ctx: Ctx, id: number): Promise<BannerRow> {
  const [row] = await ctx.db.select().from(banners).where(eq(banners.id, id));
  if (!row) refuse("ERROR_RESULT_NULL");
  return row;
}

export async function bannerInfo({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  return { info: bannerView(await bannerOf(ctx, input.id)) };
}

export async function saveBanner({ ctx, input }: { ctx: CommandCtx; input: BannerInput }) {
  const fields = await checkBanner(ctx, input.params);
  if (input.params.id === undefined) {
    const [row] = await ctx.db.insert(banners).values({ ...fields, createdAt: ctx.now, updatedAt: ctx.now }).returning();
    return { info: bannerView(row!), audit: { entity: "banner", id: row!.id, detail: fields.nameZh } };
  }
  await bannerOf(ctx, input.params.id);
  const [row] = await ctx.db.update(banners).set({ ...fields, updatedAt: ctx.now }).where(eq(banners.id, input.params.id)).returning();
  return { info: bannerView(row!), audit: { entity: "banner", id: row!.id, detail: fields.nameZh } };
}

export async function deleteBanner({ ctx, input }: { ctx: CommandCtx; input: { id: number } }) {
  const [row] = await ctx.db.delete(banners).where(eq(banners.id, input.id)).returning();
  if (!row) refuse("ERROR_RESULT_NULL");
  return { audit: { entity: "banner", id: row.id, detail: row.nameZh } };
}

/**
 * The carousel: banners online now (online time reached, offline time not
 * yet), highest order first; then the modules whose editors put them on the
 * home carousel (spec 2 section 5), in their window, that the member may see,
 * each opening its module. `key` tells the two apart.
 */
export async function onlineBanners({ ctx }: { ctx: MemberCtx }) {
  const rows = await ctx.db
    .select()
    .from(banners)
    .where(and(or(isNull(banners.showAt), lte(banners.showAt, ctx.now)), or(isNull(banners.hideAt), gt(banners.hideAt, ctx.now))))
    .orderBy(desc(banners.sortIndex), desc(banners.id));
  const member = await memberOf(ctx, ctx.actor);
  const carousel = await visibleModules(
    ctx,
    member,
    and(eq(modules.isTitle, true), isNotNull(modules.titleFace), or(isNull(modules.showStart), lte(modules.showStart, ctx.now)), gt(modules.showEnd, ctx.now)),
  );
  const fromModules = carousel.map((m) => {
    const jump = m.model === MODULE_MODEL.MODULE_MODEL_MARKET ? JUMP_KIND.MARKET_LIST : JUMP_KIND.MODULE_INFO;
    const row: BannerRow = { id: m.id, nameZh: m.nameZh, nameEn: m.nameEn, sortIndex: 0, showAt: m.showStart, hideAt: m.showEnd, jump, param: String(m.id), face: m.titleFace, createdAt: m.createdAt, updatedAt: m.createdAt };
    return { ...bannerView(row), key: `module-${m.id}`, name: inLanguage(ctx, m.nameZh, m.nameEn) };
  });
  return { list: [...rows.map((row) => ({ ...bannerView(row), key: `banner-${row.id}`, name: inLanguage(ctx, row.nameZh, row.nameEn) })), ...fromModules] };
}
