// E-mail. Verbs never call this: they queue a message in the outbox inside
// their transaction (src/domains/shared/messages.ts), and the delivery job
// hands it to the configured provider after the commit.
export type MailMessage = { to: string; subject: string; text: string };

export interface MailProvider {
  readonly name: string;
  /** Throws when the server refused or could not be reached; the job retries with backoff. */
  send(message: MailMessage): Promise<void>;
}

/** The embedded default: the outbox row staff read is the delivery, so there is nothing more to do. */
export const outboxMail: MailProvider = { name: "outbox", send: async () => {} };
