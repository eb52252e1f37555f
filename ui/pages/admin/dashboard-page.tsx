// The system page's dashboard (spec 3 section 2.5): member and activation
// overview, ages, gender, membership, birthdays, children, activities (the
// ongoing ones and the past ones, 10 a page), the mailbox for its managers
// and the outbox. Each panel is one call of /system/find/*.
import { formatChinaDateTime } from "../../lib/china-time";
import { useSearch } from "wouter";
import type { AnswerOf, ItemOf } from "../../../src/domains/api";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { PageHead } from "../../components/breadcrumb";
import { type Column, CardList } from "../../components/card-list";
import { useT } from "../../i18n";
import { pick } from "../../i18n/pick";
import { useSnapshot } from "valtio";
import { useFilteredPages } from "../../lib/use-filtered-pages";
import { useLoader } from "../../lib/use-loaded";
import { hasPower, session } from "../../state/session";
import { MAILBOX_ANCHOR, ManagerSessions } from "../mailbox/mailbox-pages";
import { DashboardChart, colorAt } from "./dashboard-chart";
import { OutboxPanel } from "./outbox-page";
import { OwedSummary, mayRefund } from "../refunds/refunds-page";
import { PrivacyLine, StaffFactorLine, mayKeep } from "../privacy/privacy-page";
import { RemindersLine, mayWatchReminders } from "./reminders-page";

const PANELS = ["/system/find/active", "/system/find/age", "/system/find/sex", "/system/find/member", "/system/find/child", "/system/find/birthday", "/system/find/activity/count", "/system/find/activity/now"] as const;
type Figures = { [P in (typeof PANELS)[number]]: AnswerOf<P> };
type Past = ItemOf<"/system/find/activity/list">;
const PAST_ROWS = 10;
const NO_FILTER = {};

/** Every panel's figures in one answer, or false when one of them failed (the page offers to try again, showing that meanwhile). */
function useFigures() {
  const { value, reload } = useLoader(
    async () => {
      const answers = await Promise.all(PANELS.map((p) => api.call(p)));
      return answers.every(isSuccess) && (Object.fromEntries(PANELS.map((p, i) => [p, answers[i]])) as unknown as Figures);
    },
    [],
    { keep: true },
  );
  return { figures: value || null, failed: value === false, retry: reload };
}

