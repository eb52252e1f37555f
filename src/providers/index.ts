// The outside services a verb may use, chosen once at start. Each is a
// factory taking the verb's transaction scope: `ctx.providers.sms(ctx).send(...)`.
import { type MailProviderFactory, outboxMail } from "./mail";
import { type SmsProviderFactory, outboxSms } from "./sms";

export type Providers = {
  sms: SmsProviderFactory;
  mail: MailProviderFactory;
};

/** Needs no outside service: both channels write to the outbox table. */
export const embeddedProviders: Providers = { sms: outboxSms, mail: outboxMail };

export type { SendScope } from "./outbox";
export type { MailMessage, MailProvider } from "./mail";
export type { SmsMessage, SmsProvider } from "./sms";
