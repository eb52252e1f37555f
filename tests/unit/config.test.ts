import { describe, expect, test } from "bun:test";
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConfigError, loadConfig } from "../../src/config";

describe("config", () => {
  test("defaults need no environment at all", () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.dataDir).toBe("./data");
    expect(c.databaseUrl).toBeNull();
    expect(c.seedDemo).toBe(true);
  });

  test("a bad value stops the start with the variable's name", () => {
    const bad: Record<string, string>[] = [
      { PORT: "3000abc" },
      { PORT: "70000" },
      { NODE_ENV: "staging" },
      { DATABASE_URL: "mysql://x" },
      { CAPTCHA_FIXED: "12345" },
      { ADMIN_PASSWORD: "short" },
      { SITE_FILING: "no-equals-sign" },
      { TOKEN_LIFETIME_MINUTES: "1" },
    ];
    for (const env of bad) {
      const name = Object.keys(env)[0]!;
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(name);
    }
  });

  test("a pinned image code is refused in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production", CAPTCHA_FIXED: "ABC123" })).toThrow("CAPTCHA_FIXED");
    expect(loadConfig({ NODE_ENV: "test", CAPTCHA_FIXED: "ABC123" }).captchaFixed).toBe("ABC123");
  });

  test("production never seeds demo members", () => {
    expect(loadConfig({ NODE_ENV: "production" }).seedDemo).toBe(false);
  });

  test("the filing number map reads host=value pairs", () => {
    expect(loadConfig({ SITE_FILING: "*=A;portal.example.cn=B" }).site.filing).toEqual({ "*": "A", "portal.example.cn": "B" });
  });
});

test("CLOCK_START sets a test server's clock, and is refused anywhere but in tests", () => {
  expect(loadConfig({ NODE_ENV: "test", CLOCK_START: "2026-03-02T01:30:00Z" }).clockStart?.toISOString()).toBe("2026-03-02T01:30:00.000Z");
  expect(() => loadConfig({ NODE_ENV: "development", CLOCK_START: "2026-03-02T01:30:00Z" })).toThrow(/CLOCK_START/);
  expect(() => loadConfig({ NODE_ENV: "test", CLOCK_START: "yesterday" })).toThrow(/CLOCK_START/);
});

test("CLOCK_OFFSET_FILE moves a test server's clock, and is refused anywhere but in tests or without CLOCK_START", () => {
  const start = "2026-03-02T01:30:00Z";
  expect(loadConfig({ NODE_ENV: "test", CLOCK_START: start, CLOCK_OFFSET_FILE: "/tmp/offset" }).clockOffsetFile).toBe("/tmp/offset");
  expect(() => loadConfig({ NODE_ENV: "development", CLOCK_START: start, CLOCK_OFFSET_FILE: "/tmp/offset" })).toThrow(/CLOCK_/);
  expect(() => loadConfig({ NODE_ENV: "test", CLOCK_OFFSET_FILE: "/tmp/offset" })).toThrow(/CLOCK_OFFSET_FILE/);
});

describe("WeChat Pay settings (PAYMENT_PROVIDER=wechat)", () => {
  const keys = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const dir = mkdtempSync(join(tmpdir(), "union-portal-config-"));
  const keyFile = join(dir, "apiclient_key.pem");
  writeFileSync(keyFile, keys.privateKey.export({ type: "pkcs8", format: "pem" }) as string);
  const publicPem = keys.publicKey.export({ type: "spki", format: "pem" }) as string;
  const good = {
    PAYMENT_PROVIDER: "wechat",
    WECHATPAY_MCHID: "1900007291",
    WECHATPAY_APPID: "wxd678efh567hg6787",
    WECHATPAY_MERCHANT_SERIAL: "3775b6a45acd588826d15e583a95f5dd2c5b5e4a",
    WECHATPAY_PRIVATE_KEY: keyFile,
    WECHATPAY_API_V3_KEY: "Kq3v9ZxR2mW8tL5nB7cY4dF6hJ1pS0aE",
    // Written out on one line, as an environment file holds it.
    WECHATPAY_PUBLIC_KEY: publicPem.replace(/\n/g, "\\n"),
    WECHATPAY_PUBLIC_KEY_ID: "PUB_KEY_ID_0114232134912410000000000000",
    PUBLIC_URL: "https://union.example.com",
  };

  test("read whole: keys from a path or from text, the notify address from PUBLIC_URL, WeChat Pay's own address by default", () => {
    const wechat = loadConfig(good).payment.wechat!;
    expect(wechat).toMatchObject({ mchid: "1900007291", merchantSerial: "3775B6A45ACD588826D15E583A95F5DD2C5B5E4A", notifyUrl: "https://union.example.com/api/pay/notify/wechat", baseUrl: "https://api.mch.weixin.qq.com" });
    expect(wechat.privateKey.asymmetricKeyType).toBe("rsa");
    expect(wechat.platformKeys.map((k) => k.serial)).toEqual(["PUB_KEY_ID_0114232134912410000000000000"]);
    expect(loadConfig({}).payment).toMatchObject({ provider: "sandbox", wechat: null });
    // Instances on one PostgreSQL need no sandbox secret when WeChat Pay takes the payments.
    expect(loadConfig({ ...good, NODE_ENV: "production", DATABASE_URL: "postgres://db/union", HEALTH_ENTRY_SECRET: "x".repeat(32) }).payment.provider).toBe("wechat");
  });

  test("a missing or wrong one stops the start with its name", () => {
    const bad: [Record<string, string>, string][] = [
      [{ WECHATPAY_MCHID: "" }, "WECHATPAY_MCHID"],
      [{ WECHATPAY_APPID: "d678efh567hg6787" }, "WECHATPAY_APPID"],
      [{ WECHATPAY_MERCHANT_SERIAL: "not hex" }, "WECHATPAY_MERCHANT_SERIAL"],
      [{ WECHATPAY_API_V3_KEY: "too short" }, "WECHATPAY_API_V3_KEY"],
      [{ WECHATPAY_PRIVATE_KEY: join(dir, "missing.pem") }, "WECHATPAY_PRIVATE_KEY"],
      [{ WECHATPAY_PRIVATE_KEY: publicPem }, "WECHATPAY_PRIVATE_KEY"],
      [{ WECHATPAY_PUBLIC_KEY: "" }, "WECHATPAY_PLATFORM_CERT or WECHATPAY_PUBLIC_KEY"],
      [{ WECHATPAY_PUBLIC_KEY_ID: "0114232134912410000000000000" }, "WECHATPAY_PUBLIC_KEY_ID"],
      [{ WECHATPAY_PLATFORM_CERT: "-----BEGIN CERTIFICATE-----\\nAAAA\\n-----END CERTIFICATE-----" }, "WECHATPAY_PLATFORM_CERT"],
      [{ PUBLIC_URL: "" }, "WECHATPAY_NOTIFY_URL"],
      [{ WECHATPAY_NOTIFY_URL: "https://union.example.com/api/pay/notify/wechat?x=1" }, "WECHATPAY_NOTIFY_URL"],
      [{ NODE_ENV: "production", WECHATPAY_NOTIFY_URL: "http://union.example.com/api/pay/notify/wechat" }, "must be https"],
      [{ PAYMENT_PROVIDER: "alipay" }, "PAYMENT_PROVIDER"],
    ];
    for (const [change, name] of bad) {
      expect(() => loadConfig({ ...good, ...change })).toThrow(ConfigError);
      expect(() => loadConfig({ ...good, ...change })).toThrow(name);
    }
  });
});
