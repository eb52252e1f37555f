// `union-portal copy-to-postgres URL`: copies the embedded database in
// DATA_DIR into an empty PostgreSQL database, for an operator moving from one
// VM to PostgreSQL (docs/operations.md). PGlite has no pg_dump of its own, so
// the copy goes table by table: both sides are first brought to this build's
// migrations, so their tables are the same; then each table's rows travel as
// COPY text (exact for every type: json, arrays, bytea, timestamps), parents
// before children, in one transaction on PostgreSQL that also sets every
// sequence and checks every table's row count. Anything wrong rolls it all
// back and leaves PostgreSQL empty. The data folder is only read (after its
// migrations), so it stays the way back.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type postgres from "postgres";
import type { Config } from "../config";
import { openDatabase } from "./client";
import { DataDirInUse } from "./data-dir-lock";
import { MIGRATION_LOCK, migrate } from "./migrate";

export type CopyReport = { tables: { name: string; rows: number }[]; sequences: number; ms: number };

/** A refusal the operator can act on; the command prints its message and nothing else. */
export class CopyRefused extends Error {}

/** Tables the migrator itself fills (src/db/migrate.ts; sign_config's and security_config's one row by their migrations): the only rows an empty target may hold. */
const FILLED_BY_MIGRATE = new Set(["types", "sign_config", "security_config"]);

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Parents before children by their foreign keys (a table referring to itself copies in one statement, checked at its end). */
export function parentsFirst(tables: string[], references: { child: string; parent: string }[]): string[] {
  const parentsOf = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { child, parent } of references) if (child !== parent) parentsOf.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((table) => !placed.has(table) && [...parentsOf.get(table)!].every((parent) => placed.has(parent)));
    if (ready.length === 0) throw new Error(`foreign keys form a cycle among: ${tables.filter((table) => !placed.has(table)).join(", ")}`);
    for (const table of ready) {
      ordered.push(table);
      placed.add(table);
    }
  }
  return ordered;
}

