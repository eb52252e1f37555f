// One database handle for the whole app: embedded PGlite by default,
// PostgreSQL through postgres.js when DATABASE_URL is set (decision 91). Both
// speak the same Drizzle API, so no verb knows which one it runs on.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
// PGlite finds these beside its own module by default, which a compiled binary does not have:
// imported as files they are embedded there, and are real paths in node_modules otherwise.
import initdbWasmFile from "@electric-sql/pglite/initdb.wasm" with { type: "file" };
import pgliteDataFile from "@electric-sql/pglite/pglite.data" with { type: "file" };
import pgliteWasmFile from "@electric-sql/pglite/pglite.wasm" with { type: "file" };
import { BLANK_DATA_DIR } from "../files";
import { lockDataDir } from "./data-dir-lock";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction has the same API as the database. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * Raw SQL for the migrator and maintenance (advisory locks, truncation in tests). On PostgreSQL it runs on a
   * connection of its own, the same for every call: a session's lock or setting holds from one call to the next
   * (the pool's connections are handed out in no fixed order, and Bun's SQL left the migration lock held).
   */
  exec(sqlText: string): Promise<void>;
  /** PGlite only: the data directory as a tar, to open copies of it with `from`. */
  dump?(): Promise<Blob>;
  /** PGlite only: the client itself, for what SQL through Drizzle cannot do (COPY to a blob, in copy-to-postgres.ts). */
  pglite?: import("@electric-sql/pglite").PGlite;
  /**
   * Calls `onPayload` with each notification on `channel` (NOTIFY, delivered on commit): PostgreSQL from every
   * instance, PGlite from this one. `onListen` is called each time PostgreSQL's listening connection subscribes
   * again after losing its connection: whatever was notified meanwhile is lost.
   */
  listen(channel: string, onPayload: (payload: string) => void, onListen?: () => void): Promise<void>;
  close(): Promise<void>;
};

type Sql = import("postgres").Sql;

/**
 * A new data folder starts from the blank one the build made (scripts/compile.ts), not from initdb:
 * PGlite runs initdb in a second database instance beside initdb's own wasm, all held at once with
 * the first, which made most of the first start's peak memory (decision 87). From a checkout
 * without a build, initdb runs as before. The tar is written out here, file by file, before PGlite
 * starts, rather than handed to PGlite's loadDataDir, which holds it four times over (the blob, its
 * copy, the unpacked files, each file's copy) while the database starts (decision 93).
 */
async function unpackBlank(dataDir: string, blank: string | null): Promise<void> {
  if (blank === null || existsSync(join(dataDir, "PG_VERSION")) || !existsSync(blank)) return;
  const tar = Bun.gunzipSync(await Bun.file(blank).bytes());
  const text = (at: number, length: number) => new TextDecoder().decode(tar.subarray(at, at + length)).replace(/\0.*$/s, "");
  let last: { path: string; data: Uint8Array } | undefined;
  for (let at = 0; at + 512 <= tar.length; ) {
    const name = text(at, 100);
    if (!name) break;
    const path = join(dataDir, text(at + 345, 155), name);
    if (!path.startsWith(dataDir + "/")) throw new Error(`the blank data folder names a file outside it: ${name}`);
    const size = parseInt(text(at + 124, 12), 8);
    const type = text(at + 156, 1);
    const data = tar.subarray(at + 512, at + 512 + size);
    if (type === "5") mkdirSync(path, { recursive: true });
    else if (type === "0" || type === "") {
      mkdirSync(dirname(path), { recursive: true });
      // PG_VERSION last: a start cut off midway leaves a folder without it, which the next start fills again.
      if (name.endsWith("/PG_VERSION") && dirname(path) === dataDir) last = { path, data };
      else writeFileSync(path, data);
    } else throw new Error(`the blank data folder holds an entry of tar type "${type}": ${name}`);
    at += 512 + Math.ceil(size / 512) * 512;
  }
  if (!last) throw new Error("the blank data folder has no PG_VERSION");
  writeFileSync(last.path, last.data);
}

/** Makes the blank data folder: initdb's output, as a gzipped tar (scripts/compile.ts embeds it). */
export async function makeBlankDataDir(outfile: string): Promise<void> {
  const { PGlite } = await import("@electric-sql/pglite");
  const pg = await PGlite.create({ ...(await pgliteFiles()) });
  const tar = await pg.dumpDataDir("none");
  await pg.close();
  await Bun.write(outfile, Bun.gzipSync(new Uint8Array(await tar.arrayBuffer())));
}

/** Compiled once per process (PGlite's own loader caches them the same way): tests open many databases. */
let pgliteModules: Promise<{ pgliteWasmModule: WebAssembly.Module; initdbWasmModule: WebAssembly.Module }> | undefined;
const compileWasm = async (file: string) => WebAssembly.compile(await Bun.file(file).arrayBuffer());
const pgliteFiles = async () => {
  pgliteModules ??= Promise.all([compileWasm(pgliteWasmFile), compileWasm(initdbWasmFile)]).then(([pgliteWasmModule, initdbWasmModule]) => ({ pgliteWasmModule, initdbWasmModule }));
  // Without initdb.wasm a binary making a new data directory spins at full CPU after an ENOENT (ARCHITECTURE section 9).
  return { ...(await pgliteModules), fsBundle: Bun.file(pgliteDataFile) };
};

