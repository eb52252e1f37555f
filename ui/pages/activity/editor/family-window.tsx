// Family rules (spec 3 sections 2.2 "Relationship (family rule) dialog", 3
// "Relationship rule", 5 "Relationship rule"): who may come along (birth-date
// bounds, gender, relationship), how many (min and max, default 1), whether
// they take a place, and the gifts they may choose (the gift manager). Only
// in preview; saved with the activity (/activity/update: relationships).
import { useState } from "react";
import { useSnapshot } from "valtio";
import { message } from "../../../../src/protocol/result";
import { DatePicker } from "../../../components/date-picker";
import { Dialog } from "../../../components/dialog";
import { type FieldErrors, FormDialog, useFormDialog } from "../../../components/form-dialog";
import { showMessage } from "../../../components/message-box";
import { joinList, pick, useT } from "../../../i18n";
import { session } from "../../../state/session";
import { activityPartOf, type EditInfo, type EditorOptions, refusalText, saveActivity, useEditorData } from "./editor-data";
import { type Gift, GiftManager } from "./gift-manager";
import type { ToolWindowProps } from "./tool-types";

type RuleGift = { id: number; nameZh: string; nameEn: string };
type RuleDraft = { id?: number; relationship: number; gender: number; ageFamilyMin: string; ageFamilyMax: string; allowMin: string; allowMax: string; calCount: boolean; gifts: RuleGift[] };

const ANY = -1;
const NEW_RULE: RuleDraft = { relationship: ANY, gender: -1, ageFamilyMin: "", ageFamilyMax: "", allowMin: "1", allowMax: "1", calCount: true, gifts: [] };

const draftsOf = (info: EditInfo): RuleDraft[] =>
  info.relationships.map((r) => ({
    id: r.id,
    relationship: r.relationship.id,
    gender: r.gender,
    ageFamilyMin: r.ageFamilyMin ?? "",
    ageFamilyMax: r.ageFamilyMax ?? "",
    allowMin: String(r.allowMin),
    allowMax: String(r.allowMax),
    calCount: r.calCount,
    gifts: r.gifts.map(({ id, nameZh, nameEn }) => ({ id, nameZh, nameEn })),
  }));

type RuleField = "ageFamilyMin" | "ageFamilyMax" | "relationship" | "allowMin" | "allowMax";
// In the order they are on the screen, so the first error gets the focus.
const RULE_FIELDS: readonly RuleField[] = ["ageFamilyMin", "ageFamilyMax", "relationship", "allowMin", "allowMax"];

/** The rules of spec 3 section 5 the rule breaks among the others, by field, as dictionary keys. */
export function ruleErrors(rule: RuleDraft, others: readonly RuleDraft[]): FieldErrors<RuleField> {
  const errors: FieldErrors<RuleField> = {};
  if (!/^\d+$/.test(rule.allowMin.trim())) errors.allowMin = "editor.errors.relationships.allowMin";
  if (!/^\d+$/.test(rule.allowMax.trim()) || Number(rule.allowMax) < Math.max(1, Number(rule.allowMin)) || Number(rule.allowMax) > 15) errors.allowMax = "editor.errors.relationships.allowMax";
  if ((rule.relationship === ANY && others.length > 0) || (rule.relationship !== ANY && others.some((o) => o.relationship === ANY))) errors.relationship = "editor.errors.relationships.any";
  else if (others.some((o) => o.relationship === rule.relationship)) errors.relationship = "editor.errors.relationships.twice";
  if (rule.ageFamilyMin && rule.ageFamilyMax && rule.ageFamilyMax < rule.ageFamilyMin) errors.ageFamilyMax = "editor.errors.relationships.ageFamilyMax";
  return errors;
}

export default function FamilyWindow({ activity, onClose, onChanged }: ToolWindowProps) {
  const t = useT();
  const data = useEditorData(activity.id);
  if (!data)
    return (
      <Dialog title={t("editor.family.title")} onClose={onClose}>
        <p role="status">{data === false ? t("editor.loadFailed") : t("editor.loading")}</p>
      </Dialog>
    );
  return <FamilyEditor info={data.info} options={data.options} onClose={onClose} onChanged={onChanged} />;
}

