// The staff job kit (docs/decisions.md, "The staff job kit") through the real
// protocol: an upload that runs as a job answers its result when it finishes
// in time and "running" when not, progress is visible while it runs, only its
// owner reads it, a job whose instance died is run again by the scheduler's
// tick to the same answer, and two instances never both run one job.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { Elysia } from "elysia";
import { createAppState } from "../../src/app-state";
import { importMarks, staffJobFiles, staffJobs } from "../../src/db/schema";
import { defineJob } from "../../src/domains/staff-jobs/kit";
import { staffJobsDomain } from "../../src/domains/staff-jobs/routes";
import { jobUpload } from "../../src/domains/staff-jobs/upload";
import { systemDomain } from "../../src/domains/system/routes";
import { authDomain } from "../../src/domains/auth/routes";
import { domain } from "../../src/http/kit";
import { createKit } from "../../src/http/serve";
import { JOBS, runJob } from "../../src/jobs/scheduler";
import { rowsOf } from "../../src/db/sql";
import { USER_STATE } from "../../src/protocol/enumerations";
import { DomainError } from "../../src/protocol/result";
import type { ApiClient } from "../../src/protocol/client";
import { startTestApp, type TestApp } from "../helpers/app";
import { xlsxFile } from "../helpers/sheets";
import { until } from "../helpers/wait";

/** A gate the test opens: a job waits at it between its steps. */
let gate: Promise<void> = Promise.resolve();
let open = () => {};
const closeGate = () => (gate = new Promise((r) => (open = r)));
/** How many times the counting job has started, by file name (a rerun counts twice). */
const runs = new Map<string, number>();

const counting = defineJob("test.count", "FUNCTION_USER_EXPORT_LIST", async (_ctx, job, report) => {
  const size = job.file!.bytes.length;
  runs.set(job.file!.name, (runs.get(job.file!.name) ?? 0) + 1);
  const steps = 4;
  for (let i = 1; i <= steps; i++) {
    await report(i - 1, steps);
    await gate;
  }
  await report(steps, steps);
  if (job.file!.name === "refuse.xlsx") throw new DomainError("ERROR_PARAMS", { reason: "type" });
  return { count: steps, size, name: job.file!.name };
});

/** A job that writes one mark a step under its lease, waiting at the gate between steps. */
const marking = defineJob("test.mark", "FUNCTION_USER_EXPORT_LIST", async (_ctx, job, report) => {
  for (let step = 1; step <= 3; step++) {
    await job.write("test.mark", async (c) => {
      await c.db.insert(importMarks).values({ kind: "test.mark", digest: job.key, mark: String(step), createdAt: c.now });
      return {};
    });
    await report(step, 3);
    await gate;
  }
  return { count: 3 };
});

type Answer = { message: { code: string; params?: Record<string, unknown> } } & Record<string, any>;
const runJobTick = JOBS.find((j) => j.name === "resume-staff-jobs")!;

let t: TestApp;
/** The probes' job kinds, known to an app as the portal's own are (src/app-state.ts). */
const withProbes = (state: TestApp["state"]) => {
  for (const job of [counting, marking]) state.jobKinds.set(job.kind, job);
  return state;
};
let op: ApiClient;
let other: ApiClient;
let mount: (state: TestApp["state"]) => ApiClient;
beforeAll(async () => {
  t = await startTestApp({ JOB_UPLOAD_WAIT_MS: "3000" });
  withProbes(t.state);
  const probe = domain("probe", [
    jobUpload("/probe/job/upload", { access: "FUNCTION_USER_EXPORT_LIST", maxBytes: 1_000_000, files: ["xlsx"], audit: "probe.job" }, counting),
    jobUpload("/probe/job/mark", { access: "FUNCTION_USER_EXPORT_LIST", maxBytes: 1_000_000, files: ["xlsx"], audit: "probe.mark" }, marking),
  ]);
  mount = (state) => {
    const app = new Elysia().use(createKit(t.deps, state).mountAll([systemDomain, authDomain, staffJobsDomain, probe]));
    return t.clientOf((request) => app.handle(request));
  };
  op = mount(t.state);
  await t.signIn(op, "cn000003");
  other = mount(t.state);
  await t.signIn(other, "cn000001");
}, 90_000);
afterAll(() => t.close());

