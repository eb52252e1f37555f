// Staff background jobs (docs/decisions.md, "The staff job kit"): an import or
// export that may take longer than a request runs in the background with
// progress the page polls, and survives a page reload and the death of its
// instance. A job is a row (`staff_jobs`) and a function registered under its
// kind. `startJob` inserts the row in the caller's transaction and runs it in
// this instance once that commits; `report` keeps the live progress in memory
// (a poll on this instance reads no database: PGlite has one connection) and
// writes it to the row every so often for the other instances. A run holds
// the job's lease (decision 107): its attempt number is the token, and the
// heartbeat, renewed as it goes, keeps it. A job whose lease goes stale (its
// instance died or was paused) is claimed again by the scheduler
// (`claimStaleJobs`) and run from the start, elsewhere too: on PostgreSQL its
// uploaded file is kept in the database. A claim is a conditional update, so of several
// instances only one runs a job; a run writes only through `job.write`, whose
// transaction first renews the lease (and so waits for, or excludes, a claim),
// and a run that lost it stops, writing and reporting nothing more. Each
// row's effect is recorded per job and row in the same transaction
// (`staff_job_rows`, ./rows.ts), so a rerun neither writes it again nor counts
// it as another's: an import's answer counts what the whole job did. What the
// calls answer of a job is read in ./views.ts.
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { inBackground } from "../../background";
import { rolePowers, staffJobFiles, staffJobs, users } from "../../db/schema";
import type { StaffJobState } from "../../db/schema/jobs";
import type { CommandCtx, UploadedFile } from "../../http/kit";
import { USER_STATE } from "../../protocol/enumerations";
import type { PowerCode } from "../../protocol/powers";
import { DomainError, message, refuse } from "../../protocol/result";
import { log } from "../../log";
import type { Actor, Ctx, MemberCtx } from "../context";

/** What a running job is handed: its key and parameters, the uploaded file it reads, if any, and how it writes. */
export type JobTask<P = Record<string, unknown>> = { key: string; kind: string; params: P; file: UploadedFile | null; write: JobWrite };
/**
 * Runs a chunk's transaction under the run's lease: the lease is renewed
 * first (a conditional update of the job's row), and when another run holds
 * the job now, nothing is written and the run stops (LeaseLost).
 */
export type JobWrite = <R extends object>(name: string, verb: (c: CommandCtx<MemberCtx>) => Promise<R>) => Promise<R>;

/** This run no longer holds its job's lease (another instance took the job over): it stops, writing and reporting nothing. */
export class LeaseLost extends Error {
  constructor(key: string) {
    super(`staff job ${key}: lease lost`);
  }
}
/** Records progress; resolves once written when a write is due (await it between chunks). */
export type Report = (done: number, total: number) => Promise<void>;
/**
 * A job's work. `ctx` is the owner's (their language and powers) on the pool,
 * its `now` the time the run started; it writes through
 * `ctx.app.runner.run(...)` in short transactions (a chunk each), never one
 * long one. It answers what the call answers (a refusal as `{ message }`);
 * a DomainError thrown fails the job with that refusal.
 */
export type JobRun<P = Record<string, unknown>, R extends object = object> = (ctx: MemberCtx, job: JobTask<P>, report: Report) => Promise<R>;

/** A kind of job: its code (stored on the row), the power its owner must hold, and its work. */
export type JobKind<R extends object = object, P = Record<string, unknown>> = { kind: string; power: PowerCode; run: JobRun<P, R> };

/** A job running on this instance, as its polls read it. */
export type LiveJob = { userId: number; kind: string; createdAt: Date; done: number; total: number; attempt: number; finished: Promise<void> };

declare module "../context" {
  interface AppState {
    /** The staff jobs this instance is running, with their live progress. */
    staffJobs: Map<string, LiveJob>;
    /** Every kind of job the app runs (src/app-state.ts). */
    jobKinds: Map<string, JobKind<any, any>>;
  }
}

/** Past this long without a renewal a running job's lease is stale: its instance is taken for dead, and another takes the job over. */
export const STALE_MS = 60_000;
/** A live job's progress reaches its row at least this often (and its heartbeat), for polls on other instances. */
const FLUSH_MS = 500;
const FLUSH_ROWS = 250;
/** A finished job is kept this long for the page to find its answer, then the clear-expired job removes it. */
const KEEP_MS = 7 * 24 * 3_600_000;

/**
 * A job's work under its kind, for `startJob` and `jobUpload`, with the power
 * its owner must hold: checked again at every run, so a rerun after a restart
 * stops if the owner lost it meanwhile. The app knows it once it is listed in
 * src/app-state.ts (`jobKindsOf`).
 */
export const defineJob = <R extends object, P extends Record<string, unknown> = Record<string, unknown>>(kind: string, power: PowerCode, run: JobRun<P, R>): JobKind<R, P> => ({
  kind,
  power,
  run,
});

