// An instance's memory of sold-out activities (ARCHITECTURE section 3): once
// one is seen full, a burst of late sign-ups is answered "full" after one
// small read of its version, which every cancel and expiry bumps, instead of
// the whole eligibility check. One memory per app, made with the app's state
// (src/app-state.ts): two apps in one process (the tests make them, as two
// instances) never share it.
import { eq } from "drizzle-orm";
import { activities } from "../../db/schema";
import type { Ctx } from "../context";

export type SoldOutMemory = ReturnType<typeof soldOutMemory>;

export function soldOutMemory() {
  /** Activity id -> the version at which its own cap was seen reached. */
  const versions = new Map<number, number>();

  /** Remembers that the activity's own cap was reached at this version. */
  function remember(activity: { id: number; version: number }) {
    versions.set(activity.id, activity.version);
  }

  return {
    remember,

    /** Whether the activity is remembered sold out and no place has come back since. */
    async known(ctx: Pick<Ctx, "db">, id: number): Promise<boolean> {
      const version = versions.get(id);
      if (version === undefined) return false;
      const [row] = await ctx.db.select({ version: activities.version }).from(activities).where(eq(activities.id, id));
      if (row?.version === version) return true;
      versions.delete(id);
      return false;
    },

    /** Without a read: whether the activity was remembered sold out at the version the caller read (a batch's later sign-ups). */
    at: (activity: { id: number; version: number }): boolean => versions.get(activity.id) === activity.version,

    /** After a refused take: remembers the activity when its own cap is what refused (read in the same transaction). */
    async rememberIfCapReached(ctx: Pick<Ctx, "db">, id: number) {
      const [row] = await ctx.db.select({ used: activities.used, cap: activities.cap, version: activities.version }).from(activities).where(eq(activities.id, id));
      if (row && row.cap !== null && row.used >= row.cap) remember({ id, version: row.version });
    },
  };
}
