// The staff member form (spec 3 sections 2.4, 5 "Member form", 8 "Member
// save"): /user/operation/create (FUNCTION_USER_OPERATION_CREATE) and
// /user/operation/update (FUNCTION_USER_OPERATION_PROPERTY). The values pass
// the account area's one validator (staff may change a read-only field); the
// phone, e-mail and employee number, which no member form writes, go to the
// member row and their profile values; every changed value is logged.
import { Type as t } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { and, eq, inArray, ne, or } from "drizzle-orm";
import { properties, roles, userValues, users } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { PROPERTY_PURPOSE, USER_STATE } from "../../protocol/enumerations";
import { maskIdentity, maskPhone } from "../../protocol/identity";
import { refuse, refuseField } from "../../protocol/result";
import type { MemberCtx } from "../context";
import { idField, mailOf, phoneOf } from "../shared/fields";
import { checkProfile, profileValues, writeProfileValues } from "../shared/profile";
import type { CleanValue } from "../property/validate";
import { actorAsStored, isAbove, roleRefusal, rolePowersOf } from "./roles";
import { memberRow } from "./search";

export const memberSaveInput = t.Object({
  user: t.Object({
    id: t.Optional(idField),
    nationality: t.Object({ id: t.Integer() }),
    /** The role; not chosen (absent, null, an id of null) is refused naming "status" ("请选择用户角色"). */
    status: t.Optional(t.Union([t.Object({ id: t.Union([t.Integer(), t.Null()]) }), t.Null()])),
  }),
  /** The profile values as JSON text (spec 3 section 7). */
  values: t.String({ maxLength: 200_000 }),
});
export type MemberSaveInput = typeof memberSaveInput.static;

/** The unique indexes a concurrent save can break. */
export const memberConflicts = { users_employees_unique: "ERROR_RENAME", users_phone_unique: "ERROR_RENAME", users_mail_unique: "ERROR_RENAME" } as const;

const EMPLOYEES = /^[A-Za-z0-9_-]{1,50}$/;
type Contacts = { employees: string | null; phone: string | null; mail: string | null };
const CONTACT_PURPOSES = [PROPERTY_PURPOSE.PROPERTY_PURPOSE_EMPLOYEES, PROPERTY_PURPOSE.PROPERTY_PURPOSE_PHONE, PROPERTY_PURPOSE.PROPERTY_PURPOSE_MAIL] as const;

type Submitted = typeof profileValues.static;

function parseValues(text: string): Submitted {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    refuseField("values");
  }
  if (!Value.Check(profileValues, parsed)) refuseField("values");
  return parsed;
}

/** The detail shows private values masked (issue 31): one sent back as it was shown stands for the stored one. */
async function unmasked(ctx: MemberCtx, userId: number, submitted: Submitted): Promise<Submitted> {
  const stored = await ctx.db
    .select({ propertyId: userValues.propertyId, value: userValues.value })
    .from(userValues)
    .innerJoin(properties, eq(properties.id, userValues.propertyId))
    .where(and(eq(userValues.userId, userId), eq(properties.isPrivate, true)));
  const byProperty = new Map(stored.map((s) => [s.propertyId, s.value]));
  return submitted.map((s) => {
    const kept = byProperty.get(s.property.id);
    return typeof kept === "string" && typeof s.value === "string" && s.value === maskIdentity(kept) ? { ...s, value: kept } : s;
  });
}

/** An employee number as staff type it, or null when empty; ERROR_PARAMS { field: "employees" } otherwise. */
export function employeesOf(raw: string): string | null {
  const text = raw.trim();
  if (text === "") return null;
  if (!EMPLOYEES.test(text)) refuseField("employees");
  return text;
}

/** The three contact properties' submitted values, checked; the employee number stays as stored on edit. */
async function contactsOf(ctx: MemberCtx, submitted: Submitted, stored: Contacts | null) {
  const rows = await ctx.db.select({ id: properties.id, purpose: properties.purpose }).from(properties).where(inArray(properties.purpose, [...CONTACT_PURPOSES]));
  const given = (purpose: number): string => {
    const ids = new Set(rows.filter((r) => r.purpose === purpose).map((r) => r.id));
    const hit = submitted.find((s) => ids.has(s.property.id));
    return typeof hit?.value === "string" ? hit.value.trim() : "";
  };
  // The detail shows the phone masked: sent back unchanged, it stands for the stored one.
  const typed = given(PROPERTY_PURPOSE.PROPERTY_PURPOSE_PHONE);
  const phone = stored?.phone && typed === maskPhone(stored.phone) ? stored.phone : typed;
  const mail = given(PROPERTY_PURPOSE.PROPERTY_PURPOSE_MAIL);
  const contacts: Contacts = {
    employees: stored ? stored.employees : employeesOf(given(PROPERTY_PURPOSE.PROPERTY_PURPOSE_EMPLOYEES)),
    phone: phone ? phoneOf(phone) : null,
    mail: mail ? mailOf(mail) : null,
  };
  const values: CleanValue[] = rows.map((r) => ({
    propertyId: r.id,
    optionId: null,
    value:
      (r.purpose === PROPERTY_PURPOSE.PROPERTY_PURPOSE_EMPLOYEES ? contacts.employees : r.purpose === PROPERTY_PURPOSE.PROPERTY_PURPOSE_PHONE ? contacts.phone : contacts.mail) ?? "",
  }));
  return { contacts, values };
}

