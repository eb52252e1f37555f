// Short codes the portal signs for itself and reads back, for a QR that a
// phone shows and a scanner at a door or a shop reads:
//
//   <purpose>.<body>.<mac>     mac = HMAC-SHA256(key, "<purpose>.<body>"), first 16 bytes, base64url
//
// One key per purpose, derived from the one secret in portal_keys, so a code
// made for one purpose (a ticket) never reads as another (a member card).
// The body is the caller's (no dots); the code says nothing it does not name.
// 128 bits of MAC is beyond guessing and keeps the QR small.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { portalKeys } from "../../db/schema";
import { toBase64Url } from "../../protocol/bytes";
import type { Ctx } from "../context";

export type CodePurpose = "T1" | "C1";

const KEY_NAME = "codes";
const MAC_BYTES = 16;
const BODY = /^[A-Za-z0-9_-]{1,200}$/;

/** Reads the secret, making it first if no instance has yet (both racing instances then read the one that won). */
export async function loadCodeSecret(database: Pick<Database, "db">, now: () => Date): Promise<Uint8Array> {
  await database.db.insert(portalKeys).values({ name: KEY_NAME, secret: new Uint8Array(randomBytes(32)), createdAt: now() }).onConflictDoNothing();
  const [row] = await database.db.select({ secret: portalKeys.secret }).from(portalKeys).where(eq(portalKeys.name, KEY_NAME));
  if (!row) throw new Error("portal_keys: the codes secret is missing after its insert");
  return row.secret;
}

const mac = (secret: Uint8Array, signed: string) =>
  toBase64Url(new Uint8Array(createHmac("sha256", secret).update(signed).digest()).subarray(0, MAC_BYTES));

export async function signCode(ctx: Pick<Ctx, "app">, purpose: CodePurpose, body: string): Promise<string> {
  if (!BODY.test(body)) throw new Error(`signCode: a body of base64url characters only, got "${body}"`);
  const signed = `${purpose}.${body}`;
  return `${signed}.${mac(await ctx.app.codeSecret(), signed)}`;
}

/** The body of a code of this purpose whose signature holds, else null (any other text, however made). */
export async function readCode(ctx: Pick<Ctx, "app">, purpose: CodePurpose, code: string): Promise<string | null> {
  if (typeof code !== "string" || code.length > 300) return null;
  const parts = code.trim().split(".");
  if (parts.length !== 3 || parts[0] !== purpose || !BODY.test(parts[1]!)) return null;
  const want = Buffer.from(mac(await ctx.app.codeSecret(), `${purpose}.${parts[1]}`));
  const got = Buffer.from(parts[2]!);
  return want.length === got.length && timingSafeEqual(want, got) ? parts[1]! : null;
}
