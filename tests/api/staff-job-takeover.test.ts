// A staff job on an instance paused past its lease (SIGSTOP), taken over by
// another instance, then woken (SIGCONT): two real server processes, each
// with its own DATA_DIR, on one PostgreSQL (decision 107). The second runs
// the job from the file kept in the database and finishes it; the points are
// given once per row; the paused one, woken, writes nothing and reports
// nothing. PostgreSQL only (PGlite is one process): skipped without
// TEST_DATABASE_URL, like instances.test.ts.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { count, eq, sql, sum } from "drizzle-orm";
import { openDatabase, type Database } from "../../src/db/client";
import { importLogs, importMarks, operationLog, pointRecords, staffJobs } from "../../src/db/schema";
import { rowsOf } from "../../src/db/sql";
import { STALE_MS } from "../../src/domains/staff-jobs/kit";
import { makeMembers } from "../helpers/activities";
import { freshPostgres } from "../helpers/app";
import { movableClock } from "../helpers/clock";
import { type Answer, remote, signedIn } from "../helpers/remote";
import { startServer, type TestServer } from "../helpers/server";
import { xlsxFile } from "../helpers/sheets";
import { until } from "../helpers/wait";

const ROWS = 10_000;
const REASON = "接管测试 takeover";

describe.skipIf(!process.env.TEST_DATABASE_URL)("a points import on an instance paused past its lease", () => {
  let fresh: Awaited<ReturnType<typeof freshPostgres>>;
  let a: TestServer;
  let b: TestServer;
  let database: Database;
  let clock: ReturnType<typeof movableClock>;
  let paused = false;

  beforeAll(async () => {
    fresh = await freshPostgres();
    clock = movableClock();
    // The upload answers "running" at once: the test watches the job in the database.
    const env = { ...clock.env, DATABASE_URL: fresh.url, DATABASE_POOL: "4", TOKEN_BURST: "100000", LOG_LEVEL: "warn", JOB_UPLOAD_WAIT_MS: "0" };
    [a, b] = await Promise.all([startServer({ env }), startServer({ env })]);
    database = await openDatabase({ databaseUrl: fresh.url, dataDir: "", pool: 2 });
  }, 90_000);

  afterAll(async () => {
    if (paused) process.kill(a.pid, "SIGCONT");
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
    await fresh?.drop();
    clock?.remove();
  }, 30_000);

  test("is finished by the other instance with every row's points given once, and the woken one writes nothing", async () => {
    const db = database.db;
    const members = await makeMembers(db, 40, "tk");
    const rows = Array.from({ length: ROWS }, (_, i) => [members[i % members.length]!.account, "1.5", REASON]);
    const op = await signedIn(a.url, "cn000003");
    const started = (await op.upload("/user/operation/import/integral", xlsxFile([["员工号", "积分", "原因"], ...rows]), "points.xlsx")) as Answer;
    expect(started).toMatchObject({ message: { code: "SUCCESS" }, state: "running" });
    const key = started.job as string;
    const given = async () => Number((await db.select({ n: count() }).from(pointRecords).where(eq(pointRecords.descZh, REASON)))[0]!.n);

    // A has given some of the rows, not all: it stops there, as a process the machine pauses. Between two of its
    // transactions: stopped inside one it would hold the job's row (the lease) until it woke, and the takeover would wait.
    await until(async () => (await given()) > 0, "A gives the first points", 60_000);
    await until(async () => {
      process.kill(a.pid, "SIGSTOP");
      paused = true;
      const [busy] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'`),
      );
      if (busy!.n === 0) return true;
      process.kill(a.pid, "SIGCONT");
      paused = false;
      return false;
    }, "A is stopped between two transactions");
    const [atPause] = await db.select().from(staffJobs).where(eq(staffJobs.key, key));
    expect(atPause!.state).toBe("running");
    expect(atPause!.attempt).toBe(1);

    // Past the lease on the instances' shared clock: B's tick takes the job over and runs it to its end.
    const moved = STALE_MS + 1_000;
    clock.advance(moved);
    const ended = await until(
      async () => {
        const [row] = await db.select().from(staffJobs).where(eq(staffJobs.key, key));
        return (row!.state === "done" || row!.state === "failed") && row;
      },
      "B ends the job",
      100_000,
    );
    expect(ended.attempt).toBe(2);
    expect(ended.result).toMatchObject({ message: { code: "SUCCESS" }, count: ROWS });
    expect(ended.state).toBe("done");
    expect([ended.done, ended.total]).toEqual([2 * ROWS, 2 * ROWS]);

    const totals = async () => {
      const [points] = await db.select({ n: count(), sum: sum(pointRecords.count) }).from(pointRecords).where(eq(pointRecords.descZh, REASON));
      const [marks] = await db.select({ n: count() }).from(importMarks).where(eq(importMarks.kind, "member.integral"));
      // What the job recorded as done, row by row (read as SQL: the test first ran, and failed, before the table was made).
      const [done] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from staff_job_rows where job_key = ${key} and outcome = 'apply'`));
      const [logs] = await db.select({ n: count() }).from(importLogs).where(eq(importLogs.kind, "member.integral"));
      const [operations] = await db.select({ n: count() }).from(operationLog).where(eq(operationLog.action, "member.points"));
      return { points: Number(points!.n), hundredths: Number(points!.sum), marks: Number(marks!.n), done: Number(done!.n), logs: Number(logs!.n), operations: Number(operations!.n) };
    };
    const after = await totals();
    // Each row's points once: 1.5 points (150 hundredths) a row; one feedback log, B's.
    expect(after).toMatchObject({ points: ROWS, hundredths: ROWS * 150, marks: ROWS, done: ROWS, logs: 1 });
    const perMember = await db.select({ user: pointRecords.userId, n: count() }).from(pointRecords).where(eq(pointRecords.descZh, REASON)).groupBy(pointRecords.userId);
    expect(perMember).toHaveLength(members.length);
    expect(perMember.every((m) => Number(m.n) === ROWS / members.length)).toBe(true);

    // A wakes: it finds its lease gone and stops; it writes nothing.
    expect(a.output()).not.toContain(key);
    process.kill(a.pid, "SIGCONT");
    paused = false;
    // A answers a poll from its memory while its run goes on, and from the row once it has stopped.
    const onA = remote(a.url, { session: op.session(), movedMs: () => moved });
    // A kept-alive connection A's server dropped while it slept may be reset once: the poll asks again.
    let last: unknown = null;
    const polled = () => onA.call("/user/operation/job", { key }).catch((error) => ((last = String(error)), null)) as Promise<Answer | null>;
    await until(async () => {
      const answer = await polled();
      if (answer) last = answer;
      return answer?.job?.state === "done";
    }, "A's run stops", 60_000).catch((error) => {
      throw new Error(`${error}; last poll: ${JSON.stringify(last)}; A said: ${a.output().slice(-2000)}`);
    });
    expect(await totals()).toEqual(after);
    expect(a.output()).toContain("staff job taken over by another run: this one stops");
    const [final] = await db.select().from(staffJobs).where(eq(staffJobs.key, key));
    expect(final).toEqual(ended);
  }, 240_000);
});
