// The footer of every page, the sign-in page's too: copyright and filing number,
// and, in a browser whose zone is not China's, that every time shown is China time;
// and the privacy notice, for anyone (issue 31 item 4), in a window whose code and
// texts load when it is first opened.
// Its own module, so that the sign-in page does not bring the signed-in frame.
import { Suspense, lazy, useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import { useT } from "../i18n";
import { browserZoneDiffers } from "../lib/china-time";
import { session } from "../state/session";
import { loadSite, site } from "../state/site";

const NoticeDialog = lazy(() => import("./privacy-notice").then((m) => ({ default: m.NoticeDialog })));

/** The footer's link to the privacy notice, and the window it opens. */
function NoticeLink() {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="bottombar-link" onClick={() => setOpen(true)} data-testid="footer-privacy">
        {t("footer.privacy")}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <NoticeDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

export function BottomBar() {
  const t = useT();
  const { info } = useSnapshot(site);
  const { language } = useSnapshot(session);
  useEffect(() => void loadSite(), []);
  if (!info)
    return (
      <footer className="bottombar">
        <NoticeLink />
      </footer>
    );
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
      <NoticeLink />
    </footer>
  );
}
