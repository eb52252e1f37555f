// The staff's read of an activity for its editor (/activity/edit/info) and of
// a team (/activity/team): every field, the team with its tag groups, tags,
// linked activities and conditions, the relationship rules with their gifts,
// every property row whatever the editor's nationality, the questionnaire
// binding with each question's score, right answer and weight, and the
// activity's conditions. Staff only: the member's /activity/info never
// carries answers or conditions.
import { asc, eq, inArray } from "drizzle-orm";
import { activities, activityProperties, conditions, modules, properties, questionBanks, questionnaireItems, questionOptions, questions, tagActivities, tagGroups, tags, teams } from "../../db/schema";
import { ACTIVITY_STATE } from "../../protocol/enumerations";
import { refuse } from "../../protocol/result";
import type { Ctx, MemberCtx } from "../context";
import { isoOf } from "../shared/fields";
import { optionFields, questionFields } from "../questionnaire/projection";
import { activityFields, labelFields, teamFields } from "./projection";
import { questionnaireOf, relationshipsOf } from "./view";
import { lineCounts } from "../waitlist/service";
import { commitmentFor } from "../lottery/views";

type Reads = Pick<Ctx, "db">;

const reasonView = (c: typeof conditions.$inferSelect) => ({ id: c.id, type: { id: c.type }, property: { id: c.propertyId }, compareMode: { id: c.compareMode }, value: c.value });

/** A team as its editor shows it: fields, tag groups with tags and linked activities (with names), its activities and conditions. */
export async function teamEditView(ctx: Reads, teamId: number) {
  const { db } = ctx;
  const [team] = await db.select().from(teams).where(eq(teams.id, teamId));
  if (!team) return null;
  const groups = await db.select().from(tagGroups).where(eq(tagGroups.teamId, teamId)).orderBy(asc(tagGroups.sortIndex), asc(tagGroups.id));
  const tagRows = groups.length ? await db.select().from(tags).where(inArray(tags.groupId, groups.map((g) => g.id))).orderBy(asc(tags.sortIndex), asc(tags.id)) : [];
  const links = tagRows.length
    ? await db
        .select({ tagId: tagActivities.tagId, id: activities.id, nameZh: activities.nameZh, nameEn: activities.nameEn, signEnd: activities.signEnd, state: activities.state })
        .from(tagActivities)
        .innerJoin(activities, eq(activities.id, tagActivities.activityId))
        .where(inArray(tagActivities.tagId, tagRows.map((t) => t.id)))
        .orderBy(asc(activities.id))
    : [];
  const members = await db
    .select({ id: activities.id, nameZh: activities.nameZh, nameEn: activities.nameEn, isMain: activities.isMain, state: activities.state })
    .from(activities)
    .where(eq(activities.teamId, teamId))
    .orderBy(asc(activities.id));
  const reasons = await db.select().from(conditions).where(eq(conditions.teamId, teamId)).orderBy(asc(conditions.id));
  return {
    ...teamFields(team),
    module: { id: team.moduleId },
    index: team.sortIndex,
    sort: team.categoryId ? { id: team.categoryId } : null,
    beforeCheckTag: team.beforeCheckTag,
    groups: groups.map((g) => ({
      ...labelFields(g),
      tags: tagRows
        .filter((t) => t.groupId === g.id)
        .map((t) => ({
          ...labelFields(t),
          activities: links.filter((l) => l.tagId === t.id).map(({ tagId: _, signEnd, state, ...l }) => ({ ...l, signEnd: isoOf(signEnd), state: { id: state } })),
        })),
    })),
    activities: members.map((m) => ({ ...m, state: { id: m.state } })),
    reasons: reasons.map(reasonView),
  };
}

