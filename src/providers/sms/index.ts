// Text messages to a phone. Verbs never call this: they queue a message in
// the outbox inside their transaction (src/domains/shared/messages.ts), and
// the delivery job hands it to the configured provider after the commit.
export type SmsMessage = { to: string; text: string };

export interface SmsProvider {
  readonly name: string;
  /** Throws when the gateway refused or could not be reached; the job retries with backoff. */
  send(message: SmsMessage): Promise<void>;
}

/** The embedded default: the outbox row staff read is the delivery, so there is nothing more to do. */
export const outboxSms: SmsProvider = { name: "outbox", send: async () => {} };
