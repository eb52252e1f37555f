// Activities as spec 2 section 3 and spec 3 section 3 describe them: yearly
// modules (activity or market model) with their categories, teams (activity
// groups) with tag groups, the activities themselves, and what decides who
// may sign up: conditions on profile values, relationship rules with their
// gifts, and the profile properties an activity asks for.
//
// Places are counters beside their caps (`used` never above `cap`), taken by
// one conditional UPDATE each, in a fixed order: team, activity (and its
// cycle), question options, gifts (src/domains/order/take.ts).
import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { properties } from "./property";
import { relations } from "./family";
import { ts } from "./columns";

export const modules = pgTable(
  "modules",
  {
    id: serial("id").primaryKey(),
    nameZh: text("name_zh").notNull(),
    nameEn: text("name_en").notNull(),
    year: integer("year").notNull(),
    /** MODULE_MODEL_ACTIVITY or MODULE_MODEL_MARKET. */
    model: integer("model").notNull(),
    /** The icon's address, as the upload answered it (/api/file/get?key=...). */
    face: text("face"),
    /** On the home carousel, between showStart and showEnd, with titleFace. */
    isTitle: boolean("is_title").notNull().default(false),
    showStart: ts("show_start"),
    showEnd: ts("show_end"),
    titleFace: text("title_face"),
    /** The home showcase this module fills (gift zone, group buy), if any. */
    showTitle: integer("show_title"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("modules_year_idx").on(t.year)],
);

/** Market categories ("sort"). */
export const categories = pgTable("categories", {
  id: serial("id").primaryKey(),
  moduleId: integer("module_id")
    .notNull()
    .references(() => modules.id, { onDelete: "cascade" }),
  nameZh: text("name_zh").notNull(),
  nameEn: text("name_en").notNull(),
});

/** An activity group: activities sold together, with an optional shared quota and tag groups. */
export const teams = pgTable(
  "teams",
  {
    id: serial("id").primaryKey(),
    moduleId: integer("module_id")
      .notNull()
      .references(() => modules.id),
    categoryId: integer("category_id").references(() => categories.id, { onDelete: "set null" }),
    nameZh: text("name_zh").notNull(),
    nameEn: text("name_en").notNull(),
    /** Display order, descending. */
    sortIndex: integer("sort_index").notNull().default(0),
    face: text("face"),
    /** Shown as the team's quota; the cap below is what is enforced. */
    showStock: integer("show_stock"),
    /** The total quota of all its activities together; null: none. */
    cap: integer("cap"),
    used: integer("used").notNull().default(0),
    /** A member signs up for one activity of the team at most. */
    signOnly: boolean("sign_only").notNull().default(false),
    /** The group picker comes before anything else (until the last tag activity has closed). */
    beforeCheckTag: boolean("before_check_tag").notNull().default(false),
  },
  (t) => [check("teams_cap_check", sql`${t.cap} is null or ${t.used} <= ${t.cap}`)],
);

export const tagGroups = pgTable("tag_groups", {
  id: serial("id").primaryKey(),
  teamId: integer("team_id")
    .notNull()
    .references(() => teams.id, { onDelete: "cascade" }),
  nameZh: text("name_zh").notNull(),
  nameEn: text("name_en").notNull(),
  sortIndex: integer("sort_index").notNull().default(1),
});

export const tags = pgTable("tags", {
  id: serial("id").primaryKey(),
  groupId: integer("group_id")
    .notNull()
    .references(() => tagGroups.id, { onDelete: "cascade" }),
  nameZh: text("name_zh").notNull(),
  nameEn: text("name_en").notNull(),
  sortIndex: integer("sort_index").notNull().default(1),
});

export const activities = pgTable(
  "activities",
  {
    id: serial("id").primaryKey(),
    moduleId: integer("module_id")
      .notNull()
      .references(() => modules.id),
    teamId: integer("team_id").references(() => teams.id, { onDelete: "set null" }),
    categoryId: integer("category_id").references(() => categories.id, { onDelete: "set null" }),
    /** ACTIVITY_STATE_PREVIEW, _NORMAL or _OFFLINE. */
    state: integer("state").notNull(),
    nameZh: text("name_zh").notNull(),
    nameEn: text("name_en").notNull(),
    face: text("face"),
    videoId: text("video_id"),
    signStart: ts("sign_start"),
    signEnd: ts("sign_end"),
    showStart: ts("show_start"),
    showEnd: ts("show_end"),
    /** When and where the activity itself takes place (China time when shown); what its calendar file and feed carry. Unset: no calendar entry. */
    eventStart: ts("event_start"),
    eventEnd: ts("event_end"),
    placeZh: text("place_zh").notNull().default(""),
    placeEn: text("place_en").notNull().default(""),
    /** Shown as the quota; the cap below is what is enforced (null: no limit). */
    displayStock: integer("display_stock"),
    cap: integer("cap"),
    /** Places taken ("form"). */
    used: integer("used").notNull().default(0),
    /** In fen. */
    price: integer("price").notNull().default(0),
    /** Points, in hundredths: charged when mustIntegral, or when the member takes the deduction. */
    integral: integer("integral").notNull().default(0),
    /** In fen: what the points take off the price when the member chooses the deduction. */
    deduction: integer("deduction").notNull().default(0),
    mustIntegral: boolean("must_integral").notNull().default(false),
    hasAddress: boolean("has_address").notNull().default(false),
    allowUpdateAddress: boolean("allow_update_address").notNull().default(false),
    hasExpress: boolean("has_express").notNull().default(false),
    hasTicket: boolean("has_ticket").notNull().default(false),
    allowCancel: boolean("allow_cancel").notNull().default(false),
    allowCancelDate: ts("allow_cancel_date"),
    /** The member takes a place besides the counted family members. */
    calUserCount: boolean("cal_user_count").notNull().default(true),
    /** How many live orders one member may hold (per cycle when periodic). */
    formCount: integer("form_count").notNull().default(1),
    hasCycle: boolean("has_cycle").notNull().default(false),
    /** Cycle length in days. */
    cycleDate: integer("cycle_date").notNull().default(1),
    /** The hour of the day (China time) at which a cycle opens. */
    cycleStart: integer("cycle_start").notNull().default(0),
    /** Places per cycle. */
    cycleCount: integer("cycle_count").notNull().default(1),
    isMain: boolean("is_main").notNull().default(false),
    /** The "choose the child first, then the gift" notice of the family window. */
    familyNotice: boolean("family_notice").notNull().default(false),
    /** Members may join a waiting list once the activity's own places are taken (issue 20). */
    waitlist: boolean("waitlist").notNull().default(false),
    /** Places by lot (issue 32): applications until this time, then the draw (./lottery.ts). Null: first come, first served. */
    drawAt: ts("draw_at"),
    /** When the draw ran: from then the drawn order is the waiting list and sign-up works as for any activity. */
    drawnAt: ts("drawn_at"),
    contentZh: text("content_zh").notNull().default(""),
    contentEn: text("content_en").notNull().default(""),
    /** The wording editor's texts, by key: { key: { zh, en } }. */
    wording: jsonb("wording").$type<Record<string, { zh: string; en: string }>>().notNull().default({}),
    /** The layout editor's styles, by element. */
    style: jsonb("style").$type<Record<string, unknown>>().notNull().default({}),
    /** Bumped by every cancel and expiry, so an instance's "sold out" memory knows when places came back. */
    version: integer("version").notNull().default(0),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [
    index("activities_module_idx").on(t.moduleId),
    index("activities_team_idx").on(t.teamId),
    check("activities_cap_check", sql`${t.cap} is null or ${t.used} <= ${t.cap}`),
  ],
);

/** Places taken per cycle of a periodic activity (cycle 0 is the first). */
export const activityCycles = pgTable(
  "activity_cycles",
  {
    activityId: integer("activity_id")
      .notNull()
      .references(() => activities.id, { onDelete: "cascade" }),
    cycle: integer("cycle").notNull(),
    used: integer("used").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.cycle] })],
);

