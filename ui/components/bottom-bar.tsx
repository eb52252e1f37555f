// The footer of every page, the sign-in page's too: copyright and filing number,
// and, in a browser whose zone is not China's, that every time shown is China time.
// Its own module, so that the sign-in page does not bring the signed-in frame.
import { useEffect } from "react";
import { useSnapshot } from "valtio";
import { useT } from "../i18n";
import { browserZoneDiffers } from "../lib/china-time";
import { session } from "../state/session";
import { loadSite, site } from "../state/site";

export function BottomBar() {
  const t = useT();
  const { info } = useSnapshot(site);
  const { language } = useSnapshot(session);
  useEffect(() => void loadSite(), []);
  if (!info) return <footer className="bottombar" />;
  return (
    <footer className="bottombar">
      {browserZoneDiffers() ? <span data-testid="china-time-note">{t("footer.chinaTime")}</span> : null}
      <span>{language === "en" ? info.copyrightEn : info.copyrightZh}</span>
      {info.filing ? (
        <span>
          <span className="visually-hidden">{t("footer.filing")} </span>
          {info.filing}
        </span>
      ) : null}
    </footer>
  );
}
