// Personal centre > integral (spec 1 section 2): points history filtered by
// type and dates, the balance, the points about to expire, and paging.
import { chinaFilterBound, formatChinaDateTime } from "../../lib/china-time";
import { useSnapshot } from "valtio";
import type { ItemOf } from "../../../src/domains/api";
import { type Column, CardList } from "../../components/card-list";
import { FilterBar } from "../../components/filter-bar";
import { pick, useT } from "../../i18n";
import { formatPoints } from "../../lib/format";
import { useFilteredPages } from "../../lib/use-filtered-pages";
import { session } from "../../state/session";
import { CentreSection } from "../../components/centre-section";

type PointRow = ItemOf<"/user/integral/list">;
type Filter = { type: string; start: string; end: string };

const EMPTY_FILTER: Filter = { type: "", start: "", end: "" };

function payloadOf(filter: Filter, index: number) {
  return {
    ...(filter.type ? { type: Number(filter.type) } : {}),
    ...(filter.start ? { start: chinaFilterBound(filter.start, "start") } : {}),
    ...(filter.end ? { end: chinaFilterBound(filter.end, "end") } : {}),
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
  const { filterBar, list, page, filtered } = useFilteredPages("/user/integral/list", EMPTY_FILTER, payloadOf);

  const columns: Column<PointRow>[] = [
    {
      key: "count",
      title: t("points.count"),
      align: "right",
      place: "title",
      render: (r) => <span className={r.count < 0 ? "amount-out" : "amount-in"}>{formatPoints(r.count, true)}</span>,
    },
    { key: "date", title: t("points.date"), render: (r) => formatChinaDateTime(r.date, true) },
    { key: "type", title: t("points.type"), place: "aside", render: (r) => typeName(r.type?.id) },
    { key: "expiry", title: t("points.expiry"), render: (r) => (r.expiry ? formatChinaDateTime(r.expiry, true) : <span className="muted">—</span>) },
    { key: "desc", title: t("points.desc"), wide: true, render: (r) => <span className="cell-wrap">{pick(language, r.descZh, r.descEn)}</span> },
  ];

  return (
    <CentreSection id="points" title={t("centre.menu.integral")}>
      <div className="summary-strip" aria-live="polite">
        <div className="summary-figure">
          <span className="summary-label">{t("points.balance")}</span>
          <span className="summary-value" data-testid="points-balance">
            {page ? formatPoints(page.balance) : "—"}
          </span>
        </div>
        <p className={`summary-note${page?.appCounts ? " is-warning" : ""}`} data-testid="points-expiring">
          {page?.appCounts && page.appDate
            ? t("points.expiring", { count: formatPoints(page.appCounts), date: formatChinaDateTime(page.appDate, true) })
            : page
              ? t("points.noneExpiring")
              : "\u00a0"}
        </p>
      </div>
      <FilterBar
        id="points"
        label={t("points.filter")}
        fields={[
          { kind: "select", name: "type", label: t("points.type"), options: types.map((row) => ({ value: String(row.id), label: pick(language, row.nameZh, row.nameEn) })) },
          { kind: "dates", start: "start", end: "end" },
        ]}
        {...filterBar}
      />
      <CardList {...list} columns={columns} rowKey={(r) => r.id} label={t("points.caption")} empty={t(filtered ? "list.noMatch" : "points.empty")} itemTestId="points-row" />
    </CentreSection>
  );
}
