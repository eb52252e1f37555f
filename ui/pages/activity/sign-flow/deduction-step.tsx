// Points deduction (spec 2 section 4): pay part of the price in points, when
// the member has enough.
import { useT } from "../../../i18n";
import { formatMoney, formatPoints } from "../../../lib/format";
import type { SignFlowState } from "./flow-state";
import type { StepSpec } from "./step-window";

function DeductionChoice({ flow }: { flow: SignFlowState }) {
  const t = useT();
  const { activity, draft, setDraft } = flow;
  const enough = activity.points >= activity.integral;
  return (
    <>
      <p className="muted">{t("activity.deduction.balance", { points: formatPoints(activity.points) })}</p>
      <div className="sign-choices" role="radiogroup" aria-label={t("activity.deduction.title")}>
        <label className="sign-choice">
          <input type="radio" name="deduction" checked={draft.integral === 0} onChange={() => setDraft({ ...draft, integral: 0 })} />
          <span className="sign-choice-main">{t("activity.deduction.notUse")}</span>
        </label>
        <label className={`sign-choice${enough ? "" : " is-disabled"}`}>
          <input type="radio" name="deduction" disabled={!enough} checked={draft.integral === 1} onChange={() => setDraft({ ...draft, integral: 1 })} data-testid="use-deduction" />
          <span className="sign-choice-main">
            {t("activity.deduction.use", { points: formatPoints(activity.integral), money: formatMoney(activity.deduction) })}
            {enough ? null : <span className="muted">{t("result.ERROR_SIGN_DEDUCTION")}</span>}
          </span>
        </label>
      </div>
    </>
  );
}

export const deductionStep: StepSpec = {
  title: (_, t) => t("activity.deduction.title"),
  testId: "deduction-step",
  Body: DeductionChoice,
  onNext: (flow) => flow.next(),
};
