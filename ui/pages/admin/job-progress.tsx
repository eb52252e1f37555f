// A staff job's progress (docs/decisions.md, "The staff job kit"): a window
// with a progress bar that asks the server about once a second, until the job
// is done or failed. It follows a job by its key, or, while the upload that
// starts it is still on its way (the key not known yet), the newest unfinished
// job of its kind. Closing it does not stop the job: `useUnfinishedJob` finds
// it again when the page is opened anew, so a reload shows its progress.
import { useState } from "react";
import type { ItemOf } from "../../../src/domains/api";
import { api } from "../../api";
import { Dialog } from "../../components/dialog";
import { useT } from "../../i18n";
import { useLoaded, usePoll } from "../../lib/use-loaded";

export type JobView = ItemOf<"/user/operation/jobs">;
/** Which job to follow: by its key, or the newest unfinished one of a kind. */
export type JobTarget = { key: string } | { kind: string };

const POLL_MS = 1_000;
export const unfinished = (job: Pick<JobView, "state">) => job.state === "queued" || job.state === "running";

async function look(target: JobTarget): Promise<JobView | null> {
  if ("key" in target) {
    const answer = await api.poll("/user/operation/job", { key: target.key });
    return answer.job ?? null;
  }
  const answer = await api.poll("/user/operation/jobs", { kind: target.kind });
  return answer.list?.find(unfinished) ?? null;
}

export function JobProgress({ title, target, onDone, onClose }: { title: string; target: JobTarget; onDone: (job: JobView) => void; onClose: () => void }) {
  const t = useT();
  const [job, setJob] = useState<JobView | null>(null);
  const followed = "key" in target ? target.key : target.kind;

  usePoll(
    () => look(target),
    (seen) => {
      if (seen) setJob(seen);
      // Only a job followed by its key ends here: by kind, the upload's answer says how it ended.
      if (!seen || !("key" in target) || unfinished(seen)) return false;
      onDone(seen);
      return true;
    },
    { everyMs: POLL_MS, now: true, key: [followed] },
  );

  const total = job?.total ?? 0;
  const count = Math.min(job?.done ?? 0, total);
  const percent = total > 0 ? Math.round((count / total) * 100) : 0;
  const counted = total > 0 ? t("jobs.progress.counted", { done: count, total }) : t("jobs.progress.starting");
  return (
    <Dialog
      title={title}
      onClose={onClose}
      width={440}
      footer={
        <button type="button" className="button" onClick={onClose}>
          {t("jobs.progress.hide")}
        </button>
      }
    >
      <div className="job-progress" data-testid="job-progress">
        <div className="job-progress-track" role="progressbar" aria-label={t("jobs.progress.label")} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={counted}>
          <div className="job-progress-bar" style={{ width: `${percent}%` }} />
        </div>
        <p className="job-progress-count" aria-live="polite">
          {counted}
        </p>
        <p className="job-progress-hint">{t("jobs.progress.background")}</p>
      </div>
    </Dialog>
  );
}

/** The actor's newest unfinished job of these kinds, asked once when the page opens (a reload finds its job again). */
export function useUnfinishedJob(kinds: readonly string[]): JobView | null {
  const job = useLoaded(() => api.poll("/user/operation/jobs", {}).then((answer) => answer.list?.find((j) => kinds.includes(j.kind) && unfinished(j)) ?? false), [kinds.join()]);
  return job || null;
}
