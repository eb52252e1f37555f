// The trolley (spec 2 sections 2-4 and 7): one row per market item, holding
// the sign-up draft its checkout submits. Adding runs the sign-up's own
// checks (standing, questionnaire against its draw, family rules), so what
// is in the trolley could be signed up now; address and points come at
// checkout (./checkout.ts), which checks everything again.
import { Type as t } from "@sinclair/typebox";
import { and, asc, eq, sql, sum } from "drizzle-orm";
import { activities, cartRows, teams } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { MODULE_MODEL } from "../../protocol/enumerations";
import { refuse, refuseField } from "../../protocol/result";
import { RESULT } from "../../protocol/result-codes";
import type { MemberCtx } from "../context";
import { checkDraft, heldBy, loadActivity, memberOf, signInput, standingOf } from "../signup";

/** Rows one member may keep (not in the spec: a trolley, not a warehouse). */
export const MAX_CART_ROWS = 30;

export const cartAddInput = t.Object({ ...t.Pick(signInput, ["activity", "quests", "clans", "time", "draw"]).properties, count: t.Literal(1) });
export type CartAddInput = typeof cartAddInput.static;

async function badge(ctx: MemberCtx) {
  const [row] = await ctx.db.select({ n: sum(cartRows.count) }).from(cartRows).where(eq(cartRows.userId, ctx.actor.id));
  return { count: Number(row?.n ?? 0) };
}

export const cartCount = ({ ctx }: { ctx: MemberCtx }) => badge(ctx);

/** The member's own row, locked; someone else's or a missing one is ERROR_RESULT_NULL. */
async function ownRow(ctx: MemberCtx, id: number) {
  const [row] = await ctx.db
    .select()
    .from(cartRows)
    .where(and(eq(cartRows.id, id), eq(cartRows.userId, ctx.actor.id)))
    .for("update");
  if (!row) refuse("ERROR_RESULT_NULL");
  return row;
}

/** How many more units the member may hold of the item: its maximum less their live orders (this cycle). */
async function roomFor(ctx: MemberCtx, activityId: number) {
  const loaded = await loadActivity(ctx, activityId);
  if (!loaded) refuse("ERROR_RESULT_NULL");
  const member = await memberOf(ctx, ctx.actor);
  const standing = await standingOf(ctx, loaded, member);
  const { held } = await heldBy(ctx, loaded, ctx.actor.id, standing.cycle);
  return loaded.activity.formCount - held;
}

/** Before the transaction: the draft passes the sign-up's checks, for a market item. */
export async function prepareAdd({ ctx, input }: { ctx: MemberCtx; input: CartAddInput }) {
  const draft = await checkDraft(ctx, input);
  if (draft.loaded.module.model !== MODULE_MODEL.MODULE_MODEL_MARKET) refuseField("activity");
  return draft;
}

/**
 * Adds the item, or one more of it: the draft is the latest answered; a row
 * carrying family members stays at one (each family member is carried once
 * per activity). Refused past the item's per-member maximum.
 */
export async function addToCart({ ctx, input, prepared }: { ctx: CommandCtx<MemberCtx>; input: CartAddInput; prepared: Awaited<ReturnType<typeof prepareAdd>> }) {
  const draft = prepared;
  const single = draft.kin.length > 0;
  const values = {
    quests: draft.quiz?.values ?? [],
    draw: input.draw ?? null,
    clans: input.clans ?? [],
    time: draft.quiz?.time ?? input.time ?? null,
    updatedAt: ctx.now,
  };
  const [row] = await ctx.db
    .insert(cartRows)
    .values({ userId: ctx.actor.id, activityId: input.activity, count: 1, checked: true, createdAt: ctx.now, ...values })
    .onConflictDoUpdate({
      target: [cartRows.userId, cartRows.activityId],
      set: { ...values, checked: true, count: single ? sql`1` : sql`${cartRows.count} + 1` },
    })
    .returning({ id: cartRows.id, count: cartRows.count });
  const room = draft.loaded.activity.formCount - (await heldBy(ctx, draft.loaded, ctx.actor.id, draft.standing.cycle)).held;
  if (row!.count > room) refuse("ERROR_SIGN_FINISH", { activity: input.activity });
  const [{ rows }] = (await ctx.db.select({ rows: sql<number>`count(*)::int` }).from(cartRows).where(eq(cartRows.userId, ctx.actor.id))) as [{ rows: number }];
  if (rows > MAX_CART_ROWS) refuseField("rows", { max: MAX_CART_ROWS });
  return { ...(await badge(ctx)), audit: { entity: "cart", id: row!.id, detail: `activity ${input.activity} x${row!.count}` } };
}

