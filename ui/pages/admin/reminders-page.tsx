// Reminders (/system/reminders, issue 32 item 2, docs/decisions.md 139), for
// the officers who watch them (FUNCTION_REMINDERS): what is scheduled over
// the next 24 hours, counted by kind and then listed by the time each falls
// due (one past its time and not sent is an SMS waiting for the quiet hours,
// 22:00-08:00 China time, to end), and what was sent, newest first, a page at
// a time, with its channel and its delivery in the outbox. Reached from a
// line on the system page. Every time is China time.
import { useState } from "react";
import { Link } from "wouter";
import { useSnapshot } from "valtio";
import type { AnswerOf } from "../../../src/domains/api";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { PageHead } from "../../components/breadcrumb";
import { type Column, CardList } from "../../components/card-list";
import { type Translate, addTexts, isOneOf, pick, useT } from "../../i18n";
import reminders from "../../i18n/areas/reminders";
import { formatChinaDateTime } from "../../lib/china-time";
import { scheduledState } from "../../lib/quiet-hours";
import { useLoaded, useLoader } from "../../lib/use-loaded";
import { hasPower, session } from "../../state/session";
import { StaffTag } from "./staff-parts";

// Staff-only texts come with the staff chunk that shows them (docs/decisions.md 102).
addTexts({ zh: { reminders: reminders.zh }, en: { reminders: reminders.en } });

type Answered = AnswerOf<"/reminders/overview">;
type Overview = { scheduled: NonNullable<Answered["scheduled"]>; sent: NonNullable<Answered["sent"]> };
type Scheduled = Overview["scheduled"]["list"][number];
type Sent = Overview["sent"]["list"][number];

const KINDS = ["activity-start", "window-closing", "order-unpaid", "offer-ending", "dues-due"] as const;
const DELIVERIES = ["pending", "sent", "failed"] as const;

export const REMINDERS_PATH = "/system/reminders";

/** Who may open the page (the server asks for the power too). */
export const mayWatchReminders = () => hasPower("FUNCTION_REMINDERS");

const loadOverview = (index: number) => async (): Promise<Overview | false> => {
  const answer = await api.call("/reminders/overview", { index });
  return isSuccess(answer) && !!answer.scheduled && !!answer.sent && { scheduled: answer.scheduled, sent: answer.sent };
};

const kindText = (t: Translate, kind: string) => (isOneOf(KINDS, kind) ? t(`reminders.kinds.${kind}`) : kind);

/** What a reminder is about, in the page's language: an activity's name, or for dues the year's. */
function subjectText(t: Translate, language: "zh" | "en", r: { kind: string; nameZh: string | null; nameEn: string | null }) {
  const name = pick(language, r.nameZh, r.nameEn) || "—";
  return r.kind === "dues-due" ? t("reminders.duesYear", { year: name }) : name;
}

const Time = ({ iso }: { iso: string }) => <span className="reminder-time">{formatChinaDateTime(iso)}</span>;

