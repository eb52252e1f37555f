// Personal centre > orders (spec 1 section 2, spec 2 section 2 "Member
// orders"): the member's registration orders with a state filter and paging
// (the table padded to 23 rows when there are orders), and on each the
// detail window, paying an order that waits for payment, cancelling it
// (spec 2 section 4: when the server's canCancel says so, after a
// confirmation) and changing its delivery address (canChangeAddress).
import { formatChinaDateTime } from "../../lib/china-time";
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import { ORDER_PAGE_SIZE } from "../../../src/protocol/limits";
import { isSuccess } from "../../../src/protocol/result";
import { ORDER_STATE } from "../../../src/protocol/enumerations";
import { api } from "../../api";
import { type Column, CardList } from "../../components/card-list";
import { FilterBar } from "../../components/filter-bar";
import { confirm, showMessage } from "../../components/message-box";
import { OrderPayWindow } from "../../components/order-pay-window";
import { resultText, useT } from "../../i18n";
import { formatMoney, formatPoints, formatYuan } from "../../lib/format";
import { useFilteredPages } from "../../lib/use-filtered-pages";
import { session } from "../../state/session";
import { CentreSection } from "../../components/centre-section";
import { StaleNote } from "../../components/stale-note";
import { keepTickets } from "../../lib/kept-call";
import { KeptTicketWindow } from "./kept-ticket-window";
import { OrderAddressDialog } from "./order-address-dialog";
import { type Order, OrderDetailWindow, hasTicket, orderName, refundText, useTypeName } from "./order-detail-window";
import { WaitlistOffers } from "./waitlist-offers";

type Filter = { state: string };
type Paying = { trade: string; pay: string; amount: number; points: number; expires: string };

const EMPTY_FILTER: Filter = { state: "" };
/** All, waiting, success, cancelled. An editor's preview orders are listed under "all" only, marked, until the publish deletes them. */
const STATES: number[] = [ORDER_STATE.ORDER_STATE_WAIT, ORDER_STATE.ORDER_STATE_SUCCESS, ORDER_STATE.ORDER_STATE_CANCEL];

const payloadOf = (filter: Filter, index: number) => ({ ...(filter.state ? { state: Number(filter.state) } : {}), index });

/** A waiting order whose 5 minutes have not run out may still be paid. */
const payable = (order: Order) => order.state.id === ORDER_STATE.ORDER_STATE_WAIT && !!order.expires && new Date(order.expires).getTime() > Date.now();

