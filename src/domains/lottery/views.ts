// What the lottery shows (issue 32, decision 138): to a member on the
// activity's page, the draw's time, its commitment (and once drawn its seed)
// and their application with its place in the drawn order; to anyone signed
// in once drawn, the published draw that scripts/verify-draw.ts recomputes;
// to staff with the lottery's power, the lotteries, and one draw with every
// application, who made it and what became of it.
import { and, asc, count, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { Type as t } from "@sinclair/typebox";
import { activities, lotteries, lotteryEntries, users, waitlist, WAITLIST_STATE } from "../../db/schema";
import { maskPhone } from "../../protocol/identity";
import { LOTTERY_PAGE_SIZE } from "../../protocol/limits";
import { page, refuse } from "../../protocol/result";
import type { Ctx, MemberCtx } from "../context";
import { idField, isoOf, pageIndex } from "../shared/fields";
import { namesOf } from "../shared/member-names";
import type { PublishedDraw } from "./draw";

type Reads = Pick<Ctx, "db">;
type LotteryActivity = { id: number; drawAt: Date | null; drawnAt: Date | null; cap: number | null; used: number };

/** On the activity's page (null for first come, first served): the draw, and the member's application. */
export async function lotteryOf(ctx: Reads, a: LotteryActivity, userId: number) {
  if (!a.drawAt) return null;
  const [[lottery], [applied], [entry]] = await Promise.all([
    ctx.db.select().from(lotteries).where(eq(lotteries.activityId, a.id)),
    ctx.db.select({ n: count() }).from(lotteryEntries).where(eq(lotteryEntries.activityId, a.id)),
    ctx.db
      .select({ id: lotteryEntries.id, rank: lotteryEntries.rank, createdAt: lotteryEntries.createdAt })
      .from(lotteryEntries)
      .where(and(eq(lotteryEntries.activityId, a.id), eq(lotteryEntries.userId, userId))),
  ]);
  const drawn = a.drawnAt !== null;
  return {
    drawAt: a.drawAt.toISOString(),
    drawnAt: isoOf(a.drawnAt),
    commitment: lottery?.commitment ?? null,
    /** Revealed once the draw has run. */
    seed: drawn ? (lottery?.seed ?? null) : null,
    /** The places drawn for (before the draw: the places there are), and how many applied. */
    places: drawn ? (lottery?.places ?? 0) : a.cap === null ? null : Math.max(0, a.cap - a.used),
    applicants: drawn ? (lottery?.applicants ?? 0) : Number(applied?.n ?? 0),
    /** The member's application: its number, when made, and once drawn its place in the order. */
    entry: entry ? { id: entry.id, applied: entry.createdAt.toISOString(), rank: entry.rank } : null,
  };
}

export type LotteryView = NonNullable<Awaited<ReturnType<typeof lotteryOf>>>;

/** The draw as published: commitment, seed, every application number, the drawn order, the places. */
async function publishedOf(ctx: Reads, activityId: number): Promise<PublishedDraw> {
  const [row] = await ctx.db
    .select({ drawnAt: activities.drawnAt, seed: lotteries.seed, commitment: lotteries.commitment, places: lotteries.places })
    .from(activities)
    .innerJoin(lotteries, eq(lotteries.activityId, activities.id))
    .where(eq(activities.id, activityId));
  if (!row) return refuse("ERROR_RESULT_NULL");
  if (!row.drawnAt) return refuse("ERROR_LOTTERY_DRAWING");
  const entries = await ctx.db
    .select({ id: lotteryEntries.id, rank: lotteryEntries.rank })
    .from(lotteryEntries)
    .where(and(eq(lotteryEntries.activityId, activityId), isNotNull(lotteryEntries.rank)))
    .orderBy(asc(lotteryEntries.rank));
  return {
    commitment: row.commitment,
    seed: row.seed,
    applicants: entries.map((e) => e.id).sort((x, y) => x - y),
    order: entries.map((e) => e.id),
    places: row.places ?? 0,
  };
}



/** /lottery/published: the draw anyone signed in can recompute (scripts/verify-draw.ts reads exactly this). */
export async function publishedDraw({ ctx, input }: { ctx: MemberCtx; input: { activity: number } }) {
  return { draw: await publishedOf(ctx, input.activity) };
}

/** /lottery/list (FUNCTION_ACTIVITY_LOTTERY): every activity allocated by lot, the latest draw first. */
export async function listLotteries({ ctx }: { ctx: MemberCtx; input: Record<string, never> }) {
  const rows = await ctx.db
    .select({
      id: activities.id,
      nameZh: activities.nameZh,
      nameEn: activities.nameEn,
      state: activities.state,
      signStart: activities.signStart,
      signEnd: activities.signEnd,
      drawAt: activities.drawAt,
      drawnAt: activities.drawnAt,
      cap: activities.cap,
      places: lotteries.places,
      applicants: sql<number>`(select count(*) from ${lotteryEntries} where ${lotteryEntries.activityId} = ${activities.id})`.mapWith(Number),
    })
    .from(activities)
    .innerJoin(lotteries, eq(lotteries.activityId, activities.id))
    .where(isNotNull(activities.drawAt))
    .orderBy(desc(activities.drawAt), desc(activities.id));
  return {
    list: rows.map((r) => ({
      id: r.id,
      nameZh: r.nameZh,
      nameEn: r.nameEn,
      state: r.state,
      signStart: isoOf(r.signStart),
      signEnd: isoOf(r.signEnd),
      drawAt: isoOf(r.drawAt),
      drawnAt: isoOf(r.drawnAt),
      places: r.drawnAt ? (r.places ?? 0) : r.cap,
      applicants: r.applicants,
    })),
  };
}

/** What became of an application after the draw, by its line entry's state. */
const OUTCOME: Record<number, "waiting" | "offered" | "taken" | "expired" | "left" | "declined" | "closed"> = {
  [WAITLIST_STATE.WAITING]: "waiting",
  [WAITLIST_STATE.OFFERED]: "offered",
  [WAITLIST_STATE.TAKEN]: "taken",
  [WAITLIST_STATE.EXPIRED]: "expired",
  [WAITLIST_STATE.LEFT]: "left",
  [WAITLIST_STATE.DECLINED]: "declined",
  [WAITLIST_STATE.CLOSED]: "closed",
};

export const drawInput = t.Object({ activity: idField, index: pageIndex });

/**
 * /lottery/draw (FUNCTION_ACTIVITY_LOTTERY): one activity's lottery: its
 * times, commitment and (once drawn) seed, and its applications a page at a
 * time, in drawn order once drawn (else in the order made), each with who
 * made it (phone masked, as staff read members everywhere) and what became of
 * it in the line.
 */
export async function drawView({ ctx, input }: { ctx: MemberCtx; input: typeof drawInput.static }) {
  const [row] = await ctx.db
    .select({ a: activities, l: lotteries })
    .from(activities)
    .innerJoin(lotteries, eq(lotteries.activityId, activities.id))
    .where(eq(activities.id, input.activity));
  if (!row?.a.drawAt) return refuse("ERROR_RESULT_NULL");
  const { a, l } = row;
  const drawn = a.drawnAt !== null;
  const [{ n }] = (await ctx.db.select({ n: count() }).from(lotteryEntries).where(eq(lotteryEntries.activityId, a.id))) as [{ n: number }];
  const p = page(input.index, Number(n), LOTTERY_PAGE_SIZE);
  const entries = await ctx.db
    .select({ id: lotteryEntries.id, rank: lotteryEntries.rank, createdAt: lotteryEntries.createdAt, userId: users.id, employees: users.employees, phone: users.phone })
    .from(lotteryEntries)
    .innerJoin(users, eq(users.id, lotteryEntries.userId))
    .where(eq(lotteryEntries.activityId, a.id))
    .orderBy(drawn ? asc(lotteryEntries.rank) : asc(lotteryEntries.id))
    .limit(p.size)
    .offset(p.offset);
  const userIds = entries.map((e) => e.userId);
  const [names, lines] = await Promise.all([
    namesOf(ctx, userIds),
    userIds.length && drawn
      ? ctx.db
          .select({ userId: waitlist.userId, state: waitlist.state, id: waitlist.id })
          .from(waitlist)
          .where(and(eq(waitlist.activityId, a.id), inArray(waitlist.userId, userIds)))
          .orderBy(asc(waitlist.id))
      : Promise.resolve([]),
  ]);
  // The latest line entry of each member is what became of their application.
  const outcome = new Map(lines.map((w) => [w.userId, OUTCOME[w.state] ?? null]));
  return {
    activity: { id: a.id, nameZh: a.nameZh, nameEn: a.nameEn, signStart: isoOf(a.signStart), signEnd: isoOf(a.signEnd) },
    drawAt: isoOf(a.drawAt),
    drawnAt: isoOf(a.drawnAt),
    commitment: l.commitment,
    seed: drawn ? l.seed : null,
    places: drawn ? (l.places ?? 0) : a.cap,
    applicants: Number(n),
    list: entries.map((e) => ({
      id: e.id,
      rank: e.rank,
      applied: e.createdAt.toISOString(),
      user: { id: e.userId, name: names.get(e.userId) ?? null, employees: e.employees, phone: maskPhone(e.phone) },
      won: drawn && e.rank !== null && e.rank <= (l.places ?? 0),
      outcome: drawn ? (outcome.get(e.userId) ?? null) : null,
    })),
    count: p.count,
    max: p.max,
    index: p.index,
  };
}

/** The lottery's published commitment, for its editor (null: not a lottery). */
export async function commitmentFor(ctx: Reads, activityId: number): Promise<string | null> {
  const [row] = await ctx.db.select({ commitment: lotteries.commitment }).from(lotteries).where(eq(lotteries.activityId, activityId));
  return row?.commitment ?? null;
}
