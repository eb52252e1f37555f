// Browser backend for plain http, where crypto.subtle does not exist: the
// audited pure-JS @noble libraries (~40x slower, fine for one call at a time).
import { gcm } from "@noble/ciphers/aes.js";
import { p256 } from "@noble/curves/nist.js";
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import type { CryptoBackend } from "../../src/protocol/envelope";

export const nobleBackend: CryptoBackend = {
  name: "noble",
  randomBytes: (length) => globalThis.crypto.getRandomValues(new Uint8Array(length)),
  sha256: (data) => sha256(data),
  hmacSha256: (key, data) => hmac(sha256, key, data),
  aesGcmSeal: (key, iv, plaintext, aad) => gcm(key, iv, aad).encrypt(plaintext),
  aesGcmOpen: (key, iv, sealed, aad) => gcm(key, iv, aad).decrypt(sealed),
  ecdhKeyPair() {
    const secretKey = p256.utils.randomSecretKey();
    const publicKey = p256.getPublicKey(secretKey, false);
    // noble returns the compressed shared point (33 bytes); WebCrypto and node give its x (32).
    return { publicKey, agree: (peer) => p256.getSharedSecret(secretKey, peer).slice(1) };
  },
};
