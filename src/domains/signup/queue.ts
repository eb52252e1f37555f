// How sign-ups meet the kit's write queue and unique indexes.
import type { ResultCode } from "../../protocol/result-codes";

/**
 * The write queue of an activity's places (src/http/kit.ts `queue`): its
 * sign-ups and the checkouts of it alone wait there and are written in
 * batches, so a hot item's row is locked once per batch, whichever way the
 * members came.
 */
export const activityQueue = (activity: number) => `activity:${activity}`;

/** A second press of the same member, or the same family member twice, meets a unique index: its refusal. */
export const seatConflicts: Record<string, ResultCode> = {
  order_items_member_seat_idx: "ERROR_SIGN_FINISH",
  order_items_team_seat_idx: "ERROR_SIGN_FINISH",
  order_families_identity_idx: "ERROR_SIGN_FAMILY",
};
