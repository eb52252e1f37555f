// Text messages to a phone. A real gateway adapter implements SmsProvider and
// is returned by a factory like `outboxSms`; verbs only see the interface.
import { type SendScope, writeOutbox } from "../outbox";

export type SmsMessage = { to: string; text: string };

export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

/** Made per send with the caller's transaction, so nothing leaves when it rolls back. */
export type SmsProviderFactory = (scope: SendScope) => SmsProvider;

/** The embedded default: the message lands in the outbox table, readable by staff. */
export const outboxSms: SmsProviderFactory = (scope) => ({
  send: ({ to, text }) => writeOutbox(scope, { channel: "sms", to, subject: null, text }),
});
