// Text messages to a phone. Verbs never call this: they queue a message in
// the outbox inside their transaction (src/domains/shared/messages.ts), and
// the delivery job hands it to the configured provider after the commit.
// Bulk SMS (spec 3, FUNCTION_MEMBER_EDIT) lists the account's templates and
// signs, and sends a task's numbers a batch at a time from the same job.
import { AUDIT_STATE } from "../../protocol/enumerations";

const { AUDIT_STATE_PASS } = AUDIT_STATE;

/**
 * The texts the portal sends by SMS, each with its parameters in order. The
 * big Chinese gateways send only templates approved beforehand: the operator
 * registers each one there (its text with {1}, {2}, ... in this order) and
 * maps the name to the gateway's template id (SMS_TEMPLATES).
 */
export const SMS_TEMPLATES = {
  /** 您的验证码是{1}，{2}分钟内有效。 / Your verification code is {1}, valid for {2} minutes. */
  code: ["code", "minutes"],
  /** 候补名额：{1}为您保留至{2}（北京时间），请登录工会会员平台报名。 / A place in {1} is held for you until {2} (China time): sign in to the union portal to sign up. */
  waitlistOffer: ["activity", "until"],
  /** 【提醒】{1}：{2}（北京时间）。 / Reminder: {1}, {2} (China time). What each reminder is about and its moment (issue 32, decision 139). */
  reminder: ["subject", "when"],
} as const;

/** The templates a gateway must have (SMS_TEMPLATES); the others are sent only where the operator registered them. */
export const REQUIRED_SMS_TEMPLATES: readonly SmsTemplateName[] = ["code"];

export type SmsTemplateName = keyof typeof SMS_TEMPLATES;
/** Which template a message is, and its parameters in the template's order; kept on the outbox row. */
export type SmsTemplate = { name: SmsTemplateName; params: string[] };

/** `id` is the outbox row's: a gateway may carry it back, and logs name it. */
export type SmsMessage = { id: number; to: string; text: string; template: SmsTemplate | null };

/**
 * A template of the account, as the bulk SMS dialog lists it (spec 3 section 3
 * "SMS template"): `status` an AUDIT_STATE id; `order` the place the operator
 * gave it, null when it is not offered (spec 3 section 2.4: hidden).
 */
export type SmsTemplateInfo = { code: string; name: string; content: string; status: number; date: Date | null; order: number | null };
/** A sign (spec 3 section 3 "SMS sign"): offered only approved and with an order. */
export type SmsSignInfo = { sign: string; status: number; order: number | null };
/** The templates and signs an account has: the embedded default keeps them in the settings (SMS_CATALOGUE). */
export type SmsCatalogue = { templates: SmsTemplateInfo[]; signs: SmsSignInfo[] };

/** One gateway request of a bulk task: the same sign and template (without parameters) to these numbers. */
export type BulkSms = { task: number; phones: string[]; sign: string; code: string };
/**
 * Each number's outcome as the gateway answered it: sent; refused (trying
 * again cannot help); or not sent and safe to try again (a rate limit).
 */
export type BulkOutcome = { phone: string; outcome: "sent" | "failed" | "again"; reason: string | null };

/** Thrown by sendBulk when the gateway may have sent some numbers and did not say which (no answer, a 5xx). */
export class UnknownOutcome extends Error {
  override name = "UnknownOutcome";
}

/**
 * What the gateway learnt from the operator about one message (a delivery
 * report): delivered to the handset or not, with the SessionContext the send
 * carried (the portal's name for the message) and the gateway's text.
 */
export type DeliveryReport = { phone: string; session: string; delivered: boolean; description: string; receivedAt: Date | null };

/** The SessionContext a bulk task's send carries and its delivery reports carry back: with the number, it names the message. */
export const bulkSession = (task: number) => `sms-task-${task}`;

/** The most numbers one SendSms request carries (Tencent Cloud: 200). */
export const BULK_BATCH = 200;

export interface SmsProvider {
  readonly name: string;
  /** The account's templates and signs (bulk SMS). Throws when the gateway cannot be read. */
  catalogue(): Promise<SmsCatalogue>;
  /**
   * A bulk task's numbers, at most BULK_BATCH. Resolves with every number's
   * outcome when the gateway answered (a refusal of the whole request is
   * every number's); throws UnknownOutcome when it may have sent without saying.
   */
  sendBulk(message: BulkSms): Promise<BulkOutcome[]>;
  /**
   * The delivery reports of one number (11 digits, as kept) received between
   * `from` and `to`; throws when the gateway cannot be read. Absent where the
   * provider has none (the embedded outbox, whose outcome is never unknown
   * but for a claim that outlived its instance).
   */
  deliveryReports?(query: { phone: string; from: Date; to: Date }): Promise<DeliveryReport[]>;
  /**
   * Throws when the gateway refused or could not be reached: a Refusal
   * (src/providers/refusal.ts) when trying again cannot help, anything else
   * is retried by the job with backoff.
   */
  send(message: SmsMessage): Promise<void>;
}

/**
 * The embedded default: the outbox row staff read is the delivery, so there
 * is nothing more to do. For bulk SMS it keeps a small approved set from the
 * settings, and refuses what a gateway would: a sign or template not in it,
 * not approved, or not offered.
 */
export function outboxSms(catalogue: SmsCatalogue): SmsProvider {
  return {
    name: "outbox",
    send: async () => {},
    catalogue: async () => catalogue,
    async sendBulk(message) {
      const approved = (x: { status: number; order: number | null } | undefined) => x && x.status === AUDIT_STATE_PASS && x.order !== null;
      const reason = !approved(catalogue.signs.find((s) => s.sign === message.sign))
        ? "the sign is not approved"
        : !approved(catalogue.templates.find((t) => t.code === message.code))
          ? "the template is not approved"
          : null;
      return message.phones.map((phone) => ({ phone, outcome: reason ? "failed" : "sent", reason }));
    },
  };
}


/** The embedded default's set when SMS_CATALOGUE is not given: a notice and a reminder, under the union's sign. */
export const DEFAULT_SMS_CATALOGUE: SmsCatalogue = {
  templates: [
    { code: "1000001", name: "活动通知", content: "您好，工会近期有新的会员活动，请登录工会会员平台查看详情并报名。", status: AUDIT_STATE_PASS, date: new Date("2026-01-05T02:00:00Z"), order: 1 },
    { code: "1000002", name: "会费提醒", content: "您好，本年度工会会费尚未缴纳，请登录工会会员平台完成缴纳。如已缴纳请忽略本短信。", status: AUDIT_STATE_PASS, date: new Date("2026-01-05T02:10:00Z"), order: 2 },
    { code: "1000003", name: "激活提醒", content: "您好，您的工会会员账号尚未激活，请使用工号登录工会会员平台完成激活。", status: AUDIT_STATE_PASS, date: new Date("2026-01-05T02:20:00Z"), order: 3 },
  ],
  signs: [{ sign: "公司工会", status: AUDIT_STATE_PASS, order: 1 }],
};
