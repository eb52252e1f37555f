// The reminders' job (issue 32 item 2, decision 139): every 30 seconds, each
// kind's due reminders are written to `reminders` and queued in the outbox in
// one transaction. The unique index on (kind, member, subject) makes each one
// exactly once: a second instance's tick, or a tick after a restart, inserts
// nothing for what was sent (`on conflict do nothing`), and a message is queued
// only for a row this tick inserted. SMS wait out the quiet hours (22:00-08:00
// China time): a reminder by SMS due then is sent at eight if its moment is
// still ahead.
import { inArray, sql } from "drizzle-orm";
import { reminders, reminderSettings, users } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { queueMessage } from "../shared/messages";
import { dueReminders } from "./due";
import { type DueReminder, quietForSms, REMINDER_KINDS, type ReminderChannel, reminderText } from "./kinds";

type Contact = { mail: string | null; phone: string | null; language: number | null; channel: string | null };

/** The channel a member gets a reminder by: the one they chose if they can be reached by it, else the other; null when neither. */
export function channelFor(c: Pick<Contact, "mail" | "phone" | "channel">): ReminderChannel | null {
  const preferred: ReminderChannel = c.channel === "sms" || (c.channel === null && !c.mail) ? "sms" : "mail";
  if (preferred === "sms") return c.phone ? "sms" : c.mail ? "mail" : null;
  return c.mail ? "mail" : c.phone ? "sms" : null;
}

async function contactsOf(ctx: Pick<CommandCtx, "db">, ids: readonly number[]) {
  const rows = await ctx.db
    .select({ id: users.id, mail: users.mail, phone: users.phone, language: users.language, channel: reminderSettings.channel })
    .from(users)
    .leftJoin(reminderSettings, sql`${reminderSettings.userId} = ${users.id}`)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r as Contact]));
}

/** Writes the reminder's row; queues its message only when this run wrote it (another run or instance may have). */
async function send(ctx: CommandCtx, r: DueReminder, contact: Contact, channel: ReminderChannel): Promise<boolean> {
  const [row] = await ctx.db
    .insert(reminders)
    .values({ kind: r.kind, userId: r.userId, subject: r.subject, channel, dueAt: r.dueAt, sentAt: ctx.now })
    .onConflictDoNothing()
    .returning({ id: reminders.id });
  if (!row) return false;
  const message = reminderText(r, contact.language === null ? null : Number(contact.language));
  const outboxId =
    channel === "mail"
      ? await queueMessage(ctx, { channel, to: contact.mail!, subject: message.subject, text: message.text })
      : await queueMessage(ctx, { channel, to: contact.phone!, text: message.text, template: { name: "reminder", params: message.sms } });
  await ctx.db.execute(sql`update reminders set outbox_id = ${outboxId} where id = ${row.id}`);
  return true;
}

/** The job: what is due now, by kind; in the quiet hours only what goes by mail. Counts of what was queued. */
export async function sendReminders(ctx: CommandCtx) {
  const quietSms = quietForSms(ctx.now);
  const counts: Record<string, number> = {};
  for (const kind of REMINDER_KINDS) {
    const due = await dueReminders(ctx, kind, ctx.now, { quietSms });
    if (due.length === 0) continue;
    const contacts = await contactsOf(ctx, due.map((r) => r.userId));
    let sent = 0;
    for (const r of due) {
      const contact = contacts.get(r.userId);
      const channel = contact ? channelFor(contact) : null;
      if (!contact || !channel || (channel === "sms" && quietSms)) continue;
      if (await send(ctx, r, contact, channel)) sent++;
    }
    if (sent) counts[kind] = sent;
  }
  return counts;
}
