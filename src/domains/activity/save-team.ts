// The team part of /activity/update (spec 3 sections 2.2 "Activity group
// (team) editor", "Tag group editor", and 5 "Tag", "Activity group"): the
// team the activity is in (stay, join another of its module, start a new
// one, or leave), its fields, and its tag groups with their tags and linked
// activities. Checked on the pool before the transaction; written inside it
// with the team row locked first (the lock order of sign-up's places).
import { and, eq, inArray, ne, notInArray } from "drizzle-orm";
import { activities, categories, tagActivities, tagGroups, tags, teams } from "../../db/schema";
import { refuseField } from "../../protocol/result";
import type { Ctx } from "../context";
import { isImagePath } from "../file/service";
import type { GroupFields, TeamFields } from "./editor-input";
import { countOf, labelOf, truncatedOf } from "./editor-rules";

type Reads = Pick<Ctx, "db">;
type ActivityRow = typeof activities.$inferSelect;

/** The team's fields checked: names unique among the module's teams, the display order truncated, the quota switch. */
export async function checkTeam(ctx: Reads, team: TeamFields, activity: ActivityRow) {
  const { db } = ctx;
  if (team.id !== undefined) {
    const [row] = await db.select({ moduleId: teams.moduleId }).from(teams).where(eq(teams.id, team.id));
    if (!row || row.moduleId !== activity.moduleId) refuseField("team");
  }
  const nameZh = labelOf(team.nameZh, "team.nameZh");
  const nameEn = labelOf(team.nameEn, "team.nameEn");
  const others = await db
    .select({ nameZh: teams.nameZh, nameEn: teams.nameEn })
    .from(teams)
    .where(and(eq(teams.moduleId, activity.moduleId), team.id === undefined ? undefined : ne(teams.id, team.id)));
  if (others.some((o) => o.nameZh === nameZh)) refuseField("team.nameZh", { reason: "duplicate" });
  if (others.some((o) => o.nameEn === nameEn)) refuseField("team.nameEn", { reason: "duplicate" });
  const sortIndex = truncatedOf(team.index, "team.index");
  const cap = countOf(team.formStock, "team.formStock", { empty: true });
  // The total-quota switch: off, neither quota means anything.
  const showStock = cap === null ? null : countOf(team.showStock, "team.showStock", { empty: true });
  let categoryId: number | null | undefined;
  if (team.sort !== undefined) {
    categoryId = team.sort?.id ?? null;
    if (categoryId !== null) {
      const [c] = await db.select({ moduleId: categories.moduleId }).from(categories).where(eq(categories.id, categoryId));
      if (!c || c.moduleId !== activity.moduleId) refuseField("team.sort");
    }
  }
  if (team.face !== undefined && team.face !== null && !isImagePath(team.face)) refuseField("team.face");
  return {
    id: team.id ?? null,
    fields: {
      nameZh,
      nameEn,
      sortIndex,
      cap,
      showStock,
      signOnly: team.signOnly,
      beforeCheckTag: team.beforeCheckTag,
      ...(categoryId !== undefined ? { categoryId } : {}),
      ...(team.face !== undefined ? { face: team.face } : {}),
    },
  };
}

export type CheckedTeam = Awaited<ReturnType<typeof checkTeam>>;

/**
 * Tag groups (spec 3 section 5): names required and unique, each group with
 * tags, each tag with linked activities of the module, an activity at most
 * once in a group, and at least one tag linking the activity being saved.
 */
export async function checkGroups(ctx: Reads, groups: readonly GroupFields[], activity: ActivityRow) {
  const linked = [...new Set(groups.flatMap((g) => g.tags.flatMap((tag) => tag.activities.map((a) => a.id))))];
  const known = linked.length
    ? new Set(
        (await ctx.db.select({ id: activities.id }).from(activities).where(and(inArray(activities.id, linked), eq(activities.moduleId, activity.moduleId)))).map((r) => r.id),
      )
    : new Set<number>();
  const seenGroup = { zh: new Set<string>(), en: new Set<string>() };
  let linksThis = false;
  const checked = groups.map((g, group) => {
    const nameZh = labelOf(g.nameZh, "groups", { group, part: "nameZh" });
    const nameEn = labelOf(g.nameEn, "groups", { group, part: "nameEn" });
    if (seenGroup.zh.has(nameZh) || seenGroup.en.has(nameEn)) refuseField("groups", { group, part: "duplicate" });
    seenGroup.zh.add(nameZh);
    seenGroup.en.add(nameEn);
    if (g.tags.length === 0) refuseField("groups", { group, part: "tags" });
    const seenTag = { zh: new Set<string>(), en: new Set<string>() };
    const inGroup = new Set<number>();
    const tagList = g.tags.map((tag, index) => {
      const where = { group, tag: index };
      const tagZh = labelOf(tag.nameZh, "tags", { ...where, part: "nameZh" });
      const tagEn = labelOf(tag.nameEn, "tags", { ...where, part: "nameEn" });
      if (seenTag.zh.has(tagZh) || seenTag.en.has(tagEn)) refuseField("tags", { ...where, part: "duplicate" });
      seenTag.zh.add(tagZh);
      seenTag.en.add(tagEn);
      if (tag.activities.length === 0) refuseField("tags", { ...where, part: "activities" });
      const ids = tag.activities.map((a) => a.id);
      for (const id of ids) {
        if (!known.has(id)) refuseField("tags", { ...where, part: "activity", activity: id });
        if (inGroup.has(id)) refuseField("tags", { ...where, part: "twice", activity: id });
        inGroup.add(id);
      }
      if (ids.includes(activity.id)) linksThis = true;
      return { id: tag.id ?? null, nameZh: tagZh, nameEn: tagEn, activityIds: ids };
    });
    return { id: g.id ?? null, nameZh, nameEn, tags: tagList };
  });
  if (checked.length > 0 && !linksThis) refuseField("groups", { part: "this" });
  return checked;
}

