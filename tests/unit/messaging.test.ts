// The real mail and SMS providers' pure parts: Tencent Cloud's request
// signature against the example its documentation works through, what a log
// may say, and the settings that choose them.
import { describe, expect, test } from "bun:test";
import { ConfigError, loadConfig } from "../../src/config";
import { redact } from "../../src/providers/refusal";
import { DEFAULT_SMS_CATALOGUE } from "../../src/providers/sms";
import { tc3Authorization } from "../../src/providers/sms/tencent";

describe("Tencent Cloud signature v3 (TC3-HMAC-SHA256)", () => {
  test("gives the documentation's signature for its DescribeInstances example", () => {
    const authorization = tc3Authorization({
      secretId: "AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE",
      secretKey: "Gu5t9xGARNpq86cd98joQYCN3EXAMPLE",
      service: "cvm",
      timestamp: 1551113065,
      headers: { "Content-Type": "application/json; charset=utf-8", Host: "cvm.tencentcloudapi.com" },
      body: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
    });
    expect(authorization).toBe(
      "TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168",
    );
  });

  test("the date in the scope is UTC's, not the server's local one", () => {
    // 2019-02-26 00:44:25 in Beijing is still the 25th in UTC.
    expect(tc3Authorization({ secretId: "id", secretKey: "key", service: "sms", timestamp: 1551113065, headers: { host: "h", "content-type": "x" }, body: "" })).toContain("/2019-02-25/sms/tc3_request");
  });
});

test("a reason for a log keeps neither an address nor a code whole", () => {
  expect(redact("SMTP RCPT TO: EENVELOPE 550 5.1.1 <zhang.wei@union.example.com>: no such user")).toBe("SMTP RCPT TO: EENVELOPE 550 5.1.1 <z***@union.example.com>: no such user");
  expect(redact("Tencent SMS: LimitExceeded.PhoneNumberOneHourLimit +8613700000003 over the hourly limit")).toBe("Tencent SMS: LimitExceeded.PhoneNumberOneHourLimit +86****03 over the hourly limit");
  expect(redact("您的验证码是 123456")).toBe("您的验证码是 ******");
  expect(redact("no answer within 10000 ms")).toBe("no answer within 10000 ms");
});

describe("choosing the mail and SMS providers", () => {
  const tencent = { SMS_PROVIDER: "tencent", SMS_SECRET_ID: "AKIDexample0001", SMS_SECRET_KEY: "secret-key-0001", SMS_APP_ID: "1400000001", SMS_SIGN_NAME: "工会", SMS_TEMPLATES: "code=2000001" };

  test("unset, both stay in the outbox", () => {
    const c = loadConfig({});
    expect(c.smtp).toBeNull();
    expect(c.sms).toEqual({ provider: "outbox", catalogue: DEFAULT_SMS_CATALOGUE });
  });

  test("SMTP_URL gives host, port, TLS and the login, percent-decoded", () => {
    expect(loadConfig({ SMTP_URL: "smtps://union%40example.com:p%40ss%3Aword@smtp.example.com", MAIL_FROM: "工会 <union@example.com>" }).smtp).toEqual({
      host: "smtp.example.com",
      port: 465,
      secure: true,
      requireTls: false,
      user: "union@example.com",
      password: "p@ss:word",
      from: "工会 <union@example.com>",
    });
    expect(loadConfig({ SMTP_URL: "smtp://relay.internal:2525?requireTLS=true", MAIL_FROM: "union@example.com" }).smtp).toMatchObject({ port: 2525, secure: false, requireTls: true, user: null });
  });

  test("a bad mail or SMS setting stops the start with its name, and never echoes a secret", () => {
    const bad: [Record<string, string>, string][] = [
      [{ SMTP_URL: "http://smtp.example.com", MAIL_FROM: "a@example.com" }, "SMTP_URL"],
      [{ SMTP_URL: "smtp://smtp.example.com" }, "MAIL_FROM"],
      [{ SMTP_URL: "smtp://smtp.example.com?requireTLS=yes", MAIL_FROM: "a@example.com" }, "requireTLS"],
      [{ SMS_PROVIDER: "aliyun" }, "SMS_PROVIDER"],
      [{ ...tencent, SMS_APP_ID: "" }, "SMS_APP_ID"],
      [{ ...tencent, SMS_TEMPLATES: "other=1" }, "SMS_TEMPLATES"],
      [{ ...tencent, SMS_ENDPOINT: "sms.tencentcloudapi.com" }, "SMS_ENDPOINT"],
    ];
    for (const [env, name] of bad) expect(() => loadConfig(env)).toThrow(name);
    expect(() => loadConfig({ ...tencent, SMS_SECRET_KEY: "short" })).toThrow(ConfigError);
    try {
      loadConfig({ ...tencent, SMS_SECRET_KEY: "short" });
    } catch (error) {
      expect((error as Error).message).not.toContain("short");
    }
  });

  test("SMS_PROVIDER=tencent reads the gateway's settings, with its region and address by default", () => {
    expect(loadConfig(tencent).sms).toEqual({
      provider: "tencent",
      secretId: "AKIDexample0001",
      secretKey: "secret-key-0001",
      appId: "1400000001",
      signName: "工会",
      templates: { code: "2000001" },
      region: "ap-guangzhou",
      bulkTemplates: [],
      bulkSigns: [],
      endpoint: "https://sms.tencentcloudapi.com",
    });
  });

  test("bulk SMS: the gateway ids offered with their order; the embedded default's set from SMS_CATALOGUE", () => {
    const sms = loadConfig({ ...tencent, SMS_BULK_TEMPLATES: "2000101:2, 2000102:1,2000103", SMS_BULK_SIGNS: "3001:1" }).sms;
    expect(sms.provider === "tencent" && [sms.bulkTemplates, sms.bulkSigns]).toEqual([
      [{ id: "2000101", order: 2 }, { id: "2000102", order: 1 }, { id: "2000103", order: null }],
      [{ id: "3001", order: 1 }],
    ]);
    expect(() => loadConfig({ ...tencent, SMS_BULK_TEMPLATES: "abc" })).toThrow("SMS_BULK_TEMPLATES");
    const catalogue = JSON.stringify({
      templates: [{ code: "9", name: "通知", content: "您好", status: "AUDIT_STATE_PASS", date: "2026-01-05T10:00:00+08:00", order: 1 }],
      signs: [{ sign: "工会", status: "AUDIT_STATE_WAIT", order: null }],
    });
    expect(loadConfig({ SMS_CATALOGUE: catalogue }).sms).toEqual({
      provider: "outbox",
      catalogue: { templates: [{ code: "9", name: "通知", content: "您好", status: 1602, date: new Date("2026-01-05T02:00:00Z"), order: 1 }], signs: [{ sign: "工会", status: 1601, order: null }] },
    });
    expect(() => loadConfig({ SMS_CATALOGUE: "{" })).toThrow("SMS_CATALOGUE is not JSON");
    expect(() => loadConfig({ SMS_CATALOGUE: JSON.stringify({ templates: [], signs: [{ sign: "x", status: "OK", order: 1 }] }) })).toThrow("status must be one of");
  });
});
