// What the database benches (dashboard, member-export, member-import,
// order-import) stand on: a migrated and seeded scratch database on embedded
// PGlite (in memory) or on a PostgreSQL server (made, then dropped), the app
// in-process with a signed-in staff client, and the timing and spreadsheet
// helpers their figures come from.
//
// BENCH_ENGINES (default "pglite,postgres"); DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres): the server a scratch database
// is made on, and dropped after.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as XLSX from "xlsx";
import { createApp } from "../../src/app";
import { createAppState } from "../../src/app-state";
import { type Config, loadConfig } from "../../src/config";
import { type Database, openDatabase } from "../../src/db/client";
import { migrate } from "../../src/db/migrate";
import { DEMO_PASSWORD, seed } from "../../src/db/seed";
import { nodeBackend } from "../../src/http/crypto-node";
import { ApiClient } from "../../src/protocol/client";
import { passwordDigest } from "../../src/protocol/password";
import { signIn } from "../../src/protocol/signin";

export const ENGINES = (process.env.BENCH_ENGINES ?? "pglite,postgres").split(",").map((s) => s.trim());
const SERVER = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const CAPTCHA = "BENCH1";

export type Log = (...args: unknown[]) => void;

/**
 * A bench's `log` (lines on stderr, so that stdout keeps only its table) and
 * `timed`, which runs `run` and logs how long it took, in whole ms.
 */
export function benchKit(bench: string) {
  const log: Log = (...args) => console.error(`[bench:${bench}]`, ...args);
  const timed = async <T>(label: string, run: () => Promise<T>): Promise<[T, number]> => {
    const began = performance.now();
    const result = await run();
    const ms = Math.round(performance.now() - began);
    log(`${label}: ${ms} ms`);
    return [result, ms];
  };
  return { log, timed };
}

/** A one-sheet workbook of `rows` (the header first), as a staff member's upload. */
export const xlsxOf = (rows: (string | null)[][]) => {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Sheet1");
  return new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx", compression: true }) as ArrayBuffer);
};

/**
 * An empty database: PGlite in memory, or `bench_<name>_<pid>` made on the
 * server with a pool of `pool` (`url` names it, for a portal started on it).
 */
export async function scratchDatabase(engine: string, name: string, pool: number): Promise<{ database: Database; url: string | null; drop: () => Promise<void> }> {
  if (engine === "pglite") {
    const database = await openDatabase({ databaseUrl: null, dataDir: "", memory: true });
    return { database, url: null, drop: () => database.close() };
  }
  const dbName = `bench_${name.replaceAll("-", "_")}_${process.pid}`;
  const onServer = async (sql: string[]) => {
    const admin = await openDatabase({ databaseUrl: SERVER, dataDir: "", pool: 1 });
    for (const statement of sql) await admin.exec(statement);
    await admin.close();
  };
  await onServer([`drop database if exists ${dbName} with (force)`, `create database ${dbName}`]);
  const url = new URL(SERVER);
  url.pathname = `/${dbName}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: "", pool });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      await onServer([`drop database if exists ${dbName} with (force)`]);
    },
  };
}

export type Scratch = { database: Database; config: Config; now: Date };

/**
 * Gives `use` a migrated and seeded scratch database on `engine`, with the
 * config of a development app (fixed captcha, its own data folder, plus `env`),
 * and drops both after, whatever `use` does.
 */
export async function onScratch<T>(
  engine: string,
  bench: { name: string; log: Log; pool?: number; env?: Record<string, string> },
  use: (scratch: Scratch) => Promise<T>,
): Promise<T> {
  const now = new Date();
  const dataDir = mkdtempSync(join(tmpdir(), `bench-${bench.name}-`));
  const { database, drop } = await scratchDatabase(engine, bench.name, bench.pool ?? 8);
  try {
    const config = loadConfig({ NODE_ENV: "development", CAPTCHA_FIXED: CAPTCHA, DATA_DIR: dataDir, LOG_LEVEL: "warn", ...bench.env });
    bench.log(`${engine}: migrating and seeding`);
    await migrate(database);
    await seed(database, config, now);
    return await use({ database, config, now });
  } finally {
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The app in-process and a client signed in as the demo account `account`, its calls signed and sealed as over the network. */
export async function signedInClient({ database, config }: Scratch, account: string): Promise<ApiClient> {
  const deps = { database, config, clock: () => new Date() };
  const app = createApp(deps, createAppState(deps));
  const fetcher = ((input: RequestInfo | URL, init?: RequestInit) => app.handle(new Request(input, init))) as typeof fetch;
  const client = new ApiClient({ baseUrl: "http://localhost", backend: nodeBackend, appId: "union-portal-cli", fetch: fetcher });
  const signed = await signIn(client, { account, passwordMd5: passwordDigest(DEMO_PASSWORD), captcha: CAPTCHA });
  if (signed.message.code !== "SUCCESS") throw new Error(`sign-in: ${signed.message.code}`);
  return client;
}
