// The waiting list of a full activity (issue 20, docs/decisions.md): one line
// per activity, in the order members joined it. A place that frees goes to
// the first in line as a timed offer, and the offer HOLDS it: the hold is
// counted in the activity's `used` exactly as a sign-up's place is, so no
// other sign-up can take it; the offer's own sign-up consumes the hold
// instead of taking another place. An entry is waiting or offered while it is
// live (one live entry per member and activity: the partial unique index),
// then taken, expired, left, declined or closed, and kept as history.
import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, uniqueIndex } from "drizzle-orm/pg-core";
import { activities } from "./activity";
import { orders } from "./order";
import { users } from "./user";
import { ts } from "./columns";

/** An entry's state; the live ones are WAITING and OFFERED. */
export const WAITLIST_STATE = { WAITING: 1, OFFERED: 2, TAKEN: 3, EXPIRED: 4, LEFT: 5, DECLINED: 6, CLOSED: 7 } as const;

export const waitlist = pgTable(
  "waitlist",
  {
    id: serial("id").primaryKey(),
    activityId: integer("activity_id")
      .notNull()
      .references(() => activities.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    state: integer("state").notNull(),
    createdAt: ts("created_at").notNull(),
    /** When the place was offered and held, and until when the hold lasts. */
    offeredAt: ts("offered_at"),
    expiresAt: ts("expires_at"),
    /** When it stopped being live (taken, expired, left, declined, closed). */
    endedAt: ts("ended_at"),
    /** The order that took the held place. */
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("waitlist_member_idx").on(t.activityId, t.userId).where(sql`state in (1, 2)`),
    // The line: the first waiting of an activity, and a member's position in it.
    index("waitlist_line_idx").on(t.activityId, t.id).where(sql`state = 1`),
    // Offers due to expire (the job's scan).
    index("waitlist_offer_due_idx").on(t.expiresAt).where(sql`state = 2`),
    index("waitlist_user_idx").on(t.userId).where(sql`state in (1, 2)`),
  ],
);
