// Checkout (/market/place, spec 2 sections 2, 4, 5 and 8): every checked row
// of the trolley signed up in one transaction, as one order the member pays
// once. Before the transaction each row's draft passes the sign-up's checks
// again (the first refusal is answered, naming its item); then placeOrder
// takes every row's places in one lock order, so either all rows get their
// places or none does. The rows leave the trolley with the same commit.
import { Type as t } from "@sinclair/typebox";
import { and, asc, eq } from "drizzle-orm";
import { cartRows } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { DomainError, refuse } from "../../protocol/result";
import { ACTIVITY_STATE } from "../../protocol/enumerations";
import type { MemberCtx } from "../context";
import { idField } from "../shared/fields";
import { activityQueue, addressOf, chargeOf, checkDraft, memberOf, type OrderPlan, placeOrder, type Unit } from "../signup";

export const placeInput = t.Object({ integral: t.Union([t.Literal(0), t.Literal(1)]), address: t.Optional(t.Union([idField, t.Null()])) });
export type PlaceInput = typeof placeInput.static;

/** A refusal of one row's check, answered with the item it was about. */
async function naming<T>(activity: number, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof DomainError) refuse(error.code, { ...error.params, activity });
    throw error;
  }
}

/** Before the transaction: every checked row checked as a sign-up, the address, the points. */
export async function prepareCheckout({ ctx, input }: { ctx: MemberCtx; input: PlaceInput }) {
  const rows = await ctx.db
    .select()
    .from(cartRows)
    .where(and(eq(cartRows.userId, ctx.actor.id), eq(cartRows.checked, true)))
    .orderBy(asc(cartRows.id));
  if (rows.length === 0) refuse("ERROR_CART_EMPTY");
  const member = await memberOf(ctx, ctx.actor);
  const deduct = input.integral === 1;
  const units: Unit[] = [];
  for (const row of rows) {
    const draft = await naming(row.activityId, () =>
      checkDraft(ctx, { activity: row.activityId, quests: row.quests, clans: row.clans, draw: row.draw, time: row.time ?? undefined }, member),
    );
    // The deduction where the item allows it; an item without one is paid in full.
    const charge = (deduct && chargeOf(draft.loaded.activity, true)) || chargeOf(draft.loaded.activity, false)!;
    for (let n = 0; n < row.count; n++) units.push({ draft, charge, time: row.time });
  }
  const first = units[0]!.draft;
  // A preview item makes a preview order: never mixed with real ones.
  const previews = units.filter((u) => u.draft.loaded.activity.state === ACTIVITY_STATE.ACTIVITY_STATE_PREVIEW);
  if (previews.length > 0 && previews.length < units.length) refuse("ERROR_SIGN_PARAMS", { field: "preview", activity: previews[0]!.draft.loaded.activity.id });
  if (deduct && !units.some((u) => chargeOf(u.draft.loaded.activity, true))) refuse("ERROR_SIGN_DEDUCTION");
  const delivered = units.find((u) => u.draft.loaded.activity.hasAddress);
  const address = delivered ? await naming(delivered.draft.loaded.activity.id, () => addressOf(ctx, delivered.draft.loaded, input.address)) : null;
  const points = units.reduce((n, u) => n + u.charge.points, 0);
  if (points > first.standing.points) refuse(units.some((u) => u.draft.loaded.activity.mustIntegral) ? "ERROR_SIGN_INTEGRAL" : "ERROR_SIGN_DEDUCTION");
  return { units, address, deducted: deduct && units.some((u) => u.charge.points > 0 && !u.draft.loaded.activity.mustIntegral), rows: rows.map((r) => r.id) };
}

export type PreparedCheckout = Awaited<ReturnType<typeof prepareCheckout>>;

/**
 * The queue of the checkout's hottest item: the one with the fewest places
 * left (the gift everyone wants when redemption opens), so a checkout of
 * several items waits with that item's sign-ups. The batch writer locks every
 * row of a batch at once in the one lock order, so a checkout's other items
 * never make two queues' batches wait on each other.
 */
export function queueOfCheckout(prepared: PreparedCheckout): string {
  const left = (u: Unit) => u.draft.standing.remaining ?? Number.POSITIVE_INFINITY;
  const hottest = [...prepared.units].sort((a, b) => left(a) - left(b) || a.draft.loaded.activity.id - b.draft.loaded.activity.id)[0]!;
  return activityQueue(hottest.draft.loaded.activity.id);
}

/** What a checkout writes: one order of every unit; the rows checked out leave the trolley (a row added meanwhile stays). */
export const checkoutPlan = ({ prepared }: { prepared: PreparedCheckout }): OrderPlan => ({
  units: prepared.units,
  address: prepared.address,
  deducted: prepared.deducted,
  prefix: "M",
  cartRows: prepared.rows,
});

/** The writes, alone or in its item's batch. */
export async function checkout({ ctx, prepared }: { ctx: CommandCtx<MemberCtx>; input: PlaceInput; prepared: PreparedCheckout }) {
  return placeOrder(ctx, checkoutPlan({ prepared }));
}
