// Every signed-in page behind the navigation guard of spec 1 section 2: one
// chunk loaded after sign-in (or on a deep link), never on the sign-in page,
// with every area's texts (./i18n/member-texts) and the frame; each area's
// pages are chunks of their own within it.
import { Component, type ComponentType, type ReactNode, Suspense, lazy, useEffect } from "react";
import { Route, Switch, useLocation, useSearch } from "wouter";
import { useSnapshot } from "valtio";
import "./i18n/member-texts";
import { AppShell } from "./components/app-shell";
import { useT } from "./i18n";
import { withAreaStyles } from "./lib/area-styles";
import { type RouteName, ROUTE_TABLE, guard, routeOf } from "./lib/route-table";
import { useLoaded } from "./lib/use-loaded";
import { IndexPage } from "./pages/home/index-page";
import { NotFoundPage } from "./pages/shared/coming-soon-page";
import { StaffGate } from "./pages/shared/staff-gate";
import { showMessage } from "./components/message-box";
import { SHOW_MEMBER, membership, openDues, reportVisit } from "./state/membership";
import { initSession, initTypes, session } from "./state/session";
import { isOffline } from "./state/network";

// Staff screens are a separate chunk, with their stylesheets (the lists' and their own).
// The manager's mailbox thread is among them, with the mailbox's styles.
const admin = withAreaStyles(["lists", "admin", "mailbox"], () => import("./pages/admin/admin-pages"));
const UserOperationPage = lazy(() => admin().then((m) => ({ default: m.UserOperationPage })));
const PropertyOperationPage = lazy(() => admin().then((m) => ({ default: m.PropertyOperationPage })));
const BrowsePage = lazy(() => admin().then((m) => ({ default: m.BrowsePage })));
const BrowseChatPage = lazy(() => admin().then((m) => ({ default: m.BrowseChatPage })));
const RefundsPage = lazy(() => admin().then((m) => ({ default: m.RefundsPage })));
const PrivacyPage = lazy(() => admin().then((m) => ({ default: m.PrivacyPage })));
const LotteryPage = lazy(() => admin().then((m) => ({ default: m.LotteryPage })));
const RemindersPage = lazy(() => admin().then((m) => ({ default: m.RemindersPage })));

// The personal centre (forms, date picker, tables) is its own chunk too, with its stylesheets.
const CentrePage = lazy(
  withAreaStyles(["lists", "ordering", "centre"], () => import("./pages/centre/centre-page").then((m) => ({ default: m.CentrePage }))),
);

// Activities, their modules and the sign-up windows: one chunk.
// The sign-up windows use the centre's address book and its editor, so the centre's styles come too;
// staff get the module tools (their sheet, and the lists' for the module order pop-up).
const activity = withAreaStyles(["lists", "ordering", "centre", "activity", "modules"], () => import("./pages/activity/activity-pages"));
const ActivityIndexPage = lazy(() => activity().then((m) => ({ default: m.ActivityIndexPage })));
const ModulePage = lazy(() => activity().then((m) => ({ default: m.ModulePage })));
const ActivityPage = lazy(() => activity().then((m) => ({ default: m.ActivityPage })));

// News and notices: one chunk, with the lists' styles, the editing area's (Quill's rules draw the rich content) and its own.
const news = withAreaStyles(["lists", "editing", "news"], () => import("./pages/news/news-pages"));
const NewsListPage = lazy(() => news().then((m) => ({ default: m.NewsListPage })));
const NewsInfoPage = lazy(() => news().then((m) => ({ default: m.NewsInfoPage })));

// The union mailbox: its list and conversation pages, one chunk.
const mailbox = withAreaStyles(["lists", "mailbox"], () => import("./pages/mailbox/mailbox-pages"));
const ChatListPage = lazy(() => mailbox().then((m) => ({ default: m.ChatListPage })));
const ChatInfoPage = lazy(() => mailbox().then((m) => ({ default: m.ChatInfoPage })));
// The gift market: its own chunk, sharing the sign-up windows (and so their stylesheets) with the activity pages.
const market = withAreaStyles(["lists", "ordering", "centre", "activity", "modules", "market"], () => import("./pages/market/market-pages"));
const MarketIndexPage = lazy(() => market().then((m) => ({ default: m.MarketIndexPage })));
const MarketInfoPage = lazy(() => market().then((m) => ({ default: m.MarketInfoPage })));
const CartPage = lazy(() => market().then((m) => ({ default: m.CartPage })));
const PlacePage = lazy(() => market().then((m) => ({ default: m.PlacePage })));

