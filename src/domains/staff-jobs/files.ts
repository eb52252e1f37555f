// Exports as staff jobs: the job builds the workbook with progress, keeps it
// in storage (outside any transaction; the key is the content's hash) and
// answers where it is; the export's own signed download, given the job's key,
// then answers that file to the job's owner. So the page shows a progress bar
// and the spec's Download path still answers the file.
import { and, eq } from "drizzle-orm";
import { staffJobs } from "../../db/schema";
import type { Download } from "../../http/kit";
import { refuse } from "../../protocol/result";
import { storageKeyOf } from "../../providers/storage";
import type { MemberCtx } from "../context";
import { XLSX_TYPE } from "../shared/sheets/workbook";
import type { PowerCode } from "../../protocol/powers";
import { defineJob, type JobKind, type Report } from "./kit";

/** A built export: the workbook, its file name and how many rows it holds. */
export type BuiltFile = { bytes: Uint8Array; name: string; rows: number };
/** What an export job answers once done. */
export type FileJobAnswer = { file: string; name: string; rows: number };

export function defineFileJob<P extends Record<string, unknown>>(
  kind: string,
  power: PowerCode,
  build: (ctx: MemberCtx, params: P, report: Report) => Promise<BuiltFile>,
): JobKind<FileJobAnswer, P> {
  return defineJob<FileJobAnswer, P>(kind, power, async (ctx, job, report) => {
    const built = await build(ctx, job.params, report);
    const file = storageKeyOf(built.bytes, "xlsx");
    await ctx.app.providers.storage.put(file, built.bytes, XLSX_TYPE);
    return { file, name: built.name, rows: built.rows };
  });
}

export const fileDownload = (built: BuiltFile): Download => ({ body: built.bytes, type: XLSX_TYPE, filename: built.name, cache: "none" });

/** The file a finished export job of the actor's made; ERROR_RESULT_NULL for another's, another kind's or an unfinished one. */
export async function jobFile(ctx: MemberCtx, job: JobKind<FileJobAnswer, any>, key: string): Promise<Download> {
  const [row] = await ctx.db
    .select()
    .from(staffJobs)
    .where(and(eq(staffJobs.key, key), eq(staffJobs.kind, job.kind), eq(staffJobs.userId, ctx.actor.id), eq(staffJobs.state, "done")));
  const answer = row?.result as FileJobAnswer | undefined;
  if (!answer?.file) refuse("ERROR_RESULT_NULL");
  const bytes = await ctx.app.providers.storage.get(answer.file);
  if (!bytes) refuse("ERROR_RESULT_NULL");
  return { body: bytes, type: XLSX_TYPE, filename: answer.name, cache: "none" };
}
