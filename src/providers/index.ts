// The outside services a verb may use, chosen once at start. SMS and mail
// are factories taking the verb's transaction scope:
// `ctx.providers.sms(ctx).send(...)`; payment is one provider for the process.
import type { Config } from "../config";
import { type MailProviderFactory, outboxMail } from "./mail";
import type { PaymentProvider } from "./payment";
import { sandboxProvider } from "./payment/sandbox";
import { type SmsProviderFactory, outboxSms } from "./sms";

export type Providers = {
  sms: SmsProviderFactory;
  mail: MailProviderFactory;
  payment: PaymentProvider;
};

/** Needs no outside service: both channels write to the outbox table, payments go through the sandbox. */
export const embeddedProviders = (config: Config): Providers => ({ sms: outboxSms, mail: outboxMail, payment: sandboxProvider(config) });

/** The providers the app was given, else the embedded ones. */
export const providersOf = (deps: { config: Config; providers?: Providers }): Providers => deps.providers ?? embeddedProviders(deps.config);

export type { SendScope } from "./outbox";
export type { MailMessage, MailProvider } from "./mail";
export type { SmsMessage, SmsProvider } from "./sms";
