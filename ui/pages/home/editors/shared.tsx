// What the home page's editing windows share: a field of their two-column
// rows, a time as their lists show it, and a page of a list read again after
// an edit.
import { type ReactNode, useState } from "react";
import type { AnswerOf } from "../../../../src/domains/api";
import { isSuccess } from "../../../../src/protocol/result";
import { api } from "../../../api";
// Display windows are China time (spec 2), entered and shown so whatever the editor's zone.
import { formatChinaDateTime } from "../../../lib/china-time";
import { useLoader } from "../../../lib/use-loaded";

/** yyyy-MM-dd HH:mm China time, the day kept on one line when a narrow column wraps; N/A when there is none. */
export const timeOrNa = (iso: string | null, na: string) => {
  if (!iso) return na;
  const [day, time] = formatChinaDateTime(iso).split(" ");
  return (
    <>
      <span className="he-day">{day}</span> {time}
    </>
  );
};

/** A field of the editors' two-column rows: its label, the control, an optional hint, and its error from the form window. */
export function Field({ id, label, error, hint, children }: { id: string; label: string; error: ReactNode; hint?: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? <p className="he-hint">{hint}</p> : null}
      {error}
    </div>
  );
}

/** A page of a list window, read again after an edit with the page shown meanwhile. */
export function useListPage<P extends "/manager/banner/list" | "/manager/announcement/list">(path: P) {
  const [index, setIndex] = useState(1);
  const { value, reload } = useLoader(() => api.call(path, { index }).then((a) => isSuccess(a) && (a as AnswerOf<P>)), [index], { keep: true });
  return { data: value || null, setIndex, reload };
}
