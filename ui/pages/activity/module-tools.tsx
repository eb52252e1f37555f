// The module tools of spec 2 section 2, for the activity index, the activity
// module page and the market module page alike: the 'new module' tile
// (FUNCTION_ACTIVITY_MODULE_OPERATION), a module's edit, delete (only when
// empty, after '是否确认删除此模块？'), order management and the home zone
// links (same power), and the 'new activity' tile (FUNCTION_ACTIVITY_CREATE).
// Their styles are the "modules" area sheet (./modules.css).
import { formatChinaDateTime } from "../../lib/china-time";
import { Suspense, lazy, useState } from "react";
import { useLocation } from "wouter";
import { useSnapshot } from "valtio";
import type { ItemOf } from "../../../src/domains/api";
import { cleanText } from "../../../src/protocol/identity";
import { MODULE_ORDER_PAGE_SIZE } from "../../../src/protocol/limits";
import { isSuccess } from "../../../src/protocol/result";
import { MODULE_MODEL, MODULE_SHOW, ORDER_STATE } from "../../../src/protocol/enumerations";
import { api } from "../../api";
import { type Column, CardList } from "../../components/card-list";
import { Dialog } from "../../components/dialog";
import { type FieldErrors, FormDialog, refusedField, useFormDialog } from "../../components/form-dialog";
import { FilterBar } from "../../components/filter-bar";
import { confirm, showMessage } from "../../components/message-box";
import { pick, resultText, useT } from "../../i18n";
import { useFilteredPages } from "../../lib/use-filtered-pages";
import { hasPower, session } from "../../state/session";
import { useTypeName } from "../centre/order-detail-window";
import { withAreaStyles } from "../../lib/area-styles";
import type { EditedModule } from "./module-editor";

// The editor (with the image fields of the "editing" sheet) loads when a module is first edited.
const ModuleEditor = lazy(withAreaStyles("editing", () => import("./module-editor").then((m) => ({ default: m.ModuleEditor }))));

const canOperate = () => hasPower("FUNCTION_ACTIVITY_MODULE_OPERATION");

/** Re-renders when the signed-in member (and so their powers) changes. */
function usePowers() {
  useSnapshot(session).user;
}

/** The 'new module' tile of the activity index: the editor for a new module of that year; the index is read again once it is saved. */
export function NewModuleTile({ year, onSaved }: { year: number; onSaved: () => void }) {
  const t = useT();
  usePowers();
  const [open, setOpen] = useState(false);
  if (!canOperate()) return null;
  return (
    <li>
      <button type="button" className="module-tile new-tile" onClick={() => setOpen(true)} data-testid="new-module">
        <span className="module-icon new-tile-icon" aria-hidden="true">
          +
        </span>
        <span className="module-name">{t("modules.newModule")}</span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ModuleEditor
            module={null}
            year={year}
            onClose={() => setOpen(false)}
            onSaved={() => {
              setOpen(false);
              onSaved();
            }}
          />
        </Suspense>
      ) : null}
    </li>
  );
}

export type ModuleToolsProps = {
  module: EditedModule;
  /** Delete is offered only for a module without activities. */
  hasActivities: boolean;
  /** After a home zone was set (the module's showTitle changed). */
  onChanged: () => void;
};

