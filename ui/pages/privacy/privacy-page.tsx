// Privacy and security (/system/privacy), for the officers who mark members
// as left (FUNCTION_USER_OPERATION_STATE). Departed members' data (issue 31
// item 4, docs/decisions.md 131): what happens after leaving, how long the
// data is kept, changed in a window (./keep-window.tsx), and who is replaced
// by a pseudonym next and when (the server's 20 soonest). Then the privacy
// notice members accept, and its versions (issue 31 item 4,
// ./notice-section.tsx), and two-step verification for staff (issue 31
// item 1, ./staff-factor.tsx). Reached from
// the lines on the system page and a button on member management.
import { useState } from "react";
import { Link } from "wouter";
import type { AnswerOf } from "../../../src/domains/api";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { PageHead } from "../../components/breadcrumb";
import { type Column, CardList } from "../../components/card-list";
import { type Translate, addTexts, useT } from "../../i18n";
import privacy from "../../i18n/areas/privacy";
import { formatChinaDate } from "../../lib/china-time";
import { useLoaded, useLoader } from "../../lib/use-loaded";
import { hasPower } from "../../state/session";
import { DaysWindow, type Limits } from "./days-window";
import { NoticeSection } from "./notice-section";
import { StaffFactorSection } from "./staff-factor";

export { StaffFactorLine } from "./staff-factor";

// Staff-only texts come with the staff chunk that shows them (docs/decisions.md 102).
addTexts({ zh: { privacy: privacy.zh }, en: { privacy: privacy.en } });

type Row = NonNullable<AnswerOf<"/privacy/config">["next"]>[number];
type Settings = { keepDays: number | null; limits: Limits; next: Row[] };

/** Who may open the page: the power that marks members as left (the server asks for it too). */
export const mayKeep = () => hasPower("FUNCTION_USER_OPERATION_STATE");

/** The keep in words: "Kept 365 days", "Kept indefinitely". */
const keepText = (t: Translate, keepDays: number | null) => (keepDays === null ? t("privacy.forever") : t("privacy.days", { days: keepDays }));

const loadSettings = async (): Promise<Settings | false> => {
  const answer = await api.call("/privacy/config");
  return isSuccess(answer) && !!answer.limits && { keepDays: answer.keepDays ?? null, limits: answer.limits, next: answer.next ?? [] };
};

export function PrivacyPage() {
  const t = useT();
  const { value, reload } = useLoader(loadSettings, [], { keep: true });
  const [editing, setEditing] = useState(false);
  const settings = value || null;
  // Administrators come from the system page; the others from member management.
  const trail = hasPower("FUNCTION_SYSTEM_PAGE") ? [{ label: t("page.browse"), href: "/system" }, { label: t("page.privacy") }] : undefined;

  // On a phone each member is a card headed by the name, every date labelled.
  const columns: Column<Row>[] = [
    { key: "employees", title: t("privacy.employees"), render: (r) => <span className="privacy-employees">{r.user.employees}</span> },
    { key: "name", title: t("privacy.name"), place: "title", render: (r) => r.user.name ?? "—" },
    { key: "left", title: t("privacy.leftAt"), render: (r) => (r.leftAt ? formatChinaDate(r.leftAt) : "—") },
    {
      key: "erase",
      title: t("privacy.eraseAt"),
      render: (r) => (r.eraseAt ? <span className="privacy-erase-at">{formatChinaDate(r.eraseAt)}</span> : <span className="muted">{t("privacy.noLeftAt")}</span>),
    },
  ];

  return (
    <>
      <PageHead title={t("page.privacy")} trail={trail} />
      <section className="privacy privacy-part" aria-labelledby="privacy-departed" data-testid="privacy" data-state={settings ? "shown" : value === false ? "failed" : "loading"}>
        <h2 className="privacy-part-title" id="privacy-departed">
          {t("privacy.departed")}
        </h2>
        <p className="privacy-intro">{t("privacy.intro")}</p>
        <div className="privacy-setting panel">
          <p className="privacy-setting-text">
            <span className="privacy-setting-label">{t("privacy.setting")}</span>
            <strong data-testid="privacy-keep">{settings ? keepText(t, settings.keepDays) : "…"}</strong>
          </p>
          <button type="button" className="button" disabled={!settings} onClick={() => setEditing(true)} data-testid="privacy-change">
            {t("privacy.change")}
          </button>
        </div>
        <h3 className="section-title" id="privacy-next">
          {t("privacy.next")}
        </h3>
        <p className="privacy-note">{t("privacy.nextNote")}</p>
        <CardList
          list={settings ? settings.next : null}
          failed={value === false}
          onRetry={reload}
          columns={columns}
          rowKey={(r) => r.user.id}
          label={t("privacy.caption")}
          empty={t(settings?.keepDays === null ? "privacy.emptyForever" : "privacy.empty")}
          itemTestId="privacy-row"
        />
      </section>
      <NoticeSection />
      <StaffFactorSection />
      {editing && settings ? (
        <DaysWindow
          setting={{
            id: "keep",
            texts: "privacy.window",
            days: settings.keepDays,
            forever: true,
            serverField: "keepDays",
            limits: settings.limits,
            save: (keepDays) => api.call("/privacy/config/save", { keepDays }),
          }}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            reload();
          }}
        />
      ) : null}
    </>
  );
}

/** The system page's line: how long departed members' data is kept, and the way to the page. */
export function PrivacyLine() {
  const t = useT();
  const settings = useLoaded(loadSettings, []);
  if (!settings) return null;
  return (
    <p className="system-line panel" data-testid="privacy-line">
      <span>{t("privacy.line", { setting: keepText(t, settings.keepDays) })}</span>
      <Link href="/system/privacy" className="button button-small">
        {t("privacy.manage")}
      </Link>
    </p>
  );
}
