import { expect, test } from "bun:test";
import { count, eq } from "drizzle-orm";
import { loadConfig } from "../../src/config";
import { openDatabase } from "../../src/db/client";
import { migrate } from "../../src/db/migrate";
import { users } from "../../src/db/schema";
import { hashPassword, seed } from "../../src/db/seed";
import { passwordDigest as md5 } from "../../src/protocol/password";

test("production seeds only the first administrator, with ADMIN_PASSWORD, and only once", async () => {
  const database = await openDatabase({ databaseUrl: null, dataDir: "", memory: true });
  try {
    await migrate(database);
    const config = loadConfig({ NODE_ENV: "production", ADMIN_PASSWORD: "Very-Secret-2026" });
    const first = await seed(database, config);
    expect(first).toMatchObject({ seeded: true, demo: false, admin: { account: "admin", password: null } });
    const rows = await database.db.select().from(users);
    expect(rows.map((u) => u.employees)).toEqual(["admin"]);
    expect(await Bun.password.verify(md5("Very-Secret-2026"), rows[0]!.passwordHash!)).toBe(true);
    expect((await seed(database, config)).seeded).toBe(false);
    // Migrating again on every start is harmless.
    await migrate(database);
    const [{ n }] = (await database.db.select({ n: count() }).from(users)) as [{ n: number }];
    expect(n).toBe(1);
  } finally {
    await database.close();
  }
}, 60_000);

test("without ADMIN_PASSWORD a strong one is generated and reported once", async () => {
  const database = await openDatabase({ databaseUrl: null, dataDir: "", memory: true });
  try {
    await migrate(database);
    const report = await seed(database, loadConfig({ NODE_ENV: "production" }));
    const password = report.admin!.password!;
    expect(password).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)[A-Za-z\d]{16}$/);
    const [admin] = await database.db.select().from(users).where(eq(users.employees, "admin"));
    expect(await Bun.password.verify(md5(password), admin!.passwordHash!)).toBe(true);
    expect(admin!.passwordHash).toStartWith("$argon2id$");
    expect(await hashPassword("x")).not.toBe(await hashPassword("x"));
  } finally {
    await database.close();
  }
}, 60_000);
