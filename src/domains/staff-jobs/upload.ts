// An upload whose work runs as a staff job, answering the spec's names all the
// same: the route stores the file (the upload kit), queues the job in its
// transaction, and after the commit waits for it a while (JOB_UPLOAD_WAIT_MS,
// 20 s): finished, it answers what the job answered (a refusal as the
// refusal) plus `job`; not yet, SUCCESS with `{ job, state: "running" }`, and
// the page polls /user/operation/job for the rest.
import type { Access } from "../../protocol/powers";
import { type FileKind, upload } from "../../http/kit";
import { refuse } from "../../protocol/result";
import type { MemberCtx } from "../context";
import { type JobKind, startJob } from "./kit";
import { waitForJob } from "./views";

/** What a job upload answers: the job's answer and its key, or its key while it still runs. */
export type JobUploadAnswer<R> = (R & { job: string; state?: never }) | { job: string; state: "running" };

export function jobUpload<P extends string, A extends Exclude<Access, "public" | "session">, R extends object>(
  path: P,
  opts: { access: A; maxBytes: number; files: readonly FileKind[]; audit: string },
  job: JobKind<R>,
) {
  return upload(
    path,
    {
      ...opts,
      then: async ({ ctx, result }: { ctx: MemberCtx; result: { job: string } }): Promise<JobUploadAnswer<R>> => {
        const key = result.job;
        const row = await waitForJob(ctx, key, ctx.config.jobUploadWaitMs);
        if (!row) return { job: key, state: "running" };
        const answer = (row.result ?? {}) as R & { message?: { code: string; params?: Record<string, unknown> } };
        // A refusal the job threw reads as the route's own refusal.
        if (row.state === "failed" && answer.message && Object.keys(answer).length === 1) refuse(answer.message.code as never, answer.message.params);
        return { ...answer, job: key } as JobUploadAnswer<R>;
      },
    },
    async ({ ctx, input }) => {
      const key = await startJob(ctx, { job, file: input.file });
      return { job: key, audit: { entity: "job", id: key, detail: `${job.kind}: ${input.file.name} (${input.file.key})` } };
    },
  );
}
