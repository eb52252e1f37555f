// Periodic activities (spec 3: cycle length in days, cycle node, quota per
// cycle). Cycle 0 opens on the day sign-up starts, at the node's hour, China
// time (UTC+8 all year); each later cycle cycleDate days after the last.
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CHINA_OFFSET = 8 * HOUR;

export type Cycled = { hasCycle: boolean; cycleDate: number; cycleStart: number; signStart: Date | null };

/** The cycle `now` falls in (0 before the first opens); 0 for an activity that is not periodic. */
export function cycleOf(a: Cycled, now: Date): number {
  if (!a.hasCycle || !a.signStart) return 0;
  const dayStart = Math.floor((a.signStart.getTime() + CHINA_OFFSET) / DAY) * DAY - CHINA_OFFSET;
  const first = dayStart + Math.min(Math.max(a.cycleStart, 0), 23) * HOUR;
  const length = Math.max(a.cycleDate, 1) * DAY;
  return Math.max(0, Math.floor((now.getTime() - first) / length));
}

/** When the given cycle opens. */
export function cycleStartOf(a: Cycled, cycle: number): Date | null {
  const end = cycleEnd(a, cycle);
  return end && new Date(end.getTime() - Math.max(a.cycleDate, 1) * DAY);
}

/** When the given cycle ends (the next opens). */
export function cycleEnd(a: Cycled, cycle: number): Date | null {
  if (!a.hasCycle || !a.signStart) return null;
  const dayStart = Math.floor((a.signStart.getTime() + CHINA_OFFSET) / DAY) * DAY - CHINA_OFFSET;
  const first = dayStart + Math.min(Math.max(a.cycleStart, 0), 23) * HOUR;
  return new Date(first + (cycle + 1) * Math.max(a.cycleDate, 1) * DAY);
}
