// Taking places and stock for orders, and giving them back, inside the
// caller's transaction. A batch of orders (one queue's, or one order alone)
// first locks every counter row its claims name, in one order (teams,
// activities, cycles, options, gifts, each kind by id), so two batches never
// wait on each other in a circle; then each order is judged in turn against
// what is left, in memory, exactly as if each had taken its places alone;
// then what the accepted orders took is written with one statement per kind
// of row. Nothing is read unlocked and then written.
import { and, inArray, ne, sql, type SQL } from "drizzle-orm";
import { orderItems } from "../../db/schema";
import { ORDER_STATE } from "../../protocol/enumerations";
import type { CheckedDraft } from "./draft";
import type { Ctx } from "../context";
import { rowsOf } from "../../db/sql";
import type { ResultCode } from "../../protocol/result-codes";
import { placesReturned } from "./sold-out";
import { type Freed, freedOf, type LineCtx, serveLine } from "./waitlist";

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
  /** Places of the activity a waiting-list offer already holds for this claim (./waitlist.ts): taken once, by the hold. */
  held?: number;
};

/** What one unit of an order takes: its places, its team's and cycle's, its options and gifts, and the place an offer holds. */
export const claimOf = (draft: CheckedDraft): Claim => {
  const { loaded, standing, quiz, kin, places } = draft;
  const team = loaded.team;
  return {
    activityId: loaded.activity.id,
    teamId: team && team.cap !== null ? team.id : null,
    places,
    cycle: loaded.activity.hasCycle ? { number: standing.cycle, cap: loaded.activity.cycleCount } : null,
    options: quiz?.taken ?? [],
    gifts: kin.flatMap((k) => (k.gift === null ? [] : [k.gift])),
    held: draft.offer === null ? 0 : 1,
  };
};

/** The member's live seats (order numbers) of the batch's activities: "activity:user:cycle" -> seqs. */
export async function liveSeats(ctx: Pick<Ctx, "db">, activityIds: readonly number[], userIds: readonly number[]) {
  const rows = await ctx.db
    .select({ activityId: orderItems.activityId, userId: orderItems.userId, cycle: orderItems.cycle, seq: orderItems.seq })
    .from(orderItems)
    .where(and(inArray(orderItems.activityId, [...activityIds]), inArray(orderItems.userId, [...new Set(userIds)]), ne(orderItems.state, ORDER_STATE.ORDER_STATE_CANCEL)));
  const seats = new Map<string, Set<number>>();
  for (const r of rows) {
    const key = `${r.activityId}:${r.userId}:${r.cycle}`;
    seats.set(key, (seats.get(key) ?? new Set()).add(r.seq));
  }
  return seats;
}

/** What refused a take, and the claim (by position) that asked for it. */
export type Refusal = { code: ResultCode; claim: number };

type Counter = { used: number; cap: number | null; taken: number };
type Kind = "teams" | "activities" | "options" | "gifts";
export type LockedActivity = { state: number; cap: number | null; used: number };

/** How many of each id, in id order. */
function tally(ids: readonly number[]): [number, number][] {
  const counts = new Map<number, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => a[0] - b[0]);
}

/** Places per id of the claims that take places (`amount`: a claim's places, by default). */
function sum(claims: readonly Claim[], key: (c: Claim) => number | null, amount: (c: Claim) => number = (c) => c.places): [number, number][] {
  const totals = new Map<number, number>();
  for (const c of claims) {
    const id = key(c);
    const n = amount(c);
    if (id !== null && n !== 0) totals.set(id, (totals.get(id) ?? 0) + n);
  }
  return [...totals.entries()].sort((a, b) => a[0] - b[0]);
}

/** What a claim still takes of its activity: its places less those its offer holds (less than nothing gives the unneeded hold back). */
const activityPlaces = (c: Claim) => c.places - (c.held ?? 0);

