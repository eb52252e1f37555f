// A member's private calendar feed (issue 20 item 4): one address per member,
// its token kept only as a SHA-256 hash. Renewing replaces the hash, revoking
// deletes the row; every fetch looks the hash up afresh, so the old address
// stops on every instance at once.
import { integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./user";
import { ts } from "./columns";

export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Hex SHA-256 of the address's token; the token itself is shown once, when made. */
    tokenHash: text("token_hash").notNull(),
    /** LANGUAGE_ZH or LANGUAGE_EN: the language the page was read in when the address was made (a calendar app sends none). */
    language: integer("language").notNull(),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [uniqueIndex("calendar_feeds_user_idx").on(t.userId), uniqueIndex("calendar_feeds_token_idx").on(t.tokenHash)],
);