/** The questionnaire binding with every bound question, its options and its score, answer and weight. */
async function queriesOf(ctx: Reads, activityId: number) {
  const { db } = ctx;
  const rows = await db
    .select({ item: questionnaireItems, question: questions })
    .from(questionnaireItems)
    .innerJoin(questions, eq(questions.id, questionnaireItems.questionId))
    .where(eq(questionnaireItems.activityId, activityId))
    .orderBy(asc(questionnaireItems.sortIndex), asc(questions.id));
  // A choice's options, so the answer key is picked from them rather than typed.
  const ids = rows.map((r) => r.question.id);
  const options = ids.length
    ? await db.select().from(questionOptions).where(inArray(questionOptions.questionId, ids)).orderBy(asc(questionOptions.sortIndex), asc(questionOptions.id))
    : [];
  return rows.map(({ item, question: q }) => ({
    query: { ...questionFields(q), options: options.filter((o) => o.questionId === q.id).map(optionFields) },
    weight: item.weight,
    score: item.score,
    answer: item.answer,
    index: item.sortIndex,
  }));
}

/** Every property row, whoever reads (the member's read drops those of the other nationality type). */
async function propertyRowsOf(ctx: Reads, activityId: number) {
  const rows = await ctx.db
    .select({ row: activityProperties, property: properties })
    .from(activityProperties)
    .innerJoin(properties, eq(properties.id, activityProperties.propertyId))
    .where(eq(activityProperties.activityId, activityId))
    .orderBy(asc(activityProperties.sortIndex), asc(properties.id));
  return rows.map(({ row, property: p }) => ({
    property: { id: p.id, titleZh: p.titleZh, titleEn: p.titleEn, type: { id: p.type }, purpose: { id: p.purpose }, isChineseOnly: p.isChineseOnly, isForeignerOnly: p.isForeignerOnly },
    isReadonly: row.isReadonly,
    isMust: row.isMust,
  }));
}

/** /activity/edit/info: the whole activity for its editor. */
export async function editInfo({ ctx, input }: { ctx: MemberCtx; input: { id: number } }) {
  const { db } = ctx;
  const [row] = await db.select({ a: activities, m: modules }).from(activities).innerJoin(modules, eq(modules.id, activities.moduleId)).where(eq(activities.id, input.id));
  if (!row) refuse("ERROR_RESULT_NULL");
  const { a, m } = row;
  const [team, relationships, queryStock, queries, propertyRows, reasons, line] = await Promise.all([
    a.teamId ? teamEditView(ctx, a.teamId) : Promise.resolve(null),
    relationshipsOf(ctx, a.id),
    questionnaireOf(ctx, a.id),
    queriesOf(ctx, a.id),
    propertyRowsOf(ctx, a.id),
    db.select().from(conditions).where(eq(conditions.activityId, a.id)).orderBy(asc(conditions.id)),
    lineCounts(ctx, [a.id]),
  ]);
  const [bank] = queryStock ? await db.select({ id: questionBanks.id, name: questionBanks.name }).from(questionBanks).where(eq(questionBanks.id, queryStock.stock.id)) : [];
  return {
    activity: {
      ...activityFields(a),
      module: { id: m.id, nameZh: m.nameZh, nameEn: m.nameEn, model: { id: m.model }, year: m.year },
      sort: a.categoryId ? { id: a.categoryId } : null,
      waitlist: a.waitlist,
      /** Places by lot (issue 32): the draw's time (null: first come), whether it ran, and its published commitment. */
      drawAt: isoOf(a.drawAt),
      drawnAt: isoOf(a.drawnAt),
      commitment: (await commitmentFor(ctx, a.id)) ?? null,
      /** Who waits in its line, and how many offers hold a place now (of the places taken). */
      waitlistCount: line.get(a.id) ?? { waiting: 0, offered: 0 },
      version: a.version,
      /** Spec 3 section 4.1: relationships and questionnaire are fixed once published. */
      locked: a.state !== ACTIVITY_STATE.ACTIVITY_STATE_PREVIEW,
    },
    team,
    relationships,
    queryStock: queryStock ? { ...queryStock, stock: bank ?? queryStock.stock } : null,
    queries,
    properties: propertyRows,
    activityReasons: reasons.map(reasonView),
    teamReasons: team?.reasons ?? [],
  };
}

/** /activity/team: a team of the module for the editor (to join it, or to see its tags). */
export async function teamInfo({ ctx, input }: { ctx: MemberCtx; input: { id: number } }) {
  const team = await teamEditView(ctx, input.id);
  if (!team) refuse("ERROR_RESULT_NULL");
  return { team };
}
