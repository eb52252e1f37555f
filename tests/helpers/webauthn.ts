// A software authenticator for API tests: makes and uses an ES256 passkey the
// way a browser and a security key would, answering in the JSON shape
// @simplewebauthn/browser gives the portal ("none" attestation).
import { createHash, randomBytes, webcrypto } from "node:crypto";
import { toBase64Url } from "../../src/protocol/bytes";

const subtle = webcrypto.subtle;
const sha256 = (bytes: Uint8Array) => new Uint8Array(createHash("sha256").update(bytes).digest());
const utf8 = (text: string) => new TextEncoder().encode(text);

/** The little CBOR a credential needs: unsigned and negative integers, byte and text strings, maps. */
function cbor(value: unknown): Uint8Array {
  const head = (major: number, n: number): number[] => {
    if (n < 24) return [(major << 5) | n];
    if (n < 256) return [(major << 5) | 24, n];
    if (n < 65536) return [(major << 5) | 25, n >> 8, n & 255];
    return [(major << 5) | 26, (n >>> 24) & 255, (n >> 16) & 255, (n >> 8) & 255, n & 255];
  };
  if (typeof value === "number") return new Uint8Array(value >= 0 ? head(0, value) : head(1, -1 - value));
  if (typeof value === "string") {
    const bytes = utf8(value);
    return new Uint8Array([...head(3, bytes.length), ...bytes]);
  }
  if (value instanceof Uint8Array) return new Uint8Array([...head(2, value.length), ...value]);
  if (value instanceof Map) {
    const parts = [...value].flatMap(([k, v]) => [...cbor(k), ...cbor(v)]);
    return new Uint8Array([...head(5, value.size), ...parts]);
  }
  throw new Error(`cbor: ${typeof value}`);
}

/** WebCrypto's ECDSA signature (r || s) as the DER sequence WebAuthn carries. */
function der(raw: Uint8Array): Uint8Array {
  const int = (bytes: Uint8Array) => {
    let i = 0;
    while (i < bytes.length - 1 && bytes[i] === 0) i++;
    const trimmed = bytes.slice(i);
    const body = trimmed[0]! & 0x80 ? new Uint8Array([0, ...trimmed]) : trimmed;
    return [0x02, body.length, ...body];
  };
  const seq = [...int(raw.slice(0, 32)), ...int(raw.slice(32))];
  return new Uint8Array([0x30, seq.length, ...seq]);
}

const u32 = (n: number) => [(n >>> 24) & 255, (n >> 16) & 255, (n >> 8) & 255, n & 255];

export type SoftKey = Awaited<ReturnType<typeof softAuthenticator>>;

/** One authenticator holding one passkey, made on `create` for the origin given. */
export async function softAuthenticator(origin: string) {
  const keys = (await subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const id = new Uint8Array(randomBytes(16));
  let counter = 0;
  let rpId = "";
  const clientData = (type: string, challenge: string, from = origin) => utf8(JSON.stringify({ type, challenge, origin: from, crossOrigin: false }));

  return {
    id: toBase64Url(id),
    /** The answer to /user/second-factor/passkey/options' options. */
    async create(options: { challenge: string; rp: { id?: string } }, from = origin) {
      rpId = options.rp.id ?? new URL(origin).hostname;
      const jwk = await subtle.exportKey("jwk", keys.publicKey);
      const cose = cbor(new Map<number, unknown>([[1, 2], [3, -7], [-1, 1], [-2, Buffer.from(jwk.x!, "base64url")], [-3, Buffer.from(jwk.y!, "base64url")]].map(([k, v]) => [k as number, v instanceof Buffer ? new Uint8Array(v) : v])));
      const authData = new Uint8Array([...sha256(utf8(rpId)), 0x41, ...u32(counter), ...new Uint8Array(16), id.length >> 8, id.length & 255, ...id, ...cose]);
      const attestation = cbor(new Map<string, unknown>([["fmt", "none"], ["attStmt", new Map()], ["authData", authData]]));
      return {
        id: toBase64Url(id),
        rawId: toBase64Url(id),
        type: "public-key" as const,
        response: { clientDataJSON: toBase64Url(clientData("webauthn.create", options.challenge, from)), attestationObject: toBase64Url(attestation), transports: ["internal"] },
        clientExtensionResults: {},
      };
    },
    /** The answer to /client/login/passkey/options' options: a signature over the challenge. */
    async get(options: { challenge: string }, from = origin) {
      counter++;
      const authData = new Uint8Array([...sha256(utf8(rpId)), 0x01, ...u32(counter)]);
      const json = clientData("webauthn.get", options.challenge, from);
      const signed = new Uint8Array([...authData, ...sha256(json)]);
      const raw = new Uint8Array(await subtle.sign({ name: "ECDSA", hash: "SHA-256" }, keys.privateKey, signed));
      return {
        id: toBase64Url(id),
        rawId: toBase64Url(id),
        type: "public-key" as const,
        response: { clientDataJSON: toBase64Url(json), authenticatorData: toBase64Url(authData), signature: toBase64Url(der(raw)) },
        clientExtensionResults: {},
      };
    },
  };
}
