// Spec 3: periodic activities, in China time.
import { expect, test } from "bun:test";
import { cycleOf } from "../../../src/domains/signup/cycle";

const NOW = new Date("2026-03-02T01:30:00Z");

test("cycles open at the node's hour, China time, every cycleDate days", () => {
  // Sign-up starts 2026-03-02 09:30 China time; node 8 h: cycle 0 opened at 08:00 that day.
  const a = { hasCycle: true, cycleDate: 2, cycleStart: 8, signStart: NOW };
  expect(cycleOf(a, NOW)).toBe(0);
  expect(cycleOf(a, new Date("2026-03-04T00:00:00Z"))).toBe(1); // 08:00 China time on the 4th
  expect(cycleOf(a, new Date("2026-03-03T23:59:59Z"))).toBe(0);
  expect(cycleOf({ ...a, hasCycle: false }, new Date("2027-01-01T00:00:00Z"))).toBe(0);
});
