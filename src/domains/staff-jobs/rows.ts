// What a job did row by row (`staff_job_rows`): recorded in each chunk's
// transaction, so a rerun after a takeover neither writes a row again nor
// counts it as another's (./kit.ts).
import { eq } from "drizzle-orm";
import { staffJobRows } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import type { Ctx } from "../context";

/** What the job already did row by row (an earlier run's too): outcome by line. */
export async function rowsDone(ctx: Pick<Ctx, "db">, key: string): Promise<Map<number, string>> {
  const rows = await ctx.db.select({ line: staffJobRows.line, outcome: staffJobRows.outcome }).from(staffJobRows).where(eq(staffJobRows.jobKey, key));
  return new Map(rows.map((r) => [r.line, r.outcome]));
}

/**
 * Records, in a chunk's transaction, what the job does to these rows; answers
 * the lines not recorded before (the only ones the chunk may write: a row is
 * done once per job, whichever run gets to it).
 */
export async function recordRows(c: CommandCtx, key: string, rows: readonly { line: number; outcome: string }[]): Promise<Set<number>> {
  if (rows.length === 0) return new Set();
  const fresh = await c.db
    .insert(staffJobRows)
    .values(rows.map((r) => ({ jobKey: key, line: r.line, outcome: r.outcome })))
    .onConflictDoNothing()
    .returning({ line: staffJobRows.line });
  return new Set(fresh.map((r) => r.line));
}
