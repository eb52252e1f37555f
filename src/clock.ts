// The server's clock: the machine's, except in tests (NODE_ENV=test), where it
// runs from CLOCK_START and a test can move it on by writing a number of
// milliseconds to CLOCK_OFFSET_FILE (tests/helpers/clock.ts `sharedClock`).
// The file, not a signal or a route, because two server processes must move
// together, as the machines of one portal would, and a file is read by both.
import { readFileSync } from "node:fs";
import type { Config } from "./config";

export function serverClock(config: Pick<Config, "clockStart" | "clockOffsetFile">): () => Date {
  const { clockStart, clockOffsetFile } = config;
  if (!clockStart) return () => new Date();
  const booted = Date.now();
  const offset = clockOffsetFile ? () => movedOn(clockOffsetFile) : () => 0;
  return () => new Date(clockStart.getTime() + (Date.now() - booted) + offset());
}

/** The milliseconds the test has moved the clock on: 0 until it writes the file (which it replaces in one rename, never half-written). */
function movedOn(file: string): number {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return 0;
  }
  const ms = Number(text.trim());
  return Number.isFinite(ms) ? ms : 0;
}
