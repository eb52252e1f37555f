// An activity's allocation as its editor sets it (issue 32, decision 138):
// a draw time makes it a lottery. The rules, checked in the save's
// transaction against the activity's locked row: the draw falls inside the
// sign-up window (applications before it, winners' confirmations after), the
// places are counted, not per cycle; and the allocation and the draw's time
// are fixed once the window has opened, so nobody can choose them knowing
// who applied. Choosing the lottery makes its seed and publishes its
// commitment at once.
import { eq } from "drizzle-orm";
import { lotteries } from "../../db/schema";
import { refuseField } from "../../protocol/result";
import type { Ctx } from "../context";
import { commitmentOf, newSeed } from "./draw";

type Stored = { drawAt: Date | null; drawnAt: Date | null; signStart: Date | null };
type Next = { drawAt: Date | null; signStart: Date | null; signEnd: Date | null; cap: number | null; hasCycle: boolean };

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/** ERROR_PARAMS naming the field when the allocation may not be saved as sent. */
export function checkAllocation(next: Next, stored: Stored, now: Date) {
  if (!sameTime(next.drawAt, stored.drawAt)) {
    const opened = (start: Date | null) => start !== null && start <= now;
    if (stored.drawnAt || opened(stored.signStart) || opened(next.signStart)) refuseField("drawAt", { reason: "open" });
  }
  if (!next.drawAt || stored.drawnAt) return;
  const { signStart, signEnd } = next;
  if (!signStart || !signEnd || next.drawAt <= signStart || next.drawAt >= signEnd) refuseField("drawAt", { reason: "window" });
  if (next.cap === null || next.cap < 1) refuseField("formStock", { reason: "lottery" });
  if (next.hasCycle) refuseField("hasCycle", { reason: "lottery" });
}

/** In the save's transaction: the lottery's seed and commitment made when it is chosen, dropped when it is given up (never after the window opened). */
export async function writeAllocation(ctx: Pick<Ctx, "db" | "now">, activityId: number, before: Date | null, after: Date | null) {
  if (after && !before) {
    const seed = newSeed();
    await ctx.db
      .insert(lotteries)
      .values({ activityId, seed, commitment: commitmentOf(seed), createdAt: ctx.now })
      .onConflictDoUpdate({ target: lotteries.activityId, set: { seed, commitment: commitmentOf(seed), createdAt: ctx.now } });
  } else if (before && !after) await ctx.db.delete(lotteries).where(eq(lotteries.activityId, activityId));
}
