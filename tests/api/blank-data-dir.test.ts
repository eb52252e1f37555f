// The binary's first start: a new embedded database starts from the blank
// data folder made at build time (no initdb), is migrated, and opens again
// from what it wrote. The memory it saves is measured by npm run bench:signin.
import { expect, test } from "bun:test";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count } from "drizzle-orm";
import { makeBlankDataDir, openDatabase } from "../../src/db/client";
import { migrate } from "../../src/db/migrate";
import { roles } from "../../src/db/schema";
import { seedBase } from "../../src/db/seed/base";

test("a new data folder starts from the blank one, migrates, and opens again as it was left", async () => {
  const folder = await mkdtemp(join(tmpdir(), "union-portal-blank-"));
  try {
    const blank = join(folder, "blank.tar.gz");
    await makeBlankDataDir(blank);
    const dataDir = join(folder, "data");
    const first = await openDatabase({ databaseUrl: null, dataDir, blank, buffersMb: 16 });
    await migrate(first);
    await seedBase(first.db, new Date("2026-03-02T00:00:00Z"));
    const [made] = await first.db.select({ n: count() }).from(roles);
    await first.close();
    expect(await Bun.file(join(dataDir, "pglite", "PG_VERSION")).exists()).toBe(true);

    const again = await openDatabase({ databaseUrl: null, dataDir, blank, buffersMb: 16 });
    try {
      expect(await again.db.select({ n: count() }).from(roles)).toEqual([made!]);
      expect(made!.n).toBeGreaterThan(0);
    } finally {
      await again.close();
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}, 60_000);

test("a data folder whose unpacking was cut off (no PG_VERSION yet) is unpacked again over what was left", async () => {
  const folder = await mkdtemp(join(tmpdir(), "union-portal-blank-"));
  try {
    const blank = join(folder, "blank.tar.gz");
    await makeBlankDataDir(blank);
    const dataDir = join(folder, "data");
    // What an unpacking stopped midway leaves: some files, one of them cut short, and PG_VERSION not yet written.
    await mkdir(join(dataDir, "pglite", "global"), { recursive: true });
    await writeFile(join(dataDir, "pglite", "global", "1262"), new Uint8Array(100));
    const database = await openDatabase({ databaseUrl: null, dataDir, blank, buffersMb: 16 });
    try {
      await migrate(database);
      expect(await Bun.file(join(dataDir, "pglite", "global", "1262")).size).toBe(8192);
      expect(await Bun.file(join(dataDir, "pglite", "PG_VERSION")).exists()).toBe(true);
    } finally {
      await database.close();
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}, 60_000);
