// Payments through a provider (the embedded sandbox, later WeChat Pay). A
// payment belongs to one thing to pay for (a dues order now, sign-up orders
// later) by kind and id; the provider's notification marks it paid.
import { index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./user";
import { ts } from "./columns";

export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    /** Our trade number, sent to the provider. */
    trade: text("trade").notNull(),
    provider: text("provider").notNull(),
    kind: text("kind").notNull(), // "dues"
    refId: integer("ref_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    subject: text("subject").notNull(),
    /** In fen. */
    amount: integer("amount").notNull(),
    /** PAY_STATE_* (type table ids). */
    state: integer("state").notNull(),
    providerTrade: text("provider_trade"),
    /** The page or QR content the provider gave, stored after the order committed. */
    payUrl: text("pay_url"),
    createdAt: ts("created_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
    paidAt: ts("paid_at"),
  },
  (t) => [uniqueIndex("payments_trade_idx").on(t.trade), index("payments_ref_idx").on(t.kind, t.refId), index("payments_state_idx").on(t.state, t.expiresAt)],
);
