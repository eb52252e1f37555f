// A sign-up step's window: the trail of steps, the step, and Back (Close on
// the first step) and Next below.
import type { ComponentType, ReactNode } from "react";
import { Dialog } from "../../../components/dialog";
import { type Translate, useT } from "../../../i18n";
import type { Language } from "../../../state/session";
import type { SignFlowState } from "./flow-state";

/**
 * One step as ./index.tsx shows it in the one StepWindow (kept mounted from
 * step to step, so the window stays where it was dragged and the keyboard
 * where it was): its title, its content, and what Next does.
 */
export type StepSpec = {
  title: (flow: SignFlowState, t: Translate) => string;
  testId: string;
  Body: ComponentType<{ flow: SignFlowState }>;
  onNext: (flow: SignFlowState, t: Translate, language: Language) => void;
  nextLabel?: (flow: SignFlowState, t: Translate) => string;
};

function StepTrail({ flow }: { flow: SignFlowState }) {
  const t = useT();
  const { steps, at } = flow;
  if (steps.length < 2) return null;
  return (
    <ol className="step-trail" aria-label={t("activity.signUp")}>
      {steps.map((s, i) => (
        <li key={s} className={i === at ? "is-current" : i < at ? "is-done" : undefined} aria-current={i === at ? "step" : undefined}>
          {t(`activity.steps.${s}`)}
        </li>
      ))}
    </ol>
  );
}

export function StepWindow({
  flow,
  title,
  children,
  onNext,
  nextLabel,
  nextDisabled,
  testId,
}: {
  flow: SignFlowState;
  title: string;
  children: ReactNode;
  onNext: () => void;
  nextLabel?: string;
  nextDisabled?: boolean;
  testId: string;
}) {
  const t = useT();
  return (
    <Dialog
      title={title}
      onClose={flow.back}
      width={600}
      footer={
        <>
          <button type="button" className="button button-quiet" onClick={flow.back} data-testid="step-back">
            {flow.backLabel}
          </button>
          <button type="button" className="button button-primary" disabled={nextDisabled} onClick={onNext} data-testid="step-next">
            {nextLabel ?? t("activity.next")}
          </button>
        </>
      }
    >
      <StepTrail flow={flow} />
      <div className="sign-step" data-testid={testId}>
        {children}
      </div>
    </Dialog>
  );
}

/** The trail alone, for a step that draws its own window (the questionnaire). */
export const trailOf = (flow: SignFlowState) => <StepTrail flow={flow} />;