const upload = (c: ApiClient, rows: (string | number)[][], name = "rows.xlsx") => c.upload<Answer>("/probe/job/upload", xlsxFile(rows), name) as Promise<Answer>;
/** A finished job put back as its instance would have left it dying halfway: running, its file still kept for a rerun (an ended job lets it go). */
async function asIfDied(key: string, rows: (string | number)[][], set: Partial<typeof staffJobs.$inferInsert>) {
  await t.db.update(staffJobs).set({ state: "running", result: null, finishedAt: null, heartbeatAt: t.clock.now(), ...set }).where(eq(staffJobs.key, key));
  await t.db.insert(staffJobFiles).values({ jobKey: key, bytes: new Uint8Array(await xlsxFile(rows).arrayBuffer()) });
}
const poll = async (c: ApiClient, key: string) => (await c.call("/user/operation/job", { key })) as Answer;

describe("an upload that runs as a job", () => {
  test("finished within the bound, it answers the job's answer and its key", async () => {
    gate = Promise.resolve();
    const answer = await upload(op, [["a"], ["1"]]);
    expect(answer.message.code).toBe("SUCCESS");
    expect(answer.count).toBe(4);
    expect(answer.name).toBe("rows.xlsx");
    expect(answer.job).toMatch(/^[0-9a-f]{32}$/);
    const polled = await poll(op, answer.job);
    expect(polled.job).toMatchObject({ key: answer.job, kind: "test.count", state: "done", done: 4, total: 4, result: { count: 4, name: "rows.xlsx" } });
  });

  test("a refusal the job throws is the upload's refusal, and the job reads failed", async () => {
    gate = Promise.resolve();
    const answer = await upload(op, [["b"], ["2"]], "refuse.xlsx");
    expect(answer.message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "type" } });
    const [row] = await t.db.select().from(staffJobs).where(eq(staffJobs.fileName, "refuse.xlsx"));
    expect(row!.state).toBe("failed");
    expect(row!.result).toMatchObject({ message: { code: "ERROR_PARAMS" } });
  });

  test("still running past the bound, it answers running; the owner polls its progress and then its answer", async () => {
    closeGate();
    const answer = await upload(op, [["c"], ["3"], ["4"]]);
    expect(answer).toMatchObject({ message: { code: "SUCCESS" }, state: "running" });
    const key = answer.job as string;
    const running = (await poll(op, key)).job;
    expect(running).toMatchObject({ state: "running", done: 0, total: 4, result: null });
    // A reloaded page finds it among the owner's unfinished jobs.
    const mine = (await op.call("/user/operation/jobs", { kind: "test.count" })) as Answer;
    expect(mine.list[0]).toMatchObject({ key, state: "running" });
    // Nobody else reads it, nor finds it.
    expect((await poll(other, key)).message.code).toBe("ERROR_RESULT_NULL");
    const theirs = (await other.call("/user/operation/jobs", {})) as Answer;
    expect(theirs.list.map((j: { key: string }) => j.key)).not.toContain(key);
    open();
    const done = await until(async () => {
      const j = (await poll(op, key)).job;
      return j.state === "done" && j;
    }, "the job finishes");
    expect(done).toMatchObject({ done: 4, total: 4, result: { count: 4 } });
    expect(((await op.call("/user/operation/jobs", { kind: "test.count" })) as Answer).list[0]).toMatchObject({ key, state: "done", result: { count: 4 } });
  });

  test("progress reaches the row for other instances while it runs", async () => {
    closeGate();
    const answer = await upload(op, [["d"], ["5"], ["6"], ["7"]]);
    const key = answer.job as string;
    open();
    closeGate();
    // The job is now at its second step: the row says so (a flush is due every 500 ms or 250 rows).
    await until(async () => {
      const [row] = await t.db.select().from(staffJobs).where(eq(staffJobs.key, key));
      return row!.total === 4 && row!.state === "running" && row;
    }, "the row shows the progress");
    // Another instance (its own memory) answers from the row.
    const elsewhere = mount(withProbes(createAppState(t.deps)));
    await t.signIn(elsewhere, "cn000003");
    expect((await poll(elsewhere, key)).job).toMatchObject({ state: "running", total: 4 });
    open();
    await until(async () => (await poll(op, key)).job.state === "done", "the job finishes");
  });
});

