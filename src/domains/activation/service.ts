// First activation (spec 1 sections 2, 4 and 8; docs/api-account.md
// "Activation"): prove a phone or an e-mail with a code, then the session may
// finish activating that member for 30 minutes (the grant is the used code
// row, so every instance agrees), choose a language, complete the profile and
// set a password. Activation signs the session in.
import { Type as t } from "@sinclair/typebox";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { passwordDigest } from "../../protocol/password";
import { isRefused, refuse, type Refused, refuseField } from "../../protocol/result";
import { PROPERTY_PURPOSE, USER_STATE, isLanguage } from "../../protocol/enumerations";
import { loadUserView } from "../account/user-view";
import { recordConsent } from "../privacy/notice";
import type { Ctx } from "../context";
import { type CodePurpose, hasActivationGrant, sendCode, useCode } from "../shared/codes";
import { codeField, contactTaken, mailField, mailOf, passwordField, phoneField, phoneOf } from "../shared/fields";
import { bindSession, sessionLifetime } from "../shared/sessions";
import { checkProfile, profileInput, writeProfileValues, writePurposeValue } from "../shared/profile";

type UserRow = typeof users.$inferSelect;
type Command = CommandCtx<Ctx>;

const GRANTING: CodePurpose[] = ["activate", "activate-no-mail"];

export function activationMode({ ctx }: { ctx: Ctx }) {
  return { mode: ctx.config.activation.mode };
}

function requireMode(ctx: Ctx, mode: "phone" | "mail") {
  if (ctx.config.activation.mode !== mode) refuse("ERROR_PARAMS", { reason: "mode" });
}

/** A member who may still activate: registered, not active and not gone. */
function requireRegistered(user: UserRow | undefined): UserRow {
  if (!user) refuse("ERROR_NOT_USER");
  if (user.state === USER_STATE.USER_STATE_ACTIVE) refuse("ERROR_BINDINGED");
  if (user.state === USER_STATE.USER_STATE_LEFT) refuse("ERROR_LEAVE");
  return user;
}

async function userBy(ctx: Ctx, column: "phone" | "mail" | "employees", value: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users[column], value)).limit(1);
  return user;
}

/** The initial password of the no-company-mail form arrives as MD5, like every password. */
function requireInitialPassword(ctx: Ctx, md5: string | undefined) {
  const expected = passwordDigest(ctx.config.activation.initialPassword);
  if (md5?.toLowerCase() !== expected) refuseField("password");
}

export async function sendActivationSms({ ctx, input }: { ctx: Command; input: { phone: string } }) {
  requireMode(ctx, "phone");
  const phone = phoneOf(input.phone);
  const user = requireRegistered(await userBy(ctx, "phone", phone));
  return sendCode(ctx, { purpose: "activate", channel: "sms", target: phone, userId: user.id });
}

export async function sendActivationMail({ ctx, input }: { ctx: Command; input: { mail: string } }) {
  requireMode(ctx, "mail");
  const mail = mailOf(input.mail);
  const user = requireRegistered(await userBy(ctx, "mail", mail));
  return sendCode(ctx, { purpose: "activate", channel: "mail", target: mail, userId: user.id });
}

// The spec's call table names only employees and mail; the initial password travels too, and its absence is refused by name.
const noMailFields = { employees: t.String({ maxLength: 50 }), password: t.Optional(passwordField), mail: mailField };
/** /active/none/mail/send. */
export const noMailInput = t.Object(noMailFields);
export type NoMailInput = typeof noMailInput.static;
/** /active/none/mail/login: the same form with the code sent to the chosen mailbox. */
export const noMailLoginInput = t.Object({ ...noMailFields, auth: codeField });
export type NoMailLoginInput = typeof noMailLoginInput.static;

/** The no-company-mail form: employee id plus the initial password, then a code to a mailbox of the member's choice. */
async function noMailMember(ctx: Ctx, input: NoMailInput) {
  requireMode(ctx, "mail");
  requireInitialPassword(ctx, input.password);
  const mail = mailOf(input.mail);
  const employees = input.employees.trim().toLowerCase();
  if (!employees) refuseField("employees");
  const user = requireRegistered(await userBy(ctx, "employees", employees));
  if (user.mail) refuse("ERROR_DATA_USED", { reason: "has-mail" });
  if (await contactTaken(ctx, "mail", mail, null)) refuse("ERROR_DATA_USED", { reason: "mail-used" });
  return { user, mail };
}

export async function sendNoMailCode({ ctx, input }: { ctx: Command; input: NoMailInput }) {
  const { user, mail } = await noMailMember(ctx, input);
  return sendCode(ctx, { purpose: "activate-no-mail", channel: "mail", target: mail, userId: user.id });
}

/** /active/login: the code proves the phone or e-mail; the answer is the member to activate. */
export async function activationLogin({ ctx, input }: { ctx: Command; input: { phone?: string; mail?: string; auth: string } }) {
  const byPhone = input.phone !== undefined;
  if (byPhone === (input.mail !== undefined)) refuseField(byPhone ? "mail" : "phone");
  requireMode(ctx, byPhone ? "phone" : "mail");
  const target = byPhone ? phoneOf(input.phone!) : mailOf(input.mail!);
  const verdict = await useCode(ctx, { purpose: "activate", channel: byPhone ? "sms" : "mail", target, code: input.auth });
  if (isRefused(verdict)) return verdict;
  const user = requireRegistered(await userBy(ctx, byPhone ? "phone" : "mail", target));
  // The code was sent to whoever held that phone then; the grant names that member.
  if (user.id !== verdict.userId) refuse("ERROR_NOT_USER");
  return { user: await loadUserView(ctx, user.id) };
}

