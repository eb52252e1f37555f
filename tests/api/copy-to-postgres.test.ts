// Moving from the embedded database to PostgreSQL as an operator does it
// (docs/operations.md): a portal on its data folder, stopped; `copy-to-postgres`
// into an empty database; the portal started again with DATABASE_URL. The
// members, their sessions and orders carry over byte for byte, and the
// sequences go on where they were. PostgreSQL only: `.ci/run` runs it in its
// PostgreSQL pass.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, type Database } from "../../src/db/client";
import { rowsOf } from "../../src/db/sql";
import { sql } from "drizzle-orm";
import { freshPostgres } from "../helpers/app";
import { type Answer, type Remote, remote, signedIn } from "../helpers/remote";
import { startServer, type TestServer } from "../helpers/server";

async function copyCommand(dataDir: string, url: string) {
  const child = Bun.spawn([process.execPath, "src/main.ts", "copy-to-postgres", url], {
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: "test", DATABASE_URL: "" },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { stdout, stderr, code };
}

/** Every public table's rows as one text each, in a fixed order and time zone, to compare the two databases. */
async function contents(database: Database): Promise<Record<string, string>> {
  await database.exec("set timezone = 'UTC'");
  const tables = rowsOf<{ name: string }>(await database.db.execute(sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`)).map((row) => row.name);
  const out: Record<string, string> = {};
  for (const table of tables) {
    const [row] = rowsOf<{ rows: string | null }>(await database.db.execute(sql.raw(`select count(*) || ' ' || coalesce(md5(string_agg(t::text, E'\\n' order by t::text collate "C")), '') as rows from "${table}" t`)));
    out[table] = row!.rows ?? "";
  }
  return out;
}

const activityNamed = async (member: Remote, nameEn: string) => {
  const tiles = (await member.call("/activity/list", { module: ((await member.call("/activity/module/list")) as Answer).list[0].id })) as Answer;
  return ((await member.call("/activity/info", { id: tiles.list.find((x: Answer) => x.nameEn === nameEn).id })) as Answer).activity;
};

/** The salon's form asks the department and team (cn100001's are R&D). */
const salonSignUp = async (member: Remote) => {
  const salon = await activityNamed(member, "R&D tech salon");
  const [department, team] = salon.properties.map((r: Answer) => r.property);
  const option = (p: Answer, value: string) => ({ id: p.options.find((o: Answer) => o.value === value).id });
  return (await member.call("/order/sign", {
    activity: salon.id,
    properties: [
      { property: { id: department.id }, option: option(department, "rd"), value: "rd" },
      { property: { id: team.id }, option: option(team, "rd-mobile"), value: "rd-mobile" },
    ],
  })) as Answer;
};

describe.skipIf(!process.env.TEST_DATABASE_URL)("moving from the embedded database to PostgreSQL", () => {
  let dataDir: string;
  let embedded: TestServer;
  let target: Awaited<ReturnType<typeof freshPostgres>>;
  let onPostgres: TestServer | undefined;
  let member: Remote;
  let firstOrder: number;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "union-portal-move-"));
    [embedded, target] = await Promise.all([startServer({ env: { DATA_DIR: dataDir } }), freshPostgres({ empty: true })]);
    member = await signedIn(embedded.url, "cn100001");
    const signed = await salonSignUp(member);
    expect(signed.message.code).toBe("SUCCESS");
    firstOrder = signed.order;
  }, 90_000);

  afterAll(async () => {
    await embedded?.stop();
    await onPostgres?.stop();
    await target?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Is refused while the portal still runs on the data folder, before anything is written. */
  async function refusedWhileRunning() {
    const r = await copyCommand(dataDir, target.url);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`in use by process ${embedded.pid}`);
    const database = await openDatabase({ databaseUrl: target.url, dataDir: "", pool: 1 });
    try {
      expect(rowsOf(await database.db.execute(sql`select 1 from pg_tables where schemaname = 'public'`))).toEqual([]);
    } finally {
      await database.close();
    }
  }

  /** Copies every table row for row; the portal on PostgreSQL keeps the sessions and orders and goes on numbering. */
  async function copiesRowForRow() {
    await embedded.stop();
    const r = await copyCommand(dataDir, target.url);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Copied \d+ rows in \d+ tables and set \d+ sequences/);

    const source = await openDatabase({ databaseUrl: null, dataDir });
    const copy = await openDatabase({ databaseUrl: target.url, dataDir: "", pool: 1 });
    try {
      const [before, after] = [await contents(source), await contents(copy)];
      expect(Object.keys(after).length).toBeGreaterThan(50);
      expect(after).toEqual(before);
      expect(before.orders).not.toMatch(/^0 /);
    } finally {
      await Promise.all([source.close(), copy.close()]);
    }

    onPostgres = await startServer({ env: { DATABASE_URL: target.url, DATA_DIR: dataDir } });
    // The member signed in on the embedded portal is still signed in, and their order is there.
    const again = remote(onPostgres.url, { session: member.session() });
    const orders = (await again.call("/order/list", { index: 1 })) as Answer;
    expect(orders.message.code).toBe("SUCCESS");
    expect(orders.list.map((o: Answer) => o.id)).toContain(firstOrder);
    // Another member's sign-up takes the next number, not one the copy already holds.
    const other = await signedIn(onPostgres.url, "cn100002");
    const next = (await other.call("/order/sign", { activity: (await activityNamed(other, "Lunchtime book club")).id })) as Answer;
    expect(next.message.code).toBe("SUCCESS");
    expect(next.order).toBeGreaterThan(firstOrder);
  }

  /** A second copy into a database that holds portal data is refused and changes nothing. */
  async function refusesASecondCopy() {
    await onPostgres?.stop();
    onPostgres = undefined;
    const copy = await openDatabase({ databaseUrl: target.url, dataDir: "", pool: 1 });
    try {
      const before = await contents(copy);
      const r = await copyCommand(dataDir, target.url);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain("already holds portal data");
      expect(await contents(copy)).toEqual(before);
    } finally {
      await copy.close();
    }
  }

  // One story, in the order an operator lives it: each step starts where the last one left the data folder
  // and the target, so they run as one test whatever order the tests of a file are shuffled into.
  test("the move: refused while the portal runs, then copied row for row, then a second copy refused", async () => {
    await refusedWhileRunning();
    await copiesRowForRow();
    await refusesASecondCopy();
  }, 240_000);
});
