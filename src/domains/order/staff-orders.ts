// The order search window (spec 3 sections 2.2 and 7, FUNCTION_ACTIVITY_ORDER):
// opened from an activity, it searches the sub-orders of that activity's team
// (every activity of the team; the activity alone when it has none), 23 a
// page, by order number, member (name, phone, e-mail or employee number),
// state, order time and one activity of the team. The export reads the same
// filters (./order-export.ts).
import { Type as t } from "@sinclair/typebox";
import { and, count, desc, eq, gte, ilike, inArray, like, lte, or, sql, type SQL } from "drizzle-orm";
import { activities, orderItems, orders, properties, userValues, users } from "../../db/schema";
import { ORDER_STATE, PROPERTY_PURPOSE } from "../../protocol/enumerations";
import { maskPhone } from "../../protocol/identity";
import { ORDER_PAGE_SIZE } from "../../protocol/limits";
import { page, refuse, refuseField } from "../../protocol/result";
import type { Ctx, MemberCtx } from "../context";
import { idField, pageIndex, timeField, timeOf } from "../shared/fields";
import { inLanguage } from "../shared/language";
import { containing, namesOf } from "../shared/member-names";

/** The filters of the search window; `id` is the activity the window was opened from. */
export const activityFilterFields = {
  id: idField,
  // Part of a main or sub-order number.
  trade: t.Optional(t.String({ pattern: "^[A-Za-z0-9-]{0,64}$", maxLength: 64 }),),
  // Part of the member's name, phone, e-mail or employee number.
  user: t.Optional(t.String({ maxLength: 100 })),
  state: t.Optional(t.Union([t.Integer({ minimum: -1_000_000, maximum: 1_000_000 }), t.Null()])),
  start: timeField,
  end: timeField,
  activity: t.Optional(t.Union([idField, t.Null()])),
};
export const activityOrdersInput = t.Object({ ...activityFilterFields, index: pageIndex });
export type ActivityFilter = Omit<typeof activityOrdersInput.static, "index">;

const ORDER_STATES = new Set<number>(Object.values(ORDER_STATE));

/** The activities the window searches: the team's, or the activity alone; ERROR_RESULT_NULL when it does not exist. */
export async function scopeOf(ctx: Pick<Ctx, "db">, id: number) {
  const [activity] = await ctx.db.select({ id: activities.id, teamId: activities.teamId, nameZh: activities.nameZh, nameEn: activities.nameEn }).from(activities).where(eq(activities.id, id));
  if (!activity) refuse("ERROR_RESULT_NULL");
  const members = activity.teamId === null ? [activity] : await ctx.db.select({ id: activities.id, nameZh: activities.nameZh, nameEn: activities.nameEn }).from(activities).where(eq(activities.teamId, activity.teamId)).orderBy(activities.id);
  return { activity, activities: members, ids: members.map((a) => a.id) };
}

/** Where the sub-orders the filters keep are: ERROR_PARAMS { field } for a filter that cannot be (a state not in the table, an activity of another team, a date that is no date). */
export async function activityWhere(ctx: Pick<Ctx, "db">, filter: ActivityFilter) {
  if (filter.state != null && !ORDER_STATES.has(filter.state)) refuseField("state");
  const start = timeOf(filter.start, "start");
  const end = timeOf(filter.end, "end");
  if (start && end && start > end) refuseField("start");
  const scope = await scopeOf(ctx, filter.id);
  if (filter.activity != null && !scope.ids.includes(filter.activity)) refuseField("activity");
  const trade = filter.trade ?? "";
  const who = (filter.user ?? "").trim();
  const where = and(
    inArray(orderItems.activityId, filter.activity != null ? [filter.activity] : scope.ids),
    filter.state != null ? eq(orderItems.state, filter.state) : undefined,
    start ? gte(orderItems.createdAt, start) : undefined,
    end ? lte(orderItems.createdAt, end) : undefined,
    // Letters, digits and dashes only: nothing in it is a LIKE wildcard.
    trade ? or(like(orders.trade, `%${trade}%`), like(orderItems.childTrade, `%${trade}%`)) : undefined,
    who ? memberMatches(who) : undefined,
  )!;
  return { where, title: scope.activity, scope: scope.activities };
}

/** The member's employee number, phone, e-mail or name holds the text. */
function memberMatches(text: string): SQL {
  const pattern = containing(text);
  const named = sql`exists (select 1 from ${userValues} inner join ${properties} on ${properties.id} = ${userValues.propertyId}
    where ${userValues.userId} = ${orderItems.userId} and ${properties.purpose} = ${PROPERTY_PURPOSE.PROPERTY_PURPOSE_NAME} and (${userValues.value} #>> '{}') ilike ${pattern})`;
  return or(ilike(users.employees, pattern), like(users.phone, pattern), ilike(users.mail, pattern), named)!;
}

/**
 * The staff's sub-order rows the filter keeps, newest first: the item, its
 * order, its activity and its member. The list, a module's orders and the
 * export read the same rows; the caller pages or bounds them.
 */
export const staffOrderRows = (ctx: Pick<Ctx, "db">, where: SQL) =>
  ctx.db
    .select({
      item: orderItems,
      order: orders,
      activity: { id: activities.id, nameZh: activities.nameZh, nameEn: activities.nameEn, hasAddress: activities.hasAddress, hasExpress: activities.hasExpress },
      user: { id: users.id, employees: users.employees, phone: users.phone, mail: users.mail },
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(users, eq(users.id, orderItems.userId))
    .innerJoin(activities, eq(activities.id, orderItems.activityId))
    .where(where)
    .orderBy(desc(orderItems.createdAt), desc(orderItems.id));

type StaffOrderRow = Awaited<ReturnType<typeof staffOrderRows>>[number];

/** A row as the list and a module's orders show it; phones masked (spec 3 section 9). `names`: the members' names (namesOf). */
export const staffOrderView =
  (ctx: Pick<Ctx, "actor">, names: ReadonlyMap<number, string>) =>
  ({ item, order, activity, user }: StaffOrderRow) => ({
    id: item.id,
    order: { id: order.id },
    trade: order.trade,
    childTrade: item.childTrade,
    activity: { id: activity.id, nameZh: activity.nameZh, nameEn: activity.nameEn, name: inLanguage(ctx, activity.nameZh, activity.nameEn) },
    user: { id: user.id, employees: user.employees, name: names.get(user.id) ?? null, phone: maskPhone(user.phone), email: user.mail },
    state: { id: item.state },
    sendState: { id: order.sendState },
    createDate: item.createdAt.toISOString(),
  });

/** POST /order/activity/list: 23 a page, newest first; phones masked (spec 3 section 9). `activities`: the team's, for the activity filter. */
export async function activityOrders({ ctx, input }: { ctx: MemberCtx; input: typeof activityOrdersInput.static }) {
  const { where, scope } = await activityWhere(ctx, input);
  const [{ n }] = (await ctx.db
    .select({ n: count() })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(users, eq(users.id, orderItems.userId))
    .where(where)) as [{ n: number }];
  const p = page(input.index, Number(n), ORDER_PAGE_SIZE);
  const rows = await staffOrderRows(ctx, where).limit(p.size).offset(p.offset);
  const names = await namesOf(ctx, rows.map((r) => r.user.id));
  return {
    list: rows.map(staffOrderView(ctx, names)),
    count: p.count,
    max: p.max,
    index: p.index,
    activities: scope.map((a) => ({ ...a, name: inLanguage(ctx, a.nameZh, a.nameEn) })),
  };
}
