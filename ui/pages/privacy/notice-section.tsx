// The privacy notice, on the privacy and security page (issue 31 item 4): the
// version in force, when it was published and how many active members have
// accepted it, the earlier versions with theirs (a table on a desk, cards on
// a phone), and the window that publishes a new version (./publish-window.tsx).
import { useState } from "react";
import type { AnswerOf } from "../../../src/domains/api";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { type Column, CardList } from "../../components/card-list";
import { NoticeDialog } from "../../components/privacy-notice";
import { useT } from "../../i18n";
import { formatChinaDate, formatChinaDateTime } from "../../lib/china-time";
import { useLoader } from "../../lib/use-loaded";
import { PublishWindow } from "./publish-window";

type Answer = AnswerOf<"/privacy/notice/list">;
type Row = NonNullable<Answer["list"]>[number];
type Versions = { active: number; list: Row[] };

const loadVersions = async (): Promise<Versions | false> => {
  const answer = await api.call("/privacy/notice/list");
  return isSuccess(answer) && !!answer.list && { active: answer.active ?? 0, list: answer.list };
};

/** A version as the notice's window shows it. */
const noticeOf = (row: Row) => ({ version: row.version, textZh: row.textZh, textEn: row.textEn, publishedAt: row.publishedAt ?? "" });

export function NoticeSection() {
  const t = useT();
  const { value, reload } = useLoader(loadVersions, [], { keep: true });
  const [open, setOpen] = useState<"read" | "publish" | null>(null);
  const versions = value || null;
  const current = versions?.list[0] ?? null;

  // On a phone each version is a card headed by its number.
  const columns: Column<Row>[] = [
    { key: "version", title: t("privacy.notice.columns.version"), place: "title", render: (r) => t("privacy.notice.versionValue", { version: r.version }) },
    { key: "published", title: t("privacy.notice.columns.published"), render: (r) => <span className="notice-date">{r.publishedAt ? formatChinaDate(r.publishedAt) : "—"}</span> },
    { key: "accepted", title: t("privacy.notice.columns.accepted"), render: (r) => <span className="notice-count">{t("privacy.notice.acceptedCount", { accepted: r.accepted })}</span> },
  ];

  return (
    <section className="privacy-part" aria-labelledby="privacy-notice-title" data-testid="privacy-notice" data-state={versions ? "shown" : value === false ? "failed" : "loading"}>
      <h2 className="privacy-part-title" id="privacy-notice-title">
        {t("privacy.notice.title")}
      </h2>
      <p className="privacy-intro">{t("privacy.notice.intro")}</p>
      <div className="privacy-setting panel">
        {versions && !current ? (
          <p className="privacy-setting-text">{t("privacy.notice.none")}</p>
        ) : (
          <dl className="factor-facts">
            <div className="factor-fact">
              <dt>{t("privacy.notice.version")}</dt>
              <dd>
                <strong data-testid="notice-version">{current ? t("privacy.notice.versionValue", { version: current.version }) : "…"}</strong>
              </dd>
            </div>
            <div className="factor-fact">
              <dt>{t("privacy.notice.published")}</dt>
              <dd>
                <strong data-testid="notice-published">{current?.publishedAt ? formatChinaDateTime(current.publishedAt) : current ? "—" : "…"}</strong>
              </dd>
            </div>
            <div className="factor-fact">
              <dt>{t("privacy.notice.accepted")}</dt>
              <dd>
                <strong data-testid="notice-accepted">{current && versions ? t("privacy.notice.acceptedValue", { accepted: current.accepted, active: versions.active }) : "…"}</strong>
              </dd>
            </div>
          </dl>
        )}
        <div className="notice-actions">
          {current ? (
            <button type="button" className="button button-quiet" onClick={() => setOpen("read")} data-testid="notice-read">
              {t("privacy.notice.read")}
            </button>
          ) : null}
          <button type="button" className="button" disabled={!versions} onClick={() => setOpen("publish")} data-testid="notice-publish">
            {t("privacy.notice.publish")}
          </button>
        </div>
      </div>
      <h3 className="section-title" id="notice-earlier">
        {t("privacy.notice.earlier")}
      </h3>
      <CardList
        list={versions ? versions.list.slice(1) : null}
        failed={value === false}
        onRetry={reload}
        columns={columns}
        rowKey={(r) => r.version}
        label={t("privacy.notice.caption")}
        empty={t("privacy.notice.empty")}
        itemTestId="notice-row"
      />
      {open === "read" && current ? <NoticeDialog notice={noticeOf(current)} onClose={() => setOpen(null)} /> : null}
      {open === "publish" && versions ? (
        <PublishWindow
          textZh={current?.textZh ?? ""}
          textEn={current?.textEn ?? ""}
          onClose={() => setOpen(null)}
          onPublished={() => {
            setOpen(null);
            reload();
          }}
        />
      ) : null}
    </section>
  );
}
