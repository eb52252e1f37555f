// The server's clock (src/clock.ts): the machine's in production; in tests it
// runs from CLOCK_START and moves on when the test's offset file says so.
import { afterAll, expect, test } from "bun:test";
import { serverClock } from "../../src/clock";
import { START, movableClock } from "../helpers/clock";

const moved = movableClock();
afterAll(() => moved.remove());

test("without CLOCK_START the server keeps the machine's time", () => {
  const before = Date.now();
  const now = serverClock({ clockStart: null, clockOffsetFile: null })().getTime();
  expect(now).toBeGreaterThanOrEqual(before);
  expect(now).toBeLessThanOrEqual(Date.now());
});

test("a test server's clock moves on by what the offset file holds, and by nothing before the file is written", () => {
  const booted = Date.now();
  const clock = serverClock({ clockStart: START, clockOffsetFile: moved.env.CLOCK_OFFSET_FILE });
  // It runs on as the machine's does: bounded by the time this test has taken, whatever that was.
  const sinceStart = () => clock().getTime() - START.getTime();
  const first = sinceStart();
  expect(first).toBeGreaterThanOrEqual(0);
  expect(first).toBeLessThanOrEqual(Date.now() - booted);

  moved.advance(20_000);
  moved.advance(5_000);
  const later = sinceStart();
  expect(later).toBeGreaterThanOrEqual(25_000);
  expect(later).toBeLessThanOrEqual(25_000 + (Date.now() - booted));
});
