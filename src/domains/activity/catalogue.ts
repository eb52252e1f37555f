// The activity index, module pages and activity lists (spec 2 section 2),
// and the calls of the activity page: info, the sign-up check and the
// questionnaire draw.
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { activities, conditions, modules, questionnaires, quizDraws, teams } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { ACTIVITY_STATE, CONDITION_TYPE } from "../../protocol/enumerations";
import { refuse } from "../../protocol/result";
import type { Ctx, MemberCtx } from "../context";
import { inLanguage } from "../shared/language";
import { allMet, type Condition, drawQuestions, left, loadActivity, memberOf, type Member, optionState, quizItemsOf, standingOf, visible, visibleTo } from "../signup";
import { optionFields, questionFields } from "../questionnaire/projection";
import { activityView } from "./view";
import { isoOf } from "../shared/fields";

type ModuleRow = typeof modules.$inferSelect;

export function moduleView(ctx: MemberCtx, m: ModuleRow) {
  return {
    id: m.id,
    nameZh: m.nameZh,
    nameEn: m.nameEn,
    name: inLanguage(ctx, m.nameZh, m.nameEn),
    year: m.year,
    model: { id: m.model },
    face: m.face,
    isTitle: m.isTitle,
    showStart: isoOf(m.showStart),
    showEnd: isoOf(m.showEnd),
    titleFace: m.titleFace,
    showTitle: m.showTitle,
  };
}

/** A module's conditions as the condition editor shows them (staff only: they tell who may see what). */
export async function moduleReasons(ctx: Pick<Ctx, "db">, moduleId: number) {
  const { db } = ctx;
  const rows = await db.select().from(conditions).where(eq(conditions.moduleId, moduleId)).orderBy(asc(conditions.id));
  return rows.map((c) => ({ id: c.id, type: { id: c.type }, property: { id: c.propertyId }, compareMode: { id: c.compareMode }, value: c.value }));
}

async function conditionsOf(ctx: MemberCtx, column: typeof conditions.moduleId | typeof conditions.teamId, ids: number[]) {
  if (ids.length === 0) return new Map<number, Condition[]>();
  const rows = await ctx.db.select().from(conditions).where(inArray(column, ids));
  const by = new Map<number, Condition[]>();
  for (const r of rows) {
    const owner = (column === conditions.moduleId ? r.moduleId : r.teamId)!;
    by.set(owner, [...(by.get(owner) ?? []), r]);
  }
  return by;
}

/** Modules whose "show" conditions the member meets (editors see all), newest year first. */
export async function visibleModules(ctx: MemberCtx, member: Member, where?: ReturnType<typeof eq>) {
  const rows = await ctx.db.select().from(modules).where(where).orderBy(desc(modules.year), asc(modules.id));
  if (member.editor) return rows;
  const conds = await conditionsOf(ctx, conditions.moduleId, rows.map((m) => m.id));
  return rows.filter((m) => allMet(conds.get(m.id) ?? [], CONDITION_TYPE.CONDITION_TYPE_SHOW, member.values));
}

export async function listModules({ ctx }: { ctx: MemberCtx }) {
  const member = await memberOf(ctx, ctx.actor);
  return { list: (await visibleModules(ctx, member)).map((m) => moduleView(ctx, m)) };
}

export async function moduleInfo({ ctx, input }: { ctx: MemberCtx; input: { id: number } }) {
  const member = await memberOf(ctx, ctx.actor);
  const [m] = await visibleModules(ctx, member, eq(modules.id, input.id));
  if (!m) refuse("ERROR_RESULT_NULL");
  // Who may see the module is staff's business: its conditions go to editors only (the module editor's condition list).
  return { module: moduleView(ctx, m), reasons: member.editor ? await moduleReasons(ctx, m.id) : undefined };
}

/**
 * Activity tiles: an activity without a team is its own tile; a team is one
 * tile (its cover and name) opening its default activity, else its first.
 */