/** Edit, delete, orders and the home zone links of a module page; nothing without FUNCTION_ACTIVITY_MODULE_OPERATION. */
export function ModuleTools({ module, hasActivities, onChanged }: ModuleToolsProps) {
  const t = useT();
  usePowers();
  const [, navigate] = useLocation();
  const [editing, setEditing] = useState(false);
  const [orders, setOrders] = useState(false);
  if (!canOperate()) return null;

  const remove = async () => {
    if (!(await confirm(t("modules.confirmDelete")))) return;
    const answer = await api.call("/activity/module/delete", { id: module.id });
    if (isSuccess(answer)) {
      await showMessage(t("modules.deleted"));
      return navigate("/activity");
    }
    await showMessage(answer.message?.code === "ERROR_RESULT_NULL" ? t("modules.moduleGone") : resultText(t, answer.message));
    onChanged();
  };

  const zone = async (type: number) => {
    if (!(await confirm(t(type === MODULE_SHOW.MODULE_SHOW_GIFT ? "modules.confirmGift" : "modules.confirmGroup")))) return;
    const answer = await api.call("/activity/module/show", { id: module.id, type });
    await showMessage(isSuccess(answer) ? t("modules.zoneSet") : resultText(t, answer.message));
    onChanged();
  };

  // The two zone links are for a market module that is not yet shown on the home page (spec 2 section 2).
  const zones = module.model.id === MODULE_MODEL.MODULE_MODEL_MARKET && !module.showTitle;
  return (
    <div className="module-tools" role="group" aria-label={t("modules.tools")}>
      <button type="button" className="button button-quiet" onClick={() => setEditing(true)} data-testid="edit-module">
        {t("modules.editModule")}
      </button>
      {hasActivities ? null : (
        <button type="button" className="button button-quiet button-danger-quiet" onClick={() => void remove()} data-testid="delete-module">
          {t("modules.deleteModule")}
        </button>
      )}
      <button type="button" className="button button-quiet" onClick={() => setOrders(true)} data-testid="module-orders">
        {t("modules.orders")}
      </button>
      {zones ? (
        <>
          <button type="button" className="link-button" onClick={() => void zone(MODULE_SHOW.MODULE_SHOW_GIFT)} data-testid="gift-zone">
            {t("modules.giftZone")}
          </button>
          <button type="button" className="link-button" onClick={() => void zone(MODULE_SHOW.MODULE_SHOW_GROUP)} data-testid="group-zone">
            {t("modules.groupZone")}
          </button>
        </>
      ) : null}
      {editing ? (
        <Suspense fallback={null}>
          <ModuleEditor
            module={module}
            year={module.year}
            onClose={() => setEditing(false)}
            onSaved={() => {
              setEditing(false);
              // Spec 2 section 4: the module editor saves, then returns to the activity index.
              navigate("/activity");
            }}
          />
        </Suspense>
      ) : null}
      {orders ? <ModuleOrdersWindow module={module} onClose={() => setOrders(false)} /> : null}
    </div>
  );
}

/** The 'new activity' tile of a module page: a dialog with both names, then the new (preview) activity's page. */
export function NewActivityTile({ moduleId, infoPath = "/activity/info" }: { moduleId: number; infoPath?: string }) {
  const t = useT();
  usePowers();
  const [open, setOpen] = useState(false);
  if (!hasPower("FUNCTION_ACTIVITY_CREATE")) return null;
  return (
    <li>
      <button type="button" className="activity-tile new-tile new-activity-tile" onClick={() => setOpen(true)} data-testid="new-activity">
        <span className="new-tile-icon" aria-hidden="true">
          +
        </span>
        <span className="tile-name">{t("modules.newActivity")}</span>
      </button>
      {open ? <NewActivityDialog moduleId={moduleId} infoPath={infoPath} onClose={() => setOpen(false)} /> : null}
    </li>
  );
}

type NameField = "nameZh" | "nameEn";
const NAME_FIELDS: NameField[] = ["nameZh", "nameEn"];

function checkNames(names: Record<NameField, string>) {
  const found: FieldErrors<NameField> = {};
  for (const field of NAME_FIELDS) {
    const clean = names[field].trim();
    if (!clean) found[field] = `modules.activityErrors.${field}`;
    else if (cleanText(clean).length > 50) found[field] = "modules.activityErrors.nameLong";
  }
  return found;
}

function NewActivityDialog({ moduleId, infoPath, onClose }: { moduleId: number; infoPath: string; onClose: () => void }) {
  const t = useT();
  const [, navigate] = useLocation();
  const editor = useFormDialog({
    id: "new-activity",
    fields: NAME_FIELDS,
    initial: () => ({ nameZh: "", nameEn: "" }),
    validate: checkNames,
    send: (names) => api.call("/activity/create", { nameZh: cleanText(names.nameZh), nameEn: cleanText(names.nameEn), module: moduleId }),
    accepted: (answer) => {
      if (!answer.id) return showMessage(resultText(t, answer.message));
      onClose();
      navigate(`${infoPath}?id=${answer.id}`);
    },
    refused: (message) => {
      const field = message.code === "ERROR_PARAMS" ? refusedField(message, NAME_FIELDS) : null;
      if (field) return { field, error: `modules.activityErrors.${field}` };
      return message.code === "ERROR_RESULT_NULL" ? { text: t("modules.moduleGone") } : null;
    },
  });

  const input = (field: NameField) => (
    <div className="field">
      <label htmlFor={`new-activity-${field}`}>{t(field === "nameZh" ? "modules.activityNameZh" : "modules.activityNameEn")}</label>
      <input
        id={`new-activity-${field}`}
        className={editor.inputClass(field)}
        value={editor.form[field]}
        maxLength={60}
        {...editor.described(field)}
        data-autofocus={field === "nameZh" ? true : undefined}
        onChange={(event) => editor.update({ [field]: event.target.value })}
      />
      {editor.error(field)}
    </div>
  );

  return (
    <FormDialog editor={editor} title={t("modules.newActivity")} saveLabel={t("modules.create")} onClose={onClose} width={440} className="module-form">
      {input("nameZh")}
      {input("nameEn")}
    </FormDialog>
  );
}

