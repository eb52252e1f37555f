// The union mailbox (spec 2 sections 2-4, spec 3 section 2.6): a member's
// first message opens a session; managers (FUNCTION_CHAT_OPERATION) answer
// as "the union". Each side has its own unread mark.
import { boolean, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { users } from "./user";
import { ts } from "./columns";

export const chatSessions = pgTable(
  "chat_sessions",
  {
    id: serial("id").primaryKey(),
    /** The member who opened it. */
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The member has read every manager message in it. */
    userRead: boolean("user_read").notNull().default(true),
    /** Managers have read every member message in it. */
    managerRead: boolean("manager_read").notNull().default(false),
    createdAt: ts("created_at").notNull(),
    /** The newest message's time: lists are sorted by it. */
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [index("chat_sessions_user_idx").on(t.userId, t.updatedAt), index("chat_sessions_updated_idx").on(t.updatedAt)],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: serial("id").primaryKey(),
    sessionId: integer("session_id")
      .notNull()
      .references(() => chatSessions.id, { onDelete: "cascade" }),
    /** Who wrote it (the member, or the manager who answered). */
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** Written by a manager, shown to the member as "Labor Union Manager". */
    fromManager: boolean("from_manager").notNull(),
    /** Plain text, angle brackets escaped on the way in. */
    content: text("content").notNull(),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("chat_messages_session_idx").on(t.sessionId, t.id)],
);
