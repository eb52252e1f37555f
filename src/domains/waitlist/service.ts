// The waiting list as members use it (issue 20): join the line of a full
// activity whose editor opened one, see one's place in it, leave it (or
// decline an offer, which gives the held place to the next at once). Every
// member's verb acts for the signed-in member only; staff with the orders'
// power read an activity's whole line. The holds themselves, and what frees,
// offers and expires them, are sign-up's (src/domains/signup/waitlist.ts).
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { activities, waitlist, WAITLIST_STATE } from "../../db/schema";
import { rowsOf } from "../../db/sql";
import type { CommandCtx } from "../../http/kit";
import { maskPhone } from "../../protocol/identity";
import { WAITLIST_STAFF_LIMIT } from "../../protocol/limits";
import { refuse } from "../../protocol/result";
import type { Ctx, MemberCtx } from "../context";
import { namesOf } from "../shared/member-names";
import { isoOf } from "../shared/fields";
import { loadActivity, memberOf, releaseHeld, standingOf, visible } from "../signup";

type Reads = Pick<Ctx, "db" | "now">;

/** The member's live entry (waiting, or an offer not yet expired) of one activity, or of each: its place in line and the offer's end. */
async function liveEntries(ctx: Reads, userId: number, activityId?: number) {
  const rows = rowsOf<{ id: number; activity_id: number; state: number; expires_at: string | Date | null; position: number; name_zh: string; name_en: string }>(
    await ctx.db.execute(sql`
      select w.id, w.activity_id, w.state, w.expires_at, a.name_zh, a.name_en,
        (select count(*)::int from waitlist x where x.activity_id = w.activity_id and x.state = ${WAITLIST_STATE.WAITING} and x.id <= w.id) as position
      from waitlist w join activities a on a.id = w.activity_id
      where w.user_id = ${userId} and w.state in (${WAITLIST_STATE.WAITING}, ${WAITLIST_STATE.OFFERED})
        ${activityId === undefined ? sql`` : sql`and w.activity_id = ${activityId}`}
      order by w.id`),
  );
  return rows.flatMap((r) => {
    const expires = r.expires_at === null ? null : new Date(r.expires_at);
    const offered = Number(r.state) === WAITLIST_STATE.OFFERED;
    // An offer past its end is gone whether or not the job has run yet.
    if (offered && (!expires || expires <= ctx.now)) return [];
    return [
      {
        id: Number(r.id),
        activity: { id: Number(r.activity_id), nameZh: r.name_zh, nameEn: r.name_en },
        /** "waiting" (in line, at `position`) or "offered" (a place held until `expires`). */
        state: offered ? ("offered" as const) : ("waiting" as const),
        position: offered ? null : Number(r.position),
        expires: isoOf(expires),
      },
    ];
  });
}

export type WaitlistEntry = Awaited<ReturnType<typeof liveEntries>>[number];

/** The member's entry of the activity, for its page (read only when the page says "full"). */
export async function entryOf(ctx: Reads, userId: number, activityId: number): Promise<WaitlistEntry | null> {
  return (await liveEntries(ctx, userId, activityId))[0] ?? null;
}

/** /waitlist/mine: the lines the member is in and the offers held for them, for the order list. */
export async function myWaitlist({ ctx }: { ctx: MemberCtx; input: Record<string, never> }) {
  return { list: await liveEntries(ctx, ctx.actor.id) };
}

