// A local Tencent Cloud SMS gateway (SendSms, API 3.0) for the SMS
// provider's tests. It checks a request as the real one does, with its own
// reading of the documented TC3-HMAC-SHA256 (not the portal's code): the
// key, the timestamp within 5 minutes, the UTC date and service in the scope,
// the signature over the headers the request says it signed; then the
// application, signature name, template (approved, right number of
// parameters) and number. It answers in the real shapes: Response.Error,
// or a SendStatusSet per number; and can rate-limit, fail (502) or hang.
// For bulk SMS it also lists templates and signs by id
// (DescribeSmsTemplateList, DescribeSmsSignList) from its own account, and
// sends only an approved sign with an approved template. Each number it
// sends gets a delivery report (SUCCESS, or FAIL for a number marked
// undeliverable, none for one marked reportless), read back by
// PullSmsSendStatusByPhoneNumber for a number and a time window; mode "hold"
// sends and reports but never answers the SendSms (a caller that died in the
// middle of the request).
import { createHash, createHmac, randomUUID } from "node:crypto";
import { passSlowness, type Slowness } from "./mail-server";

export type GatewayMode = "ok" | "limit" | "down" | "hang" | "hold";
/** A delivery report as PullSmsSendStatusByPhoneNumber answers it (API 2021-01-11). */
export type GatewayReport = {
  UserReceiveTime: number;
  CountryCode: string;
  SubscriberNumber: string;
  PhoneNumber: string;
  SerialNo: string;
  ReportStatus: "SUCCESS" | "FAIL";
  Description: string;
  SessionContext: string;
};
export type SentSms = { phone: string; templateId: string; params: string[]; signName: string; session: string };

export const GATEWAY_ACCOUNT = { secretId: "AKIDunionportaltest01", secretKey: "union-portal-test-secret-key-01", appId: "1400123456", signName: "工会" };

/** The account's bulk templates and signs; StatusCode 0 approved, 1 under review, -1 rejected (as the gateway answers). */
export type GatewayTemplate = { TemplateId: number; TemplateName: string; TemplateContent: string; StatusCode: number; CreateTime: number };
export type GatewaySign = { SignId: number; SignName: string; StatusCode: number; CreateTime: number };
export const GATEWAY_CATALOGUE: { templates: GatewayTemplate[]; signs: GatewaySign[] } = {
  templates: [
    { TemplateId: 2000101, TemplateName: "活动通知", TemplateContent: "工会近期有新的会员活动，请登录会员平台查看并报名。", StatusCode: 0, CreateTime: 1767600000 },
    { TemplateId: 2000102, TemplateName: "会费提醒", TemplateContent: "本年度会费尚未缴纳，请登录会员平台缴纳。", StatusCode: 0, CreateTime: 1767603600 },
    { TemplateId: 2000103, TemplateName: "未排序模板", TemplateContent: "不在列表中。", StatusCode: 0, CreateTime: 1767607200 },
    { TemplateId: 2000104, TemplateName: "审核中模板", TemplateContent: "审核中。", StatusCode: 1, CreateTime: 1767610800 },
  ],
  signs: [
    { SignId: 3001, SignName: "工会", StatusCode: 0, CreateTime: 1767600000 },
    { SignId: 3002, SignName: "工会活动", StatusCode: 0, CreateTime: 1767600000 },
    { SignId: 3003, SignName: "审核中签名", StatusCode: 1, CreateTime: 1767600000 },
    { SignId: 3004, SignName: "未排序签名", StatusCode: 0, CreateTime: 1767600000 },
  ],
};
/** The gateway settings that offer the catalogue above: 2000103 and 3004 listed without an order. */
export const GATEWAY_BULK_ENV = { SMS_BULK_TEMPLATES: "2000102:2,2000101:1,2000103,2000104:3", SMS_BULK_SIGNS: "3002:2,3001:1,3003:3,3004" };

const hex = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();
const sha = (data: string) => createHash("sha256").update(data).digest("hex");