/** The app's jobs by kind; a kind twice is a mistake the start reports. (Tests add their probes' kinds to it.) */
export function jobKindsOf(jobs: readonly JobKind<any, any>[]): Map<string, JobKind<any, any>> {
  const kinds = new Map<string, JobKind<any, any>>();
  for (const job of jobs) {
    if (kinds.has(job.kind)) throw new Error(`job ${job.kind} defined twice`);
    kinds.set(job.kind, job);
  }
  return kinds;
}

const newKey = () => Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("hex");

/**
 * Queues a job of `kind` for the actor, in the caller's transaction, and runs
 * it in this instance once that commits (never inside it). Answers its key.
 */
export async function startJob<P extends Record<string, unknown>>(
  ctx: CommandCtx<MemberCtx>,
  args: { job: JobKind<object, P>; file?: UploadedFile | null; params?: P },
): Promise<string> {
  const kind = args.job.kind;
  if (!ctx.app.jobKinds.has(kind)) throw new Error(`no job ${kind}: list it in src/app-state.ts`);
  const key = newKey();
  await ctx.db.insert(staffJobs).values({
    key,
    kind,
    userId: ctx.actor.id,
    state: "queued",
    fileKey: args.file?.key ?? null,
    fileName: args.file?.name ?? null,
    params: args.params ?? {},
    createdAt: ctx.now,
  });
  // On PostgreSQL, in the database too: the storage provider's local DATA_DIR is one machine's, and a rerun may be on
  // another. The embedded database is one process, the only instance, and the copy would cost it seconds (decision 107).
  if (args.file && ctx.config.databaseUrl) await ctx.db.insert(staffJobFiles).values({ jobKey: key, bytes: args.file.bytes });
  ctx.afterCommit(async (after) => {
    const claimed = await claim(after, key);
    if (claimed) launch(after, claimed, args.file ?? null);
  });
  return key;
}

export type JobRow = typeof staffJobs.$inferSelect;

/** Takes a job for this instance: queued, or running with a stale heartbeat; null when another has it. */
async function claim(ctx: Pick<Ctx, "db" | "app">, key: string): Promise<JobRow | null> {
  const now = ctx.app.clock();
  const stale = new Date(now.getTime() - STALE_MS);
  const [row] = await ctx.db
    .update(staffJobs)
    .set({ state: "running", attempt: sql`${staffJobs.attempt} + 1`, heartbeatAt: now, done: 0 })
    .where(and(eq(staffJobs.key, key), or(eq(staffJobs.state, "queued"), and(eq(staffJobs.state, "running"), lt(staffJobs.heartbeatAt, stale)))))
    .returning();
  return row ?? null;
}

/**
 * The scheduler's tick: claims every job whose instance died (running with a
 * stale heartbeat, or queued and never started), except those this instance
 * runs itself. Answers the claimed rows; `resumeJobs` runs them after the commit.
 */
export async function claimStaleJobs(ctx: Pick<Ctx, "db" | "app">): Promise<JobRow[]> {
  const now = ctx.app.clock();
  const stale = new Date(now.getTime() - STALE_MS);
  const candidates = await ctx.db
    .select({ key: staffJobs.key })
    .from(staffJobs)
    .where(
      or(and(eq(staffJobs.state, "running"), lt(staffJobs.heartbeatAt, stale)), and(eq(staffJobs.state, "queued"), isNull(staffJobs.heartbeatAt), lt(staffJobs.createdAt, stale))),
    )
    .limit(20);
  const mine = ctx.app.staffJobs;
  const claimed: JobRow[] = [];
  for (const { key } of candidates) {
    if (mine.has(key)) continue;
    const row = await claim(ctx, key);
    if (row) claimed.push(row);
  }
  return claimed;
}

/** Runs the claimed jobs in the background (after the tick's commit). */
export async function resumeJobs(ctx: Ctx, claimed: JobRow[]) {
  for (const row of claimed) {
    log.warn("staff job run again", { job: row.key, kind: row.kind, attempt: row.attempt });
    launch(ctx, row, null);
  }
}

