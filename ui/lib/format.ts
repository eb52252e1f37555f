// Money, points and countdowns as the specs show them; dates and times are ./china-time.ts.
const pad = (n: number) => String(n).padStart(2, "0");

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

