// Every test starts from one fixed moment, whatever day it runs on: a Monday
// morning in Beijing. API tests hold their app's clock there; servers the
// browser tests start run from it (CLOCK_START), and so do their browsers.
import { mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const START = new Date("2026-03-02T01:30:00.000Z");

const began = Date.now();

/** The time of a server started by this test process: START plus the time this process has run. */
export const testNow = (): Date => new Date(START.getTime() + (Date.now() - began));

/**
 * A clock the test moves on, shared by the server processes given its `env`
 * (src/clock.ts reads CLOCK_OFFSET_FILE): a window on the servers' clock then
 * passes when the test says, not when the machine gets round to it. Clients
 * stay on testNow, so a move of more than a minute would make their stamps stale.
 */
export function movableClock() {
  const dir = mkdtempSync(join(tmpdir(), "union-portal-clock-"));
  const file = join(dir, "offset");
  let offset = 0;
  return {
    env: { CLOCK_OFFSET_FILE: file },
    advance(ms: number) {
      offset += ms;
      // Written aside and renamed over: a server reading it never sees it half-written.
      writeFileSync(`${file}.next`, String(offset));
      renameSync(`${file}.next`, file);
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
