// Family rules (spec 3 sections 2.2 "Relationship (family rule) dialog", 3
// "Relationship rule", 5 "Relationship rule"): who may come along (birth-date
// bounds, gender, relationship), how many (min and max, default 1), whether
// they take a place, and the gifts they may choose (the gift manager). Only
// in preview; saved with the activity (/activity/update: relationships).
import { useState } from "react";
import { useSnapshot } from "valtio";
import { DatePicker } from "../../../components/date-picker";
import { Dialog } from "../../../components/dialog";
import { showMessage } from "../../../components/message-box";
import { type TextKey, joinList, pick, useT } from "../../../i18n";
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

/** The first rule of spec 3 section 5 the rule breaks among the others, as a dictionary key. */
export function ruleProblem(rule: RuleDraft, others: readonly RuleDraft[]): TextKey | null {
  if (!/^\d+$/.test(rule.allowMin.trim())) return "editor.errors.relationships.allowMin";
  if (!/^\d+$/.test(rule.allowMax.trim()) || Number(rule.allowMax) < Math.max(1, Number(rule.allowMin)) || Number(rule.allowMax) > 15) return "editor.errors.relationships.allowMax";
  if ((rule.relationship === ANY && others.length > 0) || (rule.relationship !== ANY && others.some((o) => o.relationship === ANY))) return "editor.errors.relationships.any";
  if (others.some((o) => o.relationship === rule.relationship)) return "editor.errors.relationships.twice";
  if (rule.ageFamilyMin && rule.ageFamilyMax && rule.ageFamilyMax < rule.ageFamilyMin) return "editor.errors.relationships.ageFamilyMax";
  return null;
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

function RuleDialog({ rule, others, options, onDone, onClose }: { rule: RuleDraft; others: RuleDraft[]; options: EditorOptions; onDone: (rule: RuleDraft) => void; onClose: () => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const [draft, setDraft] = useState(rule);
  const [managing, setManaging] = useState(false);
  const set = (patch: Partial<RuleDraft>) => setDraft({ ...draft, ...patch });
  const done = async () => {
    const problem = ruleProblem(draft, others);
    if (problem) return showMessage(t(problem));
    onDone(draft);
  };
  const count = (field: "allowMin" | "allowMax") => (
    <div className="field">
      <label htmlFor={`rule-${field}`}>{t(`editor.family.${field}`)}</label>
      <input id={`rule-${field}`} className="input" value={draft[field]} inputMode="numeric" maxLength={3} onChange={(e) => set({ [field]: e.target.value })} />
    </div>
  );
  const day = (field: "ageFamilyMin" | "ageFamilyMax") => (
    <div className="field">
      <label htmlFor={`rule-${field}`}>{t(`editor.family.${field}`)}</label>
      <DatePicker id={`rule-${field}`} value={draft[field]} onChange={(v) => set({ [field]: v })} />
    </div>
  );
  return (
    <Dialog
      title={t("editor.family.ruleTitle")}
      onClose={onClose}
      width={640}
      footer={
        <>
          <button type="button" className="button button-quiet" onClick={onClose}>
            {t("common.cancel")}
          </button>
          <button type="button" className="button button-primary" onClick={() => void done()} data-testid="rule-done">
            {t("editor.family.confirmRule")}
          </button>
        </>
      }
    >
      <div className="editor-form" data-testid="rule-editor">
        <div className="editor-row">
          {day("ageFamilyMin")}
          {day("ageFamilyMax")}
        </div>
        <div className="editor-row">
          <div className="field">
            <label htmlFor="rule-relationship">{t("editor.family.relationship")}</label>
            <select id="rule-relationship" className="input" value={String(draft.relationship)} onChange={(e) => set({ relationship: Number(e.target.value) })}>
              <option value={String(ANY)}>{t("editor.family.any")}</option>
              {options.relations.map((r) => (
                <option key={r.id} value={String(r.id)}>
                  {pick(language, r.nameZh, r.nameEn)}
                </option>
              ))}
            </select>
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
      </div>
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
    </Dialog>
  );
}

function FamilyEditor({ info, options, onClose, onChanged }: { info: EditInfo; options: EditorOptions; onClose: () => void; onChanged: () => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const [rules, setRules] = useState<RuleDraft[]>(() => draftsOf(info));
  const [editing, setEditing] = useState<{ at: number | null; rule: RuleDraft } | null>(null);
  const relationName = (id: number) => {
    const r = options.relations.find((x) => x.id === id);
    return r ? pick(language, r.nameZh, r.nameEn) : t("editor.family.any");
  };
  const genderName = (g: number) => t(`editor.family.genders.${g === 0 ? "male" : g === 1 ? "female" : "any"}`);
  const save = async () => {
    const answer = await saveActivity({
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
    });
    if (answer.message.code !== "SUCCESS") return showMessage(refusalText(t, answer.message));
    await showMessage(t("editor.saved"));
    onClose();
    onChanged();
  };

  return (
    <Dialog
      title={t("editor.family.title")}
      onClose={onClose}
      width={760}
      footer={
        <>
          <button type="button" className="button button-quiet" onClick={onClose}>
            {t("common.cancel")}
          </button>
          <button type="button" className="button button-primary" onClick={() => void save()} data-testid="family-save">
            {t("editor.save")}
          </button>
        </>
      }
    >
      <div className="editor-form" data-testid="family-editor">
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
      </div>
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
    </Dialog>
  );
}
