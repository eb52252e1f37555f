// A member's own second factors, from the security page (issue 31 item 1):
// an authenticator app (a QR to scan, then its first code to confirm it),
// passkeys, and ten recovery codes shown once. Staff must keep one (./policy.ts);
// members may. Every change tells the other instances, whose cached sessions
// carry whether the member is enrolled.
import { Type as t } from "@sinclair/typebox";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { recoveryCodes, secondFactors, users } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { refuse, refused } from "../../protocol/result";
import type { Ctx, MemberCtx } from "../context";
import { codeField, idField, isoOf } from "../shared/fields";
import { sessionFactsChanged } from "../shared/sessions";
import { enrolmentUri, newRecoveryCodes, newSecret, recoveryHash, stepOf } from "./one-time";
import { checkRegistration, credentialInput, registrationOptions } from "./passkeys";
import { policyOf } from "./policy";

type Member = CommandCtx<MemberCtx>;

const labelField = t.String({ maxLength: 60 });
export const confirmAppInput = t.Object({ code: codeField });
export const addPasskeyInput = t.Object({ credential: credentialInput, label: labelField });
export const removeFactorInput = t.Object({ id: idField });


const confirmedOf = (ctx: Pick<Ctx, "db">, userId: number) =>
  ctx.db.select().from(secondFactors).where(and(eq(secondFactors.userId, userId), eq(secondFactors.confirmed, true))).orderBy(asc(secondFactors.id));

/** POST /user/second-factor/state: the factors kept, the recovery codes left, and whether one is required by when. */
export async function factorState({ ctx }: { ctx: MemberCtx }) {
  const factors = await confirmedOf(ctx, ctx.actor.id);
  const [left] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, ctx.actor.id), isNull(recoveryCodes.usedAt)));
  const required = ctx.actor.powers.size > 0 || ctx.actor.factorMissing;
  const policy = required && factors.length === 0 ? await policyOf(ctx) : null;
  return {
    factors: factors.map((f) => ({ id: f.id, kind: f.kind, label: f.label, createdAt: f.createdAt.toISOString(), lastUsedAt: isoOf(f.lastUsedAt) })),
    recoveryLeft: left?.n ?? 0,
    required,
    deadline: isoOf(policy?.deadline ?? null),
  };
}

/** Fresh recovery codes (the old ones no longer work): the plain codes, to be shown once. */
async function issueRecoveryCodes(ctx: Member, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await ctx.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await ctx.db.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: recoveryHash(code), createdAt: ctx.now })));
  return codes;
}

/** The first factor a member keeps comes with recovery codes; a later one leaves them as they are. */
async function recoveryForFirst(ctx: Member, userId: number): Promise<string[] | null> {
  const kept = await confirmedOf(ctx, userId);
  return kept.length === 1 ? issueRecoveryCodes(ctx, userId) : null;
}

/** POST /user/second-factor/app/start: a new secret for an authenticator app, unconfirmed, replacing any unconfirmed one. */
export async function startApp({ ctx }: { ctx: Member }) {
  const [confirmed] = await ctx.db
    .select({ id: secondFactors.id })
    .from(secondFactors)
    .where(and(eq(secondFactors.userId, ctx.actor.id), eq(secondFactors.kind, "totp"), eq(secondFactors.confirmed, true)));
  // One app per member: remove the one kept before adding another.
  if (confirmed) refuse("ERROR_BINDINGED", { field: "app" });
  const [user] = await ctx.db.select({ employees: users.employees }).from(users).where(eq(users.id, ctx.actor.id));
  const secret = newSecret();
  const row = { userId: ctx.actor.id, kind: "totp" as const, label: "", confirmed: false, secret, lastStep: null, createdAt: ctx.now };
  await ctx.db.delete(secondFactors).where(and(eq(secondFactors.userId, ctx.actor.id), eq(secondFactors.kind, "totp"), eq(secondFactors.confirmed, false)));
  await ctx.db.insert(secondFactors).values(row);
  return { secret, uri: enrolmentUri(secret, user?.employees ?? String(ctx.actor.id)) };
}

