// Reminders (issue 32 item 2, docs/decisions.md 139): what a member chose to
// be reminded of and how, each reminder sent (one per kind, member and
// subject: the unique index makes it exactly once, across instances and
// restarts), and which activities a member has looked at (the "sign-up
// closes in a day" reminder is for windows they saw).
import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ts } from "./columns";
import { users } from "./user";

export const reminderSettings = pgTable("reminder_settings", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The kinds turned off (a kind added later is on until the member turns it off). */
  off: text("off").array().notNull().default(sql`'{}'::text[]`),
  /** "mail" or "sms"; null: by mail where the member has one, else by SMS. */
  channel: text("channel"),
  updatedAt: ts("updated_at").notNull(),
});

export const reminders = pgTable(
  "reminders",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** What it is about, by kind: an activity, an order, a waiting-list entry, a dues year. */
    subject: integer("subject").notNull(),
    channel: text("channel").notNull(),
    /** When it was due, and when it was queued for delivery (the outbox row sends it). */
    dueAt: ts("due_at").notNull(),
    sentAt: ts("sent_at").notNull(),
    outboxId: integer("outbox_id"),
  },
  (t) => [uniqueIndex("reminders_once_idx").on(t.kind, t.userId, t.subject), index("reminders_sent_idx").on(t.sentAt)],
);

/** A member looked at an activity's page (first time kept). */
export const activityViews = pgTable(
  "activity_views",
  {
    activityId: integer("activity_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    seenAt: ts("seen_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.userId] })],
);
