// Giving back money owed (issue 29 section 4, docs/decisions.md 114). A
// payment owed back (PAY_STATE_REFUND_OWED: paid late with nothing to
// retake, its activity reverted, or cancelled by staff) is refunded whole,
// once, through the provider it was paid with:
//   1. the command (`requestRefund`), in one transaction: the thing paid for
//      and the payment locked in the usual order, the refund row written
//      (one per payment, by index) as processing;
//   2. after the commit (`sendRefund`), the provider is asked, outside any
//      transaction, and what it says is recorded in a second short write;
//   3. a refund the provider is still working on, or whose answer never came,
//      is settled by its notification (`settleRefundNotice`) or by asking
//      (`refundsToCheck` and `checkRefunds`, a job), whichever comes first.
// A failed refund keeps the provider's reason and may be asked for again:
// under the same refund number, so the provider refunds it once at most.
import { Type as t } from "@sinclair/typebox";
import { and, count, desc, eq, inArray, lte, ne, sql } from "drizzle-orm";
import { payments, refunds, users } from "../../db/schema";
import type { AuditTarget, CommandCtx } from "../../http/kit";
import { log } from "../../log";
import { PAY_STATE, REFUND_STATE } from "../../protocol/enumerations";
import { REFUND_PAGE_SIZE, REFUND_REASON_MAX } from "../../protocol/limits";
import type { PowerCode } from "../../protocol/powers";
import { page, refuse, refuseField } from "../../protocol/result";
import type { RefundNotice, RefundStatus } from "../../providers/payment";
import { withTimeout } from "../../timeout";
import { can, type Ctx, type MemberCtx } from "../context";
import { namesOf } from "../shared/member-names";
import { idField, isoOf, pageIndex } from "../shared/fields";
import { refundOf, refundView } from "../shared/refunds";
import { newTrade } from "./create";

export const refundInput = t.Object({ id: idField, reason: t.String({ maxLength: REFUND_REASON_MAX }) });

/** A refund still processing is asked about after a minute, then at doubling gaps up to an hour. */
const FIRST_CHECK_MS = 60_000;
const LONGEST_CHECK_GAP_MS = 3_600_000;
export const REFUND_CHECK_EVERY_MS = 30_000;
const CHECK_BATCH = 50;
const nextCheck = (now: Date, checks: number) => new Date(now.getTime() + Math.min(FIRST_CHECK_MS * 2 ** checks, LONGEST_CHECK_GAP_MS));

/** The kinds of payment an actor may refund: the power that runs what each pays for. */
function refundableKinds(ctx: Pick<MemberCtx, "actor" | "app">): string[] {
  return [...ctx.app.paymentKinds].filter(([, kind]) => can(ctx, kind.power as PowerCode)).map(([name]) => name);
}

/** POST /payment/refund, step one: the refund recorded as processing, in the command's transaction. */
export async function requestRefund({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: typeof refundInput.static }) {
  const reason = input.reason.trim();
  if (!reason) refuseField("reason");
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, input.id));
  if (!payment) refuse("ERROR_RESULT_NULL");
  const kind = ctx.app.paymentKinds.get(payment.kind);
  if (!kind || !refundableKinds(ctx).includes(payment.kind)) refuse("ERROR_NOT_POWER");
  // The thing paid for, then the payment: the order every payment path locks in, so a late notification waits or is waited for.
  await kind.lock(ctx, payment.refId);
  const [current] = await ctx.db.select({ state: payments.state }).from(payments).where(eq(payments.id, payment.id)).for("update");
  const [existing] = await ctx.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
  if (current!.state === PAY_STATE.PAY_STATE_REFUNDED || existing?.state === REFUND_STATE.REFUND_STATE_SUCCESS) refuse("ERROR_REFUND_DONE");
  if (existing?.state === REFUND_STATE.REFUND_STATE_PROCESSING) refuse("ERROR_REFUND_IN_PROGRESS");
  if (current!.state !== PAY_STATE.PAY_STATE_REFUND_OWED) refuse("ERROR_REFUND_NOT_OWED", { state: current!.state });
  const asked = { state: REFUND_STATE.REFUND_STATE_PROCESSING, reason, requestedBy: ctx.actor.id, failure: null, checkAt: nextCheck(ctx.now, 0), checks: 0, updatedAt: ctx.now };
  let refundNo: string;
  if (existing) {
    // Asked again after a failure: the same number, so the provider refunds it once however many times it was asked.
    await ctx.db.update(refunds).set(asked).where(eq(refunds.id, existing.id));
    refundNo = existing.refundNo;
  } else {
    refundNo = newTrade("R", ctx.now);
    // The whole amount paid, never more; a second row for the payment breaks refunds_payment_idx (ERROR_REFUND_IN_PROGRESS).
    await ctx.db.insert(refunds).values({ paymentId: payment.id, refundNo, amount: payment.amount, createdAt: ctx.now, ...asked });
  }
  return { refundNo, audit: { entity: "payment", id: payment.id, userId: payment.userId, detail: `${payment.trade} ${refundNo}: ${reason}` } };
}

