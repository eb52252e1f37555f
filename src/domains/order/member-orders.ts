// A member's own sign-up orders (spec 1 section 7, spec 2 section 2 "Member
// orders"): the list with its detail tabs, cancel, pay again, the payment
// poll, the ticket and its QR, parcels, the address change, and whether a
// family member is signed up already.
import { and, count, desc, eq, inArray, ne } from "drizzle-orm";
import QRCode from "qrcode";
import { activities, addresses, gifts, orderFamilies, orderItems, orders, parcels, payments, refunds, relations } from "../../db/schema";
import type { CommandCtx, Download } from "../../http/kit";
import { page, refuse, refuseField } from "../../protocol/result";
import { ORDER_STATE, PAY_STATE } from "../../protocol/enumerations";
import { ORDER_PAGE_SIZE } from "../../protocol/limits";
import type { MemberCtx } from "../context";
import { regionOf } from "../address/regions";
import { inLanguage } from "../shared/language";
import { cancelOrder } from "./lifecycle";
import { canCancel, canChangeAddress } from "./rules";
import { ticketCode } from "./ticket-code";
import { isoOf } from "../shared/fields";
import { namesOf } from "../shared/member-names";

const ORDER_STATES = new Set<number>(Object.values(ORDER_STATE));

/** A parcel as the express tab shows it (spec 3 "Express log"). */
export const parcelView = (b: typeof parcels.$inferSelect) => ({
  number: b.number,
  expName: b.company,
  expSite: b.site,
  expPhone: b.phone,
  logo: b.logo,
  updateTime: b.updatedAt.toISOString(),
  takeTime: isoOf(b.takeTime),
  deliverystatus: { id: b.state },
  list: b.trail,
});

async function ownOrder(ctx: MemberCtx, id: number) {
  const [order] = await ctx.db.select().from(orders).where(and(eq(orders.id, id), eq(orders.userId, ctx.actor.id)));
  if (!order) refuse("ERROR_RESULT_NULL");
  const items = await ctx.db
    .select({ item: orderItems, activity: activities })
    .from(orderItems)
    .innerJoin(activities, eq(activities.id, orderItems.activityId))
    .where(eq(orderItems.orderId, id));
  return { order, items };
}

type Own = Awaited<ReturnType<typeof ownOrder>>;

const factsOf = ({ order, items }: Own) => ({ state: order.state, sendState: order.sendState, amount: order.amount, checked: items.some((i) => i.item.checkedAt !== null) });
/** Every sub-order's activity must allow it (a market checkout holds several). */
const allowsCancel = (own: Own, now: Date) => own.items.length > 0 && own.items.every(({ activity }) => canCancel(factsOf(own), activity, now));
const allowsAddress = (own: Own) => own.items.length > 0 && own.items.every(({ activity }) => activity.hasAddress && canChangeAddress(own.order, activity));

