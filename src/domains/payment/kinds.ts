// The things a payment can pay for, by the `kind` stored on the payment row.
// The app state holds them by name (src/app-state.ts, ctx.app.paymentKinds),
// so payment never imports the domains that use it.
import type { DbOrTx } from "../../db/client";

export type PaymentKind = {
  /** Taken first by notifications and expiry alike, so they lock in one order: the thing paid for, then the payment. */
  lock(db: DbOrTx, refId: number): Promise<void>;
  /** Marks it paid; false when it is no longer waiting (then nothing may change). */
  paid(db: DbOrTx, refId: number, payTrade: string, now: Date): Promise<boolean>;
  /** Gives it up when no pay link could be had, so the member may try again at once. */
  abandon(db: DbOrTx, refId: number, now: Date): Promise<void>;
  /**
   * Money arrived for a payment already closed (its window passed): "kept"
   * when the thing could be had after all, "refund" when the money must go back.
   */
  paidAfterClose?(db: DbOrTx, refId: number, now: Date): Promise<"kept" | "refund">;
  describe(db: DbOrTx, refId: number): Promise<{ zh: string; en: string } | null>;
};
