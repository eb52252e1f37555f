// The member detail's log windows (spec 3 sections 2.4 and 3 "Logs"), each a
// paged list of one member, behind FUNCTION_USER_OPERATION_FIND ("logs
// search, dues order search"): fee records (/user/operation/memberlog),
// operation log (/user/operation/operations), update log
// (/user/operation/propertylog, old and new values) and visit log
// (/user/operation/visitlog, filtered by page).
import { formatChinaDateTime } from "../../lib/china-time";
import { useSnapshot } from "valtio";
import type { ItemOf } from "../../../src/domains/api";
import { PAGE } from "../../../src/protocol/enumerations";
import { DUES_PAGE_SIZE, LOG_PAGE_SIZE } from "../../../src/protocol/limits";
import { type Column, CardList } from "../../components/card-list";
import { Dialog } from "../../components/dialog";
import { FilterBar } from "../../components/filter-bar";
import { joinList, pick, useT } from "../../i18n";
import { formatMoney } from "../../lib/format";
import { useFilteredPages } from "../../lib/use-filtered-pages";
import { session } from "../../state/session";
import { useTypeName } from "../centre/order-detail-window";

export type MemberLogKind = "fees" | "operations" | "updates" | "visits";

type Fee = ItemOf<"/user/operation/memberlog">;
type Operation = ItemOf<"/user/operation/operations">;
type Update = ItemOf<"/user/operation/propertylog">;
type Visit = ItemOf<"/user/operation/visitlog">;
type Person = { employees: string | null; name: string } | null;
/** What the update log needs of a property to show an option's text instead of its stored value. */
export type LoggedProperty = { id: number; titleZh: string; titleEn: string; options: { textZh: string; textEn: string; value: string }[] };

const NO_FILTER = {};
/** The operation types whose detail is a reason an officer wrote, shown in the log: a second factor's reset (the others' details are for the audit alone). */
const REASONED = ["OPERATION_SECOND_FACTOR_RESET"] as const;
const reasoned = (typeId: number | null) => typeId !== null && REASONED.some((code) => session.types?.[code] === typeId);
/** A masked number's reveal (issue 31 item 4): its detail says which number ("phone", "contact phone", "property 10 Passport number", "family 5 identity", "order family 3 phone", "order 7 phone", "order 7 member phone"). */
const isReveal = (typeId: number | null) => typeId !== null && session.types?.OPERATION_MEMBER_REVEAL === typeId;
/** The type table's OPERATION_LOGIN: the visit log lists sign-ins under this "page". */
const SIGN_IN_PAGE = 1701;
const VISIT_PAGES = [...Object.values(PAGE), SIGN_IN_PAGE];

const date = (value: string | null) => (value ? <span className="log-date">{formatChinaDateTime(value, true)}</span> : "—");
const person = (p: Person) =>
  p ? (
    <span className="log-stack">
      <span>{p.name || "—"}</span>
      <span className="log-code muted">{p.employees ?? ""}</span>
    </span>
  ) : (
    "—"
  );

export function MemberLogDialog({ kind, user, properties, onClose }: { kind: MemberLogKind; user: number; properties: readonly LoggedProperty[]; onClose: () => void }) {
  const t = useT();
  const body = kind === "fees" ? <FeeList user={user} /> : kind === "operations" ? <OperationList user={user} properties={properties} /> : kind === "updates" ? <UpdateList user={user} properties={properties} /> : <VisitList user={user} />;
  return (
    <Dialog title={t(`members.logs.${kind}.title` as "members.logs.fees.title")} onClose={onClose} width={820}>
      <div className="member-log" data-testid="member-log-dialog">
        {body}
      </div>
    </Dialog>
  );
}

function FeeList({ user }: { user: number }) {
  const t = useT();
  const typeName = useTypeName();
  const { language } = useSnapshot(session);
  const { list } = useFilteredPages("/user/operation/memberlog", NO_FILTER, (_, index) => ({ user, index }));
  const columns: Column<Fee>[] = [
    { key: "name", title: t("dues.name"), place: "title", render: (r) => pick(language, r.nameZh, r.nameEn) },
    { key: "trade", title: t("dues.tradeAndPay"), wide: true, render: (r) => <span className="log-stack"><span className="log-code">{r.sysTrade}</span><span className="log-code muted">{r.payTrade ?? "—"}</span></span> },
    { key: "amount", title: t("dues.amount"), align: "right", render: (r) => formatMoney(r.amount) },
    { key: "created", title: t("dues.createDate"), render: (r) => date(r.createDate) },
    { key: "paid", title: t("dues.payDate"), render: (r) => (r.payDate ? date(r.payDate) : "—") },
    { key: "state", title: t("dues.state"), place: "aside", render: (r) => typeName(r.state?.id) },
  ];
  return <CardList {...list} columns={columns} rows={DUES_PAGE_SIZE} rowKey={(r) => r.sysTrade} label={t("members.logs.fees.title")} empty={t("members.logs.fees.empty")} itemTestId="member-log-row" />;
}

