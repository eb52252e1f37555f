// The server's crypto backend for the envelope: native and synchronous.
// Measured per call here (300-byte body): Bun.SHA256 0.26 µs, Bun HMAC 0.78 µs,
// node AES-GCM seal 1.0 µs and open 1.4 µs; crypto.getRandomValues is 25x
// cheaper than node's randomFillSync for an IV.
import { createCipheriv, createDecipheriv, createECDH } from "node:crypto";
import type { CryptoBackend } from "../protocol/envelope";

export const nodeBackend: CryptoBackend = {
  name: "node",
  randomBytes: (length) => crypto.getRandomValues(new Uint8Array(length)),
  sha256: (data) => Bun.SHA256.hash(data) as Uint8Array,
  hmacSha256: (key, data) => new Bun.CryptoHasher("sha256", key).update(data).digest() as Uint8Array,
  aesGcmSeal(key, iv, plaintext, aad) {
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    cipher.setAAD(aad);
    const head = cipher.update(plaintext);
    const tail = cipher.final();
    return Buffer.concat([head, tail, cipher.getAuthTag()]);
  },
  aesGcmOpen(key, iv, sealed, aad) {
    const decipher = createDecipheriv("aes-256-gcm", key, iv);
    decipher.setAAD(aad);
    decipher.setAuthTag(sealed.subarray(sealed.length - 16));
    const head = decipher.update(sealed.subarray(0, sealed.length - 16));
    return Buffer.concat([head, decipher.final()]);
  },
  ecdhKeyPair() {
    const ecdh = createECDH("prime256v1");
    const publicKey = new Uint8Array(ecdh.generateKeys());
    return { publicKey, agree: (peer) => new Uint8Array(ecdh.computeSecret(peer)) };
  },
};
