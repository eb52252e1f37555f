// Reads config, opens the database, migrates, seeds on first start, listens;
// on SIGTERM or SIGINT stops cleanly. Every line it writes is JSON (src/log.ts),
// but for the answers to --help and --version and copy-to-postgres (src/cli.ts),
// which a person reads.
import { backgroundSettled } from "./background";
import { answerCommandLine } from "./cli";
import { serverClock } from "./clock";
import { type Config, ConfigError, loadConfig } from "./config";
import { MAX_REQUEST_BYTES, createApp } from "./app";
import { createAppState } from "./app-state";
import type { Database } from "./db/client";
import { copyToPostgresCommand } from "./db/copy-to-postgres";
import { DataDirInUse } from "./db/data-dir-lock";
import { runMachineAdmin } from "./db/machine-admin";
import { migrate } from "./db/migrate";
import { DEMO_USERS, seed } from "./db/seed";
import { markStopping, startingAnswer } from "./http/health";
import { startJobs } from "./jobs/scheduler";
import { startIdleCollector } from "./idle-gc";
import { log, setLogLevel } from "./log";
import { release, releaseText } from "./release";
import { StartRefused, openConfiguredDatabase } from "./db/wait";

const asked = answerCommandLine(Bun.argv.slice(2));
if (asked && "exit" in asked) process.exit(asked.exit);

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    log.error(`Configuration error: ${error.message}`);
    process.exit(2);
  }
  throw error;
}

if (asked && "copyToPostgres" in asked) process.exit(await copyToPostgresCommand(asked.copyToPostgres, config));
if (asked) {
  const database = await orStop(openConfiguredDatabase(config));
  await orStop(migrate(database));
  try {
    console.log(await runMachineAdmin(database, config, asked.admin, serverClock(config)()));
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  }
  await database.close();
  process.exit(process.exitCode ?? 0);
}

setLogLevel(config.logLevel);
if (config.captchaFixed) log.warn(`CAPTCHA_FIXED is set: every image code is "${config.captchaFixed}". Never do this in production.`);

// The port first, before the data folder is made or a first administrator's password is printed: a second portal
// started by mistake stops here having changed nothing. Until the app takes over, /readyz answers 503.
// Elysia asks Bun for a shared port by default: a second portal would then take half the traffic silently
// (two embedded databases on one folder, or an old binary beside a new one). One owner only.
const portInUse = (error: unknown) => `Cannot listen on port ${config.port}: ${(error as Error).message ?? error}. Is another Union Portal running there? (PORT sets the port)`;
let starting: ReturnType<typeof Bun.serve>;
try {
  starting = Bun.serve({ port: config.port, hostname: config.host, reusePort: false, fetch: startingAnswer });
} catch (error) {
  log.error(portInUse(error));
  process.exit(1);
}

/** A start that cannot go on ends with one line naming what to look at, never a stack trace. */
async function orStop<T>(step: Promise<T>): Promise<T> {
  try {
    return await step;
  } catch (error) {
    const known = error instanceof StartRefused || error instanceof DataDirInUse;
    // Drizzle wraps the database's own error ("Failed query: …") in `cause`, which says what went wrong.
    const cause = (error as { cause?: { message?: string } })?.cause?.message;
    log.error(known ? (error as Error).message : `Cannot start: ${(error as Error)?.message ?? error}${cause ? ` (${cause})` : ""}`);
    process.exit(1);
  }
}

const database: Database = await orStop(openConfiguredDatabase(config));
// A full collection after each step of the start: each leaves garbage JavaScriptCore would collect only later,
// so the next step's peak stacked on it (the first start's peak, decision 93).
Bun.gc(true);
const migrated = await orStop(migrate(database));
log.info(migrated.before === migrated.after ? `migrations: none needed (${migrated.after} applied)` : `migrated ${migrated.before} → ${migrated.after}`, { ...release() });
Bun.gc(true);
// Tests start a server from a fixed moment (CLOCK_START); its time then runs on as usual, and a test may move it on.
const clock = serverClock(config);
const report = await orStop(seed(database, config, clock()));
Bun.gc(true);
// The demo's accounts by employee number and role only: no password, phone or mail address in a log (the README lists them).
if (report.seeded && report.demo) log.info("Seeded demo data (the README has the demo accounts' password)", { accounts: DEMO_USERS.map((u) => `${u.employees} ${u.role}`) });
if (report.admin) {
  // The one password ever written: generated at the first start, for the operator, who must change it.
  log.warn(
    report.admin.password
      ? `First administrator: account "${report.admin.account}", password "${report.admin.password}" (shown once; change it after signing in).`
      : `First administrator: account "${report.admin.account}", password from ADMIN_PASSWORD.`,
  );
}

const deps = { database, config, clock };
const state = createAppState(deps);
// The signed codes' secret is read (or made) before the first request: a query then signs without a write of its
// own, which a read-only query could not make, and on PGlite could not wait for beside the query's transaction.
await state.codeSecret();
const stopJobs = startJobs({ ...deps, state }, clock);
const stopIdleCollector = startIdleCollector();
const app = createApp(deps, state);
try {
  // The starting answer hands the port over: a connection in the moment between is refused, as before any start.
  starting.stop(true);
  app.listen({ port: config.port, hostname: config.host, maxRequestBodySize: MAX_REQUEST_BYTES, reusePort: false });
} catch (error) {
  log.error(portInUse(error));
  stopJobs();
  await database.close();
  process.exit(1);
}
const stopDoor = state.admission.watch();
log.info(`${releaseText()} on http://localhost:${config.port}`, { database: database.kind, ...(database.kind === "pglite" ? { dataDir: config.dataDir } : {}) });

/**
 * Stops taking connections (and /readyz answers 503 to any still open), lets
 * the requests in flight finish, stops the job timers and waits for a tick or
 * a delivery under way, then closes the database. Past SHUTDOWN_TIMEOUT_MS
 * it exits anyway: whatever was cut off is in the database's hands (a
 * transaction not committed never happened; a claimed message is retried).
 */
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  const started = performance.now();
  log.info("shutting down", { signal });
  markStopping();
  setTimeout(() => {
    log.error("shutdown took too long; exiting with work unfinished", { timeoutMs: config.shutdownTimeoutMs });
    process.exit(1);
  }, config.shutdownTimeoutMs).unref();
  // Bun's stop(false): no new connections, idle ones closed, resolves once the requests in flight have answered.
  await app.server?.stop(false);
  stopJobs();
  stopIdleCollector();
  stopDoor();
  await backgroundSettled();
  await database.close();
  log.info("stopped", { ms: Math.round(performance.now() - started) });
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
