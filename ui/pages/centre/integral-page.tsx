// Personal centre > integral (spec 1 section 2): points history filtered by
// type and dates, the balance, the points about to expire, and paging.
import { useSnapshot } from "valtio";
import { DatePicker } from "../../components/date-picker";
import { type Column, PaddedTable } from "../../components/padded-table";
import { Pager } from "../../components/pager";
import { pick, useT } from "../../i18n";
import { dayEnd, dayStart, formatDateTime, formatPoints } from "../../lib/format";
import { useFilteredPages } from "../../lib/use-filtered-pages";
import { session } from "../../state/session";
import { CentreSection } from "./centre-section";

type PointRow = { id: number; count: number; date: string; type: { id: number }; expiry: string | null; descZh: string; descEn: string };
type PointPage = { list: PointRow[]; count: number; max: number; index: number; balance: number; appDate: string | null; appCounts: number };
type Filter = { type: string; start: string; end: string };

const EMPTY_FILTER: Filter = { type: "", start: "", end: "" };

function payloadOf(filter: Filter, index: number) {
  return {
    ...(filter.type ? { type: Number(filter.type) } : {}),
    ...(filter.start ? { start: dayStart(filter.start) } : {}),
    ...(filter.end ? { end: dayEnd(filter.end) } : {}),
    index,
  };
}

export default function IntegralPage() {
  const t = useT();
  const { language, typeRows } = useSnapshot(session);
  const types = typeRows.filter((row) => row.group === "POINT_TYPE");
  const typeName = (id: number) => {
    const row = types.find((r) => r.id === id);
    return row ? pick(language, row.nameZh, row.nameEn) : "";
  };
  const { draft, setDraft, page, setIndex, search, reset } = useFilteredPages<Filter, PointPage>("/user/integral/list", EMPTY_FILTER, payloadOf);

  const columns: Column<PointRow>[] = [
    {
      key: "count",
      title: t("points.count"),
      align: "right",
      render: (r) => <span className={r.count < 0 ? "amount-out" : "amount-in"}>{formatPoints(r.count, true)}</span>,
    },
    { key: "date", title: t("points.date"), render: (r) => formatDateTime(r.date, true) },
    { key: "type", title: t("points.type"), render: (r) => typeName(r.type?.id) },
    { key: "expiry", title: t("points.expiry"), render: (r) => (r.expiry ? formatDateTime(r.expiry, true) : <span className="muted">—</span>) },
    { key: "desc", title: t("points.desc"), render: (r) => <span className="cell-wrap">{pick(language, r.descZh, r.descEn)}</span> },
  ];

  return (
    <CentreSection id="points" title={t("points.title")}>
      <div className="summary-strip" aria-live="polite">
        <div className="summary-figure">
          <span className="summary-label">{t("points.balance")}</span>
          <span className="summary-value" data-testid="points-balance">
            {page ? formatPoints(page.balance) : "—"}
          </span>
        </div>
        <p className={`summary-note${page?.appCounts ? " is-warning" : ""}`} data-testid="points-expiring">
          {page?.appCounts && page.appDate
            ? t("points.expiring", { count: formatPoints(page.appCounts), date: formatDateTime(page.appDate, true) })
            : page
              ? t("points.noneExpiring")
              : "\u00a0"}
        </p>
      </div>
      <form className="filter-bar" onSubmit={search} aria-label={t("points.search")}>
        <label className="filter-field">
          <span>{t("points.type")}</span>
          <select className="input" name="type" value={draft.type} onChange={(e) => setDraft({ ...draft, type: e.target.value })}>
            <option value="">{t("points.allTypes")}</option>
            {types.map((row) => (
              <option key={row.id} value={String(row.id)}>
                {pick(language, row.nameZh, row.nameEn)}
              </option>
            ))}
          </select>
        </label>
        <label className="filter-field">
          <span>{t("points.start")}</span>
          <DatePicker id="points-start" value={draft.start} onChange={(start) => setDraft({ ...draft, start })} />
        </label>
        <label className="filter-field">
          <span>{t("points.end")}</span>
          <DatePicker id="points-end" value={draft.end} onChange={(end) => setDraft({ ...draft, end })} />
        </label>
        <div className="filter-actions">
          <button type="submit" className="button button-primary">
            {t("points.search")}
          </button>
          <button type="button" className="button button-quiet" onClick={reset}>
            {t("points.reset")}
          </button>
        </div>
      </form>
      <PaddedTable columns={columns} data={page?.list ?? []} rowKey={(r) => r.id} rows={Math.max(1, page?.list.length ?? 1)} caption={t("points.caption")} />
      {page ? <Pager index={page.index} max={page.max} count={page.count} onChange={setIndex} /> : null}
    </CentreSection>
  );
}