/** ERROR_RESULT_NULL when the member could not sign in; ERROR_RENAME when another member holds one of them. */
async function checkContacts(ctx: MemberCtx, contacts: Contacts, exceptId: number | null) {
  if (!contacts.employees && !contacts.phone && !contacts.mail) refuse("ERROR_RESULT_NULL");
  const [other] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        or(
          contacts.employees ? eq(users.employees, contacts.employees) : undefined,
          contacts.phone ? eq(users.phone, contacts.phone) : undefined,
          contacts.mail ? eq(users.mail, contacts.mail) : undefined,
        ),
        exceptId === null ? undefined : ne(users.id, exceptId),
      ),
    )
    .limit(1);
  if (other) refuse("ERROR_RENAME");
}

async function roleOf(ctx: MemberCtx, id: number | null | undefined) {
  if (id == null) refuseField("status");
  const [role] = await ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.id, id));
  if (!role) refuseField("status");
  return role.id;
}

const ROLE_REFUSALS = { "role.self": "ERROR_ROLE_SELF", "role.holder": "ERROR_MEMBER_ABOVE", "role.above": "ERROR_ROLE_ABOVE" } as const;

/**
 * Decision 103: the role given must be within the actor's powers, never their own changed, never one changed above them.
 * The actor's row and the target's are locked first, in id order (`actorAsStored`), and the target read after.
 */
async function judgeRole(ctx: MemberCtx, targetId: number | null, roleId: number) {
  const powersOf = await rolePowersOf(ctx);
  const actor = await actorAsStored(ctx, targetId, powersOf);
  const target = targetId === null ? null : (await memberRow(ctx, targetId)).user;
  const refusal = roleRefusal(actor, powersOf, target, roleId);
  if (refusal) refuse(ROLE_REFUSALS[refusal], { field: "role" });
  return { powersOf, actor, user: target };
}

/** /user/operation/create: a new member in state register, who activates to set a password. */
export async function createMember({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: MemberSaveInput }) {
  if (input.user.id !== undefined) refuseField("id");
  const submitted = parseValues(input.values);
  const roleId = await roleOf(ctx, input.user.status?.id);
  await judgeRole(ctx, null, roleId);
  const { country, values } = await checkProfile(ctx, { userId: null, input: { nationality: input.user.nationality.id, values: submitted }, staff: true });
  const contact = await contactsOf(ctx, submitted, null);
  await checkContacts(ctx, contact.contacts, null);
  const [row] = await ctx.db
    .insert(users)
    .values({ ...contact.contacts, state: USER_STATE.USER_STATE_REGISTERED, roleId, nationalityId: country.id, createdAt: ctx.now, updatedAt: ctx.now })
    .returning({ id: users.id });
  const id = row!.id;
  await writeProfileValues(ctx, { userId: id, operatorId: ctx.actor.id, values: [...values, ...contact.values] });
  return { user: { id }, audit: { entity: "user", id, userId: id } };
}

/** /user/operation/update: the member's profile, role and contacts; the employee number is changed only by a reset. */
export async function updateMember({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: MemberSaveInput }) {
  if (input.user.id === undefined) refuseField("id");
  const submitted = await unmasked(ctx, input.user.id, parseValues(input.values));
  const roleId = await roleOf(ctx, input.user.status?.id);
  const judged = await judgeRole(ctx, input.user.id, roleId);
  const { powersOf, actor } = judged;
  const user = judged.user!;
  await ctx.app.hooks.afterRoleJudged?.();
  const { country, values } = await checkProfile(ctx, { userId: user.id, input: { nationality: input.user.nationality.id, values: submitted }, staff: true });
  const contact = await contactsOf(ctx, submitted, user);
  // A phone or e-mail changed on an account above the actor would let them reset its password and take it.
  if (isAbove(actor, powersOf, user)) {
    for (const field of ["phone", "mail"] as const) if (contact.contacts[field] !== user[field]) refuse("ERROR_MEMBER_ABOVE", { field });
  }
  await checkContacts(ctx, contact.contacts, user.id);
  await ctx.db
    .update(users)
    .set({ phone: contact.contacts.phone, mail: contact.contacts.mail, roleId, nationalityId: country.id, updatedAt: ctx.now })
    .where(eq(users.id, user.id));
  await writeProfileValues(ctx, { userId: user.id, operatorId: ctx.actor.id, values: [...values, ...contact.values] });
  return { user: { id: user.id }, audit: { entity: "user", id: user.id, userId: user.id } };
}
