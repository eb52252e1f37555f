// The sign-up draft check (spec 2 sections 4 and 5): one activity's draft
// against every rule that only reads, in the order the spec's flow gives:
// visibility, the member's standing, the properties, the questionnaire
// against its recorded draw, the family members against the relationship
// rules, then (for a sign-up or a checkout) the address. What the sign-up,
// the trolley and the checkout all check first, before any transaction.
import { and, eq } from "drizzle-orm";
import { addresses, families, quizDraws } from "../../db/schema";
import { ACTIVITY_STATE, COUNTRY_TYPE } from "../../protocol/enumerations";
import { refuse } from "../../protocol/result";
import type { MemberCtx } from "../context";
import type { SubmittedValue } from "../property/validate";
import { validateProfile } from "../property/validate";
import type { Member } from "./conditions";
import type { SignConfig } from "./config";
import { placeFamily } from "./family";
import type { DraftInput } from "./input";
import { formOf, type Loaded } from "./loaded";
import { checkAnswers, scoreAnswers, type QuizItem } from "./questionnaire";
import { memberStanding, standingOf } from "./standing";
import { visible } from "./visibility";
import { liveOffer } from "./waitlist";

function checkProperties(config: SignConfig, member: Member, submitted: SubmittedValue[]) {
  const rows = formOf(config.form, member);
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
async function checkQuiz(ctx: MemberCtx, config: SignConfig, input: DraftInput) {
  const settings = config.questionnaire;
  if (!settings) return (input.quests ?? []).length === 0 ? null : refuse("ERROR_SIGN_PARAMS", { field: "quests" });
  if (!input.draw) return refuse("ERROR_SIGN_PARAMS", { field: "draw" });
  const activityId = config.loaded.activity.id;
  const [draw] = await ctx.db
    .select()
    .from(quizDraws)
    .where(and(eq(quizDraws.id, input.draw), eq(quizDraws.userId, ctx.actor.id), eq(quizDraws.activityId, activityId)));
  if (!draw) return refuse("ERROR_SIGN_PARAMS", { field: "draw" });
  // In the order they were asked; a question removed since is simply no longer asked.
  const drawn = new Set(draw.questionIds);
  const items: QuizItem[] = config.items.filter((i) => drawn.has(i.question.id));
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

async function checkFamily(ctx: MemberCtx, config: SignConfig, clans: NonNullable<DraftInput["clans"]>) {
  const { rules } = config;
  if (rules.length === 0) return clans.length === 0 ? [] : refuse("ERROR_SIGN_PARAMS", { field: "clans" });
  // Nobody chosen: the rules' minimums alone decide, without the member's family.
  const kin = clans.length === 0 ? [] : await ctx.db.select().from(families).where(eq(families.userId, ctx.actor.id));
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
 * What the sign-up, the trolley and the checkout all check first, and a
 * lottery's application (`purpose` "apply") before the draw.
 */
export async function checkDraft(ctx: MemberCtx, input: DraftInput, known?: Member, purpose: "sign" | "apply" = "sign") {
  // 1. A waiting-list offer named by the sign-up holds a place of a full activity for this member (decision 96): one read, only then. Gone: ERROR_WAITLIST_OFFER_EXPIRED.
  const offer = input.offer ? await liveOffer(ctx, input.offer, ctx.actor.id, input.activity) : null;
  if (input.offer && !offer) return refuse("ERROR_WAITLIST_OFFER_EXPIRED");
  // 2. "Full" from this instance's memory first (decisions 41 and 88: remembered against a version the cancel and expiry paths bump): ERROR_SIGN_FULL without a read.
  if (!offer && purpose === "sign" && (await ctx.app.soldOut.known(ctx, input.activity))) return refuse("ERROR_SIGN_FULL");
  // 3. The activity and its rules: one statement for the live counters and the configuration's version, the rest from this instance's cache (./config.ts). None: ERROR_RESULT_NULL.
  const config = await ctx.app.signConfig.of(ctx, input.activity);
  if (!config) return refuse("ERROR_RESULT_NULL");
  const { loaded } = config;
  // The member's standing counts the place their offer holds as theirs (the writer takes it from the hold, not anew).
  const mine = offer ? { ...loaded, activity: { ...loaded.activity, used: Math.max(0, loaded.activity.used - 1) } } : loaded;
  const { member, standing: read } = known ? { member: known, standing: null } : await memberStanding(ctx, mine, ctx.actor);
  // 4. Visibility (spec 2 section 4, activity state; the "show" conditions): an activity the member may not see, or offline, is ERROR_RESULT_NULL.
  if (!visible(loaded, member, ctx.now) || loaded.activity.state === ACTIVITY_STATE.ACTIVITY_STATE_OFFLINE) return refuse("ERROR_RESULT_NULL");
  const a = loaded.activity;
  const standing = read ?? (await standingOf(ctx, mine, member));
  // Only the activity's own cap is remembered: a team's or a cycle's places come back without telling the memory.
  if (a.cap !== null && a.used >= a.cap) ctx.app.soldOut.remember(a.id, ctx.now);
  // 5. Eligibility (spec 2 section 4's outcomes, ./eligibility.ts): no permission, not started, ended, full, finished, points insufficient, member-intercept; each its ERROR_SIGN_* code.
  //    A lottery's application (issue 32) is checked as a sign-up would be, while the outcome is "apply before the draw".
  if (purpose === "apply" && (!a.drawAt || a.drawnAt)) return refuse("ERROR_LOTTERY_CLOSED");
  if (standing.outcome !== (purpose === "apply" ? "ERROR_LOTTERY_APPLY" : "SUCCESS")) return refuse(standing.outcome);

  // 6. The sign-up form's profile properties (spec 2 section 5, questionnaire: properties before questions): ERROR_SIGN_PARAMS naming the property.
  const propertyValues = checkProperties(config, member, input.properties ?? []);
  // 7. The questionnaire against its recorded draw (spec 2 section 5, questionnaire and scoring): ERROR_SIGN_PARAMS, ERROR_SIGN_OPTION_FULL, ERROR_SIGN_SCORE with the pass line and the score.
  const quiz = await checkQuiz(ctx, config, input);
  // 8. Family members against the relationship rules (spec 2 section 5, family picker): ERROR_SIGN_FAMILY with what broke.
  const kin = await checkFamily(ctx, config, input.clans ?? []);
  const places = (a.calUserCount ? 1 : 0) + kin.filter((k) => k.rule.calCount).length;
  return { loaded, member, standing, propertyValues, quiz, kin, places, offer: offer?.id ?? null };
}

export type CheckedDraft = Awaited<ReturnType<typeof checkDraft>>;
