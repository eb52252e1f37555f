// The health section's entry key (spec 2 sections 2 and 7: /entry/key).
// The health section is a sibling site on its own host (setting HEALTH_URL);
// the home page opens it with a key from here, plus the portal's protocol
// and host. The key is a signed statement, not a session:
//
//   <payload>.<signature>   both base64url
//   payload   JSON { v: 1, sub: account, uid: user id, lang: "zh"|"en", iat, exp, jti }
//             (times in ms since the epoch; jti 128 random bits)
//   signature HMAC-SHA256 over the payload text, keyed by HEALTH_ENTRY_SECRET
//
// The health section checks the signature with the shared secret (constant
// time), refuses a key past `exp` (HEALTH_KEY_SECONDS, 60 by default) and
// remembers each `jti` until its `exp`, so a key opens one visit only. The
// key names who the member is and nothing else; it is never stored here.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Config } from "../../config";
import { users } from "../../db/schema";
import { fromBase64Url, toBase64Url } from "../../protocol/bytes";
import { LANGUAGE } from "../../protocol/enumerations";
import type { MemberCtx } from "../context";

export type EntryClaims = { v: 1; sub: string; uid: number; lang: "zh" | "en"; iat: number; exp: number; jti: string };

/** HEALTH_ENTRY_SECRET when set (it must be when instances share a database); otherwise a random one kept in DATA_DIR (the app reads it once: ctx.app.entrySecret). */
export function entrySecret(config: Config): string {
  if (config.health.secret) return config.health.secret;
  const file = join(config.dataDir, "health-entry.secret");
  let secret = existsSync(file) ? readFileSync(file, "utf8").trim() : "";
  if (secret.length < 32) {
    mkdirSync(config.dataDir, { recursive: true });
    secret = randomBytes(32).toString("hex");
    writeFileSync(file, secret, { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return secret;
}

const signature = (secret: string, payload: string) => toBase64Url(new Uint8Array(createHmac("sha256", secret).update(payload).digest()));

export function signEntryKey(secret: string, claims: EntryClaims): string {
  const payload = toBase64Url(new TextEncoder().encode(JSON.stringify(claims)));
  return `${payload}.${signature(secret, payload)}`;
}

/** What the health section does with a key: the claims when the signature holds and it has not expired, else null. */
export function readEntryKey(secret: string, key: string, now: number): EntryClaims | null {
  const [payload, sig, extra] = key.split(".");
  if (!payload || !sig || extra !== undefined) return null;
  const want = new TextEncoder().encode(signature(secret, payload));
  const got = new TextEncoder().encode(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  try {
    const claims = JSON.parse(new TextDecoder().decode(fromBase64Url(payload))) as EntryClaims;
    return claims.v === 1 && typeof claims.exp === "number" && claims.exp > now ? claims : null;
  } catch {
    return null;
  }
}

/** /entry/key: a fresh key for the member, and where the health section is. */
export async function issueEntryKey({ ctx }: { ctx: MemberCtx }) {
  const [user] = await ctx.db.select({ employees: users.employees }).from(users).where(eq(users.id, ctx.actor.id));
  const iat = ctx.now.getTime();
  const claims: EntryClaims = {
    v: 1,
    sub: user?.employees ?? "",
    uid: ctx.actor.id,
    lang: ctx.actor.language === LANGUAGE.LANGUAGE_EN ? "en" : "zh",
    iat,
    exp: iat + ctx.config.health.keyLifetimeMs,
    jti: toBase64Url(new Uint8Array(randomBytes(16))),
  };
  return { key: signEntryKey(ctx.app.entrySecret(), claims), url: ctx.config.health.url, expires: claims.exp };
}
