// News and notices (spec 2 sections 2 and 3): both languages of title and
// rich text, a cover and a top pin for news; a notice is "new" to a member
// until they have read it.
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { users } from "./user";
import { ts } from "./columns";

export const news = pgTable(
  "news",
  {
    id: serial("id").primaryKey(),
    /** NEWS_TYPE_NEWS or NEWS_TYPE_NOTICE (type table ids). */
    type: integer("type").notNull(),
    nameZh: text("name_zh").notNull(),
    nameEn: text("name_en").notNull(),
    /** Rich text as Quill wrote it; cleaned by the server on save and on output. */
    contentZh: text("content_zh").notNull().default(""),
    contentEn: text("content_en").notNull().default(""),
    /** The cover's address (news only). */
    face: text("face"),
    /** Pinned to the top of the news list (news only). */
    isTop: boolean("is_top").notNull().default(false),
    /** The date shown and sorted by. */
    date: ts("date").notNull(),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [index("news_list_idx").on(t.type, t.isTop, t.date), index("news_date_idx").on(sql`${t.date} desc`)],
);

/** A member has opened a news item or notice. */
export const newsReads = pgTable(
  "news_reads",
  {
    newsId: integer("news_id")
      .notNull()
      .references(() => news.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    readAt: ts("read_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.newsId, t.userId] })],
);
