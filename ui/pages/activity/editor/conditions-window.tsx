// Conditions and the sign-up form's fields (spec 3 sections 2.2 "System
// properties table", "Activity conditions manager and activity-group
// conditions manager", 5 "Condition add", 6): which profile fields a member
// confirms when signing up (a field whose purpose is not "other" is always
// read-only and required), and who may see or sign up for the activity and
// its group, with the module editor's condition list. Only in preview; saved
// with the activity (/activity/update: properties, activityReasons,
// teamReasons).
import { useSnapshot } from "valtio";
import { PROPERTY_PURPOSE } from "../../../../src/protocol/enumerations";
import { Dialog } from "../../../components/dialog";
import { FormDialog, useFormDialog } from "../../../components/form-dialog";
import { showMessage } from "../../../components/message-box";
import { pick, useT } from "../../../i18n";
import { session } from "../../../state/session";
import { ModuleConditions, type Reason } from "../module-conditions";
import { activityPartOf, type EditInfo, type EditorOptions, placeOf, refusalKey, refusalText, saveActivity, useEditorData } from "./editor-data";
import type { ToolWindowProps } from "./tool-types";

type Row = { asked: boolean; isReadonly: boolean; isMust: boolean };
const reasonOf = ({ type, property, compareMode, value }: Reason): Reason => ({ type, property, compareMode, value });

export default function ConditionsWindow({ activity, onClose, onChanged }: ToolWindowProps) {
  const t = useT();
  const data = useEditorData(activity.id);
  if (!data)
    return (
      <Dialog title={t("editor.conditions.title")} onClose={onClose}>
        <p role="status">{data === false ? t("editor.loadFailed") : t("editor.loading")}</p>
      </Dialog>
    );
  return <ConditionsEditor info={data.info} options={data.options} onClose={onClose} onChanged={onChanged} />;
}

type Field = "properties" | "activityReasons" | "teamReasons";
const FIELDS: readonly Field[] = ["properties", "activityReasons", "teamReasons"];
type Form = { rows: Record<number, Row>; activityReasons: Reason[]; teamReasons: Reason[] };

function ConditionsEditor({ info, options, onClose, onChanged }: { info: EditInfo; options: EditorOptions; onClose: () => void; onChanged: () => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const fixed = (id: number) => options.properties.find((p) => p.id === id)?.purpose.id !== PROPERTY_PURPOSE.PROPERTY_PURPOSE_OTHER;
  // The asked fields first, in their saved order, then the others in the properties' order.
  const order = [...info.properties.map((p) => p.property.id), ...options.properties.map((p) => p.id).filter((id) => !info.properties.some((r) => r.property.id === id))];

  const editor = useFormDialog<Form, Field>({
    id: "conditions",
    fields: FIELDS,
    initial: () => ({
      rows: Object.fromEntries(
        options.properties.map((p) => {
          const saved = info.properties.find((r) => r.property.id === p.id);
          return [p.id, { asked: !!saved, isReadonly: saved?.isReadonly ?? false, isMust: saved?.isMust ?? false }];
        }),
      ),
      activityReasons: info.activityReasons.map(reasonOf),
      teamReasons: info.teamReasons.map(reasonOf),
    }),
    // "A bank is needed if properties exist" (spec 3 section 5), checked here as the server would: the bank is the one saved.
    validate: (form) => (!info.queryStock && Object.values(form.rows).some((row) => row.asked) ? { properties: "editor.errors.queryStock.bank" } : {}),
    send: ({ rows, activityReasons, teamReasons }) =>
      saveActivity({
        activity: activityPartOf(info.activity),
        properties: order.filter((id) => rows[id]?.asked).map((id) => ({ property: { id }, isReadonly: fixed(id) || rows[id]!.isReadonly, isMust: fixed(id) || rows[id]!.isMust })),
        activityReasons,
        ...(info.team ? { teamReasons } : {}),
      }),
    accepted: async () => {
      await showMessage(t("editor.saved"));
      onClose();
      onChanged();
    },
    // The server's refusal of the asked fields for want of a bank is shown under their table too.
    refused: (message) => {
      const key = message.params?.part === "bank" ? refusalKey(placeOf(message.params)) : null;
      return key ? { field: "properties", error: key } : { text: refusalText(t, message) };
    },
  });
  const { form, update, error, described } = editor;
  const setRow = (id: number, patch: Partial<Row>) => update({ rows: { ...form.rows, [id]: { ...form.rows[id]!, ...patch } } });

  return (
    <FormDialog editor={editor} title={t("editor.conditions.title")} saveLabel={t("editor.save")} onClose={onClose} width={860} className="editor-form" testId="conditions-editor" saveTestId="conditions-save">
      <fieldset className="editor-section">
        <legend>{t("editor.conditions.properties")}</legend>
        <p className="field-hint">{t("editor.conditions.propertiesHint")}</p>
        <table
          className="editor-table"
          data-testid="property-rows"
          id="conditions-properties"
          tabIndex={-1}
          aria-describedby={described("properties")["aria-describedby"]}
        >
          <thead>
            <tr>
              <th scope="col">{t("editor.conditions.property")}</th>
              <th scope="col">{t("editor.conditions.ask")}</th>
              <th scope="col">{t("editor.conditions.readonly")}</th>
              <th scope="col">{t("editor.conditions.must")}</th>
            </tr>
          </thead>
          <tbody>
            {order.map((id) => {
              const p = options.properties.find((x) => x.id === id)!;
              const row = form.rows[id]!;
              const title = pick(language, p.titleZh, p.titleEn);
              const locked = fixed(id);
              return (
                <tr key={id}>
                  <th scope="row">{title}</th>
                  <td data-label={t("editor.conditions.ask")}>
                    <input type="checkbox" aria-label={`${title} ${t("editor.conditions.ask")}`} checked={row.asked} onChange={(e) => setRow(id, { asked: e.target.checked })} />
                  </td>
                  <td data-label={t("editor.conditions.readonly")}>
                    <input type="checkbox" aria-label={`${title} ${t("editor.conditions.readonly")}`} checked={locked || row.isReadonly} disabled={locked || !row.asked} onChange={(e) => setRow(id, { isReadonly: e.target.checked })} />
                  </td>
                  <td data-label={t("editor.conditions.must")}>
                    <input type="checkbox" aria-label={`${title} ${t("editor.conditions.must")}`} checked={locked || row.isMust} disabled={locked || !row.asked} onChange={(e) => setRow(id, { isMust: e.target.checked })} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {error("properties")}
      </fieldset>
      <ModuleConditions
        reasons={form.activityReasons}
        properties={options.properties}
        onChange={(activityReasons) => update({ activityReasons })}
        idPrefix="activity-condition"
        title={t("editor.conditions.activity")}
        hint={t("editor.conditions.activityHint")}
        none={t("editor.conditions.none")}
      />
      {info.team ? (
        <ModuleConditions reasons={form.teamReasons} properties={options.properties} onChange={(teamReasons) => update({ teamReasons })} idPrefix="team-condition" title={t("editor.conditions.team")} hint={t("editor.conditions.teamHint")} none={t("editor.conditions.none")} />
      ) : null}
    </FormDialog>
  );
}
