// Deletes protocol rows past their expiry: sessions, replay nonces, image
// codes, one-time keys, rate-limit counters, video play grants, import logs, finished staff jobs, and verification codes once
// neither their cool-down nor an activation grant can read them. Idempotent.
import { lt } from "drizzle-orm";
import { captchas, importLogs, oneTimeKeys, rateLimits, requestNonces, sessions, staffJobs, videoGrants } from "../db/schema";
import type { Ctx } from "../domains/context";
import { clearOldCodes } from "../domains/shared/codes";

export async function clearExpired(ctx: Pick<Ctx, "db" | "now">) {
  const { db, now } = ctx;
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries({ sessions, requestNonces, captchas, oneTimeKeys, rateLimits, videoGrants, importLogs, staffJobs })) {
    const gone = await db.delete(table).where(lt(table.expiresAt, now)).returning();
    counts[name] = gone.length;
  }
  counts.verificationCodes = await clearOldCodes(ctx);
  return counts;
}
