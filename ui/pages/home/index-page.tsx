// Home (/index), spec 2 section 2: the greeting and the dues reminder, the
// banner carousel, the open surveys and votes meant for the member (issue 32
// item 4), the latest notices and news, up to three activities, the
// clubs' and the gift showcase's buttons, the side links with the health
// section and the unread-mailbox mark, and the editor's announcement once.
// Staff with FUNCTION_ACTIVITY_EDIT open the banner and announcement
// windows from here (a lazy chunk with its own stylesheet).
import { Suspense, lazy, useState } from "react";
import { Link } from "wouter";
import { useSnapshot } from "valtio";
import type { AnswerOf, ItemOf } from "../../../src/domains/api";
import type { PropertyView } from "../../../src/domains/property/service";
import { isSuccess } from "../../../src/protocol/result";
import { MODULE_SHOW } from "../../../src/protocol/enumerations";
import { api } from "../../api";
import { unescapeAngles } from "../../../src/protocol/identity";
import { pick, useT } from "../../i18n";
import { checkInHref } from "../../lib/check-in-address";
import { lotteryHref } from "../../lib/lottery-address";
import { withAreaStyles } from "../../lib/area-styles";
import { formatChinaDate, formatChinaDateTime } from "../../lib/china-time";
import { useLoaded, useLoader } from "../../lib/use-loaded";
import { type User, hasPower, session } from "../../state/session";
import { membership } from "../../state/membership";
import { DuesStatus } from "../membership/dues-status";
import { type Announcement, AnnouncementPopup } from "./announcement";
import { Carousel, type CarouselBanner } from "./carousel";
import { type NewsRow, latestNews, mailboxUnread } from "./feeds";
import { type Site, SideLinks } from "./side-links";
import type { MySurveys } from "../surveys/home-panel";

// The cover picker's styles are the editing area's (ui/components/editing.css).
// The lists' sheet brings the pager's styles.
const editors = withAreaStyles(["lists", "editing", "homeEdit"], () => import("./editors"));
const BannerListWindow = lazy(() => editors().then((m) => ({ default: m.BannerListWindow })));
const AnnouncementWindow = lazy(() => editors().then((m) => ({ default: m.AnnouncementWindow })));
// The surveys and votes meant for the member (issue 32 item 4): a chunk with its own stylesheet, loaded only when there are some.
const SurveysPanel = lazy(withAreaStyles("surveys", () => import("../surveys/home-panel").then((m) => ({ default: m.SurveysPanel }))));

/** The member's name: their value of the property whose purpose is NAME. */
export function memberName(user: Pick<User, "values">, properties: Pick<PropertyView, "id" | "purpose">[], nameId: number | undefined) {
  const property = properties.find((p) => p.purpose?.id === nameId);
  const value = property && user.values.find((v) => v.property.id === property.id)?.value;
  return typeof value === "string" ? value.trim() : "";
}

/** Spec 2 section 9: up to 3 activities. */
const HOME_ACTIVITIES = 3;

type Feed = NewsRow[] | "failed" | null;
/** The page's parts stay on screen while they are read again. */
const KEEP = { keep: true };
type Tile = ItemOf<"/activity/all">;

