// Order exports (spec 3 section 7 "Orders"): the search window's results
// (Download /order/activity/export, or POST with mail=1: the same file sent to
// the staff member's mailbox) and a module's orders (/order/module/export).
// A real xlsx, one row per sub-order with the member, delivery and parcels
// (when the activity delivers), family, the quiz's score (when it scores) and
// every form answer in a column of its own; with express=1 the
// courier sheet instead: one row per parcel (or per successful order not yet
// given one) in the columns the courier import reads back
// (./sheet-columns.ts). Phones and ID numbers are whole here: the file is
// what staff ship and call with, and only the power's signed download or the
// staff member's own mailbox ever carries it.
import { Type as t } from "@sinclair/typebox";
import { and, desc, eq, inArray, type SQL } from "drizzle-orm";
import { activities, gifts, orderFamilies, orderItems, orders, parcels, questionnaireItems, questionnaires, quizDraws, relations, users } from "../../db/schema";
import type { CommandCtx, Download } from "../../http/kit";
import { ORDER_STATE } from "../../protocol/enumerations";
import { refuse, refuseField } from "../../protocol/result";
import { typeById } from "../../protocol/types";
import { storageKeyOf } from "../../providers/storage";
import type { MemberCtx } from "../context";
import { regionOf } from "../address/regions";
import { inLanguage } from "../shared/language";
import { queueMessage } from "../shared/messages";
import { chinaTimeText, moneyCell, type Sheet, writeWorkbook, XLSX_TYPE } from "../shared/sheets/workbook";
import { namesOf } from "../shared/member-names";
import { COURIER_COLUMNS, ORDER_COLUMNS, type Bilingual } from "./sheet-columns";
import { formAnswers } from "./staff-detail";
import { activityFilterFields, activityWhere, type ActivityFilter, staffOrderRows } from "./staff-orders";

/** Past this many rows an export is refused (a narrower filter is asked for). */
export const MAX_EXPORT_ROWS = 100_000;

const idText = t.String({ pattern: "^[1-9][0-9]{0,9}$", maxLength: 10 });
/** The search window's filters as a signed GET's query: text, an empty one no filter. */
export const activityExportInput = t.Object({
  id: idText,
  trade: activityFilterFields.trade,
  user: activityFilterFields.user,
  state: t.Optional(t.String({ pattern: "^(-?[0-9]{1,7})?$", maxLength: 8 })),
  start: activityFilterFields.start,
  end: activityFilterFields.end,
  activity: t.Optional(t.String({ pattern: "^([1-9][0-9]{0,9})?$", maxLength: 10 })),
  express: t.Optional(t.Union([t.Literal("1"), t.Literal("0")])),
});
/** POST /order/activity/export: the filters as the list takes them, and mail=1. */
export const activityMailInput = t.Object({ ...activityFilterFields, mail: t.Literal(1) });

const filterOfQuery = (q: typeof activityExportInput.static): ActivityFilter => ({
  id: Number(q.id),
  trade: q.trade,
  user: q.user,
  state: q.state ? Number(q.state) : null,
  start: q.start,
  end: q.end,
  activity: q.activity ? Number(q.activity) : null,
});

type Say = (pair: Bilingual) => string;

