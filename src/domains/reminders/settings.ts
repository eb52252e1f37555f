// A member's reminders (issue 32 item 2, decision 139): which kinds they want
// and by what, for themselves only. Every kind is on until turned off; the
// channel defaults to mail where the member has an address, else SMS.
import { Type as t } from "@sinclair/typebox";
import { eq } from "drizzle-orm";
import { reminderSettings, users } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import type { MemberCtx } from "../context";
import { REMINDER_CHANNELS, REMINDER_KINDS, type ReminderKind } from "./kinds";
import { channelFor } from "./run";

export const settingsInput = t.Object({
  /** The kinds wanted; every other is off. */
  on: t.Array(t.Union(REMINDER_KINDS.map((k) => t.Literal(k))), { maxItems: REMINDER_KINDS.length }),
  channel: t.Union(REMINDER_CHANNELS.map((c) => t.Literal(c))),
});

/** /user/reminders: the kinds, which are on, the channel chosen and what each channel reaches (mail and phone present). */
export async function mySettings({ ctx }: { ctx: MemberCtx; input: Record<string, never> }) {
  const [row] = await ctx.db
    .select({ mail: users.mail, phone: users.phone, off: reminderSettings.off, channel: reminderSettings.channel })
    .from(users)
    .leftJoin(reminderSettings, eq(reminderSettings.userId, users.id))
    .where(eq(users.id, ctx.actor.id));
  const off = new Set(row?.off ?? []);
  const channel = row ? channelFor({ mail: row.mail, phone: row.phone, channel: row.channel }) : null;
  return {
    kinds: REMINDER_KINDS.map((kind) => ({ kind, on: !off.has(kind) })),
    /** The channel reminders go by now (null: the member has neither a mail address nor a phone). */
    channel,
    chosen: row?.channel ?? null,
    reach: { mail: Boolean(row?.mail), sms: Boolean(row?.phone) },
  };
}

/** /user/reminders/save: the kinds wanted and the channel, for the member themselves. */
export async function saveSettings({ ctx, input }: { ctx: CommandCtx<MemberCtx>; input: typeof settingsInput.static }) {
  const on = new Set<ReminderKind>(input.on);
  const off = REMINDER_KINDS.filter((k) => !on.has(k));
  await ctx.db
    .insert(reminderSettings)
    .values({ userId: ctx.actor.id, off, channel: input.channel, updatedAt: ctx.now })
    .onConflictDoUpdate({ target: reminderSettings.userId, set: { off, channel: input.channel, updatedAt: ctx.now } });
  return { audit: { entity: "user", id: ctx.actor.id, detail: `on: ${[...on].join(", ") || "none"}; by ${input.channel}` } };
}
