// Sign-in, sign-out and reload (spec 1 sections 2, 5 and 8).
import { desc, eq, or, sql } from "drizzle-orm";
import { loginLog, sessions, users } from "../../db/schema";
import type { Ctx } from "../../http/context";
import { DomainError, message, type Message } from "../../protocol/result";
import { type ResultCode, USER_STATE } from "../../protocol/types";
import { loadUserView } from "../account/user-view";
import { clearFailures, pausedFor, recordFailure } from "../system/rate-limit";
import { takeCaptcha } from "../system/service";
import { passwordMatches } from "./password";

export type LoginInput = { account: string; password: string; auth: string };

const accountKey = (account: string) => `signin:account:${account}`;
const addressKey = (ip: string | null) => `signin:address:${ip ?? "unknown"}`;

/**
 * Every failure is committed, not rolled back: the image code is used up and
 * the failure counters grow even though the answer is an error.
 */
export async function login({ ctx, input }: { ctx: Ctx; input: LoginInput }): Promise<{ message: Message } & object> {
  const account = input.account.trim().toLowerCase();
  return ctx.transaction(async (tx) => {
    const fail = async (code: ResultCode, userId: number | null, params?: Record<string, unknown>) => {
      await tx.db.insert(loginLog).values({
        userId,
        account,
        success: false,
        result: code,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
        createdAt: ctx.now,
      });
      return { message: message(code, params) };
    };
    const limits = ctx.config.signIn;

    const paused = Math.max(await pausedFor(tx, accountKey(account)), await pausedFor(tx, addressKey(ctx.ip)));
    if (paused > 0) {
      await takeCaptcha(tx, input.auth);
      return fail("ERROR_OFTEN", null, { seconds: Math.ceil(paused / 1000) });
    }
    if (!(await takeCaptcha(tx, input.auth))) return fail("ERROR_RANDOM", null);

    const [user] = await tx.db
      .select()
      .from(users)
      .where(or(eq(users.employees, account), eq(users.mail, account), eq(users.phone, account)))
      .limit(1);
    if (!user) {
      await recordFailure(tx, addressKey(ctx.ip), { threshold: limits.addressFailures, windowMs: limits.windowMs, maxPauseMs: limits.maxPauseMs });
      return fail("ERROR_NOT_USER", null);
    }
    if (user.state === USER_STATE.USER_STATE_REGISTERED) return fail("USER_STATE_REGISTER", user.id);
    if (user.state === USER_STATE.USER_STATE_LEFT) return fail("USER_STATE_LEAVE", user.id);

    const ok = await passwordMatches(input.password, user.passwordHash);
    if (!ok) {
      const opts = { windowMs: limits.windowMs, maxPauseMs: limits.maxPauseMs };
      await recordFailure(tx, accountKey(account), { ...opts, threshold: limits.accountFailures });
      await recordFailure(tx, addressKey(ctx.ip), { ...opts, threshold: limits.addressFailures });
      return fail("ERROR_PASSWORD", user.id);
    }

    await clearFailures(tx, accountKey(account));
    await tx.db.update(sessions).set({ userId: user.id }).where(eq(sessions.id, ctx.session.id));
    await tx.db.insert(loginLog).values({
      userId: user.id,
      account,
      success: true,
      result: "SUCCESS",
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      createdAt: ctx.now,
    });
    return { message: message("SUCCESS"), user: await loadUserView(tx.db, user.id) };
  });
}

export async function logout({ ctx }: { ctx: Ctx }) {
  await ctx.transaction((tx) => tx.db.update(sessions).set({ userId: null }).where(eq(sessions.id, ctx.session.id)));
  return {};
}

/** The session's user, or ERROR_LOGIN_CODE when nobody is signed in on it. */
export async function reload({ ctx }: { ctx: Ctx }) {
  if (!ctx.actor) throw new DomainError("ERROR_LOGIN_CODE");
  const user = await loadUserView(ctx.db, ctx.actor.id);
  if (!user) throw new DomainError("ERROR_LOGIN_CODE");
  return { user };
}

/** The member's own recent successful sign-ins (the home page keeps them as a list of dates). */
export async function loginDates({ ctx }: { ctx: Ctx }) {
  const rows = await ctx.db
    .select({ date: loginLog.createdAt, ip: loginLog.ip })
    .from(loginLog)
    .where(sql`${loginLog.userId} = ${ctx.actor!.id} and ${loginLog.success}`)
    .orderBy(desc(loginLog.createdAt))
    .limit(10);
  return { list: rows.map((r) => ({ date: r.date.toISOString(), ip: r.ip })) };
}