async function tiles(ctx: MemberCtx, member: Member, where: ReturnType<typeof and>) {
  const rows = await ctx.db
    .select({ activity: activities, team: teams })
    .from(activities)
    .leftJoin(teams, eq(teams.id, activities.teamId))
    .where(where)
    // A team's display order, descending (spec 3 section 2.2); an activity without a team counts as 0.
    .orderBy(desc(sql`coalesce(${teams.sortIndex}, 0)`), asc(activities.id));
  const moduleConds = await conditionsOf(ctx, conditions.moduleId, [...new Set(rows.map((r) => r.activity.moduleId))]);
  const teamConds = await conditionsOf(ctx, conditions.teamId, [...new Set(rows.flatMap((r) => (r.team ? [r.team.id] : [])))]);
  const actConds = new Map<number, Condition[]>();
  if (rows.length) {
    for (const c of await ctx.db.select().from(conditions).where(inArray(conditions.activityId, rows.map((r) => r.activity.id))))
      actConds.set(c.activityId!, [...(actConds.get(c.activityId!) ?? []), c]);
  }
  const shown = rows.filter((r) =>
    visible(
      {
        activity: r.activity,
        conditions: [...(moduleConds.get(r.activity.moduleId) ?? []), ...(r.team ? (teamConds.get(r.team.id) ?? []) : []), ...(actConds.get(r.activity.id) ?? [])],
      },
      member,
      ctx.now,
    ),
  );
  // A tile is sold out when no place is left: its own (or its team's) cap reached; a team's tile when every one of its activities is.
  const full = (r: (typeof shown)[number]) => left(r.activity.cap, r.activity.used) === 0 || (!!r.team && left(r.team.cap, r.team.used) === 0);
  const teamFull = new Map<number, boolean>();
  for (const r of shown) if (r.team) teamFull.set(r.team.id, (teamFull.get(r.team.id) ?? true) && full(r));
  const list: (typeof shown)[number][] = [];
  const teamSlot = new Map<number, number>();
  for (const r of shown) {
    if (!r.team) {
      list.push(r);
      continue;
    }
    const at = teamSlot.get(r.team.id);
    if (at === undefined) {
      teamSlot.set(r.team.id, list.length);
      list.push(r);
    } else if (r.activity.isMain && !list[at]!.activity.isMain) list[at] = r;
  }
  return list.map(({ activity: a, team }) => ({
    id: a.id,
    nameZh: team?.nameZh ?? a.nameZh,
    nameEn: team?.nameEn ?? a.nameEn,
    name: inLanguage(ctx, team?.nameZh ?? a.nameZh, team?.nameEn ?? a.nameEn),
    face: team?.face ?? a.face,
    team: team ? { id: team.id, nameZh: team.nameZh, nameEn: team.nameEn } : null,
    module: { id: a.moduleId },
    /** The market's category bar filters by it: the team's category for a team's tile, else the activity's. */
    category: team ? team.categoryId : a.categoryId,
    state: { id: a.state },
    /** When and where it takes place, if the editor said (a team's tile: its shown activity's). */
    eventStart: isoOf(a.eventStart),
    eventEnd: isoOf(a.eventEnd),
    placeZh: a.placeZh,
    placeEn: a.placeEn,
    signStart: isoOf(a.signStart),
    signEnd: isoOf(a.signEnd),
    price: a.price,
    integral: a.integral,
    soldOut: team ? (teamFull.get(team.id) ?? false) : full({ activity: a, team }),
  }));
}

export async function listActivities({ ctx, input }: { ctx: MemberCtx; input: { module: number } }) {
  const member = await memberOf(ctx, ctx.actor);
  const [m] = await visibleModules(ctx, member, eq(modules.id, input.module));
  if (!m) refuse("ERROR_RESULT_NULL");
  return { module: moduleView(ctx, m), list: await tiles(ctx, member, and(eq(activities.moduleId, m.id))) };
}

/** Every activity the member may see (home shows the first three). */
export async function allActivities({ ctx }: { ctx: MemberCtx }) {
  const member = await memberOf(ctx, ctx.actor);
  return { list: await tiles(ctx, member, and(eq(activities.state, ACTIVITY_STATE.ACTIVITY_STATE_NORMAL))) };
}

/** Those open for sign-up now (the home carousel's current activities). */
export async function currentActivities({ ctx }: { ctx: MemberCtx }) {
  const member = await memberOf(ctx, ctx.actor);
  const list = await tiles(ctx, member, and(eq(activities.state, ACTIVITY_STATE.ACTIVITY_STATE_NORMAL)));
  const now = ctx.now.getTime();
  return { list: list.filter((a) => a.signStart && Date.parse(a.signStart) <= now && (!a.signEnd || Date.parse(a.signEnd) > now)) };
}

async function visibleActivity(ctx: MemberCtx, id: number) {
  const [loaded, member] = await Promise.all([loadActivity(ctx, id), memberOf(ctx, ctx.actor)]);
  if (!loaded || !visible(loaded, member, ctx.now)) refuse("ERROR_RESULT_NULL");
  return { loaded, member };
}

export async function activityInfo({ ctx, input }: { ctx: MemberCtx; input: { id: number } }) {
  const { loaded, member } = await visibleActivity(ctx, input.id);
  return { activity: await activityView(ctx, loaded, member) };
}

/** The sign-up check of the activity page: SUCCESS, or the outcome that stands in the way. */
export async function powerCheck({ ctx, input }: { ctx: MemberCtx; input: { id: number } }) {
  const { loaded, member } = await visibleActivity(ctx, input.id);
  const standing = await standingOf(ctx, loaded, member);
  return { check: { code: standing.outcome }, stock: standing.remaining };
}

/**
 * Starts a questionnaire attempt: the questions this member is asked (those
 * of their nationality type; a random subset drawn by weight when the
 * questionnaire says so), with each option's availability. The draw is
 * recorded, so the sign-up answers exactly these and its time is measured
 * by the server. Right answers are never sent before the sign-up.
 */
export async function drawQuiz({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: { activity: number } }) {
  const { loaded, member } = await visibleActivity(ctx, input.activity);
  const [settings] = await ctx.db.select().from(questionnaires).where(eq(questionnaires.activityId, loaded.activity.id));
  if (!settings) refuse("ERROR_RESULT_NULL");
  const mine = (await quizItemsOf(ctx, loaded.activity.id)).filter((i) => visibleTo(i.question, member.foreigner));
  const asked = settings.isRandom ? drawQuestions(mine, settings.count) : mine;
  const [draw] = await ctx.db
    .insert(quizDraws)
    .values({ userId: member.id, activityId: loaded.activity.id, questionIds: asked.map((i) => i.question.id), startedAt: ctx.now })
    .returning({ id: quizDraws.id });
  return {
    draw: draw!.id,
    startedAt: ctx.now.toISOString(),
    queries: asked.map(({ score, question: q }, index) => ({
      index: index + 1,
      score,
      query: {
        ...questionFields(q),
        title: inLanguage(ctx, q.titleZh, q.titleEn),
        options: q.options.map((o) => ({ ...optionFields(o), text: inLanguage(ctx, o.textZh, o.textEn), state: optionState(o, ctx.now) })),
      },
    })),
  };
}
