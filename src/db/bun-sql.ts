// PostgreSQL through Bun's own SQL client (DATABASE_DRIVER=bun-sql), measured
// against postgres.js for issue 19. It prepares every statement itself (named,
// the 1,024 last used per connection) and listens on a connection of its own.
import type { SQL } from "bun";

/** json and jsonb; int4[] and float4[], which Bun hands back as typed arrays. */
const JSON_TYPES = new Set([114, 3802]);
const TYPED_ARRAYS = new Set([1007, 1021]);

type Column = { name: string; type: number };
type Result = unknown[] & { columns?: Column[] | null };

/**
 * Bun parses json itself, and Drizzle parses what it gets again when it is a
 * string: a stored "13900000001" came back as a number. JSON reaches Drizzle
 * as text here, as with the other two drivers (client.ts); typed arrays become
 * arrays, as JSON.stringify and Drizzle's array columns expect.
 */
function asOthers(result: Result, byIndex: boolean): Result {
  const columns = result.columns;
  if (!columns || result.length === 0) return result;
  const fixes: { key: string | number; json: boolean }[] = [];
  columns.forEach((c, i) => {
    if (JSON_TYPES.has(c.type) || TYPED_ARRAYS.has(c.type)) fixes.push({ key: byIndex ? i : c.name, json: JSON_TYPES.has(c.type) });
  });
  if (fixes.length === 0) return result;
  for (const row of result as Record<string | number, unknown>[])
    for (const { key, json } of fixes) {
      const value = row[key];
      if (value === null || value === undefined) continue;
      row[key] = json ? JSON.stringify(value) : Array.from(value as ArrayLike<number>);
    }
  return result;
}

/** A query as Drizzle uses one: awaited for objects, or `.values()` then awaited for arrays. */
function wrapQuery(query: SQL.Query<unknown>, byIndex = false): PromiseLike<Result> & { values(): PromiseLike<Result> } {
  return {
    values: () => wrapQuery(query.values(), true),
    then: (onfulfilled, onrejected) => query.then((r) => asOthers(r as unknown as Result, byIndex)).then(onfulfilled, onrejected),
  };
}

/** The client Drizzle gets: its queries, in transactions and savepoints too, pass through asOthers. */
function converting(sql: SQL): SQL {
  return new Proxy(sql, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (key === "unsafe") return (query: string, params?: unknown[]) => wrapQuery((value as SQL["unsafe"]).call(target, query, params));
      if (key === "begin" || key === "savepoint")
        return (...args: unknown[]) => {
          const last = args.length - 1;
          const body = args[last] as (tx: SQL) => unknown;
          args[last] = (tx: SQL) => body(converting(tx));
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      return value;
    },
  });
}

/**
 * Drizzle hands a json column's value over as JSON text, and Bun, seeing a
 * string for a json parameter, stored it as a JSON string ('"[6]"'). The
 * dialect marks those parameters (its typings, made for other drivers): they
 * go to Bun as sql.json of the value, which Bun sends as JSON. Transactions
 * share the dialect, so they are covered too.
 */
function jsonParams<D extends object>(client: SQL, db: D): D {
  type Query = { sql: string; params: unknown[]; typings?: string[] };
  const dialect = (db as unknown as { dialect: { sqlToQuery(sql: unknown, source?: unknown): Query } }).dialect;
  const toQuery = dialect.sqlToQuery.bind(dialect);
  dialect.sqlToQuery = (sql, source) => {
    const query = toQuery(sql, source);
    query.typings?.forEach((typing, i) => {
      if (typing === "json" && typeof query.params[i] === "string") query.params[i] = client.json(JSON.parse(query.params[i] as string));
    });
    return query;
  };
  return db;
}

export async function openBunSql(url: string, pool: number) {
  const { SQL } = await import("bun");
  const { drizzle } = await import("drizzle-orm/bun-sql");
  // A request waiting on a hot row answers "busy, retry" rather than hanging (ARCHITECTURE section 3).
  const connect = (max: number) => new SQL(url, { max, connection: { lock_timeout: 3000, statement_timeout: 3000 } });
  const client = connect(pool);
  // Bun connects on the first query: the single connection costs nothing until exec is used (client.ts says why).
  const single = connect(1);
  return {
    drizzleOf: <S extends Record<string, unknown>>(schema: S) => jsonParams(client, drizzle({ client: converting(client), schema })),
    exec: async (sqlText: string) => {
      await single.unsafe(sqlText).simple();
    },
    // Bun listens on a connection of its own, outside the pool, and subscribes again after a reconnect.
    listen: async (channel: string, onPayload: (payload: string) => void) => {
      await client.listen(channel, onPayload);
    },
    close: async () => {
      await Promise.all([client.close({ timeout: 5 }), single.close({ timeout: 5 })]);
    },
  };
}
