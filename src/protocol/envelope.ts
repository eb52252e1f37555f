// The signed and encrypted envelope of every API call (ARCHITECTURE section 2).
// Isomorphic: the primitives come from a CryptoBackend (node:crypto on the
// server, crypto.subtle or @noble in the browser), so both ends run this code.
//
// Request:  POST /api/<path>?token_id=..&stamp=..&key=..&sign=..
//           body = iv(12) || AES-256-GCM(encKey, JSON, aad = "req:" + key)
//           sign = HMAC-SHA256(macKey, "POST\n/api/<path>\n<query before &sign>\n<sha256(body) hex>")
// Response: body = iv(12) || AES-256-GCM(encKey, JSON, aad = "res:" + key)
// Signing the raw query string means any added, removed or reordered
// parameter breaks the signature; binding the response to the request's key
// stops a recorded answer being replayed to another request.

import { concat, equalText, fromUtf8, toBase64Url, toHex, utf8 } from "./bytes";

type MaybePromise<T> = T | Promise<T>;

export interface EcdhKeyPair {
  publicKey: Uint8Array; // uncompressed P-256 point, 65 bytes
  agree(peerPublicKey: Uint8Array): MaybePromise<Uint8Array>; // 32-byte x coordinate
}

export interface CryptoBackend {
  readonly name: string;
  randomBytes(length: number): Uint8Array;
  sha256(data: Uint8Array): MaybePromise<Uint8Array>;
  hmacSha256(key: Uint8Array, data: Uint8Array): MaybePromise<Uint8Array>;
  /** Returns ciphertext followed by the 16-byte tag. */
  aesGcmSeal(key: Uint8Array, iv: Uint8Array, plaintext: Uint8Array, aad: Uint8Array): MaybePromise<Uint8Array>;
  /** Throws when the tag does not verify. */
  aesGcmOpen(key: Uint8Array, iv: Uint8Array, sealed: Uint8Array, aad: Uint8Array): MaybePromise<Uint8Array>;
  ecdhKeyPair(): MaybePromise<EcdhKeyPair>;
}

export type SessionKeys = { tokenId: string; encKey: Uint8Array; macKey: Uint8Array };

export const ENVELOPE = {
  ivBytes: 12,
  nonceBytes: 16,
  /** A stamp more than this many minutes from the server's clock is stale. */
  stampSkewMinutes: 1,
  contentType: "application/octet-stream",
} as const;

export const stampOf = (nowMs: number): number => Math.floor(nowMs / 60_000);

const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
const SIGN_PATTERN = /^[0-9a-f]{64}$/;

/** HKDF-SHA256 (RFC 5869) for two 32-byte keys, built on the backend's HMAC. */
export async function deriveSessionKeys(
  backend: CryptoBackend,
  sharedSecret: Uint8Array,
  appId: string,
): Promise<{ encKey: Uint8Array; macKey: Uint8Array }> {
  const prk = await backend.hmacSha256(utf8(`union-portal/${appId}`), sharedSecret);
  const t1 = await backend.hmacSha256(prk, concat(utf8("envelope-v1"), Uint8Array.of(1)));
  const t2 = await backend.hmacSha256(prk, concat(t1, utf8("envelope-v1"), Uint8Array.of(2)));
  return { encKey: t1, macKey: t2 };
}

function signingInput(method: string, path: string, signedQuery: string, bodyHash: Uint8Array): Uint8Array {
  return utf8(`${method}\n${path}\n${signedQuery}\n${toHex(bodyHash)}`);
}

export async function sealJson(
  backend: CryptoBackend,
  encKey: Uint8Array,
  value: unknown,
  aad: string,
): Promise<Uint8Array> {
  const iv = backend.randomBytes(ENVELOPE.ivBytes);
  const sealed = await backend.aesGcmSeal(encKey, iv, utf8(JSON.stringify(value)), utf8(aad));
  return concat(iv, sealed);
}