describe("a job whose instance died", () => {
  test("is run again from the start by the scheduler's tick, to the same answer", async () => {
    gate = Promise.resolve();
    const rows = [["e"], ["8"], ["9"], ["10"], ["11"]];
    const first = await upload(op, rows, "died.xlsx");
    const key = first.job as string;
    const [finished] = await t.db.select().from(staffJobs).where(eq(staffJobs.key, key));
    // The file is the job's only while it may run.
    expect(await t.db.select().from(staffJobFiles).where(eq(staffJobFiles.jobKey, key))).toHaveLength(0);
    // As if its instance had died halfway: still running, last heartbeat now.
    await asIfDied(key, rows, { done: 2 });
    // Within the minute it is alive: a tick leaves it alone.
    t.clock.advance(30_000);
    expect(await runJob({ ...t.deps, state: t.state }, runJobTick, t.clock.now())).toBe(true);
    expect((await t.db.select().from(staffJobs).where(eq(staffJobs.key, key)))[0]!.attempt).toBe(1);
    t.clock.advance(61_000);
    await runJob({ ...t.deps, state: t.state }, runJobTick, t.clock.now());
    const again = await until(async () => {
      const [row] = await t.db.select().from(staffJobs).where(eq(staffJobs.key, key));
      return row!.state === "done" && row;
    }, "the job is run again");
    expect(again.attempt).toBe(2);
    expect(again.result).toEqual(finished!.result);
    expect(runs.get("died.xlsx")).toBe(2);
    t.clock.reset();
  });

  test("is not run again for an owner who lost the job's power meanwhile: it fails with ERROR_NOT_POWER", async () => {
    gate = Promise.resolve();
    const rows = [["g"], ["17"], ["18"]];
    const first = await upload(op, rows, "revoked.xlsx");
    const key = first.job as string;
    // A member whose role lacks the power stands in for the owner whose role lost it while the instance was down.
    const [member] = rowsOf<{ id: number }>(
      await t.db.execute(sql`select u.id from users u where u.state = ${USER_STATE.USER_STATE_ACTIVE} and not exists (select 1 from role_powers p where p.role_id = u.role_id and p.power = 'FUNCTION_USER_EXPORT_LIST') order by u.id limit 1`),
    );
    await asIfDied(key, rows, { userId: member!.id, done: 1 });
    t.clock.advance(61_000);
    await runJob({ ...t.deps, state: t.state }, runJobTick, t.clock.now());
    const failed = await until(async () => {
      const [row] = await t.db.select().from(staffJobs).where(eq(staffJobs.key, key));
      return row!.state === "failed" && row;
    }, "the rerun is refused");
    expect(failed.result).toMatchObject({ message: { code: "ERROR_NOT_POWER" } });
    expect(runs.get("revoked.xlsx")).toBe(1);
    t.clock.reset();
  });

  test("two instances ticking at once run it once", async () => {
    gate = Promise.resolve();
    const rows = [["f"], ["12"], ["13"], ["14"], ["15"], ["16"]];
    const first = await upload(op, rows, "twice.xlsx");
    const key = first.job as string;
    await asIfDied(key, rows, {});
    t.clock.advance(61_000);
    const a = withProbes(createAppState(t.deps));
    const b = withProbes(createAppState(t.deps));
    await Promise.all([a, b].map((state) => runJob({ ...t.deps, state }, runJobTick, t.clock.now())));
    await until(async () => (await t.db.select().from(staffJobs).where(eq(staffJobs.key, key)))[0]!.state === "done", "the job is run again");
    const [row] = await t.db.select().from(staffJobs).where(eq(staffJobs.key, key));
    expect(row!.attempt).toBe(2);
    expect(runs.get("twice.xlsx")).toBe(2);
    t.clock.reset();
  });
});

describe("a run whose lease another instance took", () => {
  test("writes nothing more, and leaves the job's state and answer to the run that holds it", async () => {
    closeGate();
    const answer = (await op.upload<Answer>("/probe/job/mark", xlsxFile([["m"], ["1"]]), "mark.xlsx")) as Answer;
    expect(answer.state).toBe("running");
    const key = answer.job as string;
    const marks = async () => (await t.db.select({ mark: importMarks.mark }).from(importMarks).where(eq(importMarks.digest, key))).map((m) => m.mark);
    await until(async () => (await marks()).length === 1, "the first step is written");
    // Another instance claims it, as its tick does once the lease is stale (attempt + 1, its own lease).
    await t.db
      .update(staffJobs)
      .set({ attempt: sql`${staffJobs.attempt} + 1`, heartbeatAt: t.clock.now() })
      .where(eq(staffJobs.key, key));
    open();
    await until(() => !t.state.staffJobs.has(key), "the run stops");
    expect(await marks()).toEqual(["1"]);
    const [row] = await t.db.select().from(staffJobs).where(eq(staffJobs.key, key));
    expect(row).toMatchObject({ state: "running", attempt: 2, result: null, finishedAt: null });
  });
});
