// The server's crypto backend for the envelope: node:crypto, synchronous and
// native (AES-GCM ~2 µs and HMAC ~0.5 µs per KB here).
import { createCipheriv, createDecipheriv, createECDH, createHash, createHmac, randomFillSync } from "node:crypto";
import type { CryptoBackend } from "../protocol/envelope";

export const nodeBackend: CryptoBackend = {
  name: "node",
  randomBytes: (length) => randomFillSync(new Uint8Array(length)),
  sha256: (data) => createHash("sha256").update(data).digest(),
  hmacSha256: (key, data) => createHmac("sha256", key).update(data).digest(),
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
