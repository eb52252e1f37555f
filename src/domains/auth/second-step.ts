// The second step of a sign-in (issue 31 item 1). A member who keeps a second
// factor and gives the right password is not signed in: the session holds
// "password checked for this member, second factor due" for five minutes, and
// no user, so no member or staff call passes. The step then takes an app's
// code, a recovery code or a passkey's signature. Tries are counted per
// member like passwords (shared/rate-limit.ts takeTry: a burst of guesses is
// judged no faster than the limit); an app's code counts once, its time step
// taken by a conditional update; a recovery code once, marked used the same
// way. A wrong try is answered, not thrown, so the count commits.
import { Type as t } from "@sinclair/typebox";
import { and, eq, gt } from "drizzle-orm";
import { secondFactors, sessions, users } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { USER_STATE } from "../../protocol/enumerations";
import { refuse, refused } from "../../protocol/result";
import { codeField } from "../shared/fields";
import { clearFailures, takeTry } from "../shared/rate-limit";
import { isAppCode } from "../second-factor/one-time";
import { authenticationOptions, checkAuthentication, credentialInput } from "../second-factor/passkeys";
import { takeAppCode, takeRecoveryCode } from "../second-factor/sign-in";
import { failed, pausesOf, signedIn } from "./service";

export const secondCodeInput = t.Object({ code: codeField });
export const secondPasskeyInput = t.Object({ credential: credentialInput });

/** The member whose password this session checked, still active, or ERROR_LOGIN_CODE (start again with the password). */
async function pendingMember(ctx: CommandCtx) {
  const [row] = await ctx.db
    .select({ id: users.id, employees: users.employees, state: users.state })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.pendingUserId))
    .where(and(eq(sessions.id, ctx.session.id), gt(sessions.pendingUntil, ctx.now)));
  if (!row || row.state !== USER_STATE.USER_STATE_ACTIVE) refuse("ERROR_LOGIN_CODE", { reason: "second" });
  return row;
}

const triesKey = (userId: number) => `second:user:${userId}`;

/** One try taken, or the refusal that says how long to wait. */
async function takeSecondTry(ctx: CommandCtx, userId: number) {
  const wait = await takeTry(ctx, triesKey(userId), pausesOf(ctx).member);
  return wait > 0 ? refused("ERROR_OFTEN", { seconds: Math.ceil(wait / 1000) }) : null;
}

async function passed(ctx: CommandCtx, member: { id: number; employees: string | null }) {
  await clearFailures(ctx, triesKey(member.id));
  await ctx.db.update(sessions).set({ pendingUserId: null, pendingUntil: null, challenge: null }).where(eq(sessions.id, ctx.session.id));
  return signedIn(ctx, member.id, member.employees ?? String(member.id));
}

async function logWrongTry(ctx: CommandCtx, member: { id: number; employees: string | null }, reason: "wrong" | "used") {
  await failed(ctx, member.employees ?? String(member.id), "ERROR_RANDOM", member.id);
  return refused("ERROR_RANDOM", { field: "code", reason });
}

/** POST /client/login/second: an app's six digits, or a recovery code. */
export async function secondCode({ ctx, input }: { ctx: CommandCtx; input: typeof secondCodeInput.static }) {
  const member = await pendingMember(ctx);
  const paused = await takeSecondTry(ctx, member.id);
  if (paused) return paused;
  const code = input.code.trim();
  const verdict = isAppCode(code) ? await takeAppCode(ctx, member.id, code) : await takeRecoveryCode(ctx, member.id, code);
  if (verdict !== "ok") return logWrongTry(ctx, member, verdict);
  return passed(ctx, member);
}

/** POST /client/login/passkey/options: a challenge for one of the pending member's passkeys. */
export async function secondPasskeyOptions({ ctx }: { ctx: CommandCtx }) {
  const member = await pendingMember(ctx);
  const keys = await ctx.db.select().from(secondFactors).where(and(eq(secondFactors.userId, member.id), eq(secondFactors.kind, "passkey")));
  if (keys.length === 0) refuse("ERROR_RESULT_NULL", { field: "passkey" });
  return { options: await authenticationOptions(ctx, keys) };
}

/** POST /client/login/passkey: the passkey's signature over the session's challenge. */
export async function secondPasskey({ ctx, input }: { ctx: CommandCtx; input: typeof secondPasskeyInput.static }) {
  const member = await pendingMember(ctx);
  const paused = await takeSecondTry(ctx, member.id);
  if (paused) return paused;
  const [key] = await ctx.db
    .select()
    .from(secondFactors)
    .where(and(eq(secondFactors.userId, member.id), eq(secondFactors.kind, "passkey"), eq(secondFactors.credentialId, input.credential.id)));
  const counter = key ? await checkAuthentication(ctx, input.credential, key) : null;
  if (counter === null || !key) return logWrongTry(ctx, member, "wrong");
  await ctx.db.update(secondFactors).set({ counter, lastUsedAt: ctx.now }).where(eq(secondFactors.id, key.id));
  return passed(ctx, member);
}
