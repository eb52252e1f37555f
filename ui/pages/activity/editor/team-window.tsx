// The activity group (team) editor (spec 3 section 2.2): which group the
// activity is in (none, one of its module's, or a new one), the group's
// names, display order, cover, total-quota switch with shown and actual
// places, one-sign-up-per-member and choose-a-tag-first switches, and its tag
// groups (move up and down, edit, delete only when empty, add). Saved with
// the activity (/activity/update: team and groups); the page reloads.
import { useState } from "react";
import { useSnapshot } from "valtio";
import { api } from "../../../api";
import { Dialog } from "../../../components/dialog";
import { FormDialog, useFormDialog } from "../../../components/form-dialog";
import { CoverField } from "../../../components/image-upload";
import { showMessage } from "../../../components/message-box";
import { isOneOf, pick, useT } from "../../../i18n";
import { session } from "../../../state/session";
import { activityPartOf, type EditInfo, type EditorOptions, placeOf, refusalKey, refusalText, saveActivity, type UpdatePayload, useEditorData } from "./editor-data";
import { type GroupDraft, moved, TagGroupDialog } from "./tag-group-dialog";
import type { ToolWindowProps } from "./tool-types";

type TeamView = NonNullable<EditInfo["team"]>;
type TeamForm = { nameZh: string; nameEn: string; index: string; face: string | null; stockOn: boolean; showStock: string; formStock: string; signOnly: boolean; beforeCheckTag: boolean };
/** The whole window: which team (null: none; "new": a new one; a number: that team of the module), its fields and its tag groups. */
type Form = TeamForm & { choice: number | "new" | null; groups: GroupDraft[] };
type Field = "choice" | "nameZh" | "nameEn" | "index" | "face" | "showStock" | "formStock";
// In the order they are on the screen, so the first error gets the focus.
const FIELDS: readonly Field[] = ["choice", "nameZh", "nameEn", "index", "face", "showStock", "formStock"];

const formOf = (team: TeamView | null): TeamForm => ({
  nameZh: team?.nameZh ?? "",
  nameEn: team?.nameEn ?? "",
  index: String(team?.index ?? 0),
  face: team?.face ?? null,
  stockOn: team?.formStock != null,
  showStock: team?.showStock == null ? "" : String(team.showStock),
  formStock: team?.formStock == null ? "" : String(team.formStock),
  signOnly: team?.signOnly ?? false,
  beforeCheckTag: team?.beforeCheckTag ?? false,
});
const groupsOf = (team: TeamView | null): GroupDraft[] =>
  (team?.groups ?? []).map((g) => ({ id: g.id, nameZh: g.nameZh, nameEn: g.nameEn, tags: g.tags.map((x) => ({ id: x.id, nameZh: x.nameZh, nameEn: x.nameEn, activities: x.activities.map(({ id, nameZh, nameEn }) => ({ id, nameZh, nameEn })) })) }));

export default function TeamWindow({ activity, onClose, onChanged }: ToolWindowProps) {
  const t = useT();
  const data = useEditorData(activity.id);
  if (!data)
    return (
      <Dialog title={t("editor.team.title")} onClose={onClose}>
        <p role="status">{data === false ? t("editor.loadFailed") : t("editor.loading")}</p>
      </Dialog>
    );
  return <TeamEditor info={data.info} options={data.options} onClose={onClose} onChanged={onChanged} />;
}

