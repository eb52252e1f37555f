// API tests: the whole app in-process on a fresh database, driven through the
// real protocol client. PGlite in memory by default; a fresh schema on the
// PostgreSQL server named by TEST_DATABASE_URL when it is set.
import { rmSync } from "node:fs";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { sql } from "drizzle-orm";
import { rowsOf } from "../../src/db/sql";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../src/app";
import { createAppState } from "../../src/app-state";
import { backgroundSettled } from "../../src/background";
import type { Hooks } from "../../src/domains/context";
import { loadConfig } from "../../src/config";
import { openDatabase, type Database } from "../../src/db/client";
import { processAlive } from "../../src/db/data-dir-lock";
import { migrate } from "../../src/db/migrate";
import { DEMO_PASSWORD, seed } from "../../src/db/seed";
import { nodeBackend } from "../../src/http/crypto-node";
import { fromBase64Url } from "../../src/protocol/bytes";
import { ApiClient, type SavedSession } from "../../src/protocol/client";
import type { SessionKeys } from "../../src/protocol/envelope";
import { passwordDigest } from "../../src/protocol/password";
import { signIn } from "../../src/protocol/signin";
import { START } from "./clock";
import type { Providers } from "../../src/providers";
import { type Snapshot, pooledDatabase, snapshotOf } from "./pglite-pool";

export const CAPTCHA = "ABC123";
export { START } from "./clock";

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/**
 * Migrating and seeding take most of a test app's start (PGlite's own start
 * most of the rest), and every app starts from the same seeded database: so
 * it is made once per test process and each app opens a copy (a PGlite
 * database put back as it was, tests/helpers/pglite-pool.ts, or a PostgreSQL
 * database made from it as a template), with a copy of the seeded files.
 */
let template: Promise<{ pglite?: Snapshot; postgres?: string; filesDir: string }> | null = null;

