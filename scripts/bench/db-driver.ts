// npm run bench:db-driver (issue 19 item 1, decision 91): the PostgreSQL
// client alone, postgres.js against Bun's SQL (DATABASE_DRIVER=bun-sql), the
// same Drizzle statements through each, alternated A/B three times in one
// process so both see the same machine: a one-row typed select, and a
// transaction holding a select and a savepoint (the shape of a batch). Per
// second and µs of this process's CPU per statement, at 8 and 64 at once on
// a pool of 8 like the app's.
//
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres): the
// server a scratch database is made on, and dropped after.
import { eq, sql } from "drizzle-orm";
import { type Database, openDatabase } from "../../src/db/client";
import { migrate } from "../../src/db/migrate";
import { types } from "../../src/db/schema";

const SERVER = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DRIVERS = ["postgres.js", "bun-sql"] as const;
const name = `bench_db_driver_${process.pid}`;
const onServer = async (statement: string) => {
  const admin = await openDatabase({ databaseUrl: SERVER, dataDir: "", pool: 1, driver: "postgres.js" });
  await admin.exec(statement);
  await admin.close();
};
await onServer(`create database ${name}`);
const url = new URL(SERVER);
url.pathname = `/${name}`;
const clients = {} as Record<(typeof DRIVERS)[number], Database>;
for (const driver of DRIVERS) clients[driver] = await openDatabase({ databaseUrl: url.toString(), dataDir: "", pool: 8, driver });
await migrate(clients["postgres.js"]);
const ids = (await clients["postgres.js"].db.select({ id: types.id }).from(types)).map((r) => r.id);

async function run(db: Database["db"], shape: string, concurrency: number, n: number) {
  let next = 0;
  const one = async (i: number) => {
    const id = ids[i % ids.length]!;
    if (shape === "select") await db.select().from(types).where(eq(types.id, id));
    else
      await db.transaction(async (tx) => {
        await tx.select().from(types).where(eq(types.id, id));
        await tx.transaction((savepoint) => savepoint.execute(sql`select ${id}::int as id`));
      });
  };
  const began = performance.now();
  const cpu = process.cpuUsage();
  await Promise.all(Array.from({ length: concurrency }, async () => { while (next < n) await one(next++); }));
  const used = process.cpuUsage(cpu);
  return { perSecond: Math.round((n / (performance.now() - began)) * 1000), cpuUs: Math.round((used.user + used.system) / n) };
}

try {
  for (const driver of DRIVERS) await run(clients[driver].db, "select", 8, 500); // warm: connections open, statements prepared
  console.log("shape            clients  driver         per second, 3 runs     median   µs CPU each (median)");
  for (const shape of ["select", "tx+savepoint"])
    for (const concurrency of [8, 64]) {
      const runs = { "postgres.js": [], "bun-sql": [] } as Record<(typeof DRIVERS)[number], { perSecond: number; cpuUs: number }[]>;
      for (let round = 0; round < 3; round++) for (const driver of DRIVERS) runs[driver].push(await run(clients[driver].db, shape, concurrency, shape === "select" ? 5000 : 2000));
      const median = (xs: number[]) => xs.sort((a, b) => a - b)[1]!;
      for (const driver of DRIVERS) {
        const r = runs[driver];
        console.log(
          `${shape.padEnd(16)} ${String(concurrency).padStart(7)}  ${driver.padEnd(13)}  ${r.map((x) => x.perSecond).join(", ").padEnd(22)} ${String(median(r.map((x) => x.perSecond))).padStart(6)}   ${median(r.map((x) => x.cpuUs))}`,
        );
      }
    }
} finally {
  for (const driver of DRIVERS) await clients[driver].close();
  await onServer(`drop database if exists ${name} with (force)`);
}
