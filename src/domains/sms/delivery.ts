// A bulk SMS task's numbers are sent by the outbox's delivery job
// (src/jobs/scheduler.ts, "deliver-messages"), never by the request that made
// the task. Under the job's transaction a batch of waiting numbers is claimed
// by one conditional update (waiting -> sending, skip locked: another
// instance takes others); once that has committed the gateway is called,
// outside any transaction, a task's numbers in one request, and each
// number's outcome is written. A number claimed and never recorded (the
// instance died while the gateway had it) may have been sent: after its claim
// runs out it is marked "unknown" and never sent again by the job. Where the
// gateway keeps delivery reports, the settle job ("settle-sms") reads each
// unknown number's report and marks it sent or failed; staff may resend what
// stays unknown (./tasks.ts; docs/decisions.md 108).
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { smsNumbers, smsTasks } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { log } from "../../log";
import { SMS_STATE } from "../../protocol/enumerations";
import { BULK_BATCH, type BulkOutcome, bulkSession, type DeliveryReport, UnknownOutcome } from "../../providers/sms";
import { redact } from "../../providers/refusal";
import { withTimeout } from "../../timeout";
import type { Ctx } from "../context";

const { SMS_STATE_WAIT, SMS_STATE_SENDING, SMS_STATE_SUCCESS, SMS_STATE_FAILED, SMS_STATE_UNKNOWN } = SMS_STATE;

/** Longer than any gateway call may take (MESSAGE_TIMEOUT_MS is at most 2 minutes): a claim past it is a delivery that died. */
export const SMS_CLAIM_MS = 5 * 60_000;
/** Tries of a number the gateway asked to send later (a rate limit) before it is marked failed; waits 30 s, 1, 2, 4 minutes. */
export const SMS_MAX_ATTEMPTS = 5;
const FIRST_RETRY_MS = 30_000;

export type ClaimedBatch = { task: number; sign: string; code: string; numbers: { id: number; phone: string; attempts: number }[] };

/** In the job's transaction: claims outlived without an outcome become unknown, then a batch of due numbers is claimed. */
export async function claimSmsNumbers(ctx: Pick<CommandCtx, "db" | "now">): Promise<ClaimedBatch[]> {
  const { db, now } = ctx;
  await db
    .update(smsNumbers)
    .set({ state: SMS_STATE_UNKNOWN, claimedUntil: null, doneAt: now, error: "claimed, no outcome recorded: not sent again" })
    .where(and(eq(smsNumbers.state, SMS_STATE_SENDING), lte(smsNumbers.claimedUntil, now)));
  const due = db
    .select({ id: smsNumbers.id })
    .from(smsNumbers)
    .where(and(eq(smsNumbers.state, SMS_STATE_WAIT), lte(smsNumbers.nextAt, now)))
    .orderBy(smsNumbers.id)
    .limit(BULK_BATCH)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(smsNumbers)
    .set({ state: SMS_STATE_SENDING, claimedAt: now, claimedUntil: new Date(now.getTime() + SMS_CLAIM_MS), attempts: sql`${smsNumbers.attempts} + 1` })
    // The state again: a number is claimed from waiting only, once.
    .where(and(inArray(smsNumbers.id, due), eq(smsNumbers.state, SMS_STATE_WAIT)))
    .returning({ id: smsNumbers.id, taskId: smsNumbers.taskId, phone: smsNumbers.phone, attempts: smsNumbers.attempts });
  if (claimed.length === 0) return [];
  const tasks = await db
    .select({ id: smsTasks.id, sign: smsTasks.sign, code: smsTasks.code })
    .from(smsTasks)
    .where(inArray(smsTasks.id, [...new Set(claimed.map((c) => c.taskId))]));
  return tasks.map((task) => ({
    task: task.id,
    sign: task.sign,
    code: task.code,
    numbers: claimed.filter((c) => c.taskId === task.id).sort((a, b) => a.id - b.id),
  }));
}

