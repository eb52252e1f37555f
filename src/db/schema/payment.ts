// Payments through a provider (the embedded sandbox, later WeChat Pay). A
// payment belongs to one thing to pay for (a dues order now, sign-up orders
// later) by kind and id; the provider's notification marks it paid.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
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
    /** Why the money is owed back (PAY_STATE_REFUND_OWED): "late" (paid after its window, nothing to retake), "reverted" (its activity went back to preview), "cancelled" (by staff). */
    owedWhy: text("owed_why"),
  },
  (t) => [uniqueIndex("payments_trade_idx").on(t.trade), index("payments_ref_idx").on(t.kind, t.refId), index("payments_state_idx").on(t.state, t.expiresAt)],
);

/**
 * The refund of a payment owed back (issue 29 section 4, docs/decisions.md
 * 114): one per payment, by index, so two officers pressing at once refund
 * once. Always the whole amount paid (never more); `refundNo` is the
 * provider's out_refund_no, sent again unchanged on a retry, so the provider
 * refunds it once whatever happens between us.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: serial("id").primaryKey(),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => payments.id),
    refundNo: text("refund_no").notNull(),
    /** In fen: the payment's amount. */
    amount: integer("amount").notNull(),
    /** REFUND_STATE_* (type table ids). */
    state: integer("state").notNull(),
    /** What the officer gave as the reason; the provider shows it to the payer. */
    reason: text("reason").notNull(),
    requestedBy: integer("requested_by").references(() => users.id),
    /** The provider's refund id once it has one. */
    providerRefund: text("provider_refund"),
    /** Why the provider refused or failed it, in its own words. */
    failure: text("failure"),
    /** When a refund still processing is next asked about, and how many times it was. */
    checkAt: ts("check_at"),
    checks: integer("checks").notNull().default(0),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
    refundedAt: ts("refunded_at"),
  },
  (t) => [
    uniqueIndex("refunds_payment_idx").on(t.paymentId),
    uniqueIndex("refunds_no_idx").on(t.refundNo),
    index("refunds_check_idx").on(t.state, t.checkAt),
    check("refunds_amount_positive", sql`${t.amount} > 0`),
  ],
);
