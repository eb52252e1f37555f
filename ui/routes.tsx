// Every route of spec 1's table, behind the navigation guard of section 2.
import { type ComponentType, Suspense, lazy, useEffect, useRef } from "react";
import { Route, Switch, useLocation, useSearch } from "wouter";
import { useSnapshot } from "valtio";
import { AppShell } from "./components/app-shell";
import { useT } from "./i18n";
import { type RouteName, ROUTE_TABLE, guard, routeOf } from "./lib/route-table";
import { LoginPage } from "./pages/account/login-page";
import { IndexPage } from "./pages/home/index-page";
import { ComingSoonPage, NotFoundPage } from "./pages/shared/coming-soon-page";
import { initSession, session } from "./state/session";

// Staff screens are a separate chunk.
const admin = () => import("./pages/admin/admin-pages");
const UserOperationPage = lazy(() => admin().then((m) => ({ default: m.UserOperationPage })));
const PropertyOperationPage = lazy(() => admin().then((m) => ({ default: m.PropertyOperationPage })));
const BrowsePage = lazy(() => admin().then((m) => ({ default: m.BrowsePage })));
const BrowseChatPage = lazy(() => admin().then((m) => ({ default: m.BrowseChatPage })));

const comingSoon = (titleKey: string) => () => <ComingSoonPage titleKey={titleKey} />;

function NewsListPage() {
  const type = new URLSearchParams(useSearch()).get("type");
  return <ComingSoonPage titleKey={type === "news" ? "page.news" : type === "notice" ? "page.notice" : "page.newsList"} />;
}

const PAGES: Record<Exclude<RouteName, "login">, ComponentType> = {
  index: IndexPage,
  activityIndex: comingSoon("page.activityIndex"),
  marketIndex: comingSoon("page.marketIndex"),
  marketInfo: comingSoon("page.marketInfo"),
  activityModule: comingSoon("page.activityModule"),
  activityInfo: comingSoon("page.activityInfo"),
  information: comingSoon("page.information"),
  userOperation: UserOperationPage,
  propertyOperation: PropertyOperationPage,
  newsList: NewsListPage,
  newsInfo: comingSoon("page.newsInfo"),
  chatList: comingSoon("page.chatList"),
  chatInfo: comingSoon("page.chatInfo"),
  shoppingcart: comingSoon("page.shoppingcart"),
  place: comingSoon("page.place"),
  browse: BrowsePage,
  browseChat: BrowseChatPage,
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

/** Every page but login: initialise, require a user, require the route's power. */
function GuardedPages() {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const { tokenId, types, user, initFailed } = useSnapshot(session);
  const previous = useRef<string | null>(null);
  const decision = guard(routeOf(location), {
    initialised: tokenId !== null && types !== null,
    signedIn: user !== null,
    powers: user?.status?.powers?.map((p) => p.code) ?? [],
  });

  useEffect(() => {
    if (decision === "init") void initSession();
    else if (decision === "login") navigate("/", { replace: true });
    else if (decision === "back") navigate(previous.current ?? "/index", { replace: true });
    else previous.current = search ? `${location}?${search}` : location;
  }, [decision, location, search]);

  if (decision === "init" && initFailed) return <InitFailed />;
  if (decision !== "pass") return null;
  return (
    <AppShell>
      <Suspense fallback={null}>
        <Switch>
          {ROUTE_TABLE.filter((r) => r.name !== "login").map((r) => (
            <Route key={r.name} path={r.path} component={PAGES[r.name as Exclude<RouteName, "login">]} />
          ))}
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </AppShell>
  );
}

export function AppRoutes() {
  return (
    <Switch>
      <Route path="/" component={LoginPage} />
      <Route component={GuardedPages} />
    </Switch>
  );
}
