// Sign-in, sign-out and reload (spec 1 sections 2, 5 and 8).
import { Type as t } from "@sinclair/typebox";
import { and, desc, eq, or, sql } from "drizzle-orm";
import { loginLog, users } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { type Message, message, refuse, type Refused, refused } from "../../protocol/result";
import { USER_STATE } from "../../protocol/enumerations";
import { type ResultCode } from "../../protocol/result-codes";
import { loadUserView } from "../account/user-view";
import type { Ctx, MemberCtx } from "../context";
import { passwordField } from "../shared/fields";
import { clearFailures, pausedFor, recordFailure, takeTry } from "../shared/rate-limit";
import { bindSession, sessionLifetime } from "../shared/sessions";
import { awaitSecondFactor } from "../second-factor/sign-in";
import { takeCaptcha } from "../system/service";
import type { Ticket } from "./password";

type UserView = Awaited<ReturnType<typeof loadUserView>>;

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
 * A sign-in in three steps, so no password hash runs inside a transaction
 * and none holds a connection (decision 87):
 * - `prepareLogin`, before the transaction: a place in the hashing line, or
 *   "busy, retry in N s" at once, with nothing taken (not the image code,
 *   not a try);
 * - `login`, the transaction: the pauses, the image code, the member, and
 *   one try taken (takeTry), all committed before the hash;
 * - `checkLogin`, after the commit: the hash in the line's turn, then one
 *   short write of the outcome (the log row, the counters, the session, a
 *   rehash when the stored cost is not today's).
 *
 * Every failure is committed, not rolled back: the image code is used up and
 * the counters grow even though the answer is an error. A member's tries are
 * taken one at a time (takeTry), so a burst of guesses gets no more than the
 * limit judged; an address only slows down for seconds, so one guesser
 * behind a company's address does not lock its members out.
 */
export async function prepareLogin({ ctx }: { ctx: Ctx }): Promise<Ticket> {
  const place = ctx.app.passwords.reserve();
  if ("busySeconds" in place) refuse("ERROR_BUSY", { reason: "signin", retry: place.busySeconds });
  return place;
}

export const pausesOf = (ctx: Ctx) => {
  const limits = ctx.config.signIn;
  return {
    member: { threshold: limits.accountFailures, windowMs: limits.windowMs, maxPauseMs: limits.maxPauseMs },
    address: { threshold: limits.addressFailures, windowMs: limits.windowMs, maxPauseMs: limits.addressMaxPauseMs, basePauseMs: 1000 },
  };
};

export const failed = (ctx: Ctx, account: string, code: ResultCode, userId: number | null) =>
  ctx.db.insert(loginLog).values({ userId, account, success: false, result: code, ip: ctx.ip, userAgent: ctx.userAgent, createdAt: ctx.now });

/** What the transaction hands to the check after its commit: whose password, against what. */
type ToCheck = { check: { account: string; userId: number | null; stored: string | null } };

export async function login({ ctx, input, prepared: ticket }: { ctx: CommandCtx; input: LoginInput; prepared: Ticket }): Promise<ToCheck | Refused> {
  try {
    const outcome = await admit(ctx, input);
    if ("message" in outcome) ticket.cancel();
    return outcome;
  } catch (error) {
    ticket.cancel();
    throw error;
  }
}

async function admit(ctx: CommandCtx, input: LoginInput): Promise<ToCheck | Refused> {
  const account = input.account.trim().toLowerCase();
  const fail = async (code: ResultCode, userId: number | null, params?: Record<string, unknown>) => {
    await failed(ctx, account, code, userId);
    return refused(code, params);
  };
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

  // An unknown name is checked against a decoy: the same work as a wrong password, so the time taken does not tell which names exist.
  if (!user) return { check: { account, userId: null, stored: null } };
  if (user.state === USER_STATE.USER_STATE_REGISTERED) return fail("USER_STATE_REGISTER", user.id);
  if (user.state === USER_STATE.USER_STATE_LEFT) return fail("USER_STATE_LEAVE", user.id);

  const wait = await takeTry(ctx, key, pausesOf(ctx).member);
  if (wait > 0) return often(wait);
  return { check: { account, userId: user.id, stored: user.passwordHash } };
}

/** After the commit, outside any transaction: the hash in turn, then the outcome in one short write. */
export async function checkLogin({ ctx, input, result, ticket }: { ctx: Ctx; input: LoginInput; result: ToCheck; ticket: Ticket }): Promise<{ message: Message; user?: UserView | null }> {
  const { account, userId, stored } = result.check;
  const { matches, rehashed } = await ctx.app.passwords.check(ticket, input.password, stored);
  // Through the kit's runner like every write: its busy answer on a lock wait, its one transaction.
  return ctx.app.runner.run({ ctx, name: "/client/login/login (outcome)", verb: async (tx) => {
    const { db } = tx;
    if (userId === null || !matches) {
      await recordFailure(tx, addressKey(ctx.ip), pausesOf(ctx).address);
      await failed(tx, account, userId === null ? "ERROR_NOT_USER" : "ERROR_PASSWORD", userId);
      return refused(userId === null ? "ERROR_NOT_USER" : "ERROR_PASSWORD");
    }
    await clearFailures(tx, accountKey(userId, account));
    // Only over the hash just checked: a password changed meanwhile stays.
    if (rehashed) await db.update(users).set({ passwordHash: rehashed }).where(and(eq(users.id, userId), eq(users.passwordHash, stored!)));
    // A member who keeps a second factor is not signed in yet: the session waits for it (./second-step.ts).
    const factors = await awaitSecondFactor(tx, userId);
    if (factors) {
      await failed(tx, account, "ERROR_SECOND_FACTOR", userId);
      return refused("ERROR_SECOND_FACTOR", { factors });
    }
    return signedIn(tx, userId, account);
  } });
}

/** The member signed in on the command's session, logged, with the user the answer carries. */
export async function signedIn(ctx: CommandCtx, userId: number, account: string): Promise<{ message: Message; user: UserView | null }> {
  const user = await loadUserView(ctx, userId);
  // A signed-in session lives the full sliding lifetime (a staff one the staff idle time); one nobody signed in on expires sooner.
  await bindSession(ctx, userId, sessionLifetime(ctx.config, user?.status.powers.length ?? 0));
  await ctx.db.insert(loginLog).values({ userId, account, success: true, result: "SUCCESS", ip: ctx.ip, userAgent: ctx.userAgent, createdAt: ctx.now });
  return { message: message("SUCCESS"), user };
}

export async function logout({ ctx }: { ctx: CommandCtx }) {
  await bindSession(ctx, null);
  return {};
}

/** The session's user, or ERROR_LOGIN_CODE when nobody is signed in on it. */
export async function reload({ ctx }: { ctx: Ctx }) {
  if (!ctx.actor) refuse("ERROR_LOGIN_CODE");
  const user = await loadUserView(ctx, ctx.actor.id);
  if (!user) refuse("ERROR_LOGIN_CODE");
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
