// The draw (issue 32, decision 138): a job that, once an activity's draw
// time has passed, orders its applications by the seed (./draw.ts), writes
// each one's rank, and turns them into the activity's waiting list in that
// order; the line's own mechanism then offers the places to the first drawn
// and holds them (src/domains/signup/waitlist.ts), and passes a declined or
// expired offer to the next. Exactly once: the job runs under its advisory
// lock, and each activity's draw is claimed by a conditional update of its
// `drawn_at` under the activity's row lock, in the same transaction as
// everything it writes. A member who has left the union keeps their rank
// (the published draw is every application) but gets no place in the line.
import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import { activities, lotteries, lotteryEntries, WAITLIST_STATE } from "../../db/schema";
import { at, rowsOf } from "../../db/sql";
import { ACTIVITY_STATE, LANGUAGE, USER_STATE } from "../../protocol/enumerations";
import { queueMessage } from "../shared/messages";
import { freedOf, type LineCtx, serveLine } from "../signup";
import { drawOrder } from "./draw";

/** Draws made in one run at most; the next run takes the rest. */
const DRAWS_PER_RUN = 10;

/** The message to an applicant the draw put in line rather than among the places (by mail; the winners' offers say the rest). */
function inLineMessage(language: number | null, names: { zh: string; en: string }, rank: number, places: number) {
  return language === LANGUAGE.LANGUAGE_EN
    ? {
        subject: `The draw for "${names.en}": number ${rank} in line`,
        text: `The draw for "${names.en}" has been made: you were drawn number ${rank} for ${places} places. You are in its waiting line in that order; if a winner does not confirm in time, their place is offered to the next in line, and you will hear from us.`,
      }
    : {
        subject: `“${names.zh}”抽签结果：候补第 ${rank} 位`,
        text: `活动“${names.zh}”已完成抽签：共 ${places} 个名额，您抽中第 ${rank} 位，已按此顺序进入候补名单。中签者逾期未确认时，名额将依次顺延，届时我们会通知您。`,
      };
}

/** One activity's draw, in the job's transaction: false when another run drew it already. */
async function drawOne(ctx: LineCtx, activityId: number): Promise<{ applicants: number; offered: number } | null> {
  const { db, now } = ctx;
  // The activity's row first, as a sign-up, a cancel and an application lock it.
  const claimed = rowsOf<{ id: number; cap: number | null; used: number; waitlist: boolean; name_zh: string; name_en: string }>(
    await db.execute(sql`
      update activities set drawn_at = ${at(now)}, waitlist = true, version = version + 1
      where id = ${activityId} and drawn_at is null and draw_at <= ${at(now)}
      returning id, cap, used, waitlist, name_zh, name_en`),
  );
  const a = claimed[0];
  if (!a) return null;
  const [lottery] = await db.select({ seed: lotteries.seed }).from(lotteries).where(eq(lotteries.activityId, activityId));
  if (!lottery) throw new Error(`activity ${activityId} is a lottery without a seed`);
  const entries = await db.select({ id: lotteryEntries.id, userId: lotteryEntries.userId }).from(lotteryEntries).where(eq(lotteryEntries.activityId, activityId)).orderBy(asc(lotteryEntries.id));
  const order = drawOrder(lottery.seed, entries.map((e) => e.id));
  const places = Math.max(0, (a.cap === null ? 0 : Number(a.cap)) - Number(a.used));
  await db.update(lotteries).set({ places, applicants: order.length }).where(eq(lotteries.activityId, activityId));
  if (order.length > 0) {
    // Ranks, then the line in drawn order: rows inserted in rank order take ascending ids, which is the line's order.
    await db.execute(sql`
      update lottery_entries e set rank = d.rank from unnest(${`{${order.join(",")}}`}::int[]) with ordinality as d(id, rank) where e.id = d.id`);
    await db.execute(sql`
      insert into waitlist (activity_id, user_id, state, created_at)
      select ${activityId}, e.user_id, ${WAITLIST_STATE.WAITING}, ${at(now)} from lottery_entries e join users u on u.id = e.user_id
      where e.activity_id = ${activityId} and e.rank is not null and u.state <> ${USER_STATE.USER_STATE_LEFT}
        and not exists (select 1 from waitlist w where w.activity_id = e.activity_id and w.user_id = e.user_id and w.state in (${WAITLIST_STATE.WAITING}, ${WAITLIST_STATE.OFFERED}))
      order by e.rank`);
  }
  const offered = await serveLine(ctx, [freedOf({ ...a, waitlist: true })]);
  // Those drawn after the places hear their place in line; the winners' offers were queued by the line.
  const waiting = rowsOf<{ rank: number; mail: string | null; language: number | null }>(
    await db.execute(sql`
      select e.rank, u.mail, u.language from lottery_entries e join users u on u.id = e.user_id
      where e.activity_id = ${activityId} and e.rank > ${places} and u.mail is not null and u.state <> ${USER_STATE.USER_STATE_LEFT} order by e.rank`),
  );
  for (const w of waiting) {
    const message = inLineMessage(w.language === null ? null : Number(w.language), { zh: a.name_zh, en: a.name_en }, Number(w.rank), places);
    await queueMessage(ctx, { channel: "mail", to: w.mail!, subject: message.subject, text: message.text });
  }
  return { applicants: order.length, offered };
}

/** The job: every live activity whose draw time has passed and whose draw has not run. */
export async function drawLotteries(ctx: LineCtx) {
  const due = await ctx.db
    .select({ id: activities.id })
    .from(activities)
    .where(and(isNull(activities.drawnAt), lte(activities.drawAt, ctx.now), eq(activities.state, ACTIVITY_STATE.ACTIVITY_STATE_NORMAL)))
    .orderBy(asc(activities.id))
    .limit(DRAWS_PER_RUN);
  let drawn = 0;
  let applicants = 0;
  let offered = 0;
  for (const { id } of due) {
    const done = await drawOne(ctx, id);
    if (!done) continue;
    drawn++;
    applicants += done.applicants;
    offered += done.offered;
  }
  return { drawn, applicants, offered };
}
