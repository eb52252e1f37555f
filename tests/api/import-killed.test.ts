// An 8,000-row member import whose server is killed (kill -9) half-way and
// run again by the restarted server (decision 107): its answer and its
// feedback table count what the whole job did (every member created, none
// "unchanged"), and the operation log agrees. A real server process, on its
// embedded database (restarted on the same DATA_DIR) or on PostgreSQL with
// TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, count, eq, like } from "drizzle-orm";
import { openDatabase } from "../../src/db/client";
import { operationLog, users } from "../../src/db/schema";
import { STALE_MS } from "../../src/domains/staff-jobs/kit";
import { freshPostgres } from "../helpers/app";
import { movableClock } from "../helpers/clock";
import { ONBOARDING_HEADER, onboardingRows } from "../helpers/member-sheets";
import { type Answer, remote, signedIn } from "../helpers/remote";
import { copySeededDataDir, startServer, type TestServer } from "../helpers/server";
import { fetchFile, readXlsx, xlsxFile } from "../helpers/sheets";
import { until } from "../helpers/wait";

const ROWS = 8_000;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe("a member import killed half-way and run again", () => {
  let fresh: Awaited<ReturnType<typeof freshPostgres>> | null = null;
  let dataDir: string;
  let server: TestServer | null = null;
  let clock: ReturnType<typeof movableClock>;
  let env: Record<string, string>;

  beforeAll(async () => {
    clock = movableClock();
    dataDir = await mkdtemp(join(tmpdir(), "union-portal-import-killed-"));
    if (onPostgres) fresh = await freshPostgres();
    // The embedded database lives in DATA_DIR: the restarted server opens the same one.
    else await copySeededDataDir(dataDir);
    env = { ...clock.env, DATA_DIR: dataDir, TOKEN_BURST: "100000", LOG_LEVEL: "warn", JOB_UPLOAD_WAIT_MS: "0", ...(fresh ? { DATABASE_URL: fresh.url } : {}) };
    server = await startServer({ env });
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    await fresh?.drop();
    await rm(dataDir, { recursive: true, force: true });
    clock?.remove();
  }, 30_000);

  test("reports every member created by the job, none unchanged, and its feedback table and the operation log agree", async () => {
    const rows = onboardingRows(ROWS, { prefix: "kh", phonePrefix: "156" });
    const op = await signedIn(server!.url, "cn000003");
    const started = (await op.upload("/user/operation/import/update", xlsxFile([ONBOARDING_HEADER, ...rows]), "members.xlsx")) as Answer;
    expect(started).toMatchObject({ message: { code: "SUCCESS" }, state: "running" });
    const key = started.job as string;

    // Killed once some chunks are written (progress past the judging of the 8,000 rows), before the last.
    const atKill = await until(
      async () => {
        const { job } = (await op.call("/user/operation/job", { key })) as Answer;
        return job.state === "running" && job.done > ROWS + 500 && job;
      },
      "some members are written",
      120_000,
    );
    expect(atKill.done).toBeLessThan(2 * ROWS);
    await server!.signal("SIGKILL");

    // Restarted; past the dead run's lease on the clock, the scheduler's tick runs the job again.
    server = await startServer({ env });
    const moved = STALE_MS + 1_000;
    clock.advance(moved);
    const again = remote(server.url, { session: op.session(), movedMs: () => moved });
    const { job } = await until(
      async () => {
        const answer = (await again.call("/user/operation/job", { key })) as Answer;
        return answer.job?.state !== "running" && answer;
      },
      "the job is run again to its end",
      150_000,
    );
    expect(job.state).toBe("done");
    const result = job.result as Answer;
    expect([result.create, result.update, result.count]).toEqual([ROWS, 0, ROWS]);
    expect(result.list).toHaveLength(ROWS);
    expect(result.list.filter((r: Answer) => r.verdict !== "apply")).toEqual([]);
    expect([job.done, job.total]).toEqual([2 * ROWS, 2 * ROWS]);

    // The feedback table says every row was imported.
    const log = await fetchFile(again, "/user/operation/download/log", { kind: "update", log: result.key });
    expect(log.code).toBe("SUCCESS");
    const { rows: cells } = readXlsx(log.bytes!);
    const verdicts = new Map<unknown, number>();
    for (const row of cells.slice(1)) verdicts.set(row.at(-2), (verdicts.get(row.at(-2)) ?? 0) + 1);
    expect([...verdicts]).toEqual([["已导入", ROWS]]);

    // The operation log: each member created once, by this file.
    await server.stop();
    server = null;
    const database = await openDatabase(fresh ? { databaseUrl: fresh.url, dataDir: "", pool: 1 } : { databaseUrl: null, dataDir });
    try {
      const [created] = await database.db
        .select({ n: count() })
        .from(operationLog)
        .where(and(eq(operationLog.action, "member.create"), eq(operationLog.detail, "import: members.xlsx")));
      expect(Number(created!.n)).toBe(ROWS);
      const [members] = await database.db.select({ n: count() }).from(users).where(like(users.employees, "kh%"));
      expect(Number(members!.n)).toBe(ROWS);
    } finally {
      await database.close();
    }
  }, 420_000);
});
