// The money owed back (/system/refunds, issue 29 section 4): for the
// officers of sign-up orders and of dues, each seeing the payments of what
// they run. "Owed" lists what is still to go back (never asked, refunding,
// or failed, with the provider's reason), oldest first, each refundable from
// its row; "Refunded" what went back. A page with refunds under way asks
// again every few seconds, so their outcome shows without a reload.
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { useSnapshot } from "valtio";
import type { ItemOf } from "../../../src/domains/api";
import { REFUND_STATE } from "../../../src/protocol/enumerations";
import { PageHead } from "../../components/breadcrumb";
import { type Column, CardList } from "../../components/card-list";
import { Tabs } from "../../components/tabs";
import { type TextName, isOneOf, pick, useT } from "../../i18n";
import { formatChinaDateTime } from "../../lib/china-time";
import { formatYuan } from "../../lib/format";
import { useFilteredPages } from "../../lib/use-filtered-pages";
import { hasPower, session } from "../../state/session";
import { api } from "../../api";
import { isSuccess } from "../../../src/protocol/result";
import { useLoaded } from "../../lib/use-loaded";
import { RefundLine, type Refundable, RefundWindow, refundable } from "./refund-window";

type Row = ItemOf<"/payment/refund/list">;
type Show = "open" | "done";

/** How often a page with refunds under way asks again. */
const REFRESH_MS = 5_000;
const WHYS: readonly TextName<"refunds.whys">[] = ["late", "reverted", "cancelled"];

function RefundTable({ show }: { show: Show }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const { list, page, reload } = useFilteredPages("/payment/refund/list", { show }, (f, index) => ({ show: f.show as Show, index }));
  const [refunding, setRefunding] = useState<Refundable | null>(null);
  const underWay = !!page?.list?.some((r) => r.refund?.state.id === REFUND_STATE.REFUND_STATE_PROCESSING);
  useEffect(() => {
    if (!underWay) return;
    const timer = setInterval(reload, REFRESH_MS);
    return () => clearInterval(timer);
  }, [underWay]);

  const nameOf = (r: Row) => pick(language, r.nameZh, r.nameEn);
  const columns: Column<Row>[] = [
    {
      key: "what",
      title: t("refunds.what"),
      place: "title",
      render: (r) => (
        <span className="refund-what">
          <span>{nameOf(r)}</span>
          <span className="refund-trade">{r.trade}</span>
        </span>
      ),
    },
    { key: "amount", title: t("refunds.amount"), place: "aside", align: "right", render: (r) => <span className="refund-amount">{formatYuan(r.amount)}</span> },
    {
      key: "member",
      title: t("refunds.member"),
      render: (r) => (
        <span>
          {r.user.name ?? "—"} <span className="refund-employees">{r.user.employees}</span>
        </span>
      ),
    },
    { key: "paid", title: t("refunds.paidAt"), render: (r) => (r.paidAt ? formatChinaDateTime(r.paidAt) : "—") },
    { key: "why", title: t("refunds.why"), render: (r) => t(`refunds.whys.${isOneOf(WHYS, r.why) ? r.why : "unknown"}`) },
    { key: "state", title: t("refunds.state"), wide: true, render: (r) => (r.refund ? <RefundLine refund={r.refund} /> : <span className="muted">{t("refunds.notAsked")}</span>) },
  ];
  if (show === "open") {
    columns.push({
      key: "action",
      title: t("common.actions"),
      render: (r) =>
        refundable(r.refund) ? (
          <button
            type="button"
            className="button button-small"
            data-testid="refund-open"
            onClick={() => setRefunding({ id: r.id, amount: r.amount, payTrade: r.payTrade, name: nameOf(r), refund: r.refund })}
          >
            {t(r.refund ? "refunds.refundAgain" : "refunds.refund")}
          </button>
        ) : null,
    });
  }

  return (
    <>
      {page ? (
        <p className="refund-sum" data-testid="refund-sum">
          {t(show === "open" ? "refunds.sum" : "refunds.sumDone", { count: page.count, amount: formatYuan(page.sum) })}
        </p>
      ) : null}
      <CardList
        {...list}
        columns={columns}
        rowKey={(r) => r.id}
        label={t(show === "open" ? "refunds.caption" : "refunds.doneCaption")}
        empty={t(show === "open" ? "refunds.empty" : "refunds.emptyDone")}
        itemTestId="refund-row"
      />
      {refunding ? (
        <RefundWindow
          payment={refunding}
          onClose={() => setRefunding(null)}
          onDone={() => {
            setRefunding(null);
            reload();
          }}
        />
      ) : null}
    </>
  );
}

export function RefundsPage() {
  const t = useT();
  // Administrators come from the system page; the others from where they work.
  const trail = hasPower("FUNCTION_SYSTEM_PAGE") ? [{ label: t("page.browse"), href: "/system" }, { label: t("page.refunds") }] : undefined;
  return (
    <>
      <PageHead title={t("page.refunds")} trail={trail} />
      <section className="refunds" data-testid="refunds">
        <p className="refunds-intro">{t("refunds.intro")}</p>
        <Tabs
          id="refunds"
          label={t("refunds.showLabel")}
          tabs={[
            // Keyed: each tab its own list, not the other's state under a new filter.
            { key: "open", label: t("refunds.owed"), panel: () => <RefundTable key="open" show="open" /> },
            { key: "done", label: t("refunds.done"), panel: () => <RefundTable key="done" show="done" /> },
          ]}
        />
      </section>
    </>
  );
}

/** Who may open the refunds page: the officers of what money is paid for. */
export const mayRefund = () => hasPower("FUNCTION_ACTIVITY_ORDER") || hasPower("FUNCTION_MEMBER_EDIT");

/** The system page's line of money owed back, with the way to the refunds page; nothing when none is owed. */
export function OwedSummary() {
  const t = useT();
  const owed = useLoaded(async () => {
    const answer = await api.call("/payment/refund/list", { show: "open" });
    return isSuccess(answer) && answer.count ? { count: answer.count, sum: answer.sum ?? 0 } : false;
  }, []);
  if (!owed) return null;
  return (
    <p className="system-line owed-summary panel" data-testid="owed-summary">
      <span>
        {t("refunds.owed")}: {t("refunds.sum", { count: owed.count, amount: formatYuan(owed.sum) })}
      </span>
      <Link href="/system/refunds" className="button button-small">
        {t("refunds.open")}
      </Link>
    </p>
  );
}