type OrderRow = ItemOf<"/order/module/find">;
type OrderFilter = { trade: string; state: string };

/** The module order pop-up opens on successful orders (spec 3 section 2.2); "all" is every state. */
const DEFAULT_FILTER: OrderFilter = { trade: "", state: String(ORDER_STATE.ORDER_STATE_SUCCESS) };
const STATES = [ORDER_STATE.ORDER_STATE_SUCCESS, ORDER_STATE.ORDER_STATE_WAIT, ORDER_STATE.ORDER_STATE_CANCEL, ORDER_STATE.ORDER_STATE_PREVIEW];

/** The orders of a module's activities: 20 a page, by state (success first) and order number. */
export function ModuleOrdersWindow({ module, onClose }: { module: EditedModule; onClose: () => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const typeName = useTypeName();
  // Order numbers are letters, digits and dashes; anything else typed is dropped rather than refused.
  const tradeOf = (filter: OrderFilter) => filter.trade.replace(/[^A-Za-z0-9-]/g, "").slice(0, 64);
  const { filterBar, list, page, filter, filtered } = useFilteredPages("/order/module/find", DEFAULT_FILTER, (filter, index) => ({
    module: module.id,
    index,
    size: MODULE_ORDER_PAGE_SIZE,
    ...(tradeOf(filter) ? { trade: tradeOf(filter) } : {}),
    state: filter.state ? Number(filter.state) : null,
  }));
  // Download /order/module/export: the rows the applied filter keeps, every page.
  const exportOrders = async () => {
    const answer = await api.download("/order/module/export", { module: String(module.id), trade: tradeOf(filter), state: filter.state });
    if (!isSuccess(answer)) await showMessage(resultText(t, answer.message));
  };
  // The module's tally by state (the answer's `order`), whatever the filter.
  const tally = (page?.order ?? []).filter((s) => s.count > 0).map((s) => `${typeName(s.state.id)} ${s.count}`);

  const columns: Column<OrderRow>[] = [
    { key: "activity", title: t("modules.activity"), place: "title", render: (r) => <span className="cell-name">{pick(language, r.activity.nameZh, r.activity.nameEn)}</span> },
    {
      key: "trade",
      title: t("modules.trade"),
      wide: true,
      render: (r) => (
        <span className="cell-stack">
          <span className="mono order-number">{r.trade}</span>
          <span className="mono order-number muted">{r.childTrade}</span>
        </span>
      ),
    },
    { key: "employees", title: t("modules.employees"), render: (r) => <span className="mono">{r.user.employees ?? ""}</span> },
    { key: "name", title: t("modules.memberName"), render: (r) => r.user.name ?? "" },
    { key: "date", title: t("modules.date"), render: (r) => <span className="cell-date">{formatChinaDateTime(r.createDate)}</span> },
    { key: "state", title: t("modules.state"), place: "aside", render: (r) => <span className={`state-tag state-${r.state.id}`}>{typeName(r.state.id)}</span> },
  ];

  return (
    <Dialog title={t("modules.ordersTitle", { name: pick(language, module.nameZh, module.nameEn) })} onClose={onClose} width={960}>
      <div className="module-orders" data-testid="module-orders-window">
        <FilterBar
          id="module-orders"
          label={t("modules.ordersFilter")}
          fields={[
            { kind: "text", name: "trade", label: t("modules.trade"), placeholder: t("modules.tradePlaceholder"), wide: true },
            { kind: "select", name: "state", label: t("modules.state"), options: STATES.map((id) => ({ value: String(id), label: typeName(id) })) },
          ]}
          {...filterBar}
        />
        <div className="module-orders-bar">
          <p className="module-orders-tally" data-testid="module-orders-tally">
            {tally.join(" · ")}
          </p>
          <button type="button" className="button button-quiet" onClick={() => void exportOrders()} data-testid="module-orders-export">
            {t("modules.ordersExport")}
          </button>
        </div>
        <CardList
          {...list}
          columns={columns}
          rowKey={(r) => r.id}
          label={t("modules.ordersCaption")}
          empty={t(filtered ? "list.noMatch" : "modules.ordersEmpty")}
          itemTestId="module-order-row"
        />
      </div>
    </Dialog>
  );
}
