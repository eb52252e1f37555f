// Spending points and giving them back, inside the caller's transaction.
// Spending takes from the lots that expire first (locked, in one order);
// what it took is returned per expiry, so a cancelled order gives each part
// back as a lot that expires when the original would have.
import { and, asc, gt, inArray, isNull, or, sql } from "drizzle-orm";
import { pointRecords } from "../../db/schema";
import { POINT_TYPE } from "../../protocol/enumerations";
import type { Ctx } from "../context";

/** Points taken from lots of one expiry (null: never expires), in hundredths. */
export type SpentPart = { expiresAt: string | null; count: number };

type Note = { descZh: string; descEn: string };

/**
 * Locks the live lots of the members given (those that expire first first,
 * one lock order) so that spends can be judged in memory, in turn, exactly
 * as if each had taken its points alone; `write` then writes what the spends
 * took, one statement per kind. A spend the lots cannot cover takes nothing.
 */
export async function lockLots(ctx: Pick<Ctx, "db" | "now">, userIds: readonly number[]) {
  const { db, now } = ctx;
  const members = [...new Set(userIds)].sort((a, b) => a - b);
  const lots =
    members.length === 0
      ? []
      : await db
          .select({ id: pointRecords.id, userId: pointRecords.userId, remaining: pointRecords.remaining, expiresAt: pointRecords.expiresAt })
          .from(pointRecords)
          .where(and(inArray(pointRecords.userId, members), gt(pointRecords.remaining, 0), or(isNull(pointRecords.expiresAt), gt(pointRecords.expiresAt, now))))
          .orderBy(asc(pointRecords.userId), sql`${pointRecords.expiresAt} asc nulls last`, asc(pointRecords.id))
          .for("update");
  const spent: { userId: number; amount: number; note: Note }[] = [];
  return {
    /** Takes `amount` from the member's lots (in memory); null, with nothing taken, when they hold less. */
    spend(userId: number, amount: number, note: Note): SpentPart[] | null {
      if (amount <= 0) return [];
      const mine = lots.filter((l) => l.userId === userId);
      if (mine.reduce((n, l) => n + l.remaining, 0) < amount) return null;
      let left = amount;
      const parts: SpentPart[] = [];
      for (const lot of mine) {
        if (left === 0) break;
        const take = Math.min(left, lot.remaining);
        if (take === 0) continue;
        lot.remaining -= take;
        const expiresAt = lot.expiresAt ? lot.expiresAt.toISOString() : null;
        const same = parts.find((p) => p.expiresAt === expiresAt);
        if (same) same.count += take;
        else parts.push({ expiresAt, count: take });
        left -= take;
      }
      spent.push({ userId, amount, note });
      return parts;
    },
    /** Writes the lots' new balances and one spending record per spend. */
    async write() {
      if (spent.length === 0) return;
      const touched = new Set(spent.map((s) => s.userId));
      const values = sql.join(
        lots.filter((l) => touched.has(l.userId)).map((l) => sql`(${l.id}::int, ${l.remaining}::int)`),
        sql`, `,
      );
      await db.execute(sql`update point_records set remaining = v.remaining from (values ${values}) as v(id, remaining) where point_records.id = v.id and point_records.remaining <> v.remaining`);
      await db.insert(pointRecords).values(spent.map((s) => ({ userId: s.userId, count: -s.amount, type: POINT_TYPE.POINT_TYPE_OUT, remaining: 0, createdAt: now, ...s.note })));
    },
  };
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
