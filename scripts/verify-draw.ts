// Recomputes a published lottery draw (issue 32) from its seed and applicants:
//   bun scripts/verify-draw.ts DRAW.json     (or - to read it from stdin)
// DRAW.json is the draw as staff export it: { commitment, seed, applicants,
// order, places } (src/domains/lottery/draw.ts says how the order is drawn).
// Prints what it checked and exits 0 when the draw holds, 1 when it does not,
// 2 when the file cannot be read.
import { type PublishedDraw, checkDraw } from "../src/domains/lottery/draw";

const USAGE = "usage: bun scripts/verify-draw.ts DRAW.json   (- reads stdin)";

function readDraw(text: string): PublishedDraw {
  const value = JSON.parse(text) as Partial<PublishedDraw>;
  const numbers = (list: unknown) => Array.isArray(list) && list.every((n) => Number.isInteger(n));
  if (typeof value.commitment !== "string" || typeof value.seed !== "string" || !numbers(value.applicants) || !numbers(value.order) || typeof value.places !== "number")
    throw new Error("a draw has commitment and seed (hex text), applicants and order (lists of order numbers) and places (a number)");
  return value as PublishedDraw;
}

const path = process.argv[2];
if (!path || path === "-h" || path === "--help") {
  console.log(USAGE);
  process.exit(path ? 0 : 2);
}
let draw: PublishedDraw;
try {
  draw = readDraw(path === "-" ? await Bun.stdin.text() : await Bun.file(path).text());
} catch (error) {
  console.error(`Cannot read the draw: ${error instanceof Error ? error.message : error}`);
  process.exit(2);
}
const problems = checkDraw(draw);
if (problems.length) {
  for (const problem of problems) console.log(`NOT VERIFIED: ${problem}`);
  process.exit(1);
}
const winners = draw.order.slice(0, draw.places);
console.log(`VERIFIED: the seed matches its commitment and gives this order of ${draw.applicants.length} applicants.`);
console.log(`Winners (${winners.length} of ${draw.places} places): ${winners.join(", ") || "none"}`);
