// A member's standing before an activity (spec 2 section 4, sign-up
// eligibility): who the member is as the rules see them, the places they
// already hold, the places left, their points and dues, and from these the
// outcome the page shows. Read-only, in one statement (issue 19): the
// activity page's query and every sign-up before its transaction read it the
// same way.
import { and, count, eq, ne, type SQL, sql } from "drizzle-orm";
import { activityCycles, countries, duesOrders, memberConfig, orderItems, pointRecords, userValues, users } from "../../db/schema";
import { at, rowsOf } from "../../db/sql";
import { ACTIVITY_STATE, CONDITION_TYPE, COUNTRY_TYPE, ORDER_STATE } from "../../protocol/enumerations";
import { refuse } from "../../protocol/result";
import type { Actor, Ctx } from "../context";
import { can } from "../context";
import { billingYear } from "../membership/billing-year";
import { allMet, type Member, type MemberValues } from "./conditions";
import { cycleOf } from "./cycle";
import { left, outcomeOf, type Outcome, smallest } from "./eligibility";
import type { Loaded } from "./loaded";

/** The member facts every sign-up rule reads. */

const STAFF_POWERS = ["FUNCTION_ACTIVITY_EDIT", "FUNCTION_ACTIVITY_CREATE", "FUNCTION_ACTIVITY_MODULE_OPERATION"] as const;

type Reads = Pick<Ctx, "db">;
type MemberRow = { member_values: string | null; nation: number | null };

/** Both drivers hand json back as its text (src/db/client.ts): Drizzle parses it only for typed columns. */
const fromJson = <T>(text: unknown, none: T): T => (typeof text === "string" ? (JSON.parse(text) as T) : ((text as T | null) ?? none));

/** The member's profile values and nationality type, as two columns of the caller's statement. */
const memberColumns = (userId: number) => sql`
  (select json_agg(json_build_array(${userValues.propertyId}, ${userValues.value})) from ${userValues} where ${userValues.userId} = ${userId}) as member_values,
  (select ${countries.type} from ${users} left join ${countries} on ${countries.id} = ${users.nationalityId} where ${users.id} = ${userId}) as nation`;

const memberFrom = (actor: Actor, row: MemberRow | undefined): Member => ({
  id: actor.id,
  values: new Map(fromJson<[number, string | string[]][]>(row?.member_values ?? null, [])),
  foreigner: row?.nation === COUNTRY_TYPE.COUNTRY_TYPE_FOREIGNER,
  // Whoever edits, creates activities or manages modules sees previews and hidden modules: what they made or must manage.
  editor: STAFF_POWERS.some((power) => can({ actor }, power)),
});

export async function memberOf(ctx: Reads, actor: Actor): Promise<Member> {
  const [row] = rowsOf<MemberRow>(await ctx.db.execute(sql`select ${memberColumns(actor.id)}`));
  return memberFrom(actor, row);
}

