// The things a payment can pay for, by the `kind` stored on the payment row.
// The app state holds them by name (src/app-state.ts, ctx.app.paymentKinds),
// so payment never imports the domains that use it.
import type { CommandCtx } from "../../http/kit";
import type { PowerCode } from "../../protocol/powers";
import type { Ctx } from "../context";

export type PaymentKind = {
  /** The staff power that runs what it pays for: its holders see and refund the money owed back. */
  power: PowerCode;
  /** Taken first by notifications and expiry alike, so they lock in one order: the thing paid for, then the payment. */
  lock(ctx: Pick<Ctx, "db">, refId: number): Promise<void>;
  /** Marks it paid; false when it is no longer waiting (then nothing may change). */
  paid(ctx: Pick<Ctx, "db" | "now">, refId: number, payTrade: string): Promise<boolean>;
  /** Gives it up when no pay link could be had, so the member may try again at once. */
  abandon(ctx: Pick<CommandCtx, "db" | "now" | "app" | "config" | "afterCommit">, refId: number): Promise<void>;
  /**
   * Money arrived for a payment already closed (its window passed): "kept"
   * when the thing could be had after all (charged again whole, points
   * included), "owed" when the money must go back (PAY_STATE_REFUND_OWED).
   */
  paidAfterClose(ctx: Pick<Ctx, "db" | "now">, refId: number, payTrade: string): Promise<"kept" | "owed">;
  /** What each of these pays for, in both languages, by its id (one query for a page of them); an id not found is left out. */
  describe(ctx: Pick<Ctx, "db">, refIds: readonly number[]): Promise<Map<number, { zh: string; en: string }>>;
};

declare module "../context" {
  interface AppState {
    /** What a payment of each kind pays for, by the kind stored on the payment row. */
    paymentKinds: Map<string, PaymentKind>;
  }
}
