// What a kept list says offline (docs/decisions.md 99): it is what the member saw
// at that time, not the server's answer now; or that nothing was kept for them.
import { formatChinaDateTime } from "../lib/china-time";
import { useT } from "../i18n";

export function StaleNote({ asOf, missing }: { asOf: string | null; missing: boolean }) {
  const t = useT();
  if (asOf)
    return (
      <p className="stale-note" role="status" data-testid="stale-note">
        <strong>{t("install.staleAsOf", { time: formatChinaDateTime(asOf) })}</strong> <span>{t("install.staleHint")}</span>
      </p>
    );
  if (missing)
    return (
      <p className="stale-note stale-missing" role="status" data-testid="stale-missing">
        {t("install.nothingKept")}
      </p>
    );
  return null;
}
