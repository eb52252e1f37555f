// What a load balancer and an orchestrator ask: /healthz, the process is up
// and serving (restart it when not); /readyz, this instance can serve members
// (send it traffic when so): the database answers, every migration this build
// carries is applied, and the process is not shutting down.
import { sql } from "drizzle-orm";
import { Elysia } from "elysia";
import journal from "../../sql/meta/_journal.json";
import type { Database } from "../db/client";
import { rowsOf } from "../db/sql";
import { release } from "../release";
import { TimedOut, withTimeout } from "../timeout";

/** The newest migration of this build: drizzle records each applied one by the journal's `when`. */
const NEWEST = Math.max(...journal.entries.map((e) => e.when));
const CHECK_TIMEOUT_MS = 2000;

let stopping = false;
/** From SIGTERM on, /readyz answers 503 so the balancer stops sending work while requests in flight finish. */
export function markStopping() {
  stopping = true;
}

const answer = (body: object, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" } });

/**
 * What the port answers while the portal starts (src/main.ts holds the port from the first moment, before the
 * database is reached and migrated): 503 to every call, /healthz and /readyz too, since nothing is served yet
 * (scripts and the test helper wait for /healthz's 200 to send work), with the release that is starting.
 */
export function startingAnswer(): Response {
  return new Response(JSON.stringify({ status: "starting", ready: false, reason: "starting", ...release() }), {
    status: 503,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", "retry-after": "5" },
  });
}

async function readiness(database: Database): Promise<{ ready: boolean; reason?: string; migrations?: number }> {
  if (stopping) return { ready: false, reason: "stopping" };
  const rows = await database.db.execute(
    sql`select count(*)::int as applied, coalesce(max(created_at), 0)::text as newest from drizzle.__drizzle_migrations`,
  );
  const { applied, newest } = rowsOf<{ applied: number; newest: string }>(rows)[0]!;
  // A newer build may already have migrated past us during a rolling upgrade: ready; behind ours: not.
  if (Number(newest) < NEWEST) return { ready: false, reason: "migrations", migrations: applied };
  return { ready: true, migrations: applied };
}

export function health(database: Database) {
  return new Elysia({ name: "health" })
    .get("/healthz", () => answer({ status: "up" }, 200))
    .get("/readyz", async () => {
      try {
        const state = await withTimeout(readiness(database), CHECK_TIMEOUT_MS);
        return answer({ status: state.ready ? "ready" : "not ready", ...state, ...release() }, state.ready ? 200 : 503);
      } catch (error) {
        // The database did not answer (down, unreachable, or every connection busy past the timeout).
        return answer({ status: "not ready", ready: false, reason: "database", error: error instanceof TimedOut ? "timeout" : "unreachable", ...release() }, 503);
      }
    });
}
