// Tencent Cloud SMS (API 3.0, action SendSms, version 2021-01-11), the shape
// of the big Chinese gateways: an HTTPS JSON POST signed with the account's
// key pair (TC3-HMAC-SHA256, below), naming an approved signature and
// template and carrying the template's parameters, never free text. Errors
// come back with HTTP 200 as Response.Error, or per number in SendStatusSet.
// Bulk SMS reads the offered templates and signs by their ids
// (DescribeSmsTemplateList, DescribeSmsSignList) and sends a task's numbers
// in one SendSms of up to 200 numbers, the template without parameters, and
// reads a number's delivery reports back (PullSmsSendStatusByPhoneNumber) to
// settle numbers whose send never answered (docs/decisions.md 108).
import { createHash, createHmac } from "node:crypto";
import { AUDIT_STATE } from "../../protocol/enumerations";
import { Refusal, redact } from "../refusal";
import { type BulkOutcome, bulkSession, type DeliveryReport, type SmsCatalogue, type SmsMessage, type SmsProvider, type SmsTemplateName, UnknownOutcome } from ".";

/** A gateway id the operator offers for bulk SMS, and its place in the list (null: listed, not offered). */
export type OfferedId = { id: string; order: number | null };

export type TencentSmsSettings = {
  secretId: string;
  secretKey: string;
  /** SmsSdkAppId: the SMS application the templates and signature belong to. */
  appId: string;
  /** The approved signature shown as 【...】 before the text. */
  signName: string;
  /** Which gateway template id each of the portal's templates is. */
  templates: Partial<Record<SmsTemplateName, string>>;
  region: string;
  /** The templates bulk SMS offers (SMS_BULK_TEMPLATES): the gateway has no order of its own. */
  bulkTemplates: OfferedId[];
  /** The signs bulk SMS offers (SMS_BULK_SIGNS), by the gateway's SignId. */
  bulkSigns: OfferedId[];
  /** https://sms.tencentcloudapi.com; tests point it at a local fake. */
  endpoint: string;
};

const SERVICE = "sms";
const VERSION = "2021-01-11";
const CONTENT_TYPE = "application/json; charset=utf-8";

const sha256Hex = (data: string) => createHash("sha256").update(data, "utf8").digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data, "utf8").digest();

/**
 * The Authorization header of Tencent Cloud API 3.0 (signature v3): a
 * canonical request of method, path "/", empty query, the signed headers
 * (names and values lowercased, sorted, each "name:value\n") and the body's
 * SHA-256; signed with a key derived from the secret through the request's
 * UTC date, the service and "tc3_request".
 */
