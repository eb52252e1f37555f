// The home page's side column (spec 2 section 2): the union mailbox, the
// technical support contact, the help document and the union's social QR,
// each in a pop-up; the health section's entry; the unread-mailbox mark.
import { useState } from "react";
import { Link } from "wouter";
import { useSnapshot } from "valtio";
import type { AnswerOf } from "../../../src/domains/api";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { Dialog } from "../../components/dialog";
import { showMessage } from "../../components/message-box";
import { pick, useT } from "../../i18n";
import { session } from "../../state/session";

export type Site = AnswerOf<"/system/site">;
type Popup = "mailbox" | "support" | "help" | "social";

const ICONS: Record<Popup, string> = {
  mailbox: "M4 7h16v11H4zM4 7l8 6 8-6",
  support: "M5 13v-1a7 7 0 0 1 14 0v1M5 13h3v5H5zM16 13h3v5h-3zM19 18c0 2-2 3-5 3",
  help: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17h.01",
  social: "M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2zM14 18h2M18 14h2",
};

/** The health section: a key from /entry/key, then the sibling host with the key and where the member came from. */
async function openHealth(failed: string) {
  // Opened now, while the click still counts as the member's: a window opened after the call would be blocked.
  const tab = window.open("about:blank", "_blank");
  const answer = await api.call("/entry/key");
  if (!isSuccess(answer) || !answer.key || !answer.url) {
    tab?.close();
    await showMessage(failed);
    return;
  }
  const target = new URL(answer.url);
  target.searchParams.set("key", answer.key);
  target.searchParams.set("protocol", window.location.protocol.replace(/:$/, ""));
  target.searchParams.set("host", window.location.host);
  if (tab) {
    tab.opener = null;
    tab.location.href = target.toString();
  } else window.location.assign(target.toString());
}

export function SideLinks({ site, unread }: { site: Site | null; unread: boolean }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const [open, setOpen] = useState<Popup | null>(null);
  const close = () => setOpen(null);
  const items: Popup[] = ["mailbox", "support", "help", "social"];
  return (
    <aside className="home-side" aria-labelledby="home-side-title">
      <h2 id="home-side-title" className="home-panel-title">
        {t("home.side.title")}
      </h2>
      <ul className="side-links">
        {items.map((item) => (
          <li key={item}>
            <button type="button" className="side-link" data-testid={`side-${item}`} onClick={() => setOpen(item)}>
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <path d={ICONS[item]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              <span>{t(`home.side.${item}`)}</span>
            </button>
          </li>
        ))}
      </ul>
      <Link href="/session/list" className="mailbox-entry" data-testid="mailbox-entry">
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path d="M4 5h16v11H9l-4 3v-3H4z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
        </svg>
        <span className="mailbox-entry-text">{t("home.side.writeOnline")}</span>
        {unread ? (
          <span className="unread-badge" data-testid="mailbox-unread">
            {t("home.side.unread")}
          </span>
        ) : null}
      </Link>
      <button type="button" className="health-entry" data-testid="health-entry" onClick={() => void openHealth(t("home.healthFailed"))}>
        <svg viewBox="0 0 48 48" width="44" height="44" aria-hidden="true">
          <path d="M24 41S6 30 6 17a9 9 0 0 1 18-3 9 9 0 0 1 18 3c0 13-18 24-18 24z" fill="currentColor" opacity="0.9" />
          <path d="M12 22h7l3-6 4 12 3-6h7" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <span className="health-text">
          <span className="health-title">{t("home.health")}</span>
          <span className="health-desc">{t("home.healthDesc")}</span>
        </span>
      </button>

      {open === "mailbox" ? (
        <Dialog title={t("home.side.mailbox")} onClose={close} width={420}>
          <p>{t("home.side.unionMailText")}</p>
          <p className="side-value">
            <a href={`mailto:${site?.unionMail ?? ""}`}>{site?.unionMail}</a>
          </p>
          <p>
            <Link href="/session/list" className="button button-primary" onClick={close}>
              {t("home.side.writeOnline")}
            </Link>
          </p>
        </Dialog>
      ) : null}
      {open === "support" ? (
        <Dialog title={t("home.side.support")} onClose={close} width={420}>
          <p>{t("home.side.supportText")}</p>
          <dl className="side-facts">
            <dt>{t("home.side.phone")}</dt>
            <dd>
              <a href={`tel:${(site?.supportPhone ?? "").replace(/[^\d+]/g, "")}`}>{site?.supportPhone}</a>
            </dd>
            <dt>{t("home.side.mail")}</dt>
            <dd>
              <a href={`mailto:${site?.supportMail ?? ""}`}>{site?.supportMail}</a>
            </dd>
            <dt>{t("home.side.hours")}</dt>
            <dd>{site ? pick(language, site.supportHoursZh, site.supportHoursEn) : ""}</dd>
          </dl>
        </Dialog>
      ) : null}
      {open === "help" ? (
        <Dialog title={t("home.side.help")} onClose={close} width={420}>
          <p>{t("home.side.helpText")}</p>
          <p>
            <a className="button button-primary" href={site?.helpUrl} target="_blank" rel="noopener noreferrer" data-testid="help-link">
              {t("home.side.openHelp")}
            </a>
          </p>
        </Dialog>
      ) : null}
      {open === "social" ? (
        <Dialog title={t("home.side.social")} onClose={close} width={360}>
          <p>{t("home.side.socialText")}</p>
          {site?.socialQr ? <img className="social-qr" src={site.socialQr} alt={t("home.side.socialAlt")} width={200} height={200} data-testid="social-qr" /> : null}
        </Dialog>
      ) : null}
    </aside>
  );
}