async function orderSheet(ctx: MemberCtx, where: SQL, say: Say): Promise<Sheet> {
  const rows = await staffOrderRows(ctx, where).limit(MAX_EXPORT_ROWS + 1);
  if (rows.length > MAX_EXPORT_ROWS) refuse("ERROR_PARAMS", { reason: "rows", max: MAX_EXPORT_ROWS });
  const itemIds = rows.map((r) => r.item.id);
  const orderIds = [...new Set(rows.map((r) => r.order.id))];
  const [names, answersOf, kin, boxes, quizzes] = await Promise.all([
    namesOf(ctx, rows.map((r) => r.user.id)),
    formAnswers(ctx, rows.map((r) => r.item)),
    itemIds.length
      ? ctx.db
          .select({ f: orderFamilies, relation: { nameZh: relations.nameZh, nameEn: relations.nameEn }, gift: { nameZh: gifts.nameZh, nameEn: gifts.nameEn } })
          .from(orderFamilies)
          .leftJoin(relations, eq(relations.id, orderFamilies.relationId))
          .leftJoin(gifts, eq(gifts.id, orderFamilies.giftId))
          .where(inArray(orderFamilies.itemId, itemIds))
          .orderBy(orderFamilies.id)
      : [],
    orderIds.length ? ctx.db.select().from(parcels).where(inArray(parcels.orderId, orderIds)).orderBy(parcels.id) : [],
    quizMarks(ctx, rows.map((r) => r.item)),
  ]);
  // Decision 112: delivery columns only where an exported activity delivers, quiz columns only where one scores.
  const delivery = rows.some((r) => r.activity.hasAddress || r.activity.hasExpress);
  const scored = rows.some((r) => quizzes.scoring.has(r.item.activityId));
  const answers = rows.map((r) => answersOf(r.item));
  // One column per question or property asked, in the order first met.
  const asked = new Map<string, Bilingual>();
  for (const list of answers) for (const a of list) if (!asked.has(`${a.kind}:${a.id}`)) asked.set(`${a.kind}:${a.id}`, [a.titleZh, a.titleEn]);
  const typeName = (id: number) => {
    const row = typeById.get(id);
    return row ? say([row.nameZh, row.nameEn]) : String(id);
  };
  const kept = ORDER_COLUMNS.map((c, i) => ({ title: c, i })).filter((c) => delivery || !DELIVERY_COLUMNS.has(c.i));
  const header = [...kept.map((c) => say(c.title)), ...(scored ? QUIZ_COLUMNS.map(say) : []), ...[...asked.values()].map(say)];
  const body = rows.map(({ item, order, activity, user }, i) => {
    const byKey = new Map(answers[i]!.map((a) => [`${a.kind}:${a.id}`, say([a.valueZh, a.valueEn])]));
    const regions = [order.address0, order.address1, order.address2, order.address3].filter((c) => c).map((c) => regionOf(c));
    const cells = [
      order.trade,
      item.childTrade,
      say([activity.nameZh, activity.nameEn]),
      user.employees ?? "",
      names.get(user.id) ?? "",
      user.phone ?? "",
      user.mail ?? "",
      typeName(item.state),
      typeName(order.sendState),
      chinaTimeText(item.createdAt),
      moneyCell(order.amount),
      order.points / 100,
      order.liaison ?? "",
      order.phone ?? "",
      order.liaison ? `${regions.map((r) => say([r.name, r.nameEn])).join(" ")} ${order.addressInfo ?? ""}`.trim() : "",
      kin
        .filter((k) => k.f.itemId === item.id)
        // The gift a family member chose goes with them: it is what staff ship or hand out.
        .map((k) => `${k.f.name}（${say([k.relation?.nameZh ?? "", k.relation?.nameEn ?? ""])}，${k.f.identity}${k.f.phone ? `，${k.f.phone}` : ""}${k.gift ? `，${say(["礼品：", "gift: "])}${say([k.gift.nameZh, k.gift.nameEn])}` : ""}）`)
        .join("；"),
      boxes
        .filter((b) => b.orderId === order.id)
        .map((b) => `${b.company} ${b.number}`)
        .join("；"),
    ];
    const quiz = quizzes.scoring.get(item.activityId);
    const marks = quiz ? [item.score ?? "", quizzes.fullOf(item), quiz.passLine > 0 ? quiz.passLine : ""] : ["", "", ""];
    return [...kept.map((c) => cells[c.i]!), ...(scored ? marks : []), ...[...asked.keys()].map((key) => byKey.get(key) ?? "")];
  });
  const wide = header.indexOf(say(ORDER_COLUMNS[14]!));
  return { name: say(["订单", "Orders"]), rows: [header, ...body], widths: header.map((_, i) => (i < 2 ? 24 : i === wide ? 40 : 16)) };
}

