// Every SMS and e-mail the portal sent or tried to send, for staff: with the
// embedded providers this is where a person trying the demo reads a code;
// with real ones, whether a message went out, is still retried, or failed
// (the codes it carries masked: src/domains/shared/messages.ts). The file an
// export mail carries opens only for the member it was mailed to and holders
// of the power that made it, never for every reader of the outbox.
import { count, desc, eq } from "drizzle-orm";
import { outbox } from "../../db/schema";
import type { Download } from "../../http/kit";
import type { MemberCtx } from "../context";
import { page, refuse } from "../../protocol/result";
import { OUTBOX_PAGE_SIZE } from "../../protocol/limits";

type Row = typeof outbox.$inferSelect;

/** Whether the signed-in staff member may open the mail's attachment: its addressee, or a holder of the power that made it. */
const mayOpen = (ctx: MemberCtx, row: Pick<Row, "userId" | "power">) => row.userId === ctx.actor.id || (row.power !== null && ctx.actor.powers.has(row.power));

export async function listOutbox({ ctx, input }: { ctx: MemberCtx; input: { index?: number } }) {
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
      // The link only for those it opens for.
      attachment: r.attachment && mayOpen(ctx, r) ? { name: r.attachment.name, type: r.attachment.type } : null,
    })),
    count: p.count,
    max: p.max,
    index: p.index,
  };
}

/** The file a mail carries, as it was sent (ids travel as text in a signed GET's query); ERROR_NOT_POWER for anyone else. */
export async function outboxAttachment({ ctx, input }: { ctx: MemberCtx; input: { id: string } }): Promise<Download> {
  const [row] = await ctx.db.select({ attachment: outbox.attachment, userId: outbox.userId, power: outbox.power }).from(outbox).where(eq(outbox.id, Number(input.id)));
  if (!row?.attachment) refuse("ERROR_RESULT_NULL");
  if (!mayOpen(ctx, row)) refuse("ERROR_NOT_POWER");
  const file = await ctx.app.providers.storage.get(row.attachment.key);
  if (!file) refuse("ERROR_RESULT_NULL");
  return { body: file, type: row.attachment.type, filename: row.attachment.name, cache: "none" };
}