/** The rows, oldest first, each with its item and whether it could be signed up now. */
export async function listCart({ ctx }: { ctx: MemberCtx }) {
  const rows = await ctx.db
    .select({ row: cartRows, activity: activities, team: teams })
    .from(cartRows)
    .innerJoin(activities, eq(activities.id, cartRows.activityId))
    .leftJoin(teams, eq(teams.id, activities.teamId))
    .where(eq(cartRows.userId, ctx.actor.id))
    .orderBy(asc(cartRows.id));
  const member = await memberOf(ctx, ctx.actor);
  const list = [];
  for (const { row, activity: a, team } of rows) {
    const loaded = await loadActivity(ctx, a.id);
    const standing = loaded ? await standingOf(ctx, loaded, member) : null;
    const code = standing?.outcome ?? "ERROR_RESULT_NULL";
    list.push({
      id: row.id,
      checked: row.checked,
      count: row.count,
      activity: {
        id: a.id,
        nameZh: a.nameZh,
        nameEn: a.nameEn,
        face: a.face ?? team?.face ?? null,
        price: a.price,
        integral: a.integral,
        deduction: a.deduction,
        mustIntegral: a.mustIntegral,
        hasAddress: a.hasAddress,
        formCount: a.formCount,
      },
      sign: { id: RESULT[code], code },
      remaining: standing?.remaining ?? null,
      quests: row.quests,
      clans: row.clans,
      time: row.time,
    });
  }
  return { list };
}

/** all=1 deletes the row; all=0 takes one off its count (a row at one stays). */
export async function subCart({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: { all: 0 | 1; id: number } }) {
  const row = await ownRow(ctx, input.id);
  if (input.all === 1) await ctx.db.delete(cartRows).where(eq(cartRows.id, row.id));
  else await ctx.db.update(cartRows).set({ count: Math.max(1, row.count - 1), updatedAt: ctx.now }).where(eq(cartRows.id, row.id));
  return { ...(await badge(ctx)), audit: { entity: "cart", id: row.id, detail: input.all === 1 ? "delete" : "minus" } };
}

/** One more of a row's item, up to the item's maximum; a row carrying family members stays at one. */
export async function plusCart({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: { id: number } }) {
  const row = await ownRow(ctx, input.id);
  if (row.clans.length > 0 || row.count + 1 > (await roomFor(ctx, row.activityId))) refuse("ERROR_SIGN_FINISH", { activity: row.activityId });
  await ctx.db.update(cartRows).set({ count: row.count + 1, updatedAt: ctx.now }).where(eq(cartRows.id, row.id));
  return { ...(await badge(ctx)), audit: { entity: "cart", id: row.id, detail: "plus" } };
}

export async function checkRow({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: { id: number } }) {
  const row = await ownRow(ctx, input.id);
  await ctx.db.update(cartRows).set({ checked: !row.checked }).where(eq(cartRows.id, row.id));
  return { checked: !row.checked, audit: { entity: "cart", id: row.id, detail: row.checked ? "uncheck" : "check" } };
}

export async function checkAll({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: { check: 0 | 1 } }) {
  await ctx.db.update(cartRows).set({ checked: input.check === 1 }).where(eq(cartRows.userId, ctx.actor.id));
  return { audit: { entity: "cart", id: ctx.actor.id, detail: input.check === 1 ? "check all" : "uncheck all" } };
}
