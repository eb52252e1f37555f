// Taking places and stock for a sub-order, and giving them back, inside the
// caller's transaction. Every take is one conditional UPDATE that refuses to
// pass its cap, so nothing is read and then written; rows are always locked
// in one order (team, activity, cycle, options by id, gifts by id), so two
// sign-ups never wait on each other in a circle.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { rowsOf } from "../../db/sql";
import type { ResultCode } from "../../protocol/types";

export type Claim = {
  activityId: number;
  /** The team, when it has a total quota. */
  teamId: number | null;
  places: number;
  /** The cycle and its cap, when the activity is periodic. */
  cycle: { number: number; cap: number } | null;
  /** Option ids (one place each) and gift ids (one per family member who chose it). */
  options: number[];
  gifts: number[];
};

/** How many of each id, in id order. */
function tally(ids: readonly number[]): [number, number][] {
  const counts = new Map<number, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => a[0] - b[0]);
}

/** Takes everything the claim needs, or names what was full (the caller rolls back). */
export async function takePlaces(db: DbOrTx, claim: Claim): Promise<ResultCode | null> {
  const n = claim.places;
  if (n > 0 && claim.teamId !== null) {
    const team = await db.execute(sql`update teams set used = used + ${n} where id = ${claim.teamId} and (cap is null or used + ${n} <= cap) returning id`);
    if (rowsOf(team).length === 0) return "ERROR_SIGN_FULL";
  }
  if (n > 0) {
    const activity = await db.execute(sql`update activities set used = used + ${n} where id = ${claim.activityId} and (cap is null or used + ${n} <= cap) returning id`);
    if (rowsOf(activity).length === 0) return "ERROR_SIGN_FULL";
  }
  if (n > 0 && claim.cycle) {
    if (n > claim.cycle.cap) return "ERROR_SIGN_FULL";
    const cycle = await db.execute(sql`
      insert into activity_cycles (activity_id, cycle, used) values (${claim.activityId}, ${claim.cycle.number}, ${n})
      on conflict (activity_id, cycle) do update set used = activity_cycles.used + ${n}
        where activity_cycles.used + ${n} <= ${claim.cycle.cap}
      returning used`);
    if (rowsOf(cycle).length === 0) return "ERROR_SIGN_FULL";
  }
  for (const [id, k] of tally(claim.options)) {
    const option = await db.execute(sql`update question_options set used = used + ${k} where id = ${id} and (cap is null or used + ${k} <= cap) returning id`);
    if (rowsOf(option).length === 0) return "ERROR_SIGN_OPTION_FULL";
  }
  for (const [id, k] of tally(claim.gifts)) {
    const gift = await db.execute(sql`update gifts set used = used + ${k} where id = ${id} and (cap is null or used + ${k} <= cap) returning id`);
    if (rowsOf(gift).length === 0) return "ERROR_SIGN_QUOTA_FULL";
  }
  return null;
}

/** Gives a cancelled sub-order's places and stock back, in the same order, and tells instances places came back. */
export async function givePlacesBack(db: DbOrTx, claim: Claim) {
  const n = claim.places;
  if (n > 0 && claim.teamId !== null) await db.execute(sql`update teams set used = greatest(used - ${n}, 0) where id = ${claim.teamId}`);
  await db.execute(sql`update activities set used = greatest(used - ${n}, 0), version = version + 1 where id = ${claim.activityId}`);
  if (n > 0 && claim.cycle)
    await db.execute(sql`update activity_cycles set used = greatest(used - ${n}, 0) where activity_id = ${claim.activityId} and cycle = ${claim.cycle.number}`);
  for (const [id, k] of tally(claim.options)) await db.execute(sql`update question_options set used = greatest(used - ${k}, 0) where id = ${id}`);
  for (const [id, k] of tally(claim.gifts)) await db.execute(sql`update gifts set used = greatest(used - ${k}, 0) where id = ${id}`);
}