/** Step two, after the commit: the provider asked, its answer recorded; the refund as it stands then. */
export async function sendRefund({ ctx, result }: { ctx: MemberCtx; result: { refundNo: string } }) {
  const [row] = await ctx.db
    .select({ refund: refunds, payment: { trade: payments.trade, amount: payments.amount } })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.refundNo, result.refundNo));
  const { refund, payment } = row!;
  let status: RefundStatus | null = null;
  try {
    status = await withTimeout(
      ctx.app.providers.payment.refund({ trade: payment.trade, refundNo: refund.refundNo, amount: refund.amount, total: payment.amount, reason: refund.reason, now: ctx.now }),
      ctx.config.payment.timeoutMs,
    );
  } catch (error) {
    // No answer: the refund may or may not have been made there. It stays processing and is asked about (refundsToCheck).
    log.warn(`refund ${refund.refundNo}: ${ctx.app.providers.payment.name} gave no answer; it will be asked about: ${(error as Error)?.message ?? error}`);
  }
  if (status) await recordRefund(ctx, refund.refundNo, status, "payment.refund.outcome");
  return { refund: await refundOf(ctx, refund.paymentId) };
}

/** What the provider said, written in a short transaction of its own (outside any request's). */
async function recordRefund(ctx: Ctx, refundNo: string, status: RefundStatus, action: "payment.refund.outcome" | "payment.refund.check") {
  await ctx.app.runner.run({
    ctx,
    name: action,
    audit: { action, row: "when named" },
    verb: (c) => applyRefundStatus(c, refundNo, status),
  });
}

/**
 * Applies a refund's outcome under the payment's lock: done (the payment
 * becomes PAY_STATE_REFUNDED), failed or unknown to the provider (the
 * reason kept; only a refund still processing fails), or still processing.
 * Idempotent: what is already so changes nothing and writes no log row.
 */
async function applyRefundStatus(ctx: Pick<Ctx, "db" | "now">, refundNo: string, status: RefundStatus): Promise<{ audit?: AuditTarget }> {
  const [refund] = await ctx.db.select().from(refunds).where(eq(refunds.refundNo, refundNo));
  if (!refund) return {};
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, refund.paymentId)).for("update");
  const target = { entity: "payment", id: payment!.id, userId: payment!.userId };
  if (status.state === "refunded") {
    const done = await ctx.db
      .update(refunds)
      .set({ state: REFUND_STATE.REFUND_STATE_SUCCESS, providerRefund: status.providerRefund, failure: null, checkAt: null, refundedAt: ctx.now, updatedAt: ctx.now })
      .where(and(eq(refunds.id, refund.id), ne(refunds.state, REFUND_STATE.REFUND_STATE_SUCCESS)))
      .returning({ id: refunds.id });
    if (done.length === 0) return {};
    await ctx.db.update(payments).set({ state: PAY_STATE.PAY_STATE_REFUNDED }).where(eq(payments.id, refund.paymentId));
    return { audit: { ...target, detail: `${refundNo} refunded` } };
  }
  if (status.state === "processing") {
    if (status.providerRefund && status.providerRefund !== refund.providerRefund) {
      await ctx.db.update(refunds).set({ providerRefund: status.providerRefund, updatedAt: ctx.now }).where(eq(refunds.id, refund.id));
    }
    return {};
  }
  const failure = status.state === "failed" ? status.reason.slice(0, 500) : "MISSING";
  const failed = await ctx.db
    .update(refunds)
    .set({ state: REFUND_STATE.REFUND_STATE_FAILED, failure, checkAt: null, updatedAt: ctx.now })
    .where(and(eq(refunds.id, refund.id), eq(refunds.state, REFUND_STATE.REFUND_STATE_PROCESSING)))
    .returning({ id: refunds.id });
  if (failed.length > 0) log.warn(`refund ${refundNo}: failed: ${failure}`);
  return failed.length > 0 ? { audit: { ...target, detail: `${refundNo} failed: ${failure}` } } : {};
}

/** A verified refund notification, in the notify route's transaction: applied when it is one of ours and names the amounts we asked for. */
export async function settleRefundNotice(ctx: Pick<Ctx, "db" | "now" | "app">, notice: RefundNotice): Promise<{ accepted: boolean; audit?: AuditTarget }> {
  const [row] = await ctx.db
    .select({ refund: refunds, payment: payments })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.refundNo, notice.refundNo));
  if (!row) return { accepted: false };
  const { refund, payment } = row;
  const ours = payment.provider === ctx.app.providers.payment.name && payment.trade === notice.trade && refund.amount === notice.amount && payment.amount === notice.total;
  if (!ours) return { accepted: false };
  const { audit } = await applyRefundStatus(ctx, refund.refundNo, notice.status);
  return { accepted: true, audit };
}