export function tc3Authorization(input: {
  secretId: string;
  secretKey: string;
  service: string;
  /** Seconds since the epoch: the X-TC-Timestamp header. */
  timestamp: number;
  /** The headers to sign, as sent; content-type and host at least. */
  headers: Record<string, string>;
  body: string;
}): string {
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const signed = Object.entries(input.headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().toLowerCase()] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const signedHeaders = signed.map(([name]) => name).join(";");
  const canonicalRequest = ["POST", "/", "", signed.map(([name, value]) => `${name}:${value}\n`).join(""), signedHeaders, sha256Hex(input.body)].join("\n");
  const scope = `${date}/${input.service}/tc3_request`;
  const stringToSign = ["TC3-HMAC-SHA256", String(input.timestamp), scope, sha256Hex(canonicalRequest)].join("\n");
  const key = hmac(hmac(hmac(`TC3${input.secretKey}`, date), input.service), "tc3_request");
  const signature = createHmac("sha256", key).update(stringToSign, "utf8").digest("hex");
  return `TC3-HMAC-SHA256 Credential=${input.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

/** Answers worth another try: the gateway's rate limits, its own faults, a balance an operator can top up. */
const TEMPORARY = /^(LimitExceeded|RequestLimitExceeded|InternalError|ServiceUnavailable|FailedOperation\.InsufficientBalanceInSmsPackage)/;

const refusal = (code: string, text: string) => {
  const reason = redact(`Tencent SMS: ${code} ${text}`.trim());
  return TEMPORARY.test(code) ? new Error(reason) : new Refusal(reason);
};

/** The gateway wants E.164; the portal keeps mainland numbers as typed (11 digits). */
const e164 = (phone: string) => (phone.startsWith("+") ? phone : `+86${phone}`);

type Status = { Code: string; Message: string; PhoneNumber?: string; SerialNo?: string };
type Answer = {
  Response?: {
    Error?: { Code: string; Message: string };
    SendStatusSet?: Status[];
    DescribeTemplateStatusSet?: { TemplateId: number; StatusCode: number; TemplateName: string; CreateTime: number; TemplateContent?: string }[];
    DescribeSignListStatusSet?: { SignId: number; StatusCode: number; SignName: string; CreateTime: number }[];
    PullSmsSendStatusSet?: { PhoneNumber?: string; SerialNo?: string; ReportStatus?: string; Description?: string; UserReceiveTime?: number; SessionContext?: string }[];
    RequestId?: string;
  };
};

/** The most reports one PullSmsSendStatusByPhoneNumber answers (its Limit; Offset is fixed at 0). */
const REPORTS_LIMIT = 100;

/** The gateway's review state (0 approved, 1 under review, -1 rejected) as the type table's. */
const auditState = (code: number) => (code === 0 ? AUDIT_STATE.AUDIT_STATE_PASS : code === 1 ? AUDIT_STATE.AUDIT_STATE_WAIT : AUDIT_STATE.AUDIT_STATE_REJECT);

/** `clock` is the wall clock the gateway checks the timestamp against (±5 minutes), not the portal's business time. */
export function tencentSms(settings: TencentSmsSettings, timeoutMs: number, clock: () => number = Date.now): SmsProvider {
  const url = new URL(settings.endpoint);

  /**
   * One signed call. Throws a Refusal for an HTTP 4xx, a plain Error when
   * there was no usable answer (unreachable, timeout, 429, 5xx, not JSON);
   * the answer's Response.Error is the caller's to read.
   */
  async function call(action: string, payload: object): Promise<NonNullable<Answer["Response"]>> {
    const body = JSON.stringify(payload);
    const timestamp = Math.floor(clock() / 1000);
    const signedHeaders = { "content-type": CONTENT_TYPE, host: url.host, "x-tc-action": action };
    let response: Response;
    try {
      response = await fetch(url, {
        method: "POST",
        headers: {
          Authorization: tc3Authorization({ ...settings, service: SERVICE, timestamp, headers: signedHeaders, body }),
          "Content-Type": CONTENT_TYPE,
          "X-TC-Action": action,
          "X-TC-Version": VERSION,
          "X-TC-Timestamp": String(timestamp),
          "X-TC-Region": settings.region,
        },
        body,
        // A gateway that hangs must let go of the socket, not only of the try.
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const e = error as Error;
      throw new Error(redact(e.name === "TimeoutError" ? `Tencent SMS: no answer within ${timeoutMs} ms` : `Tencent SMS unreachable: ${e.message}`));
    }
    if (response.status === 429 || response.status >= 500) throw new Error(`Tencent SMS: HTTP ${response.status}`);
    if (response.status !== 200) throw new Refusal(`Tencent SMS: HTTP ${response.status}`);
    try {
      return ((await response.json()) as Answer).Response ?? {};
    } catch {
      throw new Error("Tencent SMS: an answer that is not JSON");
    }
  }

  /** A list call: its answer, or an Error naming the gateway's refusal. */
  async function list(action: string, payload: object) {
    const answer = await call(action, payload);
    if (answer.Error) throw new Error(redact(`Tencent SMS ${action}: ${answer.Error.Code} ${answer.Error.Message}`));
    return answer;
  }

  const ids = (offered: OfferedId[]) => offered.map((o) => Number(o.id));
  const orderOf = (offered: OfferedId[], id: number) => offered.find((o) => o.id === String(id))?.order ?? null;

  return {
    name: "tencent",
    async send(message: SmsMessage) {
      if (!message.template) throw new Refusal(`message ${message.id} has no SMS template: the gateway sends approved templates only`);
      const templateId = settings.templates[message.template.name];
      if (!templateId) throw new Refusal(`message ${message.id}: the template "${message.template.name}" is not in SMS_TEMPLATES`);
      const answer = await call("SendSms", {
        PhoneNumberSet: [e164(message.to)],
        SmsSdkAppId: settings.appId,
        SignName: settings.signName,
        TemplateId: templateId,
        TemplateParamSet: message.template.params,
        // Carried back in the delivery receipt: the outbox row it answers.
        SessionContext: `outbox-${message.id}`,
      });
      if (answer.Error) throw refusal(answer.Error.Code, answer.Error.Message);
      const status = answer.SendStatusSet?.[0];
      if (!status) throw new Error("Tencent SMS: an answer without a send status");
      if (status.Code !== "Ok") throw refusal(status.Code, status.Message);
    },

    async catalogue(): Promise<SmsCatalogue> {
      const templates = settings.bulkTemplates.length
        ? ((await list("DescribeSmsTemplateList", { TemplateIdSet: ids(settings.bulkTemplates), International: 0 })).DescribeTemplateStatusSet ?? [])
        : [];
      const signs = settings.bulkSigns.length ? ((await list("DescribeSmsSignList", { SignIdSet: ids(settings.bulkSigns), International: 0 })).DescribeSignListStatusSet ?? []) : [];
      return {
        templates: templates.map((t) => ({
          code: String(t.TemplateId),
          name: t.TemplateName,
          content: t.TemplateContent ?? "",
          status: auditState(t.StatusCode),
          date: t.CreateTime ? new Date(t.CreateTime * 1000) : null,
          order: orderOf(settings.bulkTemplates, t.TemplateId),
        })),
        signs: signs.map((s) => ({ sign: s.SignName, status: auditState(s.StatusCode), order: orderOf(settings.bulkSigns, s.SignId) })),
      };
    },

    async sendBulk(message) {
      const all = (outcome: BulkOutcome["outcome"], reason: string) => message.phones.map((phone) => ({ phone, outcome, reason }));
      let answer;
      try {
        answer = await call("SendSms", {
          PhoneNumberSet: message.phones.map(e164),
          SmsSdkAppId: settings.appId,
          SignName: message.sign,
          TemplateId: message.code,
          TemplateParamSet: [],
          SessionContext: bulkSession(message.task),
        });
      } catch (error) {
        if (error instanceof Refusal) return all("failed", error.message);
        // Refused before it was read: nothing was sent.
        if (/HTTP 429$/.test((error as Error).message)) return all("again", (error as Error).message);
        throw new UnknownOutcome((error as Error).message);
      }
      // A refusal of the whole request: nothing was sent.
      if (answer.Error) return all(TEMPORARY.test(answer.Error.Code) ? "again" : "failed", redact(`${answer.Error.Code} ${answer.Error.Message}`));
      const byPhone = new Map((answer.SendStatusSet ?? []).map((s) => [s.PhoneNumber, s]));
      return message.phones.map((phone): BulkOutcome => {
        const status = byPhone.get(e164(phone));
        if (!status) return { phone, outcome: "failed", reason: "no status for this number in the answer" };
        if (status.Code === "Ok") return { phone, outcome: "sent", reason: null };
        return { phone, outcome: TEMPORARY.test(status.Code) ? "again" : "failed", reason: redact(`${status.Code} ${status.Message}`) };
      });
    },

    async deliveryReports({ phone, from, to }): Promise<DeliveryReport[]> {
      const answer = await list("PullSmsSendStatusByPhoneNumber", {
        BeginTime: Math.floor(from.getTime() / 1000),
        EndTime: Math.ceil(to.getTime() / 1000),
        Offset: 0,
        Limit: REPORTS_LIMIT,
        PhoneNumber: e164(phone),
        SmsSdkAppId: settings.appId,
      });
      return (answer.PullSmsSendStatusSet ?? [])
        .filter((r) => r.PhoneNumber === e164(phone) && (r.ReportStatus === "SUCCESS" || r.ReportStatus === "FAIL"))
        .map((r) => ({
          phone,
          session: r.SessionContext ?? "",
          delivered: r.ReportStatus === "SUCCESS",
          description: redact(String(r.Description ?? "")).slice(0, 200),
          receivedAt: typeof r.UserReceiveTime === "number" && r.UserReceiveTime > 0 ? new Date(r.UserReceiveTime * 1000) : null,
        }));
    },
  };
}
