// Personal centre > security: the private calendar feed (issue 20 item 4).
// The member makes an address, copies it into a calendar app, and renews or
// turns it off. The server keeps only the token's hash, so the address is
// shown once, when made; afterwards the page says since when one exists.
import { formatChinaDateTime } from "../../lib/china-time";
import { useLoader } from "../../lib/use-loaded";
import { useState } from "react";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { confirm, showMessage } from "../../components/message-box";
import { resultText, useT } from "../../i18n";
import "../../i18n/sign-up-texts";
import { session } from "../../state/session";
import { PanelHead } from "./panel-head";

type Feed = { createTime: string } | null;

/** The address a calendar app reads: a plain GET on this site, the token in it. */
export const feedAddress = (token: string) => `${window.location.origin}/api/calendar/feed?token=${token}`;

export function CalendarFeed() {
  const t = useT();
  // undefined while it is read, null when there is no feed.
  const loaded = useLoader(() => api.call("/user/calendar").then((answer) => isSuccess(answer) && { feed: (answer.feed ?? null) as Feed }), []);
  const feed = loaded.value ? loaded.value.feed : undefined;
  const setFeed = (next: Feed) => loaded.set({ feed: next });
  const [fresh, setFresh] = useState<string | null>(null);

  const make = async () => {
    if (feed && !(await confirm(t("calendar.feed.renewConfirm"), { ok: t("calendar.feed.renew") }))) return;
    // The feed's texts follow the language the page is read in now.
    const answer = await api.call("/user/calendar/create", { language: session.language });
    if (!isSuccess(answer)) return showMessage(resultText(t, answer.message));
    setFeed({ createTime: answer.createTime });
    setFresh(feedAddress(answer.token));
  };

  const revoke = async () => {
    if (!(await confirm(t("calendar.feed.revokeConfirm"), { ok: t("calendar.feed.revoke") }))) return;
    const answer = await api.call("/user/calendar/revoke");
    if (!isSuccess(answer) && answer.message.code !== "ERROR_RESULT_NULL") return showMessage(resultText(t, answer.message));
    setFeed(null);
    setFresh(null);
    await showMessage(t("calendar.feed.revoked"));
  };

  const copy = async (address: string) => {
    try {
      await navigator.clipboard.writeText(address);
      await showMessage(t("calendar.feed.copied"));
    } catch {
      await showMessage(t("calendar.feed.copyFailed"));
    }
  };

  return (
    <div className="panel centre-panel calendar-feed" data-testid="calendar-feed" data-state={feed === undefined ? "loading" : feed ? "on" : "off"}>
      <PanelHead
        name="calendar-feed"
        icon="M3.5 5h13v11.5h-13zM3.5 8.5h13M7 3v3.5M13 3v3.5M7 12h2M11 12h2"
        title={t("calendar.feed.title")}
        under={
          <p className="security-value" data-testid="calendar-feed-state">
            {feed ? t("calendar.feed.since", { date: formatChinaDateTime(feed.createTime) }) : feed === null ? t("calendar.feed.none") : "\u00a0"}
          </p>
        }
        action={
          <div className="calendar-feed-actions">
            {feed ? (
              <button type="button" className="button button-quiet" onClick={() => void revoke()} data-testid="calendar-feed-revoke">
                {t("calendar.feed.revoke")}
              </button>
            ) : null}
            <button type="button" className={`button ${feed ? "button-quiet" : "button-primary"}`} onClick={() => void make()} disabled={feed === undefined} data-testid="calendar-feed-make">
              {t(feed ? "calendar.feed.renew" : "calendar.feed.create")}
            </button>
          </div>
        }
      />
      <p className="field-hint calendar-feed-intro">{t("calendar.feed.intro")}</p>
      {fresh ? (
        <div className="calendar-feed-fresh" data-testid="calendar-feed-fresh">
          <label className="security-label" htmlFor="calendar-feed-address">
            {t("calendar.feed.address")}
          </label>
          <textarea id="calendar-feed-address" className="input mono calendar-feed-address" readOnly rows={2} value={fresh} onFocus={(e) => e.currentTarget.select()} data-testid="calendar-feed-address" />
          <p className="calendar-feed-once" role="note">
            {t("calendar.feed.once")}
          </p>
          <div className="calendar-feed-buttons">
            <button type="button" className="button button-primary" onClick={() => void copy(fresh)} data-testid="calendar-feed-copy">
              {t("calendar.feed.copy")}
            </button>
            <a className="button button-quiet" href={fresh.replace(/^https?:/, "webcal:")}>
              {t("calendar.feed.subscribe")}
            </a>
          </div>
        </div>
      ) : null}
    </div>
  );
}
