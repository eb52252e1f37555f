// E-mail. Verbs never call this: they queue a message in the outbox inside
// their transaction (src/domains/shared/messages.ts), and the delivery job
// hands it to the configured provider after the commit.

/** A file a queued mail carries: kept by the storage provider, named and typed as the receiver sees it. */
export type MailAttachment = { key: string; name: string; type: string };

/** `id` is the outbox row's: it names the message in logs and in its Message-ID. */
export type MailMessage = {
  id: number;
  to: string;
  subject: string;
  text: string;
  /** The attachment's bytes, read from storage by the delivery job. */
  attachments?: { filename: string; content: Uint8Array; contentType: string }[];
};

export interface MailProvider {
  readonly name: string;
  /**
   * Throws when the server refused or could not be reached: a Refusal
   * (src/providers/refusal.ts) for a permanent answer (5xx), anything else
   * is retried by the job with backoff.
   */
  send(message: MailMessage): Promise<void>;
}

/** The embedded default: the outbox row staff read is the delivery (its attachment downloadable there), so there is nothing more to do. */
export const outboxMail: MailProvider = { name: "outbox", send: async () => {} };
