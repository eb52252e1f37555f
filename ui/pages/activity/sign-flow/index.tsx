// The sign-up windows in the spec's order (spec 2 section 4): profile fields,
// questionnaire, family members, address, points deduction, confirmation,
// submit; then the payment window, the ticket, the answer review or the
// success message. The member can go back a step; the server checks
// everything again on submit. A market item ("toCart") ends with add to
// trolley instead: questionnaire and family, then /market/cart/add; its
// caller offers the trolley. The state is ./flow-state.ts, each step a file.
import { useSnapshot } from "valtio";
import { OrderPayWindow } from "../../../components/order-pay-window";
import { showMessage } from "../../../components/message-box";
import { useT } from "../../../i18n";
import "../../../i18n/sign-up-texts";
import { session } from "../../../state/session";
import { QuizStep } from "../quiz-step";
import type { Step } from "../sign-steps";
import { addressStep } from "./address-step";
import { confirmStep } from "./confirm-step";
import { deductionStep } from "./deduction-step";
import { detailsStep } from "./details-step";
import { familyStep } from "./family-step";
import { type SignFlowProps, tellDone, useSignFlow } from "./flow-state";
import { ReviewWindow } from "./review-window";
import { type StepSpec, StepWindow, trailOf } from "./step-window";
import { TicketWindow } from "./ticket-window";

/** The steps in one window; the questionnaire draws its own (./quiz-step.tsx). */
const STEPS: Record<Exclude<Step, "quiz">, StepSpec> = { details: detailsStep, family: familyStep, address: addressStep, deduction: deductionStep, confirm: confirmStep };

export function SignFlow(props: SignFlowProps) {
  const t = useT();
  const { language } = useSnapshot(session);
  const { activity, onClose } = props;
  const flow = useSignFlow(props);
  const { result, draft, setDraft } = flow;
  const shown = result?.queue[0];

  if (result && shown === "pay")
    return (
      <OrderPayWindow
        trade={result.signed.trade}
        pay={result.signed.pay!}
        amount={result.signed.amount}
        purpose="sign-up"
        expires={result.signed.expires!}
        onPaid={() => flow.afterThis(result, () => void tellDone(t, activity, t("activity.pay.paid"), result.signed.trade).then(() => onClose(true)))}
        onExpired={() => void showMessage(t("activity.pay.expired")).then(() => onClose(true))}
        onClose={() => onClose(true)}
      />
    );
  if (result && shown === "ticket") return <TicketWindow activity={activity} trade={result.signed.trade} onClose={() => flow.afterThis(result, () => onClose(true))} />;
  if (result && shown === "review")
    return <ReviewWindow activity={activity} signed={result.signed} quiz={draft.quiz!} passLine={activity.queryStock?.passLine ?? 0} onClose={() => flow.afterThis(result, () => onClose(true))} />;

  if (flow.step === "quiz")
    return (
      <QuizStep
        key={draft.quiz ? "again" : "fresh"}
        activity={activity}
        steps={trailOf(flow)}
        initial={draft.quiz}
        onCancel={flow.back}
        onDone={(drawn, answers) => {
          setDraft({ ...draft, quiz: { drawn, answers } });
          flow.next();
        }}
      />
    );
  const step = STEPS[flow.step];
  return (
    <StepWindow flow={flow} title={step.title(flow, t)} testId={step.testId} onNext={() => step.onNext(flow, t, language)} nextLabel={step.nextLabel?.(flow, t)} nextDisabled={flow.step === "confirm" && flow.busy}>
      <step.Body flow={flow} />
    </StepWindow>
  );
}
