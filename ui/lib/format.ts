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

/** A phone shown to people keeps its first 3 and last 4 digits: 139****0001. */
export function maskPhone(phone: string | null | undefined): string {
  const digits = (phone ?? "").trim();
  if (digits.length < 8) return digits;
  return `${digits.slice(0, 3)}${"*".repeat(digits.length - 7)}${digits.slice(-4)}`;
}

/** An identity number shown in a list keeps its first 6 and last 4 characters. */
export function maskIdentity(identity: string | null | undefined): string {
  const text = (identity ?? "").trim();
  if (text.length <= 10) return text.length > 4 ? `${"*".repeat(text.length - 4)}${text.slice(-4)}` : text;
  return `${text.slice(0, 6)}${"*".repeat(text.length - 10)}${text.slice(-4)}`;
}

/** The first and last instant of a yyyy-MM-dd day in the visitor's time zone, as ISO text for a filter. */
export function dayStart(day: string): string | undefined {
  const d = new Date(`${day}T00:00:00`);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

export function dayEnd(day: string): string | undefined {
  const d = new Date(`${day}T23:59:59.999`);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}
