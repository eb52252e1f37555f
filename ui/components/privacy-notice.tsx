// The privacy notice as anyone reads it (issue 31 item 4): the version in
// force, read from /privacy/notice, shown as plain text in paragraphs (never
// as HTML: what an officer typed stays text), in the page's language with a
// way to read the other. The window the footer's link and the activation
// form's checkbox open (NoticeDialog), and what the consent gate shows inside
// its own window (./consent-gate.tsx). A chunk of its own with its texts,
// loaded when the notice is first asked for (docs/decisions.md 102).
import { useState } from "react";
import { useSnapshot } from "valtio";
import type { AnswerOf } from "../../src/domains/api";
import { isSuccess } from "../../src/protocol/result";
import { api } from "../api";
import { addTexts, useT } from "../i18n";
import consent from "../i18n/areas/consent";
import { formatChinaDate } from "../lib/china-time";
import { type Load, useLoader } from "../lib/use-loaded";
import { type Language, session } from "../state/session";
import { Dialog } from "./dialog";

addTexts({ zh: { consent: consent.zh }, en: { consent: consent.en } });

export type Notice = NonNullable<AnswerOf<"/privacy/notice">["notice"]>;

/** The notice in force (its `notice` null when none is published yet); false when it could not be read. */
export const loadNotice: Load<{ notice: Notice | null }> = async () => {
  const answer = await api.call("/privacy/notice");
  return isSuccess(answer) && { notice: answer.notice ?? null };
};

/** The notice's text in one language: a paragraph for each block between blank lines, its single line breaks kept. */
export function NoticeText({ notice, language }: { notice: Notice; language: Language }) {
  const text = language === "en" ? notice.textEn : notice.textZh;
  return (
    <div className="notice-text" lang={language === "en" ? "en" : "zh-CN"} data-testid="notice-text">
      {text.split(/\n{2,}/).map((paragraph, i) => (
        <p key={i}>{paragraph}</p>
      ))}
    </div>
  );
}

/** The version and its date, the switch to the other language, and the text. */
export function NoticeBody({ notice }: { notice: Notice }) {
  const t = useT();
  const { language } = useSnapshot(session);
  // The other language, once asked for; a change of the page's language shows that language again.
  const [other, setOther] = useState<Language | null>(null);
  const reading = other ?? language;
  const switchTo: Language = reading === "en" ? "zh" : "en";
  return (
    <div className="notice" data-testid="notice" data-version={notice.version}>
      <div className="notice-head">
        <p className="notice-facts">{t("consent.facts", { version: notice.version, date: formatChinaDate(notice.publishedAt) })}</p>
        <button type="button" className="link-button notice-switch" onClick={() => setOther(switchTo === language ? null : switchTo)} data-testid="notice-switch">
          {t(switchTo === "en" ? "consent.readEn" : "consent.readZh")}
        </button>
      </div>
      <NoticeText notice={notice} language={reading} />
    </div>
  );
}

/** What a load of the notice shows: the notice, or why there is none (with a retry when it failed). */
export function NoticeState({ value, onRetry }: { value: { notice: Notice | null } | null | false; onRetry: () => void }) {
  const t = useT();
  if (value === null) return <p className="notice-waiting" aria-busy="true">{t("consent.loading")}</p>;
  if (value === false)
    return (
      <div className="notice-failed" role="alert">
        <p>{t("consent.failed")}</p>
        <button type="button" className="button" onClick={onRetry}>
          {t("common.retry")}
        </button>
      </div>
    );
  if (!value.notice) return <p className="notice-none">{t("consent.none")}</p>;
  return <NoticeBody notice={value.notice} />;
}

/** The notice in a window of its own, read and closed: the footer's link, the activation form's (which shows the version its checkbox accepts). */
export function NoticeDialog({ notice, onClose }: { notice?: Notice; onClose: () => void }) {
  const t = useT();
  const { value, reload } = useLoader(notice ? async () => ({ notice }) : loadNotice, [notice?.version]);
  return (
    <Dialog
      title={t("consent.title")}
      onClose={onClose}
      width={640}
      footer={
        <button type="button" className="button button-primary" onClick={onClose} data-testid="notice-close">
          {t("common.close")}
        </button>
      }
    >
      <div data-testid="notice-window" data-state={value ? "shown" : value === false ? "failed" : "loading"}>
        <NoticeState value={value} onRetry={reload} />
      </div>
    </Dialog>
  );
}
