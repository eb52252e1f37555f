// Personal centre > member (spec 1 section 2): whether this year's dues are
// paid (with a pay button when not), and the member's dues orders with a
// filter and paging, the table padded to 14 rows when there are orders; a
// paid one has its receipt to download (a PDF the server makes).
import { chinaFilterBound, formatChinaDateTime } from "../../lib/china-time";
import { useSnapshot } from "valtio";
import { ORDER_STATE } from "../../../src/protocol/enumerations";
import type { ItemOf } from "../../../src/domains/api";
import { DUES_PAGE_SIZE } from "../../../src/protocol/limits";
import { type Column, CardList } from "../../components/card-list";
import { FilterBar } from "../../components/filter-bar";
import { pick, resultText, useT } from "../../i18n";
import { api } from "../../api";
import { isSuccess } from "../../../src/protocol/result";
import { showMessage } from "../../components/message-box";
import { formatMoney } from "../../lib/format";
import { useFilteredPages } from "../../lib/use-filtered-pages";
import { session } from "../../state/session";
import { DuesStatus } from "../membership/dues-status";
import { CentreSection } from "../../components/centre-section";

type DuesOrder = ItemOf<"/member/list">;
type Filter = { trade: string; state: string; start: string; end: string };

const EMPTY_FILTER: Filter = { trade: "", state: "", start: "", end: "" };
// A preview state belongs to registrations; dues orders are waiting, paid or cancelled.
const DUES_STATES: number[] = [ORDER_STATE.ORDER_STATE_WAIT, ORDER_STATE.ORDER_STATE_SUCCESS, ORDER_STATE.ORDER_STATE_CANCEL];

function payloadOf(filter: Filter, index: number) {
  return {
    ...(filter.trade.trim() ? { trade: filter.trade.trim() } : {}),
    ...(filter.state ? { state: Number(filter.state) } : {}),
    ...(filter.start ? { start: chinaFilterBound(filter.start, "start") } : {}),
    ...(filter.end ? { end: chinaFilterBound(filter.end, "end") } : {}),
    index,
  };
}

export default function MemberPage() {
  const t = useT();
  const { language, typeRows } = useSnapshot(session);
  const stateName = (id: number) => {
    const row = typeRows.find((r) => r.id === id);
    return row ? pick(language, row.nameZh, row.nameEn) : "";
  };
  const { filterBar, list, filtered } = useFilteredPages("/member/list", EMPTY_FILTER, payloadOf);
  const downloadReceipt = async (trade: string) => {
    // In the language the page shows, which the sign-in page's choice does not store.
    const answer = await api.download("/member/receipt/pdf", { trade, language }, "receipt.pdf");
    if (isSuccess(answer)) return;
    const state = answer.message.params?.state;
    showMessage(answer.message.code === "ERROR_ORDER_STATE" && typeof state === "number" ? t("dues.receiptRefused", { state: stateName(state) }) : resultText(t, answer.message));
  };

  // Order and payment numbers are long single words: they get a line each, whole, and the dates wrap after the day.
  const columns: Column<DuesOrder>[] = [
    {
      key: "trade",
      title: t("dues.tradeAndPay"),
      wide: true,
      render: (r) => (
        <span className="cell-stack">
          <span className="mono" data-testid="dues-trade">
            {r.sysTrade}
          </span>
          <span className="mono muted">{r.payTrade ?? "—"}</span>
        </span>
      ),
    },
    { key: "name", title: t("dues.name"), place: "title", render: (r) => <span className="cell-name">{pick(language, r.nameZh, r.nameEn)}</span> },
    { key: "amount", title: t("dues.amount"), align: "right", render: (r) => formatMoney(r.amount) },
    { key: "created", title: t("dues.createDate"), render: (r) => <span className="cell-date">{formatChinaDateTime(r.createDate)}</span> },
    { key: "paid", title: t("dues.payDate"), render: (r) => <span className="cell-date">{r.payDate ? formatChinaDateTime(r.payDate) : "—"}</span> },
    {
      key: "state",
      title: t("dues.state"),
      place: "aside",
      // A paid order's receipt is offered under its state: a column of its own left no room for the table in English at a desk.
      render: (r) => (
        <span className="cell-stack cell-state">
          <span className={`state-tag state-${r.state?.id}`}>{stateName(r.state?.id)}</span>
          {r.state?.id === ORDER_STATE.ORDER_STATE_SUCCESS ? (
            <button type="button" className="link-button" data-action="receipt" aria-label={t("dues.receiptLabel", { year: r.year })} onClick={() => void downloadReceipt(r.sysTrade)}>
              {t("dues.receipt")}
            </button>
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <CentreSection id="dues" title={t("centre.menu.member")}>
      <DuesStatus />
      <FilterBar
        id="dues"
        label={t("dues.filter")}
        fields={[
          { kind: "text", name: "trade", label: t("dues.trade"), placeholder: t("dues.tradePlaceholder"), wide: true },
          { kind: "select", name: "state", label: t("dues.state"), options: DUES_STATES.map((id) => ({ value: String(id), label: stateName(id) })) },
          { kind: "dates", start: "start", end: "end" },
        ]}
        {...filterBar}
      />
      <CardList
        {...list}
        columns={columns}
        rows={DUES_PAGE_SIZE}
        rowKey={(r) => r.sysTrade}
        label={t("dues.caption")}
        empty={t(filtered ? "list.noMatch" : "dues.empty")}
        itemTestId="dues-row"
      />
    </CentreSection>
  );
}
