// Personal centre > member (spec 1 section 2): whether this year's dues are
// paid (with a pay button when not), and the member's dues orders with a
// filter and paging, the table padded to 14 rows.
import { useSnapshot } from "valtio";
import { ORDER_STATE } from "../../../src/protocol/types";
import { DatePicker } from "../../components/date-picker";
import { type Column, PaddedTable } from "../../components/padded-table";
import { Pager } from "../../components/pager";
import { pick, useT } from "../../i18n";
import { dayEnd, dayStart, formatDateTime, formatMoney } from "../../lib/format";
import { useFilteredPages } from "../../lib/use-filtered-pages";
import { session } from "../../state/session";
import { DuesStatus } from "../membership/dues-status";
import { CentreSection } from "./centre-section";

export const DUES_ROWS = 14;

type DuesOrder = {
  sysTrade: string;
  nameZh: string;
  nameEn: string;
  amount: number;
  payTrade: string | null;
  createDate: string;
  payDate: string | null;
  state: { id: number };
};
type DuesPage = { list: DuesOrder[]; count: number; max: number; index: number };
type Filter = { trade: string; state: string; start: string; end: string };

const EMPTY_FILTER: Filter = { trade: "", state: "", start: "", end: "" };
// A preview state belongs to registrations; dues orders are waiting, paid or cancelled.
const DUES_STATES: number[] = [ORDER_STATE.ORDER_STATE_WAIT, ORDER_STATE.ORDER_STATE_SUCCESS, ORDER_STATE.ORDER_STATE_CANCEL];

function payloadOf(filter: Filter, index: number) {
  return {
    ...(filter.trade.trim() ? { trade: filter.trade.trim() } : {}),
    ...(filter.state ? { state: Number(filter.state) } : {}),
    ...(filter.start ? { start: dayStart(filter.start) } : {}),
    ...(filter.end ? { end: dayEnd(filter.end) } : {}),
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
  const { draft, setDraft, page, setIndex, search, reset } = useFilteredPages<Filter, DuesPage>("/member/list", EMPTY_FILTER, payloadOf);

  // Trade numbers are long: the payment number sits under the order number, and dates wrap after the day.
  const columns: Column<DuesOrder>[] = [
    {
      key: "trade",
      title: t("dues.tradeAndPay"),
      render: (r) => (
        <span className="cell-stack">
          <span className="mono">{r.sysTrade}</span>
          <span className="mono muted">{r.payTrade ?? "—"}</span>
        </span>
      ),
    },
    { key: "name", title: t("dues.name"), render: (r) => <span className="cell-name">{pick(language, r.nameZh, r.nameEn)}</span> },
    { key: "amount", title: t("dues.amount"), align: "right", render: (r) => formatMoney(r.amount) },
    { key: "created", title: t("dues.createDate"), render: (r) => <span className="cell-date">{formatDateTime(r.createDate)}</span> },
    { key: "paid", title: t("dues.payDate"), render: (r) => <span className="cell-date">{r.payDate ? formatDateTime(r.payDate) : "—"}</span> },
    {
      key: "state",
      title: t("dues.state"),
      render: (r) => <span className={`state-tag state-${r.state?.id}`}>{stateName(r.state?.id)}</span>,
    },
  ];


  return (
    <CentreSection id="dues" title={t("dues.title")}>
      <DuesStatus />
      <form className="filter-bar" onSubmit={search} aria-label={t("dues.search")}>
        <label className="filter-field filter-wide">
          <span>{t("dues.trade")}</span>
          <input className="input" name="trade" value={draft.trade} placeholder={t("dues.tradePlaceholder")} onChange={(e) => setDraft({ ...draft, trade: e.target.value })} />
        </label>
        <label className="filter-field">
          <span>{t("dues.state")}</span>
          <select className="input" name="state" value={draft.state} onChange={(e) => setDraft({ ...draft, state: e.target.value })}>
            <option value="">{t("dues.allStates")}</option>
            {DUES_STATES.map((id) => (
              <option key={id} value={String(id)}>
                {stateName(id)}
              </option>
            ))}
          </select>
        </label>
        <label className="filter-field">
          <span>{t("dues.start")}</span>
          <DatePicker id="dues-start" value={draft.start} onChange={(start) => setDraft({ ...draft, start })} />
        </label>
        <label className="filter-field">
          <span>{t("dues.end")}</span>
          <DatePicker id="dues-end" value={draft.end} onChange={(end) => setDraft({ ...draft, end })} />
        </label>
        <div className="filter-actions">
          <button type="submit" className="button button-primary">
            {t("dues.search")}
          </button>
          <button type="button" className="button button-quiet" onClick={reset}>
            {t("dues.reset")}
          </button>
        </div>
      </form>
      <PaddedTable columns={columns} data={page?.list ?? []} rowKey={(r) => r.sysTrade} rows={DUES_ROWS} caption={t("dues.caption")} />
      {page ? <Pager index={page.index} max={page.max} count={page.count} onChange={setIndex} /> : null}
    </CentreSection>
  );
}