// The door's check-in page: its own chunk; the camera's scanner is a chunk of its own within it, loaded when the camera opens.
const CheckInPage = lazy(withAreaStyles("checkin", () => import("./pages/checkin/checkin-page").then((m) => ({ default: m.CheckInPage }))));


// The electronic member card: its own chunk and stylesheet (the QR library comes later still, with the first code).
const CardPage = lazy(withAreaStyles("card", () => import("./pages/card/card-page").then((m) => ({ default: m.CardPage }))));

// The applications to join (issue 32 item 3): their own chunk, with the lists', the staff pages' and the joining area's styles.
const ApplicationsPage = lazy(
  withAreaStyles(["lists", "admin", "joining"], () => import("./pages/joining/review-page").then((m) => ({ default: m.ApplicationsPage }))),
);

// A survey or vote (issue 32 item 4): its own chunk and stylesheet; the tally's chart library comes later still, with the first chart.
const SurveyPage = lazy(withAreaStyles("surveys", () => import("./pages/surveys/survey-page").then((m) => ({ default: m.SurveyPage }))));

// Surveys and votes as staff run them (issue 32 item 4): in the staff chunk, with the conditions manager's (modules) and
// the tally's (surveys) styles too; chart.js comes with the first chart. A chunk of their own split the lists' shared
// code into one more chunk, which every member page then paid for.
const SurveyAdminPage = lazy(withAreaStyles(["modules", "surveys"], () => admin().then((m) => ({ default: m.SurveysPage }))));

// The privacy notice's consent gate (issue 31 item 4): its own chunk, with the notice's texts, loaded only for a member who must answer it.
const ConsentGate = lazy(() => import("./components/consent-gate").then((m) => ({ default: m.ConsentGate })));

/** The routes outside this chunk: sign-in, and the public pages ./routes.tsx serves. */
type OutsideRoute = "login" | "cardVerify" | "join";

const PAGES: Record<Exclude<RouteName, OutsideRoute>, ComponentType> = {
  index: IndexPage,
  activityIndex: ActivityIndexPage,
  marketIndex: MarketIndexPage,
  marketInfo: MarketInfoPage,
  activityModule: ModulePage,
  activityInfo: ActivityPage,
  information: CentrePage,
  userOperation: UserOperationPage,
  propertyOperation: PropertyOperationPage,
  newsList: NewsListPage,
  newsInfo: NewsInfoPage,
  chatList: ChatListPage,
  chatInfo: ChatInfoPage,
  shoppingcart: CartPage,
  place: PlacePage,
  browse: BrowsePage,
  browseChat: BrowseChatPage,
  refunds: RefundsPage,
  privacy: PrivacyPage,
  checkIn: CheckInPage,
  lottery: LotteryPage,
  surveyAdmin: SurveyAdminPage,
  reminders: RemindersPage,
  memberCard: CardPage,
  applications: ApplicationsPage,
  survey: SurveyPage,
};

function InitFailed() {
  const t = useT();
  return (
    <div className="init-failed" role="alert">
      <p>{t("init.failed")}</p>
      <button type="button" className="button button-primary" onClick={() => void initSession()}>
        {t("common.retry")}
      </button>
    </div>
  );
}

/** A page's chunk that could not load (offline, and never opened on this device): said in place, not a blank screen. */
class PageLoadFailed extends Component<{ children: ReactNode; offline: string; failed: string; retry: string }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="init-failed" role="alert" data-testid="page-load-failed">
        <p>{isOffline() ? this.props.offline : this.props.failed}</p>
        <button type="button" className="button button-primary" onClick={() => location.reload()}>
          {this.props.retry}
        </button>
      </div>
    );
  }
}

