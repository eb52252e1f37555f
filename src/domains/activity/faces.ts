// The cover of an activity and of its team (spec 3 sections 5 "Images" and 7):
// /activity/face/save and /activity/team/face/save take an address the image
// upload answered (the upload checked the size and type), or null to take
// the cover away. The module page's tile shows the team's cover first.
import { Type as t } from "@sinclair/typebox";
import { and, eq, ne } from "drizzle-orm";
import { activities, teams } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { ACTIVITY_STATE } from "../../protocol/enumerations";
import { refuse, refuseField } from "../../protocol/result";
import type { MemberCtx } from "../context";
import { isImagePath } from "../file/service";
import { idField } from "../shared/fields";
import { editableActivity } from "./editing";

/** The upload's address, or its file record ({ filePath, ... }, spec 3's `face`); null removes the cover. */
const faceField = t.Union([t.String({ maxLength: 300 }), t.Object({ filePath: t.String({ maxLength: 300 }), contentType: t.Optional(t.String({ maxLength: 40 })), format: t.Optional(t.String({ maxLength: 10 })), name: t.Optional(t.String({ maxLength: 300 })) }), t.Null()]);
export const faceInput = t.Object({ id: idField, face: faceField });

function faceOf(face: typeof faceInput.static.face): string | null {
  if (face === null) return null;
  const path = typeof face === "string" ? face : face.filePath;
  if (!isImagePath(path)) refuseField("face");
  return path;
}

/** /activity/face/save */
export async function saveActivityFace({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: typeof faceInput.static }) {
  const face = faceOf(input.face);
  await editableActivity(ctx, input.id);
  await ctx.db.update(activities).set({ face, updatedAt: ctx.now }).where(eq(activities.id, input.id));
  return { face, audit: { entity: "activity", id: input.id, detail: face ? "face" : "no face" } };
}

/** /activity/team/face/save: `id` is the team's. A team whose every activity is offline has no actions either. */
export async function saveTeamFace({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: typeof faceInput.static }) {
  const face = faceOf(input.face);
  const [team] = await ctx.db.select({ id: teams.id }).from(teams).where(eq(teams.id, input.id)).for("update");
  if (!team) refuse("ERROR_RESULT_NULL");
  const [any] = await ctx.db.select({ id: activities.id }).from(activities).where(eq(activities.teamId, team.id)).limit(1);
  const [live] = await ctx.db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.teamId, team.id), ne(activities.state, ACTIVITY_STATE.ACTIVITY_STATE_OFFLINE)))
    .limit(1);
  if (any && !live) refuse("ERROR_NOT_POWER", { reason: "offline" });
  await ctx.db.update(teams).set({ face }).where(eq(teams.id, team.id));
  return { face, audit: { entity: "team", id: team.id, detail: face ? "face" : "no face" } };
}
