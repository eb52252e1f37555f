// The lottery of an oversubscribed activity (issue 32, docs/decisions.md
// 138): an activity whose `draw_at` is set allocates its places by lot. Its
// commitment (SHA-256 of a secret seed) is made when the editor chooses the
// lottery and shown before the window opens; members apply during the window
// without taking a place (one application each: the unique index); at the
// draw the seed orders the applications (src/domains/lottery/draw.ts), the
// order is written here as each application's rank and becomes the
// activity's waiting list, whose offers hold the places; then the seed is
// shown, so anyone can recompute the order.
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { activities } from "./activity";
import { ts } from "./columns";
import { users } from "./user";

export const lotteries = pgTable("lotteries", {
  activityId: integer("activity_id")
    .primaryKey()
    .references(() => activities.id, { onDelete: "cascade" }),
  /** The secret, 64 hex digits: read by the draw, shown only once the draw has run. */
  seed: text("seed").notNull(),
  /** SHA-256 of the seed's bytes, hex: public from the start. */
  commitment: text("commitment").notNull(),
  createdAt: ts("created_at").notNull(),
  /** Set by the draw, with the activity's `drawn_at`: the places it filled and how many applied. */
  places: integer("places"),
  applicants: integer("applicants"),
});

/** A member's application; its id is the application number the draw orders. */
export const lotteryEntries = pgTable(
  "lottery_entries",
  {
    id: serial("id").primaryKey(),
    activityId: integer("activity_id")
      .notNull()
      .references(() => activities.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The sign-up as checked when applying (properties, answers, family, address, points): what the winner's confirmation signs. */
    input: jsonb("input").$type<Record<string, unknown>>().notNull(),
    createdAt: ts("created_at").notNull(),
    /** The place in the drawn order, 1 first; null until the draw. */
    rank: integer("rank"),
  },
  (t) => [uniqueIndex("lottery_entries_member_idx").on(t.activityId, t.userId), index("lottery_entries_user_idx").on(t.userId)],
);
