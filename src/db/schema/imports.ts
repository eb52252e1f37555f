// The outcome of a staff spreadsheet import (spec 3 sections 4.3 and 8): one
// row per upload, with the verdict of every row of the file, so the person
// who imported it can download the feedback table, and delete it when they
// are done ("cancel"). Kept a week at most (the clear-expired job).
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./user";
import { ts } from "./columns";

/** One row of the file as the feedback table shows it: its cells, what would happen, and why not. */
/** `reason` is the row's first; `reasons` all of them, when a refused row has more than one (decision 111). */
export type ImportVerdict = { row: number; cells: string[]; verdict: "apply" | "same" | "refused"; reason: string | null; reasons?: string[] };

export const importLogs = pgTable(
  "import_logs",
  {
    id: serial("id").primaryKey(),
    /** What the log is asked for by: random, unguessable. */
    key: text("key").notNull(),
    /** Which import: "order.express", "order.shipped", ... (its routes read only their own). */
    kind: text("kind").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The name of the uploaded file, as it came. */
    fileName: text("file_name").notNull(),
    /** The storage key of the uploaded file. */
    fileKey: text("file_key").notNull(),
    /** The header row of the feedback table (the file's columns as read). */
    header: jsonb("header").$type<string[]>().notNull(),
    rows: jsonb("rows").$type<ImportVerdict[]>().notNull(),
    /** How many rows were written: 0 when some row was refused (then nothing was) or when nothing changed. */
    applied: integer("applied").notNull(),
    createdAt: ts("created_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [uniqueIndex("import_logs_key_idx").on(t.key), index("import_logs_expires_idx").on(t.expiresAt)],
);

/**
 * What a member import that adds rather than sets (points, the welcome mail)
 * has done with a file, by the digest of its content: the same file again (or
 * renamed) finds its marks and changes nothing. Kept for good, unlike the log.
 */
export const importMarks = pgTable(
  "import_marks",
  {
    /** "member.integral" or "member.welcome". */
    kind: text("kind").notNull(),
    /** sha-256 of the file's rows as read (not its bytes or name). */
    digest: text("digest").notNull(),
    /** What of the file was done: a row's line (points), a member's id (welcome). */
    mark: text("mark").notNull(),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [uniqueIndex("import_marks_key_idx").on(t.kind, t.digest, t.mark)],
);
