// Who may come along (spec 2 section 5 "Family picker", spec 3 "Family
// selection at sign-up"): each chosen family member must fit a relationship
// rule (relation, gender, birth-date bounds), no rule may take more than its
// maximum or fewer than its minimum, and a rule with gifts needs a gift
// chosen from its own. Pure.

export type Rule = {
  id: number;
  relationId: number | null;
  gender: number;
  birthFrom: string | null;
  birthTo: string | null;
  allowMin: number;
  allowMax: number;
  calCount: boolean;
  giftIds: number[];
};
export type Kin = { id: number; relationId: number; sex: number; birthday: string | null; identity: string };
export type Choice = { id: number; gift?: number | null };

export type FamilyRefusal =
  | { reason: "unknown"; family: number }
  | { reason: "twice"; family: number }
  | { reason: "rule"; family: number }
  | { reason: "birthday"; family: number }
  | { reason: "max"; rule: number; allowMax: number }
  | { reason: "min"; rule: number; allowMin: number; relation: number | null }
  | { reason: "gift"; family: number };

export type Placed = { kin: Kin; rule: Rule; gift: number | null };

/** Whether the member fits the rule; "birthday" when only a missing birth date stands in the way. */
export function fits(rule: Rule, kin: Kin): "yes" | "no" | "birthday" {
  if (rule.relationId !== null && rule.relationId !== kin.relationId) return "no";
  if (rule.gender !== -1 && rule.gender !== kin.sex) return "no";
  if (rule.birthFrom === null && rule.birthTo === null) return "yes";
  if (!kin.birthday) return "birthday";
  if (rule.birthFrom !== null && kin.birthday < rule.birthFrom) return "no";
  if (rule.birthTo !== null && kin.birthday > rule.birthTo) return "no";
  return "yes";
}

/** The rule a member falls under: the first that fits, in the rules' order. */
export function ruleFor(rules: readonly Rule[], kin: Kin): Rule | "birthday" | null {
  let needsBirthday = false;
  for (const rule of rules) {
    const f = fits(rule, kin);
    if (f === "yes") return rule;
    if (f === "birthday") needsBirthday = true;
  }
  return needsBirthday ? "birthday" : null;
}

export function placeFamily(rules: readonly Rule[], family: readonly Kin[], choices: readonly Choice[]): { ok: true; placed: Placed[] } | ({ ok: false } & FamilyRefusal) {
  const byId = new Map(family.map((k) => [k.id, k]));
  const seen = new Set<string>();
  const placed: Placed[] = [];
  for (const choice of choices) {
    const kin = byId.get(choice.id);
    if (!kin) return { ok: false, reason: "unknown", family: choice.id };
    const identity = kin.identity.toUpperCase();
    if (seen.has(identity)) return { ok: false, reason: "twice", family: choice.id };
    seen.add(identity);
    const rule = ruleFor(rules, kin);
    if (rule === "birthday") return { ok: false, reason: "birthday", family: kin.id };
    if (!rule) return { ok: false, reason: "rule", family: kin.id };
    const gift = choice.gift ?? null;
    if (rule.giftIds.length > 0 ? gift === null || !rule.giftIds.includes(gift) : gift !== null) return { ok: false, reason: "gift", family: kin.id };
    placed.push({ kin, rule, gift });
  }
  for (const rule of rules) {
    const n = placed.filter((p) => p.rule.id === rule.id).length;
    if (n > rule.allowMax) return { ok: false, reason: "max", rule: rule.id, allowMax: rule.allowMax };
    if (n < rule.allowMin) return { ok: false, reason: "min", rule: rule.id, allowMin: rule.allowMin, relation: rule.relationId };
  }
  return { ok: true, placed };
}
