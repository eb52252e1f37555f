// The family members who come along (spec 2 section 4): only those some rule
// of the activity could take, each checked as it is chosen, with a gift where
// the rule offers them; going on needs a complete choice.
import { useSnapshot } from "valtio";
import { placeFamily, ruleFor } from "../../../../src/domains/signup/family";
import { isSuccess } from "../../../../src/protocol/result";
import { api } from "../../../api";
import { showMessage } from "../../../components/message-box";
import { type Translate, pick, useT } from "../../../i18n";
import { session } from "../../../state/session";
import type { FamilyMember } from "../../centre/family-dialog";
import type { Activity } from "../activity-model";
import { type Clan, type Rule, type SignFlowState, asKin, asRule } from "./flow-state";
import type { StepSpec } from "./step-window";

/** Whether the chosen family members make a complete choice; the member is told what is missing. */
async function familyReady(activity: Activity, family: FamilyMember[], clans: Clan[], say: Translate, language: "zh" | "en") {
  const rules = activity.relationships.map(asRule);
  const placed = placeFamily(rules, family.map(asKin), clans);
  if (placed.ok) return true;
  const view = (id: number) => activity.relationships.find((r) => r.id === id)!;
  const name = (r: Rule) => pick(language, r.relationship.nameZh, r.relationship.nameEn);
  if (placed.reason === "min") await showMessage(say("activity.family.tooFew", { relation: name(view(placed.rule)), min: placed.allowMin }));
  else if (placed.reason === "gift") await showMessage(say("activity.family.chooseGift", { name: family.find((f) => f.id === placed.family)?.name ?? "" }));
  else await showMessage(say("result.ERROR_SIGN_FAMILY"));
  return false;
}

function FamilyChoices({ flow }: { flow: SignFlowState }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const { activity, family, draft, setDraft } = flow;
  const clans = draft.clans;
  const onChange = (next: Clan[]) => setDraft({ ...draft, clans: next });
  const rules = activity.relationships.map(asRule);
  const ruleName = (r: Rule) => pick(language, r.relationship.nameZh, r.relationship.nameEn);
  // Pre-filtered as the spec asks: only members some rule could take (a missing birth date is said when chosen).
  const candidates = (family ?? []).filter((f) => ruleFor(rules, asKin(f)) !== null);

  const toggle = async (f: FamilyMember, on: boolean) => {
    if (!on) return onChange(clans.filter((c) => c.id !== f.id));
    const rule = ruleFor(rules, asKin(f));
    if (rule === "birthday") return showMessage(t("activity.family.noBirthday"));
    if (!rule) return showMessage(t("activity.family.noRule", { relations: activity.relationships.map(ruleName).join(" / ") }));
    const chosen = (family ?? []).filter((x) => clans.some((c) => c.id === x.id));
    if (chosen.some((x) => x.identity.toUpperCase() === f.identity.toUpperCase())) return showMessage(t("activity.family.already"));
    const sameRule = chosen.filter((x) => ruleFor(rules, asKin(x)) === rule).length;
    const view = activity.relationships.find((r) => r.id === rule.id)!;
    if (sameRule >= rule.allowMax) return showMessage(t("activity.family.tooMany", { relation: ruleName(view), max: rule.allowMax }));
    const checked = await api.call("/order/family/check", { activity: activity.id, identity: f.identity });
    if (isSuccess(checked) && checked.checked) return showMessage(t("activity.family.already"));
    onChange([...clans, { id: f.id, gift: null }]);
  };

  return (
    <>
      {family === null ? (
        <div className="step-loading" aria-busy="true" />
      ) : (
        <>
          {activity.familyNotice ? <p className="step-notice">{t("activity.family.notice")}</p> : null}
          <p className="muted">
            {t("activity.family.rules", {
              rules: activity.relationships.map((r) => t("activity.family.rule", { relation: ruleName(r), min: r.allowMin, max: r.allowMax })).join(language === "en" ? "; " : "；"),
            })}
          </p>
          {candidates.length === 0 ? <p className="empty-note">{t("activity.family.none")}</p> : null}
          <ul className="sign-choices">
            {candidates.map((f) => {
              const clan = clans.find((c) => c.id === f.id);
              const rule = ruleFor(rules, asKin(f));
              const view = rule && rule !== "birthday" ? activity.relationships.find((r) => r.id === rule.id) : undefined;
              return (
                <li key={f.id} className={clan ? "is-chosen" : undefined}>
                  <label className="sign-choice" data-testid="family-choice">
                    <input type="checkbox" checked={!!clan} onChange={(e) => void toggle(f, e.target.checked)} />
                    <span className="sign-choice-main">
                      <strong>{f.name}</strong>
                      <span className="muted">
                        {pick(language, f.relation.nameZh, f.relation.nameEn)}
                        {f.birthday ? ` · ${f.birthday}` : ""}
                        {view ? ` · ${view.calCount ? t("activity.family.counted") : t("activity.family.notCounted")}` : ""}
                      </span>
                    </span>
                  </label>
                  {clan && view && view.gifts.length > 0 ? (
                    <fieldset className="gift-choice">
                      <legend>{t("activity.family.chooseGift", { name: f.name })}</legend>
                      {view.gifts.map((g) => (
                        <label key={g.id} className={`option${g.remaining === 0 ? " is-disabled" : ""}`}>
                          <input
                            type="radio"
                            name={`gift-${f.id}`}
                            disabled={g.remaining === 0}
                            checked={clan.gift === g.id}
                            onChange={() => onChange(clans.map((c) => (c.id === f.id ? { ...c, gift: g.id } : c)))}
                          />
                          <span>{pick(language, g.nameZh, g.nameEn)}</span>
                          <small className="option-note">{g.remaining === 0 ? t("activity.family.noStock") : g.remaining !== null ? t("activity.quiz.available", { left: g.remaining }) : ""}</small>
                        </label>
                      ))}
                    </fieldset>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </>
  );
}

export const familyStep: StepSpec = {
  title: (_, t) => t("activity.family.title"),
  testId: "family-step",
  Body: FamilyChoices,
  onNext: (flow, t, language) => void familyReady(flow.activity, flow.family ?? [], flow.draft.clans, t, language).then((ok) => ok && flow.next()),
};