export async function copyToPostgres(opts: { dataDir: string; targetUrl: string; buffersMb?: number; say?: (line: string) => void }): Promise<CopyReport> {
  const say = opts.say ?? (() => {});
  const started = performance.now();
  if (!existsSync(join(opts.dataDir, "pglite", "PG_VERSION"))) throw new CopyRefused(`There is no embedded database in ${join(opts.dataDir, "pglite")}: set DATA_DIR to the portal's data folder.`);

  // The data folder's lock first: a portal still running on it is found before anything is written anywhere.
  const source = await openDatabase({ databaseUrl: null, dataDir: opts.dataDir, buffersMb: opts.buffersMb });
  const { default: connect } = await import("postgres");
  const target = connect(opts.targetUrl, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    const [{ encoding }] = await target<[{ encoding: string }]>`select current_setting('server_encoding') as encoding`;
    if (encoding !== "UTF8") throw new CopyRefused(`The target database's encoding is ${encoding}; create it with ENCODING 'UTF8' (Chinese text needs it).`);
    // Both sides at this build's migrations, through the portal's own migrator, so their tables are the same.
    const targetDatabase = await openDatabase({ databaseUrl: opts.targetUrl, dataDir: opts.dataDir, pool: 1 });
    try {
      await migrate(targetDatabase);
    } finally {
      await targetDatabase.close();
    }
    await migrate(source);
    const pglite = source.pglite!;
    const tables = (await pglite.query<{ name: string }>(`select c.relname as name from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`)).rows.map((row) => row.name);
    const references = (await pglite.query<{ child: string; parent: string }>(`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent from pg_constraint c where c.contype = 'f' and c.connamespace = 'public'::regnamespace`)).rows.map(({ child, parent }) => ({ child: unquote(child), parent: unquote(parent) }));
    const columns = new Map<string, string[]>();
    for (const row of (await pglite.query<{ table: string; column: string }>(`select c.relname as table, a.attname as column from pg_attribute a join pg_class c on c.oid = a.attrelid where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped and a.attgenerated = '' order by c.relname, a.attnum`)).rows) {
      columns.set(row.table, [...(columns.get(row.table) ?? []), row.column]);
    }
    const sequences = (await pglite.query<{ name: string; value: string | null }>(`select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'`)).rows;
    const order = parentsFirst(tables, references);

    const report: CopyReport["tables"] = [];
    await target.begin(async (tx) => {
      // A portal started on the target meanwhile waits here in its migrator, then finds the copy's data and seeds nothing.
      await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK})`;
      for (const table of order) {
        if (FILLED_BY_MIGRATE.has(table)) continue;
        const [row] = await tx.unsafe(`select exists (select from ${quoted(table)}) as taken`);
        if (row?.taken) throw new CopyRefused(`The target database already holds portal data (table ${table} has rows). Give it an empty database: this command never overwrites one.`);
      }
      // The rows arrive with the source's sign-up configuration version: its triggers must not bump it again (sql/0016_sign-config.sql).
      await tx.unsafe("select set_config('sign_config.bumped', 'on', true)");
      await tx.unsafe(`truncate ${order.map(quoted).join(", ")}`);
      for (const table of order) {
        const list = columns.get(table)!.map(quoted).join(", ");
        // An empty table's COPY gives no blob at all.
        const { blob } = await pglite.query(`copy (select ${list} from ${quoted(table)}) to '/dev/blob'`);
        if (blob) await copyIn(tx, `copy ${quoted(table)} (${list}) from stdin`, new Uint8Array(await blob.arrayBuffer()));
        const [{ rows: expected }] = (await pglite.query<{ rows: number }>(`select count(*)::int as rows from ${quoted(table)}`)).rows as [{ rows: number }];
        const [{ rows: copied }] = await tx.unsafe<[{ rows: number }]>(`select count(*)::int as rows from ${quoted(table)}`);
        if (copied !== expected) throw new Error(`table ${table}: ${expected} rows in the data folder, ${copied} arrived`);
        report.push({ name: table, rows: copied });
        say(`  ${table}: ${copied} ${copied === 1 ? "row" : "rows"}`);
      }
      for (const sequence of sequences) {
        if (sequence.value !== null) await tx`select setval(${`public.${quoted(sequence.name)}`}::regclass, ${sequence.value}::bigint, true)`;
      }
    });
    return { tables: report, sequences: sequences.length, ms: Math.round(performance.now() - started) };
  } finally {
    await target.end({ timeout: 5 });
    await source.close();
  }
}

/** regclass text quotes a name only when it must. */
function unquote(name: string): string {
  return name.startsWith('"') ? name.slice(1, -1).replaceAll('""', '"') : name;
}

async function copyIn(tx: postgres.TransactionSql, statement: string, bytes: Uint8Array): Promise<void> {
  const stream = await tx.unsafe(statement).writable();
  await new Promise<void>((resolve, reject) => {
    stream.on("error", reject);
    stream.on("finish", () => resolve());
    stream.end(bytes);
  });
}

/** The command: prints what it copied, or why it would not; answers the exit code. */
export async function copyToPostgresCommand(targetUrl: string, config: Config): Promise<number> {
  const where = targetUrl.replace(/\/\/[^@/]*@/, "//…@");
  console.log(`Copying the embedded database in ${config.dataDir} to ${where}`);
  try {
    const report = await copyToPostgres({ dataDir: config.dataDir, targetUrl, buffersMb: config.pgliteBuffersMb, say: console.log });
    const rows = report.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(`Copied ${rows} rows in ${report.tables.length} tables and set ${report.sequences} sequences in ${(report.ms / 1000).toFixed(1)} s.`);
    console.log(`Now set DATABASE_URL to it and start the portal. The data folder is unchanged: keep it until the portal runs well on PostgreSQL${config.storage.s3 ? "" : ", and keep its files folder (the uploads) beside the portal"}.`);
    return 0;
  } catch (error) {
    if (error instanceof CopyRefused || error instanceof DataDirInUse) console.error(error.message);
    else console.error(`The copy failed, no row was kept in PostgreSQL, and the command can be run again once this is mended: ${(error as Error).message ?? error}`);
    return 1;
  }
}
