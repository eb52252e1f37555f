// The two order imports of spec 3 (sections 2.1, 4.3, 7 and 8;
// FUNCTION_ACTIVITY_ORDER), through the spreadsheet kit
// (../shared/sheets/imports.ts): every row judged first, nothing written when
// one is refused, a feedback log either way.
//   /order/import/express        courier info: parcels of the main order an
//                                order number (main or sub) names
//   /order/import/close/update   shipped orders: the main order is marked sent,
//                                which ends the member's address changes
// Judged against what is stored, so the same file a second time is
// "unchanged" row by row and writes nothing.
import { Type as t } from "@sinclair/typebox";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import { activities, orderItems, orders, parcels } from "../../db/schema";
import type { CommandCtx, UploadedFile } from "../../http/kit";
import { DELIVERY_STATE, ORDER_STATE, SEND_STATE } from "../../protocol/enumerations";
import type { Ctx, MemberCtx } from "../context";
import { chunksOf, finishImport, importKeyPattern, type Judged, type ReasonTexts, recordsOf, refusedFor } from "../shared/sheets/imports";
import { COURIER_COLUMNS, SHIPPED_COLUMNS } from "./sheet-columns";

/** A log by the `key` its import answered, named `log` (a signed GET's own `key` is its nonce). */
export const importLogInput = t.Object({ kind: t.Union([t.Literal("express"), t.Literal("shipped")]), log: t.String({ pattern: importKeyPattern, maxLength: 32 }) });

/** The reasons a row is refused or left alone, as the feedback table words them (the UI has the same under `editor.orderAdmin.reasons`). */
export const ORDER_IMPORT_REASONS: ReasonTexts = {
  "trade.empty": ["缺少订单号", "The order number is missing"],
  "order.notFound": ["没有这个订单号", "No order has this number"],
  "order.state": ["订单不是成功状态（待支付、已取消或预览）", "The order is not successful (waiting, cancelled or preview)"],
  "order.noExpress": ["该订单的活动没有快递", "The order's activity has no courier delivery"],
  "order.noAddress": ["该订单的活动没有收货地址", "The order's activity has no delivery address"],
  "order.sent": ["已是已发货", "Already marked sent"],
  "company.empty": ["缺少快递公司", "The courier is missing"],
  "company.long": ["快递公司超过 40 个字", "The courier is longer than 40 characters"],
  "number.empty": ["缺少快递单号", "The tracking number is missing"],
  "number.format": ["快递单号应为 4-40 位字母、数字或横线", "A tracking number is 4-40 letters, digits or dashes"],
  "site.long": ["网点超过 60 个字", "The courier site is longer than 60 characters"],
  "courierPhone.format": ["快递电话格式不正确", "The courier phone is not a phone number"],
  "parcel.same": ["已导入过，相同", "Already imported, the same"],
  "file.repeat": ["与文件中前面的行相同", "The same as an earlier row of the file"],
  "file.conflict": ["与文件中前面的行冲突（同一快递单号，不同信息）", "Conflicts with an earlier row of the file (same tracking number, other details)"],
};

const TRACKING = /^[A-Za-z0-9-]{4,40}$/;
const COURIER_PHONE = /^[0-9+\-() ]{3,30}$/;

type Found = { id: number; state: number; sendState: number; hasExpress: boolean; hasAddress: boolean };

/** The main orders the numbers name (a main or a sub-order number), by each number. */
async function ordersByNumber(ctx: Pick<Ctx, "db">, numbers: readonly string[]): Promise<Map<string, Found>> {
  const found = new Map<string, Found>();
  for (const part of chunksOf([...new Set(numbers)])) {
    const rows = await ctx.db
      .select({ id: orders.id, trade: orders.trade, child: orderItems.childTrade, state: orders.state, sendState: orders.sendState, hasExpress: activities.hasExpress, hasAddress: activities.hasAddress })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(activities, eq(activities.id, orderItems.activityId))
      .where(or(inArray(orders.trade, part), inArray(orderItems.childTrade, part)));
    // A market checkout holds several activities: any one with courier delivery (or an address) is enough.
    for (const r of rows) {
      for (const number of [r.trade, r.child]) {
        const had = found.get(number);
        found.set(number, { id: r.id, state: r.state, sendState: r.sendState, hasExpress: r.hasExpress || !!had?.hasExpress, hasAddress: r.hasAddress || !!had?.hasAddress });
      }
    }
  }
  return found;
}

type ParcelChange = { orderId: number; number: string; company: string; site: string | null; phone: string | null };

