// The dues rules other domains share: the configuration, whether a member
// has paid the billing year, and the two membership conditions of the visit
// report (index-only and no-power).
import { and, eq, gt } from "drizzle-orm";
import { duesOrders, memberConfig, payments, userValues } from "../../db/schema";
import { ORDER_STATE } from "../../protocol/enumerations";
import { refuse } from "../../protocol/result";
import type { Ctx } from "../context";
import { billingYear } from "./billing-year";

export type DuesConfig = typeof memberConfig.$inferSelect;

/** The configuration, its `year` the billing year at `now` (the stored column is only the year at the last save). */
export async function duesConfig(ctx: Pick<Ctx, "db" | "now">): Promise<DuesConfig> {
  const [row] = await ctx.db.select().from(memberConfig).where(eq(memberConfig.id, 1));
  if (!row) refuse("ERROR_RESULT_NULL");
  return { ...row, year: billingYear(row, ctx.now) };
}

export const configView = (c: DuesConfig) => ({
  price: c.price,
  year: c.year,
  month: c.month,
  date: c.day,
  indexOnlyProperty: c.indexOnlyPropertyId ? { id: c.indexOnlyPropertyId } : null,
  indexOnlyValue: c.indexOnlyValue,
  cantSignProperty: c.cantSignPropertyId ? { id: c.cantSignPropertyId } : null,
  cantSignValue: c.cantSignValue,
});

/** Paid means a successful dues order for the configured billing year. */
export async function hasPaid(ctx: Pick<Ctx, "db">, userId: number, year: number): Promise<boolean> {
  const rows = await ctx.db
    .select({ id: duesOrders.id })
    .from(duesOrders)
    .where(and(eq(duesOrders.userId, userId), eq(duesOrders.year, year), eq(duesOrders.state, ORDER_STATE.ORDER_STATE_SUCCESS)))
    .limit(1);
  return rows.length > 0;
}

/** The member's open dues order, with its payment, while it has not expired. */
export async function pendingDues(ctx: Pick<Ctx, "db" | "now">, userId: number) {
  const { db, now } = ctx;
  const [row] = await db
    .select({ order: duesOrders, payment: payments })
    .from(duesOrders)
    .leftJoin(payments, and(eq(payments.kind, "dues"), eq(payments.refId, duesOrders.id)))
    .where(and(eq(duesOrders.userId, userId), eq(duesOrders.state, ORDER_STATE.ORDER_STATE_WAIT), gt(duesOrders.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/** Whether the member's value of a profile property is the configured one (a checkbox holds it among others). */
export async function hasPropertyValue(ctx: Pick<Ctx, "db">, userId: number, propertyId: number | null, value: string | null): Promise<boolean> {
  if (propertyId === null || value === null || value === "") return false;
  const [row] = await ctx.db
    .select({ value: userValues.value })
    .from(userValues)
    .where(and(eq(userValues.userId, userId), eq(userValues.propertyId, propertyId)));
  if (!row) return false;
  return Array.isArray(row.value) ? row.value.includes(value) : row.value === value;
}

/** The two membership conditions for an unpaid member (spec 1 section 2). */
export async function membershipConditions(ctx: Pick<Ctx, "db">, userId: number, config: DuesConfig) {
  const paid = await hasPaid(ctx, userId, config.year);
  if (paid) return { paid, indexOnly: false, cantSign: false };
  const [indexOnly, cantSign] = [
    await hasPropertyValue(ctx, userId, config.indexOnlyPropertyId, config.indexOnlyValue),
    await hasPropertyValue(ctx, userId, config.cantSignPropertyId, config.cantSignValue),
  ];
  return { paid, indexOnly, cantSign };
}
