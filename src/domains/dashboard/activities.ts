// The dashboard's activity panels (spec 3 sections 2.5 and 3 "Dashboard data"):
// how many activities and orders, the activities open for sign-up now with
// their places, sign-ups and page visits, and the past ones 10 to a page.
import { and, count, desc, eq, inArray, isNotNull, lte, or, isNull, gt, sql, type SQL } from "drizzle-orm";
import { activities, activityVisits, modules, orders } from "../../db/schema";
import { ACTIVITY_STATE, MODULE_MODEL, ORDER_STATE } from "../../protocol/enumerations";
import { page } from "../../protocol/result";
import type { Ctx } from "../context";

type Reads = Pick<Ctx, "db" | "now">;
export const PAST_PAGE_SIZE = 10;
/** Ongoing activities shown at most (the panel is a chart, not a list to page through). */
export const ONGOING_MAX = 30;
const SHOWN = [ACTIVITY_STATE.ACTIVITY_STATE_NORMAL, ACTIVITY_STATE.ACTIVITY_STATE_OFFLINE];

/** Visits of the listed activities' pages, from the counters /system/visit keeps (src/domains/visit/service.ts). */
async function visitsOf(ctx: Reads, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select({ id: activityVisits.activityId, n: sql<number>`sum(${activityVisits.visits})`.mapWith(Number) })
    .from(activityVisits)
    .where(inArray(activityVisits.activityId, [...ids]))
    .groupBy(activityVisits.activityId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

const row = {
  id: activities.id,
  nameZh: activities.nameZh,
  nameEn: activities.nameEn,
  signStart: activities.signStart,
  signEnd: activities.signEnd,
  totalStock: sql<number | null>`coalesce(${activities.cap}, ${activities.displayStock})`,
  count: activities.used,
  /** A gift of the market (a market module's item), which the dashboard shows apart from activities (issue 29). */
  market: sql<boolean>`${modules.model} = ${MODULE_MODEL.MODULE_MODEL_MARKET}`.mapWith(Boolean),
};

type Row = { id: number; nameZh: string; nameEn: string; signStart: Date | null; signEnd: Date | null; totalStock: number | null; count: number; market: boolean };
const view = (r: Row, visits: number) => ({ ...r, signStart: r.signStart?.toISOString() ?? null, signEnd: r.signEnd?.toISOString() ?? null, visits });

async function rows(ctx: Reads, where: SQL | undefined, order: SQL[], limit: number, offset = 0) {
  const list = await ctx.db
    .select(row)
    .from(activities)
    .innerJoin(modules, eq(modules.id, activities.moduleId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const visits = await visitsOf(ctx, list.map((a) => a.id));
  return list.map((a) => view(a, visits.get(a.id) ?? 0));
}

/** /system/find/activity/count: published activities and successful orders. */
export async function activityCount({ ctx }: { ctx: Reads }) {
  const [a] = await ctx.db.select({ n: count() }).from(activities).where(inArray(activities.state, SHOWN));
  const [o] = await ctx.db.select({ n: count() }).from(orders).where(eq(orders.state, ORDER_STATE.ORDER_STATE_SUCCESS));
  return { count: a!.n, order: o!.n };
}

/** Published and open for sign-up at `now` (no end: open). */
const ongoing = (now: Date) =>
  and(
    eq(activities.state, ACTIVITY_STATE.ACTIVITY_STATE_NORMAL),
    or(isNull(activities.signStart), lte(activities.signStart, now)),
    or(isNull(activities.signEnd), gt(activities.signEnd, now)),
  );

/** /system/find/activity/now: the activities open for sign-up, soonest closing first. */
export async function activityNow({ ctx }: { ctx: Reads }) {
  return { list: await rows(ctx, ongoing(ctx.now), [sql`${activities.signEnd} asc nulls last`, sql`${activities.id}`], ONGOING_MAX) };
}

/** Sign-up closed (published or taken offline). */
const past = (now: Date) => and(inArray(activities.state, SHOWN), isNotNull(activities.signEnd), lte(activities.signEnd, now));

/** /system/find/activity/list {index}: past activities, latest closed first, 10 a page. */
export async function activityList({ ctx, input }: { ctx: Reads; input: { index?: number } }) {
  const [total] = await ctx.db.select({ n: count() }).from(activities).where(past(ctx.now));
  const p = page(input.index, total!.n, PAST_PAGE_SIZE);
  const list = await rows(ctx, past(ctx.now), [desc(activities.signEnd), desc(activities.id)], p.size, p.offset);
  return { list, count: p.count, max: p.max, index: p.index };
}