export default function OrdersPage() {
  const t = useT();
  const { language } = useSnapshot(session);
  const typeName = useTypeName();
  // Kept for offline: shown stale, with the actions that need the server left out (docs/decisions.md 99).
  const { filterBar, list, filtered, reload, asOf, missing } = useFilteredPages("/order/list", EMPTY_FILTER, payloadOf, { keep: "orders" });
  const [detail, setDetail] = useState<Order | null>(null);
  const [moving, setMoving] = useState<Order | null>(null);
  const [paying, setPaying] = useState<Paying | null>(null);
  const [ticket, setTicket] = useState<Order | null>(null);

  // The tickets of the orders shown, kept for the door, where the signal may be gone (docs/decisions.md 101).
  useEffect(() => {
    if (!asOf && list.list) void keepTickets(list.list.filter(hasTicket).map((r) => r.trade));
  }, [list.list, asOf]);

  /** The text of a refusal of one of the order's calls. */
  const refusal = (code: string | undefined, notAllowed: string) =>
    code === "ERROR_NOT_POWER" ? notAllowed : code === "ERROR_RESULT_NULL" ? t("order.notFound") : null;

  const pay = async (order: Order) => {
    const answer = await api.call("/order/pay", { id: order.id });
    if (isSuccess(answer) && answer.trade && answer.pay && answer.expires) {
      return setPaying({ trade: answer.trade, pay: answer.pay, amount: order.amount, points: order.integral, expires: answer.expires });
    }
    await showMessage(refusal(answer.message?.code, t("order.payClosed")) ?? resultText(t, answer.message));
    reload();
  };

  const cancel = async (order: Order) => {
    if (!(await confirm(t("order.confirmCancel", { name: orderName(language, order) }), { ok: t("order.cancel"), cancel: t("order.keep") }))) return;
    const answer = await api.call("/order/cancel", { id: order.id });
    reload();
    await showMessage(isSuccess(answer) ? t("order.cancelled") : (refusal(answer.message?.code, t("order.cannotCancel")) ?? resultText(t, answer.message)));
  };

  const addressChanged = async () => {
    setMoving(null);
    reload();
    await showMessage(t("order.move.changed"));
  };

  const columns: Column<Order>[] = [
    {
      key: "name",
      title: t("order.name"),
      place: "title",
      render: (r) =>
        r.state.id === ORDER_STATE.ORDER_STATE_PREVIEW ? (
          <span className="cell-stack">
            <span className="cell-name order-name">{orderName(language, r)}</span>
            <span className="order-preview-note" data-testid="preview-note">
              {t("order.previewNote")}
            </span>
          </span>
        ) : refundText(t, r, true) ? (
          <span className="cell-stack">
            <span className="cell-name order-name">{orderName(language, r)}</span>
            <span className="order-refund-note" data-testid="refund-owed-note">
              {refundText(t, r, true)}
            </span>
          </span>
        ) : (
          <span className="cell-name order-name">{orderName(language, r)}</span>
        ),
    },
    { key: "trade", title: t("order.trade"), wide: true, render: (r) => <span className="mono order-number">{r.trade}</span> },
    { key: "date", title: t("order.date"), render: (r) => <span className="cell-date">{formatChinaDateTime(r.createDate)}</span> },
    {
      key: "amount",
      title: t("order.amount"),
      align: "right",
      render: (r) => (
        <span className="cell-stack order-amount">
          <span>{formatMoney(r.amount)}</span>
          {r.integral > 0 ? <span className="muted">{t("order.withPoints", { points: formatPoints(r.integral) })}</span> : null}
        </span>
      ),
    },
    {
      key: "state",
      title: t("order.state"),
      place: "aside",
      render: (r) => <span className={`state-tag state-${r.state.id}`}>{r.state.id === ORDER_STATE.ORDER_STATE_PREVIEW ? t("order.previewTag") : typeName(r.state.id)}</span>,
    },
    {
      key: "actions",
      title: t("order.actions"),
      wide: true,
      render: (r) =>
        asOf ? (
          hasTicket(r) ? (
            // Offline, a ticket still shows: its kept QR, marked with when it was kept.
            <span className="order-actions">
              <button type="button" className="link-button link-strong" onClick={() => setTicket(r)} data-action="ticket">
                {t("order.tab.ticket")}
              </button>
            </span>
          ) : (
            <span className="needs-network" data-testid="needs-network">
              {t("install.needsNetwork")}
            </span>
          )
        ) : (
        <span className="order-actions">
          <button type="button" className="link-button" onClick={() => setDetail(r)} data-action="detail">
            {t("order.detail")}
          </button>
          {payable(r) ? (
            <button type="button" className="link-button link-strong" onClick={() => void pay(r)} data-action="pay">
              {t("order.payNow")}
            </button>
          ) : null}
          {r.canChangeAddress ? (
            <button type="button" className="link-button" onClick={() => setMoving(r)} data-action="address">
              {t("order.changeAddress")}
            </button>
          ) : null}
          {r.canCancel ? (
            <button type="button" className="link-button link-danger" onClick={() => void cancel(r)} data-action="cancel">
              {t("order.cancel")}
            </button>
          ) : null}
        </span>
        ),
    },
  ];

  return (
    <CentreSection id="orders" title={t("centre.menu.order")} intro={t("order.intro")}>
      <WaitlistOffers />
      <FilterBar
        id="orders"
        label={t("order.filter")}
        fields={[{ kind: "select", name: "state", label: t("order.state"), options: STATES.map((id) => ({ value: String(id), label: typeName(id) })) }]}
        {...filterBar}
      />
      <StaleNote asOf={asOf} missing={missing} />
      {missing ? null : <CardList
        {...list}
        columns={columns}
        rows={ORDER_PAGE_SIZE}
        rowKey={(r) => r.id}
        label={t("order.caption")}
        empty={t(filtered ? "list.noMatch" : "order.empty")}
        itemTestId="order-row"
      />}
      {ticket ? <KeptTicketWindow order={ticket} onClose={() => setTicket(null)} /> : null}
      {detail ? <OrderDetailWindow order={detail} onClose={() => setDetail(null)} /> : null}
      {moving ? <OrderAddressDialog order={moving} onClose={() => setMoving(null)} onChanged={() => void addressChanged()} /> : null}
      {paying ? (
        <OrderPayWindow
          {...paying}
          onPaid={() => {
            setPaying(null);
            reload();
          }}
          onExpired={reload}
          onClose={() => {
            setPaying(null);
            reload();
          }}
        />
      ) : null}
    </CentreSection>
  );
}
