// The yearly dues record's export in the membership fee dialog (spec 3
// section 2.5): a billing year, the current one or one of the three before,
// exported as a staff job with its progress, then downloaded.
import { useState } from "react";
import { api } from "../../api";
import { useT } from "../../i18n";
import { useExportJob } from "./export-job";

/** Spec 3 section 9: the current billing year and the three before. */
const YEARS = 4;

export function FeeExport({ year }: { year: number }) {
  const t = useT();
  const [chosen, setChosen] = useState(year);
  const exporting = useExportJob("member.export.fees", t("jobs.titles.exportFees"));
  return (
    <fieldset className="fee-rule fee-export" data-testid="fee-export">
      <legend>{t("jobs.fees.legend")}</legend>
      <div className="fee-export-row">
        <div className="field">
          <label htmlFor="fee-export-year">{t("jobs.fees.year")}</label>
          <select id="fee-export-year" className="input" value={chosen} onChange={(e) => setChosen(Number(e.target.value))}>
            {Array.from({ length: YEARS }, (_, i) => year - i).map((y) => (
              <option key={y} value={y}>
                {t("jobs.fees.yearOption", { year: y })}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="button" disabled={exporting.running} onClick={() => void exporting.start(() => api.call("/user/operation/export/member", { year: chosen }))} data-testid="fee-export-button">
          {t("jobs.fees.export")}
        </button>
      </div>
      {exporting.progress}
    </fieldset>
  );
}
