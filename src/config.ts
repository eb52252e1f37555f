// Every setting in one place, read from the environment once at start and
// validated, so a bad value stops the server with the variable's name.
import { X509Certificate, createPrivateKey, createPublicKey } from "node:crypto";
import { readFileSync } from "node:fs";
import { LOG_LEVELS } from "./log";
import type { SmtpSettings } from "./providers/mail/smtp";
import { SMS_TEMPLATES, type SmsTemplateName } from "./providers/sms";
import type { TencentSmsSettings } from "./providers/sms/tencent";

import { DEFAULT_UI_DIR } from "./files";

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  // Number.parseInt would accept "3000abc"; a config value must be all digits.
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

function oneOf<T extends string>(env: Env, name: string, fallback: T, allowed: readonly T[]): T {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  if (!allowed.includes(raw as T)) throw new ConfigError(`${name} must be one of ${allowed.join(", ")}, got "${raw}"`);
  return raw as T;
}

/** "host=value;host2=value2" pairs, e.g. the filing number by host name. */
function hostMap(env: Env, name: string, fallback: Record<string, string>): Record<string, string> {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const out: Record<string, string> = {};
  for (const pair of raw.split(";").filter(Boolean)) {
    const at = pair.indexOf("=");
    if (at <= 0) throw new ConfigError(`${name} must look like "host=value;other.host=value", got "${raw}"`);
    out[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return out;
}

/** A PEM given as its text (with real newlines, or with \n written out) or as the path of its file. */
function pem(env: Env, name: string): string | null {
  const raw = env[name];
  if (raw === undefined || raw === "") return null;
  if (raw.trimStart().startsWith("-----BEGIN")) return raw.replace(/\\n/g, "\n");
  try {
    return readFileSync(raw, "utf8");
  } catch (error) {
    throw new ConfigError(`${name} must be a PEM text or the path of a readable PEM file, got "${raw}" (${(error as NodeJS.ErrnoException).code ?? "unreadable"})`);
  }
}

function need(env: Env, name: string, pattern: RegExp, shape: string): string {
  const raw = env[name] ?? "";
  if (!pattern.test(raw)) throw new ConfigError(`${name} must be ${shape} when PAYMENT_PROVIDER=wechat${raw ? "" : " (it is not set)"}`);
  return raw;
}

/**
 * WeChat Pay API v3 (PAYMENT_PROVIDER=wechat). The keys are parsed here, so a
 * wrong file stops the start with its variable's name rather than the first payment.
 */
function wechatPay(env: Env, publicUrl: string | null, production: boolean) {
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
function s3Settings(env: Env) {
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
function smtpSettings(env: Env): SmtpSettings | null {
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

/** SMS_PROVIDER=tencent and its settings: unset, SMS stays in the outbox staff read. */
function smsSettings(env: Env): { provider: "outbox" } | ({ provider: "tencent" } & TencentSmsSettings) {
  const provider = oneOf(env, "SMS_PROVIDER", "outbox", ["outbox", "tencent"] as const);
  if (provider === "outbox") return { provider };
  const required = (name: string, pattern: RegExp, shape: string) => {
    const value = env[name] ?? "";
    // The secret key is never echoed back, even when it is wrong.
    if (!pattern.test(value)) throw new ConfigError(`${name} must be set with SMS_PROVIDER=tencent: ${shape}${name === "SMS_SECRET_KEY" ? "" : `, got "${value}"`}`);
    return value;
  };
  const templates = hostMap(env, "SMS_TEMPLATES", {});
  for (const name of Object.keys(SMS_TEMPLATES)) {
    if (!/^\d+$/.test(templates[name] ?? "")) throw new ConfigError(`SMS_TEMPLATES must give the gateway's template id of each of ${Object.keys(SMS_TEMPLATES).join(", ")}, as "code=1234567", got "${env.SMS_TEMPLATES ?? ""}"`);
  }
  const endpoint = (env.SMS_ENDPOINT || "https://sms.tencentcloudapi.com").replace(/\/+$/, "");
  if (!/^https?:\/\/[^/\s]+$/.test(endpoint)) throw new ConfigError(`SMS_ENDPOINT must look like https://sms.tencentcloudapi.com, got "${endpoint}"`);
  return {
    provider,
    secretId: required("SMS_SECRET_ID", /^\S{8,}$/, "the API key's SecretId"),
    secretKey: required("SMS_SECRET_KEY", /^\S{8,}$/, "the API key's SecretKey"),
    appId: required("SMS_APP_ID", /^\d+$/, "the SmsSdkAppId, digits"),
    signName: required("SMS_SIGN_NAME", /^\S.{0,19}$/, "the approved signature's name"),
    templates: templates as Record<SmsTemplateName, string>,
    region: env.SMS_REGION || "ap-guangzhou",
    endpoint,
  };
}

export function loadConfig(env: Env = process.env) {
  const nodeEnv = oneOf(env, "NODE_ENV", "development", ["development", "test", "production"] as const);
  const production = nodeEnv === "production";

  const databaseUrl = env.DATABASE_URL || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError(`DATABASE_URL must start with postgres:// or postgresql://, got "${databaseUrl}"`);
  }

  const captchaFixed = env.CAPTCHA_FIXED || null;
  if (captchaFixed !== null) {
    if (!/^[A-Za-z0-9]{6}$/.test(captchaFixed)) throw new ConfigError(`CAPTCHA_FIXED must be 6 letters or digits, got "${captchaFixed}"`);
    if (production) throw new ConfigError("CAPTCHA_FIXED must not be set when NODE_ENV=production: it turns off the image code");
  }

  const adminPassword = env.ADMIN_PASSWORD || null;
  if (adminPassword !== null && adminPassword.length < 10) throw new ConfigError("ADMIN_PASSWORD must be at least 10 characters");

  const paymentProvider = oneOf(env, "PAYMENT_PROVIDER", "sandbox", ["sandbox", "wechat"] as const);
  const sandboxSecret = env.PAYMENT_SANDBOX_SECRET || null;
  if (sandboxSecret !== null && sandboxSecret.length < 32) throw new ConfigError("PAYMENT_SANDBOX_SECRET must be at least 32 characters");
  // Instances sharing one PostgreSQL must sign and check payment notifications with one secret; a file in each DATA_DIR would differ.
  if (production && databaseUrl && paymentProvider === "sandbox" && sandboxSecret === null) {
    throw new ConfigError("PAYMENT_SANDBOX_SECRET must be set when NODE_ENV=production and DATABASE_URL is set");
  }
  const entrySecret = env.HEALTH_ENTRY_SECRET || null;
  if (entrySecret !== null && entrySecret.length < 32) throw new ConfigError("HEALTH_ENTRY_SECRET must be at least 32 characters");
  // The health section checks keys with the same secret; one kept in each instance's DATA_DIR would differ.
  if (production && databaseUrl && entrySecret === null) throw new ConfigError("HEALTH_ENTRY_SECRET must be set when NODE_ENV=production and DATABASE_URL is set");
  const healthUrl = (env.HEALTH_URL || "https://health.union.example.com").replace(/\/+$/, "");
  if (!/^https?:\/\/[^/\s]+(\/\S*)?$/.test(healthUrl)) throw new ConfigError(`HEALTH_URL must look like https://health.example.com, got "${healthUrl}"`);
  const publicUrl = (env.PUBLIC_URL || "").replace(/\/+$/, "") || null;
  if (publicUrl !== null && !/^https?:\/\/[^/\s]+$/.test(publicUrl)) throw new ConfigError(`PUBLIC_URL must look like https://union.example.com, got "${publicUrl}"`);
  const wechat = paymentProvider === "wechat" ? wechatPay(env, publicUrl, production) : null;

  // Tests run a server from a fixed moment; nowhere else may the clock be set.
  const clockStart = env.CLOCK_START ? new Date(env.CLOCK_START) : null;
  if (clockStart && (nodeEnv !== "test" || Number.isNaN(clockStart.getTime()))) throw new ConfigError(`CLOCK_START is for tests only (NODE_ENV=test) and must be an ISO time, got "${env.CLOCK_START}"`);
  const clockOffsetFile = env.CLOCK_OFFSET_FILE || null;
  if (clockOffsetFile && (nodeEnv !== "test" || !clockStart)) throw new ConfigError("CLOCK_OFFSET_FILE is for tests only (NODE_ENV=test) and moves the clock CLOCK_START set");

  const appIds = (env.APP_IDS || "union-portal-web,union-portal-cli").split(",").map((s) => s.trim()).filter(Boolean);

  return {
    nodeEnv,
    production,
    port: int(env, "PORT", 3000, 1, 65535),
    host: env.HOST || "0.0.0.0",
    dataDir: env.DATA_DIR || "./data",
    databaseUrl,
    /** Lines below this level are not written: debug adds each job run, info each request (src/log.ts). */
    logLevel: oneOf(env, "LOG_LEVEL", "info", LOG_LEVELS),
    /** On SIGTERM: how long requests in flight, a running job and pending deliveries may take before the process exits anyway. */
    shutdownTimeoutMs: int(env, "SHUTDOWN_TIMEOUT_MS", 10_000, 100, 600_000),
    /** Postgres pool size: a hot row gets slower with more connections (ARCHITECTURE section 3). */
    databasePool: int(env, "DATABASE_POOL", 8, 1, 100),
    /** The embedded database's shared_buffers: PGlite reads its files through the OS cache, so initdb's 128 MB mostly holds a second copy (docs/decisions.md 49). */
    pgliteBuffersMb: int(env, "PGLITE_SHARED_BUFFERS_MB", 16, 1, 4096),
    captchaFixed,
    /** Tests only: the moment the server's clock starts from. */
    clockStart,
    /** Tests only: a file holding the milliseconds a test has moved the clock on (src/clock.ts). */
    clockOffsetFile,
    adminPassword,
    /** Seed demo members and content on first start (never in production). */
    seedDemo: !production && env.SEED_DEMO !== "0",
    appIds,
    /** Idle lifetime of a session token, sliding on use. */
    tokenLifetimeMs: int(env, "TOKEN_LIFETIME_MINUTES", 12 * 60, 5, 30 * 24 * 60) * 60_000,
    /** Idle lifetime of a session nobody has signed in on: tokens minted in a loop go away soon. */
    anonymousLifetimeMs: int(env, "ANONYMOUS_TOKEN_MINUTES", 30, 1, 30 * 24 * 60) * 60_000,
    captchaLifetimeMs: 5 * 60_000,
    /** How long an instance may reuse a session row it read (0 turns the cache off). */
    sessionCacheMs: int(env, "SESSION_CACHE_MS", 2000, 0, 60_000),
    uiDir: env.UI_DIR || DEFAULT_UI_DIR,
    /** The body a call may send unless its route declares more (uploads, rich text): checked before it is read. */
    bodyLimitBytes: int(env, "BODY_LIMIT_KB", 256, 16, 10_240) * 1024,
    /** Family saves a member may make in a minute. */
    familySavesPerMinute: int(env, "FAMILY_SAVES_PER_MINUTE", 10, 1, 10_000),
    /** How long the SMS or mail provider may take to answer before the try counts as failed. */
    messageTimeoutMs: int(env, "MESSAGE_TIMEOUT_MS", 10_000, 100, 120_000),
    /** Mail over SMTP when set; otherwise the outbox staff read is the delivery. */
    smtp: smtpSettings(env),
    /** An SMS gateway when set; otherwise the outbox staff read is the delivery. */
    sms: smsSettings(env),
    /** /system/token per address: a burst, then a steady refill (a company behind one address opens the portal at once). */
    tokenBurst: int(env, "TOKEN_BURST", 30, 1, 100_000),
    tokenPerSecond: int(env, "TOKEN_PER_SECOND", 3, 1, 100_000),
    site: {
      copyrightZh: env.SITE_COPYRIGHT_ZH || "© 2026 公司工会 版权所有",
      copyrightEn: env.SITE_COPYRIGHT_EN || "© 2026 Company Labor Union. All rights reserved.",
      /** Filing (ICP) number chosen by the host name the visitor used; "*" is the default. */
      filing: hostMap(env, "SITE_FILING", { "*": "沪ICP备00000000号-1", localhost: "沪ICP备00000000号-1" }),
      supportMail: env.SUPPORT_MAIL || "union-support@example.com",
      supportHoursZh: env.SUPPORT_HOURS_ZH || "工作日 9:30-17:30",
      supportHoursEn: env.SUPPORT_HOURS_EN || "Workdays 9:30-17:30",
      /** The home page's side links (spec 2 section 2): the union's mailbox, the technical support line, the help document. */
      unionMail: env.UNION_MAIL || "union@example.com",
      supportPhone: env.SUPPORT_PHONE || "021-6000 0000",
      helpUrl: env.HELP_URL || "https://union.example.com/help/portal-guide.pdf",
      /** The union's social account: the image of its QR code; unset, the server draws one of SOCIAL_ACCOUNT_URL (system/service.ts). */
      socialQr: env.SOCIAL_QR_IMAGE || null,
      socialAccountUrl: env.SOCIAL_ACCOUNT_URL || "https://union.example.com/follow",
    },
    health: {
      /** The health section, a sibling site; the home page opens it with an entry key (src/domains/system/entry-key.ts). */
      url: healthUrl,
      /** Signs entry keys; shared with the health section. Unset: a random one kept in DATA_DIR (one instance only). */
      secret: entrySecret,
      /** How long a key may wait before the health section takes it. */
      keyLifetimeMs: int(env, "HEALTH_KEY_SECONDS", 60, 5, 3600) * 1000,
    },
    activation: {
      /** Whether members prove a phone or a company e-mail to activate (spec 1 section 2). */
      mode: oneOf(env, "ACTIVATION_MODE", "phone", ["phone", "mail"] as const),
      /** The initial password of the no-company-mail form, which HR hands out (spec: "not shown"). */
      initialPassword: env.ACTIVATION_INITIAL_PASSWORD || "Union@2026",
      /** Codes one address may have sent within an hour before it is slowed down (each SMS costs money). */
      codeSendsPerAddress: int(env, "CODE_SENDS_PER_ADDRESS", 30, 1, 1_000_000),
      /** Tries a code allows before it is void. */
      codeMaxTries: int(env, "CODE_MAX_TRIES", 5, 1, 100),
    },
    /** Where uploaded files are kept: DATA_DIR/files unless S3 is configured. */
    storage: { s3: s3Settings(env) },
    payment: {
      /** Who takes payments: the embedded sandbox, or WeChat Pay (Native, API v3). */
      provider: paymentProvider,
      /** WeChat Pay's merchant, keys and addresses; null unless it is the provider. */
      wechat,
      /** Signs the payment sandbox's notifications; unset: a random one kept in DATA_DIR (one instance only). */
      sandboxSecret,
      /** How payers reach the portal, for the payment page and its QR code; unset: the host of the request. */
      publicUrl,
      /** How long the provider may take to give a pay link; then the order is closed and the member may try again. */
      timeoutMs: int(env, "PAYMENT_TIMEOUT_MS", 10_000, 100, 120_000),
    },
    signIn: {
      /** Wrong passwords for one account before it is slowed down. */
      accountFailures: int(env, "SIGNIN_ACCOUNT_FAILURES", 5, 1, 1000),
      /** Failed sign-ins from one address before it is slowed down. */
      addressFailures: int(env, "SIGNIN_ADDRESS_FAILURES", 30, 1, 100000),
      windowMs: 15 * 60_000,
      /** The pause doubles per further failure, from 30 s up to this ceiling. */
      maxPauseMs: int(env, "SIGNIN_MAX_PAUSE_SECONDS", 300, 1, 86400) * 1000,
      /** An address's pause doubles from 1 s up to this: members behind one company address are only slowed, never locked out. */
      addressMaxPauseMs: int(env, "SIGNIN_ADDRESS_MAX_PAUSE_SECONDS", 10, 1, 3600) * 1000,
    },
  };
}
