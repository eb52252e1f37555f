// A ticket's QR code, drawn by the server (signed GET /order/qr) and shown
// from an object URL, so the signed address, which carries the token, never
// sits in the page. Shown after a sign-up and in the order's ticket tab.
import { api } from "../api";
import { useT } from "../i18n";
import { useLoaded, useObjectUrl } from "../lib/use-loaded";

export function TicketQr({ trade, alt, size }: { trade: string; alt: string; size: number }) {
  const t = useT();
  const qr = useLoaded(
    () =>
      api.image("/order/qr", { trade }).catch((error: unknown) => {
        console.error(error);
        return false as const;
      }),
    [trade],
  );
  const image = useObjectUrl(qr || null);
  const failed = qr === false;

  return (
    <div className="qr-frame">
      {image ? (
        <img src={image} width={size} height={size} alt={alt} data-testid="ticket-qr" />
      ) : (
        <span className="qr-placeholder">{failed ? t("order.ticket.failed") : t("common.loading")}</span>
      )}
    </div>
  );
}
