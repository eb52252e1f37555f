// The staff order detail window (spec 3 section 2.2): main and sub-order
// numbers, tracking numbers, state and time; the member; the delivery when the
// activity has an address; the sign-up form's answers; family members; one tab
// per parcel. Phones and ID numbers come masked from the server; a family
// member's are each one audited Show away (issue 31 item 4, masked-value.tsx).
import { formatChinaDateTime } from "../../../lib/china-time";
import { type ReactNode, useState } from "react";
import { useSnapshot } from "valtio";
import type { AnswerOf } from "../../../../src/domains/api";
import { isSuccess } from "../../../../src/protocol/result";
import { api } from "../../../api";
import { Dialog } from "../../../components/dialog";
import { MaskedValue } from "../../../components/masked-value";
import { regionText } from "../../../components/region-picker";
import { showMessage } from "../../../components/message-box";
import { type TabItem, Tabs } from "../../../components/tabs";
import { pick, resultText, useT } from "../../../i18n";
import { formatYuan } from "../../../lib/format";
import { useLoader } from "../../../lib/use-loaded";
import { session } from "../../../state/session";
import { ORDER_STATE, PAY_STATE } from "../../../../src/protocol/enumerations";
import { Facts, ParcelPanel, RefundOwed, useTypeName } from "../../centre/order-detail-window";
import { StaffCancelDialog } from "./staff-cancel-dialog";
import { Link } from "wouter";
import { RefundLine, RefundWindow, refundable } from "../../refunds/refund-window";

type Detail = AnswerOf<"/order/activity/info">;

const none = <span className="muted">—</span>;
const numbered = (values: string[]): ReactNode =>
  values.length
    ? values.map((v, i) => (
        <span key={v} className="mono order-number">
          {i ? <br /> : null}
          {v}
        </span>
      ))
    : none;

