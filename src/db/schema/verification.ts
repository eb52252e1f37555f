// One-time codes sent by SMS or mail, and the outbox every message goes through.
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import type { MailAttachment } from "../../providers/mail";
import type { SmsTemplate } from "../../providers/sms";
import { ts } from "./columns";

/**
 * A code sent to a phone or mailbox for one purpose (activation, reset,
 * change of phone or e-mail, ...). Valid 2 minutes; the latest send for the
 * same purpose and target also drives the 300-second cool-down.
 */
export const verificationCodes = pgTable(
  "verification_codes",
  {
    id: serial("id").primaryKey(),
    purpose: text("purpose").notNull(),
    channel: text("channel").notNull(), // "sms" | "mail"
    target: text("target").notNull(), // phone number or e-mail address, as sent
    userId: integer("user_id"),
    sessionId: text("session_id").notNull(),
    code: text("code").notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: ts("created_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
  },
  (t) => [index("verification_codes_target_idx").on(t.purpose, t.target, t.createdAt), index("verification_codes_expires_idx").on(t.expiresAt)],
);

/**
 * Every message the portal sends, newest first for staff. With the embedded
 * providers the row is the delivery and its text is readable; with a real
 * provider the codes and links a message carries are masked in `text` and
 * kept only sealed until the message is sent or failed.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    channel: text("channel").notNull(), // "sms" | "mail"
    to: text("to_address").notNull(),
    subject: text("subject"),
    text: text("text").notNull(),
    /** An SMS's template and its parameters: a gateway sends only approved templates, never the text. */
    template: jsonb("template").$type<SmsTemplate>(),
    /** A mail's attachment: a file kept by the storage provider (an export sent by mail), read when it is sent. */
    attachment: jsonb("attachment").$type<MailAttachment>(),
    /** Who may open the attachment besides its addressee: the member it was mailed to, and the power that made it. */
    userId: integer("user_id"),
    power: text("power"),
    /** The subject, text and template as sent, encrypted (src/domains/shared/messages.ts), while secrets in them wait to be sent; null once sent or failed. */
    sealed: text("sealed"),
    createdAt: ts("created_at").notNull(),
    /** pending, then sent or (after the last retry) failed: staff see which. */
    state: text("state").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** When a pending message may be tried (again): retries back off. */
    nextAt: ts("next_at").notNull().default(sql`now()`),
    /** A delivery in progress holds the row until then; after a crash the row is tried again. */
    claimedUntil: ts("claimed_until"),
    /** Which claim holds the row: an outcome is written only under the claim that sent the message. */
    claimToken: text("claim_token"),
    sentAt: ts("sent_at"),
    error: text("error"),
  },
  (t) => [index("outbox_created_idx").on(t.createdAt), index("outbox_pending_idx").on(t.state, t.nextAt)],
);
