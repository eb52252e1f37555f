// The dashboard's activity panels (spec 3 sections 2.5 and 3 "Dashboard data"):
// how many activities and orders, the activities open for sign-up now with
// their places, sign-ups and page visits, and the past ones 10 to a page.
import { and, count, desc, eq, inArray, isNotNull, lte, or, isNull, gt, sql, type SQL } from "drizzle-orm";
import { activities, orders, visitLog } from "../../db/schema";
import { ACTIVITY_STATE, ORDER_STATE, PAGE } from "../../protocol/enumerations";
import { page } from "../../protocol/result";
import type { Ctx } from "../context";

type Reads = Pick<Ctx, "db" | "now">;
export const PAST_PAGE_SIZE = 10;
/** Ongoing activities shown at most (the panel is a chart, not a list to page through). */
export const ONGOING_MAX = 30;
const SHOWN = [ACTIVITY_STATE.ACTIVITY_STATE_NORMAL, ACTIVITY_STATE.ACTIVITY_STATE_OFFLINE];

/**
 * Visits of each activity's page: the visit report's params are the page's
 * query as JSON text ({"id":"12"}); the id is read with a pattern, so a
 * malformed params text is simply not counted (never a cast that fails).
 */
const visited = sql`(select substring(${visitLog.params} from '"id":"([0-9]{1,9})"')::int as activity_id, count(*)::int as visits
  from ${visitLog} where ${visitLog.page} = ${PAGE.PAGE_ACTIVITY_INFO} group by 1)`;

const row = {
  id: activities.id,
  nameZh: activities.nameZh,
  nameEn: activities.nameEn,
  signStart: activities.signStart,
  signEnd: activities.signEnd,
  totalStock: sql<number | null>`coalesce(${activities.cap}, ${activities.displayStock})`,
  count: activities.used,
  visits: sql<number>`coalesce(v.visits, 0)`.mapWith(Number),
};

type Row = { id: number; nameZh: string; nameEn: string; signStart: Date | null; signEnd: Date | null; totalStock: number | null; count: number; visits: number };
const view = (r: Row) => ({ ...r, signStart: r.signStart?.toISOString() ?? null, signEnd: r.signEnd?.toISOString() ?? null });

async function rows(ctx: Reads, where: SQL | undefined, order: SQL[], limit: number, offset = 0) {
  const list = await ctx.db
    .select(row)
    .from(activities)
    .leftJoin(sql`${visited} v`, sql`v.activity_id = ${activities.id}`)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return list.map(view);
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