function tabsOf(d: Detail, t: ReturnType<typeof useT>, language: "zh" | "en", typeName: (id: number) => string): TabItem[] {
  const o = d.order;
  const tabs: TabItem[] = [
    {
      key: "basic",
      label: t("editor.orderAdmin.tab.basic"),
      panel: () => (
        <Facts
          facts={[
            { term: t("order.basic.activity"), value: pick(language, d.activity.nameZh, d.activity.nameEn), wide: true, testId: "activity" },
            { term: t("editor.orderAdmin.mainTrade"), value: <span className="mono order-number">{o.trade}</span>, wide: true, testId: "trade" },
            { term: t("editor.orderAdmin.childTrade"), value: <span className="mono order-number">{o.childTrade}</span>, wide: true, testId: "child-trade" },
            ...(d.express.length ? [{ term: t("editor.orderAdmin.expressNumbers"), value: numbered(d.express.map((p) => p.number)), wide: true, testId: "numbers" }] : []),
            { term: t("order.basic.state"), value: <span className={`state-tag state-${o.state.id}`}>{typeName(o.state.id)}</span>, testId: "state" },
            ...(d.activity.hasAddress ? [{ term: t("order.basic.sendState"), value: typeName(o.sendState.id), testId: "send-state" }] : []),
            { term: t("order.basic.created"), value: formatChinaDateTime(o.createDate), testId: "created" },
            { term: t("order.paid.amount"), value: formatYuan(o.amount) },
            ...(o.payment
              ? [
                  {
                    term: t("order.paid.state"),
                    // Once refunded, the refund's line below says when; the payment's own date would read as the refund's.
                    value:
                      o.payment.paidAt && o.payment.state.id !== PAY_STATE.PAY_STATE_REFUNDED
                        ? t("editor.orderAdmin.paidOn", { state: typeName(o.payment.state.id), date: formatChinaDateTime(o.payment.paidAt) })
                        : typeName(o.payment.state.id),
                    testId: "pay-state",
                  },
                  ...(o.payment.refund ? [{ term: t("refunds.state"), value: <RefundLine refund={o.payment.refund} />, wide: true, testId: "refund" }] : []),
                ]
              : []),
            { term: t("order.basic.places"), value: o.places },
            ...(o.score !== null ? [{ term: t("order.basic.score"), value: o.score }] : []),
          ]}
        />
      ),
    },
    {
      key: "member",
      label: t("editor.orderAdmin.tab.member"),
      panel: () => (
        <Facts
          facts={[
            { term: t("editor.orderAdmin.memberName"), value: d.user.name ?? none, testId: "member-name" },
            { term: t("editor.orderAdmin.memberEmployees"), value: <span className="mono">{d.user.employees ?? "—"}</span>, testId: "member-employees" },
            {
              term: t("editor.orderAdmin.memberPhone"),
              value: d.user.phone ? (
                <MaskedValue
                  masked={d.user.phone}
                  target={{ user: d.user.id, field: "order-member.phone", id: d.order.id }}
                  label={{ show: t("members.reveal.phone.show"), hide: t("members.reveal.phone.hide") }}
                  testId="member-phone-value"
                />
              ) : (
                "—"
              ),
              testId: "member-phone",
            },
            { term: t("editor.orderAdmin.memberEmail"), value: d.user.email ?? none, wide: true, testId: "member-email" },
          ]}
        />
      ),
    },
  ];
  if (d.address) {
    const a = d.address;
    tabs.push({
      key: "address",
      label: t("editor.orderAdmin.tab.address"),
      panel: () => (
        <Facts
          facts={[
            { term: t("order.address.liaison"), value: a.liaison, testId: "liaison" },
            {
              term: t("order.address.phone"),
              value: a.phone ? (
                <MaskedValue
                  masked={a.phone}
                  target={{ user: d.user.id, field: "order-delivery.phone", id: d.order.id }}
                  label={{ show: t("members.reveal.deliveryPhone.show"), hide: t("members.reveal.deliveryPhone.hide") }}
                  testId="phone-value"
                />
              ) : (
                none
              ),
              testId: "phone",
            },
            { term: t("order.address.region"), value: regionText(language, a.regions), wide: true, testId: "region" },
            { term: t("order.address.info"), value: a.addressInfo ?? none, wide: true, testId: "info" },
          ]}
        />
      ),
    });
  }
  tabs.push({
    key: "answers",
    label: t("editor.orderAdmin.tab.answers"),
    panel: () =>
      d.answers.length ? (
        <Facts facts={d.answers.map((a) => ({ term: pick(language, a.titleZh, a.titleEn), value: pick(language, a.valueZh, a.valueEn) || "—", wide: true, testId: `${a.kind}-${a.id}` }))} />
      ) : (
        <p className="muted">{t("editor.orderAdmin.noAnswers")}</p>
      ),
  });
  if (d.families.length) {
    tabs.push({
      key: "family",
      label: t("editor.orderAdmin.tab.family"),
      panel: () => (
        <ul className="order-members">
          {d.families.map((f) => (
            <li key={f.id} className="order-member" data-testid="staff-order-family">
              <div className="list-card-head">
                <span className="list-card-title">{f.name}</span>
                <span className="badge">{pick(language, f.relationship.nameZh, f.relationship.nameEn)}</span>
              </div>
              <Facts
                facts={[
                  { term: t("order.member.sex"), value: t(f.sex === 1 ? "family.female" : "family.male") },
                  { term: t("order.member.birthday"), value: f.birthday ?? none },
                  {
                    term: t("order.member.identity"),
                    value: (
                      <MaskedValue
                        masked={f.identity}
                        target={{ user: d.user.id, field: "order-family.identity", id: f.id }}
                        label={{ show: t("members.reveal.familyIdentity.show", { name: f.name }), hide: t("members.reveal.familyIdentity.hide", { name: f.name }) }}
                        testId="order-family-identity"
                      />
                    ),
                    wide: true,
                  },
                  {
                    term: t("editor.orderAdmin.memberPhone"),
                    value: f.phone ? (
                      <MaskedValue
                        masked={f.phone}
                        target={{ user: d.user.id, field: "order-family.phone", id: f.id }}
                        label={{ show: t("members.reveal.familyPhone.show", { name: f.name }), hide: t("members.reveal.familyPhone.hide", { name: f.name }) }}
                        testId="order-family-phone"
                      />
                    ) : (
                      none
                    ),
                  },
                  { term: t("order.member.gift"), value: f.gift ? pick(language, f.gift.nameZh, f.gift.nameEn) : t("order.member.noGift") },
                ]}
              />
            </li>
          ))}
        </ul>
      ),
    });
  }
  for (const parcel of d.express) {
    tabs.push({ key: `parcel-${parcel.index}`, label: t("editor.orderAdmin.tab.parcel", { n: parcel.index }), panel: () => <ParcelPanel parcel={parcel} /> });
  }
  return tabs;
}

