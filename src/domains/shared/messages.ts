// Every SMS and e-mail goes through the outbox. A verb queues a message in
// its own transaction, so a write that rolls back sends nothing; delivery
// runs after the commit (at once, and again from the delivery job for
// retries), so no gateway call ever holds a transaction or its locks. Each
// message is claimed by one statement (skip locked), sent outside any
// transaction, then marked sent, or retried with backoff, and after the last
// try marked failed: staff see which on the system page.
//
// A message is sent at most once by the portal: each message of a claimed
// batch is held until its own turn can be over (the messages before it each
// allowed the whole timeout), a send starts only while its claim will
// outlast it, and the outcome is written only under the claim (its token)
// that sent it.
//
// With a real provider the codes and links a message carries (its `secrets`)
// are masked in the text staff read; the message as sent is kept sealed
// (AES-256-GCM, a key derived from the portal's own secret) until it is sent
// or failed, so a retry after a crash still sends it.
import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { outbox } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import type { MailAttachment, SmsTemplate } from "../../providers";
import { withTimeout } from "../../timeout";
import { Refusal, redact } from "../../providers/refusal";
import type { Ctx } from "../context";
import type { PowerCode } from "../../protocol/powers";
import { log } from "../../log";

export type Channel = "sms" | "mail";
/**
 * `template`: what an SMS gateway sends in place of the text (src/providers/sms); `attachment`: a stored file a mail carries,
 * readable by `userId` (its addressee) and holders of `power` (what made it); `secrets`: the one-time codes and links
 * in the subject, text or template, never kept readable with a real provider.
 */
export type OutgoingMessage = {
  channel: Channel;
  to: string;
  subject?: string | null;
  text: string;
  template?: SmsTemplate | null;
  attachment?: (MailAttachment & { userId: number; power: PowerCode }) | null;
  secrets?: string[];
};

/** Tries before a message is marked failed; waits 30 s, 1, 2, 4 minutes between them. */
export const MAX_SEND_ATTEMPTS = 5;
const FIRST_RETRY_MS = 30_000;
/** Room after each send's timeout for writing its outcome, which must land while the claim still holds. */
const OUTCOME_MS = 5_000;
/**
 * Room before the first send: the claim's commit and the clock moving on between the claim's `now` and the send's
 * start (without it, on a live clock, the first message of every claim was handed back unsent, again and again).
 */
const START_MS = 5_000;
const BATCH = 20;

/**
 * When the claim of the n-th message (from 1) of a batch claimed at `now` lapses: after the room to start and the n
 * sends up to its own, each allowed the whole timeout and its outcome's write. Past it the message is a delivery that died, and is tried again.
 */
export const claimedUntil = (now: Date, n: number, timeoutMs: number) => new Date(now.getTime() + START_MS + n * (timeoutMs + OUTCOME_MS));

type Row = typeof outbox.$inferSelect;

/** What is masked in place of a secret in the text kept. */
const MASK = "******";
type Sealed = { subject: string | null; text: string; template: SmsTemplate | null };

export async function queueMessage(ctx: Pick<CommandCtx, "db" | "now" | "afterCommit" | "app">, message: OutgoingMessage): Promise<number> {
  const kept = { subject: message.subject ?? null, text: message.text, template: message.template ?? null };
  const provider = message.channel === "sms" ? ctx.app.providers.sms : ctx.app.providers.mail;
  // The embedded providers' outbox is their delivery: there a person trying the demo reads the code.
  const masking = provider.name !== "outbox" && (message.secrets ?? []).some(Boolean);
  const attachment = message.channel === "mail" ? (message.attachment ?? null) : null;
  const [row] = await ctx.db
    .insert(outbox)
    .values({
      channel: message.channel,
      to: message.to,
      ...(masking ? masked(kept, message.secrets!) : kept),
      sealed: masking ? await seal(ctx, kept) : null,
      attachment: attachment && { key: attachment.key, name: attachment.name, type: attachment.type },
      userId: attachment?.userId ?? null,
      power: attachment?.power ?? null,
      createdAt: ctx.now,
      nextAt: ctx.now,
    })
    .returning({ id: outbox.id });
  ctx.afterCommit((committed) => deliverMessages(committed, { ids: [row!.id] }));
  return row!.id;
}

/** The message with every secret replaced by the mask, longest first (a secret inside another is masked with it). */
function masked(message: Sealed, secrets: string[]): Sealed {
  const hide = (value: string) => [...secrets].filter(Boolean).sort((a, b) => b.length - a.length).reduce((text, secret) => text.replaceAll(secret, MASK), value);
  return {
    subject: message.subject === null ? null : hide(message.subject),
    text: hide(message.text),
    template: message.template && { ...message.template, params: message.template.params.map(hide) },
  };
}

/** The outbox's own key, derived from the portal's secret (portal_keys), so every instance opens what another sealed. */
async function sealKey(ctx: Pick<Ctx, "app">): Promise<Buffer> {
  return createHmac("sha256", await ctx.app.codeSecret()).update("outbox-sealed").digest();
}

async function seal(ctx: Pick<Ctx, "app">, message: Sealed): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", await sealKey(ctx), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(message), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64");
}

