// Reading an activity with what decides a member's standing: its team and
// module, their conditions, the member's profile values, nationality type,
// membership interception, live orders and points. Read-only: used by the
// pages' queries and by /order/sign before its transaction opens.
import { and, asc, count, eq, inArray, ne, or } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { activities, activityCycles, conditions, countries, modules, orderItems, questionOptions, questionnaireItems, questions, teams, userValues, users } from "../../db/schema";
import { ACTIVITY_STATE, CONDITION_TYPE, COUNTRY_TYPE, ORDER_STATE } from "../../protocol/types";
import type { Actor } from "../context";
import { can } from "../context";
import { duesConfig, membershipConditions } from "../membership/dues";
import { balanceOf } from "../points/service";
import { allMet, type Condition, type MemberValues } from "./conditions";
import { cycleOf } from "./cycle";
import { left, outcomeOf, type Outcome, smallest } from "./eligibility";

export type ActivityRow = typeof activities.$inferSelect;
export type TeamRow = typeof teams.$inferSelect;
export type ModuleRow = typeof modules.$inferSelect;

export type Loaded = { activity: ActivityRow; team: TeamRow | null; module: ModuleRow; conditions: Condition[] };

/** The member facts every rule here reads. */
export type Member = { id: number; values: MemberValues; foreigner: boolean; editor: boolean };

const STAFF_POWERS = ["FUNCTION_ACTIVITY_EDIT", "FUNCTION_ACTIVITY_CREATE", "FUNCTION_ACTIVITY_MODULE_OPERATION"] as const;

export async function memberOf(db: DbOrTx, actor: Actor): Promise<Member> {
  const [values, [nation]] = await Promise.all([
    db.select({ propertyId: userValues.propertyId, value: userValues.value }).from(userValues).where(eq(userValues.userId, actor.id)),
    db.select({ type: countries.type }).from(users).leftJoin(countries, eq(countries.id, users.nationalityId)).where(eq(users.id, actor.id)),
  ]);
  return {
    id: actor.id,
    values: new Map(values.map((v) => [v.propertyId, v.value])),
    foreigner: nation?.type === COUNTRY_TYPE.COUNTRY_TYPE_FOREIGNER,
    // Whoever edits, creates activities or manages modules sees previews and hidden modules: what they made or must manage.
    editor: STAFF_POWERS.some((power) => can({ actor }, power)),
  };
}

export async function loadActivity(db: DbOrTx, id: number): Promise<Loaded | null> {
  const [row] = await db
    .select({ activity: activities, team: teams, module: modules })
    .from(activities)
    .innerJoin(modules, eq(modules.id, activities.moduleId))
    .leftJoin(teams, eq(teams.id, activities.teamId))
    .where(eq(activities.id, id));
  if (!row) return null;
  const owners = [eq(conditions.activityId, id), eq(conditions.moduleId, row.module.id)];
  if (row.team) owners.push(eq(conditions.teamId, row.team.id));
  const conds = await db.select().from(conditions).where(or(...owners));
  return { ...row, conditions: conds };
}

const within = (now: Date, start: Date | null, end: Date | null) => (!start || now >= start) && (!end || now < end);

/**
 * A member sees a published activity inside its display window whose "show"
 * conditions hold; editors also see previews and everything outside the window.
 * Offline activities are gone for everybody but editors.
 */
export function visible(loaded: Pick<Loaded, "activity" | "conditions">, member: Member, now: Date): boolean {
  const a = loaded.activity;
  if (member.editor) return true;
  if (a.state !== ACTIVITY_STATE.ACTIVITY_STATE_NORMAL) return false;
  return within(now, a.showStart, a.showEnd) && allMet(loaded.conditions, CONDITION_TYPE.CONDITION_TYPE_SHOW, member.values);
}

/** The member's live orders of the activity in the current cycle, and whether a one-per-member team already has one. */
export async function heldBy(db: DbOrTx, loaded: Loaded, userId: number, cycle: number) {
  const live = ne(orderItems.state, ORDER_STATE.ORDER_STATE_CANCEL);
  const [[held], teamRows] = await Promise.all([
    db
      .select({ n: count() })
      .from(orderItems)
      .where(and(eq(orderItems.activityId, loaded.activity.id), eq(orderItems.userId, userId), eq(orderItems.cycle, cycle), live)),
    loaded.team?.signOnly
      ? db.select({ id: orderItems.id }).from(orderItems).where(and(eq(orderItems.teamSeat, loaded.team.id), eq(orderItems.userId, userId), live)).limit(1)
      : Promise.resolve([]),
  ]);
  return { held: Number(held?.n ?? 0), teamTaken: teamRows.length > 0 };
}

/** Places left now: the smallest of the team's, the activity's and this cycle's. */
export async function remainingOf(db: DbOrTx, loaded: Loaded, cycle: number): Promise<number | null> {
  const a = loaded.activity;
  let cycleLeft: number | null = null;
  if (a.hasCycle) {
    const [row] = await db
      .select({ used: activityCycles.used })
      .from(activityCycles)
      .where(and(eq(activityCycles.activityId, a.id), eq(activityCycles.cycle, cycle)));
    cycleLeft = left(a.cycleCount, row?.used ?? 0);
  }
  return smallest(left(a.cap, a.used), loaded.team ? left(loaded.team.cap, loaded.team.used) : null, cycleLeft);
}

/** What the activity page shows instead of (or as) the sign-up button. */
export async function standingOf(db: DbOrTx, loaded: Loaded, member: Member, now: Date): Promise<{ outcome: Outcome; cycle: number; remaining: number | null; points: number }> {
  const a = loaded.activity;
  const cycle = cycleOf(a, now);
  const config = await duesConfig(db);
  const [held, remaining, points, membership] = await Promise.all([
    heldBy(db, loaded, member.id, cycle),
    remainingOf(db, loaded, cycle),
    balanceOf(db, member.id, now),
    membershipConditions(db, member.id, config),
  ]);
  const outcome = outcomeOf({
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

/** Several activities' team rows at once, for lists. */
export async function teamsOf(db: DbOrTx, ids: number[]): Promise<Map<number, TeamRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(teams).where(inArray(teams.id, ids));
  return new Map(rows.map((t) => [t.id, t]));
}

/**
 * The questions an activity asks (only those given, when a draw names them),
 * in questionnaire order, each with its options, score, right answer and
 * weight: what the draw shows and what the sign-up checks.
 */
export async function quizItemsOf(db: DbOrTx, activityId: number, questionIds?: readonly number[]) {
  if (questionIds?.length === 0) return [];
  const rows = await db
    .select({ item: questionnaireItems, question: questions })
    .from(questionnaireItems)
    .innerJoin(questions, eq(questions.id, questionnaireItems.questionId))
    .where(and(eq(questionnaireItems.activityId, activityId), questionIds ? inArray(questionnaireItems.questionId, [...questionIds]) : undefined))
    .orderBy(asc(questionnaireItems.sortIndex), asc(questions.id));
  const options = rows.length
    ? await db
        .select()
        .from(questionOptions)
        .where(inArray(questionOptions.questionId, rows.map((r) => r.question.id)))
        .orderBy(asc(questionOptions.sortIndex), asc(questionOptions.id))
    : [];
  return rows.map(({ item, question }) => ({
    question: { ...question, options: options.filter((o) => o.questionId === question.id) },
    score: item.score,
    answer: item.answer,
    weight: item.weight,
  }));
}
