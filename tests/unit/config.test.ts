import { describe, expect, test } from "bun:test";
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
