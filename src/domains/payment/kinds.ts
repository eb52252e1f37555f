// The things a payment can pay for, by the `kind` stored on the payment row.
// Registration orders join here in the activities issue.
import type { DbOrTx } from "../../db/client";
import { duesPayment } from "../membership/dues-payment";

export type PaymentKind = {
  lock(db: DbOrTx, refId: number): Promise<void>;
  paid(db: DbOrTx, refId: number, payTrade: string, now: Date): Promise<boolean>;
  describe(db: DbOrTx, refId: number): Promise<{ zh: string; en: string } | null>;
};

export const PAYMENT_KINDS: Record<string, PaymentKind> = { dues: duesPayment };