type Written = { ids: number[]; state: number; error: string | null; nextAt?: Date };

/** After the job's commit: each task's claimed numbers to the gateway, and their outcomes recorded. */
export async function sendSmsNumbers(ctx: Ctx, batches: ClaimedBatch[]): Promise<void> {
  const provider = ctx.app.providers.sms;
  for (const batch of batches) {
    const written: Written[] = [];
    try {
      const outcomes = await withTimeout(
        provider.sendBulk({ task: batch.task, sign: batch.sign, code: batch.code, phones: batch.numbers.map((n) => n.phone) }),
        ctx.config.messageTimeoutMs,
      );
      const byPhone = new Map(outcomes.map((o) => [o.phone, o]));
      for (const number of batch.numbers) written.push(outcomeOf(ctx, number, byPhone.get(number.phone)));
    } catch (error) {
      // No answer to read: whatever the gateway did, these numbers are not tried again.
      const reason = redact(error instanceof UnknownOutcome ? error.message : `no outcome: ${String((error as Error)?.message ?? error)}`);
      log.warn(`SMS task ${batch.task}: ${batch.numbers.length} numbers by ${provider.name} without a known outcome, not sent again: ${reason}`);
      written.push({ ids: batch.numbers.map((n) => n.id), state: SMS_STATE_UNKNOWN, error: reason });
    }
    await record(ctx, merge(written));
  }
}

function outcomeOf(ctx: Ctx, number: ClaimedBatch["numbers"][number], outcome: BulkOutcome | undefined): Written {
  if (!outcome) return { ids: [number.id], state: SMS_STATE_FAILED, error: "the gateway gave no outcome for this number" };
  if (outcome.outcome === "sent") return { ids: [number.id], state: SMS_STATE_SUCCESS, error: null };
  if (outcome.outcome === "failed" || number.attempts >= SMS_MAX_ATTEMPTS) return { ids: [number.id], state: SMS_STATE_FAILED, error: outcome.reason };
  return { ids: [number.id], state: SMS_STATE_WAIT, error: outcome.reason, nextAt: new Date(ctx.now.getTime() + FIRST_RETRY_MS * 2 ** (number.attempts - 1)) };
}

/** Outcomes alike (state, reason, next try) written by one statement. */
function merge(written: Written[]): Written[] {
  const groups = new Map<string, Written>();
  for (const w of written) {
    const key = `${w.state}|${w.error ?? ""}|${w.nextAt?.getTime() ?? ""}`;
    const had = groups.get(key);
    if (had) had.ids.push(...w.ids);
    else groups.set(key, { ...w, ids: [...w.ids] });
  }
  return [...groups.values()];
}

/** The outcomes, in one transaction: only numbers still claimed (or marked unknown meanwhile: now the outcome is known). */
function record(ctx: Ctx, written: Written[]) {
  return ctx.app.runner.run({
    ctx,
    name: "sms.outcome",
    verb: async (c) => {
      for (const w of written) {
        const done = w.state !== SMS_STATE_WAIT;
        await c.db
          .update(smsNumbers)
          .set({ state: w.state, error: w.error, claimedUntil: null, doneAt: done ? c.now : null, ...(w.nextAt ? { nextAt: w.nextAt } : {}) })
          .where(and(inArray(smsNumbers.id, w.ids), inArray(smsNumbers.state, [SMS_STATE_SENDING, SMS_STATE_UNKNOWN])));
      }
      return {};
    },
  });
}

/** The settle job's period. */
export const SMS_SETTLE_EVERY_MS = 30_000;
/** An unknown number's report is asked for at most this often: operators report within seconds to hours. */
export const SMS_SETTLE_RECHECK_MS = 5 * 60_000;
/**
 * After this from its claim an unknown number is no longer asked about and
 * stays unknown: operators give up on a handset within 72 hours, and Tencent
 * keeps reports 7 days (PullSmsSendStatusByPhoneNumber reaches 7 days back).
 */
