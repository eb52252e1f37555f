// Every SMS and e-mail the portal sent or tried to send, for staff: with the
// embedded providers this is where a person trying the demo reads a code, or
// opens the file an export mail carries; with real ones, whether a message
// went out, is still retried, or failed.
import { count, desc, eq } from "drizzle-orm";
import { outbox } from "../../db/schema";
import type { Download } from "../../http/kit";
import type { Ctx } from "../context";
import { DomainError, page } from "../../protocol/result";
import { OUTBOX_PAGE_SIZE } from "../../protocol/limits";

export async function listOutbox({ ctx, input }: { ctx: Ctx; input: { index?: number } }) {
  const [{ n }] = (await ctx.db.select({ n: count() }).from(outbox)) as [{ n: number }];
  const p = page(input.index, Number(n), OUTBOX_PAGE_SIZE);
  const rows = await ctx.db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(p.size).offset(p.offset);
  return {
    list: rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      to: r.to,
      subject: r.subject,
      text: r.text,
      date: r.createdAt.toISOString(),
      state: r.state,
      attempts: r.attempts,
      sentDate: r.sentAt?.toISOString() ?? null,
      error: r.error,
      attachment: r.attachment ? { name: r.attachment.name, type: r.attachment.type } : null,
    })),
    count: p.count,
    max: p.max,
    index: p.index,
  };
}

/** The file a mail carries, as it was sent (ids travel as text in a signed GET's query). */
export async function outboxAttachment({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<Download> {
  const [row] = await ctx.db.select({ attachment: outbox.attachment }).from(outbox).where(eq(outbox.id, Number(input.id)));
  const file = row?.attachment ? await ctx.app.providers.storage.get(row.attachment.key) : null;
  if (!row?.attachment || !file) throw new DomainError("ERROR_RESULT_NULL");
  return { body: file, type: row.attachment.type, filename: row.attachment.name, cache: "none" };
}
