// A payment page as a QR code (for a phone's camera) and as a link (for a
// desk). The code is drawn in the browser: the address never leaves the page.
import { useT } from "../i18n";
import { absoluteUrl, opensInBrowser } from "../lib/pay-link";
import { useLoaded } from "../lib/use-loaded";

export type QrPayProps = { url: string; linkLabel: string; alt: string };

export function QrPay({ url, linkLabel, alt }: QrPayProps) {
  const t = useT();
  const target = absoluteUrl(url);
  // The QR library comes as its own chunk with the first payment shown, not with the first screen.
  const image = useLoaded(
    () =>
      import("qrcode")
        .then(({ default: QRCode }) => QRCode.toDataURL(target, { margin: 1, width: 200, errorCorrectionLevel: "M", color: { dark: "#1f2329", light: "#ffffff" } }))
        .catch((error: unknown) => {
          console.error(error);
          return false as const;
        }),
    [target],
    { keep: true },
  );
  const failed = image === false;

  return (
    <div className="qr-pay">
      <div className="qr-frame">
        {image ? <img src={image} width={200} height={200} alt={alt} data-testid="qr-image" /> : <span className="qr-placeholder">{failed ? "" : t("common.loading")}</span>}
      </div>
      {opensInBrowser(target) ? (
        <a className="button button-quiet qr-link" href={target} target="_blank" rel="noopener" data-testid="pay-link">
          {linkLabel}
        </a>
      ) : null}
    </div>
  );
}