function NewsPanel({ kind, rows }: { kind: "notice" | "news"; rows: Feed }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const title = kind === "notice" ? t("home.notices") : t("home.news");
  const id = `home-${kind}-title`;
  return (
    <section className={`home-panel home-${kind}`} aria-labelledby={id} data-testid={`home-${kind}`}>
      <div className="home-panel-head">
        <h2 id={id} className="home-panel-title">
          {title}
        </h2>
        <Link href={`/news/list?type=${kind}`} className="home-more" aria-label={kind === "notice" ? t("home.moreNotices") : t("home.moreNews")} data-testid={`more-${kind}`}>
          {t("home.more")}
        </Link>
      </div>
      {rows === null ? <div className="home-loading" aria-busy="true" /> : null}
      {rows === "failed" ? <p className="home-empty">{t("home.newsUnavailable")}</p> : null}
      {Array.isArray(rows) && rows.length === 0 ? <p className="home-empty">{kind === "notice" ? t("home.noNotices") : t("home.noNews")}</p> : null}
      {Array.isArray(rows) && rows.length > 0 ? (
        <ul className={kind === "news" ? "home-news-list" : "home-notice-list"}>
          {rows.map((row) => (
            <li key={row.id}>
              <Link href={`/news/info?id=${row.id}`} className="home-news-item">
                {kind === "news" ? <span className="home-news-cover">{row.face ? <img src={row.face} alt="" /> : null}</span> : null}
                <span className="home-news-name">
                  {row.isTop ? <span className="home-tag">{t("home.top")}</span> : null}
                  {kind === "notice" && row.checked === false ? <span className="home-tag home-tag-new">{t("home.isNew")}</span> : null}
                  {unescapeAngles(pick(language, row.nameZh, row.nameEn))}
                </span>
                <time className="home-news-date" dateTime={row.date}>
                  {formatChinaDate(row.date)}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function ActivitiesPanel({ tiles }: { tiles: Tile[] | null | "failed" }) {
  const t = useT();
  const { language } = useSnapshot(session);
  return (
    <section className="home-panel home-activities" aria-labelledby="home-activities-title">
      <div className="home-panel-head">
        <h2 id="home-activities-title" className="home-panel-title">
          {t("home.activities")}
        </h2>
        <Link href="/activity" className="home-more" aria-label={t("home.moreActivities")}>
          {t("home.more")}
        </Link>
      </div>
      {tiles === null ? <div className="home-loading" aria-busy="true" /> : null}
      {/* Offline, or refused: never "no activities", which would be news the server did not give. */}
      {tiles === "failed" ? <p className="home-empty">{t("home.newsUnavailable")}</p> : null}
      {Array.isArray(tiles) && tiles.length === 0 ? <p className="home-empty">{t("home.noActivities")}</p> : null}
      {Array.isArray(tiles) && tiles.length > 0 ? (
        <ul className="home-activity-list">
          {tiles.map((tile) => (
            <li key={tile.id}>
              <Link href={`/activity/info?id=${tile.id}`} className="home-activity" data-testid="home-activity">
                <span className="home-activity-cover">{tile.face ? <img src={tile.face} alt="" /> : null}</span>
                <span className="home-activity-name">{unescapeAngles(pick(language, tile.nameZh, tile.nameEn))}</span>
                {tile.signEnd ? <span className="home-activity-date">{t("home.signEnd", { date: formatChinaDate(tile.signEnd) })}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** The clubs' and the gift showcase's buttons; without a gift module, the coming-soon picture. */
function ModuleButtons({ club, gift }: { club: number | null | undefined; gift: number | null | undefined }) {
  const t = useT();
  return (
    <div className="home-modules">
      {club ? (
        <Link href={`/activity/module?id=${club}`} className="module-button module-club" data-testid="club-button">
          <span className="module-button-title">{t("home.club")}</span>
          <span className="module-button-desc">{t("home.clubDesc")}</span>
        </Link>
      ) : null}
      {gift ? (
        <Link href={`/market?id=${gift}`} className="module-button module-gift" data-testid="gift-button">
          <span className="module-button-title">{t("home.gift")}</span>
          <span className="module-button-desc">{t("home.giftDesc")}</span>
        </Link>
      ) : gift === null ? (
        <div className="module-button module-gift module-soon" data-testid="gift-soon" role="img" aria-label={`${t("home.gift")}: ${t("home.comingSoon")}`}>
          <svg className="soon-art" viewBox="0 0 64 64" width="56" height="56" aria-hidden="true">
            <rect x="10" y="26" width="44" height="30" rx="3" fill="none" stroke="currentColor" strokeWidth="2.5" />
            <rect x="6" y="18" width="52" height="10" rx="2" fill="none" stroke="currentColor" strokeWidth="2.5" />
            <path d="M32 18v38M32 18c-4-8-14-9-14-3s10 3 14 3c4 0 14 3 14-3s-10-5-14 3" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round" />
          </svg>
          <span className="module-button-title">{t("home.gift")}</span>
          <span className="module-button-desc">{t("home.comingSoon")}</span>
        </div>
      ) : null}
    </div>
  );
}

export function IndexPage() {
  const t = useT();
  const { user, types } = useSnapshot(session);
  const dues = useSnapshot(membership);
  const [editing, setEditing] = useState<"banners" | "announcements" | null>(null);
  const [reload, setReload] = useState(0);
  const editor = user !== null && hasPower("FUNCTION_ACTIVITY_EDIT");
  const doorKeeper = user !== null && hasPower("FUNCTION_ACTIVITY_CHECK_IN");
  const drawKeeper = user !== null && hasPower("FUNCTION_ACTIVITY_LOTTERY");
  const surveyKeeper = user !== null && hasPower("FUNCTION_SURVEY_EDIT");

  const greeting = useLoaded(
    async () => {
      const [properties, log] = await Promise.all([api.call("/user/properties"), api.call("/system/login/log")]);
      const found = isSuccess(properties) && properties.list && session.user;
      return {
        name: found ? memberName(session.user!, properties.list!, session.types?.PROPERTY_PURPOSE_NAME) : "",
        // The newest entry is this sign-in; the one before it is the last visit.
        lastSignIn: isSuccess(log) && log.list && log.list.length > 1 ? log.list[1]!.date : null,
      };
    },
    [user?.id, types],
    KEEP,
  );
  const name = greeting ? greeting.name : null;
  const lastSignIn = greeting ? greeting.lastSignIn : null;

  // What the page shows: each part on its own, so a slow or missing one leaves the rest in place (also while read again after an edit).
  const parts = [user?.id, reload];
  const banners: CarouselBanner[] = useLoaded(() => api.call("/banner/list").then((a) => isSuccess(a) && (a.list ?? [])), parts, KEEP) || [];
  const notices: Feed = useLoaded(() => latestNews("notice").then((a) => (isSuccess(a) && a.list ? a.list : "failed")), parts, KEEP) || null;
  const news: Feed = useLoaded(() => latestNews("news").then((a) => (isSuccess(a) && a.list ? a.list : "failed")), parts, KEEP) || null;
  const tiles: Tile[] | "failed" | null = useLoaded(() => api.call("/activity/all").then((a) => (isSuccess(a) ? (a.list ?? []).slice(0, HOME_ACTIVITIES) : "failed")), parts, KEEP) || null;
  // undefined while loading, null when there is none.
  const clubModule = useLoaded(() => api.call("/activity/module/clubmed").then((a) => ({ id: isSuccess(a) ? (a.module?.id ?? null) : null })), parts, KEEP);
  const giftModule = useLoaded(() => api.call("/activity/module/title", { type: MODULE_SHOW.MODULE_SHOW_GIFT }).then((a) => ({ id: isSuccess(a) ? (a.id ?? null) : null })), parts, KEEP);
  const site = useLoaded(() => api.call("/system/site").then((a) => isSuccess(a) && (a as AnswerOf<"/system/site">)), parts, KEEP) || null;
  const unread = useLoaded(() => mailboxUnread(), parts, KEEP) === true;
  // Nothing to show (or a failure) is no panel at all: the home page is not cluttered with an empty one.
  const surveys = useLoaded(
    () => api.call("/survey/mine").then((a): MySurveys | false => (isSuccess(a) && (a.open?.length || a.published?.length) ? { open: a.open ?? [], published: a.published ?? [] } : false)),
    parts,
    KEEP,
  );
  const current = useLoader(() => api.call("/announcement/current").then((a) => (isSuccess(a) && a.announcement) || false), [user?.id], KEEP);
  const announcement = current.value || null;

  const closeEditor = () => {
    setEditing(null);
    setReload((n) => n + 1);
  };

  return (
    <div className="home">
      <section className="welcome" aria-labelledby="welcome-title">
        <div className="welcome-text">
          <h1 id="welcome-title" data-testid="welcome">
            {name === null ? "\u00a0" : name ? t("home.greeting", { name }) : t("home.greetingPlain")}
          </h1>
          <p>{lastSignIn ? t("home.lastSignIn", { date: formatChinaDateTime(lastSignIn) }) : t("home.welcome")}</p>
        </div>
        {/* The member area's way to the electronic member card (issue 20), beside the editors' tools. */}
        <div className="home-edit-buttons">
          <Link href="/card" className="button button-quiet" data-testid="home-card">
            {t("dues.showCard")}
          </Link>
          {editor ? (
            <>
              <button type="button" className="button button-quiet" data-testid="edit-banners" onClick={() => setEditing("banners")}>
                {t("home.edit.banners")}
              </button>
              <button type="button" className="button button-quiet" data-testid="edit-announcements" onClick={() => setEditing("announcements")}>
                {t("home.edit.announcements")}
              </button>
            </>
          ) : null}
          {doorKeeper ? (
            <a href={checkInHref()} className="button button-quiet" data-testid="home-check-in">
              {t("home.edit.checkIn")}
            </a>
          ) : null}
          {/* Issue 32: the lotteries and their draws, for the officers of the draws. */}
          {drawKeeper ? (
            <Link href={lotteryHref()} className="button button-quiet" data-testid="home-lotteries">
              {t("page.lottery")}
            </Link>
          ) : null}
          {/* Issue 32 item 4: the surveys and votes, for the officers who run them. */}
          {surveyKeeper ? (
            <Link href="/activity/surveys" className="button button-quiet" data-testid="home-surveys-admin">
              {t("page.surveyAdmin")}
            </Link>
          ) : null}
        </div>
      </section>
      <DuesStatus onlyUnpaid />
      <div className="home-grid">
        <div className="home-main">
          <Carousel banners={banners} />
          {surveys ? (
            <Suspense fallback={null}>
              <SurveysPanel mine={surveys} />
            </Suspense>
          ) : null}
          <div className="home-feeds">
            <NewsPanel kind="notice" rows={notices} />
            <NewsPanel kind="news" rows={news} />
          </div>
          <ActivitiesPanel tiles={tiles} />
        </div>
        <div className="home-aside">
          <ModuleButtons club={clubModule ? clubModule.id : undefined} gift={giftModule ? giftModule.id : undefined} />
          <SideLinks site={site} unread={unread} />
        </div>
      </div>
      {/* One window at a time: the dues prompt (it may be why the member was sent home) first, the announcement after it,
          and only once the visit report has said whether the prompt opens, so it never appears and vanishes again. */}
      {announcement && dues.visitAnswered && !dues.open ? <AnnouncementPopup announcement={announcement} onClose={() => current.set(false)} /> : null}
      <Suspense fallback={null}>
        {editing === "banners" ? <BannerListWindow onClose={closeEditor} /> : null}
        {editing === "announcements" ? <AnnouncementWindow onClose={closeEditor} /> : null}
      </Suspense>
    </div>
  );
}
