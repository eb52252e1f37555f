// The server half of the protocol benchmark: routes of the real route kit
// (envelope, session lookup on embedded PGlite, guard, strict schema, the
// hostile-input walk), one for members and one open to any session, and a
// plain JSON route doing the same work, side by side in one process, on the
// demo seed (the bench signs a member in). Started by scripts/bench/protocol.ts.
import { Type as t } from "@sinclair/typebox";
import { Elysia } from "elysia";
import { loadConfig } from "../../src/config";
import { openDatabase } from "../../src/db/client";
import { migrate } from "../../src/db/migrate";
import { seed } from "../../src/db/seed";
import { authDomain } from "../../src/domains/auth/routes";
import { systemDomain } from "../../src/domains/system/routes";
import { domain, query } from "../../src/http/kit";
import { createKit } from "../../src/http/serve";
import { createAppState } from "../../src/app-state";

const echoInput = t.Object({ text: t.String({ maxLength: 1000 }), n: t.Number() });
const echo = (input: { text: string; n: number }) => ({ text: input.text, n: input.n + 1 });

// Production-like: no read-only guard around queries (that is for tests), and room for 64 clients' tokens.
// No request lines: this measures the envelope, not the log.
const config = loadConfig({ NODE_ENV: "development", TOKEN_BURST: "10000", LOG_LEVEL: "warn", CAPTCHA_FIXED: "ABC123" });
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL ?? null, dataDir: "", memory: true });
await migrate(database);
await seed(database, config, new Date());
const deps = { database, config, clock: () => new Date() };
const kit = createKit(deps, createAppState(deps));
const bench = domain("bench", [
  query("/bench/echo", { access: "user", input: echoInput }, ({ input }) => echo(input)),
  query("/bench/anonymous/echo", { access: "session", input: echoInput }, ({ input }) => echo(input)),
]);

const app = new Elysia()
  .use(kit.mountAll([systemDomain, authDomain, bench]))
  .post("/plain/bench/echo", ({ body }) => ({ message: { id: 0, code: "SUCCESS" }, ...echo(body) }), { body: echoInput })
  .listen({ port: Number(process.env.PORT), hostname: "127.0.0.1" });

console.log(`ready ${app.server?.port}`);
