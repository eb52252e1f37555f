// The waiting list's holds (issue 20, docs/decisions.md): a place that frees
// on a full activity whose line is open goes to the first in line as a timed
// offer, in the same transaction that freed it, and the offer HOLDS the place:
// the hold is the same conditional update of the activity's `used` a sign-up
// makes, under the activity's row lock that the freeing already took (teams,
// activities, cycles, options, gifts, and only then waiting-list rows: the one
// lock order). So no sign-up racing the cancel can take a place a waiter is
// owed, nothing is ever oversold, and the sold-out memory stays right: a held
// place is a taken place. The offer's sign-up (/order/sign naming the offer)
// consumes the hold instead of taking another place (./writer.ts); an offer
// that expires, is declined or left gives the place to the next in line, or
// back to free when nobody waits.
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { activities, waitlist, WAITLIST_STATE } from "../../db/schema";
import { rowsOf } from "../../db/sql";
import type { CommandCtx } from "../../http/kit";
import { ACTIVITY_STATE, LANGUAGE } from "../../protocol/enumerations";
import { queueMessage } from "../shared/messages";
import type { Ctx } from "../context";
import { placesReturned } from "./sold-out";

/** What serving the line needs: the transaction, the clock, the settings, and after-commit delivery of the offers. */
export type LineCtx = Pick<CommandCtx, "db" | "now" | "app" | "config" | "afterCommit">;

/** An activity whose places just came back (or whose cap was raised), as its locked row stands now. */
export type Freed = { id: number; cap: number | null; used: number; waitlist: boolean };

/** Offers made at once for one activity at most (an uncapped activity offers its whole line, a batch a time). */
const OFFER_BATCH = 100;

/** "2026-03-02 09:30", China time (UTC+8 all year). */
export const chinaMinute = (d: Date): string => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace("T", " ");

/** The offer's message, in the member's language: the place, until when it is held, and what to press. */
function offerMessage(language: number | null, names: { zh: string; en: string }, until: Date) {
  const when = chinaMinute(until);
  return language === LANGUAGE.LANGUAGE_EN
    ? {
        subject: `A place is held for you: ${names.en}`,
        text: `A place in "${names.en}" has come free and is held for you until ${when} (China time). Sign in to the union portal before then and press "Sign up now" on your orders or on the activity's page; after that it goes to the next in line.`,
      }
    : {
        subject: `候补名额已为您保留：${names.zh}`,
        text: `您候补的活动“${names.zh}”有名额了，已为您保留至 ${when}（北京时间）。请在此之前登录工会会员平台，在“我的订单”或活动页面点击“立即报名”完成报名；逾期名额将顺延给下一位候补。`,
      };
}

/**
 * Offers up to `n` places of the activity to the first in line and holds them,
 * in the caller's transaction with the activity's row already locked (by the
 * give-back or the save that freed them). Nothing is offered while sign-up is
 * closed or the activity is not live. Returns how many were offered.
 */
async function offerPlaces(ctx: LineCtx, activityId: number, n: number): Promise<number> {
  const { db, now } = ctx;
  const [a] = await db
    .select({ state: activities.state, signEnd: activities.signEnd, nameZh: activities.nameZh, nameEn: activities.nameEn })
    .from(activities)
    .where(eq(activities.id, activityId));
  if (!a || a.state !== ACTIVITY_STATE.ACTIVITY_STATE_NORMAL || (a.signEnd && a.signEnd <= now)) return 0;
  const chosen = rowsOf<{ id: number; user_id: number; mail: string | null; phone: string | null; language: number | null }>(
    await db.execute(sql`
      select w.id, w.user_id, u.mail, u.phone, u.language from waitlist w join users u on u.id = w.user_id
      where w.activity_id = ${activityId} and w.state = ${WAITLIST_STATE.WAITING}
      order by w.id limit ${n} for update of w skip locked`),
  );
  if (chosen.length === 0) return 0;
  const held = chosen.length;
  // The hold is a sign-up's take: the same conditional update of the same counter, under the lock already held.
  const taken = rowsOf(await db.execute(sql`update activities set used = used + ${held} where id = ${activityId} and (cap is null or used + ${held} <= cap) returning used`));
  if (taken.length === 0) throw new Error(`waiting list of activity ${activityId}: ${held} places were free under the lock, and are not`);
  const window = new Date(now.getTime() + ctx.config.waitlistOfferMs);
  const expiresAt = a.signEnd && a.signEnd < window ? a.signEnd : window;
  await db
    .update(waitlist)
    .set({ state: WAITLIST_STATE.OFFERED, offeredAt: now, expiresAt })
    .where(inArray(waitlist.id, chosen.map((c) => Number(c.id))));
  for (const c of chosen) {
    const message = offerMessage(c.language === null ? null : Number(c.language), { zh: a.nameZh, en: a.nameEn }, expiresAt);
    // By mail where the member has one, else by SMS (the gateway's waitlistOffer template); neither: the order list shows it.
    if (c.mail) await queueMessage(ctx, { channel: "mail", to: c.mail, subject: message.subject, text: message.text });
    else if (c.phone)
      await queueMessage(ctx, { channel: "sms", to: c.phone, text: message.text, template: { name: "waitlistOffer", params: [a.nameZh, chinaMinute(expiresAt)] } });
  }
  return held;
}

/**
 * After places came back or a cap was raised, in the same transaction and
 * with each activity's row locked: the free places of an activity whose line
 * is open go to the first in line, held. No statement for an activity without
 * a line or without a free place.
 */