/**
 * postgres.js keeps each statement it has prepared on a connection and reuses
 * it, but Drizzle asks it to prepare only statements given a name, so every
 * query was parsed and planned again: measured, two thirds of the database's
 * time in a sign-up (scripts/bench/signup-burst.ts). This hands Drizzle a
 * client that prepares every statement, in transactions and savepoints too.
 * A pooler in transaction mode (PgBouncer before 1.21) cannot keep prepared
 * statements across transactions: connect to PostgreSQL directly.
 */
function preparing(sql: Sql): Sql {
  return new Proxy(sql, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (key === "unsafe") return (query: string, params?: unknown[], options?: object) => (value as Sql["unsafe"]).call(target, query, params as never, { ...options, prepare: true });
      if (key === "begin" || key === "savepoint")
        return (...args: unknown[]) => {
          const last = args.length - 1;
          const body = args[last] as (tx: Sql) => unknown;
          args[last] = (tx: Sql) => body(preparing(tx));
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      return value;
    },
  });
}

type PGliteClient = import("@electric-sql/pglite").PGlite;

/** What Drizzle's PGlite driver keeps as text (dates, timestamps, intervals and their arrays, numeric[]), by type id. */
const DRIZZLE_TEXT_TYPES = [1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231];

/**
 * Drizzle's PGlite driver hands its parsers (the types above kept as text) to every query, and PGlite then
 * copies its own table of about 300 parsers to merge them in, each time: measured, more than half of a one-row
 * query's time. The same parsers set once on the client, and a client handed to Drizzle that passes none with
 * a query (in transactions too), read every value exactly as before.
 */
function withTextTypes(client: PGliteClient): PGliteClient {
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = (value: string) => value;
  const bare = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(on, key) {
        const value = Reflect.get(on, key);
        if (typeof value !== "function") return value;
        if (key === "query") return (text: string, params?: unknown[], options?: { parsers?: unknown }) => value.call(on, text, params, options && { ...options, parsers: undefined });
        if (key === "transaction") return (body: (tx: object) => unknown) => value.call(on, (tx: object) => body(bare(tx)));
        return value.bind(on);
      },
    });
  return bare(client);
}

/** Drizzle over a PGlite client, as the portal queries it (tests/helpers/pglite-pool.ts builds one per test app over a shared client). */
export async function pgliteDb(client: PGliteClient): Promise<Db> {
  const { drizzle } = await import("drizzle-orm/pglite");
  return drizzle(withTextTypes(client), { schema }) as unknown as Db;
}

export async function openDatabase(opts: {
  databaseUrl: string | null;
  dataDir: string;
  pool?: number;
  memory?: boolean;
  /** PGlite only: start from this dump of a data directory (tests clone one migrated, seeded database). */
  from?: Blob;
  /** PGlite only: its shared_buffers in MB; unset, initdb's 128 MB. */
  buffersMb?: number;
  /** PGlite only: a new data folder starts from this gzipped blank one (BLANK_DATA_DIR, the binary's, unless given). */
  blank?: string | null;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const connect = (max: number) =>
      postgres(opts.databaseUrl!, {
        max,
        onnotice: () => {},
        // JSON reaches Drizzle as text, which parses it once (see the PGlite branch below).
        types: { jsonText: { to: 3802, from: [114, 3802], serialize: (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v)), parse: (v: string) => v } },
        // A request waiting on a hot row answers "busy, retry" rather than hanging (ARCHITECTURE section 3).
        connection: { lock_timeout: 3000, statement_timeout: 3000 } as Record<string, number>,
      });
    const client = connect(opts.pool ?? 8);
    // postgres.js connects on the first query: the single connection costs nothing until exec is used.
    const single = connect(1);
    const db = drizzle(preparing(client), { schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      exec: async (sqlText) => {
        await single.unsafe(sqlText);
      },
      // postgres.js listens on a connection of its own, outside the pool, and listens again after a reconnect.
      listen: async (channel, onPayload, onListen) => {
        let first = true;
        await client.listen(channel, onPayload, () => (first ? (first = false) : onListen?.()));
      },
      close: async () => {
        await Promise.all([client.end({ timeout: 5 }), single.end({ timeout: 5 })]);
      },
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  let dataDir: string | undefined;
  let unlock: (() => void) | undefined;
  if (!opts.memory) {
    dataDir = join(opts.dataDir, "pglite");
    mkdirSync(dataDir, { recursive: true });
    // PGlite itself would let a second process open the folder, and two writers corrupt it.
    unlock = lockDataDir(opts.dataDir);
  }
  if (dataDir && !opts.from) await unpackBlank(dataDir, opts.blank ?? BLANK_DATA_DIR);
  // Hand JSON to Drizzle as text, as postgres.js does: PGlite would parse it
  // and Drizzle parse it again, turning a stored "13900000001" into a number.
  const { types } = await import("@electric-sql/pglite");
  const asText = (value: string) => value;
  const startParams = opts.buffersMb ? [...PGlite.defaultStartParams, "-c", `shared_buffers=${opts.buffersMb}MB`] : undefined;
  let client: InstanceType<typeof PGlite>;
  try {
    client = await PGlite.create(dataDir, { ...(await pgliteFiles()), startParams, parsers: { [types.JSON]: asText, [types.JSONB]: asText }, loadDataDir: opts.from });
  } catch (error) {
    unlock?.();
    throw error;
  }
  const db = await pgliteDb(client);
  return {
    db,
    kind: "pglite",
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
    listen: async (channel, onPayload) => {
      await client.listen(channel, onPayload);
    },
    dump: () => client.dumpDataDir("none"),
    pglite: client,
    close: async () => {
      await client.close();
      unlock?.();
    },
  };
}