export async function noMailLogin({ ctx, input }: { ctx: Command; input: NoMailLoginInput }) {
  const { user, mail } = await noMailMember(ctx, input);
  const verdict = await useCode(ctx, { purpose: "activate-no-mail", channel: "mail", target: mail, code: input.auth });
  if (isRefused(verdict)) return verdict;
  if (user.id !== verdict.userId) refuseField("employees");
  return { user: await loadUserView(ctx, user.id) };
}

/** The member this session may finish activating, or ERROR_NOT_POWER. */
async function granted(ctx: Ctx, userId: number) {
  const grant = await hasActivationGrant(ctx, userId, GRANTING);
  if (!grant) refuse("ERROR_NOT_POWER", { reason: "activation" });
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  return { grant, user: requireRegistered(user) };
}

export async function activationLanguage({ ctx, input }: { ctx: Command; input: { user: number; language: number } }) {
  if (!isLanguage(input.language)) refuseField("language");
  const { user } = await granted(ctx, input.user);
  await ctx.db.update(users).set({ language: input.language, updatedAt: ctx.now }).where(eq(users.id, user.id));
  return { user: await loadUserView(ctx, user.id) };
}

/** /user/sms/send during profile completion: a code to the phone the member will keep. */
export async function sendProfilePhoneCode({ ctx, input }: { ctx: Command; input: { user: number; phone: string } }) {
  const phone = phoneOf(input.phone);
  const { user } = await granted(ctx, input.user);
  if (await contactTaken(ctx, "phone", phone, user.id)) refuse("ERROR_RENAME", { field: "phone" });
  return sendCode(ctx, { purpose: "activate-phone", channel: "sms", target: phone, userId: user.id });
}

/** /active/submit: the member, the password, the profile form, and a phone with its code when it is new. */
export const submitInput = t.Object({
  user: t.Integer(),
  password: passwordField,
  ...profileInput.properties,
  phone: t.Optional(phoneField),
  auth: t.Optional(codeField),
  /** The privacy notice's version the member accepted on the form (issue 31); without it they are asked at their first sign-in. */
  notice: t.Optional(t.Integer({ minimum: 1, maximum: 2_147_483_647 })),
});
export type SubmitInput = typeof submitInput.static;

/**
 * /active/submit: profile, phone, password, state and sign-in in one
 * transaction. A new phone (or the first one) needs its own code.
 */
export async function submitActivation({ ctx, input }: { ctx: Command; input: SubmitInput }) {
  const { grant, user } = await granted(ctx, input.user);
  const proof = await provenPhone(ctx, user, input);
  if (isRefused(proof)) return proof;
  const { phone } = proof;
  const { country, values } = await checkProfile(ctx, { userId: user.id, input });
  // The no-company-mail form proved a mailbox of the member's choice: it becomes their e-mail.
  const mail = grant.purpose === "activate-no-mail" ? grant.target : user.mail;
  if (mail !== user.mail && (await contactTaken(ctx, "mail", mail!, user.id))) refuse("ERROR_RENAME", { field: "mail" });
  await ctx.db
    .update(users)
    .set({
      phone,
      mail,
      nationalityId: country.id,
      passwordHash: await ctx.app.passwords.store(input.password),
      state: USER_STATE.USER_STATE_ACTIVE,
      updatedAt: ctx.now,
    })
    .where(eq(users.id, user.id));
  const by = { userId: user.id, operatorId: user.id };
  await writeProfileValues(ctx, { ...by, values });
  if (phone !== user.phone) await writePurposeValue(ctx, { ...by, purpose: PROPERTY_PURPOSE.PROPERTY_PURPOSE_PHONE, value: phone });
  if (mail !== user.mail) await writePurposeValue(ctx, { ...by, purpose: PROPERTY_PURPOSE.PROPERTY_PURPOSE_MAIL, value: mail! });
  if (input.notice !== undefined) await recordConsent(ctx, user.id, input.notice);
  const view = await loadUserView(ctx, user.id);
  await bindSession(ctx, user.id, sessionLifetime(ctx.config, view?.status.powers.length ?? 0));
  return { user: view, audit: { entity: "user", id: user.id, userId: user.id } };
}

/**
 * The phone the member keeps: the one on file, or a new one proven by its
 * code (a code refusal comes back as an answer so a wrong try is counted).
 */
async function provenPhone(ctx: Ctx, user: UserRow, input: SubmitInput): Promise<{ phone: string } | Refused> {
  const given = input.phone === undefined || input.phone.trim() === "" ? null : phoneOf(input.phone);
  if (given === null || given === user.phone) {
    if (!user.phone) refuseField("phone");
    return { phone: user.phone };
  }
  if (!input.auth) refuseField("auth");
  if (await contactTaken(ctx, "phone", given, user.id)) refuse("ERROR_RENAME", { field: "phone" });
  const verdict = await useCode(ctx, { purpose: "activate-phone", channel: "sms", target: given, code: input.auth });
  if (isRefused(verdict)) return verdict;
  if (verdict.userId !== user.id) refuse("ERROR_PARAMS", { reason: "phone-mismatch" });
  return { phone: given };
}
