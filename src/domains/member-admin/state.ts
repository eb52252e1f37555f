// A member's state (spec 3 section 4.2, FUNCTION_USER_OPERATION_STATE): reset
// activation and leave, each ending the member's sessions on every instance
// at once (shared/sessions.ts); and the staff's view of a
// member's points (FUNCTION_INTEGRAL_OPERATION) through the points ledger.
import { Type as t } from "@sinclair/typebox";
import { and, eq, ne } from "drizzle-orm";
import { properties, users } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { PROPERTY_PURPOSE, USER_STATE } from "../../protocol/enumerations";
import { refuse } from "../../protocol/result";
import type { Ctx, MemberCtx } from "../context";
import { balanceOf, pointsOf, type PointsFilter } from "../points/service";
import { idField, pageIndex, timeField } from "../shared/fields";
import { signOutEverywhere } from "../shared/sessions";
import { clearFactors } from "../second-factor/factors";
import { writeProfileValues } from "../shared/profile";
import { employeesOf } from "./save";
import { actorAsStored, isAbove, rolePowersOf } from "./roles";
import { memberRow } from "./search";

/** Decision 103: a reset would let the actor activate an account above them with its phone; a leave would lock its holder out. */
async function lockedBelow(ctx: MemberCtx, id: number) {
  const powersOf = await rolePowersOf(ctx);
  const actor = await actorAsStored(ctx, id, powersOf);
  const row = await memberRow(ctx, id);
  if (isAbove(actor, powersOf, row.user)) refuse("ERROR_MEMBER_ABOVE");
  return row;
}

export const factorResetInput = t.Object({ id: idField, reason: t.String({ maxLength: 200 }) });

/**
 * /user/operation/second-factor/reset: a member who lost their device signs
 * in with the password alone again (staff then enrol anew). Another officer's
 * act, never one's own (ERROR_ROLE_SELF), on an account not above them,
 * with a reason that goes to the operation log; every session of the member ends.
 */
export async function resetSecondFactor({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: typeof factorResetInput.static }) {
  if (input.id === ctx.actor.id) refuse("ERROR_ROLE_SELF", { field: "id" });
  const reason = input.reason.trim();
  if (!reason) refuse("ERROR_PARAMS", { field: "reason", reason: "missing" });
  const { user } = await lockedBelow(ctx, input.id);
  const removed = await clearFactors(ctx, user.id);
  if (removed === 0) refuse("ERROR_RESULT_NULL", { field: "factor" });
  await signOutEverywhere(ctx, user.id);
  return { removed, audit: { entity: "user", id: user.id, userId: user.id, detail: reason } };
}

export const resetInput = t.Object({ id: idField, employees: t.Optional(t.Union([t.String({ maxLength: 100 }), t.Null()])) });
export const memberPointsInput = t.Object({ user: idField, type: t.Optional(t.Union([t.Integer(), t.Null()])), start: timeField, end: timeField, index: pageIndex });

/**
 * /user/operation/reset: back to state register with no password, so the
 * member activates again; optionally a new employee number, unique
 * (ERROR_RENAME). Refused (USER_STATE_REGISTER) while the member has not activated.
 */
export async function resetMember({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: typeof resetInput.static }) {
  const { user } = await lockedBelow(ctx, input.id);
  if (user.state === USER_STATE.USER_STATE_REGISTERED) refuse("USER_STATE_REGISTER");
  const employees = input.employees ? employeesOf(input.employees) : null;
  if (employees && employees !== user.employees) {
    const [other] = await ctx.db.select({ id: users.id }).from(users).where(and(eq(users.employees, employees), ne(users.id, user.id))).limit(1);
    if (other) refuse("ERROR_RENAME");
    const rows = await ctx.db.select({ id: properties.id }).from(properties).where(eq(properties.purpose, PROPERTY_PURPOSE.PROPERTY_PURPOSE_EMPLOYEES));
    await writeProfileValues(ctx, { userId: user.id, operatorId: ctx.actor.id, values: rows.map((r) => ({ propertyId: r.id, optionId: null, value: employees })) });
  }
  await ctx.db
    .update(users)
    .set({ state: USER_STATE.USER_STATE_REGISTERED, passwordHash: null, employees: employees ?? user.employees, updatedAt: ctx.now })
    .where(eq(users.id, user.id));
  // Activating again is a new start: no second factor of before is asked for.
  await clearFactors(ctx, user.id);
  await signOutEverywhere(ctx, user.id);
  return { audit: { entity: "user", id: user.id, userId: user.id, detail: employees && employees !== user.employees ? `${user.employees ?? ""} -> ${employees}` : null } };
}

/** /user/operation/leave: the member leaves (orders and records stay; the date is kept); refused (ERROR_LEAVE) when already left. */
export async function leaveMember({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: { id: number } }) {
  const { user } = await lockedBelow(ctx, input.id);
  if (user.state === USER_STATE.USER_STATE_LEFT) refuse("ERROR_LEAVE");
  await ctx.db.update(users).set({ state: USER_STATE.USER_STATE_LEFT, leftAt: ctx.now, updatedAt: ctx.now }).where(eq(users.id, user.id));
  await signOutEverywhere(ctx, user.id);
  return { audit: { entity: "user", id: user.id, userId: user.id } };
}

/** /user/operation/integral/list */
export async function memberPoints({ ctx, input }: { ctx: Ctx; input: typeof memberPointsInput.static }) {
  const { user } = await memberRow(ctx, input.user);
  const { user: _, ...filter } = input;
  return pointsOf(ctx, user.id, filter as PointsFilter);
}

/** /user/operation/integral/balance */
export async function memberBalance({ ctx, input }: { ctx: Ctx; input: { user: number } }) {
  const { user } = await memberRow(ctx, input.user);
  return { balance: await balanceOf(ctx, user.id) };
}
