// Builds the whole HTTP app from the domain plugins. Tests call this without listening.
import { existsSync, statSync } from "node:fs";
import { join, normalize } from "node:path";
import { Elysia } from "elysia";
import { DOMAINS } from "./domains";
import { paymentRoutes } from "./domains/payment/routes";
import { systemGetRoutes } from "./domains/system/routes";
import type { Deps } from "./http/context";
import { createEnvelope, domainPlugin } from "./http/envelope";

export function createApp(deps: Deps) {
  const envelope = createEnvelope(deps);
  let app = new Elysia()
    .get("/healthz", () => new Response("ok", { headers: { "cache-control": "no-store" } }))
    .use(systemGetRoutes(envelope, deps))
    // Outside the envelope: a payment provider's notification and the sandbox's own pages.
    .use(paymentRoutes(deps));
  for (const d of DOMAINS) app = app.use(domainPlugin(envelope, deps, d)) as unknown as typeof app;
  return app.use(staticUi(deps.config.uiDir));
}

// A portal page has no business inside another site's frame or sniffed as another type.
const PAGE_HEADERS = { "x-content-type-options": "nosniff", "x-frame-options": "DENY", "referrer-policy": "same-origin" };

/** The built single-page app: files from dist/ui, index.html for every route of the route table. */
function staticUi(dir: string) {
  const root = normalize(dir);
  const index = join(root, "index.html");
  return new Elysia({ name: "ui" }).get("/*", ({ path }) => {
    if (path.startsWith("/api/")) return new Response("Not found", { status: 404 });
    const file = normalize(join(root, decodeURIComponent(path)));
    if (file.startsWith(root) && file !== root && existsSync(file) && statSync(file).isFile()) {
      const hashed = /\.[0-9a-z]{8,}\.(js|css)$/.test(file);
      return new Response(Bun.file(file), {
        headers: { ...PAGE_HEADERS, "cache-control": hashed ? "public, max-age=31536000, immutable" : "no-cache" },
      });
    }
    if (!existsSync(index)) return new Response("The UI is not built: run `bun scripts/build.ts`.", { status: 503 });
    return new Response(Bun.file(index), { headers: { ...PAGE_HEADERS, "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" } });
  });
}
