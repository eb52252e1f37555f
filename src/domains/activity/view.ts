// The activity page's data (/activity/info): the activity with its team and
// module, the tag groups of its team, the relationship rules with their
// gifts, the properties it asks for, the questionnaire settings, and the
// member's standing (button or reason). Texts come in pairs and, where the
// spec names one field, in the member's language too.
import { asc, eq, inArray } from "drizzle-orm";
import { activities, gifts, questionnaires, relations, relationshipRules, ruleGifts, tagActivities, tagGroups, tags } from "../../db/schema";
import { ACTIVITY_STATE } from "../../protocol/enumerations";
import type { Ctx, MemberCtx } from "../context";
import { inLanguage } from "../shared/language";
import { cleanRichText } from "../shared/rich-text";
import { activityPropertiesOf, left, type Loaded, type Member, standingOf } from "../signup";
import { entryOf } from "../waitlist/service";
import { lotteryOf } from "../lottery/views";
import { isoOf } from "../shared/fields";
import { activityFields, labelFields, teamFields } from "./projection";


/**
 * The tag groups of a team: each tag's activities, and whether it holds this
 * one, any open one, or only full ones. Members count published activities
 * only; an editor (`seesPreview`) counts the team's previews too, so a team
 * being prepared does not read as ended on its own page.
 */
export async function tagGroupsOf(ctx: Pick<Ctx, "db" | "now">, teamId: number, activityId: number, seesPreview = false) {
  const { db, now } = ctx;
  const groups = await db.select().from(tagGroups).where(eq(tagGroups.teamId, teamId)).orderBy(asc(tagGroups.sortIndex), asc(tagGroups.id));
  if (groups.length === 0) return { groups: [], lastSignEnd: null as Date | null };
  const tagRows = await db.select().from(tags).where(inArray(tags.groupId, groups.map((g) => g.id))).orderBy(asc(tags.sortIndex), asc(tags.id));
  const links = tagRows.length
    ? await db
        .select({ tagId: tagActivities.tagId, id: activities.id, signEnd: activities.signEnd, cap: activities.cap, used: activities.used, state: activities.state })
        .from(tagActivities)
        .innerJoin(activities, eq(activities.id, tagActivities.activityId))
        .where(inArray(tagActivities.tagId, tagRows.map((t) => t.id)))
    : [];
  let lastSignEnd: Date | null = null;
  for (const l of links) if (l.signEnd && (!lastSignEnd || l.signEnd > lastSignEnd)) lastSignEnd = l.signEnd;
  return {
    lastSignEnd,
    groups: groups.map((g) => ({
      ...labelFields(g),
      tags: tagRows
        .filter((t) => t.groupId === g.id)
        .map((t) => {
          const mine = links.filter((l) => l.tagId === t.id && (l.state === ACTIVITY_STATE.ACTIVITY_STATE_NORMAL || (seesPreview && l.state === ACTIVITY_STATE.ACTIVITY_STATE_PREVIEW)));
          const open = mine.filter((l) => !l.signEnd || l.signEnd > now);
          return {
            ...labelFields(t),
            activities: mine.map((l) => ({ id: l.id, signEnd: isoOf(l.signEnd), isFull: left(l.cap, l.used) === 0 })),
            isHas: open.length > 0,
            isThis: mine.some((l) => l.id === activityId),
            isFull: mine.length > 0 && mine.every((l) => left(l.cap, l.used) === 0),
          };
        }),
    })),
  };
}

