// A member's points ("integral"), in hundredths. The balance is what is left
// of the entries that have not expired; the list shows every movement.
import { and, count, desc, eq, gt, gte, isNull, lte, or, sql } from "drizzle-orm";
import { pointRecords } from "../../db/schema";
import type { Ctx, MemberCtx } from "../context";
import { page, refuseField } from "../../protocol/result";
import { isoOf, timeOf } from "../shared/fields";
import { inLanguage } from "../shared/language";
import { POINT_TYPE } from "../../protocol/enumerations";
import { POINTS_PAGE_SIZE } from "../../protocol/limits";

/** "About to expire" means within this many days (the notice above the points table). */
export const EXPIRY_NOTICE_DAYS = 30;

const POINT_TYPES = new Set<number>(Object.values(POINT_TYPE));

const alive = (now: Date) => or(isNull(pointRecords.expiresAt), gt(pointRecords.expiresAt, now));

export async function balanceOf(ctx: Pick<Ctx, "db" | "now">, userId: number): Promise<number> {
  const { db, now } = ctx;
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${pointRecords.remaining}), 0)::int` })
    .from(pointRecords)
    .where(and(eq(pointRecords.userId, userId), gt(pointRecords.remaining, 0), alive(now)));
  return row?.total ?? 0;
}

/** What expires within the notice window, and the earliest of those expiries. */
async function expiringSoon(ctx: Pick<Ctx, "db" | "now">, userId: number) {
  const { db, now } = ctx;
  const horizon = new Date(now.getTime() + EXPIRY_NOTICE_DAYS * 86_400_000);
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${pointRecords.remaining}), 0)::int`,
      first: sql<string | null>`min(${pointRecords.expiresAt})`,
    })
    .from(pointRecords)
    .where(and(eq(pointRecords.userId, userId), gt(pointRecords.remaining, 0), gt(pointRecords.expiresAt, now), lte(pointRecords.expiresAt, horizon)));
  const soon = row?.total ?? 0;
  // Section 7's call table says appCounts, section 3's entity appCount: both are answered.
  return { appCounts: soon, appCount: soon, appDate: row?.first ? new Date(row.first).toISOString() : null };
}

export type PointsFilter = { type?: number | null; start?: string; end?: string; index?: number };

export async function listPoints({ ctx, input }: { ctx: MemberCtx; input: PointsFilter }) {
  return pointsOf(ctx, ctx.actor.id, input);
}

/** One member's points movements, a page at a time, with the balance (the member's own list and the staff's view of a member). */
export async function pointsOf(ctx: Ctx, userId: number, input: PointsFilter) {
  if (input.type != null && !POINT_TYPES.has(input.type)) refuseField("type");
  const start = timeOf(input.start, "start");
  const end = timeOf(input.end, "end");
  const where = and(
    eq(pointRecords.userId, userId),
    input.type != null ? eq(pointRecords.type, input.type) : undefined,
    start ? gte(pointRecords.createdAt, start) : undefined,
    end ? lte(pointRecords.createdAt, end) : undefined,
  );
  const [{ n }] = (await ctx.db.select({ n: count() }).from(pointRecords).where(where)) as [{ n: number }];
  const p = page(input.index, n, POINTS_PAGE_SIZE);
  const rows = await ctx.db
    .select()
    .from(pointRecords)
    .where(where)
    .orderBy(desc(pointRecords.createdAt), desc(pointRecords.id))
    .limit(p.size)
    .offset(p.offset);
  const [balance, soon] = await Promise.all([balanceOf(ctx, userId), expiringSoon(ctx, userId)]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      count: r.count,
      date: r.createdAt.toISOString(),
      type: { id: r.type },
      expiry: isoOf(r.expiresAt),
      desc: inLanguage(ctx, r.descZh, r.descEn),
      descZh: r.descZh,
      descEn: r.descEn,
    })),
    count: p.count,
    max: p.max,
    index: p.index,
    balance,
    ...soon,
  };
}

export async function pointsBalance({ ctx }: { ctx: MemberCtx }) {
  return { balance: await balanceOf(ctx, ctx.actor.id) };
}