// Nothing is sent from here: the rule goes back to the family window, which saves it with the others.
function RuleDialog({ rule, others, options, onDone, onClose }: { rule: RuleDraft; others: RuleDraft[]; options: EditorOptions; onDone: (rule: RuleDraft) => void; onClose: () => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const [managing, setManaging] = useState(false);
  const editor = useFormDialog<RuleDraft, RuleField, { rule: RuleDraft }>({
    id: "rule",
    fields: RULE_FIELDS,
    initial: () => rule,
    validate: (draft) => ruleErrors(draft, others),
    send: async (draft) => ({ message: message("SUCCESS"), rule: draft }),
    accepted: (answer) => onDone(answer.rule!),
  });
  const { form: draft, update: set, error, described, errors } = editor;
  const count = (field: "allowMin" | "allowMax") => (
    <div className="field">
      <label htmlFor={`rule-${field}`}>{t(`editor.family.${field}`)}</label>
      <input id={`rule-${field}`} className={editor.inputClass(field)} value={draft[field]} inputMode="numeric" maxLength={3} {...described(field)} onChange={(e) => set({ [field]: e.target.value })} />
      {error(field)}
    </div>
  );
  const day = (field: "ageFamilyMin" | "ageFamilyMax") => (
    <div className="field">
      <label htmlFor={`rule-${field}`}>{t(`editor.family.${field}`)}</label>
      <DatePicker id={`rule-${field}`} value={draft[field]} invalid={!!errors[field]} describedBy={described(field)["aria-describedby"]} onChange={(v) => set({ [field]: v })} />
      {error(field)}
    </div>
  );
  return (
    <>
      <FormDialog editor={editor} title={t("editor.family.ruleTitle")} saveLabel={t("editor.family.confirmRule")} onClose={onClose} width={640} className="editor-form" testId="rule-editor" saveTestId="rule-done">
        <div className="editor-row">
          {day("ageFamilyMin")}
          {day("ageFamilyMax")}
        </div>
        <div className="editor-row">
          <div className="field">
            <label htmlFor="rule-relationship">{t("editor.family.relationship")}</label>
            <select id="rule-relationship" className={editor.inputClass("relationship")} value={String(draft.relationship)} {...described("relationship")} onChange={(e) => set({ relationship: Number(e.target.value) })}>
              <option value={String(ANY)}>{t("editor.family.any")}</option>
              {options.relations.map((r) => (
                <option key={r.id} value={String(r.id)}>
                  {pick(language, r.nameZh, r.nameEn)}
                </option>
              ))}
            </select>
            {error("relationship")}
          </div>
          <div className="field">
            <label htmlFor="rule-gender">{t("editor.family.gender")}</label>
            <select id="rule-gender" className="input" value={String(draft.gender)} onChange={(e) => set({ gender: Number(e.target.value) })}>
              <option value="-1">{t("editor.family.genders.any")}</option>
              <option value="0">{t("editor.family.genders.male")}</option>
              <option value="1">{t("editor.family.genders.female")}</option>
            </select>
          </div>
        </div>
        <div className="editor-row">
          {count("allowMin")}
          {count("allowMax")}
        </div>
        <label className="editor-check">
          <input type="checkbox" checked={draft.calCount} onChange={(e) => set({ calCount: e.target.checked })} />
          <span>{t("editor.family.calCount")}</span>
        </label>
        <h3 className="editor-subtitle">{t("editor.family.gifts")}</h3>
        {draft.gifts.length ? (
          <ul className="editor-chips" data-testid="rule-gifts">
            {draft.gifts.map((g) => (
              <li key={g.id} className="editor-chip">
                <span>{pick(language, g.nameZh, g.nameEn)}</span>
                <button type="button" className="editor-chip-remove" aria-label={`${t("editor.remove")} ${pick(language, g.nameZh, g.nameEn)}`} onClick={() => set({ gifts: draft.gifts.filter((x) => x.id !== g.id) })}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="field-hint">{t("editor.family.noGifts")}</p>
        )}
        <button type="button" className="button button-quiet" onClick={() => setManaging(true)} data-testid="open-gift-manager">
          {t("editor.family.giftManager")}
        </button>
      </FormDialog>
      {/* Beside the form, not in it: a window's events reach its React parents through the portal, and must not submit the rule. */}
      {managing ? (
        <GiftManager
          chosen={draft.gifts.map((g) => g.id)}
          onClose={() => setManaging(false)}
          onAssociate={(gift: Gift) => {
            set({ gifts: [...draft.gifts, { id: gift.id, nameZh: gift.nameZh, nameEn: gift.nameEn }] });
            setManaging(false);
          }}
        />
      ) : null}
    </>
  );
}

function FamilyEditor({ info, options, onClose, onChanged }: { info: EditInfo; options: EditorOptions; onClose: () => void; onChanged: () => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const [editing, setEditing] = useState<{ at: number | null; rule: RuleDraft } | null>(null);
  const editor = useFormDialog<{ rules: RuleDraft[] }, "rules">({
    id: "family",
    fields: ["rules"],
    initial: () => ({ rules: draftsOf(info) }),
    // Each rule was checked in its own window; the server checks them together.
    validate: () => ({}),
    send: ({ rules }) =>
      saveActivity({
        activity: activityPartOf(info.activity),
        relationships: rules.map((r) => ({
          ...(r.id ? { id: r.id } : {}),
          relationship: { id: r.relationship },
          gender: r.gender,
          ageFamilyMin: r.ageFamilyMin || null,
          ageFamilyMax: r.ageFamilyMax || null,
          allowMin: r.allowMin,
          allowMax: r.allowMax,
          calCount: r.calCount,
          gifts: r.gifts.map((g) => ({ id: g.id })),
        })),
      }),
    accepted: async () => {
      await showMessage(t("editor.saved"));
      onClose();
      onChanged();
    },
    refused: (message) => ({ text: refusalText(t, message) }),
  });
  const { rules } = editor.form;
  const setRules = (next: RuleDraft[]) => editor.update({ rules: next });
  const relationName = (id: number) => {
    const r = options.relations.find((x) => x.id === id);
    return r ? pick(language, r.nameZh, r.nameEn) : t("editor.family.any");
  };
  const genderName = (g: number) => t(`editor.family.genders.${g === 0 ? "male" : g === 1 ? "female" : "any"}`);

  return (
    <>
      <FormDialog editor={editor} title={t("editor.family.title")} saveLabel={t("editor.save")} onClose={onClose} width={760} className="editor-form" testId="family-editor" saveTestId="family-save">
        {rules.length ? (
          <ul className="editor-rows" data-testid="family-rules">
            {rules.map((r, i) => (
              <li key={`${r.id ?? "new"}-${i}`} className="editor-item">
                <div className="editor-item-main">
                  <strong>{relationName(r.relationship)}</strong>
                  <span className="editor-muted">
                    {genderName(r.gender)} · {t("editor.family.counts", { min: r.allowMin, max: r.allowMax })}
                    {r.ageFamilyMin || r.ageFamilyMax ? ` · ${t("editor.family.birth", { from: r.ageFamilyMin || "…", to: r.ageFamilyMax || "…" })}` : ""}
                    {r.calCount ? ` · ${t("editor.family.calCount")}` : ""}
                  </span>
                  <span className="editor-muted">
                    {t("editor.family.gifts")}: {joinList(language, r.gifts.map((g) => pick(language, g.nameZh, g.nameEn))) || t("editor.family.noGifts")}
                  </span>
                </div>
                <div className="editor-item-actions">
                  <button type="button" className="link-button" onClick={() => setEditing({ at: i, rule: r })}>
                    {t("editor.edit")}
                  </button>
                  <button type="button" className="link-button link-danger" onClick={() => setRules(rules.filter((_, at) => at !== i))}>
                    {t("editor.remove")}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="field-hint">{t("editor.family.none")}</p>
        )}
        <button type="button" className="button button-quiet" onClick={() => setEditing({ at: null, rule: NEW_RULE })} data-testid="add-rule">
          {t("editor.family.add")}
        </button>
      </FormDialog>
      {/* Beside the form, not in it: the rule window's submit would otherwise reach this form through the portal. */}
      {editing ? (
        <RuleDialog
          rule={editing.rule}
          others={rules.filter((_, at) => at !== editing.at)}
          options={options}
          onClose={() => setEditing(null)}
          onDone={(rule) => {
            setRules(editing.at === null ? [...rules, rule] : rules.map((r, at) => (at === editing.at ? rule : r)));
            setEditing(null);
          }}
        />
      ) : null}
    </>
  );
}
