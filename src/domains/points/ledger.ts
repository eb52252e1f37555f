// Spending points and giving them back, inside the caller's transaction.
// Spending takes from the lots that expire first (locked, in one order);
// what it took is returned per expiry, so a cancelled order gives each part
// back as a lot that expires when the original would have.
import { and, asc, eq, gt, isNull, or, sql } from "drizzle-orm";
import { pointRecords } from "../../db/schema";
import { POINT_TYPE } from "../../protocol/enumerations";
import type { Ctx } from "../context";

/** Points taken from lots of one expiry (null: never expires), in hundredths. */
export type SpentPart = { expiresAt: string | null; count: number };

type Note = { descZh: string; descEn: string };

/** Takes `amount` from the member's live lots; null (and nothing changed) when they hold less. */
export async function spendPoints(ctx: Pick<Ctx, "db" | "now">, args: { userId: number; amount: number; note: Note }): Promise<SpentPart[] | null> {
  const { db, now } = ctx;
  if (args.amount <= 0) return [];
  const lots = await db
    .select({ id: pointRecords.id, remaining: pointRecords.remaining, expiresAt: pointRecords.expiresAt })
    .from(pointRecords)
    .where(
      and(
        eq(pointRecords.userId, args.userId),
        gt(pointRecords.remaining, 0),
        or(isNull(pointRecords.expiresAt), gt(pointRecords.expiresAt, now)),
      ),
    )
    .orderBy(sql`${pointRecords.expiresAt} asc nulls last`, asc(pointRecords.id))
    .for("update");
  let left = args.amount;
  const parts: SpentPart[] = [];
  for (const lot of lots) {
    if (left === 0) break;
    const take = Math.min(left, lot.remaining);
    await db.update(pointRecords).set({ remaining: lot.remaining - take }).where(eq(pointRecords.id, lot.id));
    const expiresAt = lot.expiresAt ? lot.expiresAt.toISOString() : null;
    const same = parts.find((p) => p.expiresAt === expiresAt);
    if (same) same.count += take;
    else parts.push({ expiresAt, count: take });
    left -= take;
  }
  if (left > 0) return null;
  await db.insert(pointRecords).values({ userId: args.userId, count: -args.amount, type: POINT_TYPE.POINT_TYPE_OUT, remaining: 0, createdAt: now, ...args.note });
  return parts;
}

/** Gives spent points back, each part as a lot with its original expiry. */
export async function returnPoints(ctx: Pick<Ctx, "db" | "now">, args: { userId: number; parts: readonly SpentPart[]; note: Note }) {
  const { db, now } = ctx;
  if (args.parts.length === 0) return;
  await db.insert(pointRecords).values(
    args.parts.map((p) => ({
      userId: args.userId,
      count: p.count,
      type: POINT_TYPE.POINT_TYPE_ENTRY,
      remaining: p.count,
      expiresAt: p.expiresAt ? new Date(p.expiresAt) : null,
      createdAt: now,
      ...args.note,
    })),
  );
}
