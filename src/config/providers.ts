// The providers' settings (payment, storage, mail, SMS), each parsed whole:
// a provider chosen with half its settings stops the start with the missing
// variable's name instead of failing at the first payment, upload or message.
import { X509Certificate, createPrivateKey, createPublicKey } from "node:crypto";
import type { SmtpSettings } from "../providers/mail/smtp";
import { AUDIT_STATE } from "../protocol/enumerations";
import { DEFAULT_SMS_CATALOGUE, REQUIRED_SMS_TEMPLATES, SMS_TEMPLATES, type SmsCatalogue, type SmsTemplateName } from "../providers/sms";
import type { OfferedId, TencentSmsSettings } from "../providers/sms/tencent";
import { ConfigError, type Env, hostMap, int, oneOf, pem } from "./read";

function need(env: Env, name: string, pattern: RegExp, shape: string): string {
  const raw = env[name] ?? "";
  if (!pattern.test(raw)) throw new ConfigError(`${name} must be ${shape} when PAYMENT_PROVIDER=wechat${raw ? "" : " (it is not set)"}`);
  return raw;
}

/**
 * WeChat Pay API v3 (PAYMENT_PROVIDER=wechat). The keys are parsed here, so a
 * wrong file stops the start with its variable's name rather than the first payment.
 */