export const tagActivities = pgTable(
  "tag_activities",
  {
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    activityId: integer("activity_id")
      .notNull()
      .references(() => activities.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.tagId, t.activityId] })],
);

/**
 * Who may see or sign up (spec 3 "reasons"): the member's value of a profile
 * property compared with the condition's values. Owned by a module, a team or
 * an activity; all of an owner's conditions must hold.
 */
export const conditions = pgTable(
  "conditions",
  {
    id: serial("id").primaryKey(),
    moduleId: integer("module_id").references(() => modules.id, { onDelete: "cascade" }),
    teamId: integer("team_id").references(() => teams.id, { onDelete: "cascade" }),
    activityId: integer("activity_id").references(() => activities.id, { onDelete: "cascade" }),
    /** CONDITION_TYPE_SHOW (unmet: hidden) or CONDITION_TYPE_SIGN (unmet: "no permission"). */
    type: integer("type").notNull(),
    propertyId: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    /** COMPARE_* (type table ids). */
    compareMode: integer("compare_mode").notNull(),
    /** One value, or several joined by CONDITION_VALUE_SEPARATOR. */
    value: text("value").notNull(),
  },
  (t) => [
    index("conditions_activity_idx").on(t.activityId),
    index("conditions_team_idx").on(t.teamId),
    index("conditions_module_idx").on(t.moduleId),
    check("conditions_one_owner_check", sql`num_nonnulls(${t.moduleId}, ${t.teamId}, ${t.activityId}) = 1`),
  ],
);

