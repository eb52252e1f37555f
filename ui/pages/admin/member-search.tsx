// The member management page (spec 3 section 2.4, FUNCTION_USER_OPERATION_FIND):
// free text, state (all current members by default) and role; 23 rows,
// padded, cards on a phone; a row opens the member's detail.
import { formatChinaDateTime } from "../../lib/china-time";
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import type { InputOf, ItemOf } from "../../../src/domains/api";
import { USER_STATE } from "../../../src/protocol/enumerations";
import { MEMBER_PAGE_SIZE } from "../../../src/protocol/limits";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { PageHead } from "../../components/breadcrumb";
import { type Column, CardList } from "../../components/card-list";
import { FilterBar } from "../../components/filter-bar";
import { pick, useT } from "../../i18n";
import { useFilteredPages } from "../../lib/use-filtered-pages";
import { hasPower, session } from "../../state/session";
import { useTypeName } from "../centre/order-detail-window";
import { useExportJob } from "./export-job";
import { MemberDetail } from "./member-detail";
import { useMemberFind } from "./member-find";
import { MemberForm } from "./member-form";
import { ImportMenu } from "./member-imports";
import { SmsDialog } from "./sms-dialog";
import { useFeeWindow } from "./membership-fee-dialog";
import { mayRefund } from "../refunds/refunds-page";
import { mayKeep } from "../privacy/privacy-page";
import { Link } from "wouter";
import type { Role } from "./member-model";

type Row = ItemOf<"/user/operation/list">;
type Filter = { account: string; state: string; status: string };

const EMPTY: Filter = { account: "", state: "", status: "" };
const STATES = [USER_STATE.USER_STATE_REGISTERED, USER_STATE.USER_STATE_ACTIVE, USER_STATE.USER_STATE_LEFT];

/** Spec 3 section 2.4: a parameter is sent only when it is greater than 0 or not empty. */
function payloadOf(f: Filter, index: number): InputOf<"/user/operation/list"> {
  const account = f.account.trim().slice(0, 100);
  return { index, ...(account ? { account } : {}), ...(Number(f.state) > 0 ? { state: Number(f.state) } : {}), ...(Number(f.status) > 0 ? { status: Number(f.status) } : {}) };
}

/** The roles a member may be given (/power/status). */
export function useRoles(): Role[] {
  const [roles, setRoles] = useState<Role[]>([]);
  useEffect(() => {
    void api.call("/power/status").then((answer) => isSuccess(answer) && answer.list && setRoles(answer.list as Role[]));
  }, []);
  return roles;
}

/** The search the SMS dialog may send to: the filters applied, without the page. */
function searchOf(f: Filter) {
  const { index: _, ...search } = payloadOf(f, 1);
  return search;
}

