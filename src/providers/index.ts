// The outside services, chosen once at start. Verbs only use payment
// (after their commit) and storage (through the kit); SMS and mail are
// used by the delivery job alone.
import { join } from "node:path";
import type { Config } from "../config";
import { type MailProvider, outboxMail } from "./mail";
import { smtpMail } from "./mail/smtp";
import type { PaymentProvider } from "./payment";
import { sandboxProvider } from "./payment/sandbox";
import { wechatPayProvider } from "./payment/wechat";
import { type SmsProvider, outboxSms } from "./sms";
import { tencentSms } from "./sms/tencent";
import { type StorageProvider, localStorage } from "./storage";
import { s3Storage } from "./storage/s3";

export type Providers = {
  sms: SmsProvider;
  mail: MailProvider;
  payment: PaymentProvider;
  storage: StorageProvider;
};

/**
 * The providers the settings name. Unset, each needs no outside service:
 * messages stay in the outbox, payments go through the sandbox, files in
 * DATA_DIR.
 */
export const configuredProviders = (config: Config): Providers => ({
  sms: config.sms.provider === "tencent" ? tencentSms(config.sms, config.messageTimeoutMs) : outboxSms(config.sms.catalogue),
  mail: config.smtp ? smtpMail(config.smtp, config.messageTimeoutMs) : outboxMail,
  payment: config.payment.wechat ? wechatPayProvider(config.payment.wechat, config.payment.timeoutMs) : sandboxProvider(config),
  storage: config.storage.s3 ? s3Storage(config.storage.s3) : localStorage(join(config.dataDir, "files")),
});

export type { MailAttachment, MailMessage, MailProvider } from "./mail";
export type { SmsMessage, SmsProvider, SmsTemplate } from "./sms";
export type { StorageProvider } from "./storage";
