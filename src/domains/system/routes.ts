import { Type as t } from "@sinclair/typebox";
import { command, domain, download, query } from "../../http/kit";
import { issueEntryKey } from "./entry-key";
import { createSession, issueKey, listTypes, newCaptcha, siteInfo } from "./service";

export const systemDomain = domain("system", [
  // The handshake is the one call before any session: plain JSON, a budget per address so a loop cannot fill the sessions table.
  command(
    "/system/token",
    {
      access: "public",
      method: "GET",
      input: t.Object({ app_id: t.String({ maxLength: 64 }), public_key: t.String({ maxLength: 200 }) }),
      throttle: (config) => ({ burst: config.tokenBurst, perSecond: config.tokenPerSecond }),
    },
    createSession,
  ),
  query("/system/types", { access: "session", input: t.Object({ id: t.Optional(t.Integer()) }) }, () => listTypes()),
  command("/system/key", { access: "session" }, issueKey),
  query("/system/site", { access: "session" }, siteInfo),
  // A signed GET so that an <img src> can load it.
  download("/system/random", { access: "session" }, newCaptcha),
  // The health section's entry key (entry-key.ts).
  query("/entry/key", { access: "user" }, issueEntryKey),
]);
