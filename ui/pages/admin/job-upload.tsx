// An upload whose work runs as a staff job (a member import, src/domains/staff-jobs/upload.ts):
// while the request is on its way the progress window follows the newest
// unfinished job of its kind; if the server answers "running" (the job
// outlasted its wait), the window follows that job to its end. Either way the
// caller gets the call's own answer (`message`, and the spec's fields, plus `job`).
//
//   const importing = useJobUpload("member.import.update", t("…title"));
//   const answer = await importing.upload("/user/operation/import/update", file);
//   …  {importing.progress}
import { useRef, useState } from "react";
import type { AnswerOf } from "../../../src/domains/api";
import { type Answer, message } from "../../../src/protocol/result";
import { api, type UploadPath } from "../../api";
import { JobProgress, type JobTarget, type JobView } from "./job-progress";

export function useJobUpload(kind: string, title: string) {
  const [target, setTarget] = useState<JobTarget | null>(null);
  const settle = useRef<((job: JobView | null) => void) | null>(null);

  async function upload<P extends UploadPath>(path: P, file: File): Promise<Answer<AnswerOf<P>>> {
    setTarget({ kind });
    const answer = (await api.upload(path, file, file.name, { quiet: true })) as Answer<AnswerOf<P>> & { job?: string; state?: string };
    if (answer.state !== "running" || !answer.job) {
      setTarget(null);
      return answer;
    }
    const key = answer.job;
    // Closed before the end: the job goes on, and the page finds it again when opened anew.
    const job = await new Promise<JobView | null>((resolve) => {
      settle.current = resolve;
      setTarget({ key });
    });
    settle.current = null;
    setTarget(null);
    if (!job) return answer;
    const result = (job.result ?? {}) as Record<string, unknown>;
    return ("message" in result ? { ...result, job: key } : { message: message("SUCCESS"), ...result, job: key }) as unknown as Answer<AnswerOf<P>>;
  }

  const close = () => (settle.current ? settle.current(null) : setTarget(null));
  const progress = target ? <JobProgress title={title} target={target} onDone={(job) => settle.current?.(job)} onClose={close} /> : null;
  return { upload, progress, busy: target !== null };
}
