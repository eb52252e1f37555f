// A screen's asynchronous answers go through ui/lib's loading hooks
// (use-loaded.ts: useLoaded, useLoader, usePoll; use-filtered-pages.ts), the
// one place that checks a page still wants an answer before using it
// (decision 124). A hand-written `let live = true` effect elsewhere is a copy
// of them that drifts: one forgets the check, another the failure.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..", "..");

test("no file in ui/ outside ui/lib/ writes its own load effect (`let live`)", () => {
  const offenders: string[] = [];
  let scanned = 0;
  for (const file of new Bun.Glob("ui/**/*.{ts,tsx}").scanSync(ROOT)) {
    if (file.startsWith("ui/lib/")) continue;
    scanned++;
    readFileSync(join(ROOT, file), "utf8")
      .split("\n")
      .forEach((line, i) => /\blet live\b/.test(line) && offenders.push(`${file}:${i + 1}: ${line.trim()}`));
  }
  // A scan that found nothing (run from the wrong folder) would pass for the wrong reason.
  expect(scanned).toBeGreaterThan(100);
  expect(offenders).toEqual([]);
});
