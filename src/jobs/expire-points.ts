// Books what is left of each expired points entry as an "others" record and
// empties the entry. Idempotent: an emptied entry is never booked again, and
// the conditional update means two runs cannot book one entry twice.
import { and, asc, eq, gt, lte } from "drizzle-orm";
import { pointRecords } from "../db/schema";
import type { Ctx } from "../domains/context";
import { POINT_TYPE } from "../protocol/enumerations";

/** Entries handled per tick, so one tick stays short; the next tick takes the rest. */
const BATCH = 500;

export async function expirePoints(ctx: Pick<Ctx, "db" | "now">) {
  const { db, now } = ctx;
  const due = await db
    .select({ id: pointRecords.id })
    .from(pointRecords)
    .where(and(gt(pointRecords.remaining, 0), lte(pointRecords.expiresAt, now)))
    .orderBy(asc(pointRecords.expiresAt))
    .limit(BATCH);
  let expired = 0;
  for (const { id } of due) {
    const [before] = await db.select().from(pointRecords).where(eq(pointRecords.id, id)).for("update");
    if (!before || before.remaining <= 0) continue;
    await db.update(pointRecords).set({ remaining: 0 }).where(eq(pointRecords.id, id));
    await db.insert(pointRecords).values({
      userId: before.userId,
      count: -before.remaining,
      type: POINT_TYPE.POINT_TYPE_OTHERS,
      remaining: 0,
      expiresAt: null,
      descZh: before.descZh ? `积分过期：${before.descZh}` : "积分过期",
      descEn: before.descEn ? `Points expired: ${before.descEn}` : "Points expired",
      createdAt: now,
    });
    expired++;
  }
  return { expired };
}