/** The owner as an actor, with their role's powers now; null when they are gone or no longer active. */
async function ownerOf(ctx: Pick<Ctx, "db">, userId: number): Promise<Actor | null> {
  const [user] = await ctx.db
    .select({ id: users.id, roleId: users.roleId, state: users.state, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || user.state !== USER_STATE.USER_STATE_ACTIVE) return null;
  const powers = await ctx.db.select({ code: rolePowers.power }).from(rolePowers).where(eq(rolePowers.roleId, user.roleId));
  // A job an officer started runs to its end as they were then: its calls were allowed at its start.
  return { ...user, powers: new Set(powers.map((p) => p.code)), factorMissing: false };
}

function launch(ctx: Pick<Ctx, "db" | "app" | "config">, row: JobRow, file: UploadedFile | null) {
  let finish!: () => void;
  const live: LiveJob = { userId: row.userId, kind: row.kind, createdAt: row.createdAt, done: 0, total: 0, attempt: row.attempt, finished: new Promise((r) => (finish = r)) };
  ctx.app.staffJobs.set(row.key, live);
  inBackground(
    "staff job",
    () =>
      execute(ctx, row, file, live).finally(() => {
        ctx.app.staffJobs.delete(row.key);
        finish();
      }),
    { job: row.key, kind: row.kind },
  );
}

/** Writes to the row only while this run holds the lease: its attempt is the row's (a run superseded by another instance writes nothing). */
const ours = (row: JobRow) => and(eq(staffJobs.key, row.key), eq(staffJobs.attempt, row.attempt), eq(staffJobs.state, "running"));

async function execute(base: Pick<Ctx, "db" | "app" | "config">, row: JobRow, received: UploadedFile | null, live: LiveJob) {
  const { db, app } = base;
  let flushedAt = performance.now();
  let flushedDone = 0;
  let lost = false;
  let writing = false;
  /** Renews the lease with the progress; false (and from then on) once another run holds the job. */
  const renew = async (on: Pick<Ctx, "db">["db"]) => {
    if (lost) return false;
    const held = await on.update(staffJobs).set({ done: live.done, total: live.total, heartbeatAt: app.clock() }).where(ours(row)).returning({ id: staffJobs.id });
    if (held.length === 0) lost = true;
    return !lost;
  };
  const flush = async () => {
    flushedAt = performance.now();
    flushedDone = live.done;
    await renew(db);
  };
  // A job that reads or judges long still renews: it is not taken for dead while it works. A chunk being written
  // renewed the lease itself and holds the job's row until it commits: the timer does not wait behind it.
  const beat = setInterval(() => !writing && inBackground("staff job heartbeat", flush, { job: row.key }), STALE_MS / 4);
  const report: Report = async (done, total) => {
    if (lost) throw new LeaseLost(row.key);
    live.done = done;
    live.total = total;
    if (performance.now() - flushedAt >= FLUSH_MS || done - flushedDone >= FLUSH_ROWS) await flush();
    if (lost) throw new LeaseLost(row.key);
  };
  const end = async (state: StaffJobState, result: Record<string, unknown>) => {
    const at = app.clock();
    const ended = await db
      .update(staffJobs)
      .set({ state, result, done: live.done, total: live.total, heartbeatAt: at, finishedAt: at, expiresAt: new Date(at.getTime() + KEEP_MS) })
      .where(ours(row))
      .returning({ id: staffJobs.id });
    // The file is read only by a run: an ended job lets it go (one left by a crash here goes with the job's row, by cascade).
    if (ended.length > 0) await db.delete(staffJobFiles).where(eq(staffJobFiles.jobKey, row.key));
  };
  try {
    const job = app.jobKinds.get(row.kind);
    const actor = await ownerOf(base, row.userId);
    if (!job || !actor?.powers.has(job.power)) return void (await end("failed", { message: message("ERROR_NOT_POWER") }));
    const file = received ?? (await storedFile(base, row));
    const ctx: MemberCtx = {
      db,
      now: app.clock(),
      config: base.config,
      session: { id: "", userId: actor.id },
      actor,
      ip: null,
      host: null,
      userAgent: null,
      app,
    };
    const write: JobWrite = async (name, verb) => {
      if (lost) throw new LeaseLost(row.key);
      writing = true;
      try {
        return await app.runner.run({
          ctx,
          name,
          verb: async (c) => {
            if (!(await renew(c.db))) throw new LeaseLost(row.key);
            return verb(c as CommandCtx<MemberCtx>);
          },
        });
      } finally {
        writing = false;
      }
    };
    const answer = (await job.run(ctx, { key: row.key, kind: row.kind, params: row.params, file, write }, report)) as Record<string, unknown>;
    await end(isRefusal(answer) ? "failed" : "done", answer);
  } catch (error) {
    // Another run has the job now: its state and answer are that run's to write.
    if (error instanceof LeaseLost || lost) return void log.warn("staff job taken over by another run: this one stops", { job: row.key, kind: row.kind, attempt: row.attempt });
    if (!(error instanceof DomainError)) log.error("staff job failed", { job: row.key, kind: row.kind, error });
    await end("failed", { message: error instanceof DomainError ? message(error.code, error.params) : message("ERROR_SERVER") });
  } finally {
    clearInterval(beat);
  }
}

const isRefusal = (answer: Record<string, unknown>) => {
  const m = answer.message as { code?: string } | undefined;
  return !!m && m.code !== "SUCCESS";
};

/** A rerun's file: the job's own copy in the database (any instance has it), else the storage provider's (outside any transaction). */
async function storedFile(ctx: Pick<Ctx, "db" | "app">, row: JobRow): Promise<UploadedFile | null> {
  if (!row.fileKey) return null;
  const [kept] = await ctx.db.select({ bytes: staffJobFiles.bytes }).from(staffJobFiles).where(eq(staffJobFiles.jobKey, row.key));
  const bytes = kept?.bytes ?? (await ctx.app.providers.storage.get(row.fileKey));
  if (!bytes) refuse("ERROR_RESULT_NULL", { reason: "file" });
  return { key: row.fileKey, kind: "xlsx", name: row.fileName ?? "", size: bytes.length, bytes };
}
