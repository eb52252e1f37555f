// The waiting lists on the member's order list (issue 20): each line the
// member is in with their place, and each place held for them with its end
// (China time) and "Sign up now", which opens the activity's normal sign-up
// windows on the held place. Nothing shows when the member waits for nothing.
import { Link } from "wouter";
import { useSnapshot } from "valtio";
import { isSuccess } from "../../../src/protocol/result";
import type { ItemOf } from "../../../src/domains/api";
import { api } from "../../api";
import { pick, useT } from "../../i18n";
import "../../i18n/sign-up-texts";
import { formatChinaDateTime } from "../../lib/china-time";
import { useLoaded } from "../../lib/use-loaded";
import { session } from "../../state/session";

type Entry = ItemOf<"/waitlist/mine">;

export function WaitlistOffers() {
  const t = useT();
  const { language } = useSnapshot(session);
  const entries = useLoaded<Entry[]>(async () => {
    const answer = await api.call("/waitlist/mine", {});
    return isSuccess(answer) && answer.list ? [...answer.list] : false;
  }, []);
  if (!entries || entries.length === 0) return null;
  return (
    <section className="waitlist-mine" aria-labelledby="waitlist-mine-title" data-testid="waitlist-mine">
      <h3 id="waitlist-mine-title" className="waitlist-mine-title">
        {t("waitlist.title")}
      </h3>
      <p className="section-intro">{t("waitlist.intro")}</p>
      <ul className="waitlist-mine-list">
        {entries.map((e) => {
          const offered = e.state === "offered";
          return (
            <li key={e.id} className={`waitlist-mine-item${offered ? " waitlist-mine-offered" : ""}`} data-testid="waitlist-entry" data-state={e.state}>
              <div className="waitlist-mine-facts">
                <span className="cell-name">{pick(language, e.activity.nameZh, e.activity.nameEn)}</span>
                <span className={`state-tag${offered ? " state-201" : ""}`}>{t(offered ? "waitlist.offeredTag" : "waitlist.waitingTag")}</span>
                <span className="muted">{offered ? t("waitlist.until", { time: formatChinaDateTime(e.expires!) }) : t("waitlist.position", { position: e.position ?? 1 })}</span>
              </div>
              {offered ? (
                <Link href={`/activity/info?id=${e.activity.id}&offer=1`} className="button button-primary" data-testid="waitlist-offer-sign-up">
                  {t("waitlist.signUpNow")}
                </Link>
              ) : (
                <Link href={`/activity/info?id=${e.activity.id}`} className="link-button">
                  {t("waitlist.open")}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