export async function relationshipsOf(ctx: Pick<Ctx, "db">, activityId: number) {
  const { db } = ctx;
  const rules = await db
    .select({ rule: relationshipRules, relation: relations })
    .from(relationshipRules)
    .leftJoin(relations, eq(relations.id, relationshipRules.relationId))
    .where(eq(relationshipRules.activityId, activityId))
    .orderBy(asc(relationshipRules.sortIndex), asc(relationshipRules.id));
  const giftRows = rules.length
    ? await db
        .select({ ruleId: ruleGifts.ruleId, gift: gifts })
        .from(ruleGifts)
        .innerJoin(gifts, eq(gifts.id, ruleGifts.giftId))
        .where(inArray(ruleGifts.ruleId, rules.map((r) => r.rule.id)))
        .orderBy(asc(gifts.id))
    : [];
  return rules.map(({ rule, relation }) => ({
    id: rule.id,
    relationship: relation ? { id: relation.id, nameZh: relation.nameZh, nameEn: relation.nameEn } : { id: -1, nameZh: "不限", nameEn: "Any" },
    gender: rule.gender,
    ageFamilyMin: rule.birthFrom,
    ageFamilyMax: rule.birthTo,
    allowMin: rule.allowMin,
    allowMax: rule.allowMax,
    calCount: rule.calCount,
    gifts: giftRows
      .filter((g) => g.ruleId === rule.id)
      .map(({ gift }) => ({ id: gift.id, nameZh: gift.nameZh, nameEn: gift.nameEn, face: gift.face, stock: gift.cap, form: gift.used, remaining: left(gift.cap, gift.used) })),
  }));
}

export async function questionnaireOf(ctx: Pick<Ctx, "db">, activityId: number) {
  const { db } = ctx;
  const [q] = await db.select().from(questionnaires).where(eq(questionnaires.activityId, activityId));
  if (!q) return null;
  return {
    id: q.activityId,
    stock: { id: q.bankId },
    type: { id: q.display },
    isTiming: q.isTiming,
    isRandom: q.isRandom,
    count: q.count,
    isScoring: q.isScoring,
    passLine: q.passLine,
    showIndex: q.showIndex,
    showAnswer: q.showAnswer,
  };
}

export async function activityView(ctx: MemberCtx, loaded: Loaded, member: Member) {
  const { activity: a, team, module } = loaded;
  const [standing, groups, relationships, props, queryStock] = await Promise.all([
    standingOf(ctx, loaded, member),
    team ? tagGroupsOf(ctx, team.id, a.id, member.editor) : Promise.resolve({ groups: [], lastSignEnd: null }),
    relationshipsOf(ctx, a.id),
    activityPropertiesOf(ctx, a.id, member),
    questionnaireOf(ctx, a.id),
  ]);
  return {
    ...activityFields(a),
    name: inLanguage(ctx, a.nameZh, a.nameEn),
    module: { id: module.id, nameZh: module.nameZh, nameEn: module.nameEn, name: inLanguage(ctx, module.nameZh, module.nameEn), model: { id: module.model }, year: module.year },
    team: team
      ? {
          ...teamFields(team),
          name: inLanguage(ctx, team.nameZh, team.nameEn),
          // Off once the last tag activity has closed (spec 2 section 4).
          beforeCheckTag: team.beforeCheckTag && groups.lastSignEnd !== null && ctx.now < groups.lastSignEnd,
        }
      : null,
    /** Places left now: the smallest of team, activity and cycle limits (null: no limit). */
    stock: standing.remaining,
    content: cleanRichText(inLanguage(ctx, a.contentZh, a.contentEn)),
    groups: groups.groups,
    relationships,
    properties: props,
    queryStock,
    /** The member's sign-up outcome: SUCCESS shows the button, anything else its reason. */
    check: { code: standing.outcome },
    points: standing.points,
    /** The waiting list: whether its line is open, and the member's place in it or the offer held for them (read only when full). */
    waitlist: { enabled: a.waitlist, entry: a.waitlist || standing.outcome === "ERROR_SIGN_FULL" ? await entryOf(ctx, member.id, a.id) : null },
    /** Places by lot (issue 32): the draw, its commitment (its seed once drawn) and the member's application; null: first come, first served. */
    lottery: await lotteryOf(ctx, a, member.id),
  };
}
