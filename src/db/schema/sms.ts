// Bulk SMS (spec 3 sections 2.4 and 3 "SMS task", "SMS log"): a task is one
// send of an approved template under a sign to the numbers of a file; each
// number is a row the delivery job claims, sends once and records. A number
// is in a task once (the unique index), so it can never be sent twice.
import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { SMS_STATE } from "../../protocol/enumerations";
import { users } from "./user";
import { ts } from "./columns";

export const smsTasks = pgTable(
  "sms_tasks",
  {
    id: serial("id").primaryKey(),
    /** The task name the operator gave ("请填写任务名称。"). */
    title: text("title").notNull(),
    /** The sign and the gateway's template code, as chosen. */
    sign: text("sign").notNull(),
    code: text("code").notNull(),
    /**
     * The uploaded file's name and storage key: what was sent to whom can be traced. A send to a member search
     * has no file: its name is the search's filters ("member search {…}") and its key null (src/domains/sms/search-send.ts).
     */
    fileName: text("file_name").notNull(),
    fileKey: text("file_key"),
    /** How many numbers (distinct) the task holds. */
    count: integer("count").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull(),
    /** The nonce of the last "resend the unknown numbers" and how many it re-queued: a second click with it answers the same, re-queuing nothing. */
    resendNonce: text("resend_nonce"),
    resent: integer("resent"),
  },
  (t) => [index("sms_tasks_created_idx").on(t.createdAt)],
);

export const smsNumbers = pgTable(
  "sms_numbers",
  {
    id: serial("id").primaryKey(),
    taskId: integer("task_id")
      .notNull()
      .references(() => smsTasks.id, { onDelete: "cascade" }),
    phone: text("phone").notNull(),
    /** An SMS_STATE id: waiting, sending (claimed), sent, failed, or unknown (claimed, no outcome: settled from the gateway's report, or resent by staff). */
    state: integer("state").notNull().default(SMS_STATE.SMS_STATE_WAIT),
    attempts: integer("attempts").notNull().default(0),
    /** When a waiting number may be sent (again, after a rate limit). */
    nextAt: ts("next_at").notNull().default(sql`now()`),
    /** A claim holds the number until then; a claim that outlived it without an outcome is marked unknown. */
    claimedUntil: ts("claimed_until"),
    /** When the last claim began: a delivery report for an unknown number is looked for from then on. */
    claimedAt: ts("claimed_at"),
    /** When the settle job last asked the gateway for this unknown number's report: each is asked once per SMS_SETTLE_RECHECK_MS. */
    reportCheckedAt: ts("report_checked_at"),
    doneAt: ts("done_at"),
    /** Why it failed, as the gateway said (without the number). */
    error: text("error"),
  },
  (t) => [uniqueIndex("sms_numbers_task_phone_idx").on(t.taskId, t.phone), index("sms_numbers_due_idx").on(t.state, t.nextAt)],
);
