// The staff order detail window (spec 3 section 2.2, FUNCTION_ACTIVITY_ORDER):
// one sub-order with its main order's number, the member, the delivery, the
// sign-up form's answers (profile properties and questions, an answer of
// several options joined), the family members carried and the parcels,
// numbered. Phones and ID numbers are masked as everywhere on screen (spec 3
// section 9; docs/decisions.md): the export carries them whole.
import { and, eq, inArray } from "drizzle-orm";
import { activities, gifts, orderFamilies, orderItems, orders, parcels, payments, properties, propertyOptions, questionOptions, questions, relations, users } from "../../db/schema";
import type { AnswerValue } from "../../db/schema/order";
import { maskIdentity, maskPhone } from "../../protocol/identity";
import { PAY_STATE } from "../../protocol/enumerations";
import { refuse } from "../../protocol/result";
import { isoOf } from "../shared/fields";
import type { Ctx, MemberCtx } from "../context";
import { regionOf } from "../address/regions";
import { inLanguage } from "../shared/language";
import { namesOf } from "../shared/member-names";
import { parcelView } from "./member-orders";
import { refundOf } from "../shared/refunds";

type Titled = { id: number; titleZh: string; titleEn: string };
type Choice = { ownerId: number; value: string; textZh: string; textEn: string };

/** Answers with their titles, choices by their texts, several joined ("、" / ", "). */
function answersOf(kind: "property" | "query", values: readonly AnswerValue[], titles: readonly Titled[], choices: readonly Choice[]) {
  return values.flatMap((v) => {
    const title = titles.find((x) => x.id === v.id);
    if (!title) return [];
    const list = (Array.isArray(v.value) ? v.value : [v.value]).filter((x) => x !== "");
    const text = (lang: "zh" | "en") =>
      list.map((value) => {
        const choice = choices.find((c) => c.ownerId === v.id && c.value === value);
        return choice ? (lang === "zh" ? choice.textZh : choice.textEn) : value;
      });
    return [{ kind, id: v.id, titleZh: title.titleZh, titleEn: title.titleEn, valueZh: text("zh").join("、"), valueEn: text("en").join(", ") }];
  });
}

/** A question that is only a picture is named as the member's quiz names it, with its number, so staff tell such questions apart. */
const titled = (q: { id: number; titleZh: string; titleEn: string }) =>
  q.titleZh || q.titleEn ? q : { id: q.id, titleZh: `看图作答（题目 ${q.id}）`, titleEn: `Answer from the picture (question ${q.id})` };

/** Every answer of these sub-orders, titled and spelled out (the detail window and the export). */
export async function formAnswers(ctx: Pick<Ctx, "db">, items: readonly { properties: AnswerValue[]; quests: AnswerValue[] }[]) {
  const propertyIds = [...new Set(items.flatMap((i) => i.properties.map((p) => p.id)))];
  const questionIds = [...new Set(items.flatMap((i) => i.quests.map((q) => q.id)))];
  const [pTitles, pChoices, qTitles, qChoices] = await Promise.all([
    propertyIds.length ? ctx.db.select({ id: properties.id, titleZh: properties.titleZh, titleEn: properties.titleEn }).from(properties).where(inArray(properties.id, propertyIds)) : [],
    propertyIds.length
      ? ctx.db
          .select({ ownerId: propertyOptions.propertyId, value: propertyOptions.value, textZh: propertyOptions.textZh, textEn: propertyOptions.textEn })
          .from(propertyOptions)
          .where(inArray(propertyOptions.propertyId, propertyIds))
      : [],
    questionIds.length ? ctx.db.select({ id: questions.id, titleZh: questions.titleZh, titleEn: questions.titleEn }).from(questions).where(inArray(questions.id, questionIds)).then((rows) => rows.map(titled)) : [],
    questionIds.length
      ? ctx.db
          .select({ ownerId: questionOptions.questionId, value: questionOptions.value, textZh: questionOptions.textZh, textEn: questionOptions.textEn })
          .from(questionOptions)
          .where(inArray(questionOptions.questionId, questionIds))
      : [],
  ]);
  return (item: { properties: AnswerValue[]; quests: AnswerValue[] }) => [
    ...answersOf("property", item.properties, pTitles, pChoices),
    ...answersOf("query", item.quests, qTitles, qChoices),
  ];
}

