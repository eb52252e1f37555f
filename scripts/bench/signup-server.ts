// The portal as npm start runs it (src/main.ts: open the database, migrate,
// seed the base data, start the jobs, serve the whole app), for the sign-up
// benchmark, started by scripts/bench/signup-burst.ts with its settings in the
// environment: PostgreSQL when DATABASE_URL is set, else PGlite in memory.
// Beside it, on ADMIN_PORT (loopback, plain JSON, this script only), what
// the benchmark needs of the portal's own database: members, activities and
// trolleys made before the clock starts, the invariants checked after each run, and
// a count of the SQL statements the app sent.
import { MAX_REQUEST_BYTES, createApp } from "../../src/app";
import { loadConfig } from "../../src/config";
import { openDatabase } from "../../src/db/client";
import { migrate } from "../../src/db/migrate";
import { seed } from "../../src/db/seed";
import { startJobs } from "../../src/jobs/scheduler";
import { createAppState } from "../../src/app-state";
import { fillTrolleys, makeBenchActivities, makeBenchMembers, verifyRun } from "./signup-fixtures";

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pool: config.databasePool, memory: !config.databaseUrl });
await migrate(database);
await seed(database, config, new Date());

// Every statement Drizzle sends passes its logger (raw `execute` too); the
// transactions' BEGIN and COMMIT / ROLLBACK do not, so they are counted by the
// caller. Counted by kind and table, e.g. "select activities".
const statements = new Map<string, number>();
let tracing = false;
function kindOf(query: string): string {
  const q = query.trim().replace(/\s+/g, " ").toLowerCase();
  const verb = q.split(" ", 1)[0]!;
  const table =
    /^insert into "?(\w+)"?/.exec(q)?.[1] ??
    /^update "?(\w+)"?/.exec(q)?.[1] ??
    /^delete from "?(\w+)"?/.exec(q)?.[1] ??
    /\bfrom "?(\w+)"?/.exec(q)?.[1] ??
    (q.includes("nextval") ? "sequence" : "?");
  return `${verb} ${table}`;
}
const logger = {
  logQuery(query: string) {
    if (!tracing) return;
    const kind = kindOf(query);
    statements.set(kind, (statements.get(kind) ?? 0) + 1);
  },
};
// Drizzle keeps the logger on the session and hands the session's options to every transaction's session.
const session = (database.db as unknown as { session: { logger: unknown; options: { logger?: unknown } } }).session;
session.logger = logger;
session.options.logger = logger;

const clock = () => new Date();
const state = createAppState({ database, config });
const stopJobs = startJobs({ database, config, state }, clock);
const app = createApp({ database, config, clock }, state);
app.listen({ port: config.port, hostname: "127.0.0.1", maxRequestBodySize: MAX_REQUEST_BYTES, reusePort: false });

const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status, headers: { "content-type": "application/json" } });
const admin = Bun.serve({
  hostname: "127.0.0.1",
  port: Number(process.env.ADMIN_PORT),
  async fetch(request) {
    const path = new URL(request.url).pathname;
    try {
      const body = (request.method === "POST" ? await request.json() : {}) as Record<string, any>;
      if (path === "/members") return json(await makeBenchMembers(database.db, body.n, body.prefix));
      if (path === "/activities") return json(await makeBenchActivities(database.db, body.count, body.cap, body.label, body.market));
      if (path === "/trolleys") return json(await fillTrolleys(database.db, body.rows));
      if (path === "/verify") return json(await verifyRun(database.db, body.ids));
      if (path === "/trace") {
        // {on: true} starts a fresh count; {on: false} stops and answers it.
        const counted = Object.fromEntries([...statements.entries()].sort((a, b) => b[1] - a[1]));
        statements.clear();
        tracing = Boolean(body.on);
        return json(counted);
      }
      return json({ error: "not found" }, 404);
    } catch (error) {
      console.error(`bench admin ${path}:`, error);
      return json({ error: String((error as Error).message ?? error) }, 500);
    }
  },
});

const stop = async () => {
  stopJobs();
  await app.stop();
  admin.stop(true);
  await database.close();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
console.log(`ready ${database.kind} ${app.server?.port}`);
