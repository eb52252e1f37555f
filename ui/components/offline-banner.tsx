// The offline banner (docs/decisions.md 99): shown on every page, the sign-in
// page included, while the browser is offline or the server could not be
// reached; it goes as soon as the network is back.
import { useSnapshot } from "valtio";
import { useT } from "../i18n";
import { network } from "../state/network";

export function OfflineBanner() {
  const t = useT();
  const { offline, unreachable } = useSnapshot(network);
  if (!offline && !unreachable) return null;
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
        <path d="M2 7.5a12 12 0 0 1 16 0M5 10.5a7.5 7.5 0 0 1 10 0M8 13.5a3 3 0 0 1 4 0M3 3l14 14" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
      <span>{t("app.offline")}</span>
    </div>
  );
}