export function wechatPay(env: Env, publicUrl: string | null, production: boolean) {
  const mchid = need(env, "WECHATPAY_MCHID", /^\d{6,32}$/, "the merchant id (digits)");
  const appid = need(env, "WECHATPAY_APPID", /^wx[0-9A-Za-z]{16}$/, "the app id bound to the merchant (wx and 16 letters or digits)");
  const merchantSerial = need(env, "WECHATPAY_MERCHANT_SERIAL", /^[0-9A-Fa-f]{8,64}$/, "the serial number of the merchant's API certificate (hex)").toUpperCase();
  // WeChat Pay's own key for the AES-256-GCM resources: 32 bytes, as typed in the merchant platform.
  const apiV3Key = need(env, "WECHATPAY_API_V3_KEY", /^[\x21-\x7e]{32}$/, "the API v3 key (32 characters)");
  const privatePem = pem(env, "WECHATPAY_PRIVATE_KEY");
  if (!privatePem) throw new ConfigError("WECHATPAY_PRIVATE_KEY must be set when PAYMENT_PROVIDER=wechat (apiclient_key.pem: its text or its path)");
  let privateKey;
  try {
    privateKey = createPrivateKey(privatePem);
  } catch {
    throw new ConfigError("WECHATPAY_PRIVATE_KEY is not a readable private key (apiclient_key.pem)");
  }
  if (privateKey.asymmetricKeyType !== "rsa") throw new ConfigError("WECHATPAY_PRIVATE_KEY must be an RSA key");
  // WeChat Pay signs with one of two keys: a platform certificate (older merchants) or a platform public key with its id.
  const platformKeys: { serial: string; key: ReturnType<typeof createPublicKey> }[] = [];
  const certPem = pem(env, "WECHATPAY_PLATFORM_CERT");
  if (certPem) {
    try {
      const cert = new X509Certificate(certPem);
      platformKeys.push({ serial: cert.serialNumber.toUpperCase(), key: cert.publicKey });
    } catch {
      throw new ConfigError("WECHATPAY_PLATFORM_CERT is not a readable certificate (wechatpay_<serial>.pem)");
    }
  }
  const publicPem = pem(env, "WECHATPAY_PUBLIC_KEY");
  if (publicPem) {
    const id = need(env, "WECHATPAY_PUBLIC_KEY_ID", /^PUB_KEY_ID_[0-9A-Za-z]{1,64}$/, "the id of WeChat Pay's public key (PUB_KEY_ID_…)");
    try {
      platformKeys.push({ serial: id, key: createPublicKey(publicPem) });
    } catch {
      throw new ConfigError("WECHATPAY_PUBLIC_KEY is not a readable public key (pub_key.pem)");
    }
  }
  if (platformKeys.length === 0) throw new ConfigError("WECHATPAY_PLATFORM_CERT or WECHATPAY_PUBLIC_KEY (with WECHATPAY_PUBLIC_KEY_ID) must be set when PAYMENT_PROVIDER=wechat");
  const notifyUrl = env.WECHATPAY_NOTIFY_URL || (publicUrl ? `${publicUrl}/api/pay/notify/wechat` : "");
  // WeChat Pay takes no query string in notify_url.
  if (!/^https?:\/\/[^/\s]+\/[^\s?#]*$/.test(notifyUrl)) throw new ConfigError(`WECHATPAY_NOTIFY_URL (or PUBLIC_URL) must give the address of /api/pay/notify/wechat, without a query, got "${notifyUrl}"`);
  // WeChat Pay calls only https addresses; plain http is for the tests' local fake.
  if (production && !notifyUrl.startsWith("https://")) throw new ConfigError(`WECHATPAY_NOTIFY_URL must be https when NODE_ENV=production, got "${notifyUrl}"`);
  const baseUrl = (env.WECHATPAY_BASE_URL || "https://api.mch.weixin.qq.com").replace(/\/+$/, "");
  if (!/^https?:\/\/[^/\s]+$/.test(baseUrl)) throw new ConfigError(`WECHATPAY_BASE_URL must look like https://api.mch.weixin.qq.com, got "${baseUrl}"`);
  return { mchid, appid, merchantSerial, privateKey, apiV3Key, platformKeys, notifyUrl, baseUrl };
}

/** S3-compatible object storage, chosen by S3_BUCKET; null keeps files in DATA_DIR/files. */
export function s3Settings(env: Env) {
  const bucket = env.S3_BUCKET || null;
  const accessKeyId = env.S3_ACCESS_KEY_ID || null;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || null;
  if (!bucket) {
    // Half a configuration would keep files on the local disk while the operator believes they go to the bucket.
    if (accessKeyId || secretAccessKey || env.S3_ENDPOINT) throw new ConfigError("S3_BUCKET must be set when S3_ENDPOINT, S3_ACCESS_KEY_ID or S3_SECRET_ACCESS_KEY is");
    return null;
  }
  // S3 bucket naming rules (3-63 lower-case letters, digits, dots and dashes), so a typo is named at start, not at the first upload.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new ConfigError(`S3_BUCKET must be a bucket name (3-63 lower-case letters, digits, dots, dashes), got "${bucket}"`);
  if (!accessKeyId || !secretAccessKey) throw new ConfigError("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set when S3_BUCKET is");
  const endpoint = (env.S3_ENDPOINT || "").replace(/\/+$/, "") || null;
  if (endpoint !== null && !/^https?:\/\/[^/\s]+$/.test(endpoint)) throw new ConfigError(`S3_ENDPOINT must look like https://s3.example.com (no path), got "${endpoint}"`);
  const region = env.S3_REGION || null;
  if (region !== null && !/^[a-z0-9-]{1,40}$/.test(region)) throw new ConfigError(`S3_REGION must look like us-east-1, got "${region}"`);
  // Every key the portal writes starts with it; "" or a folder ending in "/".
  const prefix = (env.S3_PREFIX || "").replace(/^\/+|\/+$/g, "");
  if (!/^[A-Za-z0-9._\/-]*$/.test(prefix) || prefix.includes("//")) throw new ConfigError(`S3_PREFIX may hold letters, digits, ".", "_", "-" and "/" only, got "${env.S3_PREFIX}"`);
  return {
    bucket,
    endpoint,
    region,
    accessKeyId,
    secretAccessKey,
    prefix: prefix ? `${prefix}/` : "",
    /** The bucket's name is the endpoint's first label (https://bucket.s3.example.com) rather than the path's first part. */
    virtualHostedStyle: oneOf(env, "S3_VIRTUAL_HOSTED", "0", ["0", "1"] as const) === "1",
    /** How long one try may take before it counts as failed (3 tries). */
    timeoutMs: int(env, "S3_TIMEOUT_MS", 10_000, 100, 120_000),
  };
}

/** SMTP_URL and MAIL_FROM: unset, mail stays in the outbox staff read. */
export function smtpSettings(env: Env): SmtpSettings | null {
  const raw = env.SMTP_URL;
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`SMTP_URL must look like smtp://user:password@smtp.example.com:587 or smtps://...:465, got something that is not an address`);
  }
  if ((url.protocol !== "smtp:" && url.protocol !== "smtps:") || !url.hostname) {
    throw new ConfigError(`SMTP_URL must start with smtp:// or smtps:// and name a host, got "${url.protocol}//${url.hostname}"`);
  }
  const from = env.MAIL_FROM || "";
  if (!/^([^<>]*<)?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/.test(from.trim())) throw new ConfigError(`MAIL_FROM must be set with SMTP_URL, as "工会 <union@example.com>" or an address, got "${from}"`);
  const secure = url.protocol === "smtps:";
  const requireTls = url.searchParams.get("requireTLS") ?? "false";
  if (requireTls !== "true" && requireTls !== "false") throw new ConfigError(`SMTP_URL's requireTLS must be true or false, got "${requireTls}"`);
  return {
    host: url.hostname.replace(/^\[|\]$/g, ""),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    requireTls: requireTls === "true",
    // A password with @ : / in it is percent-encoded in the address.
    user: url.username ? decodeURIComponent(url.username) : null,
    password: url.password ? decodeURIComponent(url.password) : null,
    from: from.trim(),
  };
}

/** "2000101:1,2000102:2,2000103": gateway ids, each with its place in the list or none (listed, not offered). */
function offeredIds(env: Env, name: string): OfferedId[] {
  const raw = (env[name] ?? "").trim();
  if (!raw) return [];
  return raw.split(",").map((part) => {
    const m = /^\s*(\d{1,12})(?::(\d{1,4}))?\s*$/.exec(part);
    if (!m) throw new ConfigError(`${name} must list gateway ids with their order, as "2000101:1,2000102:2", got "${raw}"`);
    return { id: m[1]!, order: m[2] === undefined ? null : Number(m[2]) };
  });
}