export async function listOrders({ ctx, input }: { ctx: MemberCtx; input: { state?: number | null; index?: number } }) {
  if (input.state != null && !ORDER_STATES.has(input.state)) refuseField("state");
  // An editor's sign-ups on an activity in preview are listed too, marked by their state, until its publish deletes them.
  const where = and(eq(orders.userId, ctx.actor.id), input.state != null ? eq(orders.state, input.state) : undefined);
  const [{ n }] = (await ctx.db.select({ n: count() }).from(orders).where(where)) as [{ n: number }];
  const p = page(input.index, n, ORDER_PAGE_SIZE);
  const rows = await ctx.db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(p.size).offset(p.offset);
  const ids = rows.map((r) => r.id);
  const [items, kin, boxes, pays] = ids.length
    ? await Promise.all([
        ctx.db
          .select({ item: orderItems, activity: activities })
          .from(orderItems)
          .innerJoin(activities, eq(activities.id, orderItems.activityId))
          .where(inArray(orderItems.orderId, ids))
          .orderBy(orderItems.id),
        ctx.db
          .select({ f: orderFamilies, relation: { nameZh: relations.nameZh, nameEn: relations.nameEn }, gift: { nameZh: gifts.nameZh, nameEn: gifts.nameEn } })
          .from(orderFamilies)
          .innerJoin(orderItems, eq(orderItems.id, orderFamilies.itemId))
          .leftJoin(relations, eq(relations.id, orderFamilies.relationId))
          .leftJoin(gifts, eq(gifts.id, orderFamilies.giftId))
          .where(inArray(orderItems.orderId, ids))
          .orderBy(orderFamilies.id),
        ctx.db.select().from(parcels).where(inArray(parcels.orderId, ids)).orderBy(parcels.id),
        ctx.db.select().from(payments).where(and(eq(payments.kind, "order"), inArray(payments.refId, ids))),
      ])
    : [[], [], [], []];
  const given = pays.length ? await ctx.db.select().from(refunds).where(inArray(refunds.paymentId, pays.map((x) => x.id))) : [];
  return {
    list: rows.map((order) => {
      const mine = items.filter((i) => i.item.orderId === order.id);
      const own = { order, items: mine };
      const payment = pays.find((x) => x.refId === order.id) ?? null;
      const nameZh = mine.map((i) => i.activity.nameZh).join("、");
      const nameEn = mine.map((i) => i.activity.nameEn).join(", ");
      return {
        id: order.id,
        trade: order.trade,
        childTrade: mine.map((i) => i.item.childTrade).join(", "),
        name: inLanguage(ctx, nameZh, nameEn),
        nameZh,
        nameEn,
        state: { id: order.state },
        sendState: { id: order.sendState },
        createDate: order.createdAt.toISOString(),
        updateDate: order.updatedAt.toISOString(),
        expires: isoOf(order.expiresAt),
        price: order.price,
        amount: order.amount,
        integral: order.points,
        deducted: order.deducted,
        payOrder: { price: order.amount, payTrade: payment?.providerTrade ?? null, payDate: isoOf(order.payDate ?? payment?.paidAt ?? null), state: payment ? { id: payment.state } : null },
        // Paid, but the order is cancelled (paid after its window, or its activity reverted): the money goes back (docs/decisions.md, 106).
        refundOwed: payment?.state === PAY_STATE.PAY_STATE_REFUND_OWED,
        // Its refund once staff asked for it: the member sees where it stands, not the provider's words.
        refund: ((r) => (r ? { state: { id: r.state }, amount: r.amount, refundDate: isoOf(r.refundedAt) } : null))(given.find((r) => r.paymentId === payment?.id)),
        address: order.liaison
          ? {
              liaison: order.liaison,
              phone: order.phone,
              address0: order.address0,
              address1: order.address1,
              address2: order.address2,
              address3: order.address3,
              addressInfo: order.addressInfo,
              // The four levels' names for display (address0..3 stay the codes).
              regions: [order.address0, order.address1, order.address2, order.address3].map(regionOf),
            }
          : null,
        goods: mine.map(({ item, activity }) => ({
          id: item.id,
          trade: item.childTrade,
          activity: {
            id: activity.id,
            nameZh: activity.nameZh,
            nameEn: activity.nameEn,
            name: inLanguage(ctx, activity.nameZh, activity.nameEn),
            face: activity.face,
            eventStart: isoOf(activity.eventStart),
            eventEnd: isoOf(activity.eventEnd),
            placeZh: activity.placeZh,
            placeEn: activity.placeEn,
          },
          places: item.places,
          properies: item.properties,
          values: item.quests,
          score: item.score,
          hasTicket: activity.hasTicket,
          checked: item.checkedAt !== null,
          checkedAt: isoOf(item.checkedAt),
          families: kin
            .filter((k) => k.f.itemId === item.id)
            .map(({ f, relation, gift }) => ({
              name: f.name,
              relationship: { id: f.relationId, nameZh: relation?.nameZh ?? "", nameEn: relation?.nameEn ?? "" },
              birthday: f.birthday,
              identity: f.identity,
              sex: f.sex,
              phone: f.phone,
              gift: f.giftId ? { id: f.giftId, nameZh: gift?.nameZh ?? "", nameEn: gift?.nameEn ?? "" } : null,
            })),
        })),
        express: boxes.filter((b) => b.orderId === order.id).map(parcelView),
        // A live sign-up of an activity that says when it takes place: its .ics downloads (/order/calendar).
        hasCalendar: order.state === ORDER_STATE.ORDER_STATE_SUCCESS && mine.some((i) => i.item.state === ORDER_STATE.ORDER_STATE_SUCCESS && i.activity.eventStart && i.activity.eventEnd),
        canCancel: allowsCancel(own, ctx.now),
        canChangeAddress: allowsAddress(own),
      };
    }),
    count: p.count,
    max: p.max,
    index: p.index,
  };
}

export async function cancelOwnOrder({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: { id: number } }) {
  const own = await ownOrder(ctx, input.id);
  if (!allowsCancel(own, ctx.now)) refuse("ERROR_NOT_POWER");
  if (!(await cancelOrder(ctx, own.order.id))) refuse("ERROR_NOT_POWER");
  return { audit: { entity: "order", id: own.order.id, detail: own.order.trade } };
}

