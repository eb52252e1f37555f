// Reset a forgotten password, change password, phone and e-mail
// (docs/api-account.md "Reset and security"). Every change needs a code sent
// to the phone or mailbox it concerns; a refused code comes back as an answer
// so the wrong try is counted.
import { and, eq, ne } from "drizzle-orm";
import { sessions, users } from "../../db/schema";
import type { Ctx } from "../../http/context";
import { storePassword } from "../auth/password";
import { DomainError } from "../../protocol/result";
import { PROPERTY_PURPOSE, USER_STATE } from "../../protocol/types";
import { logOperation, writePurposeValue } from "../account/service";
import { loadUserView } from "../account/user-view";
import { sendCode, useCode } from "../verification/codes";
import { mailOf, phoneOf } from "../verification/formats";


/** The member a reset is for: active, by phone. */
async function resettable(ctx: Ctx, phone: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.phone, phone)).limit(1);
  if (user?.state === USER_STATE.USER_STATE_LEFT) throw new DomainError("ERROR_LEAVE");
  // A registered member has no password to reset: activation sets the first one.
  if (!user || user.state !== USER_STATE.USER_STATE_ACTIVE) throw new DomainError("ERROR_NOT_USER");
  return user;
}

export async function sendResetCode({ ctx, input }: { ctx: Ctx; input: { phone: string } }) {
  const phone = phoneOf(input.phone);
  return ctx.transaction(async (tx) => {
    const user = await resettable(tx, phone);
    return sendCode(tx, { purpose: "reset", channel: "sms", target: phone, userId: user.id });
  });
}

/** Also signs out every session of the member: whoever knew the old password is out. */
export async function resetPassword({ ctx, input }: { ctx: Ctx; input: { phone: string; auth: string; password: string } }) {
  const phone = phoneOf(input.phone);
  return ctx.transaction(async (tx) => {
    const verdict = await useCode(tx, { purpose: "reset", channel: "sms", target: phone, code: input.auth });
    if (!verdict.ok) return verdict.answer;
    const user = await resettable(tx, phone);
    await tx.db.update(users).set({ passwordHash: await storePassword(input.password), updatedAt: ctx.now }).where(eq(users.id, user.id));
    await tx.db.update(sessions).set({ userId: null }).where(eq(sessions.userId, user.id));
    await logOperation(tx.db, tx, { userId: null, targetUserId: user.id, action: "security.reset" });
    return {};
  });
}

async function me(ctx: Ctx) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, ctx.actor!.id));
  return user!;
}

export async function sendPasswordCode({ ctx }: { ctx: Ctx }) {
  return ctx.transaction(async (tx) => {
    const user = await me(tx);
    if (!user.phone) throw new DomainError("ERROR_PARAMS", { field: "phone" });
    return sendCode(tx, { purpose: "password", channel: "sms", target: user.phone, userId: user.id });
  });
}

export async function updatePassword({ ctx, input }: { ctx: Ctx; input: { auth: string; password: string } }) {
  return ctx.transaction(async (tx) => {
    const user = await me(tx);
    if (!user.phone) throw new DomainError("ERROR_PARAMS", { field: "phone" });
    const verdict = await useCode(tx, { purpose: "password", channel: "sms", target: user.phone, code: input.auth });
    if (!verdict.ok) return verdict.answer;
    await tx.db.update(users).set({ passwordHash: await storePassword(input.password), updatedAt: ctx.now }).where(eq(users.id, user.id));
    await logOperation(tx.db, tx, { userId: user.id, targetUserId: user.id, action: "security.password" });
    return {};
  });
}

type Contact = "phone" | "mail";

const CONTACTS = {
  phone: { parse: phoneOf, purpose: "change-phone", channel: "sms", property: PROPERTY_PURPOSE.PROPERTY_PURPOSE_PHONE },
  mail: { parse: mailOf, purpose: "change-mail", channel: "mail", property: PROPERTY_PURPOSE.PROPERTY_PURPOSE_MAIL },
} as const;

async function takenByOther(ctx: Ctx, kind: Contact, value: string, userId: number) {
  const [other] = await ctx.db.select({ id: users.id }).from(users).where(and(eq(users[kind], value), ne(users.id, userId))).limit(1);
  return Boolean(other);
}

/** /user/check/send and /user/mail/send: a code to the new phone or mailbox. */
export async function sendContactCode(kind: Contact, { ctx, input }: { ctx: Ctx; input: { value: string } }) {
  const c = CONTACTS[kind];
  const value = c.parse(input.value);
  return ctx.transaction(async (tx) => {
    const user = await me(tx);
    if (value === user[kind]) throw new DomainError("ERROR_PARAMS", { reason: "same" });
    if (await takenByOther(tx, kind, value, user.id)) throw new DomainError("ERROR_RENAME", { field: kind });
    return sendCode(tx, { purpose: c.purpose, channel: c.channel, target: value, userId: user.id });
  });
}

/** /user/phone/update and /user/mail/update: the old value must be the one on file, the new one proven. */
export async function updateContact(kind: Contact, { ctx, input }: { ctx: Ctx; input: { auth: string; value: string; old: string } }) {
  const c = CONTACTS[kind];
  return ctx.transaction(async (tx) => {
    const user = await me(tx);
    const old = kind === "mail" ? input.old.trim().toLowerCase() : input.old.trim();
    if (old !== (user[kind] ?? "")) throw new DomainError("ERROR_PARAMS", { reason: "old" });
    const value = c.parse(input.value);
    if (value === old) throw new DomainError("ERROR_PARAMS", { reason: "same" });
    const verdict = await useCode(tx, { purpose: c.purpose, channel: c.channel, target: value, code: input.auth });
    if (!verdict.ok) return verdict.answer;
    if (await takenByOther(tx, kind, value, user.id)) throw new DomainError("ERROR_RENAME", { field: kind });
    const opId = await logOperation(tx.db, tx, { userId: user.id, targetUserId: user.id, action: `security.${kind}`, detail: `${user[kind] ?? ""} -> ${value}` });
    await tx.db.update(users).set({ [kind]: value, updatedAt: ctx.now }).where(eq(users.id, user.id));
    await writePurposeValue(tx.db, { userId: user.id, operatorId: user.id, operationLogId: opId, now: ctx.now, purpose: c.property, value });
    return { user: await loadUserView(tx.db, user.id) };
  });
}
