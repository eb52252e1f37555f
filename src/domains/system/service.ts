// Tokens, the type table, one-time keys and the login image code.
import { and, eq, gt } from "drizzle-orm";
import QRCode from "qrcode";
import svgCaptcha from "svg-captcha";
import { captchas, oneTimeKeys, sessions } from "../../db/schema";
import { nodeBackend } from "../../http/crypto-node";
import { fromBase64Url, toBase64Url } from "../../protocol/bytes";
import { deriveSessionKeys } from "../../protocol/envelope";
import { refuse } from "../../protocol/result";
import { TYPES } from "../../protocol/types";
import type { Download } from "../../http/kit";
import type { Ctx } from "../context";
import { storageKeyOf } from "../../providers/storage";
import { filePath } from "../file/service";

/** GET /system/token: ECDH with the caller's ephemeral key; the derived keys never travel. */
export async function createSession({ ctx, input }: { ctx: Ctx; input: { app_id: string; public_key: string } }) {
  if (!ctx.config.appIds.includes(input.app_id)) refuse("ERROR_PARAMS", { reason: "app" });
  let peer: Uint8Array;
  try {
    peer = fromBase64Url(input.public_key);
  } catch {
    refuse("ERROR_PARAMS", { reason: "key" });
  }
  if (peer.length !== 65 || peer[0] !== 4) refuse("ERROR_PARAMS", { reason: "key" });
  const pair = await nodeBackend.ecdhKeyPair();
  let shared: Uint8Array;
  try {
    shared = await pair.agree(peer);
  } catch {
    refuse("ERROR_PARAMS", { reason: "key" });
  }
  const { encKey, macKey } = await deriveSessionKeys(nodeBackend, shared, input.app_id);
  const id = toBase64Url(nodeBackend.randomBytes(18));
  // Kept briefly until somebody signs in on it (then the full lifetime); the client is told the full
  // lifetime, and a token the server forgot is renewed on the next call (nobody was signed in on it).
  const expiresAt = new Date(ctx.now.getTime() + ctx.config.anonymousLifetimeMs);
  await ctx.db.insert(sessions).values({ id, appId: input.app_id, encKey, macKey, createdAt: ctx.now, expiresAt, ip: ctx.ip });
  // `now`: the server's time, so a client whose clock is wrong still signs with fresh stamps.
  return { token_id: id, public_key: toBase64Url(pair.publicKey), expires: ctx.now.getTime() + ctx.config.tokenLifetimeMs, now: ctx.now.getTime() };
}

export function listTypes() {
  return { list: TYPES };
}

const KEY_LIFETIME_MS = 10 * 60_000;

export async function issueKey({ ctx }: { ctx: Ctx }) {
  const key = toBase64Url(nodeBackend.randomBytes(16));
  await ctx.db.insert(oneTimeKeys).values({ key, sessionId: ctx.session.id, expiresAt: new Date(ctx.now.getTime() + KEY_LIFETIME_MS) });
  return { key };
}

/** Consumes a key from /system/key inside the caller's transaction; false when unknown, used or expired. */
export async function consumeKey(ctx: Ctx, key: string): Promise<boolean> {
  const gone = await ctx.db
    .delete(oneTimeKeys)
    .where(and(eq(oneTimeKeys.key, key), eq(oneTimeKeys.sessionId, ctx.session.id), gt(oneTimeKeys.expiresAt, ctx.now)))
    .returning({ key: oneTimeKeys.key });
  return gone.length === 1;
}

// The package's module is itself the render-this-text function; its typings only describe create().
const renderCaptcha = svgCaptcha as unknown as (text: string, options: Record<string, unknown>) => string;

// No 0/O, 1/I/L: a person must be able to read it back.
const CAPTCHA_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const CAPTCHA_LENGTH = 6;
/** svg-captcha writes its paths' points to 1/100 px; a tenth of a pixel draws the same 150 × 50 image in a sixth fewer bytes. */
const PATH_DECIMALS = /(\d\.\d)\d+/g;

function randomCode(): string {
  const bytes = nodeBackend.randomBytes(CAPTCHA_LENGTH * 2);
  let out = "";
  // Rejection sampling keeps every character equally likely.
  for (let i = 0; out.length < CAPTCHA_LENGTH; i++) {
    const b = i < bytes.length ? bytes[i]! : nodeBackend.randomBytes(1)[0]!;
    if (b < 248) out += CAPTCHA_ALPHABET[b % CAPTCHA_ALPHABET.length];
  }
  return out;
}

/** GET /system/random: a new image code for this session, replacing any earlier one. */
export async function newCaptcha({ ctx }: { ctx: Ctx }): Promise<Download> {
  const code = ctx.config.captchaFixed?.toUpperCase() ?? randomCode();
  const expiresAt = new Date(ctx.now.getTime() + ctx.config.captchaLifetimeMs);
  await ctx.db
    .insert(captchas)
    .values({ sessionId: ctx.session.id, code, expiresAt })
    .onConflictDoUpdate({ target: captchas.sessionId, set: { code, expiresAt } });
  const svg = renderCaptcha(code, { width: 150, height: 50, noise: 3, fontSize: 50, background: "#f4f7fb" });
  return { body: svg.replace(PATH_DECIMALS, "$1"), type: "image/svg+xml" };
}

/** Takes the session's image code (one use) and compares it without regard to case. */
export async function takeCaptcha(ctx: Ctx, answer: string): Promise<boolean> {
  const taken = await ctx.db
    .delete(captchas)
    .where(eq(captchas.sessionId, ctx.session.id))
    .returning({ code: captchas.code, expiresAt: captchas.expiresAt });
  const row = taken[0];
  return !!row && row.expiresAt > ctx.now && row.code === answer.trim().toUpperCase();
}

/** Footer and sign-in tips, and the home page's side links: copyright, the filing number for the host used, the contacts. */
export async function siteInfo({ ctx }: { ctx: Pick<Ctx, "config" | "host" | "app"> }) {
  const { site } = ctx.config;
  const hostname = (ctx.host ?? "").replace(/:\d+$/, "").toLowerCase();
  return {
    copyrightZh: site.copyrightZh,
    copyrightEn: site.copyrightEn,
    filing: site.filing[hostname] ?? site.filing["*"] ?? "",
    supportMail: site.supportMail,
    supportHoursZh: site.supportHoursZh,
    supportHoursEn: site.supportHoursEn,
    unionMail: site.unionMail,
    supportPhone: site.supportPhone,
    helpUrl: site.helpUrl,
    socialQr: site.socialQr ?? (await drawnSocialQr(ctx)),
  };
}

/**
 * Without SOCIAL_QR_IMAGE, a QR code of SOCIAL_ACCOUNT_URL drawn with the
 * qrcode package and kept like an upload (content-addressed, so every
 * instance stores the same file under the same name), read at /file/get.
 */
function drawnSocialQr(ctx: Pick<Ctx, "config" | "app">): Promise<string> {
  const storage = ctx.app.providers.storage;
  let drawn = ctx.app.drawn.get("social-qr");
  if (!drawn) {
    drawn = (async () => {
      const png = new Uint8Array(
        await QRCode.toBuffer(ctx.config.site.socialAccountUrl, { type: "png", margin: 2, width: 240, errorCorrectionLevel: "M", color: { dark: "#1f2a44", light: "#ffffff" } }),
      );
      const key = storageKeyOf(png, "png");
      await storage.put(key, png, "image/png");
      return filePath(key);
    })();
    drawn.catch(() => ctx.app.drawn.delete("social-qr"));
    ctx.app.drawn.set("social-qr", drawn);
  }
  return drawn;
}