/**
 * Spec 1 section 2: a visit of a listed page is reported; the answer may send
 * the member to the dues prompt on home, or show the prompt where they are.
 * The showMember flag is left out of what counts as a new visit, so closing
 * the prompt (which drops the flag) does not report the page again.
 */
function useVisitReport(allowed: boolean, location: string, search: string, navigate: (to: string, opts?: { replace?: boolean }) => void) {
  const query = new URLSearchParams(search);
  query.delete(SHOW_MEMBER);
  const visit = `${location}?${query.toString()}`;
  // The answer is acted on, not shown: a visit left before it came does nothing.
  useLoaded(
    async (alive) => {
      const route = routeOf(location);
      if (!allowed || !route) return false;
      membership.visitAnswered = false;
      try {
        const outcome = await reportVisit(route.name, query.toString());
        if (alive() && outcome === "toIndex") {
          openDues("intercept");
          navigate(`/index?${SHOW_MEMBER}=1`, { replace: true });
        } else if (alive() && outcome === "prompt") openDues("intercept");
      } finally {
        if (alive()) membership.visitAnswered = true;
      }
      return false;
    },
    [allowed, visit],
  );
}

/** The last page this tab was allowed to show: where a refused staff address sends the member back to. */
let lastAllowed: string | null = null;

/** Every page but login: initialise, require a user, require the route's power. */
export default function GuardedPages() {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const t = useT();
  const { tokenId, types, user, initFailed, restoredOffline } = useSnapshot(session);
  const decision = guard(routeOf(location), {
    // Offline with a member stored here, the kept pages open without a token (docs/decisions.md 99).
    initialised: (tokenId !== null || restoredOffline) && (user === null || types !== null),
    signedIn: user !== null,
    powers: user?.status?.powers?.map((p) => p.code) ?? [],
  });

  useEffect(() => {
    if (decision === "init") void (tokenId !== null && user !== null ? initTypes() : initSession());
    else if (decision === "login") navigate("/", { replace: true });
    else if (decision === "pass") lastAllowed = location + (search ? `?${search}` : "");
    else if (decision === "forbidden") {
      // Spec 1's guard: back to the page before, or to index; the message says why nothing opened (decision 38).
      const page = routeOf(location);
      navigate(lastAllowed ?? "/index", { replace: true });
      void showMessage(t("forbidden.message", { page: page ? t(`page.${page.name}`) : location }));
    }
  }, [decision, location, search]);

  // A privacy notice in force that the member has not accepted comes before anything else, staff pages too: no page, no visit report.
  const consent = user?.privacyNotice && !user.privacyNotice.accepted ? user.privacyNotice.version : null;

  useVisitReport(decision === "pass" && consent === null, location, search, navigate);

  if (decision === "init" && initFailed) return <InitFailed />;
  if (decision !== "pass") return null;
  if (consent !== null)
    return (
      <AppShell>
        <PageLoadFailed offline={t("install.pageNeedsNetwork")} failed={t("init.failed")} retry={t("common.retry")}>
          <Suspense fallback={null}>
            <ConsentGate version={consent} />
          </Suspense>
        </PageLoadFailed>
      </AppShell>
    );
  return (
    <AppShell>
      <PageLoadFailed key={location} offline={t("install.pageNeedsNetwork")} failed={t("init.failed")} retry={t("common.retry")}>
        {/* Staff pages remind staff without a second factor, and shut after the deadline (issue 31 item 1). */}
        <StaffGate route={routeOf(location)}>
          <Suspense fallback={null}>
            <Switch>
              {ROUTE_TABLE.filter((r) => r.name !== "login" && !r.public).map((r) => (
                <Route key={r.name} path={r.path} component={PAGES[r.name as Exclude<RouteName, OutsideRoute>]} />
              ))}
              <Route component={NotFoundPage} />
            </Switch>
          </Suspense>
        </StaffGate>
      </PageLoadFailed>
    </AppShell>
  );
}