const cycleKey = (activityId: number, cycle: number) => `${activityId}:${cycle}`;
const ids = (values: Iterable<number>) => [...new Set(values)].sort((a, b) => a - b);
const list = (values: readonly number[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);
const fits = (c: Counter, n: number) => c.cap === null || c.used + c.taken + n <= c.cap;

/**
 * Locks the counter rows of every claim given, in the one lock order, and
 * returns what is left of each to judge orders against (`judge`), then to
 * write what the accepted ones took (`write`).
 */
export async function lockPlaces(ctx: Pick<Ctx, "db">, claims: readonly Claim[]) {
  const { db } = ctx;
  const locked = async (table: string, wanted: number[], extra: SQL = sql``) => {
    const counters = new Map<number, Counter & { state: number }>();
    if (wanted.length === 0) return counters;
    const rows = rowsOf<{ id: number; used: number; cap: number | null; state?: number }>(
      await db.execute(sql`select id, used, cap${extra} from ${sql.raw(table)} where id in (${list(wanted)}) order by id for update`),
    );
    for (const r of rows) counters.set(Number(r.id), { used: Number(r.used), cap: r.cap === null ? null : Number(r.cap), taken: 0, state: Number(r.state ?? 0) });
    return counters;
  };
  const teams = await locked("teams", ids(claims.flatMap((c) => (c.teamId !== null && c.places > 0 ? [c.teamId] : []))));
  // Every activity of the batch, places or not: its state as committed now is what the writer checks.
  const activities = await locked("activities", ids(claims.map((c) => c.activityId)), sql`, state`);
  // A cycle's row is only ever taken under its activity's lock, so one not there yet cannot appear meanwhile.
  const cycles = new Map<string, Counter>();
  const periodic = claims.filter((c) => c.cycle && c.places > 0);
  if (periodic.length > 0) {
    const pairs = sql.join(
      [...new Map(periodic.map((c) => [cycleKey(c.activityId, c.cycle!.number), sql`(${c.activityId}::int, ${c.cycle!.number}::int)`])).values()],
      sql`, `,
    );
    const rows = rowsOf<{ activity_id: number; cycle: number; used: number }>(
      await db.execute(sql`select activity_id, cycle, used from activity_cycles where (activity_id, cycle) in (${pairs}) order by activity_id, cycle for update`),
    );
    for (const r of rows) cycles.set(cycleKey(Number(r.activity_id), Number(r.cycle)), { used: Number(r.used), cap: null, taken: 0 });
  }
  const options = await locked("question_options", ids(claims.flatMap((c) => c.options)));
  const gifts = await locked("gifts", ids(claims.flatMap((c) => c.gifts)));
  const counters: Record<Kind, Map<number, Counter>> = { teams, activities, options, gifts };
  const counter = (kind: Kind, id: number) => counters[kind].get(id) ?? { used: 0, cap: 0, taken: 0 }; // a row gone: nothing fits

  /** The first thing an order's claims do not fit in, in the lock order; null when everything fits. */
  function refusalOf(order: readonly Claim[]): Refusal | null {
    const first = (match: (c: Claim) => boolean) => Math.max(0, order.findIndex(match));
    for (const [id, n] of sum(order, (c) => c.teamId)) if (!fits(counter("teams", id), n)) return { code: "ERROR_SIGN_FULL", claim: first((c) => c.teamId === id) };
    for (const [id, n] of sum(order, (c) => c.activityId, activityPlaces))
      if (!fits(counter("activities", id), n)) return { code: "ERROR_SIGN_FULL", claim: first((c) => c.activityId === id) };
    for (const c of order) {
      if (!c.cycle || c.places <= 0) continue;
      const n = order.filter((o) => o.activityId === c.activityId && o.cycle?.number === c.cycle!.number).reduce((k, o) => k + o.places, 0);
      const row = cycles.get(cycleKey(c.activityId, c.cycle.number)) ?? { used: 0, cap: null, taken: 0 };
      if (row.used + row.taken + n > c.cycle.cap) return { code: "ERROR_SIGN_FULL", claim: first((o) => o.activityId === c.activityId) };
    }
    for (const [id, k] of tally(order.flatMap((c) => c.options))) if (!fits(counter("options", id), k)) return { code: "ERROR_SIGN_OPTION_FULL", claim: first((c) => c.options.includes(id)) };
    for (const [id, k] of tally(order.flatMap((c) => c.gifts))) if (!fits(counter("gifts", id), k)) return { code: "ERROR_SIGN_QUOTA_FULL", claim: first((c) => c.gifts.includes(id)) };
    return null;
  }

  function take(order: readonly Claim[]) {
    for (const [id, n] of sum(order, (c) => c.teamId)) counter("teams", id).taken += n;
    for (const [id, n] of sum(order, (c) => c.activityId, activityPlaces)) counter("activities", id).taken += n;
    for (const c of order) {
      if (!c.cycle || c.places <= 0) continue;
      const key = cycleKey(c.activityId, c.cycle.number);
      const row = cycles.get(key) ?? { used: 0, cap: null, taken: 0 };
      row.taken += c.places;
      cycles.set(key, row);
    }
    for (const [id, k] of tally(order.flatMap((c) => c.options))) counter("options", id).taken += k;
    for (const [id, k] of tally(order.flatMap((c) => c.gifts))) counter("gifts", id).taken += k;
  }

  return {
    /** The activity's row as locked now (state, cap, used with this batch's takes). */
    activity(id: number): LockedActivity | null {
      const a = activities.get(id);
      return a ? { state: a.state, cap: a.cap, used: a.used + a.taken } : null;
    },
    /** The first thing the order's claims do not fit in, after what this batch took; null when all fit. */
    refusal: refusalOf,
    /** Takes the order's places, in memory (written by `write`). */
    take,
    /** Writes what the accepted orders took: one statement per kind of row. */
    async write() {
      for (const [table, map] of [["teams", teams], ["activities", activities], ["question_options", options], ["gifts", gifts]] as const) {
        // Below zero only where an offer's sign-up needed less than its hold (the writer serves the line then).
        const rows = [...map.entries()].filter(([, c]) => c.taken !== 0);
        if (rows.length === 0) continue;
        const values = sql.join(rows.map(([id, c]) => sql`(${id}::int, ${c.taken}::int)`), sql`, `);
        await db.execute(sql`update ${sql.raw(table)} set used = ${sql.raw(table)}.used + v.k from (values ${values}) as v(id, k) where ${sql.raw(table)}.id = v.id`);
      }
      const taken = [...cycles.entries()].filter(([, c]) => c.taken > 0);
      if (taken.length > 0) {
        const values = sql.join(
          taken.map(([key, c]) => {
            const [activityId, cycle] = key.split(":").map(Number);
            return sql`(${activityId}::int, ${cycle}::int, ${c.taken}::int)`;
          }),
          sql`, `,
        );
        await db.execute(sql`
          insert into activity_cycles (activity_id, cycle, used) values ${values}
          on conflict (activity_id, cycle) do update set used = activity_cycles.used + excluded.used`);
      }
    },
  };
}

export type LockedPlaces = Awaited<ReturnType<typeof lockPlaces>>;

/** Takes everything one order's claims need, or names what was full (nothing written then). */
export async function takeAll(ctx: Pick<Ctx, "db">, claims: readonly Claim[]): Promise<Refusal | null> {
  const places = await lockPlaces(ctx, claims);
  const refused = places.refusal(claims);
  if (refused !== null) return refused;
  places.take(claims);
  await places.write();
  return refused;
}

/** Gives a cancelled order's places and stock back, in the order takeAll locks them, and tells instances places came back. */
export async function giveAllBack(ctx: LineCtx, claims: readonly Claim[]) {
  const { db } = ctx;
  const idsOf = (pick: (c: Claim) => number | null) => ids(claims.map(pick).filter((id): id is number => id !== null));
  const placesOf = (match: (c: Claim) => boolean) => claims.filter(match).reduce((n, c) => n + c.places, 0);
  for (const id of idsOf((c) => c.teamId)) {
    const n = placesOf((c) => c.teamId === id);
    if (n > 0) await db.execute(sql`update teams set used = greatest(used - ${n}, 0) where id = ${id}`);
  }
  const activityIds = idsOf((c) => c.activityId);
  const freed: Freed[] = [];
  for (const id of activityIds) {
    const n = placesOf((c) => c.activityId === id);
    const rows = rowsOf<Parameters<typeof freedOf>[0]>(
      await db.execute(sql`update activities set used = greatest(used - ${n}, 0), version = version + 1 where id = ${id} returning id, cap, used, waitlist`),
    );
    freed.push(...rows.map(freedOf));
  }
  const cycles = claims.filter((c) => c.cycle && c.places > 0).sort((a, b) => a.activityId - b.activityId || a.cycle!.number - b.cycle!.number);
  for (const c of cycles)
    await db.execute(sql`update activity_cycles set used = greatest(used - ${c.places}, 0) where activity_id = ${c.activityId} and cycle = ${c.cycle!.number}`);
  for (const [id, k] of tally(claims.flatMap((c) => c.options))) await db.execute(sql`update question_options set used = greatest(used - ${k}, 0) where id = ${id}`);
  for (const [id, k] of tally(claims.flatMap((c) => c.gifts))) await db.execute(sql`update gifts set used = greatest(used - ${k}, 0) where id = ${id}`);
  // Last in the lock order: the line of a full activity gets the places back as held offers, in this transaction.
  await serveLine(ctx, freed);
  await placesReturned(ctx, activityIds);
}
