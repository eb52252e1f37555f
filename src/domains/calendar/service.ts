// Calendar files for a member's sign-ups (issue 20 item 4): the .ics of one
// order, and the private feed a calendar app subscribes to. Both hold live
// sign-ups only (a successful order, never a cancelled, waiting or preview
// one) of activities that say when they take place.
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gte, isNotNull } from "drizzle-orm";
import { activities, calendarFeeds, orderItems, orders, users } from "../../db/schema";
import type { CommandCtx, Download } from "../../http/kit";
import { LANGUAGE, ORDER_STATE, USER_STATE } from "../../protocol/enumerations";
import { refuse } from "../../protocol/result";
import type { Ctx, MemberCtx } from "../context";
import { takeToken } from "../shared/rate-limit";
import { type CalendarEvent, writeCalendar } from "./ics";

/** A feed lists what ended up to this long ago, and everything ahead. */
export const FEED_PAST_DAYS = 30;
/** At most this many events in a feed (the soonest first). */
export const FEED_MAX_EVENTS = 200;
/** Each feed address: this many reads at once, then one a minute (calendar apps read every few hours). */
export const FEED_BURST = 10;
export const FEED_PER_SECOND = 1 / 60;
/** How often the feed asks to be read again. */
const FEED_REFRESH = "PT1H";
const UID_DOMAIN = "union-portal.calendar";

const SUCCESS = ORDER_STATE.ORDER_STATE_SUCCESS;

/** The address's secret: 32 random bytes, base64url (43 characters). */
export const TOKEN_PATTERN = "^[A-Za-z0-9_-]{43}$";
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

type Row = {
  childTrade: string;
  trade: string;
  places: number;
  nameZh: string;
  nameEn: string;
  placeZh: string;
  placeEn: string;
  eventStart: Date | null;
  eventEnd: Date | null;
  updatedAt: Date;
};

const columns = {
  childTrade: orderItems.childTrade,
  trade: orders.trade,
  places: orderItems.places,
  nameZh: activities.nameZh,
  nameEn: activities.nameEn,
  placeZh: activities.placeZh,
  placeEn: activities.placeEn,
  eventStart: activities.eventStart,
  eventEnd: activities.eventEnd,
  updatedAt: activities.updatedAt,
};

/** A live sub-order of an activity with a time: its order and the sub-order are successful. */
const live = (userId: number) =>
  and(eq(orders.userId, userId), eq(orders.state, SUCCESS), eq(orderItems.state, SUCCESS), isNotNull(activities.eventStart), isNotNull(activities.eventEnd));

function eventOf(row: Row, english: boolean): CalendarEvent {
  const pick = (zh: string, en: string) => (english ? en || zh : zh || en);
  const description = english ? `Order ${row.trade}\nPlaces: ${row.places}` : `订单号：${row.trade}\n人数：${row.places}`;
  return {
    uid: `${row.childTrade}@${UID_DOMAIN}`,
    start: row.eventStart!,
    end: row.eventEnd!,
    summary: pick(row.nameZh, row.nameEn),
    location: pick(row.placeZh, row.placeEn),
    description,
    modified: row.updatedAt,
  };
}

const isEnglish = (language: number | null) => language === LANGUAGE.LANGUAGE_EN;
/** The page's language when it names one, else the member's own. */
export type PageLanguage = "zh" | "en";
const codeOf = (language: PageLanguage) => (language === "en" ? LANGUAGE.LANGUAGE_EN : LANGUAGE.LANGUAGE_ZH);

/** The .ics of one of the member's own orders, while it is a live sign-up of an activity with a time. */
export async function orderCalendar({ ctx, input }: { ctx: MemberCtx; input: { trade: string; language?: PageLanguage } }): Promise<Download> {
  const rows = await ctx.db
    .select(columns)
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(activities, eq(activities.id, orderItems.activityId))
    .where(and(eq(orders.trade, input.trade), live(ctx.actor.id)))
    .orderBy(asc(orderItems.id));
  if (rows.length === 0) refuse("ERROR_RESULT_NULL");
  const english = isEnglish(input.language ? codeOf(input.language) : ctx.actor.language);
  const body = writeCalendar({ language: english ? "en" : "zh-CN", now: ctx.now, events: rows.map((r) => eventOf(r, english)) });
  return { body, type: "text/calendar; charset=utf-8", filename: `${input.trade}.ics`, cache: "none" };
}

