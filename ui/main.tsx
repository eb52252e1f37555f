// The browser entry: the routes, the one message box, the loading overlay,
// and the document's language and title kept in step with the session.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { subscribeKey } from "valtio/utils";
import { installLeaveGuard } from "./components/leave-guard";
import { LoadingOverlay } from "./components/loading";
import { MessageBoxHost } from "./components/message-box";
import { t } from "./i18n";
import { registerWorker, syncManifest } from "./lib/pwa";
import { AppRoutes } from "./routes";
import { session } from "./state/session";
import "./styles.css";

function syncDocument() {
  document.documentElement.lang = session.language === "en" ? "en" : "zh-CN";
  document.title = t("app.name");
  syncManifest(session.language);
}
syncDocument();
subscribeKey(session, "language", syncDocument);
installLeaveGuard();
registerWorker();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <AppRoutes />
    <MessageBoxHost />
    <LoadingOverlay />
  </StrictMode>,
);
