// Online payment. A provider creates a payment the payer completes on the
// provider's side (a page or a QR code), then tells us through a signed
// notification. Verbs only see this interface; the sandbox is the embedded
// default, a WeChat Pay adapter comes later behind the same interface. The
// order and its payment row commit first; only then is the provider asked.

export type CreatePayment = {
  /** Our trade number: unguessable, it is also the key of the sandbox page. */
  trade: string;
  /** In fen. */
  amount: number;
  subject: string;
  expiresAt: Date;
  /** Where this portal is reached (scheme and host), for pages and notify addresses. */
  origin: string;
};

export type CreatedPayment = { payUrl: string; providerTrade: string | null };

/** A verified notification: the provider says the trade was paid. */
export type PaidNotice = { trade: string; transactionId: string; amount: number };

/** The raw notification as it arrived over HTTP. */
export type IncomingNotice = { body: string; headers: Headers };

export interface PaymentProvider {
  readonly name: string;
  /** Asks the provider for the page or QR content of a new payment; a network call, never inside a transaction. */
  create(payment: CreatePayment): Promise<CreatedPayment>;
  /** A verified, paid notice; null when the signature or the content is not right. */
  verify(notice: IncomingNotice): Promise<PaidNotice | null>;
  /** What the provider expects back once a notification was handled (or refused). */
  acknowledge(accepted: boolean): Response;
}
