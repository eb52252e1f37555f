// Every SMS and e-mail goes through the outbox. A verb queues a message in
// its own transaction, so a write that rolls back sends nothing; delivery
// runs after the commit (at once, and again from the delivery job for
// retries), so no gateway call ever holds a transaction or its locks. Each
// message is claimed by one statement (skip locked), sent outside any
// transaction, then marked sent, or retried with backoff, and after the last
// try marked failed: staff see which on the system page.
import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { outbox } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import type { MailAttachment, SmsTemplate } from "../../providers";
import { withTimeout } from "../../timeout";
import { Refusal, redact } from "../../providers/refusal";
import type { Ctx } from "../context";
import { log } from "../../log";

export type Channel = "sms" | "mail";
/** `template`: what an SMS gateway sends in place of the text (src/providers/sms); `attachment`: a stored file a mail carries. */
export type OutgoingMessage = { channel: Channel; to: string; subject?: string | null; text: string; template?: SmsTemplate | null; attachment?: MailAttachment | null };

/** Tries before a message is marked failed; waits 30 s, 1, 2, 4 minutes between them. */
export const MAX_SEND_ATTEMPTS = 5;
const FIRST_RETRY_MS = 30_000;
/** A claim older than this is a delivery that died: the row is tried again. */
const CLAIM_MS = 60_000;
const BATCH = 20;

type Row = typeof outbox.$inferSelect;

export async function queueMessage(ctx: Pick<CommandCtx, "db" | "now" | "afterCommit">, message: OutgoingMessage): Promise<void> {
  const [row] = await ctx.db
    .insert(outbox)
    .values({
      channel: message.channel,
      to: message.to,
      subject: message.subject ?? null,
      text: message.text,
      template: message.template ?? null,
      attachment: message.channel === "mail" ? (message.attachment ?? null) : null,
      createdAt: ctx.now,
      nextAt: ctx.now,
    })
    .returning({ id: outbox.id });
  ctx.afterCommit((committed) => deliverMessages(committed, { ids: [row!.id] }));
}

/** Claims up to a batch of due messages (or the given ones) in one statement; another instance skips them. */
export async function claimMessages(ctx: Pick<Ctx, "db" | "now">, opts: { ids?: number[] } = {}): Promise<Row[]> {
  const { db, now } = ctx;
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.state, "pending"),
        lte(outbox.nextAt, now),
        or(isNull(outbox.claimedUntil), lte(outbox.claimedUntil, now)),
        opts.ids ? inArray(outbox.id, opts.ids) : undefined,
      ),
    )
    .orderBy(outbox.id)
    .limit(BATCH)
    .for("update", { skipLocked: true });
  return db
    .update(outbox)
    .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS), attempts: sql`${outbox.attempts} + 1` })
    .where(inArray(outbox.id, due))
    .returning();
}

/** Hands claimed messages to the providers, outside any transaction, and records each outcome. */
export async function sendClaimed(ctx: Ctx, rows: Row[]): Promise<void> {
  for (const row of rows) {
    try {
      const sending =
        row.channel === "sms"
          ? ctx.app.providers.sms.send({ id: row.id, to: row.to, text: row.text, template: row.template })
          : mailOf(ctx, row).then((mail) => ctx.app.providers.mail.send(mail));
      await withTimeout(sending, ctx.config.messageTimeoutMs);
      await record(ctx, row, "message.sent", { state: "sent", sentAt: ctx.now, claimedUntil: null, error: null });
    } catch (error) {
      const refused = error instanceof Refusal;
      const last = refused || row.attempts >= MAX_SEND_ATTEMPTS;
      const nextAt = new Date(ctx.now.getTime() + FIRST_RETRY_MS * 2 ** (row.attempts - 1));
      // Providers word their reasons without the address or the text; redact again, as a server may quote either.
      const reason = redact(String((error as Error)?.message ?? error));
      const provider = row.channel === "sms" ? ctx.app.providers.sms.name : ctx.app.providers.mail.name;
      const outcome = refused ? "refused, marked failed" : last ? `failed, the last of ${MAX_SEND_ATTEMPTS} tries: marked failed` : `failed, tried again from ${nextAt.toISOString()}`;
      log.warn(`message ${row.id} (${row.channel} by ${provider}), try ${row.attempts} ${outcome}: ${reason}`);
      await record(ctx, row, last ? "message.failed" : "message.retry", { state: last ? "failed" : "pending", nextAt, claimedUntil: null, error: reason });
    }
  }
}

/** A mail row as the provider takes it, its attachment read from storage (a file gone is a refusal: no retry brings it back). */
async function mailOf(ctx: Pick<Ctx, "app">, row: Row) {
  const mail = { id: row.id, to: row.to, subject: row.subject ?? "", text: row.text };
  if (!row.attachment) return mail;
  const content = await ctx.app.providers.storage.get(row.attachment.key);
  if (!content) throw new Refusal(`the attachment ${row.attachment.key} is not in storage`);
  return { ...mail, attachments: [{ filename: row.attachment.name, content, contentType: row.attachment.type }] };
}

/** A delivery's outcome, written through the runner with its log row. */
function record(ctx: Ctx, row: Row, action: string, set: Partial<Row>) {
  return ctx.app.runner.run({
    ctx,
    name: action,
    audit: { action, row: "each" },
    verb: async (c) => {
      await c.db.update(outbox).set(set).where(eq(outbox.id, row.id));
      return { audit: { entity: "outbox", id: row.id, detail: row.channel } };
    },
  });
}

export async function deliverMessages(ctx: Ctx, opts: { ids?: number[] } = {}): Promise<void> {
  const { rows } = await ctx.app.runner.run({ ctx, name: "message.claim", verb: async (c) => ({ rows: await claimMessages(c, opts) }) });
  await sendClaimed(ctx, rows);
}

