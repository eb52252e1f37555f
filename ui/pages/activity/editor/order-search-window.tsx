// The order search window (spec 3 section 2.2, FUNCTION_ACTIVITY_ORDER): the
// sign-ups of the activity's team, filtered by order number, member, state,
// order dates and one activity of the team; 23 rows a page, padded; a row's
// order number opens the staff order detail. Export: the results as a
// download, the courier sheet (an activity with courier delivery), or the
// file sent to the staff member's mailbox.
import { chinaFilterBound, formatChinaDateTime } from "../../../lib/china-time";
import { useState } from "react";
import { useSnapshot } from "valtio";
import type { InputOf, ItemOf } from "../../../../src/domains/api";
import { ORDER_STATE } from "../../../../src/protocol/enumerations";
import { ORDER_PAGE_SIZE } from "../../../../src/protocol/limits";
import { isSuccess } from "../../../../src/protocol/result";
import { api } from "../../../api";
import { type Column, CardList } from "../../../components/card-list";
import { Dialog } from "../../../components/dialog";
import { FilterBar } from "../../../components/filter-bar";
import { showMessage } from "../../../components/message-box";
import { pick, resultText, useT } from "../../../i18n";
import { useFilteredPages } from "../../../lib/use-filtered-pages";
import { session } from "../../../state/session";
import { useTypeName } from "../../centre/order-detail-window";
import type { Activity } from "../activity-model";
import { StaffOrderDetail } from "./staff-order-detail";

type Row = ItemOf<"/order/activity/list">;
type Filter = { trade: string; user: string; state: string; activity: string; start: string; end: string };

/** Spec 3 section 2.2: the state filter starts at "all". */
const EMPTY: Filter = { trade: "", user: "", state: "", activity: "", start: "", end: "" };
const STATES = [ORDER_STATE.ORDER_STATE_SUCCESS, ORDER_STATE.ORDER_STATE_WAIT, ORDER_STATE.ORDER_STATE_CANCEL, ORDER_STATE.ORDER_STATE_PREVIEW];

/** The filters as the calls take them: what is empty is left out; order numbers keep their letters, digits and dashes. */
function filtersOf(f: Filter) {
  const trade = f.trade.replace(/[^A-Za-z0-9-]/g, "").slice(0, 64);
  const user = f.user.trim().slice(0, 100);
  return {
    ...(trade ? { trade } : {}),
    ...(user ? { user } : {}),
    ...(f.start ? { start: chinaFilterBound(f.start, "start") } : {}),
    ...(f.end ? { end: chinaFilterBound(f.end, "end") } : {}),
  };
}

export type OrderSearchProps = { activity: Activity; onClose: () => void; onChanged?: () => void };

