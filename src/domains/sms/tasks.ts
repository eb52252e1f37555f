// Bulk SMS tasks (spec 3 sections 2.4, 5 "Short message send" and 7 "Short
// messages"; FUNCTION_MEMBER_EDIT). A send is a task made in the upload's
// one transaction: the task row and one row per distinct number of the file;
// the outbox's delivery job sends them afterwards (./delivery.ts). A file
// with a cell that is not a phone number is refused whole, naming its rows
// (docs/decisions.md): nothing is sent to part of a list by mistake.
import { Type as t } from "@sinclair/typebox";
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { smsNumbers, smsTasks } from "../../db/schema";
import type { CommandCtx, UploadedFile } from "../../http/kit";
import { SMS_STATE } from "../../protocol/enumerations";
import { maskPhone } from "../../protocol/identity";
import { SMS_LOG_PAGE_SIZE, SMS_MAX_NUMBERS, SMS_TASK_PAGE_SIZE, SMS_TITLE_MAX } from "../../protocol/limits";
import { page, refuse, refuseField } from "../../protocol/result";
import { typeById } from "../../protocol/types";
import type { Ctx, MemberCtx } from "../context";
import { idField, pageIndex } from "../shared/fields";
import { readRows } from "../shared/sheets/workbook";

/** Spec 3 section 9: 1 and 10 digits. */
export const PHONE = /^1\d{10}$/;
/** A gateway's template code: digits (Tencent) or a short name. */
const CODE = /^[A-Za-z0-9_-]{1,20}$/;
/** Rows a refusal names, at most: the operator fixes these and sends again. */
const ROWS_NAMED = 20;
export const INSERT_CHUNK = 1000;

/** The text parts beside the file; missing is empty, and empty is refused with the spec's message. */
export const smsSendFields = t.Object({
  sign: t.Optional(t.String({ maxLength: 40 })),
  title: t.Optional(t.String({ maxLength: 200 })),
  code: t.Optional(t.String({ maxLength: 40 })),
});

/** The file's numbers, distinct, in the file's order; a row that is not one phone number refuses the file. */
export function phonesOf(bytes: Uint8Array): string[] {
  const rows = readRows(bytes, { maxRows: SMS_MAX_NUMBERS });
  const bad: number[] = [];
  const phones = new Set<string>();
  for (const { line, cells } of rows) {
    // One column: a number typed in a cell may come with spaces or dashes as people write it.
    const filled = cells.filter((c) => c !== "");
    const phone = (filled[0] ?? "").replace(/[\s-]/g, "");
    if (filled.length !== 1 || !PHONE.test(phone)) bad.push(line);
    else phones.add(phone);
  }
  if (bad.length) refuseField("file", { reason: "phones", rows: bad.slice(0, ROWS_NAMED), count: bad.length });
  if (phones.size === 0) refuseField("file", { reason: "empty" });
  return [...phones];
}

/** Upload /user/operation/sms/import/send (file, sign, title, code) → count. */
/** The sign, task name and template code of a send, trimmed, or refused with the spec's message. */
export function checkedSendFields(input: typeof smsSendFields.static): { sign: string; title: string; code: string } {
  const sign = (input.sign ?? "").trim();
  if (!sign) refuseField("sign");
  const title = (input.title ?? "").trim();
  if (!title) refuseField("title");
  if ([...title].length > SMS_TITLE_MAX) refuseField("title", { reason: "long", max: SMS_TITLE_MAX });
  const code = (input.code ?? "").trim();
  if (!CODE.test(code)) refuseField("code");
  return { sign, title, code };
}

export async function sendSms({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: { file: UploadedFile } & typeof smsSendFields.static }) {
  const { sign, title, code } = checkedSendFields(input);
  const phones = phonesOf(input.file.bytes);
  const [task] = await ctx.db
    .insert(smsTasks)
    .values({ title, sign, code, fileName: input.file.name, fileKey: input.file.key, count: phones.length, createdBy: ctx.actor.id, createdAt: ctx.now })
    .returning({ id: smsTasks.id });
  for (let i = 0; i < phones.length; i += INSERT_CHUNK) {
    await ctx.db.insert(smsNumbers).values(phones.slice(i, i + INSERT_CHUNK).map((phone) => ({ taskId: task!.id, phone, nextAt: ctx.now })));
  }
  return { id: task!.id, count: phones.length, audit: { entity: "sms_task", id: task!.id, detail: JSON.stringify({ title, sign, code, count: phones.length }) } };
}

export const smsTasksInput = t.Object({ index: pageIndex });

/** POST /user/operation/sms/tasks {index} → list, count, max, index: newest first. */
export async function listSmsTasks({ ctx, input }: { ctx: Ctx; input: typeof smsTasksInput.static }) {
  const [total] = await ctx.db.select({ n: count() }).from(smsTasks);
  const p = page(input.index, total!.n, SMS_TASK_PAGE_SIZE);
  const rows = await ctx.db.select().from(smsTasks).orderBy(desc(smsTasks.createdAt), desc(smsTasks.id)).limit(p.size).offset(p.offset);
  const list = rows.map((r) => ({ id: r.id, title: r.title, sign: r.sign, code: r.code, count: r.count, date: r.createdAt.toISOString() }));
  return { list, count: p.count, max: p.max, index: p.index };
}

