// E-mail. A real SMTP adapter implements MailProvider and is returned by a
// factory like `outboxMail`; verbs only see the interface.
import { type SendScope, writeOutbox } from "../outbox";

export type MailMessage = { to: string; subject: string; text: string };

export interface MailProvider {
  send(message: MailMessage): Promise<void>;
}

/** Made per send with the caller's transaction, so nothing leaves when it rolls back. */
export type MailProviderFactory = (scope: SendScope) => MailProvider;

/** The embedded default: the message lands in the outbox table, readable by staff. */
export const outboxMail: MailProviderFactory = (scope) => ({
  send: ({ to, subject, text }) => writeOutbox(scope, { channel: "mail", to, subject, text }),
});