export function RemindersPage() {
  const t = useT();
  const { language } = useSnapshot(session);
  const [index, setIndex] = useState(1);
  const { value, reload } = useLoader(loadOverview(index), [index], { keep: true });
  // The moment the answer is read against (a past due time): taken with each load.
  const [now, setNow] = useState(() => Date.now());
  const refresh = () => {
    setNow(Date.now());
    reload();
  };
  const overview = value || null;
  const trail = hasPower("FUNCTION_SYSTEM_PAGE") ? [{ label: t("page.browse"), href: "/system" }, { label: t("page.reminders") }] : undefined;
  const total = overview ? KINDS.reduce((n, k) => n + (overview.scheduled.counts[k] ?? 0), 0) : null;

  const scheduledColumns: Column<Scheduled>[] = [
    {
      key: "due",
      title: t("reminders.due"),
      render: (r) => {
        const state = scheduledState(r.due, now);
        return (
          <span className="reminder-due" data-state={state}>
            <Time iso={r.due} />
            {state === "ahead" ? null : <StaffTag tone={state === "waiting" ? "amber" : "blue"}>{t(`reminders.${state}`)}</StaffTag>}
          </span>
        );
      },
    },
    { key: "subject", title: t("reminders.subject"), place: "title", render: (r) => <span className="reminder-subject">{subjectText(t, language, r)}</span> },
    { key: "kind", title: t("reminders.kind"), place: "aside", render: (r) => <span className="reminder-kind">{kindText(t, r.kind)}</span> },
    { key: "at", title: t("reminders.at"), render: (r) => <Time iso={r.at} /> },
    { key: "member", title: t("reminders.member"), render: (r) => r.user.name ?? "—" },
  ];

  const sentColumns: Column<Sent>[] = [
    { key: "sent", title: t("reminders.sentAt"), render: (r) => <Time iso={r.sent} /> },
    { key: "subject", title: t("reminders.subject"), place: "title", render: (r) => <span className="reminder-subject">{subjectText(t, language, r)}</span> },
    { key: "kind", title: t("reminders.kind"), place: "aside", render: (r) => <span className="reminder-kind">{kindText(t, r.kind)}</span> },
    {
      key: "member",
      title: t("reminders.member"),
      render: (r) => (
        <span className="reminder-member">
          <span>{r.user.name ?? "—"}</span>
          {r.user.employees ? <span className="reminder-employees">{r.user.employees}</span> : null}
        </span>
      ),
    },
    {
      key: "channel",
      title: t("reminders.channel"),
      render: (r) => <span className={`outbox-channel outbox-channel-${r.channel}`}>{r.channel === "mail" || r.channel === "sms" ? t(`reminders.${r.channel}`) : r.channel}</span>,
    },
    {
      key: "delivery",
      title: t("reminders.delivery"),
      render: (r) => {
        const state = isOneOf(DELIVERIES, r.delivery) ? r.delivery : "gone";
        return (
          <span className={`outbox-state outbox-state-${state}`} data-state={state}>
            {t(`reminders.deliveries.${state}`)}
          </span>
        );
      },
    },
  ];

  return (
    <>
      <PageHead title={t("page.reminders")} trail={trail} />
      <section className="staff-reminders" data-testid="reminders-staff" data-state={overview ? "shown" : value === false ? "failed" : "loading"}>
        <div className="reminders-head">
          <p className="reminders-intro">{t("reminders.staffIntro")}</p>
          <button type="button" className="button button-small" onClick={refresh} data-testid="reminders-refresh">
            {t("reminders.refresh")}
          </button>
        </div>

        <h2 className="section-title" id="reminders-scheduled">
          {t("reminders.scheduledTitle")}
        </h2>
        {overview ? (
          <ul className="reminder-counts" aria-labelledby="reminders-scheduled">
            <li className="reminder-count reminder-count-all" data-empty={total === 0 || undefined} data-testid="reminders-total">
              <span className="reminder-count-figure">{total}</span>
              <span className="reminder-count-kind">{t("reminders.all")}</span>
            </li>
            {KINDS.map((k) => {
              const n = overview.scheduled.counts[k] ?? 0;
              return (
                <li key={k} className="reminder-count" data-kind={k} data-empty={n === 0 || undefined} data-testid={`reminder-count-${k}`}>
                  <span className="reminder-count-figure">{n}</span>
                  <span className="reminder-count-kind">{t(`reminders.kinds.${k}`)}</span>
                </li>
              );
            })}
          </ul>
        ) : null}
        <p className="reminders-note">{t("reminders.scheduledNote")}</p>
        <CardList
          list={overview ? overview.scheduled.list : null}
          failed={value === false}
          onRetry={refresh}
          columns={scheduledColumns}
          rowKey={(r) => `${r.kind}-${r.user.id}-${r.due}-${r.nameEn}`}
          label={t("reminders.scheduledCaption")}
          empty={t("reminders.scheduledEmpty")}
          itemTestId="scheduled-row"
        />

        <h2 className="section-title" id="reminders-sent">
          {t("reminders.sentTitle")}
        </h2>
        <CardList
          list={overview ? overview.sent.list : null}
          failed={value === false}
          onRetry={refresh}
          columns={sentColumns}
          rowKey={(r) => r.id}
          label={t("reminders.sentCaption")}
          empty={t("reminders.sentEmpty")}
          itemTestId="sent-row"
          paging={overview ? { index: overview.sent.index, max: overview.sent.max, count: overview.sent.count, asked: index, onChange: (i) => (setNow(Date.now()), setIndex(i)) } : undefined}
        />
      </section>
    </>
  );
}

/** The system page's line: how many reminders are scheduled over the next day, and the way to the page. */
export function RemindersLine() {
  const t = useT();
  const overview = useLoaded(loadOverview(1), []);
  if (!overview) return null;
  const count = KINDS.reduce((n, k) => n + (overview.scheduled.counts[k] ?? 0), 0);
  return (
    <p className="system-line panel" data-testid="reminders-line">
      <span>{t("reminders.line", { count })}</span>
      <Link href={REMINDERS_PATH} className="button button-small">
        {t("reminders.manage")}
      </Link>
    </p>
  );
}
