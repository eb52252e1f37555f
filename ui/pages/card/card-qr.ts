// The member card's QR: the address of the shop's verify page with the code,
// so a phone's camera opens it directly. Drawn as SVG text, the same in a
// browser and in a test (tests/e2e/member-card.test.ts draws it again to prove
// what the page's QR holds); the QR library comes as its own chunk.

/** Path of the public verify page (ui/lib/route-table.ts "cardVerify"). */
export const VERIFY_PATH = "/card/verify";

/** The verify page's address for a code, on the portal's own origin. */
export const verifyUrl = (origin: string, code: string): string => `${origin}${VERIFY_PATH}?code=${encodeURIComponent(code)}`;

/** Quartile correction: a phone screen's glare or a cracked glass still reads. */
export const CARD_QR_OPTIONS = { type: "svg", margin: 2, errorCorrectionLevel: "Q", color: { dark: "#1f2329", light: "#ffffff" } } as const;

/** The QR of `text` as an SVG image address, for an <img>. */
export async function cardQr(text: string): Promise<string> {
  const { default: QRCode } = await import("qrcode");
  const svg = await QRCode.toString(text, CARD_QR_OPTIONS);
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** What a shop pasted: the code itself, or the whole verify link (its `code`). */
export function codeOf(text: string): string {
  const trimmed = text.trim();
  const at = trimmed.indexOf("code=");
  if (at < 0) return trimmed;
  const value = trimmed.slice(at + 5).split(/[&#\s]/)[0] ?? "";
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
