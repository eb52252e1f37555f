// Online payment. A provider creates a payment the payer completes on the
// provider's side (a page or a QR code), then tells us through a signed
// notification. Verbs only see this interface; the sandbox is the embedded
// default, WeChat Pay (wechat.ts) the real one. The order and its payment row
// commit first; only then is the provider asked.

export type CreatePayment = {
  /** Our trade number: unguessable, it is also the key of the sandbox page. */
  trade: string;
  /** In fen. */
  amount: number;
  subject: string;
  expiresAt: Date;
  /** Where this portal is reached (scheme and host), for pages and notify addresses. */
  origin: string;
  now: Date;
};

/** `payUrl` is what the member's QR code shows: a page address, or WeChat's `weixin://` code. */
export type CreatedPayment = { payUrl: string; providerTrade: string | null };

/** A verified notification: the provider says the trade was paid. */
export type PaidNotice = { trade: string; transactionId: string; amount: number };

/** Giving a payment's money back: our refund number (sent again unchanged on a retry, so it is refunded once), the amounts in fen. */
export type RefundRequest = { trade: string; refundNo: string; amount: number; total: number; reason: string; now: Date };

/**
 * Where a refund stands at the provider: done, still under way, refused or
 * failed there (with its reason, in its words), or unknown to it (the request
 * never arrived: it may be asked for again under the same number).
 */
export type RefundStatus =
  | { state: "refunded"; providerRefund: string | null }
  | { state: "processing"; providerRefund: string | null }
  | { state: "failed"; reason: string }
  | { state: "missing" };

/** A verified refund notification: the refund number, the amounts it names, and its outcome. */
export type RefundNotice = { refundNo: string; trade: string; amount: number; total: number; status: RefundStatus };

/** What a verified notification says: a payment was made, or a refund came to an end. */
export type ProviderNotice = ({ kind: "paid" } & PaidNotice) | ({ kind: "refund" } & RefundNotice);

/** The raw notification as it arrived over HTTP. */
export type IncomingNotice = { body: string; headers: Headers };

/** What the provider says of a payment when asked: paid (with what a notification would have said), still payable, or never payable again. */
export type PaymentStatus = { state: "paid"; notice: PaidNotice } | { state: "open" } | { state: "closed" };

/** A notification was applied (or had nothing left to do), refused (not genuine, not ours), or failed here (the provider should send it again). */
export type NoticeOutcome = "accepted" | "refused" | "failed";

export interface PaymentProvider {
  readonly name: string;
  /** Asks the provider for the page or QR content of a new payment; a network call, never inside a transaction. */
  create(payment: CreatePayment): Promise<CreatedPayment>;
  /** A verified notice (paid, or a refund's outcome); null when the signature, its age or the content is not right. */
  verify(notice: IncomingNotice, now: Date): Promise<ProviderNotice | null>;
  /** What the provider expects back once a notification was handled (or refused). */
  acknowledge(outcome: NoticeOutcome): Response;
  /**
   * A provider whose notifications can be lost on the way is asked instead
   * (src/domains/payment/reconcile.ts); the sandbox's never leave the process.
   */
  query?(trade: string, now: Date): Promise<PaymentStatus>;
  /** Closes a payment at the provider once its window has passed here, so nobody can pay it later. */
  close?(trade: string, now: Date): Promise<void>;
  /**
   * Asks for a payment's money back; a network call, never inside a
   * transaction. Answers what the provider said; throws when it did not
   * answer (then nobody knows, and the refund is asked about later).
   */
  refund(request: RefundRequest): Promise<RefundStatus>;
  /** Where a refund stands, asked by its number (a notification can be lost). */
  queryRefund(refundNo: string, now: Date): Promise<RefundStatus>;
}