/** `onChanged`: the order was cancelled here, so the list behind reads it again. */
export function StaffOrderDetail({ id, onClose, onChanged }: { id: number; onClose: () => void; onChanged?: () => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const typeName = useTypeName();
  const [cancelling, setCancelling] = useState(false);
  const [refunding, setRefunding] = useState(false);
  // Read again after a cancel or a refund, the order shown meanwhile.
  const loaded = useLoader(
    async (alive) => {
      const answer = await api.call("/order/activity/info", { id });
      if (isSuccess(answer) && answer.order) return answer as Detail;
      if (alive()) await showMessage(resultText(t, answer.message)).then(onClose);
      return false;
    },
    [id],
    { keep: true },
  );
  const detail = loaded.value || null;

  const live = detail && detail.order.state.id !== ORDER_STATE.ORDER_STATE_CANCEL;
  const payment = detail?.order.payment ?? null;
  // Money owed back, not yet refunded or refused last time: refundable from here.
  const owed = payment?.state.id === PAY_STATE.PAY_STATE_REFUND_OWED && refundable(payment.refund);

  return (
    <Dialog
      title={t("editor.orderAdmin.detailTitle")}
      onClose={onClose}
      width={680}
      footer={
        live ? (
          <button type="button" className="button button-quiet" data-testid="staff-cancel-open" onClick={() => setCancelling(true)}>
            {t("editor.orderAdmin.cancel.open")}
          </button>
        ) : owed ? (
          <button type="button" className="button button-primary" data-testid="refund-open" onClick={() => setRefunding(true)}>
            {t(payment.refund ? "refunds.refundAgain" : "refunds.refund")}
          </button>
        ) : undefined
      }
    >
      <div className="order-detail staff-order-detail" data-testid="staff-order-detail" data-trade={detail?.order.trade}>
        {detail?.order.refundOwed ? (
          <div className="refund-owed-box">
            <RefundOwed text={t("editor.orderAdmin.refundOwed", { amount: formatYuan(detail.order.payment?.amount ?? detail.order.amount), trade: detail.order.payment?.payTrade ?? "—" })} />
            <Link href="/system/refunds" className="link-button" data-testid="refunds-link">
              {t("refunds.openAll")}
            </Link>
          </div>
        ) : null}
        {detail ? <Tabs id={`staff-order-${id}`} label={t("editor.orderAdmin.tabsLabel")} tabs={tabsOf(detail, t, language, (n) => typeName(n))} /> : <div className="list-waiting" aria-busy="true" />}
      </div>
      {refunding && detail && payment ? (
        <RefundWindow
          payment={{ id: payment.id, amount: payment.amount, payTrade: payment.payTrade, name: pick(language, detail.activity.nameZh, detail.activity.nameEn), refund: payment.refund }}
          onClose={() => setRefunding(false)}
          onDone={() => {
            setRefunding(false);
            loaded.reload();
            onChanged?.();
          }}
        />
      ) : null}
      {cancelling && detail ? (
        <StaffCancelDialog
          id={detail.order.orderId}
          trade={detail.order.trade}
          onClose={() => setCancelling(false)}
          onCancelled={() => {
            setCancelling(false);
            loaded.reload();
            onChanged?.();
            void showMessage(t("editor.orderAdmin.cancel.done"));
          }}
        />
      ) : null}
    </Dialog>
  );
}
