// The quiet hours of reminders by SMS (issue 32 item 2, docs/decisions.md
// 139): none is sent between 22:00 and 08:00 China time; they wait until
// eight (the server's rule is src/domains/reminders/kinds.ts quietForSms).
// The staff's reminders page reads a scheduled reminder by it.
import { chinaParts } from "./china-time";

/** Whether SMS wait at this moment: 22:00 to 08:00 China time. */
export function quietHours(now: number | Date): boolean {
  const hour = chinaParts(now)?.hour ?? 12;
  return hour >= 22 || hour < 8;
}

/**
 * A scheduled reminder's state at `now`: still ahead, or past its time and
 * not sent, which in the quiet hours is an SMS waiting for eight, and
 * otherwise one the job's next run (every 30 s) sends.
 */
export function scheduledState(due: string, now: number): "ahead" | "waiting" | "sending" {
  if (Date.parse(due) > now) return "ahead";
  return quietHours(now) ? "waiting" : "sending";
}
