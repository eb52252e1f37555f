// An instance's memory of sold-out activities (ARCHITECTURE section 3): once
// an activity is seen full, late sign-ups are answered "full" from memory,
// with no statement, so they never wait for a connection the winners hold
// (PGlite has one) nor behind the activity's queue. Every give-back and every
// raised cap bumps the activity's version and tells every instance on commit
// (PLACES_RETURNED), which forgets it; this instance forgets at once. Should a
// notification be lost (a dropped listening connection), the memory is
// checked against the row once every RECHECK_MS all the same. One memory per
// app, made with the app's state (src/app-state.ts): two apps in one process
// (the tests make them, as two instances) never share it.
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { activities } from "../../db/schema";
import { log } from "../../log";
import type { Ctx } from "../context";

export const PLACES_RETURNED = "places_returned";
/** How long a remembered sold-out activity is trusted without a read. */
const RECHECK_MS = 1000;

export type SoldOutMemory = ReturnType<typeof soldOutMemory>;

declare module "../context" {
  interface AppState {
    /** Activities seen sold out. */
    soldOut: SoldOutMemory;
  }
}

export function soldOutMemory(database: Pick<Database, "listen">) {
  /** Activity id -> when it was last seen full (the app's clock, ms). */
  const seen = new Map<number, number>();
  const forget = (id: number) => void seen.delete(id);
  database
    .listen(PLACES_RETURNED, (payload) => {
      for (const id of payload.split(",")) forget(Number(id));
    })
    .catch((error) => log.error(`Cannot listen for returned places: ${(error as Error).message ?? error}`));

  return {
    /** Remembers that the activity's own cap was reached (read in a committed state, or after the batch that filled it commits). */
    remember: (id: number, now: Date) => void seen.set(id, now.getTime()),
    forget,

    /** Without a read: whether the activity is remembered sold out (what a queued request is screened by). */
    has: (id: number): boolean => seen.has(id),

    /** Whether the activity is remembered sold out and no place has come back since; read again once in a while. */
    async known(ctx: Pick<Ctx, "db" | "now">, id: number): Promise<boolean> {
      const at = seen.get(id);
      if (at === undefined) return false;
      if (ctx.now.getTime() - at < RECHECK_MS && ctx.now.getTime() >= at) return true;
      const [row] = await ctx.db.select({ used: activities.used, cap: activities.cap }).from(activities).where(eq(activities.id, id));
      if (row && row.cap !== null && row.used >= row.cap) {
        seen.set(id, ctx.now.getTime());
        return true;
      }
      forget(id);
      return false;
    },
  };
}

/** In the transaction that gave places back (or raised a cap): this instance forgets now, every instance on commit. */
export async function placesReturned(ctx: Pick<Ctx, "db" | "app">, ids: readonly number[]) {
  if (ids.length === 0) return;
  for (const id of ids) ctx.app.soldOut.forget(id);
  await ctx.db.execute(sql`select pg_notify(${PLACES_RETURNED}, ${ids.join(",")})`);
}