export default function OrderSearchWindow({ activity, onClose }: OrderSearchProps) {
  const t = useT();
  const { language } = useSnapshot(session);
  const typeName = useTypeName();
  const [open, setOpen] = useState<Row | null>(null);
  const { filterBar, list, page, filter, filtered } = useFilteredPages("/order/activity/list", EMPTY, (f, index): InputOf<"/order/activity/list"> => ({
    id: activity.id,
    index,
    ...filtersOf(f),
    state: f.state ? Number(f.state) : null,
    activity: f.activity ? Number(f.activity) : null,
  }));
  const team = page?.activities ?? [];

  const exportTo = async (how: "file" | "courier" | "mail") => {
    const f = filtersOf(filter);
    if (how === "mail") {
      const answer = await api.call("/order/activity/export", { id: activity.id, ...f, state: filter.state ? Number(filter.state) : null, activity: filter.activity ? Number(filter.activity) : null, mail: 1 });
      return showMessage(isSuccess(answer) ? t("editor.orderAdmin.mailSent") : exportRefusal(answer.message));
    }
    const query: Record<string, string> = { id: String(activity.id), ...(f as Record<string, string>), state: filter.state, activity: filter.activity, ...(how === "courier" ? { express: "1" } : {}) };
    const answer = await api.download("/order/activity/export", query);
    if (!isSuccess(answer)) await showMessage(exportRefusal(answer.message));
  };
  const exportRefusal = (message: Parameters<typeof resultText>[1]) => {
    if (message?.code === "ERROR_PARAMS" && message.params?.field === "mail") return t("editor.orderAdmin.noMail");
    if (message?.code === "ERROR_PARAMS" && message.params?.reason === "rows") return t("editor.orderAdmin.tooMany", { max: Number(message.params.max) });
    return resultText(t, message);
  };

  const columns: Column<Row>[] = [
    {
      key: "trade",
      title: t("editor.orderAdmin.columns.trade"),
      place: "title",
      render: (r) => (
        <button type="button" className="link-button order-open" onClick={() => setOpen(r)} title={t("editor.orderAdmin.open", { trade: r.childTrade })} data-testid="open-order">
          <span className="cell-stack">
            <span className="mono order-number">{r.trade}</span>
            <span className="mono order-number muted">{r.childTrade}</span>
          </span>
        </button>
      ),
    },
    { key: "activity", title: t("editor.orderAdmin.columns.activity"), render: (r) => pick(language, r.activity.nameZh, r.activity.nameEn) },
    { key: "employees", title: t("editor.orderAdmin.columns.employees"), render: (r) => <span className="mono">{r.user.employees ?? ""}</span> },
    { key: "phone", title: t("editor.orderAdmin.columns.phone"), render: (r) => <span className="mono">{r.user.phone}</span> },
    { key: "email", title: t("editor.orderAdmin.columns.email"), render: (r) => <span className="cell-email">{r.user.email ?? ""}</span> },
    { key: "name", title: t("editor.orderAdmin.columns.name"), render: (r) => r.user.name ?? "" },
    { key: "state", title: t("editor.orderAdmin.columns.state"), place: "aside", render: (r) => <span className={`state-tag state-${r.state.id}`}>{typeName(r.state.id)}</span> },
    { key: "date", title: t("editor.orderAdmin.columns.date"), render: (r) => <span className="cell-date">{formatChinaDateTime(r.createDate)}</span> },
  ];

  return (
    <Dialog title={t("editor.orderAdmin.searchTitle", { name: pick(language, activity.nameZh, activity.nameEn) })} onClose={onClose} width={1120}>
      <div className="order-search" data-testid="order-search-window">
        <FilterBar
          id="order-search"
          label={t("editor.orderAdmin.filter")}
          fields={[
            { kind: "text", name: "trade", label: t("editor.orderAdmin.trade"), placeholder: t("editor.orderAdmin.tradePlaceholder"), wide: true },
            { kind: "text", name: "user", label: t("editor.orderAdmin.user"), placeholder: t("editor.orderAdmin.userPlaceholder"), wide: true },
            { kind: "select", name: "state", label: t("editor.orderAdmin.state"), options: STATES.map((id) => ({ value: String(id), label: typeName(id) })) },
            ...(team.length > 1
              ? [{ kind: "select" as const, name: "activity" as const, label: t("editor.orderAdmin.activity"), options: team.map((a) => ({ value: String(a.id), label: pick(language, a.nameZh, a.nameEn) })) }]
              : []),
            { kind: "dates", start: "start", end: "end", withTime: true, startLabel: t("editor.orderAdmin.start"), endLabel: t("editor.orderAdmin.end") },
          ]}
          {...filterBar}
        />
        <div className="order-export" role="group" aria-label={t("editor.orderAdmin.exportWays")}>
          <button type="button" className="button button-quiet" onClick={() => void exportTo("file")} data-testid="export-orders">
            {t("editor.orderAdmin.export")}
          </button>
          {activity.hasExpress ? (
            <button type="button" className="button button-quiet" onClick={() => void exportTo("courier")} data-testid="export-courier">
              {t("editor.orderAdmin.exportCourier")}
            </button>
          ) : null}
          <button type="button" className="button button-quiet" onClick={() => void exportTo("mail")} data-testid="export-mail">
            {t("editor.orderAdmin.exportMail")}
          </button>
        </div>
        <CardList
          {...list}
          columns={columns}
          rows={ORDER_PAGE_SIZE}
          rowKey={(r) => r.id}
          label={t("editor.orderAdmin.caption")}
          empty={t(filtered ? "list.noMatch" : "editor.orderAdmin.empty")}
          itemTestId="staff-order-row"
        />
      </div>
      {open ? <StaffOrderDetail id={open.id} onClose={() => setOpen(null)} onChanged={list.onRetry} /> : null}
    </Dialog>
  );
}
