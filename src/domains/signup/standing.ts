// A member's standing before an activity (spec 2 section 4, sign-up
// eligibility): who the member is as the rules see them, the places they
// already hold, the places left, their points and dues, and from these the
// outcome the page shows. Read-only: the activity page's query and every
// sign-up before its transaction read it the same way.
import { and, count, eq, ne } from "drizzle-orm";
import { activityCycles, countries, orderItems, userValues, users } from "../../db/schema";
import { ACTIVITY_STATE, CONDITION_TYPE, COUNTRY_TYPE, ORDER_STATE } from "../../protocol/enumerations";
import type { Actor, Ctx } from "../context";
import { can } from "../context";
import { duesConfig, membershipConditions } from "../membership/dues";
import { balanceOf } from "../points/service";
import { allMet, type MemberValues } from "./conditions";
import { cycleOf } from "./cycle";
import { left, outcomeOf, type Outcome, smallest } from "./eligibility";
import type { Loaded } from "./loaded";

/** The member facts every sign-up rule reads. */
export type Member = { id: number; values: MemberValues; foreigner: boolean; editor: boolean };

const STAFF_POWERS = ["FUNCTION_ACTIVITY_EDIT", "FUNCTION_ACTIVITY_CREATE", "FUNCTION_ACTIVITY_MODULE_OPERATION"] as const;

export async function memberOf(ctx: Pick<Ctx, "db">, actor: Actor): Promise<Member> {
  const [values, [nation]] = await Promise.all([
    ctx.db.select({ propertyId: userValues.propertyId, value: userValues.value }).from(userValues).where(eq(userValues.userId, actor.id)),
    ctx.db.select({ type: countries.type }).from(users).leftJoin(countries, eq(countries.id, users.nationalityId)).where(eq(users.id, actor.id)),
  ]);
  return {
    id: actor.id,
    values: new Map(values.map((v) => [v.propertyId, v.value])),
    foreigner: nation?.type === COUNTRY_TYPE.COUNTRY_TYPE_FOREIGNER,
    // Whoever edits, creates activities or manages modules sees previews and hidden modules: what they made or must manage.
    editor: STAFF_POWERS.some((power) => can({ actor }, power)),
  };
}

/** The member's live orders of the activity in the current cycle, and whether a one-per-member team already has one. */
export async function heldBy(ctx: Pick<Ctx, "db">, loaded: Loaded, userId: number, cycle: number) {
  const live = ne(orderItems.state, ORDER_STATE.ORDER_STATE_CANCEL);
  const [[held], teamRows] = await Promise.all([
    ctx.db
      .select({ n: count() })
      .from(orderItems)
      .where(and(eq(orderItems.activityId, loaded.activity.id), eq(orderItems.userId, userId), eq(orderItems.cycle, cycle), live)),
    loaded.team?.signOnly
      ? ctx.db.select({ id: orderItems.id }).from(orderItems).where(and(eq(orderItems.teamSeat, loaded.team.id), eq(orderItems.userId, userId), live)).limit(1)
      : Promise.resolve([]),
  ]);
  return { held: Number(held?.n ?? 0), teamTaken: teamRows.length > 0 };
}

/** Places left now: the smallest of the team's, the activity's and this cycle's. */
export async function remainingOf(ctx: Pick<Ctx, "db">, loaded: Loaded, cycle: number): Promise<number | null> {
  const a = loaded.activity;
  let cycleLeft: number | null = null;
  if (a.hasCycle) {
    const [row] = await ctx.db
      .select({ used: activityCycles.used })
      .from(activityCycles)
      .where(and(eq(activityCycles.activityId, a.id), eq(activityCycles.cycle, cycle)));
    cycleLeft = left(a.cycleCount, row?.used ?? 0);
  }
  return smallest(left(a.cap, a.used), loaded.team ? left(loaded.team.cap, loaded.team.used) : null, cycleLeft);
}

export type StandingOf = { outcome: Outcome; cycle: number; remaining: number | null; points: number };

/** What the activity page shows instead of (or as) the sign-up button. */
export async function standingOf(ctx: Pick<Ctx, "db" | "now">, loaded: Loaded, member: Member): Promise<StandingOf> {
  const { now } = ctx;
  const a = loaded.activity;
  const cycle = cycleOf(a, now);
  const config = await duesConfig(ctx);
  const [held, remaining, points, membership] = await Promise.all([
    heldBy(ctx, loaded, member.id, cycle),
    remainingOf(ctx, loaded, cycle),
    balanceOf(ctx, member.id),
    membershipConditions(ctx, member.id, config),
  ]);
  // Only editors still see an offline activity, and nobody may sign up to it (offline has no actions): its page says so.
  const outcome: Outcome = a.state === ACTIVITY_STATE.ACTIVITY_STATE_OFFLINE ? "ERROR_ACTIVITY_STATE" : outcomeOf({
    now,
    signStart: a.signStart,
    signEnd: a.signEnd,
    remaining,
    held: held.held,
    formCount: a.formCount,
    teamTaken: held.teamTaken,
    mustPoints: a.mustIntegral ? a.integral : 0,
    points,
    conditionsMet: allMet(loaded.conditions, CONDITION_TYPE.CONDITION_TYPE_SIGN, member.values),
    memberIntercept: membership.cantSign,
  });
  return { outcome, cycle, remaining, points };
}

