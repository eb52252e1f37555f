// The staff's reminders page (ui/pages/admin/reminders-page.tsx) reads a
// scheduled reminder past its time by the quiet hours of SMS: in them it is an
// SMS waiting for 08:00, out of them one the job's next run sends. The rule is
// the server's (src/domains/reminders/kinds.ts), hour by hour.
import { describe, expect, test } from "bun:test";
import { quietForSms } from "../../src/domains/reminders/kinds";
import { quietHours, scheduledState } from "../../ui/lib/quiet-hours";

/** An instant at a China-time hour and minute of 2 March 2026. */
const china = (hour: number, minute = 0) => Date.UTC(2026, 2, 2, hour - 8, minute);

describe("the quiet hours on the staff's reminders page", () => {
  test("are the server's: 22:00 to 08:00 China time, every hour of the day", () => {
    for (let hour = 0; hour < 24; hour++) {
      for (const minute of [0, 59]) expect({ hour, minute, quiet: quietHours(china(hour, minute)) }).toEqual({ hour, minute, quiet: quietForSms(new Date(china(hour, minute))) });
    }
    expect(quietHours(china(21, 59))).toBe(false);
    expect(quietHours(china(22))).toBe(true);
    expect(quietHours(china(7, 59))).toBe(true);
    expect(quietHours(china(8))).toBe(false);
  });

  test("a reminder ahead is ahead; one past its time waits for 08:00 in the quiet hours, and is being sent out of them", () => {
    const due = new Date(china(23)).toISOString();
    expect(scheduledState(due, china(22, 30))).toBe("ahead");
    expect(scheduledState(due, china(23, 30))).toBe("waiting");
    expect(scheduledState(new Date(china(9)).toISOString(), china(9, 1))).toBe("sending");
  });
});