/** Which family members may come along, how many, and what gifts they may choose. */
export const relationshipRules = pgTable("relationship_rules", {
  id: serial("id").primaryKey(),
  activityId: integer("activity_id")
    .notNull()
    .references(() => activities.id, { onDelete: "cascade" }),
  /** Null: any relation. */
  relationId: integer("relation_id").references(() => relations.id),
  /** -1 any, 0 male, 1 female. */
  gender: integer("gender").notNull().default(-1),
  /** Birth-date bounds (ageFamilyMin: born on or after; ageFamilyMax: born on or before). */
  birthFrom: date("birth_from", { mode: "string" }),
  birthTo: date("birth_to", { mode: "string" }),
  allowMin: integer("allow_min").notNull().default(1),
  allowMax: integer("allow_max").notNull().default(1),
  /** Each member chosen under this rule takes a place. */
  calCount: boolean("cal_count").notNull().default(true),
  sortIndex: integer("sort_index").notNull().default(0),
});

export const gifts = pgTable(
  "gifts",
  {
    id: serial("id").primaryKey(),
    nameZh: text("name_zh").notNull(),
    nameEn: text("name_en").notNull(),
    /** Null: no limit. */
    cap: integer("cap"),
    used: integer("used").notNull().default(0),
    face: text("face"),
  },
  (t) => [check("gifts_cap_check", sql`${t.cap} is null or ${t.used} <= ${t.cap}`)],
);

export const ruleGifts = pgTable(
  "rule_gifts",
  {
    ruleId: integer("rule_id")
      .notNull()
      .references(() => relationshipRules.id, { onDelete: "cascade" }),
    giftId: integer("gift_id")
      .notNull()
      .references(() => gifts.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.giftId] })],
);

/** The profile properties an activity's form shows (filled from the member's values). */
export const activityProperties = pgTable(
  "activity_properties",
  {
    activityId: integer("activity_id")
      .notNull()
      .references(() => activities.id, { onDelete: "cascade" }),
    propertyId: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    isReadonly: boolean("is_readonly").notNull().default(false),
    isMust: boolean("is_must").notNull().default(false),
    sortIndex: integer("sort_index").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.propertyId] })],
);