/** A log filtered by one state (the unknown numbers, to resend them); without it every number. */
export const smsLogsInput = t.Object({ index: pageIndex, task: idField, state: t.Optional(t.Union(Object.values(SMS_STATE).map((id) => t.Literal(id)))) });

const FAILED = [SMS_STATE.SMS_STATE_FAILED, SMS_STATE.SMS_STATE_UNKNOWN];

/**
 * POST /user/operation/sms/logs {index, task, state?} → list, count, max,
 * success, failed, unknown, total, reports: each number (masked) with its state, of
 * the state asked for if one is; "failed" counts the numbers not known to
 * have been sent (refused, or without an outcome), "unknown" those of them
 * without an outcome (which staff may resend); the counts are the task's
 * whole, "count" the list's.
 */
export async function listSmsLogs({ ctx, input }: { ctx: Ctx; input: typeof smsLogsInput.static }) {
  const [task] = await ctx.db.select({ id: smsTasks.id }).from(smsTasks).where(eq(smsTasks.id, input.task));
  if (!task) refuse("ERROR_RESULT_NULL");
  const [totals] = await ctx.db
    .select({
      n: count(),
      success: sql<number>`count(*) filter (where ${smsNumbers.state} = ${SMS_STATE.SMS_STATE_SUCCESS})`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${inArray(smsNumbers.state, FAILED)})`.mapWith(Number),
      unknown: sql<number>`count(*) filter (where ${smsNumbers.state} = ${SMS_STATE.SMS_STATE_UNKNOWN})`.mapWith(Number),
      ...(input.state ? { listed: sql<number>`count(*) filter (where ${smsNumbers.state} = ${input.state})`.mapWith(Number) } : {}),
    })
    .from(smsNumbers)
    .where(eq(smsNumbers.taskId, task.id));
  const p = page(input.index, input.state ? totals!.listed! : totals!.n, SMS_LOG_PAGE_SIZE);
  const rows = await ctx.db
    .select({ id: smsNumbers.id, phone: smsNumbers.phone, state: smsNumbers.state, error: smsNumbers.error })
    .from(smsNumbers)
    .where(and(eq(smsNumbers.taskId, task.id), input.state ? eq(smsNumbers.state, input.state) : undefined))
    .orderBy(smsNumbers.id)
    .limit(p.size)
    .offset(p.offset);
  const list = rows.map((r) => {
    const type = typeById.get(r.state);
    return { id: r.id, phone: maskPhone(r.phone), state: { id: r.state, nameZh: type?.nameZh ?? "", nameEn: type?.nameEn ?? "" }, error: r.error };
  });
  // Whether an unknown number may still be settled by the gateway's reports (the embedded default keeps none).
  const reports = Boolean(ctx.app.providers.sms.deliveryReports);
  return { list, count: p.count, max: p.max, index: p.index, success: totals!.success, failed: totals!.failed, unknown: totals!.unknown, total: totals!.n, reports };
}

/** A click's nonce: the dialog makes one when it opens, so a double click sends the same. */
export const smsResendInput = t.Object({ task: idField, nonce: t.String({ minLength: 8, maxLength: 64, pattern: "^[A-Za-z0-9_-]+$" }) });

/**
 * POST /user/operation/sms/resend {task, nonce} → count: the task's numbers
 * whose outcome is unknown wait to be sent again (the delivery job sends
 * them once each); sent, failed and waiting numbers are never touched.
 * Refused with ERROR_SMS_NOTHING_UNKNOWN when none is unknown. The same
 * nonce again (a double click) answers the first call's count and re-queues
 * nothing: the task row is locked, so two at once take turns.
 */
export async function resendUnknownSms({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: typeof smsResendInput.static }) {
  const [task] = await ctx.db
    .select({ id: smsTasks.id, resendNonce: smsTasks.resendNonce, resent: smsTasks.resent })
    .from(smsTasks)
    .where(eq(smsTasks.id, input.task))
    .for("update");
  if (!task) refuse("ERROR_RESULT_NULL");
  const audit = (count: number, repeated: boolean) => ({ entity: "sms_task", id: task.id, detail: JSON.stringify({ count, ...(repeated ? { repeated } : {}) }) });
  if (task.resendNonce === input.nonce) return { count: task.resent ?? 0, audit: audit(task.resent ?? 0, true) };
  const requeued = await ctx.db
    .update(smsNumbers)
    .set({ state: SMS_STATE.SMS_STATE_WAIT, nextAt: ctx.now, claimedUntil: null, reportCheckedAt: null, doneAt: null, error: null })
    // The state again: only what is unknown now, never a number sent, failed or already waiting.
    .where(and(eq(smsNumbers.taskId, task.id), eq(smsNumbers.state, SMS_STATE.SMS_STATE_UNKNOWN)))
    .returning({ id: smsNumbers.id });
  if (requeued.length === 0) refuse("ERROR_SMS_NOTHING_UNKNOWN");
  await ctx.db.update(smsTasks).set({ resendNonce: input.nonce, resent: requeued.length }).where(eq(smsTasks.id, task.id));
  return { count: requeued.length, audit: audit(requeued.length, false) };
}
