// Signing a member out of every session on every instance at once (spec 3
// section 4.2: reset activation and leave; a password reset too). The session
// rows lose their user in the command's transaction, and a notification on
// SESSIONS_ENDED tells every instance, when the transaction commits, to drop
// what it cached of those sessions (src/http/envelope.ts), so the member's
// next call is signed out wherever it lands, not one cache window later.
import { eq, sql } from "drizzle-orm";
import { sessions } from "../../db/schema";
import type { Ctx } from "../context";

/** The database notification channel; its payload is the user's id. */
export const SESSIONS_ENDED = "sessions_ended";

export async function signOutEverywhere(ctx: Pick<Ctx, "db">, userId: number) {
  await ctx.db.update(sessions).set({ userId: null }).where(eq(sessions.userId, userId));
  // Delivered on commit only: a refused command leaves every cache as it was.
  await ctx.db.execute(sql`select pg_notify(${SESSIONS_ENDED}, ${String(userId)})`);
}