function Panel({ id, title, wide, children }: { id: string; title: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <section className={`dash-panel${wide ? " dash-panel-wide" : ""}`} aria-labelledby={`dash-${id}`} data-testid={`dash-${id}`}>
      <h3 id={`dash-${id}`} className="dash-panel-title">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Numbers({ items }: { items: readonly [string, number][] }) {
  return (
    <dl className="dash-numbers">
      {items.map(([label, n]) => (
        <div key={label} className="dash-number">
          <dd>{n.toLocaleString()}</dd>
          <dt>{label}</dt>
        </div>
      ))}
    </dl>
  );
}

function PastActivities() {
  const t = useT();
  const { language } = useSnapshot(session);
  const { list } = useFilteredPages("/system/find/activity/list", NO_FILTER, (_, index) => ({ index }));
  const columns: Column<Past>[] = [
    { key: "name", title: t("dashboard.name"), place: "title", render: (a) => pick(language, a.nameZh, a.nameEn) },
    { key: "end", title: t("dashboard.signEnd"), render: (a) => (a.signEnd ? formatChinaDateTime(a.signEnd) : "") },
    { key: "stock", title: t("dashboard.stock"), align: "right", render: (a) => (a.totalStock === null ? t("dashboard.unlimited") : a.totalStock) },
    { key: "count", title: t("dashboard.signups"), align: "right", render: (a) => a.count },
    { key: "visits", title: t("dashboard.visits"), align: "right", render: (a) => a.visits },
  ];
  return <CardList {...list} columns={columns} rows={PAST_ROWS} rowKey={(a) => a.id} label={t("dashboard.pastCaption")} empty={t("dashboard.pastNone")} />;
}

export function Dashboard() {
  const t = useT();
  const { language } = useSnapshot(session);
  const { figures: f, failed, retry } = useFigures();
  if (failed)
    return (
      <p className="dash-failed" role="alert">
        {t("dashboard.loadFailed")}{" "}
        <button type="button" className="button button-quiet" onClick={retry}>
          {t("dashboard.retry")}
        </button>
      </p>
    );
  if (!f) return <p className="dash-loading" aria-busy="true" />;
  const m = f["/system/find/member"];
  const kids = f["/system/find/child"];
  const now = f["/system/find/activity/now"].list;
  return (
    <div className="dash-grid">
      <Panel id="members" title={t("dashboard.members")}>
        <DashboardChart
          kind="doughnut"
          label={t("dashboard.members")}
          labels={[t("dashboard.active"), t("dashboard.register")]}
          series={[{ label: t("dashboard.members"), values: [f["/system/find/active"].active, f["/system/find/active"].register], color: colorAt(0) }]}
        />
      </Panel>
      <Panel id="gender" title={t("dashboard.gender")}>
        <DashboardChart
          kind="doughnut"
          label={t("dashboard.gender")}
          labels={[t("dashboard.male"), t("dashboard.female")]}
          series={[{ label: t("dashboard.gender"), values: [f["/system/find/sex"].male, f["/system/find/sex"].female], color: colorAt(1) }]}
        />
      </Panel>
      <Panel id="membership" title={t("dashboard.membership")}>
        <Numbers
          items={[
            [t("dashboard.member"), m.member],
            [t("dashboard.notmember"), m.notmember],
            [t("dashboard.paid", { year: m.year }), m.order],
            [t("dashboard.entry", { year: m.year }), m.entry],
            [t("dashboard.leave", { year: m.year }), m.leave],
          ]}
        />
      </Panel>
      <Panel id="ages" title={t("dashboard.ages")}>
        <DashboardChart
          kind="bar"
          label={t("dashboard.ages")}
          labels={f["/system/find/age"].list.map((b) => t("dashboard.age", { min: b.min, max: b.max }))}
          series={[{ label: t("dashboard.ages"), values: f["/system/find/age"].list.map((b) => b.count), color: colorAt(1) }]}
        />
      </Panel>
      <Panel id="children" title={t("dashboard.children")}>
        <DashboardChart
          kind="bar"
          label={t("dashboard.children")}
          labels={[0, 1, 2, 3].map((count) => t("dashboard.childCount", { count })).concat(t("dashboard.childMore"))}
          series={[{ label: t("dashboard.children"), values: [kids.count0, kids.count1, kids.count2, kids.count3, kids.more], color: colorAt(3) }]}
        />
      </Panel>
      <Panel id="activities" title={t("dashboard.activities")}>
        <Numbers
          items={[
            [t("dashboard.activityCount"), f["/system/find/activity/count"].count],
            [t("dashboard.orderCount"), f["/system/find/activity/count"].order],
          ]}
        />
      </Panel>
      <Panel id="birthdays" title={t("dashboard.birthdays")} wide>
        <DashboardChart
          kind="bar"
          label={t("dashboard.birthdays")}
          labels={Array.from({ length: 12 }, (_, i) => t("dashboard.month", { month: i + 1 }))}
          series={[{ label: t("dashboard.birthdays"), values: f["/system/find/birthday"].list, color: colorAt(2) }]}
        />
      </Panel>
      <Panel id="ongoing" title={t("dashboard.ongoing")} wide>
        {now.length === 0 ? <p className="dash-none">{t("dashboard.ongoingNone")}</p> : null}
        <OngoingCharts id="ongoing-activities" title={t("dashboard.ongoingActivities")} rows={now.filter((a) => !a.market)} />
        <OngoingCharts id="ongoing-gifts" title={t("dashboard.ongoingGifts")} rows={now.filter((a) => a.market)} />
      </Panel>
      <Panel id="past" title={t("dashboard.past")} wide>
        <PastActivities />
      </Panel>
    </div>
  );
}

type Ongoing = AnswerOf<"/system/find/activity/now">["list"][number];

/** Signed up of places, in whole percent; null without a limit on places. */
const fillRate = (a: Ongoing): number | null => (a.totalStock ? Math.round((a.count / a.totalStock) * 100) : null);

/**
 * Ongoing activities (or gifts) as two charts side by side: how full each is
 * (signed up of places, %) and how often its page was visited. Places and
 * sign-ups on one axis made every sign-up a sliver beside the places (issue 29).
 */
function OngoingCharts({ id, title, rows }: { id: string; title: string; rows: readonly Ongoing[] }) {
  const t = useT();
  const { language } = useSnapshot(session);
  if (rows.length === 0) return null;
  const labels = rows.map((a) => pick(language, a.nameZh, a.nameEn));
  const height = Math.max(160, 60 + rows.length * 30);
  return (
    <section className="dash-ongoing" aria-labelledby={`${id}-title`} data-testid={id}>
      <h4 id={`${id}-title`} className="dash-ongoing-title">
        {title}
      </h4>
      <div className="dash-ongoing-charts">
        <div>
          <p className="dash-ongoing-measure">{t("dashboard.fillRate")}</p>
          <DashboardChart
            kind="bar"
            horizontal
            height={height}
            max={100}
            label={`${title} · ${t("dashboard.fillRate")}`}
            labels={labels}
            series={[{ label: t("dashboard.fillRate"), values: rows.map((a) => fillRate(a) ?? 0), color: colorAt(0) }]}
            figure={(i) => {
              const a = rows[i]!;
              const rate = fillRate(a);
              return rate === null ? t("dashboard.fillUnlimited", { count: a.count }) : t("dashboard.fillFigure", { rate, count: a.count, places: a.totalStock ?? 0 });
            }}
          />
        </div>
        <div>
          <p className="dash-ongoing-measure">{t("dashboard.visits")}</p>
          <DashboardChart
            kind="bar"
            horizontal
            height={height}
            label={`${title} · ${t("dashboard.visits")}`}
            labels={labels}
            series={[{ label: t("dashboard.visits"), values: rows.map((a) => a.visits), color: colorAt(1) }]}
          />
        </div>
      </div>
    </section>
  );
}

/** The system page (FUNCTION_SYSTEM_PAGE): the lines of money owed back, of departed members' data and of reminders scheduled, the dashboard, the mailbox (FUNCTION_CHAT_OPERATION only) and the outbox. */
export function SystemPage() {
  const t = useT();
  const search = useSearch();
  return (
    <>
      <PageHead title={t("page.browse")} />
      {mayRefund() ? <OwedSummary /> : null}
      {mayKeep() ? <PrivacyLine /> : null}
      {mayKeep() ? <StaffFactorLine /> : null}
      {mayWatchReminders() ? <RemindersLine /> : null}
      <h2 className="section-title">{t("dashboard.title")}</h2>
      <Dashboard />
      {hasPower("FUNCTION_CHAT_OPERATION") ? <ManagerSessions reveal={new URLSearchParams(search).get("show") === MAILBOX_ANCHOR} /> : null}
      <OutboxPanel />
    </>
  );
}
