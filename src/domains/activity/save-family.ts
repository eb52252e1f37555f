// The relationship rules of /activity/update (spec 3 sections 2.2
// "Relationship (family rule) dialog", 3 "Relationship rule", 5
// "Relationship rule" and "Gift"): who may come along, how many, whether
// they take a place, and the gifts they may choose. Locked once the activity
// is published (spec 3 section 4.1): the verb compares what was sent with
// what is stored.
import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import { gifts, relations, relationshipRules, ruleGifts } from "../../db/schema";
import { MAX_FAMILY } from "../../protocol/limits";
import { refuseField } from "../../protocol/result";
import type { Ctx } from "../context";
import type { RelationshipFields } from "./editor-input";
import { countOf, dayOf } from "./editor-rules";

type Reads = Pick<Ctx, "db">;

const GENDERS = new Set([-1, 0, 1]);

/** Each rule checked in the dialog's order; the first wrong part is ERROR_PARAMS { field: "relationships", index, part }. */
export async function checkRelationships(ctx: Reads, rules: readonly RelationshipFields[]) {
  const { db } = ctx;
  const relationIds = [...new Set(rules.map((r) => r.relationship.id).filter((id) => id !== -1))];
  const knownRelations = new Set(relationIds.length ? (await db.select({ id: relations.id }).from(relations).where(inArray(relations.id, relationIds))).map((r) => r.id) : []);
  const giftIds = [...new Set(rules.flatMap((r) => r.gifts.flatMap((g) => (g.id === null ? [] : [g.id]))))];
  const knownGifts = new Set(giftIds.length ? (await db.select({ id: gifts.id }).from(gifts).where(inArray(gifts.id, giftIds))).map((g) => g.id) : []);
  const seen = new Set<number | null>();
  return rules.map((r, index) => {
    const relationId = r.relationship.id === -1 ? null : r.relationship.id;
    if (relationId !== null && !knownRelations.has(relationId)) refuseField("relationships", { index, part: "relationship" });
    // "Any" only when no other rule exists; the same relationship never twice.
    if ((relationId === null && rules.length > 1) || (relationId !== null && seen.has(null))) refuseField("relationships", { index, part: "any" });
    if (seen.has(relationId)) refuseField("relationships", { index, part: "twice" });
    seen.add(relationId);
    if (!GENDERS.has(r.gender)) refuseField("relationships", { index, part: "gender" });
    const birthFrom = dayOf(r.ageFamilyMin, "relationships", { index, part: "ageFamilyMin" });
    const birthTo = dayOf(r.ageFamilyMax, "relationships", { index, part: "ageFamilyMax" });
    if (birthFrom && birthTo && birthFrom > birthTo) refuseField("relationships", { index, part: "ageFamilyMax" });
    const allowMin = countOf(r.allowMin, "relationships", { params: { index, part: "allowMin" } })!;
    const allowMax = countOf(r.allowMax, "relationships", { min: 1, params: { index, part: "allowMax" } })!;
    if (allowMax < allowMin || allowMax > MAX_FAMILY) refuseField("relationships", { index, part: "allowMax" });
    const chosen = new Set<number>();
    for (const g of r.gifts) {
      // "请先选择礼品"
      if (g.id === null) return refuseField("relationships", { index, part: "noGift" });
      if (!knownGifts.has(g.id)) refuseField("relationships", { index, part: "gift", gift: g.id });
      // "该家属已关联此礼品"
      if (chosen.has(g.id)) refuseField("relationships", { index, part: "giftTwice", gift: g.id });
      chosen.add(g.id);
    }
    return { id: r.id ?? null, relationId, gender: r.gender, birthFrom, birthTo, allowMin, allowMax, calCount: r.calCount, giftIds: [...chosen] };
  });
}

export type CheckedRelationships = Awaited<ReturnType<typeof checkRelationships>>;

/** The stored rules in the same shape, to tell whether a published activity's rules were changed. */
export async function storedRelationships(ctx: Reads, activityId: number): Promise<CheckedRelationships> {
  const { db } = ctx;
  const rules = await db.select().from(relationshipRules).where(eq(relationshipRules.activityId, activityId)).orderBy(asc(relationshipRules.sortIndex), asc(relationshipRules.id));
  const links = rules.length ? await db.select().from(ruleGifts).where(inArray(ruleGifts.ruleId, rules.map((r) => r.id))) : [];
  return rules.map((r) => ({
    id: r.id,
    relationId: r.relationId,
    gender: r.gender,
    birthFrom: r.birthFrom,
    birthTo: r.birthTo,
    allowMin: r.allowMin,
    allowMax: r.allowMax,
    calCount: r.calCount,
    giftIds: links.filter((l) => l.ruleId === r.id).map((l) => l.giftId),
  }));
}

/** Whether two sets of rules say the same (ids and the order of gifts aside). */
export function sameRelationships(a: CheckedRelationships, b: CheckedRelationships): boolean {
  const key = (rules: CheckedRelationships) => JSON.stringify(rules.map(({ id: _, giftIds, ...rest }) => ({ ...rest, giftIds: [...giftIds].sort((x, y) => x - y) })));
  return key(a) === key(b);
}

/** The activity's rules become the checked ones; a rule sent with its id keeps it (orders' family rows point to it). */
export async function writeRelationships(ctx: Pick<Ctx, "db">, activityId: number, rules: CheckedRelationships) {
  const { db } = ctx;
  const existing = new Set((await db.select({ id: relationshipRules.id }).from(relationshipRules).where(eq(relationshipRules.activityId, activityId))).map((r) => r.id));
  const keep = rules.flatMap((r) => (r.id !== null && existing.has(r.id) ? [r.id] : []));
  await db.delete(relationshipRules).where(and(eq(relationshipRules.activityId, activityId), keep.length ? notInArray(relationshipRules.id, keep) : undefined));
  for (const [i, r] of rules.entries()) {
    const fields = { relationId: r.relationId, gender: r.gender, birthFrom: r.birthFrom, birthTo: r.birthTo, allowMin: r.allowMin, allowMax: r.allowMax, calCount: r.calCount, sortIndex: i + 1 };
    let ruleId: number;
    if (r.id !== null && existing.has(r.id)) {
      ruleId = r.id;
      await db.update(relationshipRules).set(fields).where(eq(relationshipRules.id, ruleId));
      await db.delete(ruleGifts).where(eq(ruleGifts.ruleId, ruleId));
    } else {
      ruleId = (await db.insert(relationshipRules).values({ activityId, ...fields }).returning({ id: relationshipRules.id }))[0]!.id;
    }
    if (r.giftIds.length) await db.insert(ruleGifts).values(r.giftIds.map((giftId) => ({ ruleId, giftId })));
  }
}
