// Text messages to a phone. Verbs never call this: they queue a message in
// the outbox inside their transaction (src/domains/shared/messages.ts), and
// the delivery job hands it to the configured provider after the commit.

/**
 * The texts the portal sends by SMS, each with its parameters in order. The
 * big Chinese gateways send only templates approved beforehand: the operator
 * registers each one there (its text with {1}, {2}, ... in this order) and
 * maps the name to the gateway's template id (SMS_TEMPLATES).
 */
export const SMS_TEMPLATES = {
  /** 您的验证码是{1}，{2}分钟内有效。 / Your verification code is {1}, valid for {2} minutes. */
  code: ["code", "minutes"],
} as const;

export type SmsTemplateName = keyof typeof SMS_TEMPLATES;
/** Which template a message is, and its parameters in the template's order; kept on the outbox row. */
export type SmsTemplate = { name: SmsTemplateName; params: string[] };

/** `id` is the outbox row's: a gateway may carry it back, and logs name it. */
export type SmsMessage = { id: number; to: string; text: string; template: SmsTemplate | null };

export interface SmsProvider {
  readonly name: string;
  /**
   * Throws when the gateway refused or could not be reached: a Refusal
   * (src/providers/refusal.ts) when trying again cannot help, anything else
   * is retried by the job with backoff.
   */
  send(message: SmsMessage): Promise<void>;
}

/** The embedded default: the outbox row staff read is the delivery, so there is nothing more to do. */
export const outboxSms: SmsProvider = { name: "outbox", send: async () => {} };
