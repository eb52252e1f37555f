// Staff screens, loaded as a separate chunk only when a staff member opens one.
import { PageHead } from "../../components/breadcrumb";
import { useT } from "../../i18n";
import { ChatThread, useSessionId } from "../mailbox/chat-thread";
import { OutboxPanel } from "./outbox-page";

export { MemberManagementPage as UserOperationPage } from "./member-search";
export { PropertyPage as PropertyOperationPage } from "./property-page";
/** The system page: the outbox is its first panel; the dashboard arrives with its issue. The guard admits only FUNCTION_SYSTEM_PAGE. */
export function BrowsePage() {
  const t = useT();
  return (
    <>
      <PageHead title={t("page.browse")} />
      <OutboxPanel />
    </>
  );
}
/** Spec 3 section 2.6: a manager's view of one mailbox conversation (the guard admits only FUNCTION_CHAT_OPERATION). */
export function BrowseChatPage() {
  const t = useT();
  return <ChatThread id={useSessionId()} side="manager" title={t("page.browseChat")} />;
}
