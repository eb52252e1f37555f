// Check-in at the door (issue 20 item 2, FUNCTION_ACTIVITY_CHECK_IN): the
// activities with tickets a staff member may check in, the ticket scan that
// marks a sub-order checked once, and the activity's live counts.
//
// A scan names the activity the staff member chose and what was read: the
// ticket QR's signed code (src/domains/order/ticket-code.ts), or, when the
// camera fails or the ticket is torn, the order number typed by hand. A typed
// number is not signed, so it checks in only an order of the chosen activity
// (docs/decisions.md). The mark is one conditional UPDATE (`... where
// checked_at is null returning`): of two staff scanning one ticket at once,
// exactly one checks it in and the other is told who did and when.
import { and, asc, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { activities, orderFamilies, orderItems, orders, relations, users } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { type Static, Type as t } from "@sinclair/typebox";
import { ACTIVITY_STATE, ORDER_STATE } from "../../protocol/enumerations";
import { maskPhone } from "../../protocol/identity";
import { refuse, refused } from "../../protocol/result";
import type { MemberCtx } from "../context";
import { readTicketCode } from "../order/ticket-code";
import { namesOf } from "../shared/member-names";
import { inLanguage } from "../shared/language";
import { idField, isoOf } from "../shared/fields";

/** How many activities the picker offers: the current ones first, then the most recent others. */
export const CHECKIN_ACTIVITY_LIMIT = 100;
/** What an order number typed by hand may look like (a main order's trade or a sub-order's child trade). */
const TYPED_NUMBER = /^[A-Za-z0-9-]{1,64}$/;
/** A signed ticket code begins so; typed into the number field (a hand scanner types what it reads), it is read as a code. */
const CODE_PREFIX = "T1.";

// Whatever a camera reads goes to the server, which tells a ticket from anything else; a longer text is no ticket either.
export const scanInput = t.Object({ activity: idField, code: t.String({ maxLength: 2000 }), via: t.Union([t.Literal("camera"), t.Literal("typed")]) });
export type ScanInput = Static<typeof scanInput>;

/** POST /checkin/activities: the activities with tickets, those going on now first (a normal activity whose display window has not ended). */
export async function checkInActivities({ ctx }: { ctx: MemberCtx }) {
  // The time as text: a Date in raw SQL is not a parameter both drivers send alike.
  const current = sql<boolean>`(${activities.state} = ${ACTIVITY_STATE.ACTIVITY_STATE_NORMAL} and (${activities.showEnd} is null or ${activities.showEnd} > ${ctx.now.toISOString()}::timestamptz))`;
  const rows = await ctx.db
    .select({ id: activities.id, nameZh: activities.nameZh, nameEn: activities.nameEn, state: activities.state, signStart: activities.signStart, signEnd: activities.signEnd, current })
    .from(activities)
    .where(and(eq(activities.hasTicket, true), ne(activities.state, ACTIVITY_STATE.ACTIVITY_STATE_PREVIEW)))
    .orderBy(desc(current), desc(sql`coalesce(${activities.signEnd}, ${activities.createdAt})`), desc(activities.id))
    .limit(CHECKIN_ACTIVITY_LIMIT);
  return {
    list: rows.map((a) => ({
      id: a.id,
      nameZh: a.nameZh,
      nameEn: a.nameEn,
      name: inLanguage(ctx, a.nameZh, a.nameEn),
      state: { id: a.state },
      signStart: isoOf(a.signStart),
      signEnd: isoOf(a.signEnd),
      current: Boolean(a.current),
    })),
  };
}

async function ticketedActivity(ctx: MemberCtx, id: number) {
  const [activity] = await ctx.db.select({ id: activities.id, nameZh: activities.nameZh, nameEn: activities.nameEn, hasTicket: activities.hasTicket }).from(activities).where(eq(activities.id, id));
  if (!activity) refuse("ERROR_RESULT_NULL");
  if (!activity.hasTicket) refuse("ERROR_CHECKIN_NO_TICKET");
  return activity;
}

/** POST /checkin/counts: checked in against signed up (paid, live sub-orders), in orders and in places. One aggregate over the activity's index. */
export async function checkInCounts({ ctx, input }: { ctx: MemberCtx; input: { activity: number } }) {
  await ticketedActivity(ctx, input.activity);
  const [row] = await ctx.db
    .select({
      orders: sql<number>`count(*)::int`,
      places: sql<number>`coalesce(sum(${orderItems.places}), 0)::int`,
      checkedOrders: sql<number>`count(${orderItems.checkedAt})::int`,
      checkedPlaces: sql<number>`coalesce(sum(${orderItems.places}) filter (where ${orderItems.checkedAt} is not null), 0)::int`,
    })
    .from(orderItems)
    .where(and(eq(orderItems.activityId, input.activity), eq(orderItems.state, ORDER_STATE.ORDER_STATE_SUCCESS)));
  return { counts: { orders: row?.orders ?? 0, places: row?.places ?? 0, checkedOrders: row?.checkedOrders ?? 0, checkedPlaces: row?.checkedPlaces ?? 0 } };
}

const ticketColumns = {
  id: orderItems.id,
  orderId: orderItems.orderId,
  childTrade: orderItems.childTrade,
  userId: orderItems.userId,
  activityId: orderItems.activityId,
  places: orderItems.places,
  state: orderItems.state,
  checkedAt: orderItems.checkedAt,
  checkedBy: orderItems.checkedBy,
  expiresAt: orders.expiresAt,
  trade: orders.trade,
};
type Ticket = { id: number; orderId: number; childTrade: string; userId: number; activityId: number; places: number; state: number; checkedAt: Date | null; checkedBy: number | null; expiresAt: Date | null; trade: string };

const ticketQuery = (ctx: MemberCtx) => ctx.db.select(ticketColumns).from(orderItems).innerJoin(orders, eq(orders.id, orderItems.orderId));

/** What a scan's text is, read before the command's transaction: a signed ticket code (and the sub-order it names, when its signature holds), or a typed number. */
export type ReadScan = { isCode: boolean; childTrade: string | null };

/**
 * The command's `prepare`: the signature is checked before the transaction,
 * because the first check of an instance reads the secret through the pool,
 * which on PGlite's one connection would wait for the transaction itself.
 */
export async function readScan({ ctx, input }: { ctx: MemberCtx; input: ScanInput }): Promise<ReadScan> {
  const text = input.code.trim();
  const isCode = input.via === "camera" || text.startsWith(CODE_PREFIX);
  return { isCode, childTrade: isCode ? await readTicketCode(ctx, text) : null };
}

/** The sub-order a scan names, or the refusal that says why there is none to check in. */
async function findTicket(ctx: MemberCtx, input: ScanInput, read: ReadScan): Promise<Ticket> {
  const text = input.code.trim();
  if (read.isCode) {
    if (read.childTrade === null) refuse("ERROR_CHECKIN_CODE");
    const [ticket] = await ticketQuery(ctx).where(eq(orderItems.childTrade, read.childTrade));
    // Signed by this portal but its order is gone (a database restored from before it): not a ticket that admits anyone.
    if (!ticket) refuse("ERROR_CHECKIN_CODE");
    return ticket;
  }
  // Typed by hand: the whole number, as the member's ticket tab shows it, never a part of one.
  const number = text.toUpperCase();
  if (!TYPED_NUMBER.test(number)) refuse("ERROR_CHECKIN_NOT_FOUND");
  const [bySub] = await ticketQuery(ctx).where(sql`upper(${orderItems.childTrade}) = ${number}`);
  if (bySub) return bySub;
  // A main order's number: its sub-order for the chosen activity (a market checkout holds several).
  const byMain = await ticketQuery(ctx)
    .where(sql`upper(${orders.trade}) = ${number}`)
    .orderBy(sql`${orderItems.activityId} = ${input.activity} desc`, asc(orderItems.id));
  if (!byMain[0]) refuse("ERROR_CHECKIN_NOT_FOUND");
  return byMain[0];
}

/** What the door is shown of the member: the name, the phone masked (spec 2 section 9), the places and the family members carried. */
async function holderOf(ctx: MemberCtx, ticket: Ticket) {
  const [[user], names, kin] = await Promise.all([
    ctx.db.select({ employees: users.employees, phone: users.phone }).from(users).where(eq(users.id, ticket.userId)),
    namesOf(ctx, [ticket.userId]),
    ctx.db
      .select({ name: orderFamilies.name, relationZh: relations.nameZh, relationEn: relations.nameEn })
      .from(orderFamilies)
      .leftJoin(relations, eq(relations.id, orderFamilies.relationId))
      .where(eq(orderFamilies.itemId, ticket.id))
      .orderBy(orderFamilies.id),
  ]);
  return {
    trade: ticket.childTrade,
    name: names.get(ticket.userId) ?? "",
    employees: user?.employees ?? "",
    phone: maskPhone(user?.phone),
    places: ticket.places,
    families: kin.map((k) => ({ name: k.name, relationZh: k.relationZh ?? "", relationEn: k.relationEn ?? "" })),
  };
}

/** The member as a scan answers them (`checkedIn`; the warning's parameters carry the same beside `checkedBy`). */
export type CheckInHolder = Awaited<ReturnType<typeof holderOf>> & { checkedAt: string };

/** Refuses a ticket of the chosen activity that does not admit anyone now, with the reason. */
function refuseUnlessAdmits(ticket: Ticket, now: Date) {
  if (ticket.state === ORDER_STATE.ORDER_STATE_SUCCESS) return;
  if (ticket.state === ORDER_STATE.ORDER_STATE_CANCEL) refuse("ERROR_CHECKIN_CANCELLED", { trade: ticket.childTrade });
  if (ticket.state === ORDER_STATE.ORDER_STATE_WAIT)
    // Past its payment time the expiry job cancels it on its next tick; at the door it is expired already.
    refuse(ticket.expiresAt && ticket.expiresAt <= now ? "ERROR_CHECKIN_EXPIRED" : "ERROR_CHECKIN_UNPAID", { trade: ticket.childTrade });
  // An editor's sign-up on an activity in preview: deleted when it is published, never a ticket.
  refuse("ERROR_ACTIVITY_STATE", { trade: ticket.childTrade });
}

/**
 * POST /checkin/scan: checks the ticket in, once. Answers the member as the
 * door shows them; a ticket checked already is the refusal
 * ERROR_CHECKIN_ALREADY naming who checked it in and when (nothing written);
 * anything else that does not admit anyone is refused with its reason.
 */
export async function scanTicket({ ctx, input, prepared }: { ctx: CommandCtx<MemberCtx>; input: ScanInput; prepared: ReadScan }) {
  const activity = await ticketedActivity(ctx, input.activity);
  const ticket = await findTicket(ctx, input, prepared);
  if (ticket.activityId !== activity.id) {
    const [other] = await ctx.db.select({ nameZh: activities.nameZh, nameEn: activities.nameEn }).from(activities).where(eq(activities.id, ticket.activityId));
    refuse("ERROR_CHECKIN_ACTIVITY", { nameZh: other?.nameZh ?? "", nameEn: other?.nameEn ?? "" });
  }
  refuseUnlessAdmits(ticket, ctx.now);

  const [marked] = await ctx.db
    .update(orderItems)
    .set({ checkedAt: ctx.now, checkedBy: ctx.actor.id })
    .where(and(eq(orderItems.id, ticket.id), isNull(orderItems.checkedAt), eq(orderItems.state, ORDER_STATE.ORDER_STATE_SUCCESS)))
    .returning({ checkedAt: orderItems.checkedAt });
  if (marked) {
    return {
      checkedIn: { ...(await holderOf(ctx, ticket)), checkedAt: marked.checkedAt!.toISOString() },
      audit: { entity: "order", id: ticket.orderId, userId: ticket.userId, detail: `${ticket.childTrade} ${input.via}` },
    };
  }
  // Nothing marked: another scan got there first, or the order changed since it was read. Read it again as it is now.
  const [now] = await ticketQuery(ctx).where(eq(orderItems.id, ticket.id));
  if (!now) return refuse("ERROR_CHECKIN_CODE");
  refuseUnlessAdmits(now, ctx.now);
  const by = now.checkedBy !== null ? ((await namesOf(ctx, [now.checkedBy])).get(now.checkedBy) ?? "") : "";
  return refused("ERROR_CHECKIN_ALREADY", { ...(await holderOf(ctx, now)), checkedAt: isoOf(now.checkedAt), checkedBy: by });
}
