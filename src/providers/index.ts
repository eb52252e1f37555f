// The outside services, chosen once at start. Verbs only use payment
// (after their commit) and storage (through the kit); SMS and mail are
// used by the delivery job alone.
import { join } from "node:path";
import type { Config } from "../config";
import { type MailProvider, outboxMail } from "./mail";
import type { PaymentProvider } from "./payment";
import { sandboxProvider } from "./payment/sandbox";
import { wechatPayProvider } from "./payment/wechat";
import { type SmsProvider, outboxSms } from "./sms";
import { type StorageProvider, localStorage } from "./storage";

export type Providers = {
  sms: SmsProvider;
  mail: MailProvider;
  payment: PaymentProvider;
  storage: StorageProvider;
};

/** Needs no outside service: messages stay in the outbox, payments go through the sandbox, files in DATA_DIR. */
export const embeddedProviders = (config: Config): Providers => ({
  sms: outboxSms,
  mail: outboxMail,
  payment: sandboxProvider(config),
  storage: localStorage(join(config.dataDir, "files")),
});

/** The real services the settings name, in place of the embedded ones. */
export const configuredProviders = (config: Config): Partial<Providers> => ({
  ...(config.payment.wechat ? { payment: wechatPayProvider(config.payment.wechat, config.payment.timeoutMs) } : {}),
});

/** The providers the app was given, else those the settings name, else the embedded ones. */
export const providersOf = (deps: { config: Config; providers?: Partial<Providers> }): Providers => ({
  ...embeddedProviders(deps.config),
  ...configuredProviders(deps.config),
  ...deps.providers,
});

export type { MailMessage, MailProvider } from "./mail";
export type { SmsMessage, SmsProvider } from "./sms";
export type { StorageProvider } from "./storage";
