// Tencent Cloud SMS (API 3.0, action SendSms, version 2021-01-11), the shape
// of the big Chinese gateways: an HTTPS JSON POST signed with the account's
// key pair (TC3-HMAC-SHA256, below), naming an approved signature and
// template and carrying the template's parameters, never free text. Errors
// come back with HTTP 200 as Response.Error, or per number in SendStatusSet.
import { createHash, createHmac } from "node:crypto";
import { Refusal, redact } from "../refusal";
import type { SmsMessage, SmsProvider, SmsTemplateName } from ".";

export type TencentSmsSettings = {
  secretId: string;
  secretKey: string;
  /** SmsSdkAppId: the SMS application the templates and signature belong to. */
  appId: string;
  /** The approved signature shown as 【...】 before the text. */
  signName: string;
  /** Which gateway template id each of the portal's templates is. */
  templates: Record<SmsTemplateName, string>;
  region: string;
  /** https://sms.tencentcloudapi.com; tests point it at a local fake. */
  endpoint: string;
};

const SERVICE = "sms";
const ACTION = "SendSms";
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

type Answer = {
  Response?: {
    Error?: { Code: string; Message: string };
    SendStatusSet?: { Code: string; Message: string; SerialNo?: string }[];
    RequestId?: string;
  };
};

/** `clock` is the wall clock the gateway checks the timestamp against (±5 minutes), not the portal's business time. */
export function tencentSms(settings: TencentSmsSettings, timeoutMs: number, clock: () => number = Date.now): SmsProvider {
  const url = new URL(settings.endpoint);
  return {
    name: "tencent",
    async send(message: SmsMessage) {
      if (!message.template) throw new Refusal(`message ${message.id} has no SMS template: the gateway sends approved templates only`);
      const body = JSON.stringify({
        PhoneNumberSet: [e164(message.to)],
        SmsSdkAppId: settings.appId,
        SignName: settings.signName,
        TemplateId: settings.templates[message.template.name],
        TemplateParamSet: message.template.params,
        // Carried back in the delivery receipt: the outbox row it answers.
        SessionContext: `outbox-${message.id}`,
      });
      const timestamp = Math.floor(clock() / 1000);
      const signedHeaders = { "content-type": CONTENT_TYPE, host: url.host, "x-tc-action": ACTION };
      let response: Response;
      try {
        response = await fetch(url, {
          method: "POST",
          headers: {
            Authorization: tc3Authorization({ ...settings, service: SERVICE, timestamp, headers: signedHeaders, body }),
            "Content-Type": CONTENT_TYPE,
            "X-TC-Action": ACTION,
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
      let answer: Answer;
      try {
        answer = (await response.json()) as Answer;
      } catch {
        throw new Error("Tencent SMS: an answer that is not JSON");
      }
      const error = answer.Response?.Error;
      if (error) throw refusal(error.Code, error.Message);
      const status = answer.Response?.SendStatusSet?.[0];
      if (!status) throw new Error("Tencent SMS: an answer without a send status");
      if (status.Code !== "Ok") throw refusal(status.Code, status.Message);
    },
  };
}
