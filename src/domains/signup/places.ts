// Taking places and stock for a sub-order, and giving them back, inside the
// caller's transaction. Every take is one conditional UPDATE that refuses to
// pass its cap, so nothing is read and then written; rows are always locked
// in one order (teams, activities, cycles, options, gifts, each kind by id),
// so two sign-ups or checkouts never wait on each other in a circle.
import { sql } from "drizzle-orm";
import type { Ctx } from "../context";
import { rowsOf } from "../../db/sql";
import type { ResultCode } from "../../protocol/result-codes";

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

/** What refused a take, and the claim (by position) that asked for it. */
export type Refusal = { code: ResultCode; claim: number };

/**
 * Takes everything the claims need, or names what was full and the first
 * claim that needed it (the caller rolls back). Several claims (a checkout)
 * are taken as one: each kind of row in id order, kinds in the order above,
 * so a checkout and a sign-up lock rows in the same order.
 */
export async function takeAll(ctx: Pick<Ctx, "db">, claims: readonly Claim[]): Promise<Refusal | null> {
  const { db } = ctx;
  const first = (match: (c: Claim) => boolean) => Math.max(0, claims.findIndex(match));
  const sum = (key: (c: Claim) => number | null) => {
    const totals = new Map<number, number>();
    for (const c of claims) {
      const id = key(c);
      if (id !== null && c.places > 0) totals.set(id, (totals.get(id) ?? 0) + c.places);
    }
    return [...totals.entries()].sort((a, b) => a[0] - b[0]);
  };
  for (const [id, n] of sum((c) => c.teamId)) {
    const team = await db.execute(sql`update teams set used = used + ${n} where id = ${id} and (cap is null or used + ${n} <= cap) returning id`);
    if (rowsOf(team).length === 0) return { code: "ERROR_SIGN_FULL", claim: first((c) => c.teamId === id) };
  }
  for (const [id, n] of sum((c) => c.activityId)) {
    const activity = await db.execute(sql`update activities set used = used + ${n} where id = ${id} and (cap is null or used + ${n} <= cap) returning id`);
    if (rowsOf(activity).length === 0) return { code: "ERROR_SIGN_FULL", claim: first((c) => c.activityId === id) };
  }
  const cycles = new Map<string, { activityId: number; number: number; cap: number; n: number }>();
  for (const c of claims)
    if (c.cycle && c.places > 0) {
      const key = `${c.activityId}:${c.cycle.number}`;
      const had = cycles.get(key);
      cycles.set(key, { activityId: c.activityId, number: c.cycle.number, cap: c.cycle.cap, n: (had?.n ?? 0) + c.places });
    }
  for (const cycle of [...cycles.values()].sort((a, b) => a.activityId - b.activityId || a.number - b.number)) {
    const refused = { code: "ERROR_SIGN_FULL" as const, claim: first((c) => c.activityId === cycle.activityId) };
    if (cycle.n > cycle.cap) return refused;
    const row = await db.execute(sql`
      insert into activity_cycles (activity_id, cycle, used) values (${cycle.activityId}, ${cycle.number}, ${cycle.n})
      on conflict (activity_id, cycle) do update set used = activity_cycles.used + ${cycle.n}
        where activity_cycles.used + ${cycle.n} <= ${cycle.cap}
      returning used`);
    if (rowsOf(row).length === 0) return refused;
  }
  for (const [id, k] of tally(claims.flatMap((c) => c.options))) {
    const option = await db.execute(sql`update question_options set used = used + ${k} where id = ${id} and (cap is null or used + ${k} <= cap) returning id`);
    if (rowsOf(option).length === 0) return { code: "ERROR_SIGN_OPTION_FULL", claim: first((c) => c.options.includes(id)) };
  }
  for (const [id, k] of tally(claims.flatMap((c) => c.gifts))) {
    const gift = await db.execute(sql`update gifts set used = used + ${k} where id = ${id} and (cap is null or used + ${k} <= cap) returning id`);
    if (rowsOf(gift).length === 0) return { code: "ERROR_SIGN_QUOTA_FULL", claim: first((c) => c.gifts.includes(id)) };
  }
  return null;
}

/** Gives a cancelled order's places and stock back, in the order takeAll locks them, and tells instances places came back. */
export async function giveAllBack(ctx: Pick<Ctx, "db">, claims: readonly Claim[]) {
  const { db } = ctx;
  const ids = (pick: (c: Claim) => number | null) => [...new Set(claims.map(pick).filter((id): id is number => id !== null))].sort((a, b) => a - b);
  const placesOf = (match: (c: Claim) => boolean) => claims.filter(match).reduce((n, c) => n + c.places, 0);
  for (const id of ids((c) => c.teamId)) {
    const n = placesOf((c) => c.teamId === id);
    if (n > 0) await db.execute(sql`update teams set used = greatest(used - ${n}, 0) where id = ${id}`);
  }
  for (const id of ids((c) => c.activityId)) {
    const n = placesOf((c) => c.activityId === id);
    await db.execute(sql`update activities set used = greatest(used - ${n}, 0), version = version + 1 where id = ${id}`);
  }
  const cycles = claims.filter((c) => c.cycle && c.places > 0).sort((a, b) => a.activityId - b.activityId || a.cycle!.number - b.cycle!.number);
  for (const c of cycles)
    await db.execute(sql`update activity_cycles set used = greatest(used - ${c.places}, 0) where activity_id = ${c.activityId} and cycle = ${c.cycle!.number}`);
  for (const [id, k] of tally(claims.flatMap((c) => c.options))) await db.execute(sql`update question_options set used = greatest(used - ${k}, 0) where id = ${id}`);
  for (const [id, k] of tally(claims.flatMap((c) => c.gifts))) await db.execute(sql`update gifts set used = greatest(used - ${k}, 0) where id = ${id}`);
}
