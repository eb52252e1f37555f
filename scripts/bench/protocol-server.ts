// The server half of the protocol benchmark: the real envelope plugin (with
// its session lookup on embedded PGlite) and a plain JSON route doing the same
// work, side by side in one process. Started by scripts/bench/protocol.ts.
import { Elysia, t } from "elysia";
import { loadConfig } from "../../src/config";
import { openDatabase } from "../../src/db/client";
import { migrate } from "../../src/db/migrate";
import { createEnvelope, domainPlugin } from "../../src/http/envelope";
import { domain, route } from "../../src/http/route";

const echoBody = t.Object({ text: t.String(), n: t.Number() });
const echo = (input: { text: string; n: number }) => ({ text: input.text, n: input.n + 1 });

const config = loadConfig({ NODE_ENV: "test" });
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL ?? null, dataDir: "", memory: true });
await migrate(database);
const deps = { database, config, clock: () => new Date() };
const envelope = createEnvelope(deps);
const bench = domain("bench", [route("/bench/echo", { access: "session", body: echoBody }, ({ input }) => echo(input))]);

const app = new Elysia()
  .use(new Elysia().get("/api/system/token", async ({ query }) => {
    const { createSession } = await import("../../src/domains/system/service");
    return { message: { id: 0, code: "SUCCESS" }, ...(await createSession({ ctx: { db: database.db, now: new Date(), config, ip: null }, input: { appId: query.app_id!, publicKey: query.public_key! } })) };
  }))
  .use(domainPlugin(envelope, deps, bench))
  .post("/plain/bench/echo", ({ body }) => ({ message: { id: 0, code: "SUCCESS" }, ...echo(body) }), { body: echoBody })
  .listen({ port: Number(process.env.PORT), hostname: "127.0.0.1" });

console.log(`ready ${app.server?.port}`);
