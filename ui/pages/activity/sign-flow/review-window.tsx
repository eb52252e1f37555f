// After a sign-up with a quiz that shows its answers: the score, and each
// question with the member's answer and the right one.
import { useSnapshot } from "valtio";
import { Dialog } from "../../../components/dialog";
import { joinList, pick, useT } from "../../../i18n";
import { session } from "../../../state/session";
import type { Activity } from "../activity-model";
import type { Answers, Drawn } from "../quiz-step";
import { worded } from "../wording";
import type { Signed } from "./flow-state";

export function ReviewWindow({ activity, signed, quiz, passLine, onClose }: { activity: Activity; signed: Signed; quiz: { drawn: Drawn; answers: Answers }; passLine: number; onClose: () => void }) {
  const t = useT();
  /** The most a member could score on this draw. */
  const full = quiz.drawn.queries.reduce((sum, q) => sum + q.score, 0);
  const { language } = useSnapshot(session);
  const textOf = (queryId: number, values: string | string[] | undefined) => {
    const q = quiz.drawn.queries.find((x) => x.query.id === queryId)?.query;
    const list = Array.isArray(values) ? values : values ? values.split(",") : [];
    return joinList(
      language,
      list.map((v) => {
        const option = q?.options.find((o) => o.value === v);
        return pick(language, option?.textZh, option?.textEn) || v;
      }),
    );
  };
  return (
    <Dialog
      title={t("activity.done.reviewTitle")}
      onClose={onClose}
      width={600}
      footer={
        <button type="button" className="button button-primary" onClick={onClose} data-autofocus>
          {t("common.ok")}
        </button>
      }
    >
      <div className="review" data-testid="review">
        <p className="ticket-success">{worded(activity, language, "success", t("activity.done.success"))}</p>
        {signed.score !== null ? (
          <p className="review-score" data-testid="review-score">
            {t(passLine > 0 ? "activity.done.reviewScorePass" : "activity.done.reviewScore", { score: signed.score, full, pass: passLine })}
          </p>
        ) : null}
        <ol className="review-list">
          {(signed.review ?? []).map((r) => {
            const q = quiz.drawn.queries.find((x) => x.query.id === r.id);
            return (
              <li key={r.id}>
                <strong>{q ? pick(language, q.query.titleZh, q.query.titleEn) : ""}</strong>
                <span>{t("activity.done.yours", { answer: textOf(r.id, quiz.answers[r.id]) || "—" })}</span>
                <span className="review-right">{t("activity.done.right", { answer: textOf(r.id, r.answer) || "—" })}</span>
              </li>
            );
          })}
        </ol>
      </div>
    </Dialog>
  );
}
