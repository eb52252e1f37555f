// Every route of spec 1's table: the sign-in page in the first bundle, the
// signed-in pages (behind the navigation guard of section 2) as a chunk of
// their own, ./member-pages.tsx, which the sign-in page never loads; and the
// public pages (a shop's member-card check), a chunk each, outside the guard.
import { Suspense, lazy } from "react";
import { Route, Router, Switch } from "wouter";
import { guardedNavigation } from "./components/leave-guard";
import { LoginPage } from "./pages/account/login-page";

const GuardedPages = lazy(() => import("./member-pages"));
// It links its own stylesheet and is drawn once that has loaded (the area loader stays out of the first bundle).
const CardVerifyPage = lazy(async () => {
  const m = await import("./pages/card/verify-page");
  await m.styled;
  return { default: m.VerifyPage };
});

// Applying to join (issue 32 item 3): its own chunk and stylesheet, open to anyone; the sign-in page only links to it.
const JoiningPage = lazy(async () => {
  const m = await import("./pages/joining/join-page");
  await m.styled;
  return { default: m.JoinPage };
});

function JoinPage() {
  return (
    <Suspense fallback={null}>
      <JoiningPage />
    </Suspense>
  );
}

function VerifyPage() {
  return (
    <Suspense fallback={null}>
      <CardVerifyPage />
    </Suspense>
  );
}

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
        {/* ui/lib/route-table.ts "cardVerify" (written out: the table stays out of the first bundle). */}
        <Route path="/card/verify" component={VerifyPage} />
        {/* ui/lib/route-table.ts "join". */}
        <Route path="/join" component={JoinPage} />
        <Route component={MemberPages} />
      </Switch>
    </Router>
  );
}
