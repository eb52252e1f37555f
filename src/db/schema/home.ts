// What the home page shows besides activities and news (spec 2 sections 2, 3
// and 5): the banner carousel and the announcement an editor sets (spec 2's
// festive greeting, made data: both languages, a display window, shown once
// per member).
import { index, integer, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { users } from "./user";
import { ts } from "./columns";

export const banners = pgTable(
  "banners",
  {
    id: serial("id").primaryKey(),
    nameZh: text("name_zh").notNull(),
    nameEn: text("name_en").notNull(),
    /** Display order, descending (spec 2 section 9); a positive integer. */
    sortIndex: integer("sort_index").notNull().default(1),
    /** Online and offline times; null online: at once, null offline: never. */
    showAt: ts("show_at"),
    hideAt: ts("hide_at"),
    /** JUMP_KIND type id (MARKET_LIST, MODULE_INFO, MARKET_INFO, ACTIVITY_INFO, CONTENT_INFO); null: no target. */
    jump: integer("jump"),
    /** The target's parameter (an id). */
    param: text("param"),
    /** The image's address, as the upload answered it. */
    face: text("face"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [index("banners_sort_idx").on(t.sortIndex)],
);

export const announcements = pgTable("announcements", {
  id: serial("id").primaryKey(),
  titleZh: text("title_zh").notNull(),
  titleEn: text("title_en").notNull(),
  /** Rich text, cleaned on output (src/domains/shared/rich-text.ts). */
  bodyZh: text("body_zh").notNull(),
  bodyEn: text("body_en").notNull(),
  showAt: ts("show_at").notNull(),
  hideAt: ts("hide_at").notNull(),
  createdAt: ts("created_at").notNull(),
  updatedAt: ts("updated_at").notNull(),
});

/** A member has seen an announcement: it is not shown to them again. */
export const announcementReads = pgTable(
  "announcement_reads",
  {
    announcementId: integer("announcement_id")
      .notNull()
      .references(() => announcements.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    readAt: ts("read_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.userId] })],
);
