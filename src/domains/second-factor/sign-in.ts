// What a sign-in's second step checks of a member's factors (the step itself:
// src/domains/auth/second-step.ts): the session set waiting for one, an app's
// code taken once by its time step, a recovery code once.
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { recoveryCodes, secondFactors, sessions } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { recoveryHash, stepOf } from "./one-time";

/** How long the password's success waits for the second factor. */
const PENDING_MS = 5 * 60_000;

/** The kinds of factor the member keeps ("app", "passkey", and "recovery" with them), or null with none: then nothing is pending. */
export async function awaitSecondFactor(ctx: CommandCtx, userId: number): Promise<string[] | null> {
  const kept = await ctx.db
    .select({ kind: secondFactors.kind })
    .from(secondFactors)
    .where(and(eq(secondFactors.userId, userId), eq(secondFactors.confirmed, true)));
  if (kept.length === 0) return null;
  await ctx.db
    .update(sessions)
    .set({ pendingUserId: userId, pendingUntil: new Date(ctx.now.getTime() + PENDING_MS), challenge: null })
    .where(eq(sessions.id, ctx.session.id));
  const kinds = new Set<string>(kept.map((k) => (k.kind === "totp" ? "app" : "passkey")));
  return [...["app", "passkey"].filter((k) => kinds.has(k)), "recovery"];
}

/** An app's code whose step has not been used: the step is taken here, so the same code never counts twice, even sent twice at once. */
export async function takeAppCode(ctx: CommandCtx, userId: number, code: string): Promise<"ok" | "wrong" | "used"> {
  const [app] = await ctx.db
    .select()
    .from(secondFactors)
    .where(and(eq(secondFactors.userId, userId), eq(secondFactors.kind, "totp"), eq(secondFactors.confirmed, true)));
  if (!app?.secret) return "wrong";
  const step = stepOf(app.secret, code, ctx.now);
  if (step === null) return "wrong";
  const taken = await ctx.db
    .update(secondFactors)
    .set({ lastStep: step, lastUsedAt: ctx.now })
    .where(and(eq(secondFactors.id, app.id), or(isNull(secondFactors.lastStep), lt(secondFactors.lastStep, step))))
    .returning({ id: secondFactors.id });
  return taken.length ? "ok" : "used";
}

export async function takeRecoveryCode(ctx: CommandCtx, userId: number, code: string): Promise<"ok" | "wrong"> {
  const used = await ctx.db
    .update(recoveryCodes)
    .set({ usedAt: ctx.now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, recoveryHash(code)), isNull(recoveryCodes.usedAt)))
    .returning({ userId: recoveryCodes.userId });
  return used.length ? "ok" : "wrong";
}

