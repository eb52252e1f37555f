// Browser backend on crypto.subtle (present on https and on localhost).
import type { CryptoBackend } from "../../src/protocol/envelope";

const subtle = () => globalThis.crypto.subtle;
const aesKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>();
const hmacKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>();

// Session keys are long-lived Uint8Arrays, so their imported CryptoKeys are cached by identity.
function aesKey(raw: Uint8Array): Promise<CryptoKey> {
  let key = aesKeys.get(raw);
  if (!key) aesKeys.set(raw, (key = subtle().importKey("raw", raw as BufferSource, "AES-GCM", false, ["encrypt", "decrypt"])));
  return key;
}

function hmacKey(raw: Uint8Array): Promise<CryptoKey> {
  let key = hmacKeys.get(raw);
  if (!key) {
    key = subtle().importKey("raw", raw as BufferSource, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    hmacKeys.set(raw, key);
  }
  return key;
}

export const subtleAvailable = (): boolean => typeof globalThis.crypto?.subtle?.importKey === "function";

export const subtleBackend: CryptoBackend = {
  name: "subtle",
  randomBytes: (length) => globalThis.crypto.getRandomValues(new Uint8Array(length)),
  sha256: async (data) => new Uint8Array(await subtle().digest("SHA-256", data as BufferSource)),
  hmacSha256: async (key, data) => new Uint8Array(await subtle().sign("HMAC", await hmacKey(key), data as BufferSource)),
  aesGcmSeal: async (key, iv, plaintext, aad) =>
    new Uint8Array(
      await subtle().encrypt({ name: "AES-GCM", iv: iv as BufferSource, additionalData: aad as BufferSource }, await aesKey(key), plaintext as BufferSource),
    ),
  aesGcmOpen: async (key, iv, sealed, aad) =>
    new Uint8Array(
      await subtle().decrypt({ name: "AES-GCM", iv: iv as BufferSource, additionalData: aad as BufferSource }, await aesKey(key), sealed as BufferSource),
    ),
  async ecdhKeyPair() {
    const pair = (await subtle().generateKey({ name: "ECDH", namedCurve: "P-256" }, false, ["deriveBits"])) as CryptoKeyPair;
    const publicKey = new Uint8Array(await subtle().exportKey("raw", pair.publicKey));
    return {
      publicKey,
      async agree(peer) {
        const peerKey = await subtle().importKey("raw", peer as BufferSource, { name: "ECDH", namedCurve: "P-256" }, false, []);
        return new Uint8Array(await subtle().deriveBits({ name: "ECDH", public: peerKey }, pair.privateKey, 256));
      },
    };
  },
};
