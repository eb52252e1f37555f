// Staff screens, loaded as a separate chunk only when a staff member opens one.
import { ComingSoonPage } from "../shared/coming-soon-page";

export const UserOperationPage = () => <ComingSoonPage titleKey="page.userOperation" />;
export const PropertyOperationPage = () => <ComingSoonPage titleKey="page.propertyOperation" />;
export const BrowsePage = () => <ComingSoonPage titleKey="page.browse" />;
export const BrowseChatPage = () => <ComingSoonPage titleKey="page.browseChat" />;
