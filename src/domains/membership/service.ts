// Annual union dues (spec 1 sections 2, 4 and 8): the configuration, the
// member's state, their dues orders, and paying through the provider.
import { and, count, desc, eq, gte, lte, sql } from "drizzle-orm";
import { duesOrders, payments } from "../../db/schema";
import type { Ctx } from "../../http/context";
import { DomainError, page } from "../../protocol/result";
import { ORDER_STATE, typeById } from "../../protocol/types";
import { newTrade, openPayment, originOf } from "../payment/create";
import { configView, duesConfig, hasPaid, membershipConditions, pendingDues } from "./dues";
import { DUES_PENDING_MS, expireDues } from "./expire";

export const DUES_PAGE_SIZE = 14;

const ORDER_STATES = new Set<number>(Object.values(ORDER_STATE));

export async function memberInfo({ ctx }: { ctx: Ctx }) {
  const config = await duesConfig(ctx.db);
  return { config: configView(config), year: ctx.now.getFullYear() };
}

export async function memberCheck({ ctx }: { ctx: Ctx }) {
  const userId = ctx.actor!.id;
  const config = await duesConfig(ctx.db);
  const { paid, indexOnly, cantSign } = await membershipConditions(ctx.db, userId, config);
  const open = paid ? null : await pendingDues(ctx.db, userId, ctx.now);
  const pending = open
    ? {
        trade: open.order.sysTrade,
        pay: ctx.providers.payment.payUrl({ trade: open.order.sysTrade, providerTrade: open.payment?.providerTrade ?? null, origin: originOf(ctx) }),
        expires: open.order.expiresAt.toISOString(),
      }
    : null;
  return { paid, year: config.year, pending, indexOnly, cantSign };
}

function parseTime(value: string | undefined, field: string): Date | null {
  if (value === undefined || value === "") return null;
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) throw new DomainError("ERROR_PARAMS", { field });
  return time;
}

export type DuesFilter = { trade?: string; state?: number | null; start?: string; end?: string; index?: number };

export async function listDues({ ctx, input }: { ctx: Ctx; input: DuesFilter }) {
  if (input.state != null && !ORDER_STATES.has(input.state)) throw new DomainError("ERROR_PARAMS", { field: "state" });
  const start = parseTime(input.start, "start");
  const end = parseTime(input.end, "end");
  const trade = (input.trade ?? "").trim();
  const where = and(
    eq(duesOrders.userId, ctx.actor!.id),
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
      nameZh: r.nameZh,
      nameEn: r.nameEn,
      year: r.year,
      amount: r.amount,
      payTrade: r.payTrade,
      createDate: r.createdAt.toISOString(),
      payDate: r.payDate ? r.payDate.toISOString() : null,
      state: { id: r.state },
    })),
    count: p.count,
    max: p.max,
    index: p.index,
  };
}

/** The index a concurrent writer hit, when a write broke a unique index. */
export function brokenIndex(error: unknown): string | null {
  for (let e = error as { code?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23505") return /"([^"]+)"/.exec(e.message ?? "")?.[1] ?? "";
  }
  return null;
}

export async function payDues({ ctx }: { ctx: Ctx }) {
  const userId = ctx.actor!.id;
  try {
    return await ctx.transaction(async (tx) => {
      const config = await duesConfig(tx.db);
      // An order past its 15 minutes no longer blocks, even before the job's next tick.
      await expireDues(tx.db, ctx.now, userId);
      if (await hasPaid(tx.db, userId, config.year)) throw new DomainError("ERROR_DATA_USED", { year: config.year });
      const open = await pendingDues(tx.db, userId, ctx.now);
      if (open) throw new DomainError("ERROR_NOT_POWER", { expires: open.order.expiresAt.toISOString() });
      const trade = newTrade("D", ctx.now);
      const expiresAt = new Date(ctx.now.getTime() + DUES_PENDING_MS);
      const names = { nameZh: `${config.year}年度工会会费`, nameEn: `Union dues ${config.year}` };
      const [order] = await tx.db
        .insert(duesOrders)
        .values({ sysTrade: trade, userId, year: config.year, ...names, amount: config.price, state: ORDER_STATE.ORDER_STATE_WAIT, createdAt: ctx.now, expiresAt })
        .returning({ id: duesOrders.id });
      const { payUrl } = await openPayment(tx, {
        trade,
        kind: "dues",
        refId: order!.id,
        userId,
        subject: `${names.nameZh} / ${names.nameEn}`,
        amount: config.price,
        expiresAt,
      });
      return { trade, pay: payUrl, expires: expiresAt.toISOString() };
    });
  } catch (error) {
    // Two pay calls at once both passed the checks: the partial unique indexes let only one through.
    const index = brokenIndex(error);
    if (index === "dues_orders_one_pending_idx") throw new DomainError("ERROR_NOT_POWER");
    if (index === "dues_orders_one_paid_idx") throw new DomainError("ERROR_DATA_USED");
    throw error;
  }
}

export async function payState({ ctx, input }: { ctx: Ctx; input: { trade: string } }) {
  const [row] = await ctx.db
    .select({ state: payments.state })
    .from(payments)
    .where(and(eq(payments.trade, input.trade), eq(payments.userId, ctx.actor!.id)));
  if (!row) throw new DomainError("ERROR_RESULT_NULL");
  return { state: { id: row.state, code: typeById.get(row.state)?.code ?? null } };
}
