// Sign-in, sign-out and reload (spec 1 sections 2, 5 and 8).
import { Type as t } from "@sinclair/typebox";
import { desc, eq, or, sql } from "drizzle-orm";
import { loginLog, users } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { DomainError, message, refused } from "../../protocol/result";
import { USER_STATE } from "../../protocol/enumerations";
import { type ResultCode } from "../../protocol/result-codes";
import { loadUserView } from "../account/user-view";
import type { Ctx, MemberCtx } from "../context";
import { passwordField } from "../shared/fields";
import { clearFailures, pausedFor, recordFailure, takeTry } from "../shared/rate-limit";
import { bindSession } from "../shared/sessions";
import { takeCaptcha } from "../system/service";
import { passwordMatches } from "./password";

export const loginInput = t.Object({
  account: t.String({ minLength: 1, maxLength: 100 }),
  // The client sends MD5(password) as 32 hex digits (spec 1 section 5).
  password: passwordField,
  auth: t.String({ minLength: 6, maxLength: 6 }),
});
export type LoginInput = typeof loginInput.static;

/** Keyed by the member, whichever identifier was typed; an unknown name by its text. */
const accountKey = (userId: number | null, typed: string) => (userId === null ? `signin:unknown:${typed}` : `signin:user:${userId}`);
const addressKey = (ip: string | null) => `signin:address:${ip ?? "unknown"}`;

/**
 * Every failure is committed, not rolled back: the image code is used up and
 * the counters grow even though the answer is an error. A member's tries are
 * taken one at a time (takeTry), so a burst of guesses gets no more than the
 * limit judged; an address only slows down for seconds, so one guesser
 * behind a company's address does not lock its members out.
 */
export async function login({ ctx, input }: { ctx: CommandCtx; input: LoginInput }) {
  const account = input.account.trim().toLowerCase();
  const fail = async (code: ResultCode, userId: number | null, params?: Record<string, unknown>) => {
    await ctx.db.insert(loginLog).values({ userId, account, success: false, result: code, ip: ctx.ip, userAgent: ctx.userAgent, createdAt: ctx.now });
    return refused(code, params);
  };
  const limits = ctx.config.signIn;
  const memberPauses = { threshold: limits.accountFailures, windowMs: limits.windowMs, maxPauseMs: limits.maxPauseMs };
  const addressPauses = { threshold: limits.addressFailures, windowMs: limits.windowMs, maxPauseMs: limits.addressMaxPauseMs, basePauseMs: 1000 };
  const often = (ms: number) => fail("ERROR_OFTEN", null, { seconds: Math.ceil(ms / 1000) });

  const [user] = await ctx.db
    .select()
    .from(users)
    .where(or(eq(users.employees, account), eq(users.mail, account), eq(users.phone, account)))
    .limit(1);
  const key = accountKey(user?.id ?? null, account);
  const paused = Math.max(await pausedFor(ctx, key), await pausedFor(ctx, addressKey(ctx.ip)));
  if (paused > 0) {
    await takeCaptcha(ctx, input.auth);
    return often(paused);
  }
  if (!(await takeCaptcha(ctx, input.auth))) return fail("ERROR_RANDOM", null);

  if (!user) {
    // The same work as a wrong password, so the time taken does not tell which names exist.
    await passwordMatches(input.password, null);
    await recordFailure(ctx, addressKey(ctx.ip), addressPauses);
    return fail("ERROR_NOT_USER", null);
  }
  if (user.state === USER_STATE.USER_STATE_REGISTERED) return fail("USER_STATE_REGISTER", user.id);
  if (user.state === USER_STATE.USER_STATE_LEFT) return fail("USER_STATE_LEAVE", user.id);

  const wait = await takeTry(ctx, key, memberPauses);
  if (wait > 0) return often(wait);
  if (!(await passwordMatches(input.password, user.passwordHash))) {
    await recordFailure(ctx, addressKey(ctx.ip), addressPauses);
    return fail("ERROR_PASSWORD", user.id);
  }

  await clearFailures(ctx, key);
  // A signed-in session lives the full sliding lifetime; one nobody signed in on expires sooner.
  await bindSession(ctx, user.id, ctx.config.tokenLifetimeMs);
  await ctx.db.insert(loginLog).values({ userId: user.id, account, success: true, result: "SUCCESS", ip: ctx.ip, userAgent: ctx.userAgent, createdAt: ctx.now });
  return { message: message("SUCCESS"), user: await loadUserView(ctx, user.id) };
}

export async function logout({ ctx }: { ctx: CommandCtx }) {
  await bindSession(ctx, null);
  return {};
}

/** The session's user, or ERROR_LOGIN_CODE when nobody is signed in on it. */
export async function reload({ ctx }: { ctx: Ctx }) {
  if (!ctx.actor) throw new DomainError("ERROR_LOGIN_CODE");
  const user = await loadUserView(ctx, ctx.actor.id);
  if (!user) throw new DomainError("ERROR_LOGIN_CODE");
  return { user };
}

/** The member's own recent successful sign-ins (the home page keeps them as a list of dates). */
export async function loginDates({ ctx }: { ctx: MemberCtx }) {
  const rows = await ctx.db
    .select({ date: loginLog.createdAt, ip: loginLog.ip })
    .from(loginLog)
    .where(sql`${loginLog.userId} = ${ctx.actor.id} and ${loginLog.success}`)
    .orderBy(desc(loginLog.createdAt))
    .limit(10);
  return { list: rows.map((r) => ({ date: r.date.toISOString(), ip: r.ip })) };
}
