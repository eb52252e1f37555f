// An instance's memory of sold-out activities (ARCHITECTURE section 3): once
// one is seen full, a burst of late sign-ups is answered "full" after one
// small read of its version, which every cancel and expiry bumps, instead of
// the whole eligibility check. Kept per app (its settings object), since a
// process may run several apps on different databases (the tests do).
import { eq } from "drizzle-orm";
import { activities } from "../../db/schema";
import type { Config } from "../../config";
import type { Ctx } from "../context";

const memories = new WeakMap<Config, Map<number, number>>();

const memoryOf = (ctx: Pick<Ctx, "config">) => {
  let memory = memories.get(ctx.config);
  if (!memory) memories.set(ctx.config, (memory = new Map()));
  return memory;
};

/** Remembers that the activity's own cap was reached at this version. */
export function rememberSoldOut(ctx: Pick<Ctx, "config">, activity: { id: number; version: number }) {
  memoryOf(ctx).set(activity.id, activity.version);
}

/** Whether the activity is remembered sold out and no place has come back since. */
export async function knownSoldOut(ctx: Pick<Ctx, "config" | "db">, id: number): Promise<boolean> {
  const memory = memoryOf(ctx);
  const version = memory.get(id);
  if (version === undefined) return false;
  const [row] = await ctx.db.select({ version: activities.version }).from(activities).where(eq(activities.id, id));
  if (row?.version === version) return true;
  memory.delete(id);
  return false;
}

/** Without a read: whether the activity was remembered sold out at the version the caller read (a batch's later sign-ups). */
export const soldOutAt = (ctx: Pick<Ctx, "config">, activity: { id: number; version: number }): boolean => memoryOf(ctx).get(activity.id) === activity.version;

/** After a refused take: remembers the activity when its own cap is what refused (read in the same transaction). */
export async function rememberIfCapReached(ctx: Pick<Ctx, "config" | "db">, id: number) {
  const [row] = await ctx.db.select({ used: activities.used, cap: activities.cap, version: activities.version }).from(activities).where(eq(activities.id, id));
  if (row && row.cap !== null && row.used >= row.cap) rememberSoldOut(ctx, { id, version: row.version });
}
