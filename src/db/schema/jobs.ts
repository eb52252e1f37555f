// Staff background jobs (imports and exports of members): one row per job, so
// a reloaded page finds its job and its answer, and a job whose instance died
// is run again from the start by another (src/domains/staff-jobs/).
import { index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ts } from "./columns";
import { bytea } from "./system";
import { users } from "./user";

export type StaffJobState = "queued" | "running" | "done" | "failed";

export const staffJobs = pgTable(
  "staff_jobs",
  {
    id: serial("id").primaryKey(),
    /** What the job is asked for by: random, unguessable. */
    key: text("key").notNull(),
    /** Which job ("member.export.list", "member.import.update", ...): its kind, as src/app-state.ts lists them. */
    kind: text("kind").notNull(),
    /** Who started it: only they read it. */
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    state: text("state").$type<StaffJobState>().notNull(),
    done: integer("done").notNull().default(0),
    total: integer("total").notNull().default(0),
    /** The call's answer once done (or the refusal, once failed). */
    result: jsonb("result").$type<Record<string, unknown>>(),
    /** The uploaded file the job reads (storage key and name as it came), if any. */
    fileKey: text("file_key"),
    fileName: text("file_name"),
    params: jsonb("params").$type<Record<string, unknown>>().notNull(),
    /** The lease's token: how many times it was claimed. A run writes only while its attempt is the row's (a superseded run writes nothing). */
    attempt: integer("attempt").notNull().default(0),
    createdAt: ts("created_at").notNull(),
    /** The lease: renewed by the running instance as it goes; stale means it died or stopped, and another takes the job over. */
    heartbeatAt: ts("heartbeat_at"),
    finishedAt: ts("finished_at"),
    /** A week after it finished: the clear-expired job removes it. */
    expiresAt: ts("expires_at"),
  },
  (t) => [
    uniqueIndex("staff_jobs_key_idx").on(t.key),
    index("staff_jobs_user_idx").on(t.userId, t.createdAt),
    index("staff_jobs_state_idx").on(t.state, t.heartbeatAt),
    index("staff_jobs_expires_idx").on(t.expiresAt),
  ],
);

/**
 * The uploaded file a job reads, in the database so that any instance can run
 * the job again (a storage provider's local DATA_DIR is one machine's). Kept
 * while the job may still run; removed when it ends.
 */
export const staffJobFiles = pgTable("staff_job_files", {
  jobKey: text("job_key")
    .primaryKey()
    .references(() => staffJobs.key, { onDelete: "cascade" }),
  bytes: bytea("bytes").notNull(),
});

/**
 * What a job did row by row (an import: the file's line and "create",
 * "update" or "apply"), written in the same transaction as the row's effect:
 * a row recorded is never written again by the job, and a rerun reports it as
 * done by the job, not as unchanged.
 */
export const staffJobRows = pgTable(
  "staff_job_rows",
  {
    jobKey: text("job_key")
      .notNull()
      .references(() => staffJobs.key, { onDelete: "cascade" }),
    line: integer("line").notNull(),
    outcome: text("outcome").notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobKey, t.line] })],
);
