// Staff screens, loaded as a separate chunk only when a staff member opens one.
import { useSnapshot } from "valtio";
import { PageHead } from "../../components/breadcrumb";
import { session } from "../../state/session";
import { useT } from "../../i18n";
import { ComingSoonPage } from "../shared/coming-soon-page";
import { OutboxPanel } from "./outbox-page";

export const UserOperationPage = () => <ComingSoonPage titleKey="page.userOperation" />;
export const PropertyOperationPage = () => <ComingSoonPage titleKey="page.propertyOperation" />;
/**
 * The system page: for staff with FUNCTION_SYSTEM_PAGE the outbox is its first
 * panel; the dashboard arrives with its issue. Anyone else sees the honest note.
 */
export function BrowsePage() {
  const t = useT();
  const { user } = useSnapshot(session);
  if (!user?.status?.powers?.some((p) => p.code === "FUNCTION_SYSTEM_PAGE")) return <ComingSoonPage titleKey="page.browse" />;
  return (
    <>
      <PageHead title={t("page.browse")} />
      <OutboxPanel />
    </>
  );
}
export const BrowseChatPage = () => <ComingSoonPage titleKey="page.browseChat" />;