export function startSmsGateway(templates: Record<string, number> = { "2000001": 2 }) {
  let mode: GatewayMode = "ok";
  let slowness: Slowness | null = null;
  const catalogue = structuredClone(GATEWAY_CATALOGUE);
  // The approved bulk templates take no parameters.
  const approved = new Map([...Object.entries(templates), ...catalogue.templates.filter((t) => t.StatusCode === 0).map((t) => [String(t.TemplateId), 0] as const)]);
  const approvedSign = (name: string) => name === GATEWAY_ACCOUNT.signName || catalogue.signs.some((s) => s.SignName === name && s.StatusCode === 0);
  const calls: string[] = [];
  const sent: SentSms[] = [];
  const hanging: (() => void)[] = [];
  const requestId = () => randomUUID();
  const reports: GatewayReport[] = [];
  /** Numbers (E.164) the operator reports not delivered, and numbers it never reports on. */
  const undeliverable = new Set<string>();
  const reportless = new Set<string>();
  /** The time a report says the handset received the message: the portal's test clock where a test sets one. */
  let reportClock = () => Date.now();
  const error = (Code: string, Message: string) => Response.json({ Response: { Error: { Code, Message }, RequestId: requestId() } });

  function checkSignature(request: Request, body: string): Response | null {
    const auth = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(request.headers.get("authorization") ?? "");
    if (!auth) return error("AuthFailure.InvalidAuthorization", "Authorization is invalid");
    const [, secretId, date, service, signedHeaders, signature] = auth;
    if (secretId !== GATEWAY_ACCOUNT.secretId) return error("AuthFailure.SecretIdNotFound", "The SecretId is not found");
    const timestamp = Number(request.headers.get("x-tc-timestamp"));
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) return error("AuthFailure.SignatureExpire", "Signature expired");
    const names = signedHeaders!.split(";");
    if (!names.includes("content-type") || !names.includes("host")) return error("AuthFailure.SignatureFailure", "content-type and host must be signed");
    if (date !== new Date(timestamp * 1000).toISOString().slice(0, 10) || service !== "sms") return error("AuthFailure.SignatureFailure", "The credential scope is wrong");
    const canonicalHeaders = names.map((name) => `${name}:${(request.headers.get(name) ?? "").trim().toLowerCase()}\n`).join("");
    const canonical = `POST\n/\n\n${canonicalHeaders}\n${signedHeaders}\n${sha(body)}`;
    const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/${service}/tc3_request\n${sha(canonical)}`;
    const key = hex(hex(hex("TC3" + GATEWAY_ACCOUNT.secretKey, date!), service!), "tc3_request");
    if (createHmac("sha256", key).update(toSign).digest("hex") !== signature) return error("AuthFailure.SignatureFailure", "The provided credentials could not be validated");
    return null;
  }

  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const body = await request.text();
      if (mode === "hang") return new Promise<Response>((resolve) => hanging.push(() => resolve(new Response("late", { status: 504 }))));
      if (mode === "down") return new Response("<html>502 Bad Gateway</html>", { status: 502, headers: { "content-type": "text/html" } });
      if (request.method !== "POST" || new URL(request.url).pathname !== "/") return error("UnsupportedOperation", "POST / only");
      const refused = checkSignature(request, body);
      if (refused) return refused;
      const action = request.headers.get("x-tc-action") ?? "";
      if (action === "PullSmsSendStatusByPhoneNumber") {
        if (request.headers.get("x-tc-version") !== "2021-01-11") return error("InvalidAction", "The action or version is not found");
        if (!request.headers.get("x-tc-region")) return error("MissingParameter", "X-TC-Region is missing");
        calls.push(action);
        const q = JSON.parse(body) as { BeginTime?: unknown; EndTime?: unknown; Offset?: unknown; Limit?: unknown; PhoneNumber?: unknown; SmsSdkAppId?: unknown };
        if (q.SmsSdkAppId !== GATEWAY_ACCOUNT.appId) return error("FailedOperation.SmsSdkAppIdVerifyFail", "SmsSdkAppId verification failed");
        if (!Number.isInteger(q.BeginTime) || !Number.isInteger(q.EndTime) || q.Offset !== 0 || !Number.isInteger(q.Limit) || (q.Limit as number) < 1 || (q.Limit as number) > 100)
          return error("InvalidParameterValue", "BeginTime, EndTime, Offset 0 and Limit 1 to 100 are required");
        if (typeof q.PhoneNumber !== "string" || !/^\+\d{6,15}$/.test(q.PhoneNumber)) return error("InvalidParameterValue.IncorrectPhoneNumber", "the phone number is wrong");
        const PullSmsSendStatusSet = reports
          .filter((r) => r.PhoneNumber === q.PhoneNumber && r.UserReceiveTime >= (q.BeginTime as number) && r.UserReceiveTime <= (q.EndTime as number))
          .slice(0, q.Limit as number);
        return Response.json({ Response: { PullSmsSendStatusSet, RequestId: requestId() } });
      }
      if (!["SendSms", "DescribeSmsTemplateList", "DescribeSmsSignList"].includes(action) || request.headers.get("x-tc-version") !== "2021-01-11") return error("InvalidAction", "The action or version is not found");
      if (!request.headers.get("x-tc-region")) return error("MissingParameter", "X-TC-Region is missing");
      calls.push(action);
      if (action === "DescribeSmsTemplateList") {
        const q = JSON.parse(body) as { TemplateIdSet?: number[]; International?: number };
        if (!Array.isArray(q.TemplateIdSet) || q.TemplateIdSet.length === 0 || q.International !== 0) return error("MissingParameter", "TemplateIdSet and International are required");
        const DescribeTemplateStatusSet = catalogue.templates.filter((t) => q.TemplateIdSet!.includes(t.TemplateId)).map((t) => ({ ...t, International: 0, ReviewReply: "" }));
        return Response.json({ Response: { DescribeTemplateStatusSet, RequestId: requestId() } });
      }
      if (action === "DescribeSmsSignList") {
        const q = JSON.parse(body) as { SignIdSet?: number[]; International?: number };
        if (!Array.isArray(q.SignIdSet) || q.SignIdSet.length === 0 || q.International !== 0) return error("MissingParameter", "SignIdSet and International are required");
        const DescribeSignListStatusSet = catalogue.signs.filter((s) => q.SignIdSet!.includes(s.SignId)).map((s) => ({ ...s, International: 0, ReviewReply: "" }));
        return Response.json({ Response: { DescribeSignListStatusSet, RequestId: requestId() } });
      }
      await passSlowness(slowness);
      const input = JSON.parse(body) as { PhoneNumberSet: string[]; SmsSdkAppId: string; SignName: string; TemplateId: string; TemplateParamSet?: string[]; SessionContext?: string };
      if (input.SmsSdkAppId !== GATEWAY_ACCOUNT.appId) return error("FailedOperation.SmsSdkAppIdVerifyFail", "SmsSdkAppId verification failed");
      if (!Array.isArray(input.PhoneNumberSet) || input.PhoneNumberSet.length === 0 || input.PhoneNumberSet.length > 200) return error("LimitExceeded.PhoneNumberCountLimit", "1 to 200 numbers a request");
      if (!approvedSign(input.SignName)) return error("FailedOperation.SignatureIncorrectOrUnapproved", "the signature is not approved");
      const params = input.TemplateParamSet ?? [];
      if (approved.get(input.TemplateId) !== params.length) return error("FailedOperation.TemplateIncorrectOrUnapproved", "the template is not approved or its parameters do not match");
      const SendStatusSet = input.PhoneNumberSet.map((phone) => {
        const base = { SerialNo: `2645:${randomUUID()}`, PhoneNumber: phone, Fee: 1, SessionContext: input.SessionContext ?? "", IsoCode: "CN" };
        if (!/^\+861[3-9]\d{9}$/.test(phone)) return { ...base, Fee: 0, Code: "InvalidParameterValue.IncorrectPhoneNumber", Message: "the phone number is wrong" };
        if (mode === "limit") return { ...base, Fee: 0, Code: "LimitExceeded.PhoneNumberThirtySecondLimit", Message: `${phone} sent too often within 30 seconds` };
        sent.push({ phone, templateId: input.TemplateId, params, signName: input.SignName, session: input.SessionContext ?? "" });
        if (!reportless.has(phone)) {
          const failed = undeliverable.has(phone);
          const at = Math.floor(reportClock() / 1000);
          reports.push({ UserReceiveTime: at, CountryCode: "86", SubscriberNumber: phone.slice(3), PhoneNumber: phone, SerialNo: base.SerialNo, ReportStatus: failed ? "FAIL" : "SUCCESS", Description: failed ? "MK:0005" : "DELIVRD", SessionContext: input.SessionContext ?? "" });
        }
        return { ...base, Code: "Ok", Message: "send success" };
      });
      // Sent and reported, but the answer never reaches the caller.
      if (mode === "hold") return new Promise<Response>((resolve) => hanging.push(() => resolve(new Response("late", { status: 504 }))));
      return Response.json({ Response: { SendStatusSet, RequestId: requestId() } });
    },
  });
  return {
    endpoint: `http://127.0.0.1:${server.port}`,
    sent,
    approved,
    catalogue,
    /** The actions called, in order. */
    calls,
    set: (next: GatewayMode) => (mode = next),
    /** The delivery reports kept, and how the operator will report numbers sent from now on (E.164). */
    reports,
    undeliverable,
    reportless,
    /** The clock reports are stamped with (milliseconds), e.g. the test app's. */
    setReportClock: (clock: () => number) => (reportClock = clock),
    /** SendSms answers after the given time (see Slowness in ./mail-server). */
    slow: (next: Slowness | null) => (slowness = next),
    stop() {
      for (const release of hanging.splice(0)) release();
      server.stop(true);
    },
  };
}
