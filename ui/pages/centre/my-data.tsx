// Personal centre > security: "my data" (issue 31 item 4, see and take away).
// Everything the union holds about the member, as one workbook from the signed
// download /user/data/export (a sheet per kind, in the language the member
// reads the portal in, which the server keeps). The API client fetches it and
// saves it under the server's name, so the signed address never reaches the page.
import { useState } from "react";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { showMessage } from "../../components/message-box";
import { resultText, useT } from "../../i18n";
import { PanelHead } from "./panel-head";

export function MyData() {
  const t = useT();
  // The workbook is put together on the server from every table: a moment, in which a second press would ask for it again.
  const [busy, setBusy] = useState(false);

  const download = async () => {
    if (busy) return;
    setBusy(true);
    const answer = await api.download("/user/data/export", {}, `${t("centre.security.myData.title")}.xlsx`);
    setBusy(false);
    if (!isSuccess(answer)) await showMessage(resultText(t, answer.message));
  };

  return (
    <section className="panel centre-panel my-data" aria-labelledby="my-data-title" data-testid="my-data">
      <PanelHead
        name="my-data"
        icon="M5 2.5h7l3.5 3.5v11.5H5zM12 2.5V6h3.5M10 8.5v6M7.5 12l2.5 2.5 2.5-2.5"
        titleId="my-data-title"
        title={t("centre.security.myData.title")}
        under={<p className="field-hint my-data-intro">{t("centre.security.myData.intro")}</p>}
        action={
          <button type="button" className="button button-quiet" onClick={() => void download()} disabled={busy} aria-busy={busy} data-testid="my-data-download">
            {t(busy ? "centre.security.myData.preparing" : "centre.security.myData.download")}
          </button>
        }
      />
    </section>
  );
}
