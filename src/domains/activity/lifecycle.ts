// An activity's lifecycle (spec 3 section 4.1): publish (preview -> normal),
// take offline (normal -> offline), revert to preview (normal -> preview),
// and copy. Offline has no actions. Publishing deletes the preview orders
// (an editor's test sign-ups) after giving back their places, stock and
// points; an activity reverted to preview loses the orders of its published
// time at the next publish or save: they are cancelled, everything they took
// given back, and a paid one's payment marked for refund (docs/decisions.md).
// Locks: the orders first (as a member's cancel takes them), then the team,
// then the activity (as a sign-up takes its places).
import { Type as t } from "@sinclair/typebox";
import { and, asc, eq, inArray } from "drizzle-orm";
import { activities, activityProperties, orderItems, orders, payments, teams } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { ACTIVITY_STATE, ORDER_STATE, PAY_STATE } from "../../protocol/enumerations";
import { refuse } from "../../protocol/result";
import type { Ctx, MemberCtx } from "../context";
import { cancelOrder } from "../order/lifecycle";
import type { LineCtx } from "../signup";
import { idField } from "../shared/fields";

export const stateInput = t.Object({ id: idField, state: t.Integer({ minimum: -1_000_000, maximum: 1_000_000 }) });

const { ACTIVITY_STATE_PREVIEW: PREVIEW, ACTIVITY_STATE_NORMAL: NORMAL, ACTIVITY_STATE_OFFLINE: OFFLINE } = ACTIVITY_STATE;

/** The moves spec 3 section 4.1 offers, from -> to. */
const MOVES: Record<number, readonly number[]> = { [PREVIEW]: [NORMAL], [NORMAL]: [OFFLINE, PREVIEW], [OFFLINE]: [] };

export const canMove = (from: number, to: number): boolean => MOVES[from]?.includes(to) ?? false;

/** Live orders holding a sub-order of the activity in the given states. */
async function ordersOf(ctx: Pick<Ctx, "db">, activityId: number, states: number[]) {
  const rows = await ctx.db
    .selectDistinct({ id: orders.id, state: orders.state, amount: orders.amount })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orderItems.activityId, activityId), inArray(orders.state, states)))
    .orderBy(asc(orders.id));
  return rows;
}

/** Which orders a clear takes: the preview ones (an editor's tests), and those of the activity's published time (it is back in preview). */
export type Clear = { preview: boolean; published: boolean };

const clearedStates = (clear: Clear) => [
  ...(clear.preview ? [ORDER_STATE.ORDER_STATE_PREVIEW] : []),
  ...(clear.published ? [ORDER_STATE.ORDER_STATE_WAIT, ORDER_STATE.ORDER_STATE_SUCCESS] : []),
];

/** Locks the orders a clear will take, before the team and the activity (the order a member's cancel locks them in). */
export async function lockOrdersToClear(ctx: Pick<Ctx, "db">, activityId: number, clear: Clear) {
  const states = clearedStates(clear);
  const rows = states.length ? await ordersOf(ctx, activityId, states) : [];
  if (rows.length) await ctx.db.select({ id: orders.id }).from(orders).where(inArray(orders.id, rows.map((r) => r.id))).orderBy(asc(orders.id)).for("update");
}

/**
 * Takes the activity's orders away: preview orders are cancelled (places,
 * stock and points back) and deleted; those of its published time are
 * cancelled, and a paid one's payment marked PAY_STATE_REFUND_OWED. Answers how
 * many of each.
 */
export async function clearOrders(ctx: LineCtx, activityId: number, clear: Clear) {
  const { db } = ctx;
  const states = clearedStates(clear);
  const rows = states.length ? await ordersOf(ctx, activityId, states) : [];
  let deleted = 0;
  let cancelled = 0;
  for (const order of rows) {
    if (order.state === ORDER_STATE.ORDER_STATE_SUCCESS && order.amount > 0)
      await db
        .update(payments)
        .set({ state: PAY_STATE.PAY_STATE_REFUND_OWED, owedWhy: "reverted" })
        .where(and(eq(payments.kind, "order"), eq(payments.refId, order.id), eq(payments.state, PAY_STATE.PAY_STATE_SUCCESS)));
    await cancelOrder(ctx, order.id);
    if (order.state === ORDER_STATE.ORDER_STATE_PREVIEW) {
      await db.delete(orders).where(eq(orders.id, order.id));
      deleted++;
    } else cancelled++;
  }
  return { deleted, cancelled };
}

