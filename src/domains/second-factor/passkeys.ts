// Passkeys (WebAuthn) as a second factor, through @simplewebauthn/server:
// the options a browser needs to make or use one, and the checks of what it
// answers. The challenge lives on the session row (every instance sees it)
// and is used once: the check clears it by a conditional update.
import { Type as t } from "@sinclair/typebox";
import {
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { and, eq } from "drizzle-orm";
import { secondFactors, sessions } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import type { Ctx } from "../context";

const b64 = t.String({ maxLength: 4096, pattern: "^[A-Za-z0-9_-]*={0,2}$" });

/** What the browser answers, as @simplewebauthn/browser gives it: registration or authentication. */
export const credentialInput = t.Object({
  id: b64,
  rawId: b64,
  type: t.Literal("public-key"),
  response: t.Object({
    clientDataJSON: b64,
    attestationObject: t.Optional(b64),
    authenticatorData: t.Optional(b64),
    signature: t.Optional(b64),
    userHandle: t.Optional(b64),
    publicKey: t.Optional(b64),
    publicKeyAlgorithm: t.Optional(t.Integer()),
    transports: t.Optional(t.Array(t.String({ maxLength: 20 }), { maxItems: 8 })),
  }),
  clientExtensionResults: t.Object({ credProps: t.Optional(t.Object({ rk: t.Optional(t.Boolean()) })) }),
  authenticatorAttachment: t.Optional(t.Union([t.Literal("platform"), t.Literal("cross-platform")])),
});
export type CredentialInput = typeof credentialInput.static;

/**
 * Whom a passkey is for: the portal's own host name (an address the member
 * typed; a passkey made for another site's name is refused by the browser),
 * and the origins its answers may come from: PUBLIC_URL when the operator set
 * it, else the host as the request reached us.
 */
export function relyingParty(ctx: Pick<Ctx, "host" | "config">) {
  const configured = ctx.config.payment.publicUrl;
  const host = configured ? new URL(configured).host : (ctx.host ?? "localhost");
  const id = host.replace(/:\d+$/, "").replace(/^\[|\]$/g, "");
  return { id, origins: configured ? [configured] : [`http://${host}`, `https://${host}`] };
}

const RP_NAME = "Union Portal 工会";
const TIMEOUT_MS = 120_000;

async function keepChallenge(ctx: Pick<CommandCtx, "db" | "session">, challenge: string) {
  await ctx.db.update(sessions).set({ challenge }).where(eq(sessions.id, ctx.session.id));
}

/** The session's challenge, cleared as it is read: an answer is checked against it once. */
async function takeChallenge(ctx: Pick<CommandCtx, "db" | "session">): Promise<string | null> {
  const [row] = await ctx.db.select({ challenge: sessions.challenge }).from(sessions).where(eq(sessions.id, ctx.session.id));
  if (!row?.challenge) return null;
  const taken = await ctx.db
    .update(sessions)
    .set({ challenge: null })
    .where(and(eq(sessions.id, ctx.session.id), eq(sessions.challenge, row.challenge)))
    .returning({ id: sessions.id });
  return taken.length ? row.challenge : null;
}

type Stored = { credentialId: string | null; transports: string | null };
const transportsOf = (row: Stored) => (row.transports ? (row.transports.split(",") as AuthenticatorTransport[]) : undefined);

/** Options to make a passkey for `user`, none of its existing ones again. */
export async function registrationOptions(ctx: CommandCtx, user: { id: number; employees: string | null }, existing: Stored[]) {
  const rp = relyingParty(ctx);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: user.employees ?? String(user.id),
    userID: new TextEncoder().encode(`union-portal:${user.id}`),
    attestationType: "none",
    timeout: TIMEOUT_MS,
    excludeCredentials: existing.filter((r) => r.credentialId).map((r) => ({ id: r.credentialId!, transports: transportsOf(r) })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
  await keepChallenge(ctx, options.challenge);
  return options;
}

/** The new passkey, or null when the answer is not one for this session's challenge and this portal. */
export async function checkRegistration(ctx: CommandCtx, credential: CredentialInput) {
  const challenge = await takeChallenge(ctx);
  if (!challenge) return null;
  const rp = relyingParty(ctx);
  try {
    const verdict = await verifyRegistrationResponse({
      response: credential as never,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!verdict.verified || !verdict.registrationInfo) return null;
    const made = verdict.registrationInfo.credential;
    return { credentialId: made.id, publicKey: made.publicKey, counter: made.counter, transports: made.transports?.join(",") ?? null };
  } catch {
    return null;
  }
}

/** Options to sign in with one of these passkeys. */
export async function authenticationOptions(ctx: CommandCtx, keys: Stored[]) {
  const rp = relyingParty(ctx);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: TIMEOUT_MS,
    userVerification: "preferred",
    allowCredentials: keys.filter((r) => r.credentialId).map((r) => ({ id: r.credentialId!, transports: transportsOf(r) })),
  });
  await keepChallenge(ctx, options.challenge);
  return options;
}

type Passkey = typeof secondFactors.$inferSelect;

/** The passkey's new counter when the answer is its signature over this session's challenge, else null. */
export async function checkAuthentication(ctx: CommandCtx, credential: CredentialInput, key: Passkey): Promise<number | null> {
  const challenge = await takeChallenge(ctx);
  if (!challenge || !key.credentialId || !key.publicKey) return null;
  const rp = relyingParty(ctx);
  try {
    const verdict = await verifyAuthenticationResponse({
      response: credential as never,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      credential: { id: key.credentialId, publicKey: new Uint8Array(key.publicKey), counter: key.counter ?? 0, transports: transportsOf(key) },
      requireUserVerification: false,
    });
    return verdict.verified ? verdict.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}
