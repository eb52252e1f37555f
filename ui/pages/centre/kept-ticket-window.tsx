// A ticket offline, at the door without a signal (docs/decisions.md 101): the
// QR kept when the member last saw their orders online, marked with when, as
// every kept thing is. The door checks the code with the server, so a ticket
// cancelled since is refused there whatever this window shows.
import { useSnapshot } from "valtio";
import { Dialog } from "../../components/dialog";
import { StaleNote } from "../../components/stale-note";
import { useT } from "../../i18n";
import { type KeptTicket, keptTicket } from "../../lib/kept-call";
import { useLoaded, useObjectUrl } from "../../lib/use-loaded";
import { session } from "../../state/session";
import { type Order, orderName } from "./order-detail-window";

export function KeptTicketWindow({ order, onClose }: { order: Order; onClose: () => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  // undefined while it is read, null when nothing was kept.
  const kept = useLoaded(() => keptTicket(order.trade).then((found) => ({ found })), [order.trade]);
  const ticket: KeptTicket | null | undefined = kept ? kept.found : undefined;
  const image = useObjectUrl(ticket?.image ?? null);

  const name = orderName(language, order);
  return (
    <Dialog title={t("order.tab.ticket")} onClose={onClose} width={420}>
      <div className="order-ticket" data-testid="kept-ticket" data-state={ticket === undefined ? "loading" : ticket ? "kept" : "none"}>
        <p className="cell-name">{name}</p>
        {ticket ? (
          <>
            <StaleNote asOf={ticket.savedAt} missing={false} />
            <div className="qr-frame">
              {image ? <img src={image} width={200} height={200} alt={t("order.ticket.qrAlt", { name })} data-testid="kept-ticket-qr" /> : null}
            </div>
            <p className="mono order-number">{order.trade}</p>
            <p className="muted">{t("install.ticketHint")}</p>
          </>
        ) : ticket === null ? (
          <p className="stale-note stale-missing" role="status" data-testid="kept-ticket-none">
            {t("install.ticketNotKept")}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