/** The job, under its lock: refunds still processing whose time to be asked about has come, each given its next time. */
export async function refundsToCheck(ctx: Pick<Ctx, "db" | "now">): Promise<{ refundNo: string }[]> {
  const due = await ctx.db
    .select({ id: refunds.id, refundNo: refunds.refundNo, checks: refunds.checks })
    .from(refunds)
    .where(and(eq(refunds.state, REFUND_STATE.REFUND_STATE_PROCESSING), lte(refunds.checkAt, ctx.now)))
    .orderBy(refunds.checkAt)
    .limit(CHECK_BATCH);
  for (const r of due) await ctx.db.update(refunds).set({ checks: r.checks + 1, checkAt: nextCheck(ctx.now, r.checks + 1) }).where(eq(refunds.id, r.id));
  return due.map((r) => ({ refundNo: r.refundNo }));
}

/** After the lock: each asked about, outside any transaction, and what the provider says recorded. */
export async function checkRefunds(scope: Ctx, due: { refundNo: string }[]): Promise<void> {
  for (const { refundNo } of due) {
    try {
      const status = await withTimeout(scope.app.providers.payment.queryRefund(refundNo, scope.now), scope.config.payment.timeoutMs);
      await recordRefund(scope, refundNo, status, "payment.refund.check");
    } catch (error) {
      log.warn(`refund ${refundNo}: could not ask ${scope.app.providers.payment.name} about it; asked again later: ${(error as Error)?.message ?? error}`);
    }
  }
}

export const refundListInput = t.Object({ show: t.Optional(t.Union([t.Literal("open"), t.Literal("done")])), index: pageIndex });

/** What each payment paid for, by payment id: one query per kind on the page, not one per row. */
async function describeAll(ctx: Pick<Ctx, "db" | "app">, paid: readonly { id: number; kind: string; refId: number }[]) {
  const named = new Map<number, { zh: string; en: string }>();
  for (const kind of new Set(paid.map((p) => p.kind))) {
    const ofKind = paid.filter((p) => p.kind === kind);
    const names = (await ctx.app.paymentKinds.get(kind)?.describe(ctx, ofKind.map((p) => p.refId))) ?? new Map();
    for (const p of ofKind) if (names.has(p.refId)) named.set(p.id, names.get(p.refId)!);
  }
  return named;
}

/**
 * POST /payment/refund/list: the money owed back ("open": owed, refunding or
 * failed) or given back ("done"), of the kinds the actor may refund, oldest
 * owed first; with the count and the sum of what is still owed.
 */
export async function refundList({ ctx, input }: { ctx: MemberCtx; input: typeof refundListInput.static }) {
  const kinds = refundableKinds(ctx);
  if (kinds.length === 0) refuse("ERROR_NOT_POWER");
  const done = input.show === "done";
  const where = and(inArray(payments.kind, kinds), eq(payments.state, done ? PAY_STATE.PAY_STATE_REFUNDED : PAY_STATE.PAY_STATE_REFUND_OWED));
  const [totals] = (await ctx.db.select({ n: count(), owed: sql<string>`coalesce(sum(${payments.amount}), 0)` }).from(payments).where(where)) as [{ n: number; owed: string }];
  const p = page(input.index, Number(totals.n), REFUND_PAGE_SIZE);
  const rows = await ctx.db
    .select({ payment: payments, refund: refunds, employees: users.employees })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(refunds, eq(refunds.paymentId, payments.id))
    .where(where)
    .orderBy(done ? desc(refunds.refundedAt) : payments.paidAt, payments.id)
    .limit(p.size)
    .offset(p.offset);
  const names = await namesOf(ctx, rows.map((r) => r.payment.userId));
  const described = await describeAll(ctx, rows.map((r) => r.payment));
  return {
    list: rows.map(({ payment, refund, employees }) => ({
      id: payment.id,
      trade: payment.trade,
      kind: payment.kind,
      nameZh: described.get(payment.id)?.zh ?? payment.subject,
      nameEn: described.get(payment.id)?.en ?? payment.subject,
      user: { id: payment.userId, employees, name: names.get(payment.userId) ?? null },
      amount: payment.amount,
      paidAt: isoOf(payment.paidAt),
      payTrade: payment.providerTrade,
      why: payment.owedWhy,
      state: { id: payment.state },
      refund: refund ? refundView(refund) : null,
    })),
    count: p.count,
    max: p.max,
    index: p.index,
    // In fen: the whole of what the filter holds (open: still owed).
    sum: Number(totals.owed),
  };
}
