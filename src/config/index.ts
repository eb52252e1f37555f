// Every setting in one place, read from the environment once at start and
// validated, so a bad value stops the server with the variable's name.
// The readers are in read.ts, the providers' settings in providers.ts.
import { DEFAULT_UI_DIR } from "../files";
import { LOG_LEVELS } from "../log";
import { s3Settings, smsSettings, smtpSettings, wechatPay } from "./providers";
import { availableParallelism } from "node:os";
import { ConfigError, type Env, hostMap, int, oneOf } from "./read";

// The one face of the settings: importers need not know how they are split.
export { ConfigError };

/** An argon2id cost: memory and passes, one lane (src/domains/auth/password.ts). */
export type PasswordCost = { memoryKiB: number; passes: number };
/** OWASP's first argon2id option: 19 MiB, 2 passes, 1 lane (decision 87). */
export const DEFAULT_COST: PasswordCost = { memoryKiB: 19_456, passes: 2 };

export type Config = ReturnType<typeof loadConfig>;

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
    /** PostgreSQL not reachable at start: how long to keep trying (a portal booting before its database waits for it). */
    databaseWaitMs: int(env, "DATABASE_WAIT_SECONDS", 60, 0, 3600) * 1000,
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
    /** Idle lifetime of a session whose member holds any staff power (issue 31): shorter than a member's. */
    staffIdleMs: int(env, "STAFF_IDLE_MINUTES", 30, 5, 24 * 60) * 60_000,
    /** The days a new database gives accounts with staff powers to set up a second factor; administrators change it after (issue 31). */
    secondFactorGraceDays: int(env, "SECOND_FACTOR_GRACE_DAYS", 14, 0, 3650),
    /** Idle lifetime of a session nobody has signed in on: tokens minted in a loop go away soon. */
    anonymousLifetimeMs: int(env, "ANONYMOUS_TOKEN_MINUTES", 30, 1, 30 * 24 * 60) * 60_000,
    captchaLifetimeMs: 5 * 60_000,
    /** API calls one instance works on at once, how many more may wait and for how long before "busy" (src/http/admission.ts). */
    admission: {
      inProgress: int(env, "ADMISSION_IN_PROGRESS", 64, 1, 100_000),
      maxWaiting: int(env, "ADMISSION_WAITING", 4096, 0, 1_000_000),
      waitMs: int(env, "ADMISSION_WAIT_MS", 500, 1, 60_000),
      /** The first call waiting this long halves the share of calls the door lets in (0: it lets every call in). */
      lateMs: int(env, "ADMISSION_LATE_MS", 100, 0, 60_000),
    },
    /** How long an instance may reuse a session row it read (0 turns the cache off). */
    sessionCacheMs: int(env, "SESSION_CACHE_MS", 60_000, 0, 600_000),
    /** How long an upload that runs as a staff job waits for it before answering "running" (the page then polls). */
    jobUploadWaitMs: int(env, "JOB_UPLOAD_WAIT_MS", 20_000, 0, 120_000),
    uiDir: env.UI_DIR || DEFAULT_UI_DIR,
    /** The body a call may send unless its route declares more (uploads, rich text): checked before it is read. */
    bodyLimitBytes: int(env, "BODY_LIMIT_KB", 256, 16, 10_240) * 1024,
    /** Family saves a member may make in a minute. */
    familySavesPerMinute: int(env, "FAMILY_SAVES_PER_MINUTE", 10, 1, 10_000),
    /** How long the SMS or mail provider may take to answer before the try counts as failed. */
    messageTimeoutMs: int(env, "MESSAGE_TIMEOUT_MS", 10_000, 100, 120_000),
    /** How long a waiting-list offer holds its place for the member (issue 20; never past the activity's sign-up end). */
    waitlistOfferMs: int(env, "WAITLIST_OFFER_MINUTES", 24 * 60, 1, 30 * 24 * 60) * 60_000,
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
    passwords: passwordSettings(env),
  };
}

/**
 * How passwords are hashed and how many hashes run at once (decision 87).
 * The cost may be any of OWASP's argon2id options (memory × passes at least
 * 7 MiB × 5 = 35,840 KiB, p=1); below it the server does not start.
 */
function passwordSettings(env: Env) {
  const memoryKiB = int(env, "PASSWORD_MEMORY_KIB", DEFAULT_COST.memoryKiB, 7168, 1_048_576);
  const passes = int(env, "PASSWORD_PASSES", DEFAULT_COST.passes, 1, 10);
  if (memoryKiB * passes < 35_840) throw new ConfigError(`PASSWORD_MEMORY_KIB × PASSWORD_PASSES must be at least 35840 (OWASP's argon2id floor), got ${memoryKiB} × ${passes}`);
  return {
    cost: { memoryKiB, passes },
    /** Hashes at once: each holds its memory and a core while it runs. */
    workers: int(env, "PASSWORD_WORKERS", availableParallelism(), 1, 64),
    /** Sign-ins waiting for a hash beyond the workers; past it the answer is "busy, retry". */
    queueMax: int(env, "PASSWORD_QUEUE_MAX", 1000, 0, 100_000),
    /** A sign-in expected to wait longer than this for its hash is answered "busy, retry in N s" at once. */
    waitLimitMs: int(env, "PASSWORD_WAIT_SECONDS", 10, 0, 600) * 1000,
  };
}