export async function serveLine(ctx: LineCtx, freed: readonly Freed[]): Promise<number> {
  let offered = 0;
  for (const a of freed) {
    if (!a.waitlist) continue;
    const free = a.cap === null ? OFFER_BATCH : Math.min(a.cap - a.used, OFFER_BATCH);
    if (free > 0) offered += await offerPlaces(ctx, a.id, free);
  }
  return offered;
}

/**
 * Gives `n` held places of the activity back (offers expired, declined or
 * left, or a hold its sign-up did not need), with the activity's row locked
 * by the caller first: the line is served again, and every instance forgets
 * the activity was sold out.
 */
export async function releaseHeld(ctx: LineCtx, activityId: number, n: number) {
  const rows = rowsOf<{ id: number; cap: number | null; used: number; waitlist: boolean }>(
    await ctx.db.execute(sql`update activities set used = greatest(used - ${n}, 0), version = version + 1 where id = ${activityId} returning id, cap, used, waitlist`),
  );
  await serveLine(ctx, rows.map(freedOf));
  await placesReturned(ctx, [activityId]);
}

/** A returned activity row as serveLine reads it (both drivers hand numbers back as they are typed, or as text). */
export const freedOf = (r: { id: number; cap: number | null; used: number; waitlist: boolean }): Freed => ({
  id: Number(r.id),
  cap: r.cap === null ? null : Number(r.cap),
  used: Number(r.used),
  waitlist: r.waitlist === true || (r.waitlist as unknown) === "t",
});

/** The member's live offer of the activity, or null (read before the sign-up's transaction; the writer locks it again). */
export async function liveOffer(ctx: Pick<Ctx, "db" | "now">, offerId: number, userId: number, activityId: number) {
  const [row] = await ctx.db
    .select({ id: waitlist.id, expiresAt: waitlist.expiresAt })
    .from(waitlist)
    .where(and(eq(waitlist.id, offerId), eq(waitlist.userId, userId), eq(waitlist.activityId, activityId), eq(waitlist.state, WAITLIST_STATE.OFFERED)));
  return row && row.expiresAt && row.expiresAt > ctx.now ? row : null;
}

/** In the writer's transaction, after the places are locked: the offers named that still hold a place, locked, by id. */
export async function lockOffers(ctx: Pick<Ctx, "db" | "now">, ids: readonly number[]) {
  const held = new Map<number, { userId: number; activityId: number }>();
  if (ids.length === 0) return held;
  const rows = await ctx.db
    .select({ id: waitlist.id, userId: waitlist.userId, activityId: waitlist.activityId, expiresAt: waitlist.expiresAt })
    .from(waitlist)
    .where(and(inArray(waitlist.id, [...new Set(ids)].sort((a, b) => a - b)), eq(waitlist.state, WAITLIST_STATE.OFFERED)))
    .orderBy(waitlist.id)
    .for("update");
  for (const r of rows) if (r.expiresAt && r.expiresAt > ctx.now) held.set(r.id, { userId: r.userId, activityId: r.activityId });
  return held;
}

/** The offers whose sign-ups were written: their holds became those orders' places. */
export async function takeOffers(ctx: Pick<Ctx, "db" | "now">, taken: readonly { id: number; orderId: number }[]) {
  for (const { id, orderId } of taken) await ctx.db.update(waitlist).set({ state: WAITLIST_STATE.TAKEN, endedAt: ctx.now, orderId }).where(eq(waitlist.id, id));
}

/**
 * The offers a batch's accepted sign-ups used: their holds are those orders'
 * places now. A sign-up that needed no place of the activity (no counted
 * person) gave its hold back in the write: that place goes to the next in line.
 */
export async function offersUsed(ctx: LineCtx, used: readonly { id: number; orderId: number; places: number; activityId: number }[]) {
  await takeOffers(ctx, used);
  const unneeded = [...new Set(used.filter((u) => u.places === 0).map((u) => u.activityId))];
  if (unneeded.length === 0) return;
  const rows = await ctx.db.select({ id: activities.id, cap: activities.cap, used: activities.used, waitlist: activities.waitlist }).from(activities).where(inArray(activities.id, unneeded));
  await serveLine(ctx, rows.map(freedOf));
  await placesReturned(ctx, unneeded);
}

/**
 * The job: offers not taken in time expire and their places go to the next in
 * line (or back to free). Each activity's row is locked before its offers, as
 * a sign-up locks them; idempotent, and a run killed midway changed nothing.
 */
export async function expireOffers(ctx: LineCtx) {
  const { db, now } = ctx;
  const due = await db
    .selectDistinct({ activityId: waitlist.activityId })
    .from(waitlist)
    .where(and(eq(waitlist.state, WAITLIST_STATE.OFFERED), lte(waitlist.expiresAt, now)))
    .orderBy(waitlist.activityId)
    .limit(100);
  let expired = 0;
  for (const { activityId } of due) {
    await db.execute(sql`select id from activities where id = ${activityId} for update`);
    const gone = await db
      .update(waitlist)
      .set({ state: WAITLIST_STATE.EXPIRED, endedAt: now })
      .where(and(eq(waitlist.activityId, activityId), eq(waitlist.state, WAITLIST_STATE.OFFERED), lte(waitlist.expiresAt, now)))
      .returning({ id: waitlist.id });
    if (gone.length === 0) continue;
    expired += gone.length;
    await releaseHeld(ctx, activityId, gone.length);
  }
  return { expired };
}