async function unseal(ctx: Pick<Ctx, "app">, sealed: string): Promise<Sealed> {
  const bytes = Buffer.from(sealed, "base64");
  const decipher = createDecipheriv("aes-256-gcm", await sealKey(ctx), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8")) as Sealed;
}

/**
 * Claims up to a batch of due messages (or the given ones) under a token of its own, each until its turn can be over;
 * another instance skips them.
 */
export async function claimMessages(ctx: Pick<Ctx, "db" | "now" | "config">, opts: { ids?: number[] } = {}): Promise<Row[]> {
  const { db, now } = ctx;
  const due = await db
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
  if (due.length === 0) return [];
  const until = due.map((r, i) => sql`when ${r.id} then ${claimedUntil(now, i + 1, ctx.config.messageTimeoutMs).toISOString()}::timestamptz`);
  const rows = await db
    .update(outbox)
    .set({ claimedUntil: sql`case ${outbox.id} ${sql.join(until, sql` `)} end`, claimToken: randomUUID(), attempts: sql`${outbox.attempts} + 1` })
    .where(inArray(outbox.id, due.map((r) => r.id)))
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * Hands claimed messages to the providers, outside any transaction, and records each outcome under the claim.
 * A message whose send could outlast its claim is not started: it and the rest are given back for the next tick.
 */
export async function sendClaimed(ctx: Ctx, rows: Row[]): Promise<void> {
  const timeoutMs = ctx.config.messageTimeoutMs;
  for (const [i, row] of rows.entries()) {
    if (ctx.app.clock().getTime() + timeoutMs + OUTCOME_MS > row.claimedUntil!.getTime()) {
      await release(ctx, rows.slice(i));
      return;
    }
    try {
      const message = row.sealed ? { ...row, ...(await unseal(ctx, row.sealed)) } : row;
      const sending =
        row.channel === "sms"
          ? ctx.app.providers.sms.send({ id: row.id, to: row.to, text: message.text, template: message.template })
          : mailOf(ctx, message).then((mail) => ctx.app.providers.mail.send(mail));
      await withTimeout(sending, timeoutMs);
      await record(ctx, row, "message.sent", { state: "sent", sentAt: ctx.app.clock(), claimedUntil: null, claimToken: null, sealed: null, error: null });
    } catch (error) {
      const refused = error instanceof Refusal;
      const last = refused || row.attempts >= MAX_SEND_ATTEMPTS;
      const nextAt = new Date(ctx.now.getTime() + FIRST_RETRY_MS * 2 ** (row.attempts - 1));
      // Providers word their reasons without the address or the text; redact again, as a server may quote either.
      const reason = redact(String((error as Error)?.message ?? error));
      const provider = row.channel === "sms" ? ctx.app.providers.sms.name : ctx.app.providers.mail.name;
      const outcome = refused ? "refused, marked failed" : last ? `failed, the last of ${MAX_SEND_ATTEMPTS} tries: marked failed` : `failed, tried again from ${nextAt.toISOString()}`;
      log.warn(`message ${row.id} (${row.channel} by ${provider}), try ${row.attempts} ${outcome}: ${reason}`);
      // A failed message's secret is erased with its last try; a retry keeps it sealed.
      const set = last ? { state: "failed", sealed: null } : { state: "pending", nextAt };
      await record(ctx, row, last ? "message.failed" : "message.retry", { ...set, claimedUntil: null, claimToken: null, error: reason });
    }
  }
}

/** Messages claimed but not started go back, their try not counted, for the next tick (of any instance). */
async function release(ctx: Ctx, rows: Row[]) {
  await ctx.app.runner.run({
    ctx,
    name: "message.release",
    verb: async (c) => {
      for (const row of rows) {
        await c.db
          .update(outbox)
          .set({ claimedUntil: null, claimToken: null, attempts: sql`${outbox.attempts} - 1` })
          .where(and(eq(outbox.id, row.id), eq(outbox.claimToken, row.claimToken!)));
      }
    },
  });
}

/** A mail row as the provider takes it, its attachment read from storage (a file gone is a refusal: no retry brings it back). */
async function mailOf(ctx: Pick<Ctx, "app">, row: Pick<Row, "id" | "to" | "subject" | "text" | "attachment">) {
  const mail = { id: row.id, to: row.to, subject: row.subject ?? "", text: row.text };
  if (!row.attachment) return mail;
  const content = await ctx.app.providers.storage.get(row.attachment.key);
  if (!content) throw new Refusal(`the attachment ${row.attachment.key} is not in storage`);
  return { ...mail, attachments: [{ filename: row.attachment.name, content, contentType: row.attachment.type }] };
}

/**
 * A delivery's outcome, written through the runner with its log row, only while the claim that sent it holds the row:
 * a claim lost (it ran out and another tick took the row) writes nothing, and its holder neither retries nor fails it.
 */
async function record(ctx: Ctx, row: Row, action: string, set: Partial<Row>) {
  const { written } = await ctx.app.runner.run({
    ctx,
    name: action,
    audit: { action, row: "when named" },
    verb: async (c) => {
      const mine = and(eq(outbox.id, row.id), eq(outbox.claimToken, row.claimToken!));
      const written = (await c.db.update(outbox).set(set).where(mine).returning({ id: outbox.id })).length > 0;
      return { written, ...(written ? { audit: { entity: "outbox", id: row.id, detail: row.channel } } : {}) };
    },
  });
  if (!written) log.warn(`message ${row.id} (${row.channel}): its claim ran out before the outcome (${action}) was written; the claim that holds it now decides`);
}

export async function deliverMessages(ctx: Ctx, opts: { ids?: number[] } = {}): Promise<void> {
  const { rows } = await ctx.app.runner.run({ ctx, name: "message.claim", verb: async (c) => ({ rows: await claimMessages(c, opts) }) });
  await sendClaimed(ctx, rows);
}

