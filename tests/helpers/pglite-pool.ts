// Test apps' PGlite databases, used again: a test app that closes hands its
// database back here, and the next one gets it put back as the seeded
// template had it (every table emptied and copied back, every sequence where
// it was, the session's settings, locks and listeners gone). Opening a copy
// of the template's dump starts a whole database (WebAssembly, buffers,
// catalog caches): 280 ms of a test app's 400 on a quiet machine, 2-3 s on a
// busy one; putting one back takes about 60 ms.
//
// A database whose structure a test changed (a table made, a trigger
// dropped), or that cannot be put back within a few seconds (a transaction a
// test left open), is closed and never handed out again.
import type { PGlite } from "@electric-sql/pglite";
import { type Database, openDatabase, pgliteDb } from "../../src/db/client";

/** What a copy of the template must hold to be handed out: its tables' rows, its sequences, its structure. */
export type Snapshot = {
  dump: Blob;
  /** Tables and sequences by their names as SQL reads them (`format(%I.%I)`: public.users, quoted where a name needs it). */
  tables: { name: string; rows?: Blob }[];
  sequences: { name: string; value: string; called: boolean }[];
  structure: string;
};

/** Idle databases kept: a file's tests run one after another, a few start two or three apps at once. */
const KEEP = 3;
const RESTORE_LIMIT_MS = 5_000;
const TRUNCATE_EVERY = 10;

/** A kept database and how often it was handed out. */
type Kept = { database: Database; uses: number };
const idle: Kept[] = [];

/** Everything a test could change in a database's structure, as one digest: tables and their columns, indexes, triggers, functions. */
async function structureOf(pg: PGlite): Promise<string> {
  const [row] = (
    await pg.query<{ digest: string }>(`
      select md5(string_agg(item, '|' order by item)) as digest from (
        select n.nspname || '.' || c.relname || ':' || c.relkind::text || ':' ||
               coalesce((select string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull, ',' order by a.attnum)
                         from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '') as item
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
        union all
        select 'trigger:' || tgrelid::regclass || '.' || tgname || ':' || tgenabled::text from pg_trigger where not tgisinternal
        union all
        select 'function:' || n.nspname || '.' || p.proname || ':' || md5(p.prosrc)
          from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname not in ('pg_catalog', 'information_schema')
      ) items`)
  ).rows;
  return row!.digest;
}

/**
 * The template's dump, and its rows, sequences and structure as a copy of
 * the dump has them: a copy starts as after a crash, with every sequence
 * moved on by the values the template had logged ahead. The copy read is the
 * first one handed out.
 */
export async function snapshotOf(template: Database): Promise<Snapshot> {
  const dump = await template.dump!();
  const copy = await openDatabase({ databaseUrl: null, dataDir: "", memory: true, from: dump });
  const pg = copy.pglite!;
  const names = (
    await pg.query<{ name: string }>(`select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1`)
  ).rows.map((r) => r.name);
  const tables: Snapshot["tables"] = [];
  // An empty table's COPY gives no blob at all.
  for (const name of names) tables.push({ name, rows: (await pg.query(`copy ${name} to '/dev/blob'`)).blob });
  const sequences = (
    await pg.query<{ name: string; value: string; called: boolean }>(
      `select format('%I.%I', schemaname, sequencename) as name, coalesce(last_value, start_value)::text as value, last_value is not null as called from pg_sequences`,
    )
  ).rows;
  idle.push({ database: copy, uses: 0 });
  return { dump, tables, sequences, structure: await structureOf(pg) };
}


/** Puts a used database back as the template had it; false when it cannot be (then it is closed). */
async function restore(kept: Kept, snapshot: Snapshot): Promise<boolean> {
  const { database } = kept;
  const pg = database.pglite!;
  const work = (async () => {
    if ((await structureOf(pg)) !== snapshot.structure) return false;
    // Settings, advisory locks, prepared statements and LISTENs of the session (PGlite has one).
    await pg.exec("discard all");
    // Foreign keys and triggers are not checked while the rows go and come back in whatever order.
    await pg.exec("set session_replication_role = replica");
    // A delete of a test's few rows takes 10 ms, a truncate of every table (new files for each) 100-300 ms;
    // but a delete leaves the dead rows behind, so every so often a truncate gives their room back.
    const tables = snapshot.tables.map((t) => t.name);
    if (kept.uses % TRUNCATE_EVERY === 0) await pg.exec(`truncate ${tables.join(", ")}`);
    else await pg.exec(tables.map((name) => `delete from ${name};`).join("\n"));
    for (const table of snapshot.tables) if (table.rows?.size) await pg.query(`copy ${table.name} from '/dev/blob'`, [], { blob: table.rows });
    await pg.exec("set session_replication_role = origin");
    for (const s of snapshot.sequences) await pg.query(`select setval($1::regclass, $2::bigint, $3)`, [s.name, s.value, s.called]);
    return true;
  })().catch(() => false);
  const timeout = new Promise<"late">((resolve) => setTimeout(() => resolve("late"), RESTORE_LIMIT_MS).unref?.());
  const outcome = await Promise.race([work, timeout]);
  if (outcome === true) return true;
  // Left to itself: a database stuck in a test's open transaction would hold its close too.
  if (outcome === false) await database.close().catch(() => {});
  return false;
}

/**
 * The client as one test app may use it: once the app has closed its
 * database, every call refuses, as a closed database would (a test of a
 * database that stops answering closes it; and work an app left running
 * must not write into the next test's database).
 */
function leased(pg: PGlite, open: () => boolean): PGlite {
  return new Proxy(pg, {
    get(on, key) {
      const value = Reflect.get(on, key);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (!open()) throw new Error("This test app's database is closed");
        return value.apply(on, args);
      };
    },
  });
}

/**
 * A database as the template had it: an idle one put back, else a new copy
 * of the dump. Its `close` hands it back here (once, however often called),
 * after removing the listeners its app added.
 */
export async function pooledDatabase(snapshot: Snapshot): Promise<Database> {
  let kept: Kept | undefined;
  // One never handed out (the snapshot's own copy) is as the template had it already.
  for (let next = idle.pop(); next && !kept; next = idle.pop()) if (next.uses === 0 || (await restore(next, snapshot))) kept = next;
  kept ??= { database: await openDatabase({ databaseUrl: null, dataDir: "", memory: true, from: snapshot.dump }), uses: 0 };
  kept.uses++;
  const handedOut = kept;
  const base = kept.database;
  let closed = false;
  const client = leased(base.pglite!, () => !closed);
  const unlisten: (() => Promise<void>)[] = [];
  return {
    db: await pgliteDb(client),
    kind: "pglite",
    pglite: client,
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
    dump: () => client.dumpDataDir("none"),
    listen: async (channel, onPayload) => {
      unlisten.push(await client.listen(channel, onPayload));
    },
    close: async () => {
      if (closed) return;
      closed = true;
      for (const stop of unlisten.splice(0)) await stop().catch(() => {});
      if (idle.length < KEEP) idle.push(handedOut);
      else await base.close();
    },
  };
}