/** Throws on a short, tampered or undecryptable body. */
export async function openJson(
  backend: CryptoBackend,
  encKey: Uint8Array,
  body: Uint8Array,
  aad: string,
): Promise<unknown> {
  if (body.length < ENVELOPE.ivBytes + 16) throw new Error("envelope too short");
  const plain = await backend.aesGcmOpen(
    encKey,
    body.subarray(0, ENVELOPE.ivBytes),
    body.subarray(ENVELOPE.ivBytes),
    utf8(aad),
  );
  return JSON.parse(fromUtf8(plain));
}

export const requestAad = (nonce: string) => `req:${nonce}`;
export const responseAad = (nonce: string) => `res:${nonce}`;

export type SignedRequest = { query: string; nonce: string; body: Uint8Array };

/**
 * Builds the query string and sealed body of one call. `extra` adds
 * parameters (signed GETs carry their arguments in the query).
 */
export async function signRequest(
  backend: CryptoBackend,
  keys: SessionKeys,
  opts: { method: "GET" | "POST"; path: string; payload?: unknown; nowMs: number; extra?: Record<string, string>; raw?: Uint8Array },
): Promise<SignedRequest> {
  const nonce = toBase64Url(backend.randomBytes(ENVELOPE.nonceBytes));
  const params = new URLSearchParams({ token_id: keys.tokenId, stamp: String(stampOf(opts.nowMs)), key: nonce });
  for (const [k, v] of Object.entries(opts.extra ?? {})) params.append(k, v);
  const signedQuery = params.toString();
  // An upload's multipart body is signed as it is (the signature covers the file's bytes), not sealed.
  const body =
    opts.raw ?? (opts.method === "POST" ? await sealJson(backend, keys.encKey, opts.payload ?? {}, requestAad(nonce)) : new Uint8Array());
  const mac = await backend.hmacSha256(keys.macKey, signingInput(opts.method, opts.path, signedQuery, await backend.sha256(body)));
  return { query: `${signedQuery}&sign=${toHex(mac)}`, nonce, body };
}

export type ParsedQuery = {
  signedQuery: string;
  sign: string;
  tokenId: string;
  stamp: number;
  nonce: string;
  params: Map<string, string>;
};

/** Splits a raw query (without '?') into its signed part and signature; null when malformed. */
export function parseSignedQuery(rawQuery: string): ParsedQuery | null {
  const at = rawQuery.lastIndexOf("&sign=");
  if (at < 0) return null;
  const signedQuery = rawQuery.slice(0, at);
  const sign = rawQuery.slice(at + 6);
  if (!SIGN_PATTERN.test(sign)) return null;
  // Split by hand into a Map: URLSearchParams costs more than the whole HMAC on this hot path.
  const params = new Map<string, string>();
  for (const pair of signedQuery.split("&")) {
    const eq = pair.indexOf("=");
    if (eq <= 0) return null;
    const key = pair.slice(0, eq);
    if (params.has(key)) return null;
    const raw = pair.slice(eq + 1);
    let value = raw;
    if (raw.includes("%") || raw.includes("+")) {
      try {
        value = decodeURIComponent(raw.replaceAll("+", " "));
      } catch {
        return null;
      }
    }
    params.set(key, value);
  }
  const tokenId = params.get("token_id") ?? "";
  const nonce = params.get("key") ?? "";
  const stampText = params.get("stamp") ?? "";
  if (!TOKEN_PATTERN.test(tokenId) || !NONCE_PATTERN.test(nonce) || !/^\d{1,12}$/.test(stampText)) return null;
  return { signedQuery, sign, tokenId, stamp: Number(stampText), nonce, params };
}

export const isFreshStamp = (stamp: number, nowMs: number): boolean =>
  Math.abs(stamp - stampOf(nowMs)) <= ENVELOPE.stampSkewMinutes;

export async function verifySignature(
  backend: CryptoBackend,
  macKey: Uint8Array,
  method: string,
  path: string,
  query: ParsedQuery,
  body: Uint8Array,
): Promise<boolean> {
  const expected = await backend.hmacSha256(macKey, signingInput(method, path, query.signedQuery, await backend.sha256(body)));
  return equalText(toHex(expected), query.sign);
}
