// /order/sign (spec 2 sections 4, 5 and 7): one sign-up, in the command's one
// transaction. First everything that only reads: the member's standing (so
// "full" or "not eligible" is answered without touching a hot row), the
// properties, the questionnaire answers against the recorded draw, the family
// members against the relationship rules, the address and the points. Then
// the places, taken by conditional updates in one fixed order
// (./places.ts), the points, and the order rows, whose unique seat indexes
// make a second order of the same member or family member impossible. A paid
// order waits 5 minutes for its payment; the pay link is asked for after the
// commit (the route's `then`).
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import { addresses, families, orderFamilies, orderItems, orders, questionnaires, quizDraws, ruleGifts, relationshipRules } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { DomainError } from "../../protocol/result";
import { ACTIVITY_STATE, COUNTRY_TYPE, ORDER_STATE, SEND_STATE } from "../../protocol/types";
import { placeFamily, type Rule } from "../activity/family-rules";
import { loadActivity, type Loaded, type Member, memberOf, quizItemsOf, standingOf, visible } from "../activity/load";
import { checkAnswers, scoreAnswers, type QuizItem } from "../activity/questionnaire";
import { activityPropertiesOf } from "../activity/view";
import type { MemberCtx } from "../context";
import { newTrade, recordPayment, requestPayLink } from "../payment/create";
import { spendPoints } from "../points/ledger";
import type { SubmittedValue } from "../property/validate";
import { validateProfile } from "../property/validate";
import { type Claim, takeAll } from "./places";
import { knownSoldOut, rememberIfCapReached, rememberSoldOut, soldOutAt } from "./sold-out";
import { isoOf } from "../shared/fields";

/** Tests only: a pause between the checks and the writes, to prove the writes alone keep the limits. */
export const signHooks: { beforeTake: (() => Promise<void>) | null } = { beforeTake: null };

/** Spec 2 section 9: a sign-up's payment is valid 5 minutes. */
export const PAY_WINDOW_MS = 5 * 60_000;

export type SignInput = {
  activity: number;
  properties?: SubmittedValue[];
  quests?: { id: number; value: string | string[] }[];
  clans?: { id: number; gift?: number | null }[];
  address?: number | null;
  integral?: number;
  time?: number;
  draw?: number | null;
};

function refuse(code: ConstructorParameters<typeof DomainError>[0], params?: Record<string, unknown>): never {
  throw new DomainError(code, params);
}

