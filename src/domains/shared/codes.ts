// One-time codes by SMS or mail: the one module every send and every check
// goes through (docs/api-account.md "Codes"). Rows live in verification_codes
// so several instances agree; every rule times from ctx.now.
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { equalText } from "../../protocol/bytes";
import { users, verificationCodes } from "../../db/schema";
import { LANGUAGE } from "../../protocol/enumerations";
import type { Config } from "../../config";
import type { CommandCtx } from "../../http/kit";
import { refuse, type Refused, refused } from "../../protocol/result";
import type { Ctx } from "../context";
import { type Channel, queueMessage } from "./messages";

export const CODE_LIFETIME_MS = 2 * 60_000;
export const COOL_DOWN_MS = 300_000;
/** How long a proven activation code lets its session finish activating that member. */
export const ACTIVATION_GRANT_MS = 30 * 60_000;

/**
 * Every route that sends a code shares one budget per address, taken before
 * the verb runs and kept whatever it answers: a refusal ("not in the
 * system", "taken by another member") costs the same as a send, so the
 * distinct answers cannot be used to walk the phone-number space.
 */
export const codeSendBudget = (config: Config) => ({ key: "code-send", burst: config.activation.codeSendsPerAddress, perSecond: config.activation.codeSendsPerAddress / 3600 });

/** What a code proves; the cool-down and the check are per purpose. */
export type CodePurpose =
  | "activate" // /active/sms/send, /active/mail/send
  | "activate-no-mail" // /active/none/mail/send
  | "activate-phone" // /user/sms/send during profile completion
  | "reset" // /user/reset/send
  | "password" // /user/password/send
  | "change-phone" // /user/check/send
  | "change-mail" // /user/mail/send
  | "join"; // /join/sms/send: applying to join, and reading the application (issue 32)

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

/**
 * The texts a member receives: in their language once they chose one (the
 * language they read the portal in), in both while we do not know it (an
 * activation, a reset from the sign-in page).
 */
export function codeTexts(code: string, language: number | null = null) {
  const minutes = CODE_LIFETIME_MS / 60_000;
  const zh = { subject: "【工会】验证码", text: `【工会】您的验证码是 ${code}，${minutes}分钟内有效。` };
  const en = { subject: "[Union] Verification code", text: `[Union] Your verification code is ${code}, valid for ${minutes} minutes.` };
  const words =
    language === LANGUAGE.LANGUAGE_ZH ? zh : language === LANGUAGE.LANGUAGE_EN ? en : { subject: `${zh.subject} / ${en.subject}`, text: `${zh.text}\n${en.text}` };
  return {
    ...words,
    /** The same words as an SMS gateway's approved template (src/providers/sms). */
    template: { name: "code" as const, params: [code, String(minutes)] },
  };
}

async function latestForTarget(ctx: Pick<Ctx, "db">, purpose: CodePurpose, target: string): Promise<CodeRow | null> {
  const { db } = ctx;
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
  ctx: CommandCtx,
  input: { purpose: CodePurpose; channel: Channel; target: string; userId: number | null },
): Promise<{ seconds: number; target: string }> {
  const left = coolDownLeftMs(await latestForTarget(ctx, input.purpose, input.target), ctx.now);
  if (left > 0) refuse("ERROR_OFTEN", { seconds: Math.ceil(left / 1000) });
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
  const [member] = input.userId === null ? [] : await ctx.db.select({ language: users.language }).from(users).where(eq(users.id, input.userId));
  const { subject, text, template } = codeTexts(code, member?.language ?? null);
  const mail = input.channel === "mail";
  // The code is the message's secret: a real provider's outbox row keeps it masked.
  await queueMessage(ctx, { channel: input.channel, to: input.target, subject: mail ? subject : null, text, template: mail ? null : template, secrets: [code] });
  return { seconds: COOL_DOWN_MS / 1000, target: input.target };
}


/**
 * Checks and uses up the latest code this session asked for with `purpose`.
 * A refusal comes back as an answer, not a throw: a wrong try must be
 * counted, so the caller returns it and its transaction commits.
 */
export async function useCode(ctx: Ctx, input: { purpose: CodePurpose; channel: Channel; target: string; code: string }): Promise<CodeRow | Refused> {
  const [row] = await ctx.db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.purpose, input.purpose), eq(verificationCodes.sessionId, ctx.session.id)))
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  const cooling = coolDownLeftMs(row ?? null, ctx.now) > 0;
  if (!row || row.usedAt || row.expiresAt <= ctx.now || row.attempts >= ctx.config.activation.codeMaxTries) return refused("ERROR_RESULT_NULL", { cooling });
  if (row.target !== input.target) return refused("ERROR_PARAMS", { reason: input.channel === "sms" ? "phone-mismatch" : "mail-mismatch" });
  // Every guess takes a try first, in one conditional statement: guesses sent at the same moment
  // queue on the row's lock and only the first CODE_MAX_TRIES are ever compared.
  const [tried] = await ctx.db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.usedAt), lt(verificationCodes.attempts, ctx.config.activation.codeMaxTries)))
    .returning({ code: verificationCodes.code });
  if (!tried) return refused("ERROR_RESULT_NULL", { cooling });
  if (!equalText(tried.code, input.code.trim())) return refused("ERROR_RANDOM");
  const [used] = await ctx.db
    .update(verificationCodes)
    .set({ usedAt: ctx.now })
    .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.usedAt)))
    .returning();
  if (!used) return refused("ERROR_RESULT_NULL", { cooling });
  return used;
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
export async function clearOldCodes(ctx: Pick<Ctx, "db" | "now">): Promise<number> {
  const { db, now } = ctx;
  const before = new Date(now.getTime() - ACTIVATION_GRANT_MS - COOL_DOWN_MS);
  const gone = await db.delete(verificationCodes).where(lt(verificationCodes.createdAt, before)).returning({ id: verificationCodes.id });
  return gone.length;
}
