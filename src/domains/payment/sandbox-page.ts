// The sandbox provider's payment page: small, calm, bilingual (both
// languages, or one by ?lang=), readable on a phone. Plain HTML with no
// script: it must work from any phone that scans the QR code. It wears the
// portal's colours and fonts: the UI's own tokens are inlined, so a change
// there reaches this page too.
import tokens from "../../../ui/tokens.css" with { type: "text" };
export type SandboxState = "open" | "paid" | "closed" | "cancelled" | "unknown";

type Page = { state: SandboxState; trade: string; amount: number; subject: { zh: string; en: string }; lang: "zh" | "en" | null };

const TEXT = {
  title: ["模拟支付", "Payment sandbox"],
  note: ["这是演示用的模拟支付，不会产生真实扣款。", "This is a demonstration payment: no real money moves."],
  subject: ["商品", "For"],
  amount: ["金额", "Amount"],
  pay: ["确认支付", "Pay"],
  cancel: ["取消", "Cancel"],
  paid: ["支付成功，请返回工会网站。", "Paid. You can return to the union portal."],
  closed: ["该支付已关闭或已超时，请在工会网站重新发起。", "This payment has closed or timed out. Start again from the union portal."],
  cancelled: ["已取消支付，可关闭此页面。", "Payment cancelled. You may close this page."],
  unknown: ["未找到该支付。", "No such payment."],
} as const;

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** Fen as yuan with two decimals. */
export const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

const HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
};

export function sandboxPage(page: Page): Response {
  const say = (key: keyof typeof TEXT): string => {
    const [zh, en] = TEXT[key];
    if (page.lang === "zh") return escape(zh);
    if (page.lang === "en") return escape(en);
    return `${escape(zh)}<br><span class="en">${escape(en)}</span>`;
  };
  const subject = page.lang === "en" ? page.subject.en : page.lang === "zh" ? page.subject.zh : `${page.subject.zh} · ${page.subject.en}`;
  const langQuery = page.lang ? `?lang=${page.lang}` : "";
  const body =
    page.state === "open"
      ? `<dl><dt>${say("subject")}</dt><dd>${escape(subject)}</dd><dt>${say("amount")}</dt><dd class="amount">${yuan(page.amount)}</dd></dl>
<form method="post" action="/pay/sandbox/${escape(page.trade)}/confirm${langQuery}"><button type="submit" class="pay">${say("pay")}</button></form>
<a class="cancel" href="/pay/sandbox/${escape(page.trade)}?cancelled=1${page.lang ? `&amp;lang=${page.lang}` : ""}">${say("cancel")}</a>`
      : `<p class="state ${page.state}">${say(page.state)}</p>`;
  const html = `<!doctype html>
<html lang="${page.lang === "en" ? "en" : "zh-CN"}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page.lang === "en" ? TEXT.title[1] : page.lang === "zh" ? TEXT.title[0] : `${TEXT.title[0]} · ${TEXT.title[1]}`}</title>
<style>
${tokens as string}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:16px;box-sizing:border-box;background:var(--bg);font:15px/1.6 var(--font);color:var(--text);-webkit-font-smoothing:antialiased}
main{width:min(100%,400px);box-sizing:border-box;background:var(--surface);border:1px solid var(--border);border-radius:var(--radius);box-shadow:var(--shadow-raised);padding:28px 24px}
h1{font-size:20px;line-height:1.4;margin:0 0 6px}.note{color:var(--muted);font-size:13px;margin:0 0 20px}.en{color:var(--muted);font-size:.9em}
dl{margin:0 0 24px;padding:14px 16px;border-radius:8px;background:var(--surface-muted)}dt{color:var(--faint);font-size:13px}dd{margin:2px 0 0}dd+dt{margin-top:10px}
.amount{font-size:28px;font-weight:600;color:var(--accent);font-variant-numeric:tabular-nums}
button.pay{width:100%;min-height:46px;padding:10px 16px;border:0;border-radius:8px;background:var(--accent);color:#fff;font:inherit;font-size:16px;font-weight:500;cursor:pointer}
button.pay:hover{background:var(--accent-strong)}button.pay .en{color:inherit}
a.cancel{display:block;text-align:center;margin-top:10px;padding:10px;border-radius:8px;color:var(--muted);text-decoration:none}a.cancel:hover{background:var(--surface-muted);color:var(--text)}
button.pay:focus-visible,a.cancel:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.state{font-size:17px;text-align:center;margin:24px 0}.state.paid{color:var(--success)}.state.closed,.state.unknown{color:var(--danger)}
</style></head>
<body><main><h1>${say("title")}</h1><p class="note">${say("note")}</p>
${body}
</main></body></html>`;
  return new Response(html, { status: page.state === "unknown" ? 404 : 200, headers: HEADERS });
}
