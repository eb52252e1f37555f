// The lottery's draw (issue 32): a commitment published before the sign-up
// window opens, and at its close an order of the applicants that anyone can
// recompute once the seed is revealed.
//
//   commitment = SHA-256(seed)                      (the seed's 32 bytes, hex)
//   order      = shuffle(applicants sorted by order number, seed)
//
// The shuffle is Fisher-Yates from the last place down, each swap's index
// drawn uniformly by rejection from a stream of 32-bit numbers: block i of
// the stream is SHA-256(seed ‖ i as 4 bytes, big-endian), read as eight
// big-endian 32-bit numbers. Nothing in it depends on the language or the
// machine, so `scripts/verify-draw.ts` (or any other program following these
// lines) gives the same order from the published seed and list.
import { createHash, randomBytes } from "node:crypto";

const SEED_BYTES = 32;
const SEED_PATTERN = /^[0-9a-f]{64}$/;

/** A new secret seed, as lowercase hex. */
export function newSeed(): string {
  return randomBytes(SEED_BYTES).toString("hex");
}

export const isSeed = (seed: string) => SEED_PATTERN.test(seed);

function seedBytes(seed: string): Buffer {
  if (!isSeed(seed)) throw new Error("a draw's seed is 64 lowercase hex digits");
  return Buffer.from(seed, "hex");
}

/** The commitment published before the window opens: SHA-256 of the seed's bytes, hex. */
export function commitmentOf(seed: string): string {
  return createHash("sha256").update(seedBytes(seed)).digest("hex");
}

/** The seed's stream of 32-bit numbers. */
function numbers(seed: string): () => number {
  const key = seedBytes(seed);
  let block = 0;
  let words: number[] = [];
  return () => {
    if (words.length === 0) {
      const counter = Buffer.alloc(4);
      counter.writeUInt32BE(block++);
      const digest = createHash("sha256").update(key).update(counter).digest();
      words = Array.from({ length: 8 }, (_, i) => digest.readUInt32BE(i * 4));
    }
    return words.shift()!;
  };
}

const RANGE = 2 ** 32;

/** A number from 0 to n - 1, each as likely: numbers at or past the last whole multiple of n are drawn again. */
function below(n: number, next: () => number): number {
  const limit = RANGE - (RANGE % n);
  for (;;) {
    const x = next();
    if (x < limit) return x % n;
  }
}

/** The drawn order of the applicants' order numbers: first drawn first. */
export function drawOrder(seed: string, applicants: readonly number[]): number[] {
  const order = [...applicants].sort((a, b) => a - b);
  if (new Set(order).size !== order.length) throw new Error("an order number appears twice among the applicants");
  const next = numbers(seed);
  for (let i = order.length - 1; i > 0; i--) {
    const j = below(i + 1, next);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** A published draw, as staff export it and scripts/verify-draw.ts reads it. */
export type PublishedDraw = {
  commitment: string;
  seed: string;
  /** The applicants' order numbers. */
  applicants: number[];
  /** The order as drawn. */
  order: number[];
  /** The places the draw filled: the first `places` of the order won. */
  places: number;
};

/** What does not hold in a published draw; empty when it checks out. */
export function checkDraw(draw: PublishedDraw): string[] {
  const problems: string[] = [];
  if (!isSeed(draw.seed)) return ["the seed is not 64 lowercase hex digits"];
  if (commitmentOf(draw.seed) !== draw.commitment.toLowerCase()) problems.push("the seed does not match the commitment published before the draw");
  const order = drawOrder(draw.seed, draw.applicants);
  const first = order.findIndex((n, i) => draw.order[i] !== n);
  if (first >= 0 || order.length !== draw.order.length) {
    const at = first >= 0 ? first : Math.min(order.length, draw.order.length);
    problems.push(`the order differs from the seed's from place ${at + 1}: the seed gives ${order[at] ?? "nothing"}, the draw says ${draw.order[at] ?? "nothing"}`);
  }
  if (!Number.isInteger(draw.places) || draw.places < 0) problems.push("the number of places is not a whole number");
  return problems;
}
