// Protocol state that several instances must share: sessions, replay nonces,
// image codes and rate-limit counters all live here, each with an expiry.
import { sql } from "drizzle-orm";
import { boolean, customType, index, integer, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { ts } from "./columns";

export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => new Uint8Array(value as Uint8Array),
});

/** The type table: every enumeration of the specs, synced from src/protocol/types.ts at start. */
export const types = pgTable("types", {
  id: integer("id").primaryKey(),
  code: text("code").notNull().unique(),
  group: text("group_name").notNull(),
  nameZh: text("name_zh").notNull(),
  nameEn: text("name_en").notNull(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(), // the token_id
    appId: text("app_id").notNull(),
    encKey: bytea("enc_key").notNull(),
    macKey: bytea("mac_key").notNull(),
    userId: integer("user_id"),
    createdAt: ts("created_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
    ip: text("ip"),
    /** At sign-in: when, and from which browser (its user agent, cut short), for the owner's list of their sessions. */
    signedInAt: ts("signed_in_at"),
    userAgent: text("user_agent"),
    /** The last call, to the minute (written when the lifetime slides, not on every call). */
    seenAt: ts("seen_at"),
    /** Password checked, second factor due (issue 31): whose, until when; the session has no user meanwhile. */
    pendingUserId: integer("pending_user_id"),
    pendingUntil: ts("pending_until"),
    /** The passkey challenge this session was last given (WebAuthn), for the answer that must sign it. */
    challenge: text("challenge"),
  },
  (t) => [index("sessions_expires_idx").on(t.expiresAt), index("sessions_user_idx").on(t.userId)],
);

/** Nonces of write requests, recorded inside the write's own transaction. */
export const requestNonces = pgTable(
  "request_nonces",
  {
    sessionId: text("session_id").notNull(),
    nonce: text("nonce").notNull(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.nonce] }), index("request_nonces_expires_idx").on(t.expiresAt)],
);

/** A short-lived permission to play one stored video (the embedded video provider's play authorisation). */
export const videoGrants = pgTable(
  "video_grants",
  {
    token: text("token").primaryKey(),
    key: text("key").notNull(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [index("video_grants_expires_idx").on(t.expiresAt)],
);

/** The login image code: one per session, one use. */
export const captchas = pgTable("captchas", {
  sessionId: text("session_id").primaryKey(),
  code: text("code").notNull(),
  expiresAt: ts("expires_at").notNull(),
});

/** Failure counters with a sliding pause (sign-in by account and by address, code sending). */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull().default(0),
    windowStart: ts("window_start").notNull(),
    blockedUntil: ts("blocked_until"),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [index("rate_limits_expires_idx").on(t.expiresAt)],
);

export const loginLog = pgTable(
  "login_log",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id"),
    account: text("account").notNull(),
    success: boolean("success").notNull(),
    result: text("result").notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: ts("created_at").notNull().default(sql`now()`),
  },
  (t) => [index("login_log_user_idx").on(t.userId, t.createdAt)],
);

/** Every admin write and every account change: who, what (the action and the entity it changed), when, from where. */
export const operationLog = pgTable(
  "operation_log",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id"),
    /** The member concerned, when there is one (the member logs of spec 3 filter on it). */
    targetUserId: integer("target_user_id"),
    action: text("action").notNull(),
    /** What was changed: "user" 12, "news" 7, "order" D2026... */
    targetEntity: text("target_entity"),
    targetId: text("target_id"),
    detail: text("detail"),
    ip: text("ip"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("operation_log_user_idx").on(t.userId, t.createdAt), index("operation_log_target_idx").on(t.targetUserId)],
);

/** One-time keys from /system/key: a write that needs one consumes it, so a double submit changes nothing. */
export const oneTimeKeys = pgTable("one_time_keys", {
  key: text("key").primaryKey(),
  sessionId: text("session_id").notNull(),
  expiresAt: ts("expires_at").notNull(),
});

/** Uploaded files: the bytes live with the storage provider under `key` (their sha-256); one row per upload. */
export const files = pgTable(
  "files",
  {
    id: serial("id").primaryKey(),
    key: text("key").notNull(),
    type: text("type").notNull(),
    name: text("name").notNull(),
    size: integer("size").notNull(),
    userId: integer("user_id"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("files_key_idx").on(t.key)],
);

/**
 * Secrets the portal signs its own codes with (the ticket's QR, the member
 * card's), made once by whichever instance asks first and read by all, so
 * several instances on one PostgreSQL check each other's codes with no
 * setting to keep in step (src/domains/shared/signed-codes.ts).
 */
export const portalKeys = pgTable("portal_keys", {
  name: text("name").primaryKey(),
  secret: bytea("secret").notNull(),
  createdAt: ts("created_at").notNull(),
});