/** POST /user/second-factor/app/confirm: the app's first code proves it was set up; answers the recovery codes when this is the first factor. */
export async function confirmApp({ ctx, input }: { ctx: Member; input: typeof confirmAppInput.static }) {
  const [pending] = await ctx.db
    .select()
    .from(secondFactors)
    .where(and(eq(secondFactors.userId, ctx.actor.id), eq(secondFactors.kind, "totp"), eq(secondFactors.confirmed, false)));
  if (!pending?.secret) refuse("ERROR_RESULT_NULL", { field: "app" });
  const step = stepOf(pending.secret, input.code.trim(), ctx.now);
  // A wrong code is answered, not thrown: nothing else of the enrolment changes, and the member tries again.
  if (step === null) return refused("ERROR_RANDOM", { field: "code" });
  await ctx.db.update(secondFactors).set({ confirmed: true, lastStep: step, lastUsedAt: ctx.now, label: "app" }).where(eq(secondFactors.id, pending.id));
  const recovery = await recoveryForFirst(ctx, ctx.actor.id);
  await sessionFactsChanged(ctx, ctx.actor.id);
  return { recovery, audit: { entity: "second-factor", id: pending.id, userId: ctx.actor.id, detail: "app" } };
}

/** POST /user/second-factor/passkey/options: what the browser needs to make a passkey for this member. */
export async function passkeyOptions({ ctx }: { ctx: Member }) {
  const [user] = await ctx.db.select({ id: users.id, employees: users.employees }).from(users).where(eq(users.id, ctx.actor.id));
  const existing = await ctx.db.select().from(secondFactors).where(and(eq(secondFactors.userId, ctx.actor.id), eq(secondFactors.kind, "passkey")));
  return { options: await registrationOptions(ctx, user!, existing) };
}

/** POST /user/second-factor/passkey/add: the browser's new passkey, checked against this session's challenge. */
export async function addPasskey({ ctx, input }: { ctx: Member; input: typeof addPasskeyInput.static }) {
  const label = input.label.trim();
  if (!label) refuse("ERROR_PARAMS", { field: "label", reason: "missing" });
  const made = await checkRegistration(ctx, input.credential);
  if (!made) refuse("ERROR_PARAMS", { field: "credential", reason: "passkey" });
  const [row] = await ctx.db
    .insert(secondFactors)
    .values({ userId: ctx.actor.id, kind: "passkey", label, confirmed: true, ...made, createdAt: ctx.now })
    .returning({ id: secondFactors.id });
  const recovery = await recoveryForFirst(ctx, ctx.actor.id);
  await sessionFactsChanged(ctx, ctx.actor.id);
  return { recovery, audit: { entity: "second-factor", id: row!.id, userId: ctx.actor.id, detail: `passkey ${label}` } };
}

/** POST /user/second-factor/remove: one of the member's own factors; with the last one go the recovery codes. */
export async function removeFactor({ ctx, input }: { ctx: Member; input: typeof removeFactorInput.static }) {
  const [gone] = await ctx.db
    .delete(secondFactors)
    .where(and(eq(secondFactors.id, input.id), eq(secondFactors.userId, ctx.actor.id), eq(secondFactors.confirmed, true)))
    .returning({ id: secondFactors.id, kind: secondFactors.kind, label: secondFactors.label });
  if (!gone) refuse("ERROR_RESULT_NULL", { field: "id" });
  const left = await confirmedOf(ctx, ctx.actor.id);
  if (left.length === 0) await ctx.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, ctx.actor.id));
  await sessionFactsChanged(ctx, ctx.actor.id);
  return { left: left.length, audit: { entity: "second-factor", id: gone.id, userId: ctx.actor.id, detail: `${gone.kind} ${gone.label}` } };
}

/** POST /user/second-factor/recovery/renew: ten new recovery codes, the old ones void; only with a factor kept. */
export async function renewRecovery({ ctx }: { ctx: Member }) {
  const kept = await confirmedOf(ctx, ctx.actor.id);
  if (kept.length === 0) refuse("ERROR_RESULT_NULL", { field: "factor" });
  return { recovery: await issueRecoveryCodes(ctx, ctx.actor.id), audit: { entity: "second-factor", id: ctx.actor.id, userId: ctx.actor.id, detail: "recovery codes" } };
}

/**
 * Every factor and recovery code of a member gone: a staff reset (a lost
 * device), a reset activation (a new start), an erasure. The caller signs
 * the member out as its rule says.
 */
export async function clearFactors(ctx: Pick<Ctx, "db">, userId: number): Promise<number> {
  const gone = await ctx.db.delete(secondFactors).where(eq(secondFactors.userId, userId)).returning({ id: secondFactors.id });
  await ctx.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  // Every caller also ends the member's sessions, which tells every instance.
  return gone.length;
}