/** Before /waitlist/join's transaction: the activity is one the member sees, its line is open, and only its places stand in the way. */
export async function prepareJoin({ ctx, input }: { ctx: MemberCtx; input: { activity: number } }) {
  const [loaded, member] = await Promise.all([loadActivity(ctx, input.activity), memberOf(ctx, ctx.actor)]);
  if (!loaded || !visible(loaded, member, ctx.now)) refuse("ERROR_RESULT_NULL");
  if (!loaded.activity.waitlist) refuse("ERROR_WAITLIST_OFF");
  if (await entryOf(ctx, ctx.actor.id, input.activity)) refuse("ERROR_WAITLIST_ALREADY");
  const standing = await standingOf(ctx, loaded, member);
  if (standing.outcome === "SUCCESS") refuse("ERROR_WAITLIST_NOT_FULL");
  // Not eligible, not open, already signed up: that reason, as the sign-up would give it.
  if (standing.outcome !== "ERROR_SIGN_FULL") refuse(standing.outcome);
  return {};
}

/**
 * /waitlist/join: the member joins the end of the line. The activity's row is
 * locked first (as a sign-up and a cancel lock it), so a place freed at this
 * instant is either already offered to the line or seen free here ("sign up
 * directly"); the partial unique index makes a second live entry impossible.
 */
export async function joinWaitlist({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: { activity: number } }) {
  const { db } = ctx;
  const [a] = await db
    .select({ cap: activities.cap, used: activities.used, waitlist: activities.waitlist })
    .from(activities)
    .where(eq(activities.id, input.activity))
    .for("update");
  if (!a) refuse("ERROR_RESULT_NULL");
  if (!a.waitlist) refuse("ERROR_WAITLIST_OFF");
  // Only the activity's own places are held for the line: a free one here is the member's to take now.
  if (a.cap === null || a.used < a.cap) refuse("ERROR_WAITLIST_NOT_FULL");
  const [row] = await db
    .insert(waitlist)
    .values({ activityId: input.activity, userId: ctx.actor.id, state: WAITLIST_STATE.WAITING, createdAt: ctx.now })
    .returning({ id: waitlist.id });
  const [{ n }] = (await db
    .select({ n: count() })
    .from(waitlist)
    .where(and(eq(waitlist.activityId, input.activity), eq(waitlist.state, WAITLIST_STATE.WAITING), sql`${waitlist.id} <= ${row!.id}`))) as [{ n: number }];
  return { id: row!.id, position: Number(n), audit: { entity: "activity", id: input.activity, detail: `joined the waiting list at ${n}` } };
}

/**
 * /waitlist/leave: the member leaves the line, or declines the offer held for
 * them, whose place goes to the next in line in this transaction. The
 * activity's row is locked before the entry, in the one lock order.
 */
export async function leaveWaitlist({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: { activity: number } }) {
  const { db, now } = ctx;
  await db.select({ id: activities.id }).from(activities).where(eq(activities.id, input.activity)).for("update");
  const [entry] = await db
    .select({ id: waitlist.id, state: waitlist.state })
    .from(waitlist)
    .where(and(eq(waitlist.activityId, input.activity), eq(waitlist.userId, ctx.actor.id), inArray(waitlist.state, [WAITLIST_STATE.WAITING, WAITLIST_STATE.OFFERED])))
    .for("update");
  if (!entry) refuse("ERROR_WAITLIST_NONE");
  const declined = entry.state === WAITLIST_STATE.OFFERED;
  await db
    .update(waitlist)
    .set({ state: declined ? WAITLIST_STATE.DECLINED : WAITLIST_STATE.LEFT, endedAt: now })
    .where(eq(waitlist.id, entry.id));
  if (declined) await releaseHeld(ctx, input.activity, 1);
  return { audit: { entity: "activity", id: input.activity, detail: declined ? "declined the waiting-list offer" : "left the waiting list" } };
}

/** The editor closed the line: those still waiting leave it (offers made stay until taken or expired). How many. */
export async function closeLine(ctx: Pick<Ctx, "db" | "now">, activityId: number): Promise<number> {
  const closed = await ctx.db
    .update(waitlist)
    .set({ state: WAITLIST_STATE.CLOSED, endedAt: ctx.now })
    .where(and(eq(waitlist.activityId, activityId), eq(waitlist.state, WAITLIST_STATE.WAITING)))
    .returning({ id: waitlist.id });
  return closed.length;
}

