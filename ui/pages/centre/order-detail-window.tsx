// The order detail window (spec 2 section 2 "Member orders", spec 1 section
// 2): tabs basic, pay, address, member, one per parcel, and ticket, each only
// when the order has something to show there. A market order (several
// sub-orders) reads the same way: its names, sub-orders and parcels listed.
import { Fragment, type ReactNode } from "react";
import { useSnapshot } from "valtio";
import type { ItemOf } from "../../../src/domains/api";
import { isSuccess } from "../../../src/protocol/result";
import { ORDER_STATE, REFUND_STATE } from "../../../src/protocol/enumerations";
import { api } from "../../api";
import { Dialog } from "../../components/dialog";
import { type TabItem, Tabs } from "../../components/tabs";
import { TicketQr } from "../../components/ticket-qr";
import { AddToCalendar, eventRange } from "../../components/add-to-calendar";
import { regionText } from "../../components/region-picker";
import { type Translate, joinList, pick, resultText, useT } from "../../i18n";
import "../../i18n/sign-up-texts";
import { showMessage } from "../../components/message-box";
import { formatPoints, formatYuan, maskIdentity, maskPhone } from "../../lib/format";
import { formatChinaDate, formatChinaDateTime } from "../../lib/china-time";
import { useLoaded } from "../../lib/use-loaded";
import { type Language, session } from "../../state/session";

export type Order = ItemOf<"/order/list">;
type Parcel = Order["express"][number];
type Family = Order["goods"][number]["families"][number];

/** The name of a row of the type table (an order state, a delivery state ...) in the language shown. */
export function useTypeName(): (id: number | null | undefined) => string {
  const { language, typeRows } = useSnapshot(session);
  return (id) => {
    const row = id == null ? undefined : typeRows.find((r) => r.id === id);
    return row ? pick(language, row.nameZh, row.nameEn) : "";
  };
}

/**
 * What an order holds, in the language shown: each activity once, with its
 * count when a market checkout took several units of it ("Umbrella × 2, Bag").
 */
export function orderName(language: Language, order: Pick<Order, "goods">): string {
  const lines = new Map<number, { name: string; count: number }>();
  for (const g of order.goods) {
    const line = lines.get(g.activity.id);
    if (line) line.count += 1;
    else lines.set(g.activity.id, { name: pick(language, g.activity.nameZh, g.activity.nameEn), count: 1 });
  }
  return joinList(language, [...lines.values()].map((l) => (l.count > 1 ? `${l.name} × ${l.count}` : l.name)));
}

/** Whether the order has a ticket to show: a successful order of an activity with tickets. */
export const hasTicket = (order: Order) => order.state.id === ORDER_STATE.ORDER_STATE_SUCCESS && order.goods.some((g) => g.hasTicket);

export type Fact = { term: string; value: ReactNode; wide?: boolean; testId?: string };

