// Conditions and the sign-up form's fields (spec 3 sections 2.2 "System
// properties table", "Activity conditions manager and activity-group
// conditions manager", 5 "Condition add", 6): which profile fields a member
// confirms when signing up (a field whose purpose is not "other" is always
// read-only and required), and who may see or sign up for the activity and
// its group, with the module editor's condition list. Only in preview; saved
// with the activity (/activity/update: properties, activityReasons,
// teamReasons).
import { useState } from "react";
import { useSnapshot } from "valtio";
import { PROPERTY_PURPOSE } from "../../../../src/protocol/enumerations";
import { Dialog } from "../../../components/dialog";
import { showMessage } from "../../../components/message-box";
import { pick, useT } from "../../../i18n";
import { session } from "../../../state/session";
import { ModuleConditions, type Reason } from "../module-conditions";
import { activityPartOf, type EditInfo, type EditorOptions, refusalText, saveActivity, type UpdatePayload, useEditorData } from "./editor-data";
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

function ConditionsEditor({ info, options, onClose, onChanged }: { info: EditInfo; options: EditorOptions; onClose: () => void; onChanged: () => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const fixed = (id: number) => options.properties.find((p) => p.id === id)?.purpose.id !== PROPERTY_PURPOSE.PROPERTY_PURPOSE_OTHER;
  // The asked fields first, in their saved order, then the others in the properties' order.
  const order = [...info.properties.map((p) => p.property.id), ...options.properties.map((p) => p.id).filter((id) => !info.properties.some((r) => r.property.id === id))];
  const [rows, setRows] = useState<Record<number, Row>>(() =>
    Object.fromEntries(
      options.properties.map((p) => {
        const saved = info.properties.find((r) => r.property.id === p.id);
        return [p.id, { asked: !!saved, isReadonly: saved?.isReadonly ?? false, isMust: saved?.isMust ?? false }];
      }),
    ),
  );
  const [activityReasons, setActivityReasons] = useState<Reason[]>(() => info.activityReasons.map(reasonOf));
  const [teamReasons, setTeamReasons] = useState<Reason[]>(() => info.teamReasons.map(reasonOf));
  const setRow = (id: number, patch: Partial<Row>) => setRows({ ...rows, [id]: { ...rows[id]!, ...patch } });
  // A refusal of the asked fields themselves ("a bank is needed if properties exist") is shown under their table.
  const [propertiesError, setPropertiesError] = useState<string | null>(null);

  const save = async () => {
    const payload: UpdatePayload = {
      activity: activityPartOf(info.activity),
      properties: order.filter((id) => rows[id]?.asked).map((id) => ({ property: { id }, isReadonly: fixed(id) || rows[id]!.isReadonly, isMust: fixed(id) || rows[id]!.isMust })),
      activityReasons,
      ...(info.team ? { teamReasons } : {}),
    };
    const answer = await saveActivity(payload);
    const refused = answer.message.code === "SUCCESS" ? null : answer.message;
    setPropertiesError(refused?.params?.part === "bank" ? refusalText(t, refused) : null);
    if (refused?.params?.part === "bank") return document.getElementById("conditions-properties")?.focus();
    if (refused) return showMessage(refusalText(t, refused));
    await showMessage(t("editor.saved"));
    onClose();
    onChanged();
  };

  return (
    <Dialog
      title={t("editor.conditions.title")}
      onClose={onClose}
      width={860}
      footer={
        <>
          <button type="button" className="button button-quiet" onClick={onClose}>
            {t("common.cancel")}
          </button>
          <button type="button" className="button button-primary" onClick={() => void save()} data-testid="conditions-save">
            {t("editor.save")}
          </button>
        </>
      }
    >
      <div className="editor-form" data-testid="conditions-editor">
        <fieldset className="editor-section">
          <legend>{t("editor.conditions.properties")}</legend>
          <p className="field-hint">{t("editor.conditions.propertiesHint")}</p>
          <table
            className="editor-table"
            data-testid="property-rows"
            id="conditions-properties"
            tabIndex={-1}
            aria-describedby={propertiesError ? "conditions-properties-error" : undefined}
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
                const row = rows[id]!;
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
          {propertiesError ? (
            <p className="field-error" id="conditions-properties-error" role="alert">
              {propertiesError}
            </p>
          ) : null}
        </fieldset>
        <ModuleConditions
          reasons={activityReasons}
          properties={options.properties}
          onChange={setActivityReasons}
          idPrefix="activity-condition"
          title={t("editor.conditions.activity")}
          hint={t("editor.conditions.activityHint")}
          none={t("editor.conditions.none")}
        />
        {info.team ? (
          <ModuleConditions reasons={teamReasons} properties={options.properties} onChange={setTeamReasons} idPrefix="team-condition" title={t("editor.conditions.team")} hint={t("editor.conditions.teamHint")} none={t("editor.conditions.none")} />
        ) : null}
      </div>
    </Dialog>
  );
}
