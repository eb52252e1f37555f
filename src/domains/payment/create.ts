// Opening a payment takes two steps, so no provider call ever runs inside a
// transaction: the verb records the order and its waiting payment in the
// command's transaction; after the commit the provider is asked for the pay
// link, which is stored in a second short write. A provider that fails or
// does not answer in time closes the order at once (the member may try
// again) and answers ERROR_BUSY; if even that fails, the expiry job closes it.
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { payments } from "../../db/schema";
import type { CommandCtx } from "../../http/kit";
import { PAY_STATE } from "../../protocol/enumerations";
import { refuse } from "../../protocol/result";
import type { Ctx } from "../context";
import { log } from "../../log";
import { withTimeout } from "../../timeout";

/** Where payers reach the portal: PUBLIC_URL, else the host the member used. */
export const originOf = (ctx: Pick<Ctx, "config" | "host">): string => ctx.config.payment.publicUrl ?? `http://${ctx.host ?? "localhost"}`;

/** A prefix, the time to the second, and 64 random bits: sortable by eye, unguessable as a page key. */
export function newTrade(prefix: string, now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, "").slice(0, 14);
  return `${prefix}${stamp}${randomBytes(8).toString("hex").toUpperCase()}`;
}

/** Step one, in the command's transaction: the waiting payment rows (one statement for a batch of orders). */
export async function recordPayments(
  ctx: CommandCtx,
  inputs: readonly { trade: string; kind: string; refId: number; userId: number; subject: string; amount: number; expiresAt: Date }[],
) {
  await ctx.db.insert(payments).values(
    inputs.map((input) => ({
      trade: input.trade,
      provider: ctx.app.providers.payment.name,
      kind: input.kind,
      refId: input.refId,
      userId: input.userId,
      subject: input.subject,
      amount: input.amount,
      state: PAY_STATE.PAY_STATE_WAIT,
      createdAt: ctx.now,
      expiresAt: input.expiresAt,
    })),
  );
}

/** Step two, after the commit: the provider's pay link, stored. */
export async function requestPayLink(ctx: Ctx, trade: string): Promise<string> {
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.trade, trade));
  if (!payment) refuse("ERROR_RESULT_NULL");
  if (payment.payUrl) return payment.payUrl;
  let created: Awaited<ReturnType<Ctx["app"]["providers"]["payment"]["create"]>>;
  try {
    created = await withTimeout(
      ctx.app.providers.payment.create({ trade, amount: payment.amount, subject: payment.subject, expiresAt: payment.expiresAt, origin: originOf(ctx), now: ctx.now }),
      ctx.config.payment.timeoutMs,
    );
  } catch (error) {
    log.warn(`payment ${trade}: the provider gave no pay link: ${(error as Error)?.message ?? error}`);
    await abandonPayment(ctx, payment);
    refuse("ERROR_BUSY", { reason: "payment" });
  }
  await ctx.app.runner.run({
    ctx,
    name: "payment.link",
    audit: { action: "payment.link", row: "each" },
    verb: async (c) => {
      await c.db.update(payments).set({ payUrl: created.payUrl, providerTrade: created.providerTrade }).where(eq(payments.id, payment.id));
      return { audit: { entity: "payment", id: payment.id, userId: payment.userId, detail: trade } };
    },
  });
  return created.payUrl;
}

/** Closes a payment nobody can pay and gives up what it was for, in one short transaction and the usual lock order. */
async function abandonPayment(ctx: Ctx, payment: typeof payments.$inferSelect) {
  const kind = ctx.app.paymentKinds.get(payment.kind) ?? null;
  try {
    await ctx.app.runner.run({
      ctx,
      name: "payment.abandon",
      audit: { action: "payment.abandon", row: "when named" },
      verb: async (c) => {
        const tx = c.db;
        await kind?.lock(c, payment.refId);
        const closed = await tx
          .update(payments)
          .set({ state: PAY_STATE.PAY_STATE_CLOSED })
          .where(and(eq(payments.id, payment.id), eq(payments.state, PAY_STATE.PAY_STATE_WAIT)))
          .returning({ id: payments.id });
        if (closed.length === 0) return {};
        await kind?.abandon(c, payment.refId);
        return { audit: { entity: "payment", id: payment.id, userId: payment.userId, detail: payment.trade } };
      },
    });
  } catch (error) {
    log.error(`payment ${payment.trade}: could not close it; the expiry job will`, { error });
  }
}