export function Facts({ facts }: { facts: Fact[] }) {
  return (
    <dl className="fact-list order-facts">
      {facts.map((f) => (
        <div key={f.term} className={f.wide ? "fact-wide" : undefined}>
          <dt>{f.term}</dt>
          <dd data-fact={f.testId}>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Paid, but the order is cancelled: the money goes back (docs/decisions.md 106). Above the tabs, so no tab hides it; staff's detail shows it too. */
/**
 * What the member is told of money going back: refunded (with the day),
 * under way, or owed (a refund not yet asked for, or one that failed: the
 * union tries again); null when nothing goes back. `note` is the list row's
 * short form.
 */
export function refundText(t: Translate, order: Pick<Order, "refundOwed" | "refund" | "payOrder">, note = false): string | null {
  const amount = formatYuan(order.refund?.amount ?? order.payOrder.price);
  const refund = order.refund;
  if (refund?.state.id === REFUND_STATE.REFUND_STATE_SUCCESS) return note ? t("order.refundedNote", { amount }) : t("order.refunded", { amount, date: formatChinaDate(refund.refundDate ?? "") });
  if (refund?.state.id === REFUND_STATE.REFUND_STATE_PROCESSING) return t(note ? "order.refundingNote" : "order.refunding", { amount });
  return order.refundOwed ? t(note ? "order.refundOwedNote" : "order.refundOwed", { amount }) : null;
}

export function RefundOwed({ text }: { text: string }) {
  return (
    <p className="refund-owed" role="note" data-testid="refund-owed">
      {text}
    </p>
  );
}

const none = <span className="muted">—</span>;
const dateOr = (value: string | null | undefined) => (value ? formatChinaDateTime(value) : none);

/** Where the activities take place, in the language shown (the other when one is missing). */
const placesOf = (language: Language, goods: Order["goods"]) =>
  goods.map((g) => pick(language, g.activity.placeZh || g.activity.placeEn, g.activity.placeEn || g.activity.placeZh)).filter(Boolean);

function BasicPanel({ order }: { order: Order }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const typeName = useTypeName();
  const places = order.goods.reduce((sum, g) => sum + g.places, 0);
  const scores = order.goods.flatMap((g) => (g.score === null ? [] : [g.score]));
  // When and where, for the activities that say (a market checkout's gifts take place nowhere).
  const timed = order.goods.filter((g) => g.activity.eventStart && g.activity.eventEnd);
  return (
    <>
      <Facts
        facts={[
          { term: t("order.basic.activity"), value: orderName(language, order), wide: true, testId: "activity" },
          { term: t("order.basic.trade"), value: <span className="mono order-number">{order.trade}</span>, wide: true, testId: "trade" },
          {
            term: t("order.basic.childTrade"),
            // One a line, drawn like the order number above (a market checkout has several).
            value: order.goods.map((g, i) => (
              <Fragment key={g.id}>
                {i ? <br /> : null}
                <span className="mono order-number">{g.trade}</span>
              </Fragment>
            )),
            wide: true,
          },
          { term: t("order.basic.state"), value: <span className={`state-tag state-${order.state.id}`}>{typeName(order.state.id)}</span>, testId: "state" },
          // Only an order with a delivery address ships anything: a ticket or a voucher has no shipping to tell.
          ...(order.address ? [{ term: t("order.basic.sendState"), value: typeName(order.sendState.id), testId: "send-state" }] : []),
          { term: t("order.basic.created"), value: formatChinaDateTime(order.createDate) },
          { term: t("order.basic.updated"), value: formatChinaDateTime(order.updateDate) },
          { term: t("order.basic.places"), value: places },
          ...(scores.length ? [{ term: t("order.basic.score"), value: scores.join(" / ") }] : []),
          ...(timed.length
            ? [
                { term: t("calendar.when"), value: timed.map((g) => eventRange(g.activity.eventStart!, g.activity.eventEnd!)).join(" / "), wide: true, testId: "event-time" },
                ...(placesOf(language, timed).length ? [{ term: t("calendar.where"), value: placesOf(language, timed).join(" / "), wide: true, testId: "event-place" }] : []),
              ]
            : []),
        ]}
      />
      {order.hasCalendar ? (
        <div className="order-calendar">
          <AddToCalendar trade={order.trade} />
        </div>
      ) : null}
    </>
  );
}

function PayPanel({ order }: { order: Order }) {
  const t = useT();
  const typeName = useTypeName();
  return (
    <Facts
      facts={[
        { term: t("order.paid.amount"), value: <strong className="order-money">{formatYuan(order.amount)}</strong>, testId: "amount" },
        { term: t("order.paid.price"), value: formatYuan(order.price) },
        { term: t("order.paid.points"), value: formatPoints(order.integral), testId: "points" },
        {
          term: t("order.paid.deduction"),
          value: order.deducted ? t("order.paid.deducted", { amount: formatYuan(Math.max(0, order.price - order.amount)) }) : t("order.paid.notDeducted"),
        },
        { term: t("order.paid.state"), value: order.payOrder.state ? typeName(order.payOrder.state.id) : none, testId: "pay-state" },
        { term: t("order.paid.date"), value: dateOr(order.payOrder.payDate), testId: "pay-date" },
        { term: t("order.paid.trade"), value: order.payOrder.payTrade ? <span className="mono order-number">{order.payOrder.payTrade}</span> : none, wide: true },
      ]}
    />
  );
}

function AddressPanel({ address }: { address: NonNullable<Order["address"]> }) {
  const t = useT();
  const { language } = useSnapshot(session);
  return (
    <Facts
      facts={[
        { term: t("order.address.liaison"), value: address.liaison, testId: "liaison" },
        { term: t("order.address.phone"), value: maskPhone(address.phone), testId: "phone" },
        { term: t("order.address.region"), value: regionText(language, address.regions), wide: true, testId: "region" },
        { term: t("order.address.info"), value: address.addressInfo, wide: true, testId: "info" },
      ]}
    />
  );
}

function MemberPanel({ families }: { families: Family[] }) {
  const t = useT();
  const { language } = useSnapshot(session);
  return (
    <ul className="order-members">
      {families.map((f) => (
        <li key={f.identity} className="order-member" data-testid="order-member">
          <div className="list-card-head">
            <span className="list-card-title">{f.name}</span>
            <span className="badge">{pick(language, f.relationship.nameZh, f.relationship.nameEn)}</span>
          </div>
          <Facts
            facts={[
              { term: t("order.member.sex"), value: t(f.sex === 1 ? "family.female" : "family.male") },
              { term: t("order.member.birthday"), value: f.birthday ?? none },
              { term: t("order.member.identity"), value: maskIdentity(f.identity), wide: true, testId: "identity" },
              { term: t("order.member.gift"), value: f.gift ? pick(language, f.gift.nameZh, f.gift.nameEn) : t("order.member.noGift"), wide: true, testId: "gift" },
            ]}
          />
        </li>
      ))}
    </ul>
  );
}

export function ParcelPanel({ parcel }: { parcel: Parcel }) {
  const t = useT();
  const typeName = useTypeName();
  return (
    <div className="order-parcel">
      <div className="order-parcel-head">
        {parcel.logo ? <img className="order-parcel-logo" src={parcel.logo} alt={t("order.express.logoAlt", { name: parcel.expName })} width={40} height={40} /> : null}
        <span className="order-parcel-company" data-fact="company">
          {parcel.expName}
        </span>
        <span className="state-tag order-parcel-state" data-fact="delivery">
          {typeName(parcel.deliverystatus.id)}
        </span>
      </div>
      <Facts
        facts={[
          { term: t("order.express.number"), value: <span className="mono order-number">{parcel.number}</span>, wide: true, testId: "number" },
          { term: t("order.express.site"), value: parcel.expSite || none },
          { term: t("order.express.phone"), value: parcel.expPhone || none },
          { term: t("order.express.taken"), value: dateOr(parcel.takeTime) },
          { term: t("order.express.updated"), value: formatChinaDateTime(parcel.updateTime) },
        ]}
      />
      <h3 className="order-subtitle">{t("order.express.trail")}</h3>
      {parcel.list.length ? (
        <ol className="order-trail">
          {parcel.list.map((step, i) => (
            <li key={`${step.time}-${i}`} className={i === 0 ? "is-latest" : undefined}>
              <span className="order-trail-time">{formatChinaDateTime(step.time)}</span>
              <span className="order-trail-text">{step.text}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">{t("order.express.noTrail")}</p>
      )}
    </div>
  );
}

/** The printable ticket, made by the server on a signed download; a refusal (the order cancelled meanwhile) says why. */
async function downloadTicket(trade: string, language: Language, t: ReturnType<typeof useT>, typeName: (id: number) => string) {
  // In the language the page shows, which the sign-in page's choice does not store.
  const answer = await api.download("/order/ticket/pdf", { trade, language }, "ticket.pdf");
  if (isSuccess(answer)) return;
  const state = answer.message.params?.state;
  showMessage(answer.message.code === "ERROR_ORDER_STATE" && typeof state === "number" ? t("order.ticket.pdfRefused", { state: typeName(state) }) : resultText(t, answer.message));
}

function TicketPanel({ order }: { order: Order }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const typeName = useTypeName();
  // Checked at the door since the list was read? And when, by whom: asked with the state, so the line is drawn once, whole.
  const asked = useLoaded(
    () =>
      api.call("/order/checked", { id: order.id }).then(
        (answer) => isSuccess(answer) && { checked: !!answer.checked, door: answer.checked && answer.checkedAt ? { at: answer.checkedAt, by: answer.checkedBy ?? "" } : null },
      ),
    [order.trade],
  );
  const checked = asked ? asked.checked : order.goods.some((g) => g.checked);
  const door = asked ? asked.door : null;

  // The door is in China: its time is China time, wherever the member reads it.
  const when = door ? formatChinaDateTime(door.at) : "";
  return (
    <div className="order-ticket">
      <TicketQr trade={order.trade} alt={t("order.ticket.qrAlt", { name: orderName(language, order) })} size={200} />
      <span className={`state-tag ${checked ? "state-checked" : "state-202"}`} data-testid="ticket-checked" data-checked={checked}>
        {t(checked ? "order.ticket.checked" : "order.ticket.unchecked")}
      </span>
      {when ? (
        <p className="order-ticket-when" data-testid="ticket-checked-when">
          {door?.by ? t("order.ticket.checkedAtBy", { time: when, by: door.by }) : t("order.ticket.checkedAt", { time: when })}
        </p>
      ) : null}
      <p className="muted">{t("order.ticket.intro")}</p>
      <button type="button" className="button button-quiet" data-testid="ticket-pdf" onClick={() => void downloadTicket(order.trade, language, t, typeName)}>
        {t("order.ticket.pdf")}
      </button>
    </div>
  );
}

/** The tabs an order has: the ones with nothing to show are left out. */
export function orderTabs(order: Order, t: Translate): TabItem[] {
  const tabs: TabItem[] = [{ key: "basic", label: t("order.tab.basic"), panel: () => <BasicPanel order={order} /> }];
  if (order.price > 0 || order.amount > 0 || order.integral > 0) tabs.push({ key: "pay", label: t("order.tab.pay"), panel: () => <PayPanel order={order} /> });
  if (order.address) {
    const address = order.address;
    tabs.push({ key: "address", label: t("order.tab.address"), panel: () => <AddressPanel address={address} /> });
  }
  const families = order.goods.flatMap((g) => g.families);
  if (families.length) tabs.push({ key: "member", label: t("order.tab.member"), panel: () => <MemberPanel families={families} /> });
  order.express.forEach((parcel, i) =>
    tabs.push({
      key: `express-${i + 1}`,
      label: order.express.length === 1 ? t("order.tab.express") : t("order.tab.parcel", { n: i + 1 }),
      panel: () => <ParcelPanel parcel={parcel} />,
    }),
  );
  if (hasTicket(order)) tabs.push({ key: "ticket", label: t("order.tab.ticket"), panel: () => <TicketPanel order={order} /> });
  return tabs;
}

export function OrderDetailWindow({ order, onClose }: { order: Order; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog title={t("order.detailTitle")} onClose={onClose} width={640}>
      <div className="order-detail" data-testid="order-detail" data-trade={order.trade}>
        {refundText(t, order) ? <RefundOwed text={refundText(t, order)!} /> : null}
        <Tabs id={`order-${order.id}`} label={t("order.tabsLabel")} tabs={orderTabs(order, t)} />
      </div>
    </Dialog>
  );
}