const NOT_FOUND: Download = { body: "Not found\n", type: "text/plain; charset=utf-8", cache: "none", status: 404 };

/**
 * The feed behind a private address: looked up by the token's hash on every
 * read (no cache, so a revoked or renewed address stops on every instance at
 * once). An unknown or revoked token, and a member who left, get the same 404.
 */
export async function calendarFeed({ ctx, input }: { ctx: Ctx; input: { token: string } }): Promise<Download> {
  const [feed] = await ctx.db
    .select({ id: calendarFeeds.id, userId: calendarFeeds.userId, state: users.state, language: calendarFeeds.language })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, hashToken(input.token)));
  if (!feed || feed.state !== USER_STATE.USER_STATE_ACTIVE) return NOT_FOUND;
  const wait = await takeToken(ctx, { key: `calendar-feed:${feed.id}`, burst: FEED_BURST, perSecond: FEED_PER_SECOND });
  if (wait > 0) refuse("ERROR_OFTEN", { seconds: Math.ceil(wait / 1000) });
  const since = new Date(ctx.now.getTime() - FEED_PAST_DAYS * 24 * 60 * 60 * 1000);
  const rows = await ctx.db
    .select(columns)
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(activities, eq(activities.id, orderItems.activityId))
    .where(and(live(feed.userId), gte(activities.eventEnd, since)))
    .orderBy(asc(activities.eventStart), asc(orderItems.id))
    .limit(FEED_MAX_EVENTS);
  const english = isEnglish(feed.language);
  const body = writeCalendar({
    name: english ? "Union activities" : "工会活动",
    language: english ? "en" : "zh-CN",
    now: ctx.now,
    refresh: FEED_REFRESH,
    events: rows.map((r) => eventOf(r, english)),
  });
  return { body, type: "text/calendar; charset=utf-8", cache: "none" };
}

/** Whether the member has a feed address, and since when (the address itself is not kept). */
export async function feedState({ ctx }: { ctx: MemberCtx }) {
  const [feed] = await ctx.db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, ctx.actor.id));
  return { feed: feed ? { createTime: feed.createdAt.toISOString() } : null };
}

/** A new address, shown this once: replaces the old one (renew), which stops at once. */
export async function createFeed({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: { language?: PageLanguage } }) {
  const language = input.language ? codeOf(input.language) : (ctx.actor.language ?? LANGUAGE.LANGUAGE_ZH);
  const token = randomBytes(32).toString("base64url");
  const [old] = await ctx.db.select({ id: calendarFeeds.id }).from(calendarFeeds).where(eq(calendarFeeds.userId, ctx.actor.id));
  const [row] = await ctx.db
    .insert(calendarFeeds)
    .values({ userId: ctx.actor.id, tokenHash: hashToken(token), language, createdAt: ctx.now })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: hashToken(token), language, createdAt: ctx.now } })
    .returning({ id: calendarFeeds.id });
  return {
    token,
    createTime: ctx.now.toISOString(),
    audit: { entity: "calendar_feed", id: row!.id, userId: ctx.actor.id, detail: old ? "renew" : "create" },
  };
}

/** The address stops at once; nothing to revoke is a refusal. */
export async function revokeFeed({ ctx }: { ctx: CommandCtx<MemberCtx> }) {
  const [gone] = await ctx.db.delete(calendarFeeds).where(eq(calendarFeeds.userId, ctx.actor.id)).returning({ id: calendarFeeds.id });
  if (!gone) refuse("ERROR_RESULT_NULL");
  return { audit: { entity: "calendar_feed", id: gone.id, userId: ctx.actor.id } };
}
