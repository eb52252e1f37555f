// The yearly fee record (spec 3 sections 2.5 and 7, Download
// /user/operation/export/member { year }, FUNCTION_MEMBER_EDIT): for a
// billing year, the current one or one of the three before (spec 3 section
// 9), who paid (member, amount in yuan with 2 decimals, payment time in China
// time, the dues order number and the payment's trade number), and on a
// second sheet who did not: the members not left who were created before that
// year ended and have no paid order for it. Built as a staff job or at once.
import { Type as t } from "@sinclair/typebox";
import { and, asc, eq, lt, ne, notExists, sql } from "drizzle-orm";
import { duesOrders, users } from "../../db/schema";
import type { CommandCtx, Download } from "../../http/kit";
import { ORDER_STATE, USER_STATE } from "../../protocol/enumerations";
import { refuseField } from "../../protocol/result";
import { typeById } from "../../protocol/types";
import type { MemberCtx } from "../context";
import { namesOf } from "../shared/member-names";
import { inLanguage } from "../shared/language";
import { chinaTimeText, moneyCell, type SheetCell, writeWorkbook } from "../shared/sheets/workbook";
import { type BuiltFile, defineFileJob, fileDownload, jobFile } from "../staff-jobs/files";
import { type Report, startJob } from "../staff-jobs/kit";
import { jobKeyField } from "../staff-jobs/routes";
import { billingYearStart } from "./billing-year";
import { duesConfig } from "./dues";

/** Spec 3 section 9: the current billing year and the three before. */
export const FEE_EXPORT_YEARS = 4;
const CHUNK = 1_000;

/** The GET's query: the year, or a finished export job's key (its year is the job's). */
export const feeExportQuery = t.Object({ year: t.Optional(t.String({ pattern: "^[0-9]{4}$", maxLength: 4 })), job: t.Optional(jobKeyField) });
export const feeExportInput = t.Object({ year: t.Integer({ minimum: 0, maximum: 9999 }) });

/** The years offered, newest first; another is ERROR_PARAMS { field: "year", min, max }. */
export async function feeYears(ctx: Pick<MemberCtx, "db" | "now">, year: number) {
  const config = await duesConfig(ctx);
  const max = config.year;
  const min = max - FEE_EXPORT_YEARS + 1;
  if (year < min || year > max) refuseField("year", { min, max });
  return config;
}

export async function feeRecordFile(ctx: MemberCtx, year: number, report: Report | null): Promise<BuiltFile> {
  const say = (zh: string, en: string) => inLanguage(ctx, zh, en);
  const config = await feeYears(ctx, year);
  const paid = await ctx.db
    .select({ order: duesOrders, user: { id: users.id, employees: users.employees, phone: users.phone, mail: users.mail } })
    .from(duesOrders)
    .innerJoin(users, eq(users.id, duesOrders.userId))
    .where(and(eq(duesOrders.year, year), eq(duesOrders.state, ORDER_STATE.ORDER_STATE_SUCCESS)))
    .orderBy(asc(duesOrders.payDate), asc(duesOrders.id));
  const paidOrder = ctx.db
    .select({ one: sql`1` })
    .from(duesOrders)
    .where(and(eq(duesOrders.userId, users.id), eq(duesOrders.year, year), eq(duesOrders.state, ORDER_STATE.ORDER_STATE_SUCCESS)));
  const unpaid = await ctx.db
    .select({ id: users.id, employees: users.employees, phone: users.phone, mail: users.mail, state: users.state })
    .from(users)
    .where(and(ne(users.state, USER_STATE.USER_STATE_LEFT), lt(users.createdAt, billingYearStart(config, year + 1)), notExists(paidOrder)))
    .orderBy(asc(users.employees), asc(users.id));
  const total = paid.length + unpaid.length;
  const names = new Map<number, string>();
  const people = [...paid.map((p) => p.user.id), ...unpaid.map((u) => u.id)];
  for (let from = 0; from < people.length; from += CHUNK) {
    for (const [id, name] of await namesOf(ctx, people.slice(from, from + CHUNK))) names.set(id, name);
    await report?.(Math.min(from + CHUNK, total), total);
  }
  const stateName = (id: number) => {
    const type = typeById.get(id);
    return type ? say(type.nameZh, type.nameEn) : String(id);
  };
  const who = [say("员工号", "Employee ID"), say("姓名", "Name"), say("手机", "Phone"), say("邮箱", "E-mail")];
  const paidRows: SheetCell[][] = paid.map(({ order, user }) => [
    user.employees ?? "",
    names.get(user.id) ?? "",
    user.phone ?? "",
    user.mail ?? "",
    order.year,
    moneyCell(order.amount),
    order.payDate ? chinaTimeText(order.payDate, true) : "",
    order.sysTrade,
    order.payTrade ?? "",
  ]);
  const unpaidRows: SheetCell[][] = unpaid.map((u) => [u.employees ?? "", names.get(u.id) ?? "", u.phone ?? "", u.mail ?? "", stateName(u.state)]);
  const bytes = writeWorkbook([
    {
      name: say("已缴费", "Paid"),
      rows: [[...who, say("会费年度", "Billing year"), say("金额（元）", "Amount (yuan)"), say("缴费时间", "Paid at"), say("订单号", "Order number"), say("支付流水号", "Payment trade number")], ...paidRows],
      widths: [14, 12, 14, 28, 10, 12, 20, 24, 32],
    },
    { name: say("未缴费", "Not paid"), rows: [[...who, say("状态", "State")], ...unpaidRows], widths: [14, 12, 14, 28, 10] },
  ]);
  await report?.(total, total);
  return { bytes, name: `${say("会费记录", "dues")}-${year}.xlsx`, rows: paid.length };
}

export const feeExportJob = defineFileJob<{ year: number }>("member.export.fees", "FUNCTION_MEMBER_EDIT", (ctx, params, report) => feeRecordFile(ctx, params.year, report));

/** Download /user/operation/export/member: with `job`, that finished export's file; without, the file built now. */
export async function feeExportDownload({ ctx, input }: { ctx: MemberCtx; input: typeof feeExportQuery.static }): Promise<Download> {
  if (input.job) return jobFile(ctx, feeExportJob, input.job);
  if (!input.year) refuseField("year");
  return fileDownload(await feeRecordFile(ctx, Number(input.year), null));
}

/** POST /user/operation/export/member { year }: starts the export as a job (a year out of bounds refused first). */
export async function startFeeExport({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: typeof feeExportInput.static }) {
  await feeYears(ctx, input.year);
  const job = await startJob(ctx, { job: feeExportJob, params: { year: input.year } });
  return { job, audit: { entity: "job", id: job, detail: `member.export.fees ${input.year}` } };
}
