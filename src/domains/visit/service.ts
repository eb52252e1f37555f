// The page-visit report of spec 1 section 2: every guarded page reports
// itself; the answer tells the browser whether the membership rules stop
// the member (pushed to the dues prompt, or shown it). An activity page's
// visit also counts in activity_visits, which the dashboard reads.
import { sql } from "drizzle-orm";
import { activityViews, activityVisits, visitLog } from "../../db/schema";
import type { MemberCtx } from "../context";
import { refused, refuseField } from "../../protocol/result";
import { PAGE } from "../../protocol/enumerations";
import { duesConfig, membershipConditions } from "../membership/dues";

const PAGES = new Set<number>(Object.values(PAGE));
/** Rows an activity's visits are spread over (the migration that made activity_visits counts with 8 too). */
export const VISIT_SLOTS = 8;
/** The activity a page's params name ({"id":"12"}): the first "id" of up to nine digits; a leading zero names none. */
const ACTIVITY_ID = /"id":"([0-9]{1,9})"/;

/** The activity an activity page's visit counts for, or null. */
export function visitedActivity(page: number, params: string | null | undefined): number | null {
  if (page !== PAGE.PAGE_ACTIVITY_INFO || !params) return null;
  const id = ACTIVITY_ID.exec(params)?.[1];
  return id && !id.startsWith("0") ? Number(id) : null;
}

export async function reportVisit({ ctx, input }: { ctx: MemberCtx; input: { params?: string; page: number } }) {
  if (!PAGES.has(input.page)) refuseField("page");
  const userId = ctx.actor.id;
  const config = await duesConfig(ctx);
  const { indexOnly, cantSign } = await membershipConditions(ctx, userId, config);
  // The writes last: the counter's row stays locked only until the commit that follows.
  await ctx.db.insert(visitLog).values({ userId, page: input.page, params: input.params ?? null, ip: ctx.ip, createdAt: ctx.now });
  const activityId = visitedActivity(input.page, input.params);
  if (activityId !== null) {
    // The member has seen it: the "sign-up closes in a day" reminder is for such windows (decision 139). Before the counter: that row is the hot one.
    await ctx.db.insert(activityViews).values({ activityId, userId, seenAt: ctx.now }).onConflictDoNothing();
    await ctx.db
      .insert(activityVisits)
      .values({ activityId, slot: userId % VISIT_SLOTS, visits: 1 })
      .onConflictDoUpdate({ target: [activityVisits.activityId, activityVisits.slot], set: { visits: sql`${activityVisits.visits} + 1` } });
  }
  // Index-only members may stay on the home page; anywhere else they are sent to pay.
  if (indexOnly && input.page !== PAGE.PAGE_INDEX) return refused("MEMBER_INTERCEPT_ADOPT");
  if (cantSign) return refused("MEMBER_INTERCEPT_NO_POWER");
  return {};
}
