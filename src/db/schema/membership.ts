// Annual union dues: the one configuration row and the members' dues orders.
import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { properties } from "./property";
import { users } from "./user";
import { ts } from "./columns";

/** Dues configuration (spec 1 section 3, spec 3 section 4): a single row, id 1. */
export const memberConfig = pgTable("member_config", {
  id: integer("id").primaryKey(),
  /** Per person per year, in fen. */
  price: integer("price").notNull(),
  year: integer("year").notNull(),
  month: integer("month").notNull(),
  day: integer("day").notNull(),
  indexOnlyPropertyId: integer("index_only_property_id").references(() => properties.id),
  indexOnlyValue: text("index_only_value"),
  cantSignPropertyId: integer("cant_sign_property_id").references(() => properties.id),
  cantSignValue: text("cant_sign_value"),
  updatedAt: ts("updated_at").notNull(),
});

export const duesOrders = pgTable(
  "dues_orders",
  {
    id: serial("id").primaryKey(),
    sysTrade: text("sys_trade").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    year: integer("year").notNull(),
    nameZh: text("name_zh").notNull(),
    nameEn: text("name_en").notNull(),
    /** In fen. */
    amount: integer("amount").notNull(),
    /** ORDER_STATE_WAIT, ORDER_STATE_SUCCESS or ORDER_STATE_CANCEL. */
    state: integer("state").notNull(),
    payTrade: text("pay_trade"),
    createdAt: ts("created_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
    payDate: ts("pay_date"),
  },
  (t) => [
    uniqueIndex("dues_orders_trade_idx").on(t.sysTrade),
    index("dues_orders_user_idx").on(t.userId, t.createdAt),
    // At most one pending dues order per member, and one paid per member and year: by index, not by luck.
    uniqueIndex("dues_orders_one_pending_idx").on(t.userId).where(sql`state = 201`),
    uniqueIndex("dues_orders_one_paid_idx").on(t.userId, t.year).where(sql`state = 202`),
  ],
);
