// What every editor's write on one activity checks first (spec 3 section 2.1):
// the activity is there and not offline, for offline has no actions.
import { eq } from "drizzle-orm";
import { activities } from "../../db/schema";
import { ACTIVITY_STATE } from "../../protocol/enumerations";
import { refuse } from "../../protocol/result";
import type { Ctx } from "../context";

/** The activity, locked for this write; ERROR_RESULT_NULL when there is none, ERROR_NOT_POWER { reason: "offline" } when it is offline. */
export async function editableActivity(ctx: Pick<Ctx, "db">, id: number) {
  const [row] = await ctx.db.select({ id: activities.id, state: activities.state, teamId: activities.teamId }).from(activities).where(eq(activities.id, id)).for("update");
  if (!row) refuse("ERROR_RESULT_NULL");
  if (row.state === ACTIVITY_STATE.ACTIVITY_STATE_OFFLINE) refuse("ERROR_NOT_POWER", { reason: "offline" });
  return row;
}
