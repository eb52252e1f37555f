// A module's orders for its order management pop-up (spec 2 section 2, spec 3
// section 7 "Orders": /order/module/find and /order/module/export), with
// FUNCTION_ACTIVITY_MODULE_OPERATION: one row per sub-order of the module's
// activities, newest first.
import { Type as t } from "@sinclair/typebox";
import { and, count, eq, like, or, type SQL } from "drizzle-orm";
import { activities, modules, orderItems, orders } from "../../db/schema";
import type { Download } from "../../http/kit";
import { ORDER_STATE } from "../../protocol/enumerations";
import { MODULE_ORDER_PAGE_SIZE } from "../../protocol/limits";
import { page, refuse, refuseField } from "../../protocol/result";
import type { MemberCtx } from "../context";
import { idField, pageIndex } from "../shared/fields";
import { inLanguage } from "../shared/language";
import { namesOf } from "../shared/member-names";
import { exportDownload } from "./order-export";
import { staffOrderRows, staffOrderView } from "./staff-orders";

const tradeFilter = t.String({ pattern: "^[A-Za-z0-9-]{0,64}$", maxLength: 64 });
export const moduleOrdersInput = t.Object({
  // Part of a main or sub-order number; empty is no filter.
  trade: t.Optional(tradeFilter),
  state: t.Optional(t.Union([t.Integer({ minimum: -1_000_000, maximum: 1_000_000 }), t.Null()])),
  module: idField,
  index: pageIndex,
  size: t.Optional(t.Integer({ minimum: 1, maximum: 100 })),
});
/** The same filters as a signed GET's query (text): an empty state is every state. */
export const moduleExportInput = t.Object({
  trade: t.Optional(tradeFilter),
  state: t.Optional(t.String({ pattern: "^(-?[0-9]{1,7})?$", maxLength: 8 })),
  module: t.String({ pattern: "^[1-9][0-9]{0,9}$", maxLength: 10 }),
});

const ORDER_STATES = Object.values(ORDER_STATE);

/** The sub-orders of the module's activities the filters keep; the module must exist. */
async function moduleWhere(ctx: MemberCtx, input: { module: number; trade?: string; state?: number | null }): Promise<{ module: SQL; where: SQL }> {
  if (input.state != null && !(ORDER_STATES as number[]).includes(input.state)) refuseField("state");
  const [module] = await ctx.db.select({ id: modules.id }).from(modules).where(eq(modules.id, input.module));
  if (!module) refuse("ERROR_RESULT_NULL");
  const trade = input.trade ?? "";
  const inModule = eq(activities.moduleId, module.id);
  const where = and(
    inModule,
    input.state != null ? eq(orderItems.state, input.state) : undefined,
    // The pattern allows letters, digits and dashes only, so nothing in it is a LIKE wildcard.
    trade ? or(like(orders.trade, `%${trade}%`), like(orderItems.childTrade, `%${trade}%`)) : undefined,
  )!;
  return { module: inModule, where };
}

const joined = (ctx: MemberCtx) =>
  ctx.db.select({ n: count() }).from(orderItems).innerJoin(activities, eq(activities.id, orderItems.activityId)).innerJoin(orders, eq(orders.id, orderItems.orderId));

/**
 * /order/module/find: 20 a page; state null or absent is every state. `order`
 * is the module's tally by state (every state, whatever the filters), which
 * the pop-up shows above the list.
 */
export async function moduleOrders({ ctx, input }: { ctx: MemberCtx; input: typeof moduleOrdersInput.static }) {
  const { module, where } = await moduleWhere(ctx, input);
  const [{ n }] = (await joined(ctx).where(where)) as [{ n: number }];
  const p = page(input.index, Number(n), input.size ?? MODULE_ORDER_PAGE_SIZE);
  const rows = await staffOrderRows(ctx, where).limit(p.size).offset(p.offset);
  const tally = await ctx.db
    .select({ state: orderItems.state, n: count() })
    .from(orderItems)
    .innerJoin(activities, eq(activities.id, orderItems.activityId))
    .where(module)
    .groupBy(orderItems.state);
  const names = await namesOf(ctx, rows.map((r) => r.user.id));
  return {
    list: rows.map(staffOrderView(ctx, names)),
    count: p.count,
    max: p.max,
    index: p.index,
    order: ORDER_STATES.map((id) => ({ state: { id }, count: Number(tally.find((r) => r.state === id)?.n ?? 0) })),
  };
}

/** Download /order/module/export: every sub-order the filters keep, as the order export's workbook. */
export async function moduleOrdersFile({ ctx, input }: { ctx: MemberCtx; input: typeof moduleExportInput.static }): Promise<Download> {
  const state = input.state ? Number(input.state) : null;
  const [module] = await ctx.db.select({ nameZh: modules.nameZh, nameEn: modules.nameEn }).from(modules).where(eq(modules.id, Number(input.module)));
  const { where } = await moduleWhere(ctx, { module: Number(input.module), trade: input.trade, state });
  return exportDownload(ctx, { where, title: inLanguage(ctx, module!.nameZh, module!.nameEn), express: false });
}
