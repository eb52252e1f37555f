// How sign-ups meet the kit's write queue, its batch writer and unique indexes.
import type { BatchWriter } from "../../http/kit";
import { message } from "../../protocol/result";
import type { ResultCode } from "../../protocol/result-codes";
import { type OrderPlan, placeOrders } from "./writer";

/**
 * The write queue of an activity's places (src/http/kit.ts `queue`): its
 * sign-ups and the checkouts of it alone wait there and are written in
 * batches, so a hot item's row is locked once per batch, whichever way the
 * members came.
 */
export const activityQueue = (activity: number) => `activity:${activity}`;

/**
 * Sign-ups and checkouts share one batch writer (./writer.ts): a batch of an
 * activity's queue is written with set-based statements, each order judged
 * alone. An order of an activity this instance knows is full is answered at
 * once, never after the winners' writes (./sold-out.ts).
 */
export const orderWriter: BatchWriter<OrderPlan> = {
  write: placeOrders,
  ahead(ctx, plan) {
    // A waiting-list offer's sign-up has its place held: the activity is full for everyone else, not for it.
    const full = plan.units.find((u) => u.draft.offer === null && ctx.app.soldOut.has(u.draft.loaded.activity.id));
    return full ? message("ERROR_SIGN_FULL", { activity: full.draft.loaded.activity.id }) : null;
  },
};

/** A second press of the same member, or the same family member twice, meets a unique index: its refusal. */
export const seatConflicts: Record<string, ResultCode> = {
  order_items_member_seat_idx: "ERROR_SIGN_FINISH",
  order_items_team_seat_idx: "ERROR_SIGN_FINISH",
  order_families_identity_idx: "ERROR_SIGN_FAMILY",
};