function seededTemplate() {
  template ??= (async () => {
    const dir = await mkdtemp(join(tmpdir(), "union-portal-template-"));
    process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
    // Staff sign in with the password alone for years of test time; tests/api/second-factor.test.ts ends the grace itself.
    const config = loadConfig({ NODE_ENV: "test", CAPTCHA_FIXED: CAPTCHA, DATA_DIR: dir, SECOND_FACTOR_GRACE_DAYS: "3650" });
    const url = process.env.TEST_DATABASE_URL;
    if (!url) {
      const database = await openDatabase({ databaseUrl: null, dataDir: "", memory: true });
      await migrate(database);
      await seed(database, config, START);
      const pglite = await snapshotOf(database);
      await database.close();
      return { pglite, filesDir: join(dir, "files") };
    }
    const admin = await openDatabase({ databaseUrl: url, dataDir: "", pool: 1 });
    // Templates of test processes that have ended are dropped.
    const rows = rowsOf<{ datname: string }>(await admin.db.execute(sql`select datname from pg_database where datname like 'tpl\_%'`));
    for (const { datname } of rows) {
      const pid = Number(datname.split("_")[1]);
      if (pid !== process.pid && !processAlive(pid)) await admin.exec(`drop database if exists ${datname} with (force)`);
    }
    const name = `tpl_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await admin.exec(`create database ${name}`);
    const own = new URL(url);
    own.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: own.toString(), dataDir: "", pool: 1 });
    await migrate(database);
    await seed(database, config, START);
    // A template may have no connections while it is copied.
    await database.close();
    await admin.close();
    return { postgres: name, filesDir: join(dir, "files") };
  })();
  return template;
}


/**
 * A database of its own on TEST_DATABASE_URL's server, copied from the seeded
 * template (or empty: no table at all), so files run side by side on one server and start alike. Tests
 * that start server processes pass its url to them as DATABASE_URL.
 */
export async function freshPostgres(opts: { empty?: boolean } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("freshPostgres needs TEST_DATABASE_URL");
  const template = opts.empty ? "template0" : (await seededTemplate()).postgres;
  const name = `t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = await openDatabase({ databaseUrl: url, dataDir: "", pool: 1 });
  await admin.exec(`create database ${name} template ${template}${opts.empty ? " encoding 'UTF8'" : ""}`);
  await admin.close();
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    url: own.toString(),
    async drop() {
      const cleaner = await openDatabase({ databaseUrl: url, dataDir: "", pool: 1 });
      // A drop waits for a checkpoint, which on a busy machine passes the 3 s statement timeout (one connection: the setting holds).
      await cleaner.exec("set statement_timeout = 0");
      await cleaner.exec(`drop database if exists ${name} with (force)`);
      await cleaner.close();
    },
  };
}

export async function startTestApp(env: Record<string, string> = {}, opts: { providers?: Partial<Providers> } = {}) {
  // Every client of a test app comes from one "address": the token budget is tested on its own.
  // No line per request: the output of a test run is the tests'.
  const dataDir = await mkdtemp(join(tmpdir(), "union-portal-api-"));
  // Tests of other features move the clock by hours with an officer signed in: the staff idle time is the token
  // lifetime here unless a test names it (tests/api/sessions.test.ts holds the default 30 minutes).
  const config = loadConfig({ NODE_ENV: "test", CAPTCHA_FIXED: CAPTCHA, TOKEN_BURST: "100000", LOG_LEVEL: "warn", DATA_DIR: dataDir, STAFF_IDLE_MINUTES: "720", ...env });
  const base = await seededTemplate();
  await cp(base.filesDir, join(dataDir, "files"), { recursive: true });
  let database: Database;
  let dropSchema: (() => Promise<void>) | null = null;
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const fresh = await freshPostgres();
    database = await openDatabase({ databaseUrl: fresh.url, dataDir: "", pool: 4 });
    dropSchema = fresh.drop;
  } else {
    database = await pooledDatabase(base.pglite!);
  }
  let now = START;
  const clock = {
    now: () => now,
    set: (d: Date) => (now = d),
    advance: (ms: number) => (now = new Date(now.getTime() + ms)),
    /** Back to START, for a test that moved the clock and must not leave it moved. */
    reset: () => (now = START),
  };
  // Tests fill in the pauses they need (a race held between checks and writes); other apps made from deps share them.
  const hooks: Hooks = {};
  const deps = { database, config, clock: () => clock.now(), providers: opts.providers, hooks };
  const state = createAppState(deps);
  // As src/main.ts does: the signed codes' secret is in memory before any query signs with it.
  await state.codeSecret();
  const app = createApp(deps, state);
  const fetcher = ((input: RequestInfo | URL, init?: RequestInit) =>
    app.handle(new Request(typeof input === "string" && input.startsWith("/") ? `http://localhost${input}` : input, init))) as typeof fetch;

  const client = (appId = "union-portal-cli", store?: ConstructorParameters<typeof ApiClient>[0]["store"]) =>
    new ApiClient({ baseUrl: "http://localhost", backend: nodeBackend, appId, fetch: fetcher, now: () => clock.now().getTime(), store });

  /** A client of another app on this test's clock (a kit mounted with test routes). */
  const clientOf = (handle: (request: Request) => Promise<Response> | Response) =>
    new ApiClient({
      baseUrl: "http://localhost",
      backend: nodeBackend,
      appId: "union-portal-cli",
      now: () => clock.now().getTime(),
      fetch: (async (url: string, init?: RequestInit) => handle(new Request(url, init))) as typeof fetch,
    });

  /** A client whose session keys the test can read, to forge requests by hand. */
  function keyedClient() {
    let saved: SavedSession | null = null;
    const c = client("union-portal-cli", { load: () => null, save: (s) => (saved = s) });
    const keys = (): SessionKeys => {
      if (!saved) throw new Error("no session yet");
      return { tokenId: saved.tokenId, encKey: fromBase64Url(saved.encKey), macKey: fromBase64Url(saved.macKey) };
    };
    return { client: c, keys };
  }

  /** A client signed in as a demo account. */
  async function as(account: string, password = DEMO_PASSWORD) {
    const c = client();
    const answer = await signIn(c, { account, passwordMd5: md5(password), captcha: CAPTCHA });
    if (answer.message.code !== "SUCCESS") throw new Error(`sign-in as ${account} failed: ${answer.message.code}`);
    return c;
  }

  return {
    app,
    deps,
    state,
    hooks,
    database,
    db: database.db,
    config,
    clock,
    fetch: fetcher,
    client,
    clientOf,
    keyedClient,
    as,
    /** Signs in an existing client. */
    signIn: (c: ApiClient, account: string, password = DEMO_PASSWORD) => signIn(c, { account, passwordMd5: md5(password), captcha: CAPTCHA }),
    async close() {
      // As the server's shutdown does: work started outside requests (a staff job, a delivery after a commit)
      // ends before the database closes under it; bounded, so a test's job held at a gate cannot hang the file.
      await Promise.race([backgroundSettled(), new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS))]);
      await database.close();
      await dropSchema?.();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** How long closing a test app waits for its background work. */
const CLOSE_WAIT_MS = 10_000;

/** A password as the client sends it. */
export const md5 = passwordDigest;
