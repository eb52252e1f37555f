// The sign-up draft check (spec 2 sections 4 and 5): one activity's draft
// against every rule that only reads, in the order the spec's flow gives:
// visibility, the member's standing, the properties, the questionnaire
// against its recorded draw, the family members against the relationship
// rules, then (for a sign-up or a checkout) the address. What the sign-up,
// the trolley and the checkout all check first, before any transaction.
import { and, asc, eq, inArray } from "drizzle-orm";
import { addresses, families, questionnaires, quizDraws, relationshipRules, ruleGifts } from "../../db/schema";
import { ACTIVITY_STATE, COUNTRY_TYPE } from "../../protocol/enumerations";
import type { MemberCtx } from "../context";
import type { SubmittedValue } from "../property/validate";
import { validateProfile } from "../property/validate";
import { placeFamily, type Rule } from "./family";
import type { DraftInput } from "./input";
import { activityPropertiesOf, loadActivity, type Loaded, quizItemsOf } from "./loaded";
import { checkAnswers, scoreAnswers, type QuizItem } from "./questionnaire";
import { refuse } from "./refuse";
import { type Member, memberOf, standingOf } from "./standing";
import { visible } from "./visibility";

async function checkProperties(ctx: MemberCtx, loaded: Loaded, member: Member, submitted: SubmittedValue[]) {
  const rows = await activityPropertiesOf(ctx, loaded.activity.id, member);
  if (rows.length === 0) return submitted.length === 0 ? [] : refuse("ERROR_SIGN_PARAMS", { field: "properties" });
  const result = validateProfile({
    properties: rows.map((r) => ({ ...r.property, isMust: r.isMust, isReadonly: r.isReadonly, isShow: true })),
    nationalityType: member.foreigner ? COUNTRY_TYPE.COUNTRY_TYPE_FOREIGNER : COUNTRY_TYPE.COUNTRY_TYPE_CHINESE,
    submitted,
    current: rows.flatMap((r) => (r.value === null ? [] : [{ propertyId: r.property.id, optionId: r.option?.id ?? null, value: r.value as string | string[] }])),
  });
  if (!result.ok) refuse("ERROR_SIGN_PARAMS", { property: result.property });
  return result.ok ? result.values.map((v) => ({ id: v.propertyId, value: v.value })) : [];
}

/** The recorded draw's questions, checked and scored; below the pass line is refused with both figures. */
async function checkQuiz(ctx: MemberCtx, loaded: Loaded, input: DraftInput) {
  const [settings] = await ctx.db.select().from(questionnaires).where(eq(questionnaires.activityId, loaded.activity.id));
  if (!settings) return (input.quests ?? []).length === 0 ? null : refuse("ERROR_SIGN_PARAMS", { field: "quests" });
  if (!input.draw) return refuse("ERROR_SIGN_PARAMS", { field: "draw" });
  const [draw] = await ctx.db
    .select()
    .from(quizDraws)
    .where(and(eq(quizDraws.id, input.draw), eq(quizDraws.userId, ctx.actor.id), eq(quizDraws.activityId, loaded.activity.id)));
  if (!draw) return refuse("ERROR_SIGN_PARAMS", { field: "draw" });
  // In the order they were asked; a question removed since is simply no longer asked.
  const items: QuizItem[] = await quizItemsOf(ctx, loaded.activity.id, draw.questionIds);
  const checked = checkAnswers({ items, answers: input.quests ?? [], now: ctx.now });
  if (!checked.ok) {
    if (checked.reason === "full" || checked.reason === "expired") refuse("ERROR_SIGN_OPTION_FULL", { query: checked.question });
    refuse("ERROR_SIGN_PARAMS", { query: checked.question, reason: checked.reason });
  }
  const score = settings.isScoring ? scoreAnswers(items, checked.values) : null;
  if (score !== null && settings.passLine > 0 && score < settings.passLine) refuse("ERROR_SIGN_SCORE", { passLine: settings.passLine, score });
  const time = Math.max(0, Math.round((ctx.now.getTime() - draw.startedAt.getTime()) / 1000));
  return { values: checked.values, taken: checked.taken, score, time, showAnswer: settings.showAnswer, items };
}

async function checkFamily(ctx: MemberCtx, loaded: Loaded, clans: NonNullable<DraftInput["clans"]>) {
  const ruleRows = await ctx.db
    .select()
    .from(relationshipRules)
    .where(eq(relationshipRules.activityId, loaded.activity.id))
    .orderBy(asc(relationshipRules.sortIndex), asc(relationshipRules.id));
  if (ruleRows.length === 0) return clans.length === 0 ? [] : refuse("ERROR_SIGN_PARAMS", { field: "clans" });
  const giftRows = await ctx.db.select().from(ruleGifts).where(inArray(ruleGifts.ruleId, ruleRows.map((r) => r.id)));
  const rules: Rule[] = ruleRows.map((r) => ({ ...r, giftIds: giftRows.filter((g) => g.ruleId === r.id).map((g) => g.giftId) }));
  const kin = await ctx.db.select().from(families).where(eq(families.userId, ctx.actor.id));
  const placed = placeFamily(rules, kin, clans);
  if (!placed.ok) {
    const { ok: _, ...why } = placed;
    return refuse("ERROR_SIGN_FAMILY", why);
  }
  return placed.placed.map((p) => ({ ...p, kin: kin.find((k) => k.id === p.kin.id)! }));
}

export async function addressOf(ctx: MemberCtx, loaded: Pick<Loaded, "activity">, id: number | null | undefined) {
  if (!loaded.activity.hasAddress) return null;
  if (!id) return refuse("ERROR_SIGN_ADDRESS");
  const [row] = await ctx.db.select().from(addresses).where(and(eq(addresses.id, id), eq(addresses.userId, ctx.actor.id)));
  return row ?? refuse("ERROR_SIGN_ADDRESS");
}

/**
 * One activity's sign-up draft checked against every rule that only reads:
 * visibility, the member's standing, properties, questionnaire, family.
 * What the sign-up, the trolley and the checkout all check first.
 */
export async function checkDraft(ctx: MemberCtx, input: DraftInput, known?: Member) {
  if (await ctx.app.soldOut.known(ctx, input.activity)) return refuse("ERROR_SIGN_FULL");
  const [loaded, member] = await Promise.all([loadActivity(ctx, input.activity), known ?? memberOf(ctx, ctx.actor)]);
  if (!loaded || !visible(loaded, member, ctx.now) || loaded.activity.state === ACTIVITY_STATE.ACTIVITY_STATE_OFFLINE) return refuse("ERROR_RESULT_NULL");
  const a = loaded.activity;
  const standing = await standingOf(ctx, loaded, member);
  // Only the activity's own cap is remembered: a team's or a cycle's places come back without bumping its version.
  if (a.cap !== null && a.used >= a.cap) ctx.app.soldOut.remember(a.id, ctx.now);
  if (standing.outcome !== "SUCCESS") return refuse(standing.outcome);

  const propertyValues = await checkProperties(ctx, loaded, member, input.properties ?? []);
  const quiz = await checkQuiz(ctx, loaded, input);
  const kin = await checkFamily(ctx, loaded, input.clans ?? []);
  const places = (a.calUserCount ? 1 : 0) + kin.filter((k) => k.rule.calCount).length;
  return { loaded, member, standing, propertyValues, quiz, kin, places };
}

export type CheckedDraft = Awaited<ReturnType<typeof checkDraft>>;
