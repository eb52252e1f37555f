// Which reminders fall due by a moment (issue 32 item 2, decision 139): one
// statement per kind, each leaving out what was sent already (the unique
// index of `reminders`), members who are not active (a member who left hears
// nothing), kinds a member turned off, and moments already past. The job asks
// for what is due now; the staff's view asks a day ahead for what is
// scheduled.
import { type SQL, sql } from "drizzle-orm";
import { at, rowsOf } from "../../db/sql";
import { ACTIVITY_STATE, ORDER_STATE, USER_STATE } from "../../protocol/enumerations";
import { WAITLIST_STATE } from "../../db/schema";
import type { Ctx } from "../context";
import { billingYear, billingYearStart } from "../membership/billing-year";
import { type DueReminder, LEAD_MS, OFFER_QUIET_MS, type ReminderKind } from "./kinds";

type Reads = Pick<Ctx, "db" | "now">;

/** Reminders of one kind a tick takes at most; the next tick takes the rest. */
export const DUE_BATCH = 500;

type Row = { user_id: number; subject: number; due_at: string | Date; at: string | Date; name_zh: string; name_en: string };

const interval = (ms: number) => sql.raw(`interval '${Math.round(ms / 1000)} seconds'`);

/**
 * The member is active, has this kind on, and has not had this reminder; in
 * the quiet hours, is one reached by mail (./run.ts `channelFor`: no mail, or
 * SMS chosen and a phone to send it to, is SMS), so that SMS held till eight
 * never crowd a batch.
 */
const wanted = (kind: ReminderKind, user: SQL, subject: SQL, quietSms: boolean) => sql`
  exists (select 1 from users u where u.id = ${user} and u.state = ${USER_STATE.USER_STATE_ACTIVE})
  and not exists (select 1 from reminder_settings s where s.user_id = ${user} and ${kind} = any(s.off))
  and not exists (select 1 from reminders r where r.kind = ${kind} and r.user_id = ${user} and r.subject = ${subject})
  ${quietSms ? sql`and exists (select 1 from users q left join reminder_settings qs on qs.user_id = q.id where q.id = ${user} and q.mail is not null and not (coalesce(qs.channel, '') = 'sms' and q.phone is not null))` : sql``}`;

/** Each kind's due reminders by `until`, whose moment is still ahead at `now`. */
const QUERIES: Record<ReminderKind, (now: Date, until: Date, quietSms: boolean) => SQL | null> = {
  // An activity the member holds a place in (a successful order) starts within a day.
  "activity-start": (now, until, quietSms) => sql`
    select distinct on (i.user_id, a.id) i.user_id, a.id as subject, a.event_start - ${interval(LEAD_MS["activity-start"])} as due_at, a.event_start as at, a.name_zh, a.name_en
    from activities a join order_items i on i.activity_id = a.id and i.state = ${ORDER_STATE.ORDER_STATE_SUCCESS}
    where a.state = ${ACTIVITY_STATE.ACTIVITY_STATE_NORMAL} and a.event_start > ${at(now)}
      and a.event_start - ${interval(LEAD_MS["activity-start"])} <= ${at(until)}
      and ${wanted("activity-start", sql`i.user_id`, sql`a.id`, quietSms)}
    order by i.user_id, a.id`,
  // An open window the member looked at closes within a day (a lottery's applications close at its draw), while they hold
  // no place and no application and a place can still be had.
  "window-closing": (now, until, quietSms) => sql`
    select v.user_id, a.id as subject, c.closes - ${interval(LEAD_MS["window-closing"])} as due_at, c.closes as at, a.name_zh, a.name_en
    from activities a
      cross join lateral (select case when a.draw_at is not null and a.drawn_at is null then a.draw_at else a.sign_end end as closes) c
      join activity_views v on v.activity_id = a.id
    where a.state = ${ACTIVITY_STATE.ACTIVITY_STATE_NORMAL} and a.sign_start <= ${at(now)} and c.closes > ${at(now)}
      and c.closes - ${interval(LEAD_MS["window-closing"])} <= ${at(until)}
      and (a.cap is null or a.used < a.cap or a.drawn_at is null and a.draw_at is not null)
      and not exists (select 1 from order_items i where i.activity_id = a.id and i.user_id = v.user_id and i.state <> ${ORDER_STATE.ORDER_STATE_CANCEL})
      and not exists (select 1 from lottery_entries e where e.activity_id = a.id and e.user_id = v.user_id)
      and ${wanted("window-closing", sql`v.user_id`, sql`a.id`, quietSms)}`,
  // A sign-up waiting for payment whose window ends within two minutes.
  "order-unpaid": (now, until, quietSms) => sql`
    select o.user_id, o.id as subject, o.expires_at - ${interval(LEAD_MS["order-unpaid"])} as due_at, o.expires_at as at, a.name_zh, a.name_en
    from orders o
      cross join lateral (select x.name_zh, x.name_en from order_items i join activities x on x.id = i.activity_id where i.order_id = o.id order by i.id limit 1) a
    where o.state = ${ORDER_STATE.ORDER_STATE_WAIT} and o.expires_at > ${at(now)}
      and o.expires_at - ${interval(LEAD_MS["order-unpaid"])} <= ${at(until)}
      and ${wanted("order-unpaid", sql`o.user_id`, sql`o.id`, quietSms)}`,
  // A waiting-list or lottery offer ends within two hours, and was not made in the last quarter hour (its own message says it).
  "offer-ending": (now, until, quietSms) => sql`
    select w.user_id, w.id as subject, d.due_at, w.expires_at as at, a.name_zh, a.name_en
    from waitlist w join activities a on a.id = w.activity_id
      cross join lateral (select greatest(w.expires_at - ${interval(LEAD_MS["offer-ending"])}, w.offered_at + ${interval(OFFER_QUIET_MS)}) as due_at) d
    where w.state = ${WAITLIST_STATE.OFFERED} and w.expires_at > ${at(now)} and d.due_at < w.expires_at and d.due_at <= ${at(until)}
      and ${wanted("offer-ending", sql`w.user_id`, sql`w.id`, quietSms)}`,
  // Dues: handled by duesDue, which needs the configuration first.
  "dues-due": () => null,
};

