// /activity/update (spec 3 sections 2.2, 5 "Activity save", 7): the whole
// activity in one transaction. Everything that only reads is checked before
// it (prepareSave, on the pool); the write waits in the activity's sign-up
// queue (so it never races a sign-up of this instance) and locks the orders
// it clears, the teams, then the activity (as sign-ups and cancels lock
// them), so across instances too a cap is compared with the places really
// taken. `used` is never written here; a cap raised bumps the version, so
// every instance's sold-out memory forgets the activity.
import { and, eq, ne } from "drizzle-orm";
import { activities, activityProperties, categories, questionnaires, relationshipRules, tagActivities, tagGroups, tags } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { ACTIVITY_STATE } from "../../protocol/enumerations";
import { refuse, refuseField } from "../../protocol/result";
import type { Ctx, MemberCtx } from "../context";
import type { UpdateInput } from "./editor-input";
import { checkActivityFields } from "./editor-rules";
import { clearOrders, lockActivity, lockOrdersToClear } from "./lifecycle";
import { checkConditions, checkPropertyRows, writeConditions, writePropertyRows } from "./save-conditions";
import { checkRelationships, sameRelationships, storedRelationships, writeRelationships } from "./save-family";
import { checkQuiz, sameQuiz, storedQuiz, writeQuiz } from "./save-quiz";
import { checkGroups, checkTeam, writeGroups, writeTeam } from "./save-team";
import { placesReturned, serveLine } from "../signup";
import { closeLine } from "../waitlist/service";
import { checkAllocation, writeAllocation } from "../lottery/settings";

type Reads = Pick<Ctx, "db">;

/** The tag groups a team has now, as tags linking activity ids (to know whether a joined team's tags reach this activity). */
async function storedLinks(ctx: Reads, teamId: number) {
  return ctx.db
    .select({ activityId: tagActivities.activityId })
    .from(tagActivities)
    .innerJoin(tags, eq(tags.id, tagActivities.tagId))
    .innerJoin(tagGroups, eq(tagGroups.id, tags.groupId))
    .where(eq(tagGroups.teamId, teamId));
}

/** Everything /activity/update checks before its transaction: only reads, on the pool. */
export async function prepareSave({ ctx, input }: { ctx: MemberCtx; input: UpdateInput }) {
  const { db } = ctx;
  const [row] = await db.select().from(activities).where(eq(activities.id, input.activity.id));
  if (!row) refuse("ERROR_RESULT_NULL");
  if (row.state === ACTIVITY_STATE.ACTIVITY_STATE_OFFLINE) refuse("ERROR_ACTIVITY_STATE", { state: row.state });

  const team = input.team === undefined ? undefined : input.team === null ? null : await checkTeam(ctx, input.team, row);
  // The team the activity will be in: unchanged, none, a new one (0), or the one named.
  const teamAfter = team === undefined ? row.teamId : team === null ? null : (team.id ?? 0);
  // Without a team, no tag groups and no team conditions; an empty list of either is nothing to refuse.
  if (input.groups?.length && teamAfter === null) refuseField("groups", { part: "team" });
  if (input.teamReasons?.length && teamAfter === null) refuseField("teamReasons", { part: "team" });
  const groups = input.groups === undefined ? undefined : await checkGroups(ctx, input.groups, row);
  let hasGroups: boolean;
  if (groups !== undefined) hasGroups = groups.length > 0;
  else if (!teamAfter) hasGroups = false;
  else {
    const links = await storedLinks(ctx, teamAfter);
    hasGroups = links.length > 0;
    // Joining a team whose tags never reach this activity would hide it from the tag picker.
    if (teamAfter !== row.teamId && hasGroups && !links.some((l) => l.activityId === row.id)) refuseField("groups", { part: "this" });
  }

  const relationships = input.relationships === undefined ? undefined : await checkRelationships(ctx, input.relationships);
  const hasRelationships =
    relationships !== undefined ? relationships.length > 0 : (await db.select({ id: relationshipRules.id }).from(relationshipRules).where(eq(relationshipRules.activityId, row.id)).limit(1)).length > 0;
  const fields = checkActivityFields(input.activity, { hasRelationships, hasGroups });

  let categoryId: number | null | undefined;
  if (input.activity.sort !== undefined) {
    categoryId = input.activity.sort?.id ?? null;
    if (categoryId !== null) {
      const [c] = await db.select({ moduleId: categories.moduleId }).from(categories).where(eq(categories.id, categoryId));
      if (!c || c.moduleId !== row.moduleId) refuseField("sort");
    }
  }

  if (input.queries !== undefined && input.queryStock === undefined) refuseField("queryStock", { part: "stock" });
  const quiz = input.queryStock === undefined ? undefined : await checkQuiz(ctx, row.id, input.queryStock, input.queries);
  const propertyRows = input.properties === undefined ? undefined : await checkPropertyRows(ctx, input.properties);
  await needsBank(ctx, row, input);
  const activityReasons = input.activityReasons === undefined ? undefined : await checkConditions(ctx, input.activityReasons, "activityReasons");
  const teamReasons = input.teamReasons === undefined ? undefined : await checkConditions(ctx, input.teamReasons, "teamReasons");
  return { fields, categoryId, team, groups, relationships, quiz, propertyRows, activityReasons, teamReasons };
}

/**
 * "A bank is needed if properties or questions exist" (spec 3 section 5): the sign-up properties are asked in the
 * questionnaire's window. Held by a save that changes either while the binding can still change (preview); a
 * published activity's binding is fixed, and what it has stays as it was.
 */
