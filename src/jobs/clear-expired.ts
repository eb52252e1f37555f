// Deletes protocol rows past their expiry: sessions, replay nonces, image
// codes, one-time keys, rate-limit counters, video play grants, and verification codes once
// neither their cool-down nor an activation grant can read them. Idempotent.
import { lt } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { captchas, oneTimeKeys, rateLimits, requestNonces, sessions, videoGrants } from "../db/schema";
import { clearOldCodes } from "../domains/shared/codes";

export async function clearExpired({ db, now }: { db: DbOrTx; now: Date }) {
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries({ sessions, requestNonces, captchas, oneTimeKeys, rateLimits, videoGrants })) {
    const gone = await db.delete(table).where(lt(table.expiresAt, now)).returning();
    counts[name] = gone.length;
  }
  counts.verificationCodes = await clearOldCodes({ db, now });
  return counts;
}
