// Covers the page while any API call runs, shown only after a short delay so
// quick calls do not flicker.
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import { useT } from "../i18n";
import { loading } from "../state/loading";

export const LOADING_DELAY_MS = 150;

export function LoadingOverlay() {
  const t = useT();
  const { pending } = useSnapshot(loading);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (pending === 0) return setVisible(false);
    const timer = setTimeout(() => setVisible(true), LOADING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pending > 0]);
  if (!visible) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t("common.loading")}</span>
    </div>
  );
}
