// One-time codes by SMS or mail: the one module every send and every check
// goes through (docs/api-account.md "Codes"). Rows live in verification_codes
// so several instances agree; every rule times from ctx.now.
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { verificationCodes } from "../../db/schema";
import type { Ctx } from "../../http/context";
import { DomainError, type Message, message } from "../../protocol/result";
import { pausedFor, recordFailure } from "../system/rate-limit";

export const CODE_LIFETIME_MS = 2 * 60_000;
export const COOL_DOWN_MS = 300_000;
export const MAX_WRONG_TRIES = 5;
/** How long a proven activation code lets its session finish activating that member. */
export const ACTIVATION_GRANT_MS = 30 * 60_000;
const SEND_WINDOW_MS = 60 * 60_000;

/** What a code proves; the cool-down and the check are per purpose. */
export type CodePurpose =
  | "activate" // /active/sms/send, /active/mail/send
  | "activate-no-mail" // /active/none/mail/send
  | "activate-phone" // /user/sms/send during profile completion
  | "reset" // /user/reset/send
  | "password" // /user/password/send
  | "change-phone" // /user/check/send
  | "change-mail"; // /user/mail/send

export type Channel = "sms" | "mail";

type CodeRow = typeof verificationCodes.$inferSelect;

/** Six digits from the system's CSPRNG; rejection sampling keeps each value equally likely. */
export function randomDigits(length = 6): string {
  let out = "";
  const buf = new Uint8Array(16);
  while (out.length < length) {
    crypto.getRandomValues(buf);
    for (const b of buf) if (b < 250 && out.length < length) out += String(b % 10);
  }
  return out;
}

/** The texts a member receives, in both languages: we may not know their language yet. */
export function codeTexts(code: string) {
  const minutes = CODE_LIFETIME_MS / 60_000;
  return {
    subject: "【工会】验证码 / [Union] Verification code",
    text: `【工会】您的验证码是 ${code}，${minutes}分钟内有效。\n[Union] Your verification code is ${code}, valid for ${minutes} minutes.`,
  };
}

async function latestForTarget(db: DbOrTx, purpose: CodePurpose, target: string): Promise<CodeRow | null> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.target, target)))
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  return row ?? null;
}

const coolDownLeftMs = (row: CodeRow | null, now: Date) => (row ? Math.max(0, row.createdAt.getTime() + COOL_DOWN_MS - now.getTime()) : 0);

/**
 * Sends a fresh code to `target` (inside the caller's transaction, so a
 * refused request sends nothing). ERROR_OFTEN { seconds } while the latest
 * send for this purpose and target is less than 300 s old.
 */
export async function sendCode(
  ctx: Ctx,
  input: { purpose: CodePurpose; channel: Channel; target: string; userId: number | null },
): Promise<{ seconds: number; target: string }> {
  const left = coolDownLeftMs(await latestForTarget(ctx.db, input.purpose, input.target), ctx.now);
  if (left > 0) throw new DomainError("ERROR_OFTEN", { seconds: Math.ceil(left / 1000) });
  // The cool-down is per target; this stops one address from sending to many targets.
  const addressKey = `code-send:address:${ctx.ip ?? "unknown"}`;
  const paused = await pausedFor(ctx, addressKey);
  if (paused > 0) throw new DomainError("ERROR_OFTEN", { seconds: Math.ceil(paused / 1000) });
  await recordFailure(ctx, addressKey, { threshold: ctx.config.activation.codeSendsPerAddress, windowMs: SEND_WINDOW_MS, maxPauseMs: SEND_WINDOW_MS });
  const code = randomDigits();
  await ctx.db.insert(verificationCodes).values({
    purpose: input.purpose,
    channel: input.channel,
    target: input.target,
    userId: input.userId,
    sessionId: ctx.session.id,
    code,
    createdAt: ctx.now,
    expiresAt: new Date(ctx.now.getTime() + CODE_LIFETIME_MS),
  });
  const { subject, text } = codeTexts(code);
  if (input.channel === "sms") await ctx.providers.sms(ctx).send({ to: input.target, text });
  else await ctx.providers.mail(ctx).send({ to: input.target, subject, text });
  return { seconds: COOL_DOWN_MS / 1000, target: input.target };
}

export type CodeVerdict = { ok: true; row: CodeRow } | { ok: false; answer: { message: Message } };

const refuse = (code: Parameters<typeof message>[0], params?: Record<string, unknown>): CodeVerdict => ({
  ok: false,
  answer: { message: message(code, params) },
});

/**
 * Checks and uses up the latest code this session asked for with `purpose`.
 * A refusal comes back as an answer, not a throw: a wrong try must be
 * counted, so the caller returns it and its transaction commits.
 */
export async function useCode(ctx: Ctx, input: { purpose: CodePurpose; channel: Channel; target: string; code: string }): Promise<CodeVerdict> {
  const [row] = await ctx.db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.purpose, input.purpose), eq(verificationCodes.sessionId, ctx.session.id)))
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  const cooling = coolDownLeftMs(row ?? null, ctx.now) > 0;
  if (!row || row.usedAt || row.expiresAt <= ctx.now || row.attempts >= MAX_WRONG_TRIES) return refuse("ERROR_RESULT_NULL", { cooling });
  if (row.target !== input.target) return refuse("ERROR_PARAMS", { reason: input.channel === "sms" ? "phone-mismatch" : "mail-mismatch" });
  if (!constantTimeEqual(row.code, input.code.trim())) {
    await ctx.db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(eq(verificationCodes.id, row.id));
    return refuse("ERROR_RANDOM");
  }
  // Conditional, so two requests racing with the same code cannot both use it.
  const used = await ctx.db
    .update(verificationCodes)
    .set({ usedAt: ctx.now })
    .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.usedAt)))
    .returning();
  if (used.length === 0) return refuse("ERROR_RESULT_NULL", { cooling });
  return { ok: true, row: used[0]! };
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * The activation grant: a code of one of `purposes`, proven by this session
 * for `userId` less than 30 minutes ago. Held in the database (the used code
 * row) so every instance agrees.
 */
export async function hasActivationGrant(ctx: Ctx, userId: number, purposes: CodePurpose[]): Promise<CodeRow | null> {
  const since = new Date(ctx.now.getTime() - ACTIVATION_GRANT_MS);
  const rows = await ctx.db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.sessionId, ctx.session.id),
        eq(verificationCodes.userId, userId),
        gt(verificationCodes.usedAt, since),
        sql`${verificationCodes.purpose} in (${sql.join(purposes.map((p) => sql`${p}`), sql`, `)})`,
      ),
    )
    .orderBy(desc(verificationCodes.usedAt))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Rows no rule can read any more: older than the longest window that reads
 * them (the 30-minute grant; the cool-down and validity are shorter). For the
 * clear-expired job: expires_at is the 2-minute validity, too early to delete by.
 */
export async function clearOldCodes({ db, now }: { db: DbOrTx; now: Date }): Promise<number> {
  const before = new Date(now.getTime() - ACTIVATION_GRANT_MS - COOL_DOWN_MS);
  const gone = await db.delete(verificationCodes).where(lt(verificationCodes.createdAt, before)).returning({ id: verificationCodes.id });
  return gone.length;
}
