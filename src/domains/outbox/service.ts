// What the embedded SMS and mail providers "sent", for staff: so a person
// trying the demo can read the activation code.
import { count, desc } from "drizzle-orm";
import { outbox } from "../../db/schema";
import type { Ctx } from "../../http/context";
import { page } from "../../protocol/result";

export const OUTBOX_PAGE_SIZE = 20;

export async function listOutbox({ ctx, input }: { ctx: Ctx; input: { index?: number } }) {
  const [{ n }] = (await ctx.db.select({ n: count() }).from(outbox)) as [{ n: number }];
  const p = page(input.index, Number(n), OUTBOX_PAGE_SIZE);
  const rows = await ctx.db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(p.size).offset(p.offset);
  return {
    list: rows.map((r) => ({ id: r.id, channel: r.channel, to: r.to, subject: r.subject, text: r.text, date: r.createdAt.toISOString() })),
    count: p.count,
    max: p.max,
    index: p.index,
  };
}