export const SMS_SETTLE_HORIZON_MS = 72 * 3_600_000;
/** Numbers asked about a tick: one request each, and the gateway takes 20 a second. */
export const SMS_SETTLE_BATCH = 20;
/** The gateway's clock and the portal's may differ: a report is looked for from this long before the claim. */
const REPORT_SKEW_MS = 60_000;

export type UnknownNumber = { id: number; taskId: number; phone: string; claimedAt: Date };

/**
 * In the settle job's transaction: unknown numbers within the horizon whose
 * report was not asked for lately, marked asked now (skip locked: another
 * instance takes others). Nothing where the provider keeps no reports.
 */
export async function claimUnknownSms(ctx: CommandCtx): Promise<UnknownNumber[]> {
  if (!ctx.app.providers.sms.deliveryReports) return [];
  const { db, now } = ctx;
  const due = await db
    .select({ id: smsNumbers.id, taskId: smsNumbers.taskId, phone: smsNumbers.phone, claimedAt: smsNumbers.claimedAt })
    .from(smsNumbers)
    .where(
      and(
        eq(smsNumbers.state, SMS_STATE_UNKNOWN),
        isNotNull(smsNumbers.claimedAt),
        gt(smsNumbers.claimedAt, new Date(now.getTime() - SMS_SETTLE_HORIZON_MS)),
        or(isNull(smsNumbers.reportCheckedAt), lte(smsNumbers.reportCheckedAt, new Date(now.getTime() - SMS_SETTLE_RECHECK_MS))),
      ),
    )
    .orderBy(sql`${smsNumbers.reportCheckedAt} asc nulls first`, asc(smsNumbers.id))
    .limit(SMS_SETTLE_BATCH)
    .for("update", { skipLocked: true });
  if (due.length === 0) return [];
  await db.update(smsNumbers).set({ reportCheckedAt: now }).where(inArray(smsNumbers.id, due.map((d) => d.id)));
  return due.map((d) => ({ ...d, claimedAt: d.claimedAt! }));
}

/**
 * After the settle job's commit: each number's reports from the gateway; one
 * that carries its task's SessionContext settles it (delivered beats failed:
 * the member has the message). A number still unknown is written sent or
 * failed; one resent meanwhile is left to its new send.
 */
export async function settleUnknownSms(ctx: Ctx, numbers: UnknownNumber[]): Promise<void> {
  const reportsOf = ctx.app.providers.sms.deliveryReports;
  if (!reportsOf || numbers.length === 0) return;
  const settled: { id: number; report: DeliveryReport }[] = [];
  for (const number of numbers) {
    let reports: DeliveryReport[];
    try {
      reports = await withTimeout(reportsOf({ phone: number.phone, from: new Date(number.claimedAt.getTime() - REPORT_SKEW_MS), to: ctx.now }), ctx.config.messageTimeoutMs);
    } catch (error) {
      // Asked again after SMS_SETTLE_RECHECK_MS; the rest of the batch too, rather than waiting on a gateway that does not answer.
      log.warn(`SMS delivery reports could not be read from ${ctx.app.providers.sms.name}: ${redact(String((error as Error)?.message ?? error))}`);
      break;
    }
    const mine = reports.filter((r) => r.session === bulkSession(number.taskId));
    const report = mine.find((r) => r.delivered) ?? mine[0];
    if (report) settled.push({ id: number.id, report });
  }
  if (settled.length === 0) return;
  await ctx.app.runner.run({
    ctx,
    name: "sms.settle",
    verb: async (c) => {
      for (const { id, report } of settled) {
        await c.db
          .update(smsNumbers)
          .set({
            state: report.delivered ? SMS_STATE_SUCCESS : SMS_STATE_FAILED,
            error: report.delivered ? null : `delivery report: ${report.description || "FAIL"}`,
            doneAt: c.now,
          })
          .where(and(eq(smsNumbers.id, id), eq(smsNumbers.state, SMS_STATE_UNKNOWN)));
      }
      return {};
    },
  });
}
