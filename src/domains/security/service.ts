// Reset a forgotten password, change password, phone and e-mail
// (docs/api-account.md "Reset and security"). Every change needs a code sent
// to the phone or mailbox it concerns; a refused code comes back as an answer
// so the wrong try is counted.
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { isRefused, refuse, refuseField } from "../../protocol/result";
import { PROPERTY_PURPOSE, USER_STATE } from "../../protocol/enumerations";
import { loadUserView } from "../account/user-view";
import type { Ctx, MemberCtx } from "../context";
import { sendCode, useCode } from "../shared/codes";
import { contactTaken, mailOf, phoneOf } from "../shared/fields";
import { writePurposeValue } from "../shared/profile";
import { signOutEverywhere, signOutOthers } from "../shared/sessions";

type Visitor = CommandCtx<Ctx>;
type Member = CommandCtx<MemberCtx>;

/** The member a reset is for: active, by phone. */
async function resettable(ctx: Ctx, phone: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.phone, phone)).limit(1);
  if (user?.state === USER_STATE.USER_STATE_LEFT) refuse("ERROR_LEAVE");
  // A registered member has no password to reset: activation sets the first one.
  if (!user || user.state !== USER_STATE.USER_STATE_ACTIVE) refuse("ERROR_NOT_USER");
  return user;
}

export async function sendResetCode({ ctx, input }: { ctx: Visitor; input: { phone: string } }) {
  const phone = phoneOf(input.phone);
  const user = await resettable(ctx, phone);
  return sendCode(ctx, { purpose: "reset", channel: "sms", target: phone, userId: user.id });
}

/** Also signs out every session of the member: whoever knew the old password is out. */
export async function resetPassword({ ctx, input }: { ctx: Visitor; input: { phone: string; auth: string; password: string } }) {
  const phone = phoneOf(input.phone);
  const verdict = await useCode(ctx, { purpose: "reset", channel: "sms", target: phone, code: input.auth });
  if (isRefused(verdict)) return verdict;
  const user = await resettable(ctx, phone);
  await ctx.db.update(users).set({ passwordHash: await ctx.app.passwords.store(input.password), updatedAt: ctx.now }).where(eq(users.id, user.id));
  await signOutEverywhere(ctx, user.id);
  return { audit: { entity: "user", id: user.id, userId: user.id } };
}

async function me(ctx: MemberCtx) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, ctx.actor.id));
  return user!;
}

export async function sendPasswordCode({ ctx }: { ctx: Member }) {
  const user = await me(ctx);
  if (!user.phone) refuseField("phone");
  return sendCode(ctx, { purpose: "password", channel: "sms", target: user.phone, userId: user.id });
}

export async function updatePassword({ ctx, input }: { ctx: Member; input: { auth: string; password: string } }) {
  const user = await me(ctx);
  if (!user.phone) refuseField("phone");
  const verdict = await useCode(ctx, { purpose: "password", channel: "sms", target: user.phone, code: input.auth });
  if (isRefused(verdict)) return verdict;
  await ctx.db.update(users).set({ passwordHash: await ctx.app.passwords.store(input.password), updatedAt: ctx.now }).where(eq(users.id, user.id));
  // Whoever knew the old password is out everywhere else; this session stays (issue 31).
  await signOutOthers(ctx, user.id);
  return { audit: { entity: "user", id: user.id, userId: user.id } };
}

type Contact = "phone" | "mail";

const CONTACTS = {
  phone: { parse: phoneOf, purpose: "change-phone", channel: "sms", property: PROPERTY_PURPOSE.PROPERTY_PURPOSE_PHONE },
  mail: { parse: mailOf, purpose: "change-mail", channel: "mail", property: PROPERTY_PURPOSE.PROPERTY_PURPOSE_MAIL },
} as const;

/** /user/check/send and /user/mail/send: a code to the new phone or mailbox. */
export async function sendContactCode(kind: Contact, { ctx, input }: { ctx: Member; input: { value: string } }) {
  const c = CONTACTS[kind];
  const value = c.parse(input.value);
  const user = await me(ctx);
  if (value === user[kind]) refuse("ERROR_PARAMS", { reason: "same" });
  if (await contactTaken(ctx, kind, value, user.id)) refuse("ERROR_RENAME", { field: kind });
  return sendCode(ctx, { purpose: c.purpose, channel: c.channel, target: value, userId: user.id });
}

/** /user/phone/update and /user/mail/update: the old value must be the one on file, the new one proven. */
/** The old value is the spec's client-side check; when it is sent it must be the one on file. */
export async function updateContact(kind: Contact, { ctx, input }: { ctx: Member; input: { auth: string; value: string; old?: string } }) {
  const c = CONTACTS[kind];
  const user = await me(ctx);
  const onFile = user[kind] ?? "";
  const old = input.old === undefined ? onFile : kind === "mail" ? input.old.trim().toLowerCase() : input.old.trim();
  if (old !== onFile) refuse("ERROR_PARAMS", { reason: "old" });
  const value = c.parse(input.value);
  if (value === old) refuse("ERROR_PARAMS", { reason: "same" });
  const verdict = await useCode(ctx, { purpose: c.purpose, channel: c.channel, target: value, code: input.auth });
  if (isRefused(verdict)) return verdict;
  if (await contactTaken(ctx, kind, value, user.id)) refuse("ERROR_RENAME", { field: kind });
  await ctx.db.update(users).set({ [kind]: value, updatedAt: ctx.now }).where(eq(users.id, user.id));
  await writePurposeValue(ctx, { userId: user.id, operatorId: user.id, purpose: c.property, value });
  return { user: await loadUserView(ctx, user.id), audit: { entity: "user", id: user.id, userId: user.id, detail: `${user[kind] ?? ""} -> ${value}` } };
}
