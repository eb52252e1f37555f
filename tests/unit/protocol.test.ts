import { describe, expect, test } from "bun:test";
import { nodeBackend } from "../../src/http/crypto-node";
import { fromBase64Url, fromHex, toBase64Url, toHex } from "../../src/protocol/bytes";
import {
  type CryptoBackend,
  deriveSessionKeys,
  isFreshStamp,
  openJson,
  parseSignedQuery,
  requestAad,
  sealJson,
  signRequest,
  stampOf,
  verifySignature,
} from "../../src/protocol/envelope";
import { page } from "../../src/protocol/result";
import { nobleBackend } from "../../ui/api/crypto-noble";
import { subtleBackend } from "../../ui/api/crypto-subtle";

const BACKENDS: CryptoBackend[] = [nodeBackend, subtleBackend, nobleBackend];
const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);

async function keysBetween(client: CryptoBackend, server: CryptoBackend) {
  const a = await client.ecdhKeyPair();
  const b = await server.ecdhKeyPair();
  const [sa, sb] = [await a.agree(b.publicKey), await b.agree(a.publicKey)];
  const k1 = await deriveSessionKeys(client, sa, "union-portal-web");
  const k2 = await deriveSessionKeys(server, sb, "union-portal-web");
  return { client: { tokenId: "t".repeat(24), ...k1 }, server: { tokenId: "t".repeat(24), ...k2 } };
}

async function signed(backend: CryptoBackend, keys: Awaited<ReturnType<typeof keysBetween>>["client"], payload: unknown = { a: 1, text: "中文" }) {
  return signRequest(backend, keys, { method: "POST", path: "/api/user/reload", payload, nowMs: NOW });
}

