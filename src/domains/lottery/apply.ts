// A member's part in a lottery (issue 32, decision 138): apply through the
// sign-up's own windows before the draw (every rule a sign-up checks, but no
// place taken and no order written), withdraw before it, and, drawn among
// the places, confirm the place the draw's offer holds with what was sent
// when applying: the sign-up pipeline itself, naming the offer.
import { and, eq, inArray } from "drizzle-orm";
import { Type as t } from "@sinclair/typebox";
import { activities, lotteryEntries, waitlist, WAITLIST_STATE } from "../../db/schema";
import type { Answered, CommandCtx } from "../../http/kit";
import { refuse } from "../../protocol/result";
import type { MemberCtx } from "../context";
import { idField } from "../shared/fields";
import {
  activityQueue,
  addressOf,
  chargeOf,
  checkDraft,
  orderWriter,
  type Placed,
  prepareSign,
  type PreparedSign,
  seatConflicts,
  signAnswer,
  signInput,
  type SignInput,
  signPlan,
  signUp,
  withPayLink,
} from "../signup";

/** What an application sends: a sign-up's fields, without an offer (nothing is held yet). */
export const applyInput = t.Omit(signInput, ["offer"]);
export type ApplyInput = typeof applyInput.static;
export const activityInput = t.Object({ activity: idField });

/** Before /lottery/apply's transaction: the draft checked as a sign-up's would be, while the outcome is "apply before the draw"; the address and the points too. */
export async function prepareApply({ ctx, input }: { ctx: MemberCtx; input: ApplyInput }) {
  const draft = await checkDraft(ctx, input, undefined, "apply");
  const address = await addressOf(ctx, draft.loaded, input.address);
  const charge = chargeOf(draft.loaded.activity, input.integral === 1);
  if (!charge) return refuse("ERROR_SIGN_DEDUCTION");
  if (charge.points > draft.standing.points) return refuse(draft.loaded.activity.mustIntegral ? "ERROR_SIGN_INTEGRAL" : "ERROR_SIGN_DEDUCTION");
  return { address: address?.id ?? null };
}

/**
 * In the transaction, the activity's row is read under a share lock: the
 * draw takes it for update, so an application either commits before the
 * draw reads the applicants or sees the draw done and is refused.
 */
async function beforeTheDraw(ctx: CommandCtx<MemberCtx>, activityId: number) {
  const [a] = await ctx.db.select({ drawAt: activities.drawAt, drawnAt: activities.drawnAt }).from(activities).where(eq(activities.id, activityId)).for("share");
  if (!a?.drawAt) refuse("ERROR_RESULT_NULL");
  if (a.drawnAt || a.drawAt <= ctx.now) refuse("ERROR_LOTTERY_CLOSED");
}

/** /lottery/apply: the member's one application (the unique index refuses a second); its id is the number the draw orders. */
export async function apply({ ctx, input, prepared }: { ctx: CommandCtx<MemberCtx>; input: ApplyInput; prepared: { address: number | null } }) {
  await beforeTheDraw(ctx, input.activity);
  const { activity, ...rest } = input;
  const [row] = await ctx.db
    .insert(lotteryEntries)
    .values({ activityId: activity, userId: ctx.actor.id, input: { ...rest, address: prepared.address }, createdAt: ctx.now })
    .returning({ id: lotteryEntries.id });
  return { id: row!.id, audit: { entity: "activity", id: activity, detail: `application ${row!.id}` } };
}

/** /lottery/withdraw: the member takes their application back, before the draw. */
export async function withdraw({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: { activity: number } }) {
  await beforeTheDraw(ctx, input.activity);
  const gone = await ctx.db
    .delete(lotteryEntries)
    .where(and(eq(lotteryEntries.activityId, input.activity), eq(lotteryEntries.userId, ctx.actor.id)))
    .returning({ id: lotteryEntries.id });
  if (gone.length === 0) refuse("ERROR_LOTTERY_NONE");
  return { audit: { entity: "activity", id: input.activity, detail: `application ${gone[0]!.id} withdrawn` } };
}

/** The sign-up a winner's confirmation makes: the application's own fields, naming the offer the draw made them. */
async function confirmation(ctx: MemberCtx, activityId: number): Promise<SignInput> {
  const [entry] = await ctx.db
    .select({ input: lotteryEntries.input })
    .from(lotteryEntries)
    .where(and(eq(lotteryEntries.activityId, activityId), eq(lotteryEntries.userId, ctx.actor.id)));
  if (!entry) return refuse("ERROR_LOTTERY_NONE");
  const [offer] = await ctx.db
    .select({ id: waitlist.id })
    .from(waitlist)
    .where(and(eq(waitlist.activityId, activityId), eq(waitlist.userId, ctx.actor.id), inArray(waitlist.state, [WAITLIST_STATE.OFFERED])));
  if (!offer) return refuse("ERROR_WAITLIST_OFFER_EXPIRED");
  return { ...(entry.input as Omit<SignInput, "activity" | "offer">), activity: activityId, offer: offer.id };
}

type PreparedConfirm = PreparedSign & { sign: SignInput };

/**
 * /lottery/confirm as the sign-up's own pipeline (./../signup/sign-up.ts):
 * the same checks on the pool, the same queue and batch writer, the same
 * seat conflicts and pay link, with the application's fields and the offer.
 * A rule that changed since (an address removed, an option closed) refuses as
 * a sign-up would; the member can still sign up in the windows, naming the offer.
 */
export const confirmCommand = {
  input: activityInput,
  prepare: async ({ ctx, input }: { ctx: MemberCtx; input: { activity: number } }): Promise<PreparedConfirm> => {
    const sign = await confirmation(ctx, input.activity);
    return { ...(await prepareSign({ ctx, input: sign })), sign };
  },
  queue: ({ input }: { input: { activity: number } }) => activityQueue(input.activity),
  batch: {
    writer: orderWriter,
    plan: ({ prepared }: { prepared: PreparedConfirm }) => signPlan({ input: prepared.sign, prepared }),
    answer: ({ prepared, written }: { prepared: PreparedConfirm; written: Placed }) => signAnswer(prepared, written),
  },
  conflicts: seatConflicts,
  audit: "lottery.confirm",
  then: withPayLink<Answered<ReturnType<typeof signUp>>>,
};

export const confirm = ({ ctx, prepared }: { ctx: CommandCtx<MemberCtx>; input: { activity: number }; prepared: PreparedConfirm }) => signUp({ ctx, input: prepared.sign, prepared });