async function needsBank(ctx: Pick<MemberCtx, "db">, row: { id: number; state: number }, input: UpdateInput) {
  if (row.state !== ACTIVITY_STATE.ACTIVITY_STATE_PREVIEW || (input.properties === undefined && input.queryStock === undefined)) return;
  const stored = async (table: typeof activityProperties | typeof questionnaires) =>
    (await ctx.db.select({ id: table.activityId }).from(table).where(eq(table.activityId, row.id)).limit(1)).length > 0;
  const hasProperties = input.properties !== undefined ? input.properties.length > 0 : await stored(activityProperties);
  if (!hasProperties) return;
  const hasBank = input.queryStock !== undefined ? Boolean(input.queryStock?.stock) : await stored(questionnaires);
  if (!hasBank) refuseField("queryStock", { part: "bank" });
}

export type PreparedSave = Awaited<ReturnType<typeof prepareSave>>;

/** The writes of /activity/update, in the command's one transaction (a batch of the activity's queue). */
export async function saveActivity({ ctx, input, prepared }: { ctx: CommandCtx<MemberCtx>; input: UpdateInput; prepared: PreparedSave }) {
  const { db } = ctx;
  const id = input.activity.id;
  const { fields, team } = prepared;
  const [peek] = await db.select({ state: activities.state }).from(activities).where(eq(activities.id, id));
  if (!peek) refuse("ERROR_RESULT_NULL");
  const inPreview = peek.state === ACTIVITY_STATE.ACTIVITY_STATE_PREVIEW;
  // Back in preview, the orders of its published time go at the next save (spec 3 section 4.1); preview orders stay until publish.
  const clear = { preview: false, published: inPreview };
  await lockOrdersToClear(ctx, id, clear);
  const row = await lockActivity(ctx, id, [team?.id ?? null]);
  if (row.state !== peek.state || row.state === ACTIVITY_STATE.ACTIVITY_STATE_OFFLINE) refuse("ERROR_ACTIVITY_STATE", { state: row.state });
  // Relationships and questionnaire are fixed once published (spec 3 section 4.1): sending them unchanged is fine.
  if (!inPreview) {
    if (prepared.relationships !== undefined && !sameRelationships(prepared.relationships, await storedRelationships(ctx, id)))
      refuse("ERROR_ACTIVITY_STATE", { field: "relationships" });
    if (prepared.quiz !== undefined && !sameQuiz(prepared.quiz, await storedQuiz(ctx, id))) refuse("ERROR_ACTIVITY_STATE", { field: "queryStock" });
  }
  // The allocation (issue 32): a lottery's draw inside the window, fixed once it opened; its line is the drawn order.
  const drawAt = fields.drawAt === undefined ? row.drawAt : fields.drawAt;
  checkAllocation({ drawAt, signStart: fields.signStart, signEnd: fields.signEnd, cap: fields.cap, hasCycle: fields.hasCycle }, row, ctx.now);
  const saved = drawAt ? { ...fields, waitlist: true } : fields;
  const cleared = await clearOrders(ctx, id, clear);
  const [{ used, cap: oldCap, waitlist: hadLine }] = (await db.select({ used: activities.used, cap: activities.cap, waitlist: activities.waitlist }).from(activities).where(eq(activities.id, id))) as [
    { used: number; cap: number | null; waitlist: boolean },
  ];
  // Never below the places already taken: a clear refusal rather than the check constraint's.
  if (fields.cap !== null && fields.cap < used) refuseField("formStock", { reason: "used", used });
  const raised = oldCap !== null && (fields.cap === null || fields.cap > oldCap);

  let teamId = row.teamId;
  if (team === null) teamId = null;
  else if (team !== undefined) teamId = await writeTeam(ctx, team, row.moduleId);
  if (prepared.groups !== undefined && teamId !== null) await writeGroups(ctx, teamId, prepared.groups);
  // One default activity per team.
  if (fields.isMain && teamId !== null) await db.update(activities).set({ isMain: false }).where(and(eq(activities.teamId, teamId), ne(activities.id, id), eq(activities.isMain, true)));

  await db
    .update(activities)
    .set({
      ...saved,
      teamId,
      ...(prepared.categoryId !== undefined ? { categoryId: prepared.categoryId } : {}),
      version: raised ? row.version + 1 : row.version,
      updatedAt: ctx.now,
    })
    .where(eq(activities.id, id));
  await writeAllocation(ctx, id, row.drawAt, drawAt);
  const line = saved.waitlist ?? hadLine;
  // Places a raised cap frees go to the waiting line first, held, in this transaction (the activity's row is locked).
  const offered = raised ? await serveLine(ctx, [{ id, cap: fields.cap, used, waitlist: line }]) : 0;
  // A line closed by the editor lets nobody else join, and those still waiting leave it; offers made stay until they are taken or expire.
  const closed = hadLine && !line ? await closeLine(ctx, id) : 0;
  if (raised) await placesReturned(ctx, [id]);
  if (prepared.relationships !== undefined && inPreview) await writeRelationships(ctx, id, prepared.relationships);
  if (prepared.quiz !== undefined && inPreview) await writeQuiz(ctx, id, prepared.quiz);
  if (prepared.propertyRows !== undefined) await writePropertyRows(ctx, id, prepared.propertyRows);
  if (prepared.activityReasons !== undefined) await writeConditions(ctx, { activityId: id }, prepared.activityReasons);
  if (prepared.teamReasons !== undefined && teamId !== null) await writeConditions(ctx, { teamId }, prepared.teamReasons);
  const detail =
    `${raised ? "cap raised; " : ""}${offered ? `offered ${offered}; ` : ""}${closed ? `line closed, ${closed} waiting; ` : ""}${cleared.cancelled ? `cancelled ${cleared.cancelled}` : ""}`
      .replace(/; $/, "")
      .trim() || null;
  return { id, team: teamId, cleared: cleared.cancelled, audit: { entity: "activity", id, detail } };
}
