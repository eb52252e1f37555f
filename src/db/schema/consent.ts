// The privacy notice and who accepted which version (issue 31 item 4, PIPL's
// consent): the version accepted at activation is recorded; a new version
// published by an administrator is asked for again at the member's next sign-in.
import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { ts } from "./columns";
import { users } from "./user";

/** Every version ever published, numbered 1, 2, 3 without gaps; the highest is in force. */
export const privacyNotices = pgTable("privacy_notices", {
  version: integer("version").primaryKey(),
  textZh: text("text_zh").notNull(),
  textEn: text("text_en").notNull(),
  publishedAt: ts("published_at").notNull(),
  publishedBy: integer("published_by").references(() => users.id),
});

/** A member accepted a version: when, and from which address. */
export const privacyConsents = pgTable(
  "privacy_consents",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    version: integer("version")
      .notNull()
      .references(() => privacyNotices.version),
    acceptedAt: ts("accepted_at").notNull(),
    ip: text("ip"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.version] }), index("privacy_consents_version_idx").on(t.version)],
);
