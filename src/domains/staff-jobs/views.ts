// A job as the calls answer it: the owner's poll of one job, their recent
// jobs, and the wait of the request that started one. A job running on this
// instance is read from memory, which is newer than its row.
import { and, eq, inArray, sql } from "drizzle-orm";
import { staffJobs } from "../../db/schema";
import type { StaffJobState } from "../../db/schema/jobs";
import { refuse } from "../../protocol/result";
import type { Ctx, MemberCtx } from "../context";
import type { JobRow, LiveJob } from "./kit";

/** A job's row as the calls answer it. */
export type JobView = { key: string; kind: string; state: StaffJobState; done: number; total: number; result: Record<string, unknown> | null; createdAt: string; finishedAt: string | null };

const view = (row: JobRow, live?: LiveJob): JobView => ({
  key: row.key,
  kind: row.kind,
  state: row.state,
  // This instance runs it: its memory is newer than the row.
  done: live ? live.done : row.done,
  total: live ? live.total : row.total,
  result: row.state === "done" || row.state === "failed" ? (row.result ?? null) : null,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
});

/** The actor's own job, or ERROR_RESULT_NULL (another's job is as good as none). */
export async function jobOf(ctx: MemberCtx, key: string): Promise<JobView> {
  const live = ctx.app.staffJobs.get(key);
  // A poll of a job running here reads memory only: on PGlite it never queues behind the job's work.
  if (live && live.userId === ctx.actor.id) {
    return { key, kind: live.kind, state: "running", done: live.done, total: live.total, result: null, createdAt: live.createdAt.toISOString(), finishedAt: null };
  }
  const [row] = await ctx.db.select().from(staffJobs).where(and(eq(staffJobs.key, key), eq(staffJobs.userId, ctx.actor.id)));
  if (!row) refuse("ERROR_RESULT_NULL");
  return view(row, live);
}

/** How many of the actor's jobs `/user/operation/jobs` answers: the unfinished and the latest finished ones. */
export const RECENT_JOBS = 10;

/** The actor's unfinished jobs and their latest finished ones (of one kind, or of the kinds given), newest first. */
export async function jobsOf(ctx: MemberCtx, kinds: readonly string[] | null): Promise<JobView[]> {
  const rows = await ctx.db
    .select()
    .from(staffJobs)
    .where(and(eq(staffJobs.userId, ctx.actor.id), kinds ? inArray(staffJobs.kind, [...kinds]) : undefined))
    .orderBy(sql`${staffJobs.finishedAt} is null desc`, sql`${staffJobs.createdAt} desc`, sql`${staffJobs.id} desc`)
    .limit(RECENT_JOBS);
  return rows.map((row) => view(row, ctx.app.staffJobs.get(row.key)));
}

/**
 * Waits for a job started by this request, up to `ms`: its final row, or
 * null while it still runs (the caller answers "running" and the page polls).
 */
export async function waitForJob(ctx: Pick<Ctx, "db" | "app">, key: string, ms: number): Promise<JobRow | null> {
  // startJob runs it after the commit: give that a turn to register it.
  for (let i = 0; i < 20 && !ctx.app.staffJobs.has(key); i++) await new Promise((r) => setTimeout(r, 5));
  const live = ctx.app.staffJobs.get(key);
  if (live) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<"late">((r) => (timer = setTimeout(() => r("late"), ms)));
    const outcome = await Promise.race([live.finished, late]);
    clearTimeout(timer);
    if (outcome === "late") return null;
  }
  const [row] = await ctx.db.select().from(staffJobs).where(eq(staffJobs.key, key));
  return row && (row.state === "done" || row.state === "failed") ? row : null;
}
