// Annual union dues (spec 1 sections 2, 4 and 8): the configuration, the
// member's state, their dues orders, and paying through the provider.
import { and, count, desc, eq, gte, lte, sql } from "drizzle-orm";
import { duesOrders, payments } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { page, refuse, refuseField } from "../../protocol/result";
import { ORDER_STATE } from "../../protocol/enumerations";
import { typeById } from "../../protocol/types";
import type { MemberCtx } from "../context";
import { newTrade, recordPayments, requestPayLink } from "../payment/create";
import { isoOf, timeOf } from "../shared/fields";
import { inLanguage } from "../shared/language";
import { configView, duesConfig, hasPaid, membershipConditions, pendingDues } from "./dues";
import { DUES_PENDING_MS, expireDues } from "./expire";
import { DUES_PAGE_SIZE } from "../../protocol/limits";


const ORDER_STATES = new Set<number>(Object.values(ORDER_STATE));

export async function memberInfo({ ctx }: { ctx: MemberCtx }) {
  const config = await duesConfig(ctx);
  return { config: configView(config), year: ctx.now.getFullYear() };
}

export async function memberCheck({ ctx }: { ctx: MemberCtx }) {
  const userId = ctx.actor.id;
  const config = await duesConfig(ctx);
  const { paid, indexOnly, cantSign } = await membershipConditions(ctx, userId, config);
  const open = paid ? null : await pendingDues(ctx, userId);
  const pending = open
    ? {
        trade: open.order.sysTrade,
        pay: open.payment?.payUrl ?? null,
        expires: open.order.expiresAt.toISOString(),
      }
    : null;
  return { paid, year: config.year, pending, indexOnly, cantSign };
}

export type DuesFilter = { trade?: string; state?: number | null; start?: string; end?: string; index?: number };

export async function listDues({ ctx, input }: { ctx: MemberCtx; input: DuesFilter }) {
  return duesPage(ctx, ctx.actor.id, input);
}

/** One member's dues orders, newest first, a page at a time: the member's own list and the operator's fee records. */
export async function duesPage(ctx: Pick<MemberCtx, "db" | "actor">, userId: number, input: DuesFilter) {
  if (input.state != null && !ORDER_STATES.has(input.state)) refuseField("state");
  const start = timeOf(input.start, "start");
  const end = timeOf(input.end, "end");
  const trade = (input.trade ?? "").trim();
  const where = and(
    eq(duesOrders.userId, userId),
    // strpos, not LIKE: a % or _ typed into the filter is a character, not a wildcard.
    trade ? sql`strpos(${duesOrders.sysTrade}, ${trade}) > 0` : undefined,
    input.state != null ? eq(duesOrders.state, input.state) : undefined,
    start ? gte(duesOrders.createdAt, start) : undefined,
    end ? lte(duesOrders.createdAt, end) : undefined,
  );
  const [{ n }] = (await ctx.db.select({ n: count() }).from(duesOrders).where(where)) as [{ n: number }];
  const p = page(input.index, n, DUES_PAGE_SIZE);
  const rows = await ctx.db.select().from(duesOrders).where(where).orderBy(desc(duesOrders.createdAt), desc(duesOrders.id)).limit(p.size).offset(p.offset);
  return {
    list: rows.map((r) => ({
      sysTrade: r.sysTrade,
      name: inLanguage(ctx, r.nameZh, r.nameEn),
      nameZh: r.nameZh,
      nameEn: r.nameEn,
      year: r.year,
      amount: r.amount,
      payTrade: r.payTrade,
      createDate: r.createdAt.toISOString(),
      payDate: isoOf(r.payDate),
      state: { id: r.state },
    })),
    count: p.count,
    max: p.max,
    index: p.index,
  };
}

/**
 * /member/pay, in the command's transaction: the dues order and its waiting
 * payment. The pay link is asked of the provider after the commit (the
 * route's `then`, payLink below). Two calls at once both pass the checks;
 * the partial unique indexes let one through (the route maps the other).
 */
export async function payDues({ ctx }: { ctx: CommandCtx<MemberCtx> }) {
  const userId = ctx.actor.id;
  const config = await duesConfig(ctx);
  // An order past its 15 minutes no longer blocks, even before the job's next tick.
  await expireDues(ctx, userId);
  if (await hasPaid(ctx, userId, config.year)) refuse("ERROR_DATA_USED", { year: config.year });
  const open = await pendingDues(ctx, userId);
  if (open) refuse("ERROR_NOT_POWER", { expires: open.order.expiresAt.toISOString() });
  const trade = newTrade("D", ctx.now);
  const expiresAt = new Date(ctx.now.getTime() + DUES_PENDING_MS);
  const names = { nameZh: `${config.year}年度工会会费`, nameEn: `Union dues ${config.year}` };
  const [order] = await ctx.db
    .insert(duesOrders)
    .values({ sysTrade: trade, userId, year: config.year, ...names, amount: config.price, state: ORDER_STATE.ORDER_STATE_WAIT, createdAt: ctx.now, expiresAt })
    .returning({ id: duesOrders.id });
  await recordPayments(ctx, [{ trade, kind: "dues", refId: order!.id, userId, subject: `${names.nameZh} / ${names.nameEn}`, amount: config.price, expiresAt }]);
  return { trade, expires: expiresAt.toISOString() };
}

/** After the commit: the provider's pay link for the order just made. */
export async function payLink({ ctx, result }: { ctx: MemberCtx; result: { trade: string; expires: string } }) {
  return { ...result, pay: await requestPayLink(ctx, result.trade) };
}

export async function payState({ ctx, input }: { ctx: MemberCtx; input: { trade: string } }) {
  const [row] = await ctx.db
    .select({ state: payments.state })
    .from(payments)
    .where(and(eq(payments.trade, input.trade), eq(payments.userId, ctx.actor.id)));
  if (!row) refuse("ERROR_RESULT_NULL");
  return { state: { id: row.state, code: typeById.get(row.state)?.code ?? null } };
}