export type CheckedGroups = Awaited<ReturnType<typeof checkGroups>>;

/** The team row, locked (the first lock of the save, as of a sign-up), with the cap checked against the places it holds. */
export async function writeTeam(ctx: Pick<Ctx, "db">, team: CheckedTeam, moduleId: number): Promise<number> {
  const { db } = ctx;
  if (team.id === null) {
    const [row] = await db
      .insert(teams)
      .values({ moduleId, ...team.fields })
      .returning({ id: teams.id });
    return row!.id;
  }
  const [locked] = await db.select({ used: teams.used }).from(teams).where(eq(teams.id, team.id)).for("update");
  if (!locked) return refuseField("team");
  // Never below the places already taken: a clear refusal rather than the check constraint's.
  if (team.fields.cap !== null && team.fields.cap < locked.used) refuseField("team.formStock", { reason: "used", used: locked.used });
  await db.update(teams).set(team.fields).where(eq(teams.id, team.id));
  return team.id;
}

/** Replaces the team's tag groups and tags with the checked ones: rows keep their ids where sent, numbered from 1 in the order given. */
export async function writeGroups(ctx: Pick<Ctx, "db">, teamId: number, groups: CheckedGroups) {
  const { db } = ctx;
  const existing = await db.select({ id: tagGroups.id }).from(tagGroups).where(eq(tagGroups.teamId, teamId));
  const mine = new Set(existing.map((g) => g.id));
  const keep = groups.flatMap((g) => (g.id !== null && mine.has(g.id) ? [g.id] : []));
  await db.delete(tagGroups).where(and(eq(tagGroups.teamId, teamId), keep.length ? notInArray(tagGroups.id, keep) : undefined));
  for (const [gi, g] of groups.entries()) {
    let groupId: number;
    if (g.id !== null && mine.has(g.id)) {
      groupId = g.id;
      await db.update(tagGroups).set({ nameZh: g.nameZh, nameEn: g.nameEn, sortIndex: gi + 1 }).where(eq(tagGroups.id, groupId));
    } else {
      groupId = (await db.insert(tagGroups).values({ teamId, nameZh: g.nameZh, nameEn: g.nameEn, sortIndex: gi + 1 }).returning({ id: tagGroups.id }))[0]!.id;
    }
    const tagRows = await db.select({ id: tags.id }).from(tags).where(eq(tags.groupId, groupId));
    const ownTags = new Set(tagRows.map((t) => t.id));
    const keepTags = g.tags.flatMap((t) => (t.id !== null && ownTags.has(t.id) ? [t.id] : []));
    await db.delete(tags).where(and(eq(tags.groupId, groupId), keepTags.length ? notInArray(tags.id, keepTags) : undefined));
    for (const [ti, tag] of g.tags.entries()) {
      let tagId: number;
      if (tag.id !== null && ownTags.has(tag.id)) {
        tagId = tag.id;
        await db.update(tags).set({ nameZh: tag.nameZh, nameEn: tag.nameEn, sortIndex: ti + 1 }).where(eq(tags.id, tagId));
        await db.delete(tagActivities).where(eq(tagActivities.tagId, tagId));
      } else {
        tagId = (await db.insert(tags).values({ groupId, nameZh: tag.nameZh, nameEn: tag.nameEn, sortIndex: ti + 1 }).returning({ id: tags.id }))[0]!.id;
      }
      await db.insert(tagActivities).values(tag.activityIds.map((activityId) => ({ tagId, activityId })));
    }
  }
}
