// An export that runs as a staff job: the page starts it, shows its progress,
// then downloads its file through the export's signed download (the job's key
// in place of the filters). An export still running when the page was left is
// picked up again when it opens.
import { useEffect, useState } from "react";
import { type Answer, isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { showMessage } from "../../components/message-box";
import { resultText, useT } from "../../i18n";
import { JobProgress, type JobView, useUnfinishedJob } from "./job-progress";

export type ExportKind = "member.export.list" | "member.export.fees";
const DOWNLOADS = { "member.export.list": "/user/operation/export/list", "member.export.fees": "/user/operation/export/member" } as const;

export function useExportJob(kind: ExportKind, title: string) {
  const t = useT();
  const resumed = useUnfinishedJob([kind]);
  const [key, setKey] = useState<string | null>(null);
  useEffect(() => {
    if (resumed) setKey(resumed.key);
  }, [resumed]);

  /** Starts the export with the call given (it answers the job's key). */
  const start = async (call: () => Promise<Answer<{ job?: string }>>) => {
    const answer = await call();
    if (!isSuccess(answer) || !answer.job) return showMessage(resultText(t, answer.message));
    setKey(answer.job);
  };

  const finish = async (job: JobView) => {
    setKey(null);
    const failure = job.state === "done" ? null : ((job.result?.message as Answer["message"] | undefined) ?? null);
    if (job.state !== "done") return showMessage(failure ? resultText(t, failure) : t("jobs.progress.failed"));
    const answer = await api.download(DOWNLOADS[kind], { job: job.key });
    if (!isSuccess(answer)) await showMessage(resultText(t, answer.message));
  };

  const progress = key ? <JobProgress title={title} target={{ key }} onDone={(job) => void finish(job)} onClose={() => setKey(null)} /> : null;
  return { start, progress, running: key !== null };
}
