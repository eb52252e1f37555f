// The frame of every signed-in page: top bar, the page, bottom bar.
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { useSnapshot } from "valtio";
import { api } from "../api";
import { type TextName, useT } from "../i18n";
import { clearUser, session } from "../state/session";
// The dues window can be asked for on any signed-in page (?showMember, a visit interception).
import { DuesHost } from "../pages/membership/dues-window";
import { BottomBar } from "./bottom-bar";
import { Emblem } from "./emblem";
import { useFocusKeeper } from "./focus-keeper";
import { LanguageToggle } from "./language-toggle";
import { OfflineBanner } from "./offline-banner";
import { confirm } from "./message-box";

/** The manager's page of one mailbox conversation. */
const MAILBOX_THREAD = "/system/chat";

type NavItem = { key: TextName<"nav">; href: string; active: (path: string) => boolean; power?: string };

const NAV: NavItem[] = [
  { key: "home", href: "/index", active: (p) => p === "/index" },
  { key: "activities", href: "/activity", active: (p) => p.startsWith("/activity") || p.startsWith("/market") },
  // A manager answers the mailbox on /system/chat: still the mailbox (its breadcrumb says so), not System.
  { key: "messages", href: "/news/list?type=notice", active: (p) => p.startsWith("/news") || p.startsWith("/session") || p === MAILBOX_THREAD },
  { key: "centre", href: "/information", active: (p) => p.startsWith("/information") },
  { key: "members", href: "/operation/user", active: (p) => p.startsWith("/operation"), power: "FUNCTION_USER_OPERATION_FIND" },
];

const SYSTEM: NavItem = { key: "system", href: "/system", active: (p) => p.startsWith("/system") && p !== MAILBOX_THREAD, power: "FUNCTION_SYSTEM_PAGE" };

export async function logout(navigate: (to: string) => void, question: string) {
  if (!(await confirm(question))) return;
  await api.call("/client/login/logout");
  clearUser();
  navigate("/");
}

function TopBar() {
  const t = useT();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const { user } = useSnapshot(session);
  const [menuOpen, setMenuOpen] = useState(false);
  const header = useRef<HTMLElement>(null);
  useEffect(() => setMenuOpen(false), [location, search]);
  // The phone menu closes on a tap outside it, or on Esc.
  useEffect(() => {
    if (!menuOpen) return;
    const outside = (event: PointerEvent) => {
      if (!header.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    const escape = (event: KeyboardEvent) => event.key === "Escape" && setMenuOpen(false);
    document.addEventListener("pointerdown", outside);
    document.addEventListener("keydown", escape);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("keydown", escape);
    };
  }, [menuOpen]);
  const powers = new Set(user?.status?.powers?.map((p) => p.code) ?? []);
  const allowed = (item: NavItem) => !item.power || powers.has(item.power);
  const link = (item: NavItem) => (
    <Link
      key={item.key}
      href={item.href}
      className="nav-link"
      data-nav={item.key}
      aria-current={item.active(location) ? "page" : undefined}
    >
      {t(`nav.${item.key}`)}
    </Link>
  );
  return (
    <header className="topbar" ref={header}>
      <div className="topbar-inner">
        <Link href="/index" className="brand">
          <Emblem size={30} />
          <span className="brand-name">{t("app.name")}</span>
        </Link>
        <button
          type="button"
          className="menu-button"
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
            <path d="M3 5.5h14M3 10h14M3 14.5h14" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
          <span>{t("nav.menu")}</span>
        </button>
        <nav id="main-nav" className={`main-nav${menuOpen ? " open" : ""}`} aria-label={t("nav.main")}>
          <div className="nav-links">{NAV.filter(allowed).map(link)}</div>
          <div className="nav-tools">
            <LanguageToggle />
            {allowed(SYSTEM) ? link(SYSTEM) : null}
            <button type="button" className="nav-link nav-logout" data-nav="logout" onClick={() => void logout(navigate, t("logout.confirm"))}>
              {t("nav.logout")}
            </button>
          </div>
        </nav>
      </div>
    </header>
  );
}

export function AppShell({ children }: { children: ReactNode }) {
  const t = useT();
  useFocusKeeper();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t("app.skip")}
      </a>
      <TopBar />
      <OfflineBanner />
      <main id="main" className="page" tabIndex={-1}>
        {children}
      </main>
      <BottomBar />
      <DuesHost />
    </div>
  );
}

