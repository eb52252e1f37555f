import { Elysia, t } from "elysia";
import type { Deps } from "../../http/context";
import { type Envelope, ProtocolError } from "../../http/envelope";
import { domain, route } from "../../http/route";
import { message } from "../../protocol/result";
import { DomainError } from "../../protocol/result";
import { loginDates } from "../auth/service";
import { createSession, issueKey, listTypes, newCaptcha, siteInfo } from "./service";

export const systemDomain = domain("system", [
  route("/system/types", { access: "session", body: t.Object({ id: t.Optional(t.Number()) }) }, () => listTypes()),
  route("/system/key", { access: "session" }, ({ ctx }) => issueKey({ ctx })),
  route("/system/site", { access: "session" }, ({ ctx }) => siteInfo({ ctx })),
  route("/system/login/log", { access: "user" }, ({ ctx }) => loginDates({ ctx })),
]);

const json = (answer: unknown, status = 200) =>
  new Response(JSON.stringify(answer), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });

/** The two GETs outside the POST envelope: the token handshake and the signed image code. */
export function systemGetRoutes(envelope: Envelope, deps: Deps) {
  const { db } = deps.database;
  return new Elysia({ name: "system/get", prefix: "/api" })
    .onError(({ code, error }) => {
      if (code === "VALIDATION" || code === "PARSE") return json({ message: message("ERROR_PARAMS", { reason: "query" }) }, 400);
      console.error("unexpected error", error);
      return json({ message: message("ERROR_SERVER") }, 500);
    })
    .get(
      "/system/token",
      async ({ query, request, server }) => {
        try {
          const ip = server?.requestIP(request)?.address ?? null;
          const answer = await createSession({
            ctx: { db, now: deps.clock(), config: deps.config, ip },
            input: { appId: query.app_id, publicKey: query.public_key },
          });
          return json({ message: message("SUCCESS"), ...answer });
        } catch (error) {
          if (error instanceof DomainError) return json({ message: message(error.code, error.params) }, 400);
          throw error;
        }
      },
      { query: t.Object({ app_id: t.String({ maxLength: 64 }), public_key: t.String({ maxLength: 200 }) }) },
    )
    .get("/system/random", async ({ request }) => {
      const now = deps.clock();
      try {
        const { opened } = await envelope.open("GET", request, "/api/system/random", now, new Uint8Array());
        const svg = await newCaptcha({ ctx: { db, now, config: deps.config, session: { id: opened.sessionId } } });
        return new Response(svg, { headers: { "content-type": "image/svg+xml", "cache-control": "no-store" } });
      } catch (error) {
        if (error instanceof ProtocolError) return json({ message: message("ERROR_PARAMS", { reason: error.reason }) }, 400);
        throw error;
      }
    });
}