/**
 * This billing year's dues (and next year's, once its first day is within
 * `until`), for active members who have not paid them, during the year's
 * first month: a member who joins later meets the dues prompt in the portal,
 * and an installation started mid-year does not write to everyone at once.
 */
async function duesDue(ctx: Reads, until: Date, quietSms: boolean): Promise<Row[]> {
  const [config] = rowsOf<{ price: number; month: number; day: number }>(await ctx.db.execute(sql`select price, month, day from member_config where id = 1`));
  if (!config || Number(config.price) <= 0) return [];
  const c = { month: Number(config.month), day: Number(config.day) };
  const year = billingYear(c, ctx.now);
  const years = [year, ...(billingYearStart(c, year + 1) <= until ? [year + 1] : [])];
  const rows: Row[] = [];
  for (const y of years) {
    const starts = billingYearStart(c, y);
    if (ctx.now.getTime() >= starts.getTime() + LEAD_MS["dues-window"]) continue;
    rows.push(
      ...rowsOf<Row>(
        await ctx.db.execute(sql`
          select u.id as user_id, ${y}::int as subject, ${at(starts)} as due_at, ${at(starts)} as at, ${String(y)} as name_zh, ${String(y)} as name_en
          from users u
          where u.state = ${USER_STATE.USER_STATE_ACTIVE}
            and not exists (select 1 from dues_orders d where d.user_id = u.id and d.year = ${y} and d.state = ${ORDER_STATE.ORDER_STATE_SUCCESS})
            and ${wanted("dues-due", sql`u.id`, sql`${y}::int`, quietSms)}
          order by u.id limit ${DUE_BATCH}`),
      ),
    );
  }
  return rows;
}

/** The reminders of a kind due by `until` (now: what to send; a day ahead: what is scheduled), the earliest first. */
export async function dueReminders(ctx: Reads, kind: ReminderKind, until: Date, opts: { quietSms?: boolean } = {}): Promise<DueReminder[]> {
  const quietSms = opts.quietSms ?? false;
  const query = QUERIES[kind](ctx.now, until, quietSms);
  const rows = query ? rowsOf<Row>(await ctx.db.execute(sql`select * from (${query}) q order by due_at, user_id limit ${DUE_BATCH}`)) : await duesDue(ctx, until, quietSms);
  return rows.map((r) => ({
    kind,
    userId: Number(r.user_id),
    subject: Number(r.subject),
    dueAt: new Date(r.due_at),
    at: new Date(r.at),
    nameZh: r.name_zh,
    nameEn: r.name_en,
  }));
}
