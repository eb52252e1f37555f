// "Add to calendar": an order's .ics file (signed GET /order/calendar),
// fetched by the API client and saved under its name, so the signed address
// never reaches the page. Shown on a live sign-up of an activity that says
// when it takes place: in the order's detail and after a sign-up.
import { isSuccess } from "../../src/protocol/result";
import { api } from "../api";
import { resultText, useT } from "../i18n";
import "../i18n/sign-up-texts";
import { formatChinaDateTime } from "../lib/china-time";
import { session } from "../state/session";
import { showMessage } from "./message-box";

type Translate = ReturnType<typeof useT>;

/** Saves the order's calendar file, or tells why not. */
export async function downloadCalendar(t: Translate, trade: string): Promise<void> {
  // In the language the page is read in.
  const answer = await api.download("/order/calendar", { trade, language: session.language }, `${trade}.ics`);
  if (!isSuccess(answer)) await showMessage(resultText(t, answer.message));
}

/** When an activity takes place, in China time: "2026-03-24 19:00 – 21:00", the end's date only when it is another day. */
export function eventRange(start: string, end: string): string {
  const from = formatChinaDateTime(start);
  const to = formatChinaDateTime(end);
  return `${from} – ${to.slice(0, 10) === from.slice(0, 10) ? to.slice(11) : to}`;
}

export function AddToCalendar({ trade, className = "button button-quiet" }: { trade: string; className?: string }) {
  const t = useT();
  return (
    <button type="button" className={`${className} add-to-calendar`} title={t("calendar.addHint")} onClick={() => void downloadCalendar(t, trade)} data-testid="add-to-calendar">
      <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
        <path d="M3.5 5h13v11.5h-13zM3.5 8.5h13M7 3v3.5M13 3v3.5M10 10.5v4M8 12.5h4" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span>{t("calendar.add")}</span>
    </button>
  );
}
