// A second factor for signing in (issue 31 item 1): one-time codes from an
// authenticator app (RFC 6238), passkeys (WebAuthn), and single-use recovery
// codes. Every account holding a staff power must have one once the grace
// period of the security settings has passed.
import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { bytea } from "./system";
import { ts } from "./columns";
import { users } from "./user";

/**
 * One factor of a member: an authenticator app ("totp": its secret, and the
 * last time step a code of it was used, so the same code never counts twice)
 * or a passkey ("passkey": the credential's id, public key and counter). An
 * app's row is unconfirmed until its first code is typed.
 */
export const secondFactors = pgTable(
  "second_factors",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id),
    kind: text("kind", { enum: ["totp", "passkey"] }).notNull(),
    label: text("label").notNull(),
    confirmed: boolean("confirmed").notNull().default(false),
    /** totp: the shared secret, base32. */
    secret: text("secret"),
    /** totp: the time step (30 s) of the last code accepted. */
    lastStep: bigint("last_step", { mode: "number" }),
    /** passkey: the credential's id (base64url), its COSE public key and signature counter, and how the browser reaches it. */
    credentialId: text("credential_id"),
    publicKey: bytea("public_key"),
    counter: bigint("counter", { mode: "number" }),
    transports: text("transports"),
    createdAt: ts("created_at").notNull(),
    lastUsedAt: ts("last_used_at"),
  },
  (t) => [
    index("second_factors_user_idx").on(t.userId),
    uniqueIndex("second_factors_credential_idx").on(t.credentialId),
    // One authenticator app per member: enrolling again replaces the unconfirmed one.
    uniqueIndex("second_factors_one_app_idx").on(t.userId, t.kind).where(sql`kind = 'totp'`),
  ],
);

/** Ten single-use codes for a lost device, shown once and kept only as SHA-256 hashes. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    userId: integer("user_id").notNull().references(() => users.id),
    codeHash: text("code_hash").notNull(),
    usedAt: ts("used_at"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [uniqueIndex("recovery_codes_pk").on(t.userId, t.codeHash)],
);

/** A single row, id 1: how many days accounts with staff powers may go without a second factor, counted from `since`. */
export const securityConfig = pgTable("security_config", {
  id: integer("id").primaryKey(),
  graceDays: integer("grace_days").notNull(),
  since: ts("since").notNull(),
  updatedAt: ts("updated_at").notNull(),
  updatedBy: integer("updated_by").references(() => users.id),
});
