// The delivery address of an activity that sends something (spec 2 section 4).
import { showMessage } from "../../../components/message-box";
import { useT } from "../../../i18n";
import { AddressChoices } from "../../centre/address-choices";
import type { SignFlowState } from "./flow-state";
import type { StepSpec } from "./step-window";

function AddressList({ flow }: { flow: SignFlowState }) {
  const t = useT();
  return <AddressChoices legend={t("address.select")} chosen={flow.draft.address} preselect onChoose={(address) => flow.setDraft((d) => ({ ...d, address: address.id }))} />;
}

export const addressStep: StepSpec = {
  title: (_, t) => t("activity.address.title"),
  testId: "address-step",
  Body: AddressList,
  onNext: (flow, t) => (flow.draft.address === null ? void showMessage(t("address.select")) : flow.next()),
};
