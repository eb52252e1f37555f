// The personal centre at /information?page=... (spec 1 section 2): breadcrumb
// home > personal centre, a side menu, and the chosen page (information by
// default). The dues entry shows only when the dues configuration loads.
import type { ComponentType } from "react";
import { Link, useSearch } from "wouter";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { PageHead } from "../../components/breadcrumb";
import { useT } from "../../i18n";
import { CENTRE_PAGES, type CentrePageName } from "../../lib/route-table";
import { useLoaded } from "../../lib/use-loaded";
import AddressPage from "./address-page";
import FamilyPage from "./family-page";
import { InformationPage } from "./information-page";
import IntegralPage from "./integral-page";
import MemberPage from "./member-page";
import OrdersPage from "./orders-page";
import RemindersPage from "./reminders-page";
import { SecurityPage } from "./security-page";

const PAGES: Record<CentrePageName, ComponentType> = {
  information: InformationPage,
  security: SecurityPage,
  reminders: RemindersPage,
  member: MemberPage,
  address: AddressPage,
  family: FamilyPage,
  order: OrdersPage,
  integral: IntegralPage,
};

const ICONS: Record<CentrePageName, string> = {
  information: "M10 10a3.2 3.2 0 1 0 0-6.4A3.2 3.2 0 0 0 10 10zM4 16.5c.5-3.3 2.8-5 6-5s5.5 1.7 6 5",
  security: "M10 2.8l5.5 2v4.4c0 3.6-2.4 6.2-5.5 7.4-3.1-1.2-5.5-3.8-5.5-7.4V4.8z",
  reminders: "M10 3a4.5 4.5 0 0 0-4.5 4.5v3.2L4 13.5h12l-1.5-2.8V7.5A4.5 4.5 0 0 0 10 3zM8.2 16a1.9 1.9 0 0 0 3.6 0",
  member: "M3 6h14v9H3zM3 9h14M6 12.5h3",
  address: "M10 17s5-4.7 5-8.6A5 5 0 0 0 5 8.4C5 12.3 10 17 10 17zM10 10a1.6 1.6 0 1 0 0-3.2 1.6 1.6 0 0 0 0 3.2z",
  family: "M7 9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM14 10a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM2.5 16c.4-2.8 2.1-4.3 4.5-4.3s4.1 1.5 4.5 4.3M12 12.2c2.6-.3 4.7.8 5.3 3.8",
  order: "M5 3h10v14H5zM8 7h4M8 10h4M8 13h2",
  integral: "M10 2.8l2.2 4.5 5 .7-3.6 3.5.9 5-4.5-2.4-4.5 2.4.9-5L2.8 8l5-.7z",
};

const CARD_ICON = "M2.5 4.5h15v11h-15zM5.5 12.5c.3-1.5 1.2-2.3 2.5-2.3s2.2.8 2.5 2.3M8 9a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM12.5 7.5h2.5M12.5 10.5h2.5";

export const pageOf = (search: string): CentrePageName => {
  const asked = new URLSearchParams(search).get("page");
  return (CENTRE_PAGES as readonly string[]).includes(asked ?? "") ? (asked as CentrePageName) : "information";
};

export function CentrePage() {
  const t = useT();
  const page = pageOf(useSearch());
  // The member page is listed once the member has a membership to show.
  const dues = useLoaded(() => api.call("/member/info").then(isSuccess), []) === true;

  const shown = CENTRE_PAGES.filter((name) => name !== "member" || dues || page === "member");
  const Page = PAGES[page];
  return (
    <>
      <PageHead title={t("centre.title")} />
      <div className="centre">
        <nav className="panel centre-menu" aria-label={t("centre.menuLabel")}>
          <ul>
            {shown.map((name) => (
              <li key={name}>
                <Link href={`/information?page=${name}`} aria-current={name === page ? "page" : undefined} data-centre={name}>
                  <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
                    <path d={ICONS[name]} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                  {t(`centre.menu.${name}`)}
                </Link>
              </li>
            ))}
            {/* The electronic member card is a page of its own (/card), offered where the dues are. */}
            {dues ? (
              <li>
                <Link href="/card" data-centre="card">
                  <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
                    <path d={CARD_ICON} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                  {t("centre.menu.card")}
                </Link>
              </li>
            ) : null}
          </ul>
        </nav>
        <div className="centre-body">
          <Page key={page} />
        </div>
      </div>
    </>
  );
}
