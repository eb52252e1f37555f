// Applications to join (issue 32 item 3, docs/decisions.md 140): a worker who
// is not yet a member applies from a public page after proving their phone,
// with the profile fields marked for applications and a proof of employment;
// staff approve (the member is made) or reject with a reason. One open
// application per phone, employee number and e-mail: partial unique indexes.
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ts } from "./columns";
import { countries } from "./property";
import { users } from "./user";

/** An application's state. */
export const APPLICATION_STATE = { PENDING: "pending", APPROVED: "approved", REJECTED: "rejected" } as const;

export const membershipApplications = pgTable(
  "membership_applications",
  {
    /** The application number the applicant is told. */
    id: serial("id").primaryKey(),
    phone: text("phone").notNull(),
    employees: text("employees").notNull(),
    mail: text("mail"),
    name: text("name").notNull(),
    nationalityId: integer("nationality_id")
      .notNull()
      .references(() => countries.id),
    /** The checked profile values: [{ propertyId, optionId, value }]. */
    values: jsonb("values").$type<{ propertyId: number; optionId: number | null; value: string | string[] }[]>().notNull(),
    /** The proof of employment: a stored file's key (PNG, JPEG or PDF), its type and name. */
    proofKey: text("proof_key").notNull(),
    proofType: text("proof_type").notNull(),
    proofName: text("proof_name").notNull().default(""),
    /** The language the applicant used, for what they are told. */
    language: integer("language"),
    state: text("state").notNull().default("pending"),
    /** Why it was rejected, as the applicant is told. */
    reason: text("reason"),
    createdAt: ts("created_at").notNull(),
    decidedAt: ts("decided_at"),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
    /** The member an approval made. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("applications_open_phone_idx").on(t.phone).where(sql`state = 'pending'`),
    uniqueIndex("applications_open_employees_idx").on(t.employees).where(sql`state = 'pending'`),
    uniqueIndex("applications_open_mail_idx").on(t.mail).where(sql`state = 'pending' and mail is not null`),
    index("applications_state_idx").on(t.state, t.id),
    index("applications_phone_idx").on(t.phone, t.id),
  ],
);