/** The order columns about delivery, by their place in ORDER_COLUMNS: shipping state, recipient, phone, address, parcels. */
const DELIVERY_COLUMNS = new Set([8, 12, 13, 14, 16]);
const QUIZ_COLUMNS: readonly Bilingual[] = [
  ["测验得分", "Quiz score"],
  ["满分", "Full marks"],
  ["及格分", "Pass mark"],
];

type ItemRow = typeof orderItems.$inferSelect;

/**
 * The scored quizzes of the items' activities (their pass line), and an item's
 * full marks: the scores of the questions with a right answer, of the
 * member's own draw when the quiz draws at random (the draw last started
 * before the sign-up), else of all the activity's questions.
 */
async function quizMarks(ctx: MemberCtx, items: readonly ItemRow[]) {
  const activityIds = [...new Set(items.map((i) => i.activityId))];
  const settings = activityIds.length ? await ctx.db.select().from(questionnaires).where(and(inArray(questionnaires.activityId, activityIds), eq(questionnaires.isScoring, true))) : [];
  const scoring = new Map(settings.map((q) => [q.activityId, q]));
  const scoredIds = [...scoring.keys()];
  const questionScores = scoredIds.length ? await ctx.db.select().from(questionnaireItems).where(inArray(questionnaireItems.activityId, scoredIds)) : [];
  const scoreOf = new Map<string, number>();
  for (const q of questionScores) if (q.answer.trim()) scoreOf.set(`${q.activityId}:${q.questionId}`, q.score);
  const random = settings.filter((q) => q.isRandom).map((q) => q.activityId);
  const randomItems = items.filter((i) => random.includes(i.activityId));
  const draws = randomItems.length
    ? await ctx.db
        .select()
        .from(quizDraws)
        .where(and(inArray(quizDraws.activityId, random), inArray(quizDraws.userId, [...new Set(randomItems.map((i) => i.userId))])))
        .orderBy(desc(quizDraws.startedAt))
    : [];
  const sum = (activityId: number, questionIds: readonly number[]) => questionIds.reduce((total, id) => total + (scoreOf.get(`${activityId}:${id}`) ?? 0), 0);
  const fullOf = (item: ItemRow): number | "" => {
    const quiz = scoring.get(item.activityId);
    if (!quiz) return "";
    if (!quiz.isRandom) return sum(item.activityId, questionScores.filter((q) => q.activityId === item.activityId).map((q) => q.questionId));
    const draw = draws.find((d) => d.userId === item.userId && d.activityId === item.activityId && d.startedAt <= item.createdAt);
    return draw ? sum(item.activityId, draw.questionIds) : "";
  };
  return { scoring, fullOf };
}

