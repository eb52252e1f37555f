// What the app relies on from its PostgreSQL client (postgres.js, decision
// 91; Bun's SQL was held to the same until it was measured and deleted): json in and out
// (a JSON string stays a string), arrays, timestamps, bigint and numeric, the
// index a unique violation names, savepoints, and NOTIFY delivered on commit.
// PostgreSQL only (TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { bigint, integer, jsonb, numeric, pgTable, timestamp } from "drizzle-orm/pg-core";
import { type Database, openDatabase } from "../../src/db/client";
import { rowsOf } from "../../src/db/sql";
import { brokenIndex, pgCode } from "../../src/http/errors";
import { freshPostgres } from "../helpers/app";

const probe = pgTable("driver_probe", {
  id: integer("id").primaryKey(),
  value: jsonb("value").$type<unknown>(),
  ids: integer("ids").array(),
  at: timestamp("at", { withTimezone: true, mode: "date" }),
  big: bigint("big", { mode: "number" }),
  amount: numeric("amount"),
});

const VALUES: unknown[] = ["13900000001", ["a", "b"], { a: 1, b: [true, null] }, 5, "plain"];

describe.skipIf(!process.env.TEST_DATABASE_URL)("the PostgreSQL client", () => {
  let fresh: Awaited<ReturnType<typeof freshPostgres>>;
  beforeAll(async () => {
    fresh = await freshPostgres({ empty: true });
  });
  afterAll(async () => {
    await fresh?.drop();
  });

  describe("postgres.js", () => {
    let database: Database;
    beforeAll(async () => {
      database = await openDatabase({ databaseUrl: fresh.url, dataDir: "", pool: 2 });
      await database.exec("drop table if exists driver_probe");
      await database.exec("create table driver_probe (id int primary key, value jsonb, ids int[], at timestamptz, big bigint, amount numeric)");
    });
    afterAll(async () => {
      await database?.close();
    });

    test("json, arrays, timestamps, bigint and numeric come back as they went in", async () => {
      const at = new Date("2026-11-26T08:30:00.123Z");
      await database.db.insert(probe).values(VALUES.map((value, i) => ({ id: i + 1, value, ids: [i, 7], at, big: 9_007_199_254_740_000 + i, amount: "12.50" })));
      const rows = await database.db.select().from(probe).orderBy(probe.id);
      expect(rows.map((r) => r.value)).toEqual(VALUES);
      expect(rows[0]!.ids).toEqual([0, 7]);
      expect(Array.isArray(rows[0]!.ids)).toBe(true);
      expect(rows[0]!.at).toEqual(at);
      expect(rows[1]!.big).toBe(9_007_199_254_740_001);
      expect(rows[0]!.amount).toBe("12.50");
      // Stored as JSON, not as a JSON string holding it.
      const kinds = rowsOf<{ kind: string }>(await database.db.execute(sql`select jsonb_typeof(value) as kind from driver_probe order by id`));
      expect(kinds.map((k) => k.kind)).toEqual(["string", "array", "object", "number", "string"]);
      // A raw execute hands JSON over as text on every driver, and arrays as arrays.
      const [raw] = rowsOf<{ value: string; ids: number[] }>(await database.db.execute(sql`select value, ids from driver_probe where id = 3`));
      expect(JSON.parse(raw!.value)).toEqual(VALUES[2]);
      expect(raw!.ids).toEqual([2, 7]);
      await database.db.delete(probe);
    });

    test("a unique violation names its index", async () => {
      await database.db.insert(probe).values({ id: 100 });
      const error = await database.db
        .insert(probe)
        .values({ id: 100 })
        .then(() => null, (e: unknown) => e);
      expect(pgCode(error)).toBe("23505");
      expect(brokenIndex(error)).toBe("driver_probe_pkey");
      await database.db.delete(probe);
    });

    test("a failed savepoint rolls back its own work only", async () => {
      await database.db.transaction(async (tx) => {
        await tx.insert(probe).values({ id: 1 });
        const inner = await tx
          .transaction(async (sp) => {
            await sp.insert(probe).values({ id: 2 });
            await sp.insert(probe).values({ id: 1 });
          })
          .then(() => null, (e: unknown) => e);
        expect(pgCode(inner)).toBe("23505");
        await tx.transaction(async (sp) => {
          await sp.insert(probe).values({ id: 3 });
        });
      });
      expect((await database.db.select({ id: probe.id }).from(probe).orderBy(probe.id)).map((r) => r.id)).toEqual([1, 3]);
      await database.db.delete(probe);
    });

    test("a notification is heard after its transaction commits, not after a rollback", async () => {
      const heard: string[] = [];
      let wake = () => {};
      await database.listen("driver_probe", (payload) => {
        heard.push(payload);
        wake();
      });
      await database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select pg_notify('driver_probe', 'dropped')`);
          throw new Error("roll back");
        })
        .catch(() => {});
      const arrived = new Promise<void>((resolve) => (wake = resolve));
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('driver_probe', 'kept')`);
        expect(heard).toEqual([]);
      });
      await arrived;
      expect(heard).toEqual(["kept"]);
    });
  });
});
