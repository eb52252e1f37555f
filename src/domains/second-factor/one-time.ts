// The codes of a second factor: an authenticator app's six digits (RFC 6238,
// 30-second steps, SHA-1 as every app expects) and the ten recovery codes.
// Pure: the database work is in ./factors.ts and ./sign-in.ts.
import { createHash, randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";

const PERIOD_S = 30;
/** A code of the step before or after also counts: a phone's clock a little off, a code typed as it changed. */
const WINDOW = 1;

const app = (secret: string, label = "") =>
  new TOTP({ issuer: "Union Portal 工会", label, algorithm: "SHA1", digits: 6, period: PERIOD_S, secret: Secret.fromBase32(secret) });

/** A new shared secret: 160 bits, as RFC 4226 recommends. */
export const newSecret = () => new Secret({ size: 20 }).base32;

/** The otpauth:// address an authenticator app reads from the QR code. */
export const enrolmentUri = (secret: string, account: string) => app(secret, account).toString();

/** The time step a code belongs to at `now`, or null when it is not the app's code within the window. */
export function stepOf(secret: string, code: string, now: Date): number | null {
  const delta = app(secret).validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD_S) + delta;
}

/** The code an app shows at `now` (tests, and nobody else). */
export const codeAt = (secret: string, now: Date) => app(secret).generate({ timestamp: now.getTime() });

/** Recovery codes read aloud and typed from paper: no 0/O or 1/I/L. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const RECOVERY_COUNT = 10;

/** Ten codes of ten characters (about 49 bits each), shown as XXXXX-XXXXX. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What is kept of a recovery code: its SHA-256, over the code as typed without case, spaces or dashes. */
export const recoveryHash = (code: string) => createHash("sha256").update(code.toUpperCase().replace(/[\s-]/g, "")).digest("hex");

/** Six digits: an app's code; anything else typed is tried as a recovery code. */
export const isAppCode = (code: string) => /^\d{6}$/.test(code);
