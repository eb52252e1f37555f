// The test apps' PGlite databases are used again (tests/helpers/pglite-pool.ts):
// whatever a test did to one, the next test app must find it as seeded.
import { describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { rowsOf } from "../../src/db/sql";
import { type TestApp, startTestApp } from "../helpers/app";

const onPostgres = !!process.env.TEST_DATABASE_URL;

/**
 * Every public table's rows as one digest, and every sequence's last value
 * (portal_keys left out: each app makes its own secret as it starts).
 */
async function contents(t: TestApp) {
  const tables = rowsOf<{ name: string }>(await t.db.execute(sql`select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'portal_keys' order by 1`)).map((r) => r.name);
  const digests: Record<string, string> = {};
  for (const name of tables) {
    const [row] = rowsOf<{ digest: string | null }>(await t.db.execute(sql.raw(`select md5(string_agg(t::text, '|' order by t::text)) as digest from "${name}" t`)));
    digests[name] = row!.digest ?? "empty";
  }
  const sequences = rowsOf<{ name: string; value: string | null }>(await t.db.execute(sql`select sequencename as name, last_value::text as value from pg_sequences order by 1`));
  return { digests, sequences };
}

describe.skipIf(onPostgres)("a test app's database used again", () => {
  test("the next test app finds the seeded rows, sequences, settings, locks and listeners, whatever the last one did", async () => {
    const first = await startTestApp();
    const seeded = await contents(first);
    const heard: string[] = [];
    await first.database.listen("pool_probe", (payload) => heard.push(payload));
    await first.db.execute(sql`update users set employees = employees || 'x'`);
    await first.db.execute(sql`delete from news`);
    await first.db.execute(sql`select nextval('sms_tasks_id_seq')`);
    await first.database.exec("set statement_timeout = 1234");
    await first.database.exec("select pg_advisory_lock(4242)");
    expect((await contents(first)).digests).not.toEqual(seeded.digests);
    // A mark on the database itself (not on the app's handle of it), to tell it again.
    Object.assign(first.database.pglite!, { poolProbe: "first" });
    await first.close();
    // The closed app's handle refuses, as a closed database would: nothing it left running writes into the next test's.
    const refused = await Promise.resolve(first.db.execute(sql`select 1`)).then(() => null, (error: Error) => error);
    expect((refused?.cause as Error | undefined)?.message).toBe("This test app's database is closed");

    const next = await startTestApp();
    try {
      // The same database, put back: not a new copy (which would prove nothing here).
      expect(Reflect.get(next.database.pglite!, "poolProbe")).toBe("first");
      expect(await contents(next)).toEqual(seeded);
      expect(rowsOf<{ v: string }>(await next.db.execute(sql`select current_setting('statement_timeout') as v`))[0]!.v).toBe("0");
      expect(rowsOf<{ n: number }>(await next.db.execute(sql`select count(*)::int as n from pg_locks where locktype = 'advisory'`))[0]!.n).toBe(0);
      // The channel's notification reaches this app's listener, and not the last app's.
      const arrived = new Promise<string>((resolve) => void next.database.listen("pool_probe", resolve));
      await next.db.execute(sql`select pg_notify('pool_probe', 'after')`);
      expect(await arrived).toBe("after");
      expect(heard).toEqual([]);
    } finally {
      await next.close();
    }
  });

  test("a database whose structure a test changed is not handed out again", async () => {
    const first = await startTestApp();
    await first.database.exec("create table pool_probe (id int)");
    Object.assign(first.database.pglite!, { poolProbe: "changed" });
    await first.close();
    const next = await startTestApp();
    try {
      expect(Reflect.get(next.database.pglite!, "poolProbe")).not.toBe("changed");
      expect(rowsOf(await next.db.execute(sql`select 1 from pg_tables where tablename = 'pool_probe'`))).toEqual([]);
    } finally {
      await next.close();
    }
  });
});
