// Every SMS and e-mail the portal sent or tried to send, for staff: with the
// embedded providers this is where a person trying the demo reads a code;
// with real ones, whether a message went out, is still retried, or failed.
import { count, desc } from "drizzle-orm";
import { outbox } from "../../db/schema";
import type { Ctx } from "../context";
import { page } from "../../protocol/result";
import { OUTBOX_PAGE_SIZE } from "../../protocol/limits";


export async function listOutbox({ ctx, input }: { ctx: Ctx; input: { index?: number } }) {
  const [{ n }] = (await ctx.db.select({ n: count() }).from(outbox)) as [{ n: number }];
  const p = page(input.index, Number(n), OUTBOX_PAGE_SIZE);
  const rows = await ctx.db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(p.size).offset(p.offset);
  return {
    list: rows.map((r) => ({ id: r.id, channel: r.channel, to: r.to, subject: r.subject, text: r.text, date: r.createdAt.toISOString(), state: r.state, attempts: r.attempts, sentDate: r.sentAt?.toISOString() ?? null, error: r.error })),
    count: p.count,
    max: p.max,
    index: p.index,
  };
}
