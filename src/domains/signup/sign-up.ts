// /order/sign (spec 2 sections 4, 5 and 7): one sign-up. Before the
// transaction, on the pool, everything that only reads (./draft.ts), the
// address and the charge; in the command's one transaction (a batch of its
// activity's queue), the writer (./writer.ts); after the commit, the pay link.
import type { Answered, CommandCtx } from "../../http/kit";
import { refuse } from "../../protocol/result";
import type { MemberCtx } from "../context";
import { requestPayLink } from "../payment/create";
import { chargeOf } from "./charge";
import { addressOf, checkDraft } from "./draft";
import { type SignInput, signInput } from "./input";
import { activityQueue, orderWriter, seatConflicts } from "./queue";
import { type OrderPlan, type Placed, placeOrder } from "./writer";

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

/** What a sign-up writes: one order of one unit. */
export const signPlan = ({ input, prepared }: { input: SignInput; prepared: PreparedSign }): OrderPlan => ({
  units: [{ draft: prepared.draft, charge: prepared.charge, time: prepared.draft.quiz?.time ?? input.time ?? null }],
  address: prepared.address,
  deducted: input.integral === 1,
  prefix: "A",
});

/** A sign-up's answer: the order, and what its ticket and quiz show. */
export function signAnswer(prepared: PreparedSign, placed: Placed) {
  const quiz = prepared.draft.quiz;
  return {
    ...placed,
    ticket: prepared.draft.loaded.activity.hasTicket && !placed.expires,
    score: quiz?.score ?? null,
    review: quiz?.showAnswer ? quiz.items.map((i) => ({ id: i.question.id, answer: i.answer, score: i.score })) : null,
  };
}

/** The writes of a sign-up, in the command's one transaction (alone, or in its activity's batch: ./queue.ts and ./writer.ts). */
export async function signUp({ ctx, input, prepared }: { ctx: CommandCtx<MemberCtx>; input: SignInput; prepared: PreparedSign }) {
  return signAnswer(prepared, await placeOrder(ctx, signPlan({ input, prepared })));
}

/** After the commit: the pay link of an order waiting for payment (the payment window's QR); none for a free one. */
export async function withPayLink<R extends { trade: string; expires: string | null }>({ ctx, result }: { ctx: MemberCtx; result: R }) {
  const pay = result.expires ? await requestPayLink(ctx, result.trade) : null;
  return { ...result, pay, code: pay };
}

/**
 * /order/sign as one pipeline, in the order the kit runs it
 * (docs/architecture.md follows it to its tables): every rule that only reads,
 * on the pool (prepare: ./draft.ts, then the address and the charge); one
 * queue per activity, so the database sees one writer per hot row; the batch,
 * set-based, each order judged alone (./writer.ts); the seat indexes a second
 * sign-up breaks; the audit row; after the commit, the pay link.
 */
export const signUpCommand = {
  input: signInput,
  prepare: prepareSign,
  queue: ({ input }: { input: SignInput }) => activityQueue(input.activity),
  batch: { writer: orderWriter, plan: signPlan, answer: ({ prepared, written }: { prepared: PreparedSign; written: Placed }) => signAnswer(prepared, written) },
  conflicts: seatConflicts,
  audit: "order.sign",
  then: withPayLink<Answered<ReturnType<typeof signUp>>>,
};
