// Dates as the specs show them: yyyy-MM-dd HH:mm in the visitor's time zone.
const pad = (n: number) => String(n).padStart(2, "0");

export function formatDateTime(value: string | number | Date, withSeconds = false): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return "";
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}${withSeconds ? `:${pad(d.getSeconds())}` : ""}`;
  return `${date} ${time}`;
}

/** yyyy-MM-dd in the visitor's time zone. */
export function formatDate(value: string | number | Date): string {
  return formatDateTime(value).slice(0, 10);
}

/** Time left as mm:ss, a started second counted whole, never below 00:00 (a payment's countdown). */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;
}

/** Money travels in fen (integers); people read yuan with 2 decimals. */
export function formatMoney(fen: number): string {
  return (fen / 100).toFixed(2);
}

/** Money with its sign, as every price is shown: ¥199.00 (no space). */
export function formatYuan(fen: number): string {
  return `¥${formatMoney(fen)}`;
}

/** Points travel in hundredths; shown with 2 decimals, and a sign when asked (+5.00 / -5.00). */
export function formatPoints(hundredths: number, signed = false): string {
  const text = (Math.abs(hundredths) / 100).toFixed(2);
  if (!signed || hundredths === 0) return hundredths < 0 ? `-${text}` : text;
  return `${hundredths > 0 ? "+" : "-"}${text}`;
}

/** The server masks the phones of staff answers by the same rule (src/protocol/identity.ts). */
export { maskIdentity, maskPhone } from "../../src/protocol/identity";


/** The first and last instant of a yyyy-MM-dd day in the visitor's time zone, as ISO text for a filter. */
export function dayStart(day: string): string | undefined {
  const d = new Date(`${day}T00:00:00`);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

export function dayEnd(day: string): string | undefined {
  const d = new Date(`${day}T23:59:59.999`);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}