/** Upload /order/import/express. */
export async function importExpress({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: { file: UploadedFile } }) {
  const { header, records } = recordsOf(input.file.bytes, COURIER_COLUMNS);
  const found = await ordersByNumber(ctx, records.map((r) => r.values.trade).filter((x) => x));
  const orderIds = [...new Set([...found.values()].map((o) => o.id))];
  const stored = new Map<string, typeof parcels.$inferSelect>();
  for (const part of chunksOf(orderIds)) for (const p of await ctx.db.select().from(parcels).where(inArray(parcels.orderId, part))) stored.set(`${p.orderId}|${p.number}`, p);
  const inFile = new Map<string, ParcelChange>();
  const judged: Judged<ParcelChange>[] = records.map(({ line, cells, values }) => {
    // Every fault of the row is named (decision 111): the order's, then each of the parcel's cells.
    const faults: string[] = [];
    const order = values.trade ? found.get(values.trade) : undefined;
    if (!values.trade) faults.push("trade.empty");
    else if (!order) faults.push("order.notFound");
    else if (order.state !== ORDER_STATE.ORDER_STATE_SUCCESS) faults.push("order.state");
    else if (!order.hasExpress) faults.push("order.noExpress");
    if (!values.company) faults.push("company.empty");
    else if (values.company.length > 40) faults.push("company.long");
    if (!values.number) faults.push("number.empty");
    else if (!TRACKING.test(values.number)) faults.push("number.format");
    if (values.site.length > 60) faults.push("site.long");
    if (values.courierPhone && !COURIER_PHONE.test(values.courierPhone)) faults.push("courierPhone.format");
    if (faults.length || !order) return refusedFor(line, cells, faults);
    const refuseRow = (reason: string) => refusedFor<ParcelChange>(line, cells, [reason]);
    const change: ParcelChange = { orderId: order.id, number: values.number, company: values.company, site: values.site || null, phone: values.courierPhone || null };
    const key = `${order.id}|${values.number}`;
    const same = (a: Pick<ParcelChange, "company" | "site" | "phone">) => a.company === change.company && a.site === change.site && a.phone === change.phone;
    const earlier = inFile.get(key);
    if (earlier) return same(earlier) ? { line, cells, verdict: "same", reason: "file.repeat" } : refuseRow("file.conflict");
    inFile.set(key, change);
    const had = stored.get(key);
    if (had && same(had)) return { line, cells, verdict: "same", reason: "parcel.same" };
    return { line, cells, verdict: "apply", reason: null, change };
  });
  return finishImport(ctx, {
    kind: "order.express",
    file: input.file,
    header,
    judged,
    apply: async (changes) => {
      let written = 0;
      for (const part of chunksOf(changes)) {
        const rows = await ctx.db
          .insert(parcels)
          .values(part.map((c) => ({ ...c, state: DELIVERY_STATE.DELIVERY_STATE_COLLECTED, updatedAt: ctx.now })))
          .onConflictDoUpdate({
            target: [parcels.orderId, parcels.number],
            set: { company: sql`excluded.company`, site: sql`excluded.site`, phone: sql`excluded.phone`, updatedAt: ctx.now },
            // A parcel another import wrote meanwhile with the same details is left as it is.
            setWhere: sql`(${parcels.company}, ${parcels.site}, ${parcels.phone}) is distinct from (excluded.company, excluded.site, excluded.phone)`,
          })
          .returning({ id: parcels.id });
        written += rows.length;
      }
      return written;
    },
  });
}

/** Upload /order/import/close/update. */
export async function importShipped({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: { file: UploadedFile } }) {
  const { header, records } = recordsOf(input.file.bytes, SHIPPED_COLUMNS);
  const found = await ordersByNumber(ctx, records.map((r) => r.values.trade).filter((x) => x));
  const inFile = new Set<number>();
  const judged: Judged<number>[] = records.map(({ line, cells, values }) => {
    const refuseRow = (reason: string): Judged<number> => ({ line, cells, verdict: "refused", reason });
    if (!values.trade) return refuseRow("trade.empty");
    const order = found.get(values.trade);
    if (!order) return refuseRow("order.notFound");
    if (order.state !== ORDER_STATE.ORDER_STATE_SUCCESS) return refuseRow("order.state");
    if (!order.hasAddress) return refuseRow("order.noAddress");
    // Two sub-orders of one checkout name the same main order.
    if (inFile.has(order.id)) return { line, cells, verdict: "same", reason: "file.repeat" };
    inFile.add(order.id);
    if (order.sendState === SEND_STATE.SEND_STATE_SENT) return { line, cells, verdict: "same", reason: "order.sent" };
    return { line, cells, verdict: "apply", reason: null, change: order.id };
  });
  return finishImport(ctx, {
    kind: "order.shipped",
    file: input.file,
    header,
    judged,
    apply: async (ids) => {
      let written = 0;
      for (const part of chunksOf(ids)) {
        const rows = await ctx.db
          .update(orders)
          .set({ sendState: SEND_STATE.SEND_STATE_SENT, updatedAt: ctx.now })
          .where(and(inArray(orders.id, part), eq(orders.sendState, SEND_STATE.SEND_STATE_WAIT)))
          .returning({ id: orders.id });
        written += rows.length;
      }
      return written;
    },
  });
}
