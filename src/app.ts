// Builds the whole HTTP app from the route table. Tests call this without listening.
import { Elysia } from "elysia";
import { createAppState } from "./app-state";
import { DOMAINS } from "./domains";
import type { AppState, Deps } from "./domains/context";
import { sandboxPages } from "./domains/payment/sandbox-routes";
import { health } from "./http/health";
import { requestLog } from "./http/request-log";
import { createKit } from "./http/serve";
import { door } from "./http/transport";
import { staticUi } from "./http/static-ui";
import { setLogLevel } from "./log";

/** The largest body any route accepts (a 10 MB image upload and its framing); each route checks its own limit. */
export const MAX_REQUEST_BYTES = 11 * 1024 * 1024;

/** An app of its own state unless given one: two apps made from the same deps are two instances. */
export function createApp(deps: Deps, state: AppState = createAppState(deps)) {
  setLogLevel(deps.config.logLevel);
  const kit = createKit(deps, state);
  // The door first: a call it turns away costs no routing, body, session or log line (src/http/admission.ts).
  const app = new Elysia().use(door(DOMAINS, state.admission)).use(requestLog()).use(health(deps.database)).use(kit.mountAll(DOMAINS));
  if (state.providers.payment.name === "sandbox") app.use(sandboxPages(deps, state, (request) => app.handle(request)));
  return app.use(staticUi(deps.config.uiDir, { tls: deps.config.payment.publicUrl?.startsWith("https://") ?? false }));
}