async function checkProperties(ctx: MemberCtx, loaded: Loaded, member: Member, submitted: SubmittedValue[]) {
  const rows = await activityPropertiesOf(ctx.db, loaded.activity.id, member);
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
async function checkQuiz(ctx: MemberCtx, loaded: Loaded, input: SignInput) {
  const [settings] = await ctx.db.select().from(questionnaires).where(eq(questionnaires.activityId, loaded.activity.id));
  if (!settings) return (input.quests ?? []).length === 0 ? null : refuse("ERROR_SIGN_PARAMS", { field: "quests" });
  if (!input.draw) return refuse("ERROR_SIGN_PARAMS", { field: "draw" });
  const [draw] = await ctx.db
    .select()
    .from(quizDraws)
    .where(and(eq(quizDraws.id, input.draw), eq(quizDraws.userId, ctx.actor.id), eq(quizDraws.activityId, loaded.activity.id)));
  if (!draw) return refuse("ERROR_SIGN_PARAMS", { field: "draw" });
  // In the order they were asked; a question removed since is simply no longer asked.
  const items: QuizItem[] = await quizItemsOf(ctx.db, loaded.activity.id, draw.questionIds);
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

async function checkFamily(ctx: MemberCtx, loaded: Loaded, clans: NonNullable<SignInput["clans"]>) {
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

/** What the member pays in money and points: the deduction only where the rules allow it. */
export function chargeOf(a: { price: number; integral: number; deduction: number; mustIntegral: boolean }, deduct: boolean) {
  if (deduct && !(a.price > 0 && a.deduction > 0 && a.integral > 0 && !a.mustIntegral)) return null;
  return { amount: Math.max(0, a.price - (deduct ? a.deduction : 0)), points: a.mustIntegral || deduct ? a.integral : 0 };
}

/** The member's order numbers still free in 1..formCount, `n` of them (a race for the same one meets the unique index). */
async function freeSeqs(ctx: MemberCtx, loaded: Loaded, cycle: number, n: number): Promise<number[]> {
  const taken = await ctx.db
    .select({ seq: orderItems.seq })
    .from(orderItems)
    .where(and(eq(orderItems.activityId, loaded.activity.id), eq(orderItems.userId, ctx.actor.id), eq(orderItems.cycle, cycle), ne(orderItems.state, ORDER_STATE.ORDER_STATE_CANCEL)));
  const used = new Set(taken.map((t) => t.seq));
  const free: number[] = [];
  for (let seq = 1; seq <= loaded.activity.formCount && free.length < n; seq++) if (!used.has(seq)) free.push(seq);
  return free.length === n ? free : refuse("ERROR_SIGN_FINISH", { activity: loaded.activity.id });
}

/**
 * One activity's sign-up draft checked against every rule that only reads:
 * visibility, the member's standing, properties, questionnaire, family.
 * What the sign-up, the trolley and the checkout all check first.
 */
export async function checkDraft(ctx: MemberCtx, input: SignInput, known?: Member) {
  if (await knownSoldOut(ctx, input.activity)) return refuse("ERROR_SIGN_FULL");
  const [loaded, member] = await Promise.all([loadActivity(ctx.db, input.activity), known ?? memberOf(ctx.db, ctx.actor)]);
  if (!loaded || !visible(loaded, member, ctx.now) || loaded.activity.state === ACTIVITY_STATE.ACTIVITY_STATE_OFFLINE) return refuse("ERROR_RESULT_NULL");
  const a = loaded.activity;
  const standing = await standingOf(ctx.db, loaded, member, ctx.now);
  // Only the activity's own cap is remembered: a team's or a cycle's places come back without bumping its version.
  if (a.cap !== null && a.used >= a.cap) rememberSoldOut(ctx, a);
  if (standing.outcome !== "SUCCESS") return refuse(standing.outcome);

  const propertyValues = await checkProperties(ctx, loaded, member, input.properties ?? []);
  const quiz = await checkQuiz(ctx, loaded, input);
  const kin = await checkFamily(ctx, loaded, input.clans ?? []);
  const places = (a.calUserCount ? 1 : 0) + kin.filter((k) => k.rule.calCount).length;
  return { loaded, member, standing, propertyValues, quiz, kin, places };
}

export type CheckedDraft = Awaited<ReturnType<typeof checkDraft>>;
export type Charge = NonNullable<ReturnType<typeof chargeOf>>;

/** Everything /order/sign checks before its transaction: only reads, on the pool. */
export async function prepareSign({ ctx, input }: { ctx: MemberCtx; input: SignInput }) {
  const draft = await checkDraft(ctx, input);
  const a = draft.loaded.activity;
  const address = await addressOf(ctx, draft.loaded, input.address);
  const charge = chargeOf(a, input.integral === 1);
  if (!charge) return refuse("ERROR_SIGN_DEDUCTION");
  if (charge.points > draft.standing.points) return refuse(a.mustIntegral ? "ERROR_SIGN_INTEGRAL" : "ERROR_SIGN_DEDUCTION");
  return { draft, address, charge };
}

export type PreparedSign = Awaited<ReturnType<typeof prepareSign>>;

/** The writes of a sign-up, in the command's one transaction, from what prepareSign checked. */
export async function signUp({ ctx, input, prepared }: { ctx: CommandCtx<MemberCtx>; input: SignInput; prepared: PreparedSign }) {
  const { draft, address, charge } = prepared;
  const a = draft.loaded.activity;
  // Sold out since this request was checked (an earlier sign-up of its batch took the last place).
  if (soldOutAt(ctx, a)) return refuse("ERROR_SIGN_FULL");
  const placed = await placeOrder(ctx, { units: [{ draft, charge, time: draft.quiz?.time ?? input.time ?? null }], address, deducted: input.integral === 1, prefix: "A" });
  const quiz = draft.quiz;
  return {
    ...placed,
    ticket: a.hasTicket && !placed.expires,
    score: quiz?.score ?? null,
    review: quiz?.showAnswer ? quiz.items.map((i) => ({ id: i.question.id, answer: i.answer, score: i.score })) : null,
  };
}

/** One unit of an order: a checked draft, what it costs, the seconds its questionnaire took. */
export type Unit = { draft: CheckedDraft; charge: Charge; time: number | null };

type AddressRow = typeof addresses.$inferSelect;

/**
 * The write queue of an activity's places (src/http/kit.ts `queue`): its
 * sign-ups and the checkouts of it alone wait there and are written in
 * batches, so a hot item's row is locked once per batch, whichever way the
 * members came.
 */
export const activityQueue = (activity: number) => `activity:${activity}`;

const joined = (units: readonly Unit[], pick: (a: Loaded["activity"]) => string, separator: string) =>
  [...new Set(units.map((u) => pick(u.draft.loaded.activity)))].join(separator);

/**
 * Writes one order of one or more units (a sign-up, or a checkout of the
 * trolley), all or nothing: seats, then places (one conditional update per
 * row, in one order), then points, then the rows. A refusal names the
 * activity whose unit was refused.
 */
export async function placeOrder(ctx: CommandCtx<MemberCtx>, args: { units: readonly Unit[]; address: AddressRow | null; deducted: boolean; prefix: string }) {
  const { units, address } = args;
  // Each unit holds its own seat: an activity's units take that many free order numbers.
  const seqs = new Map<number, number[]>();
  for (const u of units) {
    const a = u.draft.loaded.activity;
    if (!seqs.has(a.id)) seqs.set(a.id, await freeSeqs(ctx, u.draft.loaded, u.draft.standing.cycle, units.filter((v) => v.draft.loaded.activity.id === a.id).length));
  }
  const claims: Claim[] = units.map(({ draft }) => {
    const { loaded, standing, quiz, kin, places } = draft;
    const team = loaded.team;
    return {
      activityId: loaded.activity.id,
      teamId: team && team.cap !== null ? team.id : null,
      places,
      cycle: loaded.activity.hasCycle ? { number: standing.cycle, cap: loaded.activity.cycleCount } : null,
      options: quiz?.taken ?? [],
      gifts: kin.flatMap((k) => (k.gift === null ? [] : [k.gift])),
    };
  });
  if (signHooks.beforeTake) await signHooks.beforeTake();
  const full = await takeAll(ctx.db, claims);
  if (full) {
    const refused = units[full.claim]!.draft.loaded.activity;
    // The activity's own cap refused (not a team's or a cycle's, whose places come back without its version moving).
    if (full.code === "ERROR_SIGN_FULL" && refused.cap !== null) await rememberIfCapReached(ctx, refused.id);
    return refuse(full.code, { activity: refused.id });
  }

  const trade = newTrade(args.prefix, ctx.now);
  const price = units.reduce((n, u) => n + u.draft.loaded.activity.price, 0);
  const amount = units.reduce((n, u) => n + u.charge.amount, 0);
  const points = units.reduce((n, u) => n + u.charge.points, 0);
  const names = { zh: joined(units, (a) => a.nameZh, "、"), en: joined(units, (a) => a.nameEn, ", ") };
  const note = { descZh: `报名：${names.zh}`, descEn: `Sign-up: ${names.en}` };
  const pointParts = points > 0 ? await spendPoints(ctx.db, { userId: ctx.actor.id, amount: points, now: ctx.now, note }) : [];
  if (pointParts === null) {
    const must = units.find((u) => u.draft.loaded.activity.mustIntegral && u.charge.points > 0);
    return refuse(must ? "ERROR_SIGN_INTEGRAL" : "ERROR_SIGN_DEDUCTION");
  }

  // An activity in preview makes preview orders (deleted when it goes live); a checkout never mixes the two (src/domains/cart).
  const preview = units.every((u) => u.draft.loaded.activity.state === ACTIVITY_STATE.ACTIVITY_STATE_PREVIEW);
  const paying = amount > 0 && !preview;
  const state = preview ? ORDER_STATE.ORDER_STATE_PREVIEW : paying ? ORDER_STATE.ORDER_STATE_WAIT : ORDER_STATE.ORDER_STATE_SUCCESS;
  const expiresAt = paying ? new Date(ctx.now.getTime() + PAY_WINDOW_MS) : null;
  const [order] = await ctx.db
    .insert(orders)
    .values({
      trade,
      userId: ctx.actor.id,
      state,
      sendState: SEND_STATE.SEND_STATE_WAIT,
      price,
      amount,
      points,
      deducted: args.deducted,
      pointParts,
      liaison: address?.name ?? null,
      phone: address?.phone ?? null,
      address0: address?.address0 ?? null,
      address1: address?.address1 ?? null,
      address2: address?.address2 ?? null,
      address3: address?.address3 ?? null,
      addressInfo: address?.info ?? null,
      createdAt: ctx.now,
      updatedAt: ctx.now,
      expiresAt,
      payDate: paying ? null : ctx.now,
    })
    .returning({ id: orders.id });
  const items = await ctx.db
    .insert(orderItems)
    .values(
      units.map(({ draft, time }, n) => {
        const a = draft.loaded.activity;
        return {
          orderId: order!.id,
          childTrade: `${trade}-${n + 1}`,
          userId: ctx.actor.id,
          activityId: a.id,
          teamId: claims[n]!.teamId,
          teamSeat: draft.loaded.team?.signOnly ? draft.loaded.team.id : null,
          cycle: draft.standing.cycle,
          seq: seqs.get(a.id)!.shift()!,
          places: draft.places,
          state,
          properties: draft.propertyValues,
          quests: draft.quiz?.values ?? [],
          takes: { options: claims[n]!.options, gifts: claims[n]!.gifts },
          score: draft.quiz?.score ?? null,
          time,
          createdAt: ctx.now,
        };
      }),
    )
    .returning({ id: orderItems.id });
  const carried = units.flatMap(({ draft }, n) =>
    draft.kin.map(({ kin: k, rule, gift }) => ({
      itemId: items[n]!.id,
      activityId: draft.loaded.activity.id,
      familyId: k.id,
      ruleId: rule.id,
      giftId: gift,
      name: k.name,
      identity: k.identity.toUpperCase(),
      idType: k.idType,
      relationId: k.relationId,
      sex: k.sex,
      birthday: k.birthday,
      phone: k.phone,
      counted: rule.calCount,
      state,
    })),
  );
  if (carried.length > 0) await ctx.db.insert(orderFamilies).values(carried);
  if (paying)
    await recordPayment(ctx, { trade, kind: "order", refId: order!.id, userId: ctx.actor.id, subject: `${names.zh} / ${names.en}`.slice(0, 200), amount, expiresAt: expiresAt! });

  return { trade, order: order!.id, state: { id: state }, amount, expires: isoOf(expiresAt), audit: { entity: "order", id: order!.id, detail: trade } };
}

/** After the commit: the pay link of an order waiting for payment (the payment window's QR); none for a free one. */
export async function withPayLink<R extends { trade: string; expires: string | null }>({ ctx, result }: { ctx: MemberCtx; result: R }) {
  const pay = result.expires ? await requestPayLink(ctx, result.trade) : null;
  return { ...result, pay, code: pay };
}
