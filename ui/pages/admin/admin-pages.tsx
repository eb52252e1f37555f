// Staff screens, loaded as a separate chunk only when a staff member opens one.
import { useSearch } from "wouter";
import { useT } from "../../i18n";
import { ChatThread, useSessionId } from "../mailbox/chat-thread";
import { MAILBOX_ANCHOR } from "../mailbox/mailbox-pages";
import { hasPower } from "../../state/session";

export { MemberManagementPage as UserOperationPage } from "./member-search";
export { PropertyPage as PropertyOperationPage } from "./property-page";
export { RefundsPage } from "../refunds/refunds-page";
export { PrivacyPage } from "../privacy/privacy-page";
export { LotteryPage } from "./lottery-page";
export { RemindersPage } from "./reminders-page";
export { SurveysPage } from "./surveys-page";
/** The system page: the dashboard, the mailbox and the outbox (dashboard-page.tsx). The guard admits only FUNCTION_SYSTEM_PAGE. */
export { SystemPage as BrowsePage } from "./dashboard-page";
/** Spec 3 section 2.6: a manager's view of one mailbox conversation (the guard admits only FUNCTION_CHAT_OPERATION). */
export function BrowseChatPage() {
  const t = useT();
  // Opened from the system page's table of all messages: back there, scrolled to it (else the mailbox, the manager's table too).
  const fromSystem = new URLSearchParams(useSearch()).get("from") === MAILBOX_ANCHOR && hasPower("FUNCTION_SYSTEM_PAGE");
  const home = fromSystem ? { href: `/system?show=${MAILBOX_ANCHOR}`, label: t("page.browse") } : undefined;
  return <ChatThread id={useSessionId()} side="manager" title={t("page.browseChat")} home={home} />;
}