/** The member's live orders of the activity in the current cycle, and whether a one-per-member team already has one. */
export async function heldBy(ctx: Reads, loaded: Loaded, userId: number, cycle: number) {
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

type StandingRow = {
  dues_month: number | null;
  dues_day: number | null;
  cant_sign_property: number | null;
  cant_sign_value: string | null;
  paid_years: string | null;
  held: number;
  team_taken: boolean;
  cycle_used: number | null;
  points: number;
};

/**
 * What standingOf reads, as columns of one statement: the dues configuration,
 * the billing years the member has paid (this one or the last, as the
 * configured start day decides), their live orders of the activity in the
 * cycle, whether a one-per-member team has one, the cycle's places taken and
 * the points balance.
 */
function standingColumns(loaded: Loaded, userId: number, cycle: number, now: Date): SQL {
  const live = sql`${orderItems.state} <> ${ORDER_STATE.ORDER_STATE_CANCEL}`;
  const chinaYear = new Date(now.getTime() + 8 * 3_600_000).getUTCFullYear();
  const team = loaded.team?.signOnly ? loaded.team.id : null;
  return sql`
    (select ${memberConfig.month} from ${memberConfig} where ${memberConfig.id} = 1) as dues_month,
    (select ${memberConfig.day} from ${memberConfig} where ${memberConfig.id} = 1) as dues_day,
    (select ${memberConfig.cantSignPropertyId} from ${memberConfig} where ${memberConfig.id} = 1) as cant_sign_property,
    (select ${memberConfig.cantSignValue} from ${memberConfig} where ${memberConfig.id} = 1) as cant_sign_value,
    (select json_agg(${duesOrders.year}) from ${duesOrders} where ${duesOrders.userId} = ${userId} and ${duesOrders.state} = ${ORDER_STATE.ORDER_STATE_SUCCESS}
      and ${duesOrders.year} in (${chinaYear - 1}, ${chinaYear})) as paid_years,
    (select count(*)::int from ${orderItems} where ${orderItems.activityId} = ${loaded.activity.id} and ${orderItems.userId} = ${userId}
      and ${orderItems.cycle} = ${cycle} and ${live}) as held,
    ${team === null ? sql`false` : sql`exists (select 1 from ${orderItems} where ${orderItems.teamSeat} = ${team} and ${orderItems.userId} = ${userId} and ${live})`} as team_taken,
    ${loaded.activity.hasCycle ? sql`(select ${activityCycles.used} from ${activityCycles} where ${activityCycles.activityId} = ${loaded.activity.id} and ${activityCycles.cycle} = ${cycle})` : sql`null::int`} as cycle_used,
    (select coalesce(sum(${pointRecords.remaining}), 0)::int from ${pointRecords} where ${pointRecords.userId} = ${userId} and ${pointRecords.remaining} > 0
      and (${pointRecords.expiresAt} is null or ${pointRecords.expiresAt} > ${at(now)})) as points`;
}

/** The member holds the configured value of a profile property (a checkbox holds it among others). */
function holds(values: MemberValues, propertyId: number | null, value: string | null): boolean {
  if (propertyId === null || value === null || value === "") return false;
  const mine = values.get(propertyId);
  if (mine === undefined) return false;
  return typeof mine === "string" ? mine === value : mine.includes(value);
}

export type StandingOf = { outcome: Outcome; cycle: number; remaining: number | null; points: number };

function standingFrom(now: Date, loaded: Loaded, member: Member, cycle: number, row: StandingRow | undefined): StandingOf {
  if (!row || row.dues_month === null || row.dues_day === null) refuse("ERROR_RESULT_NULL");
  const a = loaded.activity;
  const paid = fromJson<number[]>(row.paid_years, []).includes(billingYear({ month: row.dues_month, day: row.dues_day }, now));
  // Places left now: the smallest of the team's, the activity's and this cycle's.
  const remaining = smallest(left(a.cap, a.used), loaded.team ? left(loaded.team.cap, loaded.team.used) : null, a.hasCycle ? left(a.cycleCount, row.cycle_used ?? 0) : null);
  // Only editors still see an offline activity, and nobody may sign up to it (offline has no actions): its page says so.
  const outcome: Outcome = a.state === ACTIVITY_STATE.ACTIVITY_STATE_OFFLINE ? "ERROR_ACTIVITY_STATE" : outcomeOf({
    now,
    signStart: a.signStart,
    signEnd: a.signEnd,
    remaining,
    held: row.held,
    formCount: a.formCount,
    teamTaken: row.team_taken,
    mustPoints: a.mustIntegral ? a.integral : 0,
    points: row.points,
    conditionsMet: allMet(loaded.conditions, CONDITION_TYPE.CONDITION_TYPE_SIGN, member.values),
    // Dues unpaid and the membership's "cannot sign up" condition holds.
    memberIntercept: !paid && holds(member.values, row.cant_sign_property, row.cant_sign_value),
    lottery: a.drawAt ? { drawAt: a.drawAt, drawn: a.drawnAt !== null } : null,
  });
  return { outcome, cycle, remaining, points: row.points };
}

/** What the activity page shows instead of (or as) the sign-up button. */
export async function standingOf(ctx: Pick<Ctx, "db" | "now">, loaded: Loaded, member: Member): Promise<StandingOf> {
  const cycle = cycleOf(loaded.activity, ctx.now);
  const [row] = rowsOf<StandingRow>(await ctx.db.execute(sql`select ${standingColumns(loaded, member.id, cycle, ctx.now)}`));
  return standingFrom(ctx.now, loaded, member, cycle, row);
}

/** memberOf and standingOf in one statement: what a sign-up reads of the member. */
export async function memberStanding(ctx: Pick<Ctx, "db" | "now">, loaded: Loaded, actor: Actor): Promise<{ member: Member; standing: StandingOf }> {
  const cycle = cycleOf(loaded.activity, ctx.now);
  const [row] = rowsOf<StandingRow & MemberRow>(await ctx.db.execute(sql`select ${memberColumns(actor.id)}, ${standingColumns(loaded, actor.id, cycle, ctx.now)}`));
  const member = memberFrom(actor, row);
  return { member, standing: standingFrom(ctx.now, loaded, member, cycle, row) };
}