export function MemberManagementPage() {
  const t = useT();
  const { language } = useSnapshot(session);
  const typeName = useTypeName();
  const roles = useRoles();
  const [open, setOpen] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const [sms, setSms] = useState(false);
  const { filterBar, list, reload, filter, page, filtered } = useFilteredPages("/user/operation/list", EMPTY, payloadOf);
  const find = useMemberFind();
  const fees = useFeeWindow();
  const exporting = useExportJob("member.export.list", t("jobs.titles.exportList"));
  const exportResult = () => {
    const { index: _, ...filters } = payloadOf(filter, 1);
    void exporting.start(() => api.call("/user/operation/export/list", filters));
  };

  const columns: Column<Row>[] = [
    {
      key: "employees",
      title: t("members.columns.employees"),
      place: "title",
      render: (r) =>
        hasPower("FUNCTION_USER_OPERATION_INFO") ? (
          <button type="button" className="link-button mono" onClick={() => setOpen(r.id)} title={t("members.open", { name: r.name ?? r.employees ?? "" })} data-testid="open-member">
            {r.employees ?? "—"}
          </button>
        ) : (
          <span className="mono">{r.employees ?? "—"}</span>
        ),
    },
    { key: "name", title: t("members.columns.name"), render: (r) => r.name ?? "" },
    { key: "phone", title: t("members.columns.phone"), render: (r) => <span className="mono">{r.phone}</span> },
    { key: "email", title: t("members.columns.email"), wide: true, render: (r) => <span className="cell-email">{r.email ?? ""}</span> },
    { key: "state", title: t("members.columns.state"), place: "aside", render: (r) => <span className={`state-tag member-state-${r.state.id}`}>{typeName(r.state.id)}</span> },
    { key: "role", title: t("members.columns.role"), render: (r) => pick(language, r.status.nameZh, r.status.nameEn) },
    { key: "date", title: t("members.columns.date"), render: (r) => <span className="cell-date">{formatChinaDateTime(r.createDate, true)}</span> },
  ];

  return (
    <>
      <PageHead title={t("page.userOperation")} />
      <section className="member-admin" data-testid="member-admin">
        <FilterBar
          id="member-search"
          label={t("members.filter")}
          fields={[
            { kind: "text", name: "account", label: t("members.account"), placeholder: t("members.accountPlaceholder"), wide: true },
            { kind: "select", name: "state", label: t("members.state"), options: STATES.map((id) => ({ value: String(id), label: typeName(id) })) },
            { kind: "select", name: "status", label: t("members.role"), options: roles.map((r) => ({ value: String(r.id), label: pick(language, r.nameZh, r.nameEn) })) },
          ]}
          {...filterBar}
          onSearch={() => (find.clear(), filterBar.onSearch())}
          onReset={() => (find.clear(), filterBar.onReset())}
        />
        <div className="member-actions">
          {hasPower("FUNCTION_USER_OPERATION_CREATE") ? (
            <button type="button" className="button" onClick={() => setCreating(true)} data-testid="new-member">
              {t("members.create")}
            </button>
          ) : null}
          {hasPower("FUNCTION_USER_EXPORT_LIST") ? (
            <button type="button" className="button" onClick={exportResult} disabled={!page?.count || exporting.running} data-testid="export-members">
              {t("jobs.exportList")}
            </button>
          ) : null}
          {find.button}
          <ImportMenu
            onFinished={() => {
              // Spec 3 section 4.3: the list refreshed with its filters reset (a sheet's find result too).
              find.clear();
              filterBar.onReset();
              reload();
            }}
          />
          {/* Spec 3 section 2.4: property, membership fee and short message management are buttons here. */}
          {hasPower("FUNCTION_PROPERTY_OPERATION_FIND") ? (
            <Link href="/operation/property" className="button" data-testid="open-properties">
              {t("members.properties")}
            </Link>
          ) : null}
          {hasPower("FUNCTION_MEMBER_EDIT") ? (
            <>
              <button type="button" className="button" onClick={fees.open} data-testid="open-fees">
                {t("members.fees")}
              </button>
              <button type="button" className="button" onClick={() => setSms(true)} data-testid="open-sms">
                {t("sms.open")}
              </button>
            </>
          ) : null}
          {mayRefund() ? (
            <Link href="/system/refunds" className="button" data-testid="open-refunds">
              {t("refunds.open")}
            </Link>
          ) : null}
          {mayKeep() ? (
            <Link href="/system/privacy" className="button" data-testid="open-privacy">
              {t("privacy.open")}
            </Link>
          ) : null}
          {hasPower("FUNCTION_USER_APPLICATIONS") ? (
            <Link href="/operation/applications" className="button" data-testid="open-applications">
              {t("page.applications")}
            </Link>
          ) : null}
        </div>
        {find.summary}
        <CardList {...(find.list ?? list)} columns={columns} rows={MEMBER_PAGE_SIZE} rowKey={(r) => r.id} onOpen={hasPower("FUNCTION_USER_OPERATION_INFO") ? (r) => setOpen(r.id) : undefined} label={t("members.caption")} empty={t(filtered ? "list.noMatch" : "members.empty")} itemTestId="member-row" />
      </section>
      {open !== null ? <MemberDetail id={open} roles={roles} onClose={() => setOpen(null)} onChanged={reload} /> : null}
      {fees.window}
      {sms ? <SmsDialog onClose={() => setSms(false)} search={searchOf(filter)} /> : null}
      {exporting.progress}
      {creating ? <MemberForm roles={roles} member={null} onClose={() => setCreating(false)} onSaved={() => (setCreating(false), reload())} /> : null}
    </>
  );
}
