// Every route of spec 1's table: the sign-in page in the first bundle, the
// signed-in pages (behind the navigation guard of section 2) as a chunk of
// their own, ./member-pages.tsx, which the sign-in page never loads.
import { Suspense, lazy } from "react";
import { Route, Router, Switch } from "wouter";
import { guardedNavigation } from "./components/leave-guard";
import { LoginPage } from "./pages/account/login-page";

const GuardedPages = lazy(() => import("./member-pages"));

function MemberPages() {
  return (
    <Suspense fallback={null}>
      <GuardedPages />
    </Suspense>
  );
}

export function AppRoutes() {
  return (
    <Router aroundNav={guardedNavigation}>
      <Switch>
        <Route path="/" component={LoginPage} />
        <Route component={MemberPages} />
      </Switch>
    </Router>
  );
}
