// After a sign-up with a ticket: the success line, the ticket's QR code and,
// for an activity that says when it takes place, its calendar entry.
import { useSnapshot } from "valtio";
import { useLocation } from "wouter";
import { AddToCalendar } from "../../../components/add-to-calendar";
import { Dialog } from "../../../components/dialog";
import { TicketQr } from "../../../components/ticket-qr";
import { useT } from "../../../i18n";
import { session } from "../../../state/session";
import type { Activity } from "../activity-model";
import { worded } from "../wording";
import { timed } from "./flow-state";

export function TicketWindow({ activity, trade, onClose }: { activity: Activity; trade: string; onClose: () => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const [, navigate] = useLocation();
  return (
    <Dialog
      title={t("activity.done.ticketTitle")}
      onClose={onClose}
      width={420}
      footer={
        <>
          <button type="button" className="button button-quiet" onClick={() => navigate("/information?page=order")}>
            {t("activity.done.orders")}
          </button>
          <button type="button" className="button button-primary" onClick={onClose} data-autofocus>
            {t("common.ok")}
          </button>
        </>
      }
    >
      <div className="ticket" data-testid="ticket">
        <p className="ticket-success">{worded(activity, language, "success", t("activity.done.success"))}</p>
        <TicketQr trade={trade} alt={t("activity.done.ticketTitle")} size={240} />
        <p className="muted">{worded(activity, language, "qrCode", t("activity.done.ticketHint"))}</p>
        {timed(activity) ? <AddToCalendar trade={trade} /> : null}
      </div>
    </Dialog>
  );
}