function OperationList({ user, properties }: { user: number; properties: readonly LoggedProperty[] }) {
  const t = useT();
  const { language } = useSnapshot(session);
  // Which number a reveal showed, in the language read; a detail of another shape as written.
  const revealed = (detail: string) => {
    const property = /^property (\d+) (.*)$/.exec(detail);
    if (property) {
      const known = properties.find((p) => p.id === Number(property[1]));
      return known ? pick(language, known.titleZh, known.titleEn) : property[2]!;
    }
    const family = /^(order )?family \d+ (identity|phone)$/.exec(detail);
    if (family) return t(`members.reveal.what.${family[1] ? "order" : "family"}.${family[2] as "identity" | "phone"}`);
    const order = /^order \d+ (member )?phone$/.exec(detail);
    if (order) return t(order[1] ? "members.reveal.what.orderMemberPhone" : "members.reveal.what.orderPhone");
    if (detail === "contact phone") return t("members.reveal.what.contactPhone");
    return detail === "phone" ? t("members.reveal.what.phone") : detail;
  };
  const { list } = useFilteredPages("/user/operation/operations", NO_FILTER, (_, index) => ({ user, index }));
  const columns: Column<Operation>[] = [
    {
      key: "type",
      title: t("members.logs.type"),
      place: "title",
      render: (r) =>
        // An act done for a reason an officer wrote (a second factor's reset) shows it under its name.
        r.detail && reasoned(r.type.id) ? (
          <span className="log-stack">
            <span>{pick(language, r.type.nameZh, r.type.nameEn)}</span>
            <span className="log-reason muted">{t("members.logs.reason", { reason: r.detail })}</span>
          </span>
        ) : r.detail && isReveal(r.type.id) ? (
          <span className="log-stack">
            <span>{pick(language, r.type.nameZh, r.type.nameEn)}</span>
            <span className="log-reason muted">{t("members.reveal.what.line", { what: revealed(r.detail) })}</span>
          </span>
        ) : (
          pick(language, r.type.nameZh, r.type.nameEn)
        ),
    },
    { key: "date", title: t("members.logs.date"), render: (r) => date(r.date) },
    { key: "operator", title: t("members.logs.operator"), render: (r) => person(r.operationer) },
    { key: "addr", title: t("members.logs.addr"), place: "aside", render: (r) => <span className="log-code">{r.addr ?? "—"}</span> },
  ];
  return <CardList {...list} columns={columns} rows={LOG_PAGE_SIZE} rowKey={(r) => r.id} label={t("members.logs.operations.title")} empty={t("members.logs.operations.empty")} itemTestId="member-log-row" />;
}

function UpdateList({ user, properties }: { user: number; properties: readonly LoggedProperty[] }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const { list } = useFilteredPages("/user/operation/propertylog", NO_FILTER, (_, index) => ({ user, index }));
  // A choice is stored as its option's value (several as a JSON list): shown as the option's text while the option exists.
  const valueText = (propertyId: number, stored: string | null) => {
    if (stored === null || stored === "") return "—";
    const options = properties.find((p) => p.id === propertyId)?.options ?? [];
    let values: string[] = [stored];
    if (stored.startsWith("[")) {
      try {
        const parsed: unknown = JSON.parse(stored);
        if (Array.isArray(parsed)) values = parsed.map(String);
      } catch {
        // Not a list after all: a text value that starts with a bracket.
      }
    }
    return joinList(language, values.map((v) => {
      const option = options.find((o) => o.value === v);
      return option ? pick(language, option.textZh, option.textEn) : v;
    }));
  };
  const columns: Column<Update>[] = [
    { key: "property", title: t("members.logs.property"), place: "title", render: (r) => pick(language, r.property.titleZh, r.property.titleEn) },
    { key: "old", title: t("members.logs.oldValue"), render: (r) => <span className="log-value">{valueText(r.property.id, r.orignValue)}</span> },
    { key: "new", title: t("members.logs.newValue"), render: (r) => <span className="log-value">{valueText(r.property.id, r.newValue)}</span> },
    { key: "date", title: t("members.logs.date"), render: (r) => date(r.operationLog.date) },
    { key: "operator", title: t("members.logs.operator"), place: "aside", render: (r) => person(r.operationLog.operationer) },
  ];
  return <CardList {...list} columns={columns} rows={LOG_PAGE_SIZE} rowKey={(r) => r.id} label={t("members.logs.updates.title")} empty={t("members.logs.updates.empty")} itemTestId="member-log-row" />;
}

type VisitFilter = { page: string };
const NO_PAGE: VisitFilter = { page: "" };

function VisitList({ user }: { user: number }) {
  const t = useT();
  const typeName = useTypeName();
  const { language } = useSnapshot(session);
  const { filterBar, list, filtered } = useFilteredPages("/user/operation/visitlog", NO_PAGE, (filter, index) => ({ user, index, ...(filter.page ? { page: Number(filter.page) } : {}) }));
  const columns: Column<Visit>[] = [
    { key: "page", title: t("members.logs.page"), place: "title", render: (r) => pick(language, r.page.nameZh, r.page.nameEn) },
    { key: "param", title: t("members.logs.param"), wide: true, render: (r) => <span className="log-code log-value">{r.param || "—"}</span> },
    { key: "date", title: t("members.logs.date"), render: (r) => date(r.date) },
    { key: "addr", title: t("members.logs.addr"), place: "aside", render: (r) => <span className="log-code">{r.ipAddr ?? "—"}</span> },
  ];
  return (
    <>
      <FilterBar
        id="member-visits"
        label={t("members.logs.visits.filter")}
        fields={[{ kind: "select", name: "page", label: t("members.logs.page"), options: VISIT_PAGES.map((id) => ({ value: String(id), label: typeName(id) })) }]}
        {...filterBar}
      />
      <CardList
        {...list}
        columns={columns}
        rows={LOG_PAGE_SIZE}
        rowKey={(r) => r.id}
        label={t("members.logs.visits.title")}
        empty={t(filtered ? "list.noMatch" : "members.logs.visits.empty")}
        itemTestId="member-log-row"
      />
    </>
  );
}
