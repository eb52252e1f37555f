// Small parts the staff pages share: a state written as a coloured tag (the
// lotteries', the surveys', the reminders'), and an opening and closing time
// in China time that breaks between its two times, never inside one.
import type { ReactNode } from "react";
import { formatChinaDateTime } from "../../lib/china-time";

/** amber: waiting on people or time; blue: coming or under way; green: done and shown; none: over, or a plain fact. */
export type Tone = "amber" | "blue" | "green" | null;

export function StaffTag({ tone, state, testId, children }: { tone: Tone; state?: string; testId?: string; children: ReactNode }) {
  return (
    <span className={tone ? `staff-tag staff-tag-${tone}` : "staff-tag"} data-state={state} data-testid={testId}>
      {children}
    </span>
  );
}

/** One time in China time; "—" for none. */
export const StaffTime = ({ iso }: { iso: string | null }) => <span className="staff-time">{iso ? formatChinaDateTime(iso) : "—"}</span>;

/** `range` is the page's "{{start}} to {{end}}" in its language. */
export function TimeWindow({ start, end, range }: { start: string | null; end: string | null; range: (parts: { start: string; end: string }) => string }) {
  const [before, between, after] = range({ start: "\u0000", end: "\u0000" }).split("\u0000");
  return (
    <span className="staff-time-window">
      {before}
      <StaffTime iso={start} />
      {between}
      <StaffTime iso={end} />
      {after}
    </span>
  );
}