function TeamEditor({ info, options, onClose, onChanged }: { info: EditInfo; options: EditorOptions; onClose: () => void; onChanged: () => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const [editing, setEditing] = useState<{ at: number | null; group: GroupDraft } | null>(null);
  const editor = useFormDialog<Form, Field>({
    id: "team",
    fields: FIELDS,
    initial: () => ({ choice: info.team?.id ?? null, ...formOf(info.team), groups: groupsOf(info.team) }),
    // The team's rules are the server's (names unique in the module, quotas not below what is taken); it names the field.
    validate: () => ({}),
    send: ({ choice, groups, ...form }) => {
      const payload: UpdatePayload = { activity: activityPartOf(info.activity) };
      if (choice === null) payload.team = null;
      else {
        payload.team = {
          ...(choice === "new" ? {} : { id: choice }),
          nameZh: form.nameZh.trim(),
          nameEn: form.nameEn.trim(),
          index: form.index,
          face: form.face,
          showStock: form.stockOn ? form.showStock : null,
          formStock: form.stockOn ? form.formStock : null,
          signOnly: form.signOnly,
          beforeCheckTag: form.beforeCheckTag,
        };
        payload.groups = groups.map((g) => ({ ...(g.id ? { id: g.id } : {}), nameZh: g.nameZh, nameEn: g.nameEn, tags: g.tags.map((x) => ({ ...(x.id ? { id: x.id } : {}), nameZh: x.nameZh, nameEn: x.nameEn, activities: x.activities.map((a) => ({ id: a.id })) })) }));
      }
      return saveActivity(payload);
    },
    accepted: async () => {
      await showMessage(t("editor.saved"));
      onClose();
      onChanged();
    },
    // A refused field of the team (team.nameZh) is shown under that field; a quota below what is taken (with its figure)
    // and the tag groups' refusals in a message box.
    refused: (message) => {
      const place = placeOf(message.params ?? {});
      const named = String(place.field ?? "");
      const field = named === "team" ? "choice" : named.replace(/^team\./, "");
      const key = message.code === "ERROR_PARAMS" && /^team(\.|$)/.test(named) && place.reason !== "used" ? refusalKey(place) : null;
      return key && isOneOf(FIELDS, field) ? { field, error: key } : { text: refusalText(t, message) };
    },
  });
  const { form, errors, update, error, described } = editor;
  const { choice, groups } = form;
  const setGroups = (next: GroupDraft[]) => update({ groups: next });

  const choose = async (value: string) => {
    if (value === "") return update({ choice: null });
    if (value === "new") return update({ choice: "new", ...formOf(null), groups: [] });
    const id = Number(value);
    const answer = id === info.team?.id ? { team: info.team } : await api.call("/activity/team", { id });
    if (!answer.team) return showMessage(t("editor.errors.fields.team"));
    update({ choice: id, ...formOf(answer.team), groups: groupsOf(answer.team) });
  };

  const remove = (i: number) => (groups[i]!.tags.length ? showMessage(t("editor.errors.groups.hasTags")) : setGroups(groups.filter((_, at) => at !== i)));
  const input = (field: "nameZh" | "nameEn" | "index" | "showStock" | "formStock", mode?: "numeric") => (
    <div className="field">
      <label htmlFor={`team-${field}`}>{t(`editor.team.${field}`)}</label>
      <input id={`team-${field}`} className={editor.inputClass(field)} value={form[field]} inputMode={mode} maxLength={100} {...described(field)} onChange={(e) => update({ [field]: e.target.value })} />
      {error(field)}
    </div>
  );
  const flag = (field: "stockOn" | "signOnly" | "beforeCheckTag") => (
    <label className="editor-check">
      <input type="checkbox" role="switch" checked={form[field]} onChange={(e) => update({ [field]: e.target.checked })} data-testid={`team-${field}`} />
      <span>{t(`editor.team.${field}`)}</span>
    </label>
  );

  return (
    <>
      <FormDialog editor={editor} title={t("editor.team.title")} saveLabel={t("editor.save")} onClose={onClose} width={860} className="editor-form" testId="team-editor" saveTestId="team-save">
        <div className="editor-row">
          <div className="field">
            <label htmlFor="team-choice">{t("editor.team.mode")}</label>
            <select id="team-choice" className={editor.inputClass("choice")} value={choice === null ? "" : String(choice)} {...described("choice")} onChange={(e) => void choose(e.target.value)}>
              <option value="">{t("editor.team.modeNone")}</option>
              <option value="new">{t("editor.team.modeNew")}</option>
              {options.teams.map((x) => (
                <option key={x.id} value={String(x.id)}>
                  {pick(language, x.nameZh, x.nameEn)}
                </option>
              ))}
            </select>
            {error("choice")}
          </div>
          <div className="field">
            <span className="field-label">{t("editor.team.module")}</span>
            <p className="editor-value">{pick(language, options.module.nameZh, options.module.nameEn)}</p>
          </div>
        </div>
        {choice === null ? (
          <p className="field-hint">{t("editor.team.none")}</p>
        ) : (
          <>
            <div className="editor-row editor-row-3">
              {input("nameZh")}
              {input("nameEn")}
              {input("index", "numeric")}
            </div>
            <div className="editor-row">
              <div className="field editor-cover" data-field="face">
                <CoverField
                  value={form.face}
                  onChange={(face) => update({ face })}
                  label={t("editor.team.face")}
                  hint={t("editor.team.faceHint")}
                  alt={t("editor.team.face")}
                  error={errors.face ? t(errors.face) : undefined}
                  testId="team-face"
                />
              </div>
              <div className="editor-checks editor-checks-column">
                {flag("stockOn")}
                {form.stockOn ? (
                  <div className="editor-row">
                    {input("showStock", "numeric")}
                    {input("formStock", "numeric")}
                  </div>
                ) : null}
                {flag("signOnly")}
                {flag("beforeCheckTag")}
              </div>
            </div>
            <h3 className="editor-subtitle">{t("editor.team.groups")}</h3>
            {groups.length ? (
              <ul className="editor-rows" data-testid="tag-groups">
                {groups.map((g, i) => (
                  <li key={`${g.id ?? "new"}-${i}`} className="editor-item">
                    <div className="editor-item-main">
                      <strong>{pick(language, g.nameZh, g.nameEn)}</strong>
                      <span className="editor-muted">{g.tags.map((x) => pick(language, x.nameZh, x.nameEn)).join(" / ") || t("editor.team.tagCount", { count: 0 })}</span>
                    </div>
                    <div className="editor-item-actions">
                      <button type="button" className="link-button" disabled={i === 0} onClick={() => setGroups(moved(groups, i, -1))}>
                        {t("editor.moveUp")}
                      </button>
                      <button type="button" className="link-button" disabled={i === groups.length - 1} onClick={() => setGroups(moved(groups, i, 1))}>
                        {t("editor.moveDown")}
                      </button>
                      <button type="button" className="link-button" onClick={() => setEditing({ at: i, group: g })}>
                        {t("editor.edit")}
                      </button>
                      <button type="button" className="link-button link-danger" onClick={() => void remove(i)}>
                        {t("editor.remove")}
                      </button>
                    </div>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="field-hint">{t("editor.team.noGroups")}</p>
            )}
            <button type="button" className="button button-quiet" onClick={() => setEditing({ at: null, group: { nameZh: "", nameEn: "", tags: [] } })} data-testid="add-tag-group">
              {t("editor.team.addGroup")}
            </button>
          </>
        )}
      </FormDialog>
      {/* Beside the form, not in it: the tag group window's submit would otherwise reach this form through the portal. */}
      {editing ? (
        <TagGroupDialog
          group={editing.group}
          position={(editing.at ?? groups.length) + 1}
          moduleId={options.module.id}
          onClose={() => setEditing(null)}
          onDone={(group) => {
            setGroups(editing.at === null ? [...groups, group] : groups.map((g, at) => (at === editing.at ? group : g)));
            setEditing(null);
          }}
        />
      ) : null}
    </>
  );
}