/** The activity row locked, after its team's and any other team named (the lock order of sign-up: teams by id, then the activity). */
export async function lockActivity(ctx: Pick<Ctx, "db">, id: number, otherTeams: readonly (number | null)[] = []) {
  const { db } = ctx;
  const [peek] = await db.select({ teamId: activities.teamId }).from(activities).where(eq(activities.id, id));
  if (!peek) refuse("ERROR_RESULT_NULL");
  const teamIds = [...new Set([peek.teamId, ...otherTeams].filter((t): t is number => t !== null))].sort((a, b) => a - b);
  if (teamIds.length) await db.select({ id: teams.id }).from(teams).where(inArray(teams.id, teamIds)).orderBy(asc(teams.id)).for("update");
  const [row] = await db.select().from(activities).where(eq(activities.id, id)).for("update");
  if (!row) refuse("ERROR_RESULT_NULL");
  return row;
}

/** /activity/state: publish, take offline or revert to preview; anything else is ERROR_ACTIVITY_STATE. */
export async function changeState({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: typeof stateInput.static }) {
  const [peek] = await ctx.db.select({ state: activities.state }).from(activities).where(eq(activities.id, input.id));
  if (!peek) refuse("ERROR_RESULT_NULL");
  if (!canMove(peek.state, input.state)) refuse("ERROR_ACTIVITY_STATE", { state: peek.state });
  const publishing = input.state === NORMAL;
  const clear = { preview: publishing, published: publishing };
  await lockOrdersToClear(ctx, input.id, clear);
  const row = await lockActivity(ctx, input.id);
  // Another editor moved it meanwhile.
  if (row.state !== peek.state) refuse("ERROR_ACTIVITY_STATE", { state: row.state });
  const cleared = await clearOrders(ctx, input.id, clear);
  await ctx.db.update(activities).set({ state: input.state, updatedAt: ctx.now }).where(eq(activities.id, input.id));
  const detail = `${row.state}->${input.state}${publishing ? ` deleted ${cleared.deleted}, cancelled ${cleared.cancelled}` : ""}`;
  return { state: { id: input.state }, ...cleared, audit: { entity: "activity", id: input.id, detail } };
}

/** Spec 3 section 4.1: the copy's names say it is one. */
export const copyNames = (zh: string, en: string) => ({ nameZh: `${zh}（副本）`, nameEn: `${en} (copy)` });

/**
 * /activity/copy: a new activity in preview in the same module, with the
 * basic info, texts, layout, cover and property rows; without the team and
 * its tags, questionnaire, relationship rules and conditions (the copy's
 * warning says so). Answers the copy's id.
 */
export async function copyActivity({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: { id: number } }) {
  const [a] = await ctx.db.select().from(activities).where(eq(activities.id, input.id));
  if (!a) refuse("ERROR_RESULT_NULL");
  if (a.state === OFFLINE) refuse("ERROR_ACTIVITY_STATE", { state: a.state });
  const { id: _, used: _used, version: _version, teamId: _team, createdAt: _c, updatedAt: _u, ...fields } = a;
  const [copy] = await ctx.db
    .insert(activities)
    .values({
      ...fields,
      ...copyNames(a.nameZh, a.nameEn),
      state: PREVIEW,
      // No team, so no default activity; no relationships, so the member counts.
      isMain: false,
      calUserCount: true,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning({ id: activities.id });
  const rows = await ctx.db.select().from(activityProperties).where(eq(activityProperties.activityId, a.id));
  if (rows.length) await ctx.db.insert(activityProperties).values(rows.map((r) => ({ ...r, activityId: copy!.id })));
  return { id: copy!.id, audit: { entity: "activity", id: copy!.id, detail: `copy of ${a.id}` } };
}
