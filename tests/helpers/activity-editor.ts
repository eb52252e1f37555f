// The activity editor's calls as a test makes them: read the staff view,
// turn it into the /activity/update payload (what the editor's windows send
// back), change a part, save.
import { activityPartOf } from "../../src/protocol/activity-part";
import type { ApiClient } from "../../src/protocol/client";

export type Answer = { message: { code: string; params?: Record<string, any> } } & Record<string, any>;

export const editInfo = async (who: ApiClient, id: number) => {
  const answer = await who.call<Answer>("/activity/edit/info", { id });
  if (answer.message.code !== "SUCCESS") throw new Error(`edit/info ${id}: ${answer.message.code}`);
  return answer;
};

/** The basic-info part of the payload from the staff read, with its category. */
export const activityPart = (a: Record<string, any>) => ({ ...activityPartOf(a), sort: a.sort });

/** The whole payload, every part as read. */
export function wholePayload(info: Answer) {
  const team = info.team;
  return {
    activity: activityPart(info.activity),
    team: team
      ? {
          id: team.id,
          nameZh: team.nameZh,
          nameEn: team.nameEn,
          index: team.index,
          sort: team.sort,
          showStock: team.showStock,
          formStock: team.formStock,
          signOnly: team.signOnly,
          beforeCheckTag: team.beforeCheckTag,
        }
      : null,
    groups: team
      ? team.groups.map((g: any) => ({ id: g.id, nameZh: g.nameZh, nameEn: g.nameEn, tags: g.tags.map((tag: any) => ({ id: tag.id, nameZh: tag.nameZh, nameEn: tag.nameEn, activities: tag.activities.map((a: any) => ({ id: a.id })) })) }))
      : undefined,
    relationships: info.relationships.map((r: any) => ({
      id: r.id,
      relationship: { id: r.relationship.id },
      gender: r.gender,
      ageFamilyMin: r.ageFamilyMin,
      ageFamilyMax: r.ageFamilyMax,
      allowMin: r.allowMin,
      allowMax: r.allowMax,
      calCount: r.calCount,
      gifts: r.gifts.map((g: any) => ({ id: g.id })),
    })),
    queryStock: info.queryStock
      ? {
          stock: { id: info.queryStock.stock.id },
          type: info.queryStock.type,
          isTiming: info.queryStock.isTiming,
          isRandom: info.queryStock.isRandom,
          count: info.queryStock.count,
          isScoring: info.queryStock.isScoring,
          passLine: info.queryStock.passLine,
          showIndex: info.queryStock.showIndex,
          showAnswer: info.queryStock.showAnswer,
        }
      : null,
    queries: info.queries.map((q: any) => ({ query: { id: q.query.id }, weight: q.weight, score: q.score, answer: q.answer })),
    properties: info.properties.map((p: any) => ({ property: { id: p.property.id }, isReadonly: p.isReadonly, isMust: p.isMust })),
    activityReasons: info.activityReasons.map((r: any) => ({ type: r.type, property: r.property, compareMode: r.compareMode, value: r.value })),
    teamReasons: team ? info.teamReasons.map((r: any) => ({ type: r.type, property: r.property, compareMode: r.compareMode, value: r.value })) : undefined,
  };
}

/** Saves the activity with only its basic info changed. */
export async function saveBasics(who: ApiClient, id: number, change: Record<string, unknown>) {
  const info = await editInfo(who, id);
  return who.call<Answer>("/activity/update", { activity: { ...activityPart(info.activity), ...change } });
}
