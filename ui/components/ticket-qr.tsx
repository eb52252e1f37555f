// A ticket's QR code, drawn by the server (signed GET /order/qr) and shown
// from an object URL, so the signed address, which carries the token, never
// sits in the page. Shown after a sign-up and in the order's ticket tab.
import { useEffect, useState } from "react";
import { api } from "../api";
import { useT } from "../i18n";

export function TicketQr({ trade, alt, size }: { trade: string; alt: string; size: number }) {
  const t = useT();
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    let url: string | null = null;
    api
      .imageUrl("/order/qr", { trade })
      .then((made) => {
        url = made;
        if (live) setImage(made);
        else URL.revokeObjectURL(made);
      })
      .catch((error: unknown) => {
        console.error(error);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [trade]);

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