/** The courier sheet: a row per parcel of each successful main order, or one to fill in where there is none. */
async function courierSheet(ctx: MemberCtx, where: SQL, say: Say): Promise<Sheet> {
  const rows = await ctx.db
    .selectDistinctOn([orders.createdAt, orders.id], { order: orders, activity: { nameZh: activities.nameZh, nameEn: activities.nameEn } })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(users, eq(users.id, orderItems.userId))
    .innerJoin(activities, eq(activities.id, orderItems.activityId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(MAX_EXPORT_ROWS + 1);
  const shipped = rows.filter((r) => r.order.state === ORDER_STATE.ORDER_STATE_SUCCESS);
  if (shipped.length > MAX_EXPORT_ROWS) refuse("ERROR_PARAMS", { reason: "rows", max: MAX_EXPORT_ROWS });
  const ids = shipped.map((r) => r.order.id);
  const boxes = ids.length ? await ctx.db.select().from(parcels).where(inArray(parcels.orderId, ids)).orderBy(parcels.id) : [];
  const header = COURIER_COLUMNS.map((c) => say([c.zh, c.en]));
  const body = shipped.flatMap(({ order, activity }) => {
    const regions = [order.address0, order.address1, order.address2, order.address3].filter((c) => c).map((c) => regionOf(c));
    const base = [
      order.trade,
      say([activity.nameZh, activity.nameEn]),
      order.liaison ?? "",
      order.phone ?? "",
      order.liaison ? `${regions.map((r) => say([r.name, r.nameEn])).join(" ")} ${order.addressInfo ?? ""}`.trim() : "",
    ];
    const mine = boxes.filter((b) => b.orderId === order.id);
    return mine.length ? mine.map((b) => [...base, b.company, b.number, b.site ?? "", b.phone ?? ""]) : [[...base, "", "", "", ""]];
  });
  return { name: say(["快递信息", "Courier"]), rows: [header, ...body], widths: [24, 20, 12, 14, 40, 16, 20, 16, 14] };
}

/** The workbook of the rows `where` keeps, named after `title` and the day (China time). */
async function exportFile(ctx: MemberCtx, args: { where: SQL; title: string; express: boolean }) {
  const say: Say = (pair) => inLanguage(ctx, pair[0], pair[1]);
  const sheet = args.express ? await courierSheet(ctx, args.where, say) : await orderSheet(ctx, args.where, say);
  const day = chinaTimeText(ctx.now).slice(0, 10).replaceAll("-", "");
  const name = `${args.title.replace(/[\\/:*?"<>|\u0000-\u001f]/g, " ").trim().slice(0, 60)}-${say(args.express ? ["快递信息", "courier"] : ["订单", "orders"])}-${day}.xlsx`;
  return { bytes: writeWorkbook([sheet]), name, rows: sheet.rows.length - 1 };
}

export async function exportDownload(ctx: MemberCtx, args: { where: SQL; title: string; express: boolean }): Promise<Download> {
  const file = await exportFile(ctx, args);
  return { body: file.bytes, type: XLSX_TYPE, filename: file.name, cache: "none" };
}

/** Download /order/activity/export. */
export async function activityOrdersFile({ ctx, input }: { ctx: MemberCtx; input: typeof activityExportInput.static }): Promise<Download> {
  const { where, title } = await activityWhere(ctx, filterOfQuery(input));
  return exportDownload(ctx, { where, title: inLanguage(ctx, title.nameZh, title.nameEn), express: input.express === "1" });
}

/**
 * POST /order/activity/export with mail=1, before its transaction: the staff
 * member's address, and the file built and stored (a remote store is a
 * network call; the key is the content's hash, so a retry stores nothing twice).
 */
export async function prepareMailExport({ ctx, input }: { ctx: MemberCtx; input: typeof activityMailInput.static }) {
  const [me] = await ctx.db.select({ mail: users.mail }).from(users).where(eq(users.id, ctx.actor.id));
  if (!me?.mail) refuseField("mail");
  const { where, title } = await activityWhere(ctx, input);
  const name = inLanguage(ctx, title.nameZh, title.nameEn);
  const file = await exportFile(ctx, { where, title: name, express: false });
  const key = storageKeyOf(file.bytes, "xlsx");
  await ctx.app.providers.storage.put(key, file.bytes, XLSX_TYPE);
  return { to: me.mail, title: name, key, fileName: file.name, rows: file.rows };
}

/** Queues the mail with the stored file attached; it goes out after the commit ("请求已发出，稍后请前往邮箱查收。"). */
export async function mailExport({ ctx, input, prepared }: { ctx: CommandCtx<MemberCtx>; input: typeof activityMailInput.static; prepared: Awaited<ReturnType<typeof prepareMailExport>> }) {
  const say: Say = (pair) => inLanguage(ctx, pair[0], pair[1]);
  await queueMessage(ctx, {
    channel: "mail",
    to: prepared.to,
    subject: say([`订单导出：${prepared.title}`, `Order export: ${prepared.title}`]),
    text: say([`附件是“${prepared.title}”的订单，共 ${prepared.rows} 条。`, `Attached are the orders of "${prepared.title}": ${prepared.rows} rows.`]),
    // The file opens for the staff member it is mailed to, and for whoever holds the power of /order/activity/export.
    attachment: { key: prepared.key, name: prepared.fileName, type: XLSX_TYPE, userId: ctx.actor.id, power: "FUNCTION_ACTIVITY_ORDER" },
  });
  return { audit: { entity: "activity", id: input.id, detail: `orders mailed: ${prepared.rows} rows (${prepared.key})` } };
}