/** For staff: how many wait in the line of each activity, and how many offers hold a place now. */
export async function lineCounts(ctx: Pick<Ctx, "db">, activityIds: readonly number[]) {
  const counts = new Map<number, { waiting: number; offered: number }>();
  if (activityIds.length === 0) return counts;
  const rows = await ctx.db
    .select({ activityId: waitlist.activityId, state: waitlist.state, n: count() })
    .from(waitlist)
    .where(and(inArray(waitlist.activityId, [...activityIds]), inArray(waitlist.state, [WAITLIST_STATE.WAITING, WAITLIST_STATE.OFFERED])))
    .groupBy(waitlist.activityId, waitlist.state)
    .orderBy(asc(waitlist.activityId));
  for (const r of rows) {
    const c = counts.get(r.activityId) ?? { waiting: 0, offered: 0 };
    if (r.state === WAITLIST_STATE.WAITING) c.waiting = Number(r.n);
    else c.offered = Number(r.n);
    counts.set(r.activityId, c);
  }
  return counts;
}

/**
 * /waitlist/activity (FUNCTION_ACTIVITY_ORDER): an activity's line as staff
 * see it: the offers holding a place, then those waiting in their order, each
 * with who (name, employee number, phone masked as everywhere staff read
 * members), since when, and an offer's end. An offer past its end is left
 * out, as the member's own view leaves it out.
 */
export async function activityLine({ ctx, input }: { ctx: MemberCtx; input: { activity: number } }) {
  const [activity] = await ctx.db.select({ id: activities.id, waitlist: activities.waitlist }).from(activities).where(eq(activities.id, input.activity));
  if (!activity) refuse("ERROR_RESULT_NULL");
  // The counts are of every live entry, taken before the limit (window functions run before it), so they agree with the list.
  const rows = rowsOf<{
    id: number;
    state: number;
    created_at: string | Date;
    expires_at: string | Date | null;
    user_id: number;
    employees: string | null;
    phone: string | null;
    position: number | null;
    waiting: number;
    offered: number;
  }>(
    await ctx.db.execute(sql`
      select w.id, w.state, w.created_at, w.expires_at, u.id as user_id, u.employees, u.phone,
        case when w.state = ${WAITLIST_STATE.WAITING}
          then count(*) filter (where w.state = ${WAITLIST_STATE.WAITING}) over (order by w.id) end::int as position,
        (count(*) filter (where w.state = ${WAITLIST_STATE.WAITING}) over ())::int as waiting,
        (count(*) filter (where w.state = ${WAITLIST_STATE.OFFERED}) over ())::int as offered
      from waitlist w join users u on u.id = w.user_id
      where w.activity_id = ${activity.id} and w.state in (${WAITLIST_STATE.WAITING}, ${WAITLIST_STATE.OFFERED})
        and (w.state = ${WAITLIST_STATE.WAITING} or w.expires_at > ${ctx.now.toISOString()}::timestamptz)
      order by w.state desc, w.id
      limit ${WAITLIST_STAFF_LIMIT}`),
  );
  const names = await namesOf(ctx, rows.map((r) => Number(r.user_id)));
  const list = rows.map((r) => ({
    id: Number(r.id),
    state: Number(r.state) === WAITLIST_STATE.OFFERED ? ("offered" as const) : ("waiting" as const),
    position: r.position === null ? null : Number(r.position),
    user: { id: Number(r.user_id), employees: r.employees, name: names.get(Number(r.user_id)) ?? null, phone: maskPhone(r.phone) },
    joined: new Date(r.created_at).toISOString(),
    expires: r.expires_at === null ? null : new Date(r.expires_at).toISOString(),
  }));
  return { enabled: activity.waitlist, waiting: Number(rows[0]?.waiting ?? 0), offered: Number(rows[0]?.offered ?? 0), list };
}
