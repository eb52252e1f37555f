// What the activity editor's selects and pickers read: /activity/options
// (the relations, properties, categories and teams of the activity's module
// in one answer) and /activity/simple/find (activities of the module to link
// to a tag, by name).
import { Type as t } from "@sinclair/typebox";
import { and, asc, desc, eq, ilike, ne, or } from "drizzle-orm";
import { activities, categories, modules, properties, relations, teams } from "../../db/schema";
import { ACTIVITY_STATE } from "../../protocol/enumerations";
import { refuse } from "../../protocol/result";
import type { MemberCtx } from "../context";
import { idField, isoOf } from "../shared/fields";

/** A name search lists this many at most. */
export const FIND_LIMIT = 20;

/** `module` narrows to the activity's module (the tag editor always sends it). */
export const simpleFindInput = t.Object({ name: t.String({ maxLength: 100 }), module: t.Optional(idField) });

/** `%` and `_` typed by a person are letters, not wildcards. */
export const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** /activity/simple/find: the (module's) activities (not offline) whose Chinese or English name contains the text, newest first. */
export async function simpleFind({ ctx, input }: { ctx: MemberCtx; input: typeof simpleFindInput.static }) {
  const name = input.name.trim();
  const rows = await ctx.db
    .select({ id: activities.id, nameZh: activities.nameZh, nameEn: activities.nameEn, signEnd: activities.signEnd, state: activities.state, teamId: activities.teamId, moduleId: activities.moduleId })
    .from(activities)
    .where(
      and(
        input.module !== undefined ? eq(activities.moduleId, input.module) : undefined,
        ne(activities.state, ACTIVITY_STATE.ACTIVITY_STATE_OFFLINE),
        name ? or(ilike(activities.nameZh, likeText(name)), ilike(activities.nameEn, likeText(name))) : undefined,
      ),
    )
    .orderBy(desc(activities.id))
    .limit(FIND_LIMIT);
  return { list: rows.map(({ signEnd, state, teamId, moduleId, ...r }) => ({ ...r, signEnd: isoOf(signEnd), state: { id: state }, team: teamId ? { id: teamId } : null, module: { id: moduleId } })) };
}

/** /activity/options: everything the editor's selects offer for this activity. */
export async function editorOptions({ ctx, input }: { ctx: MemberCtx; input: { id: number } }) {
  const { db } = ctx;
  const [a] = await db.select({ moduleId: activities.moduleId }).from(activities).where(eq(activities.id, input.id));
  if (!a) refuse("ERROR_RESULT_NULL");
  const [[module], relationRows, propertyRows, categoryRows, teamRows] = await Promise.all([
    db.select().from(modules).where(eq(modules.id, a.moduleId)),
    db.select().from(relations).orderBy(asc(relations.sortIndex), asc(relations.id)),
    db.select().from(properties).orderBy(asc(properties.sortIndex), asc(properties.id)),
    db.select().from(categories).where(eq(categories.moduleId, a.moduleId)).orderBy(asc(categories.id)),
    db.select().from(teams).where(eq(teams.moduleId, a.moduleId)).orderBy(desc(teams.sortIndex), asc(teams.id)),
  ]);
  return {
    module: { id: module!.id, nameZh: module!.nameZh, nameEn: module!.nameEn, model: { id: module!.model } },
    relations: relationRows.map((r) => ({ id: r.id, nameZh: r.nameZh, nameEn: r.nameEn })),
    properties: propertyRows.map((p) => ({
      id: p.id,
      titleZh: p.titleZh,
      titleEn: p.titleEn,
      type: { id: p.type },
      purpose: { id: p.purpose },
      isChineseOnly: p.isChineseOnly,
      isForeignerOnly: p.isForeignerOnly,
    })),
    sorts: categoryRows.map((c) => ({ id: c.id, nameZh: c.nameZh, nameEn: c.nameEn })),
    teams: teamRows.map((team) => ({ id: team.id, nameZh: team.nameZh, nameEn: team.nameEn, index: team.sortIndex })),
  };
}