describe("envelope", () => {
  for (const client of BACKENDS) {
    for (const server of BACKENDS) {
      test(`a ${client.name} client and a ${server.name} server agree on keys and read each other's envelopes`, async () => {
        const keys = await keysBetween(client, server);
        expect(toHex(keys.client.encKey)).toBe(toHex(keys.server.encKey));
        const req = await signed(client, keys.client);
        const q = parseSignedQuery(req.query)!;
        expect(await verifySignature(server, keys.server.macKey, "POST", "/api/user/reload", q, req.body)).toBe(true);
        expect(await openJson(server, keys.server.encKey, req.body, requestAad(req.nonce))).toEqual({ a: 1, text: "中文" });
      });
    }
  }

  test("a flipped bit anywhere in the body breaks both the signature and the decryption", async () => {
    const keys = await keysBetween(nodeBackend, nodeBackend);
    const req = await signed(nodeBackend, keys.client);
    const q = parseSignedQuery(req.query)!;
    for (const at of [0, 12, req.body.length - 1]) {
      const tampered = req.body.slice();
      tampered[at]! ^= 1;
      expect(await verifySignature(nodeBackend, keys.server.macKey, "POST", "/api/user/reload", q, tampered)).toBe(false);
      await expect(openJson(nodeBackend, keys.server.encKey, tampered, requestAad(req.nonce))).rejects.toThrow();
    }
  });

  test("the signature covers the path, every query parameter and their order", async () => {
    const keys = await keysBetween(nodeBackend, nodeBackend);
    const req = await signed(nodeBackend, keys.client);
    const verify = (query: string, path = "/api/user/reload") => {
      const q = parseSignedQuery(query);
      return q ? verifySignature(nodeBackend, keys.server.macKey, "POST", path, q, req.body) : Promise.resolve(false);
    };
    expect(await verify(req.query)).toBe(true);
    expect(await verify(req.query, "/api/user/language")).toBe(false);
    const [signedPart, sign] = req.query.split("&sign=") as [string, string];
    const [a, b, c] = signedPart.split("&");
    expect(await verify(`${b}&${a}&${c}&sign=${sign}`)).toBe(false);
    expect(await verify(`${signedPart}&extra=1&sign=${sign}`)).toBe(false);
    expect(await verify(`${signedPart.replace(/stamp=\d+/, `stamp=${stampOf(NOW) + 1}`)}&sign=${sign}`)).toBe(false);
  });

  test("a wrong key neither verifies nor decrypts", async () => {
    const keys = await keysBetween(nodeBackend, nodeBackend);
    const other = await keysBetween(nodeBackend, nodeBackend);
    const req = await signed(nodeBackend, keys.client);
    const q = parseSignedQuery(req.query)!;
    expect(await verifySignature(nodeBackend, other.server.macKey, "POST", "/api/user/reload", q, req.body)).toBe(false);
    await expect(openJson(nodeBackend, other.server.encKey, req.body, requestAad(req.nonce))).rejects.toThrow();
  });

  test("an answer sealed for one request cannot be opened as the answer to another", async () => {
    const keys = await keysBetween(nodeBackend, nodeBackend);
    const sealed = await sealJson(nodeBackend, keys.server.encKey, { ok: true }, "res:first-nonce-0000");
    await expect(openJson(nodeBackend, keys.client.encKey, sealed, "res:other-nonce-0000")).rejects.toThrow();
    expect(await openJson(nodeBackend, keys.client.encKey, sealed, "res:first-nonce-0000")).toEqual({ ok: true });
  });

  test("every request gets a fresh nonce and a fresh IV", async () => {
    const keys = await keysBetween(nodeBackend, nodeBackend);
    const a = await signed(nodeBackend, keys.client);
    const b = await signed(nodeBackend, keys.client);
    expect(a.nonce).not.toBe(b.nonce);
    expect(toHex(a.body.subarray(0, 12))).not.toBe(toHex(b.body.subarray(0, 12)));
  });

  test("a stamp is fresh within one minute either way and stale beyond", () => {
    const stamp = stampOf(NOW);
    expect(isFreshStamp(stamp, NOW)).toBe(true);
    expect(isFreshStamp(stamp - 1, NOW)).toBe(true);
    expect(isFreshStamp(stamp + 1, NOW)).toBe(true);
    expect(isFreshStamp(stamp - 2, NOW)).toBe(false);
    expect(isFreshStamp(stamp + 2, NOW)).toBe(false);
  });

  test("malformed queries are refused before any key is looked up", () => {
    const good = `token_id=${"a".repeat(24)}&stamp=29000000&key=${"b".repeat(22)}&sign=${"0".repeat(64)}`;
    expect(parseSignedQuery(good)).not.toBeNull();
    expect(parseSignedQuery(good.replace("&sign=", "&sig="))).toBeNull();
    expect(parseSignedQuery(good.replace("stamp=29000000", "stamp=abc"))).toBeNull();
    expect(parseSignedQuery(good.replace(`key=${"b".repeat(22)}`, "key=short"))).toBeNull();
    expect(parseSignedQuery(`token_id=${"a".repeat(24)}&${good}`)).toBeNull();
    expect(parseSignedQuery(good.replace(/sign=0+/, "sign=xyz"))).toBeNull();
  });
});

describe("bytes", () => {
  test("base64url and hex round-trip every length", () => {
    for (let n = 0; n < 40; n++) {
      const bytes = nodeBackend.randomBytes(n);
      expect(toHex(fromBase64Url(toBase64Url(bytes)))).toBe(toHex(bytes));
      expect(toBase64Url(bytes)).toBe(Buffer.from(bytes).toString("base64url"));
      expect(toHex(fromHex(toHex(bytes)))).toBe(toHex(bytes));
    }
  });
});

describe("paging", () => {
  test("index starts at 1 and is clamped to 1..max", () => {
    expect(page(undefined, 0, 10)).toMatchObject({ index: 1, max: 1, offset: 0 });
    expect(page(0, 35, 10)).toMatchObject({ index: 1, max: 4 });
    expect(page(9, 35, 10)).toMatchObject({ index: 4, max: 4, offset: 30 });
    expect(page(2, 35, 10)).toMatchObject({ index: 2, offset: 10 });
  });

  test("a page number however far out lands on the first or last page (pageIndex lets every whole number through)", () => {
    for (const far of [2 ** 31, 1e15, 2 ** 53, Number.MAX_VALUE, Number.POSITIVE_INFINITY]) expect(page(far, 35, 10)).toMatchObject({ index: 4, offset: 30 });
    for (const far of [-(2 ** 31) - 1, -1e15, -(2 ** 53), -Number.MAX_VALUE, Number.NEGATIVE_INFINITY, -0]) expect(page(far, 35, 10)).toMatchObject({ index: 1, offset: 0 });
  });
});
