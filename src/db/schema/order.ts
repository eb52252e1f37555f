// Sign-up orders (spec 2 section 3): the main order a member pays for once
// (one sign-up, or one market checkout), its sub-orders, one per activity,
// the family members they carry and the parcels that deliver them.
//
// A live sub-order holds a seat: (activity, member, cycle, seq) is unique
// while it is not cancelled, seq running 1..formCount, so the same member
// cannot hold more orders than allowed however many requests race; a team
// that allows one sign-up per member adds (team, member); a family member is
// carried once per activity by ID number.
import { sql } from "drizzle-orm";
import { boolean, date, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { activities, gifts, relationshipRules } from "./activity";
import { families } from "./family";
import { users } from "./user";
import { ts } from "./columns";

/** What a sub-order took beside places, so a cancel gives exactly that back. */
export type Takes = { options: number[]; gifts: number[] };
export type AnswerValue = { id: number; value: string | string[] };

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    trade: text("trade").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** ORDER_STATE_WAIT (payment due), _SUCCESS, _CANCEL, or _PREVIEW (an activity in preview). */
    state: integer("state").notNull(),
    /** SEND_STATE_WAIT or SEND_STATE_SENT. */
    sendState: integer("send_state").notNull(),
    /** Before the deduction, in fen. */
    price: integer("price").notNull(),
    /** What is paid, in fen. */
    amount: integer("amount").notNull(),
    /** Points charged, in hundredths. */
    points: integer("points").notNull().default(0),
    /** The member chose the points deduction. */
    deducted: boolean("deducted").notNull().default(false),
    /** The points taken, by expiry, to give back exactly on cancel. */
    pointParts: jsonb("point_parts").$type<{ expiresAt: string | null; count: number }[]>().notNull().default([]),
    // The delivery address as it was chosen (the address book may change later).
    liaison: text("liaison"),
    phone: text("phone"),
    address0: text("address0"),
    address1: text("address1"),
    address2: text("address2"),
    address3: text("address3"),
    addressInfo: text("address_info"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
    /** A waiting order is cancelled by the expiry job after this. */
    expiresAt: ts("expires_at"),
    payDate: ts("pay_date"),
  },
  (t) => [
    uniqueIndex("orders_trade_idx").on(t.trade),
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_waiting_idx").on(t.expiresAt).where(sql`state = 201`),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    childTrade: text("child_trade").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    activityId: integer("activity_id")
      .notNull()
      .references(() => activities.id),
    /** The team whose total quota the places were taken from, if any. */
    teamId: integer("team_id"),
    /** The team, when it allows one sign-up per member (its unique seat). */
    teamSeat: integer("team_seat"),
    /** The cycle of a periodic activity; 0 otherwise. */
    cycle: integer("cycle").notNull().default(0),
    /** Which of the member's allowed orders this is: 1..formCount. */
    seq: integer("seq").notNull(),
    /** Places taken: the member (when counted) and the counted family members. */
    places: integer("places").notNull(),
    /** Copied from the order, so the seat indexes can tell a live sub-order. */
    state: integer("state").notNull(),
    properties: jsonb("properties").$type<AnswerValue[]>().notNull().default([]),
    quests: jsonb("quests").$type<AnswerValue[]>().notNull().default([]),
    takes: jsonb("takes").$type<Takes>().notNull().default({ options: [], gifts: [] }),
    score: integer("score"),
    /** Seconds the questionnaire took. */
    time: integer("time"),
    /** When the ticket was checked at the door. */
    checkedAt: ts("checked_at"),
    /** The staff member who checked it (null for a check-in from before issue 20). */
    checkedBy: integer("checked_by").references(() => users.id),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("order_items_trade_idx").on(t.childTrade),
    index("order_items_order_idx").on(t.orderId),
    index("order_items_activity_idx").on(t.activityId, t.state),
    uniqueIndex("order_items_member_seat_idx").on(t.activityId, t.userId, t.cycle, t.seq).where(sql`state <> 203`),
    uniqueIndex("order_items_team_seat_idx").on(t.teamSeat, t.userId).where(sql`team_seat is not null and state <> 203`),
  ],
);

/** A family member carried by a sub-order, as they were when chosen. */
export const orderFamilies = pgTable(
  "order_families",
  {
    id: serial("id").primaryKey(),
    itemId: integer("item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    activityId: integer("activity_id")
      .notNull()
      .references(() => activities.id),
    familyId: integer("family_id").references(() => families.id, { onDelete: "set null" }),
    ruleId: integer("rule_id").references(() => relationshipRules.id, { onDelete: "set null" }),
    giftId: integer("gift_id").references(() => gifts.id),
    name: text("name").notNull(),
    identity: text("identity").notNull(),
    idType: integer("id_type").notNull(),
    relationId: integer("relation_id").notNull(),
    sex: integer("sex").notNull(),
    birthday: date("birthday", { mode: "string" }),
    phone: text("phone"),
    counted: boolean("counted").notNull(),
    /** Copied from the order, so the index below can tell a live one. */
    state: integer("state").notNull(),
  },
  (t) => [
    index("order_families_item_idx").on(t.itemId),
    uniqueIndex("order_families_identity_idx").on(t.activityId, t.identity).where(sql`state <> 203`),
  ],
);

/** A parcel of an order and where it is (spec 2 section 2: one tab each). */
export const parcels = pgTable(
  "parcels",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    number: text("number").notNull(),
    company: text("company").notNull(),
    site: text("site"),
    phone: text("phone"),
    logo: text("logo"),
    /** DELIVERY_STATE_* (500 + the courier's 0-6). */
    state: integer("state").notNull(),
    /** The courier's trail, newest first. */
    trail: jsonb("trail").$type<{ time: string; text: string }[]>().notNull().default([]),
    takeTime: ts("take_time"),
    updatedAt: ts("updated_at").notNull(),
  },
  // One parcel per tracking number of an order: importing the same courier file twice writes nothing twice.
  (t) => [index("parcels_order_idx").on(t.orderId), uniqueIndex("parcels_order_number_idx").on(t.orderId, t.number)],
);
