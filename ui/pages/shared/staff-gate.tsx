// The second factor's reminder and gate on staff pages (issue 31 item 1):
// every route that needs a power is a staff page. For staff without a second
// factor, before the deadline a band above the page says by when to set one
// up; after it the page is replaced by a panel saying why, as the server then
// refuses every staff call (ERROR_SECOND_FACTOR_ENROL). Both link to the
// security page. What they show, with its texts, is a chunk of its own
// (./staff-factor-notice.tsx), loaded only for those staff.
import { type ReactNode, Suspense, lazy, useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import { type RouteInfo, factorGate } from "../../lib/route-table";
import { session } from "../../state/session";

const StaffFactorNotice = lazy(() => import("./staff-factor-notice").then((m) => ({ default: m.StaffFactorNotice })));

/** The longest a timer waits (a browser's setTimeout holds 2^31 - 1 ms); a later deadline is read again at the next page. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;

export function StaffGate({ route, children }: { route: RouteInfo | null; children: ReactNode }) {
  const { user } = useSnapshot(session);
  const factor = user?.secondFactor;
  const deadline = factor?.deadline ?? null;
  // Drawn again when the deadline passes on an open page: the band gives way to the panel.
  const [, setTick] = useState(0);
  useEffect(() => {
    const left = deadline ? Date.parse(deadline) - Date.now() : Number.NaN;
    if (!(left > 0 && left < LONGEST_WAIT_MS)) return;
    const timer = setTimeout(() => setTick((n) => n + 1), left + 100);
    return () => clearTimeout(timer);
  }, [deadline]);
  const gate = factorGate(route, factor, Date.now());
  if (gate === "open" || !route || !deadline) return children;
  return (
    <>
      <Suspense fallback={null}>
        <StaffFactorNotice deadline={deadline} shut={gate === "shut"} page={route.name} />
      </Suspense>
      {gate === "shut" ? null : children}
    </>
  );
}
