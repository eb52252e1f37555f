// The activity's profile fields (spec 2 section 5): the member's values with
// the activity's own must and read-only settings, checked before going on.
import { PropertyForm, propertyMessage } from "../../../components/property-form";
import { type Country, type Property, type StoredValue, checkForm, initialValues } from "../../../components/property-form/model";
import { showMessage } from "../../../components/message-box";
import { session } from "../../../state/session";
import type { Activity } from "../activity-model";
import type { SignFlowState } from "./flow-state";
import type { StepSpec } from "./step-window";

/** The activity's profile fields as the form shows them: its own must and read-only settings, the member's values. */
function detailsOf(activity: Activity) {
  const properties: Property[] = activity.properties.map((r) => ({ ...r.property, isMust: r.isMust, isReadonly: r.isReadonly, isShow: true }));
  const stored: StoredValue[] = activity.properties.flatMap((r) => (r.value === null ? [] : [{ property: { id: r.property.id }, option: r.option, value: r.value }]));
  return { properties, stored };
}

function DetailsFields({ flow }: { flow: SignFlowState }) {
  const { activity, draft, setDraft } = flow;
  const { properties, stored } = detailsOf(activity);
  return (
    <PropertyForm
      idPrefix="sign"
      properties={properties}
      values={draft.details ?? initialValues(stored)}
      onChange={(details) => setDraft({ ...draft, details })}
      stored={stored}
      countries={[]}
      nationality={null}
      onNationality={() => {}}
      withNationality={false}
      error={flow.detailsError}
    />
  );
}

export const detailsStep: StepSpec = {
  title: (_, t) => t("activity.quiz.properties"),
  testId: "details-step",
  Body: DetailsFields,
  onNext: (flow, t, language) => {
    const { activity, draft, setDraft } = flow;
    const { properties, stored } = detailsOf(activity);
    const values = draft.details ?? initialValues(stored);
    const nationality = session.user?.nationality;
    // The member's nationality decides which fields are theirs; the server knows it and checks again.
    const country: Country | null = nationality ? { id: nationality.id, nameZh: nationality.nameZh, nameEn: nationality.nameEn, type: { id: Number(nationality.type) } } : null;
    const checked = checkForm({ properties, values, stored, nationality: country });
    if (!checked.ok) {
      const failed = properties.find((p) => p.id === checked.property);
      const text = failed ? propertyMessage(failed, language) || t("activity.quiz.required") : t("result.ERROR_SIGN_PARAMS");
      flow.setDetailsError(failed ? { property: failed.id, text } : null);
      return void showMessage(text);
    }
    flow.setDetailsError(null);
    setDraft({ ...draft, details: values, properties: checked.values });
    flow.next();
  },
};
