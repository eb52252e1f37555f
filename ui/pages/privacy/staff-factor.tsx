// Two-step verification for staff, on the privacy and security page (issue 31
// item 1): the grace staff have to set it up, the deadline that gives
// (changed in ./grace-window.tsx), and the staff accounts still without it.
// Also the system page's line of it.
import { useState } from "react";
import { Link } from "wouter";
import { useSnapshot } from "valtio";
import type { AnswerOf } from "../../../src/domains/api";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { type Column, CardList } from "../../components/card-list";
import { pick, useT } from "../../i18n";
import { formatChinaDate, formatChinaDateTime } from "../../lib/china-time";
import { useLoaded, useLoader } from "../../lib/use-loaded";
import { reloadUser, session } from "../../state/session";
import { DaysWindow, type Limits } from "./days-window";

type Answer = AnswerOf<"/security/config">;
type Row = NonNullable<Answer["missing"]>[number];
type Settings = { graceDays: number; since: string | null; deadline: string | null; limits: Limits; missing: Row[] };

const loadSettings = async (): Promise<Settings | false> => {
  const answer = await api.call("/security/config");
  return (
    isSuccess(answer) &&
    !!answer.limits && { graceDays: answer.graceDays ?? 0, since: answer.since ?? null, deadline: answer.deadline ?? null, limits: answer.limits, missing: answer.missing ?? [] }
  );
};

export function StaffFactorSection() {
  const t = useT();
  const { language } = useSnapshot(session);
  const { value, reload } = useLoader(loadSettings, [], { keep: true });
  const [editing, setEditing] = useState(false);
  const settings = value || null;
  // The grace counts from when the requirement began; before it has, from now.
  const since = settings?.since ?? new Date().toISOString();
  const passed = !!settings?.deadline && Date.parse(settings.deadline) <= Date.now();

  // On a phone each account is a card headed by the name.
  const columns: Column<Row>[] = [
    { key: "employees", title: t("privacy.factor.employees"), render: (r) => <span className="privacy-employees">{r.user.employees ?? "—"}</span> },
    { key: "name", title: t("privacy.factor.name"), place: "title", render: (r) => r.user.name ?? "—" },
    { key: "role", title: t("privacy.factor.role"), render: (r) => pick(language, r.role.nameZh, r.role.nameEn) },
  ];

  return (
    <section className="privacy-part" aria-labelledby="staff-factor-title" data-testid="staff-factor" data-state={settings ? "shown" : value === false ? "failed" : "loading"}>
      <h2 className="privacy-part-title" id="staff-factor-title">
        {t("privacy.factor.title")}
      </h2>
      <p className="privacy-intro">{t("privacy.factor.intro")}</p>
      <div className="privacy-setting panel">
        <dl className="factor-facts">
          <div className="factor-fact">
            <dt>{t("privacy.factor.grace")}</dt>
            <dd>
              <strong data-testid="factor-grace">{settings ? t("privacy.factor.days", { days: settings.graceDays }) : "…"}</strong>
              {settings?.since ? <span className="factor-since">{t("privacy.factor.since", { date: formatChinaDate(settings.since) })}</span> : null}
            </dd>
          </div>
          <div className="factor-fact">
            <dt>{t("privacy.factor.deadline")}</dt>
            <dd>
              <strong data-testid="factor-deadline">{settings?.deadline ? formatChinaDateTime(settings.deadline) : settings ? "—" : "…"}</strong>
              {passed ? (
                <span className="factor-passed" data-testid="factor-passed">
                  {t("privacy.factor.passed")}
                </span>
              ) : null}
            </dd>
          </div>
        </dl>
        <button type="button" className="button" disabled={!settings} onClick={() => setEditing(true)} data-testid="factor-change">
          {t("privacy.factor.change")}
        </button>
      </div>
      <h3 className="section-title factor-missing-title" id="factor-missing">
        {t("privacy.factor.missing")}
        {settings ? (
          <span className="factor-count" data-testid="factor-count">
            {t("privacy.factor.count", { count: settings.missing.length })}
          </span>
        ) : null}
      </h3>
      <CardList
        list={settings ? settings.missing : null}
        failed={value === false}
        onRetry={reload}
        columns={columns}
        rowKey={(r) => r.user.id}
        label={t("privacy.factor.caption")}
        empty={t("privacy.factor.empty")}
        itemTestId="factor-row"
      />
      {editing && settings ? (
        <DaysWindow
          setting={{
            id: "grace",
            texts: "privacy.factor.window",
            days: settings.graceDays,
            serverField: "graceDays",
            limits: settings.limits,
            hint: { since: formatChinaDate(since) },
            // Never null: the grace has no "indefinitely".
            save: (graceDays) => api.call("/security/config/save", { graceDays: graceDays! }),
            below: (days) => <GraceDeadline since={since} days={days} />,
          }}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            reload();
            // The officer's own deadline moved with the grace: the staff pages remind or shut as they now should.
            void reloadUser();
          }}
        />
      ) : null}
    </section>
  );
}

/** The system page's line: how many staff accounts have no two-step verification yet, and the way to the page. */
export function StaffFactorLine() {
  const t = useT();
  const settings = useLoaded(loadSettings, []);
  if (!settings) return null;
  const count = settings.missing.length;
  return (
    <p className="system-line panel" data-testid="factor-line">
      <span>{count ? t("privacy.factor.line", { count }) : t("privacy.factor.lineNone")}</span>
      <Link href="/system/privacy" className="button button-small">
        {t("privacy.manage")}
      </Link>
    </p>
  );
}

const DAY_MS = 86_400_000;

/** The deadline the days typed give, counted from when the requirement began. */
function GraceDeadline({ since, days }: { since: string; days: number | null }) {
  const t = useT();
  const deadline = days === null ? Number.NaN : Date.parse(since) + days * DAY_MS;
  if (Number.isNaN(deadline)) return null;
  return (
    <p className="grace-deadline" data-testid="grace-deadline" aria-live="polite">
      {t(deadline <= Date.now() ? "privacy.factor.window.deadlinePassed" : "privacy.factor.window.deadline", { date: formatChinaDateTime(deadline) })}
    </p>
  );
}
