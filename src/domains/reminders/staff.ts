// What staff see of reminders (issue 32 item 2, FUNCTION_REMINDERS): what is
// scheduled over the next day, kind by kind (a reminder past its time but
// not sent is an SMS waiting out the quiet hours), and what was sent, a page
// at a time, with its delivery's state in the outbox.
import { Type as t } from "@sinclair/typebox";
import { sql } from "drizzle-orm";
import { rowsOf } from "../../db/sql";
import { REMINDER_PAGE_SIZE } from "../../protocol/limits";
import { page } from "../../protocol/result";
import type { MemberCtx } from "../context";
import { pageIndex } from "../shared/fields";
import { namesOf } from "../shared/member-names";
import { dueReminders } from "./due";
import { REMINDER_KINDS } from "./kinds";

/** Scheduled reminders listed at most (the counts are of all). */
const SCHEDULED_SHOWN = 100;
const DAY_MS = 86_400_000;

export const overviewInput = t.Object({ index: pageIndex });

/** /reminders/overview: the next day's scheduled reminders and the sent ones, newest first. */
export async function remindersOverview({ ctx, input }: { ctx: MemberCtx; input: typeof overviewInput.static }) {
  const until = new Date(ctx.now.getTime() + DAY_MS);
  const scheduled = (await Promise.all(REMINDER_KINDS.map((kind) => dueReminders(ctx, kind, until)))).flat().sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
  const [{ n }] = rowsOf<{ n: number }>(await ctx.db.execute(sql`select count(*)::int as n from reminders`)) as [{ n: number }];
  const p = page(input.index, Number(n), REMINDER_PAGE_SIZE);
  const sent = rowsOf<{ id: number; kind: string; user_id: number; subject: number; channel: string; due_at: string | Date; sent_at: string | Date; employees: string | null; state: string | null; name_zh: string | null; name_en: string | null }>(
    await ctx.db.execute(sql`
      select r.id, r.kind, r.user_id, r.subject, r.channel, r.due_at, r.sent_at, u.employees, o.state,
        coalesce(a.name_zh, wa.name_zh, oa.name_zh, r.subject::text) as name_zh, coalesce(a.name_en, wa.name_en, oa.name_en, r.subject::text) as name_en
      from reminders r join users u on u.id = r.user_id
        left join outbox o on o.id = r.outbox_id
        left join activities a on r.kind in ('activity-start', 'window-closing') and a.id = r.subject
        left join waitlist w on r.kind = 'offer-ending' and w.id = r.subject left join activities wa on wa.id = w.activity_id
        left join lateral (select x.name_zh, x.name_en from order_items i join activities x on x.id = i.activity_id
          where r.kind = 'order-unpaid' and i.order_id = r.subject order by i.id limit 1) oa on true
      order by r.sent_at desc, r.id desc
      limit ${p.size} offset ${p.offset}`),
  );
  const names = await namesOf(ctx, [...new Set([...scheduled.slice(0, SCHEDULED_SHOWN).map((s) => s.userId), ...sent.map((s) => Number(s.user_id))])]);
  const counts = Object.fromEntries(REMINDER_KINDS.map((k) => [k, scheduled.filter((s) => s.kind === k).length]));
  return {
    scheduled: {
      counts,
      list: scheduled.slice(0, SCHEDULED_SHOWN).map((s) => ({
        kind: s.kind,
        due: s.dueAt.toISOString(),
        at: s.at.toISOString(),
        nameZh: s.nameZh,
        nameEn: s.nameEn,
        user: { id: s.userId, name: names.get(s.userId) ?? null },
      })),
    },
    sent: {
      list: sent.map((r) => ({
        id: Number(r.id),
        kind: r.kind,
        channel: r.channel,
        due: new Date(r.due_at).toISOString(),
        sent: new Date(r.sent_at).toISOString(),
        nameZh: r.name_zh,
        nameEn: r.name_en,
        user: { id: Number(r.user_id), name: names.get(Number(r.user_id)) ?? null, employees: r.employees },
        /** The outbox's: pending, sent or failed (null: the outbox row is gone, cleared with an erased member's). */
        delivery: r.state,
      })),
      count: p.count,
      max: p.max,
      index: p.index,
    },
  };
}
