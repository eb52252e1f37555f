// The member's payment window draws whatever the provider gave as a QR code:
// the sandbox's page address, or WeChat Pay's weixin:// code_url, which only
// WeChat's scanner can pay, so it gets no "open the payment page" link.
import { expect, test } from "bun:test";
import QRCode from "qrcode";
import { opensInBrowser } from "../../ui/lib/pay-link";

test("a weixin:// code_url is drawn as a QR code of itself, without a link; a page address keeps its link", async () => {
  const codeUrl = "weixin://wxpay/bizpayurl?pr=p4lpSuKzz";
  expect(opensInBrowser(codeUrl)).toBe(false);
  expect(opensInBrowser("http://localhost:3000/pay/sandbox/D20260302013000ABCDEF0123456789")).toBe(true);
  expect(opensInBrowser("https://union.example.com/pay/sandbox/D1")).toBe(true);
  // What absoluteUrl does with it: an absolute address stays as it is.
  expect(new URL(codeUrl, "https://union.example.com").toString()).toBe(codeUrl);
  const qr = QRCode.create(codeUrl, { errorCorrectionLevel: "M" });
  expect(qr.modules.size).toBeGreaterThan(20);
  expect(qr.segments.map((s) => Buffer.from(s.data as unknown as Uint8Array).toString()).join("")).toBe(codeUrl);
});
