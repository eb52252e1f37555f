// The lottery's draw: recomputable from the seed and the applicants alone, a
// fair shuffle, and a published draw that does not hold is caught.
import { describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { checkDraw, commitmentOf, drawOrder, isSeed, newSeed } from "../../src/domains/lottery/draw";

const SEED = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
/** The n-th of a fixed list of seeds, for tests that need many. */
const seedNo = (n: number) => createHash("sha256").update(`seed ${n}`).digest("hex");

describe("a lottery's draw", () => {
  test("the commitment is SHA-256 of the seed's bytes, and a new seed is 32 random bytes", () => {
    expect(commitmentOf(SEED)).toBe(createHash("sha256").update(Buffer.from(SEED, "hex")).digest("hex"));
    const a = newSeed();
    expect(isSeed(a)).toBe(true);
    expect(a).not.toBe(newSeed());
    expect(() => commitmentOf("XYZ")).toThrow();
  });

  test("the order is fixed by the seed and the applicants, whatever order they are listed in", () => {
    const applicants = [1005, 1001, 1003, 1002, 1004, 1010, 1007];
    const order = drawOrder(SEED, applicants);
    // Worked out by hand in another language (Python's hashlib) from the steps in draw.ts: a change to the shuffle
    // would change what every published draw means.
    expect(order).toEqual([1003, 1007, 1002, 1004, 1010, 1005, 1001]);
    expect(drawOrder(SEED, [...applicants].reverse())).toEqual(order);
    expect(drawOrder(seedNo(1), applicants)).not.toEqual(order);
    expect(drawOrder(SEED, [])).toEqual([]);
    expect(drawOrder(SEED, [7])).toEqual([7]);
    expect(() => drawOrder(SEED, [1, 2, 2])).toThrow();
  });

  test("each of the six orders of three applicants is about as likely as any other over 6,000 seeds", () => {
    const counts = new Map<string, number>();
    for (let n = 0; n < 6000; n++) {
      const key = drawOrder(seedNo(n), [1, 2, 3]).join();
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    // Chi-square with 5 degrees of freedom: 20.5 is the 0.1% tail.
    const chi = [...counts.values()].reduce((sum, c) => sum + (c - 1000) ** 2 / 1000, 0);
    expect(chi).toBeLessThan(20.5);
  });

  test("a published draw checks out, and a wrong seed, a changed order or a changed list is named", () => {
    const applicants = Array.from({ length: 40 }, (_, i) => 2000 + i * 3);
    const draw = { commitment: commitmentOf(SEED), seed: SEED, applicants, order: drawOrder(SEED, applicants), places: 10 };
    expect(checkDraw(draw)).toEqual([]);
    expect(checkDraw({ ...draw, seed: seedNo(2) })[0]).toContain("does not match the commitment");
    const swapped = [...draw.order];
    [swapped[3], swapped[4]] = [swapped[4]!, swapped[3]!];
    expect(checkDraw({ ...draw, order: swapped })).toEqual([`the order differs from the seed's from place 4: the seed gives ${draw.order[3]}, the draw says ${draw.order[4]}`]);
    expect(checkDraw({ ...draw, applicants: applicants.slice(1) }).length).toBe(1);
    expect(checkDraw({ ...draw, seed: "nope" })).toEqual(["the seed is not 64 lowercase hex digits"]);
  });

  test("scripts/verify-draw.ts says VERIFIED for a true draw and NOT VERIFIED, exit 1, for a false one", async () => {
    const applicants = [31, 12, 57, 44];
    const draw = { commitment: commitmentOf(SEED), seed: SEED, applicants, order: drawOrder(SEED, applicants), places: 2 };
    const run = (body: object) => {
      const child = Bun.spawnSync([process.execPath, join(import.meta.dir, "..", "..", "scripts", "verify-draw.ts"), "-"], { stdin: Buffer.from(JSON.stringify(body)) });
      return { code: child.exitCode, out: child.stdout.toString() };
    };
    const good = run(draw);
    expect(good.code).toBe(0);
    expect(good.out).toContain("VERIFIED: the seed matches its commitment");
    expect(good.out).toContain(`Winners (2 of 2 places): ${draw.order.slice(0, 2).join(", ")}`);
    const bad = run({ ...draw, order: [...draw.order].reverse() });
    expect(bad.code).toBe(1);
    expect(bad.out).toContain("NOT VERIFIED");
    expect(run({ seed: 1 }).code).toBe(2);
  });
});
