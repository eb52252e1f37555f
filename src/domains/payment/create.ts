// Opens a payment with the configured provider and records it, inside the
// caller's transaction (the dues order and its payment appear together).
import { randomBytes } from "node:crypto";
import { payments } from "../../db/schema";
import type { Ctx } from "../../http/context";
import { PAY_STATE } from "../../protocol/types";

/** Where payers reach the portal: PUBLIC_URL, else the host the member used. */
export const originOf = (ctx: Pick<Ctx, "config" | "host">): string => ctx.config.payment.publicUrl ?? `http://${ctx.host ?? "localhost"}`;

/** A prefix, the time to the second, and 64 random bits: sortable by eye, unguessable as a page key. */
export function newTrade(prefix: string, now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, "").slice(0, 14);
  return `${prefix}${stamp}${randomBytes(8).toString("hex").toUpperCase()}`;
}

export async function openPayment(
  ctx: Ctx,
  input: { trade: string; kind: string; refId: number; userId: number; subject: string; amount: number; expiresAt: Date },
) {
  const provider = ctx.providers.payment;
  const created = await provider.create({ ...input, origin: originOf(ctx) });
  await ctx.db.insert(payments).values({
    trade: input.trade,
    provider: provider.name,
    kind: input.kind,
    refId: input.refId,
    userId: input.userId,
    subject: input.subject,
    amount: input.amount,
    state: PAY_STATE.PAY_STATE_WAIT,
    providerTrade: created.providerTrade,
    createdAt: ctx.now,
    expiresAt: input.expiresAt,
  });
  return created;
}