const AUDIT_NAMES = Object.keys(AUDIT_STATE) as (keyof typeof AUDIT_STATE)[];

/**
 * SMS_CATALOGUE: the embedded default's templates and signs (JSON text), as
 * {"templates":[{"code","name","content","status":"AUDIT_STATE_PASS","date":"2026-01-05T10:00:00+08:00","order":1}],
 *  "signs":[{"sign","status","order"}]}; unset, DEFAULT_SMS_CATALOGUE.
 */
function smsCatalogue(env: Env): SmsCatalogue {
  const raw = (env.SMS_CATALOGUE ?? "").trim();
  if (!raw) return DEFAULT_SMS_CATALOGUE;
  const misconfigured = (why: string): never => {
    throw new ConfigError(`SMS_CATALOGUE ${why} (docs/operations.md "Bulk SMS")`);
  };
  let parsed: { templates?: unknown; signs?: unknown };
  try {
    parsed = JSON.parse(raw);
  } catch {
    return misconfigured("is not JSON");
  }
  const text = (v: unknown, max: number, what: string) => (typeof v === "string" && v.trim() && v.length <= max ? v.trim() : misconfigured(`needs ${what}, text of at most ${max} characters`));
  const status = (v: unknown) => (AUDIT_NAMES.includes(v as never) ? AUDIT_STATE[v as keyof typeof AUDIT_STATE] : misconfigured(`status must be one of ${AUDIT_NAMES.join(", ")}`));
  const order = (v: unknown) => (v === null || v === undefined ? null : Number.isInteger(v) && (v as number) >= 0 ? (v as number) : misconfigured("order must be a whole number or null"));
  const list = (v: unknown, what: string) => (Array.isArray(v) && v.length <= 200 ? (v as Record<string, unknown>[]) : misconfigured(`needs "${what}", a list`));
  return {
    templates: list(parsed.templates, "templates").map((t) => {
      const date = t.date === undefined || t.date === null ? null : new Date(String(t.date));
      if (date && Number.isNaN(date.getTime())) misconfigured(`has a template date that is not a date: "${String(t.date)}"`);
      return { code: text(t.code, 20, "a template code"), name: text(t.name, 60, "a template name"), content: text(t.content, 500, "a template content"), status: status(t.status), date, order: order(t.order) };
    }),
    signs: list(parsed.signs, "signs").map((g) => ({ sign: text(g.sign, 20, "a sign"), status: status(g.status), order: order(g.order) })),
  };
}

/** SMS_PROVIDER=tencent and its settings: unset, SMS stays in the outbox staff read, and bulk SMS offers SMS_CATALOGUE. */
export function smsSettings(env: Env): { provider: "outbox"; catalogue: SmsCatalogue } | ({ provider: "tencent" } & TencentSmsSettings) {
  const provider = oneOf(env, "SMS_PROVIDER", "outbox", ["outbox", "tencent"] as const);
  if (provider === "outbox") return { provider, catalogue: smsCatalogue(env) };
  const required = (name: string, pattern: RegExp, shape: string) => {
    const value = env[name] ?? "";
    // The secret key is never echoed back, even when it is wrong.
    if (!pattern.test(value)) throw new ConfigError(`${name} must be set with SMS_PROVIDER=tencent: ${shape}${name === "SMS_SECRET_KEY" ? "" : `, got "${value}"`}`);
    return value;
  };
  const templates = hostMap(env, "SMS_TEMPLATES", {});
  for (const name of Object.keys(SMS_TEMPLATES) as SmsTemplateName[]) {
    const required = REQUIRED_SMS_TEMPLATES.includes(name);
    if ((required || templates[name] !== undefined) && !/^\d+$/.test(templates[name] ?? ""))
      throw new ConfigError(`SMS_TEMPLATES must give the gateway's template id of each of ${REQUIRED_SMS_TEMPLATES.join(", ")} (and may of ${Object.keys(SMS_TEMPLATES).join(", ")}), as "code=1234567", got "${env.SMS_TEMPLATES ?? ""}"`);
  }
  const endpoint = (env.SMS_ENDPOINT || "https://sms.tencentcloudapi.com").replace(/\/+$/, "");
  if (!/^https?:\/\/[^/\s]+$/.test(endpoint)) throw new ConfigError(`SMS_ENDPOINT must look like https://sms.tencentcloudapi.com, got "${endpoint}"`);
  return {
    provider,
    secretId: required("SMS_SECRET_ID", /^\S{8,}$/, "the API key's SecretId"),
    secretKey: required("SMS_SECRET_KEY", /^\S{8,}$/, "the API key's SecretKey"),
    appId: required("SMS_APP_ID", /^\d+$/, "the SmsSdkAppId, digits"),
    signName: required("SMS_SIGN_NAME", /^\S.{0,19}$/, "the approved signature's name"),
    templates: templates as Partial<Record<SmsTemplateName, string>>,
    region: env.SMS_REGION || "ap-guangzhou",
    bulkTemplates: offeredIds(env, "SMS_BULK_TEMPLATES"),
    bulkSigns: offeredIds(env, "SMS_BULK_SIGNS"),
    endpoint,
  };
}
