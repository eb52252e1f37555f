// The outside services, chosen once at start. Verbs only use payment
// (after their commit) and storage (through the kit); SMS and mail are
// used by the delivery job alone.
import { join } from "node:path";
import type { Config } from "../config";
import { type MailProvider, outboxMail } from "./mail";
import type { PaymentProvider } from "./payment";
import { sandboxProvider } from "./payment/sandbox";
import { type SmsProvider, outboxSms } from "./sms";
import { type StorageProvider, localStorage } from "./storage";
import { s3Storage } from "./storage/s3";

export type Providers = {
  sms: SmsProvider;
  mail: MailProvider;
  payment: PaymentProvider;
  storage: StorageProvider;
};

/** As the settings choose; unset, nothing outside is needed: messages stay in the outbox, payments go through the sandbox, files in DATA_DIR. */
export const embeddedProviders = (config: Config): Providers => ({
  sms: outboxSms,
  mail: outboxMail,
  payment: sandboxProvider(config),
  storage: config.storage.s3 ? s3Storage(config.storage.s3) : localStorage(join(config.dataDir, "files")),
});

/** The providers the app was given (any left out are the embedded ones). */
export const providersOf = (deps: { config: Config; providers?: Partial<Providers> }): Providers => ({ ...embeddedProviders(deps.config), ...deps.providers });

export type { MailMessage, MailProvider } from "./mail";
export type { SmsMessage, SmsProvider } from "./sms";
export type { StorageProvider } from "./storage";