/** Pay a waiting order again (the list's "pay" after "pay later"), while its 5 minutes last; the link comes after (the route's `then`). */
export async function payAgain({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: { id: number } }) {
  const { order } = await ownOrder(ctx, input.id);
  if (order.state !== ORDER_STATE.ORDER_STATE_WAIT || !order.expiresAt || order.expiresAt <= ctx.now) refuse("ERROR_NOT_POWER");
  return { trade: order.trade, expires: order.expiresAt.toISOString() };
}

/** The payment poll: the order's state by its trade. */
export async function checkOrder({ ctx, input }: { ctx: MemberCtx; input: { trade: string } }) {
  const [order] = await ctx.db.select({ state: orders.state }).from(orders).where(and(eq(orders.trade, input.trade), eq(orders.userId, ctx.actor.id)));
  if (!order) refuse("ERROR_RESULT_NULL");
  return { state: { id: order.state }, paid: order.state === ORDER_STATE.ORDER_STATE_SUCCESS };
}

/** Whether the ticket was checked at the door, when, and by whom (the staff member's name; empty for a check-in that recorded none). */
export async function ticketChecked({ ctx, input }: { ctx: MemberCtx; input: { id: number } }) {
  const own = await ownOrder(ctx, input.id);
  const item = own.items.find((i) => i.item.checkedAt !== null)?.item;
  const by = item?.checkedBy ? ((await namesOf(ctx, [item.checkedBy])).get(item.checkedBy) ?? "") : "";
  return { checked: item !== undefined, checkedAt: isoOf(item?.checkedAt ?? null), checkedBy: by };
}

export async function orderExpress({ ctx, input }: { ctx: MemberCtx; input: { id: number } }) {
  const own = await ownOrder(ctx, input.id);
  const rows = await ctx.db.select().from(parcels).where(eq(parcels.orderId, own.order.id)).orderBy(parcels.id);
  return { logs: rows.map(parcelView) };
}

export async function changeAddress({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: { order: number; address: number } }) {
  const own = await ownOrder(ctx, input.order);
  if (!allowsAddress(own)) refuse("ERROR_NOT_POWER");
  const [address] = await ctx.db.select().from(addresses).where(and(eq(addresses.id, input.address), eq(addresses.userId, ctx.actor.id)));
  if (!address) refuse("ERROR_SIGN_ADDRESS");
  await ctx.db
    .update(orders)
    .set({
      liaison: address.name,
      phone: address.phone,
      address0: address.address0,
      address1: address.address1,
      address2: address.address2,
      address3: address.address3,
      addressInfo: address.info,
      updatedAt: ctx.now,
    })
    .where(eq(orders.id, own.order.id));
  return { audit: { entity: "order", id: own.order.id, detail: own.order.trade } };
}

/** Whether someone with this ID number is already carried to the activity by a live order. */
export async function familyChecked({ ctx, input }: { ctx: MemberCtx; input: { activity: number; identity: string } }) {
  const rows = await ctx.db
    .select({ id: orderFamilies.id })
    .from(orderFamilies)
    .where(and(eq(orderFamilies.activityId, input.activity), eq(orderFamilies.identity, input.identity.trim().toUpperCase()), ne(orderFamilies.state, ORDER_STATE.ORDER_STATE_CANCEL)))
    .limit(1);
  return { checked: rows.length > 0 };
}

/**
 * The member's own ticket: the first sub-order (by id) of their order `trade`
 * whose activity has tickets, with its activity. The screen's QR and the
 * printed ticket both read it, so they always show the same sub-order's code.
 * ERROR_RESULT_NULL when there is no such order of theirs or it has no ticket
 * (another member's order reads the same as none); ERROR_ORDER_STATE { state }
 * while it is not successful (unpaid, cancelled, expired, in preview).
 */
export async function ticketOf(ctx: MemberCtx, trade: string) {
  const [row] = await ctx.db
    .select({ order: orders, item: orderItems, activity: activities })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(activities, eq(activities.id, orderItems.activityId))
    .where(and(eq(orders.trade, trade), eq(orders.userId, ctx.actor.id), eq(activities.hasTicket, true)))
    .orderBy(orderItems.id)
    .limit(1);
  if (!row) refuse("ERROR_RESULT_NULL");
  if (row.item.state !== ORDER_STATE.ORDER_STATE_SUCCESS) refuse("ERROR_ORDER_STATE", { state: row.item.state });
  return row;
}

/** The ticket: a QR of the sub-order's signed code, for a successful order of an activity with tickets. */
export async function ticketQr({ ctx, input }: { ctx: MemberCtx; input: { trade: string } }): Promise<Download> {
  const { item } = await ticketOf(ctx, input.trade);
  const png = await QRCode.toBuffer(await ticketCode(ctx, item.childTrade), { type: "png", margin: 2, width: 240, errorCorrectionLevel: "M" });
  return { body: new Uint8Array(png), type: "image/png", cache: "none" };
}
