// The electronic member card (issue 20 item 5): a member who is active and has
// paid this billing year's dues shows a card whose QR holds a signed code that
// changes every minute; a partner shop's public verify page reads the code
// back and learns only "a valid member of the union for year N" and the first
// character of the name (docs/decisions.md 97).
//
//   code = C1.<user id>-<billing year>-<minute window>.<mac>   (src/domains/shared/signed-codes.ts)
//
// A code made in minute window w reads valid while the clock is in w or w+1,
// so a scan at the turn of the minute passes and a photo of the screen is
// good for two minutes at most. Whether the member still holds (active, the
// year still the billing year, the dues paid) is asked again at every verify.
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { USER_STATE } from "../../protocol/enumerations";
import { log } from "../../log";
import { refuse } from "../../protocol/result";
import type { Ctx, MemberCtx } from "../context";
import { duesConfig, hasPaid } from "../membership/dues";
import { namesOf } from "../shared/member-names";
import { readCode, signCode } from "../shared/signed-codes";

/** How long one code is shown before the next replaces it. */
export const CARD_WINDOW_MS = 60_000;

/** The minute window an instant falls in (minutes since the epoch). */
export const windowOf = (now: Date): number => Math.floor(now.getTime() / CARD_WINDOW_MS);

const BODY = /^([1-9]\d{0,9})-(\d{4})-(\d{1,12})$/;

/** The first character of a name: a whole character (not half a surrogate pair), a Latin letter as a capital. */
export const firstCharacter = (name: string): string => (Array.from(name.trim())[0] ?? "").toLocaleUpperCase("en");

/** What a shop is told of the name: its first character and a star for the rest. */
export const initialOf = (name: string): string => `${firstCharacter(name)}*`;

/** The member's card: refused (with its result code) unless the member is active and has paid this billing year's dues. */
export async function memberCard({ ctx }: { ctx: MemberCtx }) {
  const userId = ctx.actor.id;
  // The actor's state is read with the session; a member marked left since is read again here.
  const [user] = await ctx.db.select({ state: users.state, employees: users.employees }).from(users).where(eq(users.id, userId));
  if (!user || user.state !== USER_STATE.USER_STATE_ACTIVE) refuse("ERROR_CARD_INACTIVE");
  const config = await duesConfig(ctx);
  if (!(await hasPaid(ctx, userId, config.year))) refuse("ERROR_CARD_UNPAID", { year: config.year });
  const name = (await namesOf(ctx, [userId])).get(userId) ?? "";
  const window = windowOf(ctx.now);
  const code = await signCode(ctx, "C1", `${userId}-${config.year}-${window}`);
  return {
    name,
    initial: firstCharacter(name),
    employees: user.employees ?? "",
    year: config.year,
    code,
    /** Milliseconds until the next window's code: the page asks again then. */
    refreshIn: (window + 1) * CARD_WINDOW_MS - ctx.now.getTime(),
  };
}

export type CardVerdict = { verdict: "valid"; year: number; initial: string } | { verdict: "invalid" | "expired" };

/**
 * A shop's reading of a card code. Only three answers: valid (with the year
 * and the initial), expired (a code the portal signed whose minute has
 * passed, whoever it was for), or invalid (anything else: forged, garbled, or
 * a member who no longer holds), never which check failed.
 */
export async function verifyCard({ ctx, input }: { ctx: Ctx; input: { code: string } }): Promise<CardVerdict> {
  const verdict = await judge(ctx, input.code);
  // Counted by a log line of the outcome alone: no code, no member, so the log is no record of where members shop.
  log.info("card verify", { verdict: verdict.verdict });
  return verdict;
}

async function judge(ctx: Ctx, code: string): Promise<CardVerdict> {
  const body = await readCode(ctx, "C1", code);
  const parts = body ? BODY.exec(body) : null;
  if (!parts) return { verdict: "invalid" };
  const [userId, year, window] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const now = windowOf(ctx.now);
  // A window ahead of this instance's by one is another instance's clock a moment ahead; further is never made.
  if (window > now + 1) return { verdict: "invalid" };
  if (window < now - 1) return { verdict: "expired" };
  const [user] = await ctx.db.select({ state: users.state }).from(users).where(eq(users.id, userId));
  if (!user || user.state !== USER_STATE.USER_STATE_ACTIVE) return { verdict: "invalid" };
  const config = await duesConfig(ctx);
  if (year !== config.year || !(await hasPaid(ctx, userId, year))) return { verdict: "invalid" };
  const name = (await namesOf(ctx, [userId])).get(userId) ?? "";
  return { verdict: "valid", year, initial: initialOf(name) };
}