/** POST /order/activity/info: a sub-order as the staff detail window shows it. */
export async function staffOrderInfo({ ctx, input }: { ctx: MemberCtx; input: { id: number } }) {
  const [row] = await ctx.db
    .select({ item: orderItems, order: orders, activity: activities, user: { id: users.id, employees: users.employees, phone: users.phone, mail: users.mail } })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(activities, eq(activities.id, orderItems.activityId))
    .innerJoin(users, eq(users.id, orderItems.userId))
    .where(eq(orderItems.id, input.id));
  if (!row) refuse("ERROR_RESULT_NULL");
  const { item, order, activity, user } = row;
  const [names, answers, kin, boxes, [payment]] = await Promise.all([
    namesOf(ctx, [user.id]),
    formAnswers(ctx, [item]),
    ctx.db
      .select({ f: orderFamilies, relation: { nameZh: relations.nameZh, nameEn: relations.nameEn }, gift: { nameZh: gifts.nameZh, nameEn: gifts.nameEn } })
      .from(orderFamilies)
      .leftJoin(relations, eq(relations.id, orderFamilies.relationId))
      .leftJoin(gifts, eq(gifts.id, orderFamilies.giftId))
      .where(eq(orderFamilies.itemId, item.id))
      .orderBy(orderFamilies.id),
    ctx.db.select().from(parcels).where(eq(parcels.orderId, order.id)).orderBy(parcels.id),
    ctx.db.select().from(payments).where(and(eq(payments.kind, "order"), eq(payments.refId, order.id))),
  ]);
  const refund = payment ? await refundOf(ctx, payment.id) : null;
  return {
    order: {
      id: item.id,
      orderId: order.id,
      trade: order.trade,
      childTrade: item.childTrade,
      state: { id: item.state },
      sendState: { id: order.sendState },
      createDate: item.createdAt.toISOString(),
      price: order.price,
      amount: order.amount,
      integral: order.points,
      places: item.places,
      score: item.score,
      payment: payment ? { id: payment.id, state: { id: payment.state }, amount: payment.amount, paidAt: isoOf(payment.paidAt), payTrade: payment.providerTrade, why: payment.owedWhy, refund } : null,
      // Paid, but the order is cancelled: the money is owed back to the member (docs/decisions.md, 106).
      refundOwed: payment?.state === PAY_STATE.PAY_STATE_REFUND_OWED,
    },
    activity: { id: activity.id, nameZh: activity.nameZh, nameEn: activity.nameEn, name: inLanguage(ctx, activity.nameZh, activity.nameEn), hasAddress: activity.hasAddress, hasExpress: activity.hasExpress },
    user: { id: user.id, name: names.get(user.id) ?? null, employees: user.employees, phone: maskPhone(user.phone), email: user.mail },
    address:
      activity.hasAddress && order.liaison
        ? {
            liaison: order.liaison,
            phone: maskPhone(order.phone),
            regions: [order.address0, order.address1, order.address2, order.address3].map(regionOf),
            addressInfo: order.addressInfo,
          }
        : null,
    answers: answers(item),
    families: kin.map(({ f, relation, gift }) => ({
      // The handle /user/operation/reveal takes for the masked identity and phone.
      id: f.id,
      name: f.name,
      sex: f.sex,
      birthday: f.birthday,
      identity: maskIdentity(f.identity),
      phone: maskPhone(f.phone),
      relationship: { id: f.relationId, nameZh: relation?.nameZh ?? "", nameEn: relation?.nameEn ?? "" },
      gift: f.giftId ? { id: f.giftId, nameZh: gift?.nameZh ?? "", nameEn: gift?.nameEn ?? "" } : null,
    })),
    // Numbered per parcel (spec 3 section 2.2); every parcel of the main order, whatever its activity says now.
    express: boxes.map((b, i) => ({ index: i + 1, ...parcelView(b) })),
  };
}

/** POST /order/activity/express: the parcels of a member's main order (`id`), the member named (`user`) as a check. */
export async function staffOrderExpress({ ctx, input }: { ctx: MemberCtx; input: { id: number; user: number } }) {
  const [order] = await ctx.db.select({ id: orders.id }).from(orders).where(and(eq(orders.id, input.id), eq(orders.userId, input.user)));
  if (!order) refuse("ERROR_RESULT_NULL");
  const rows = await ctx.db.select().from(parcels).where(eq(parcels.orderId, order.id)).orderBy(parcels.id);
  return { logs: rows.map(parcelView) };
}
