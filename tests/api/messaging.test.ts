// The real mail and SMS providers, chosen by settings, against local fakes of
// the outside services: an SMTP server (smtp-server) and a Tencent Cloud SMS
// gateway that checks signatures like the real one. Codes are asked through
// the portal's own routes; the outbox job delivers, retries and gives up.
import { afterAll, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { eq } from "drizzle-orm";
import { activities, outbox } from "../../src/db/schema";
import { codeTexts } from "../../src/domains/shared/codes";
import { LANGUAGE } from "../../src/protocol/enumerations";
import { MAX_SEND_ATTEMPTS } from "../../src/domains/shared/messages";
import { JOBS, runJob } from "../../src/jobs/scheduler";
import { smtpMail } from "../../src/providers/mail/smtp";
import { Refusal } from "../../src/providers/refusal";
import { tencentSms } from "../../src/providers/sms/tencent";
import type { ApiClient } from "../../src/protocol/client";
import { startTestApp, type TestApp } from "../helpers/app";
import { codeSentTo } from "../helpers/codes";
import { mailParts, startMailServer } from "../helpers/mail-server";
import { readXlsx, XLSX_TYPE } from "../helpers/sheets";
import { GATEWAY_ACCOUNT, startSmsGateway } from "../helpers/sms-gateway";
import { until } from "../helpers/wait";

const LOGIN = { user: "portal@union.example.com", password: "p@ss:w/rd 2026" };
let t: TestApp;
let member: ApiClient;
let mail: Awaited<ReturnType<typeof startMailServer>>;
let gateway: ReturnType<typeof startSmsGateway>;

beforeAll(async () => {
  mail = await startMailServer(LOGIN);
  gateway = startSmsGateway();
  t = await startTestApp({
    CODE_SENDS_PER_ADDRESS: "1000",
    MESSAGE_TIMEOUT_MS: "1000",
    SMTP_URL: `smtp://${encodeURIComponent(LOGIN.user)}:${encodeURIComponent(LOGIN.password)}@127.0.0.1:${mail.port}`,
    MAIL_FROM: "工会 Union <union@example.com>",
    SMS_PROVIDER: "tencent",
    SMS_SECRET_ID: GATEWAY_ACCOUNT.secretId,
    SMS_SECRET_KEY: GATEWAY_ACCOUNT.secretKey,
    SMS_APP_ID: GATEWAY_ACCOUNT.appId,
    SMS_SIGN_NAME: GATEWAY_ACCOUNT.signName,
    SMS_TEMPLATES: "code=2000001",
    SMS_ENDPOINT: gateway.endpoint,
  });
  member = await t.as("cn100001");
}, 60_000);
afterAll(async () => {
  await t?.close();
  await mail?.close();
  gateway?.stop();
});

const deliver = JOBS.find((j) => j.name === "deliver-messages")!;
/** The delivery job's next tick, `ms` after the last one. */
async function tick(ms: number) {
  t.clock.advance(ms);
  await runJob(t, deliver, t.clock.now());
}
const rowTo = async (to: string) => (await t.db.select().from(outbox).where(eq(outbox.to, to)))[0]!;

const settled = (to: string, attempts: number) => until(async () => (await rowTo(to))?.attempts === attempts && (await rowTo(to)).claimedUntil === null, `try ${attempts} to ${to} is recorded`);

describe("mail over SMTP", () => {
  test("a member who reads the portal in one language gets their code in that language alone", async () => {
    const english = await t.as("cn100002");
    expect((await english.call("/user/language", { language: LANGUAGE.LANGUAGE_EN })).message.code).toBe("SUCCESS");
    const to = "emma.new@union.example.com";
    expect((await english.call("/user/mail/send", { mail: to })).message.code).toBe("SUCCESS");
    // With a real provider the outbox keeps the code masked.
    expect(await rowTo(to)).toMatchObject({ subject: "[Union] Verification code", text: "[Union] Your verification code is ******, valid for 2 minutes." });
    expect((await english.call("/user/language", { language: LANGUAGE.LANGUAGE_ZH })).message.code).toBe("SUCCESS");
    t.clock.advance(301_000);
    expect((await english.call("/user/mail/send", { mail: to })).message.code).toBe("SUCCESS");
    const rows = await t.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(outbox.id);
    expect(rows.at(-1)!.subject).toBe("【工会】验证码");
    expect(rows.at(-1)!.text).toBe("【工会】您的验证码是 ******，2分钟内有效。");
  });

  test("a code by mail arrives from MAIL_FROM, logged in, with the subject and text in both languages", async () => {
    const to = "zhang.new@union.example.com";
    expect((await member.call("/user/mail/send", { mail: to })).message.code).toBe("SUCCESS");
    await until(() => mail.received.some((m) => m.to.includes(to)), "the mail arrives");
    const got = mail.received.find((m) => m.to.includes(to))!;
    const code = (await codeSentTo(t, to))!;
    const row = await rowTo(to);
    expect(got.from).toBe("union@example.com");
    expect(got.headers.from).toContain("<union@example.com>");
    expect(got.headers.to).toBe(to);
    expect(got.subject).toBe("【工会】验证码 / [Union] Verification code");
    expect(got.text).toBe(codeTexts(code).text);
    expect(got.text).toContain(`您的验证码是 ${code}，2分钟内有效。`);
    expect(got.text).toContain(`Your verification code is ${code}, valid for 2 minutes.`);
    expect(got.headers["message-id"]).toBe(`<outbox-${row.id}@example.com>`);
    await until(async () => (await rowTo(to)).state === "sent", "the message is marked sent");
    expect(await rowTo(to)).toMatchObject({ attempts: 1, error: null });
  });

  test("an order export sent by mail arrives with its xlsx attached", async () => {
    const editor = await t.as("cn000002");
    const [mooncake] = await t.db.select({ id: activities.id }).from(activities).where(eq(activities.nameEn, "Mid-Autumn mooncake box"));
    expect((await editor.call("/order/activity/export", { id: mooncake!.id, mail: 1 })).message.code).toBe("SUCCESS");
    const to = "cn000002@union.example.com";
    await until(() => mail.received.some((m) => m.to.includes(to) && m.subject.startsWith("订单导出")), "the export mail arrives");
    const got = mail.received.find((m) => m.to.includes(to) && m.subject.startsWith("订单导出"))!;
    expect(got.subject).toBe("订单导出：中秋月饼礼盒");
    const file = mailParts(got.raw).find((p) => (p.headers["content-disposition"] ?? "").startsWith("attachment"))!;
    expect(file.headers["content-type"]).toStartWith(XLSX_TYPE);
    // The name in RFC 2231 pieces (filename*0*=utf-8''..., filename*1*=...), as nodemailer writes a long one.
    const pieces = [...file.headers["content-disposition"]!.matchAll(/filename\*\d+\*?=([^;]+)/g)].map((m) => m[1]!.trim().replace(/^utf-8''/i, ""));
    expect(decodeURIComponent(pieces.join(""))).toMatch(/^中秋月饼礼盒-订单-\d{8}\.xlsx$/);
    const { rows } = readXlsx(new Uint8Array(file.body));
    expect(rows[0]![0]).toBe("主订单号");
    expect(rows.slice(1).map((r) => r[2])).toEqual(["中秋月饼礼盒"]);
    await until(async () => (await rowTo(to)).state === "sent", "the message is marked sent");
  });

  test("a mail whose attachment is gone from storage is marked failed at once: no retry brings it back", async () => {
    const [row] = await t.db
      .insert(outbox)
      .values({ channel: "mail", to: "lost@union.example.com", subject: "s", text: "t", attachment: { key: `${"0".repeat(64)}.xlsx`, name: "lost.xlsx", type: XLSX_TYPE }, createdAt: t.clock.now(), nextAt: t.clock.now() })
      .returning();
    await tick(0);
    await settled("lost@union.example.com", 1);
    expect(await rowTo("lost@union.example.com")).toMatchObject({ id: row!.id, state: "failed", attempts: 1 });
    expect(mail.received.some((m) => m.to.includes("lost@union.example.com"))).toBe(false);
  });

  test("a refusal for good (550) marks the message failed at its first try; the log names the message and the reason, not the address or the code", async () => {
    const warn = spyOn(console, "warn").mockImplementation(() => {});
    try {
      mail.set("refuse");
      const to = "no.such.user@union.example.com";
      expect((await member.call("/user/mail/send", { mail: to })).message.code).toBe("SUCCESS");
      await until(async () => (await rowTo(to))?.state === "failed", "the message is marked failed");
      const row = await rowTo(to);
      expect(row.attempts).toBe(1);
      expect(row.error).toContain("550 5.1.1");
      expect(row.error).not.toContain(to);
      const line = warn.mock.calls.map((c) => (JSON.parse(String(c[0])) as { msg: string }).msg).find((l) => l.startsWith(`message ${row.id} `))!;
      expect(line).toContain("refused, marked failed");
      expect(line).toContain("550 5.1.1 <n***@union.example.com>");
      expect(line).not.toContain(to);
      expect(line).not.toContain((await codeSentTo(t, to))!);
      // Nothing is tried again, however long one waits.
      await tick(3_600_000);
      expect((await rowTo(to)).attempts).toBe(1);
    } finally {
      mail.set("accept");
      warn.mockRestore();
      t.clock.reset();
    }
  });

  test("a deferral (451) and a server that never answers are tried again with backoff, and the mail then arrives", async () => {
    const warn = spyOn(console, "warn").mockImplementation(() => {});
    try {
      const to = "greylisted@union.example.com";
      mail.set("defer");
      expect((await member.call("/user/mail/send", { mail: to })).message.code).toBe("SUCCESS");
      await settled(to, 1);
      expect(await rowTo(to)).toMatchObject({ state: "pending", error: expect.stringContaining("451 4.7.1") });
      mail.set("hang");
      await tick(30_000);
      expect(await rowTo(to)).toMatchObject({ state: "pending", attempts: 2, error: expect.stringMatching(/timed? ?out|no answer/i) });
      expect((await rowTo(to)).nextAt.getTime() - t.clock.now().getTime()).toBe(60_000);
      mail.set("accept");
      await tick(60_000);
      expect(await rowTo(to)).toMatchObject({ state: "sent", attempts: 3 });
      expect(mail.received.filter((m) => m.to.includes(to))).toHaveLength(1);
    } finally {
      mail.set("accept");
      warn.mockRestore();
      t.clock.reset();
    }
  });

  test("a wrong password is refused by the server for good", async () => {
    const wrong = smtpMail({ ...t.config.smtp!, password: "not the password" }, 2000);
    const sending = wrong.send({ id: 1, to: "a@union.example.com", subject: "s", text: "t" });
    await expect(sending).rejects.toBeInstanceOf(Refusal);
    await expect(sending).rejects.toThrow("535");
  });
});

describe("SMS through the Tencent Cloud gateway", () => {
  test("a code by SMS goes signed to the gateway as the approved template, with the code and its minutes", async () => {
    const to = "13611110001";
    expect((await member.call("/user/check/send", { phone: to })).message.code).toBe("SUCCESS");
    await until(async () => (await rowTo(to))?.state === "sent", "the message is marked sent");
    const row = await rowTo(to);
    expect(gateway.sent.filter((s) => s.phone === `+86${to}`)).toEqual([
      { phone: `+86${to}`, templateId: "2000001", params: [(await codeSentTo(t, to))!, "2"], signName: "工会", session: `outbox-${row.id}` },
    ]);
    expect(row).toMatchObject({ attempts: 1, error: null, template: { name: "code" } });
  });

  test("a rate limit, a server error and a hang are tried again with backoff; sent once when the gateway recovers", async () => {
    const warn = spyOn(console, "warn").mockImplementation(() => {});
    try {
      const to = "13611110002";
      gateway.set("limit");
      expect((await member.call("/user/check/send", { phone: to })).message.code).toBe("SUCCESS");
      await settled(to, 1);
      expect(await rowTo(to)).toMatchObject({ state: "pending", error: expect.stringContaining("LimitExceeded.PhoneNumberThirtySecondLimit") });
      expect((await rowTo(to)).error).not.toContain(to);
      gateway.set("down");
      await tick(30_000);
      expect(await rowTo(to)).toMatchObject({ state: "pending", attempts: 2, error: "Tencent SMS: HTTP 502" });
      gateway.set("hang");
      await tick(60_000);
      expect(await rowTo(to)).toMatchObject({ state: "pending", attempts: 3, error: expect.stringContaining("no answer within 1000 ms") });
      gateway.set("ok");
      await tick(120_000);
      expect(await rowTo(to)).toMatchObject({ state: "sent", attempts: 4 });
      expect(gateway.sent.filter((s) => s.phone === `+86${to}`)).toHaveLength(1);
      const id = (await rowTo(to)).id;
      expect(warn.mock.calls.some((c) => (JSON.parse(String(c[0])) as { msg: string }).msg.startsWith(`message ${id} (sms by tencent), try 2 failed, tried again from`))).toBe(true);
    } finally {
      gateway.set("ok");
      warn.mockRestore();
      t.clock.reset();
    }
  });

  test(`a gateway down through ${MAX_SEND_ATTEMPTS} tries leaves the message failed for staff to see`, async () => {
    const warn = spyOn(console, "warn").mockImplementation(() => {});
    try {
      const to = "13611110003";
      gateway.set("down");
      expect((await member.call("/user/check/send", { phone: to })).message.code).toBe("SUCCESS");
      await settled(to, 1);
      for (let attempt = 2; attempt <= MAX_SEND_ATTEMPTS; attempt++) await tick(30_000 * 2 ** (attempt - 2));
      expect(await rowTo(to)).toMatchObject({ state: "failed", attempts: MAX_SEND_ATTEMPTS, error: "Tencent SMS: HTTP 502" });
      const staff = await (await t.as("cn000001")).call<{ list: { to: string; state: string; error: string }[] }>("/system/outbox/list", { index: 1 });
      expect(staff.list!.find((m) => m.to === to)).toMatchObject({ state: "failed", error: "Tencent SMS: HTTP 502" });
    } finally {
      gateway.set("ok");
      warn.mockRestore();
      t.clock.reset();
    }
  });

  test("a template the gateway has not approved is a refusal: the message is marked failed at once", async () => {
    const warn = spyOn(console, "warn").mockImplementation(() => {});
    gateway.approved.delete("2000001");
    try {
      const to = "13611110004";
      expect((await member.call("/user/check/send", { phone: to })).message.code).toBe("SUCCESS");
      await until(async () => (await rowTo(to))?.state === "failed", "the message is marked failed");
      expect(await rowTo(to)).toMatchObject({ attempts: 1, error: expect.stringContaining("FailedOperation.TemplateIncorrectOrUnapproved") });
    } finally {
      gateway.approved.set("2000001", 2);
      warn.mockRestore();
    }
  });

  test("the gateway refuses a request signed with another key, or with a clock ten minutes off", async () => {
    const message = { id: 1, to: "13611110005", text: "t", template: { name: "code" as const, params: ["123456", "2"] } };
    const settings = t.config.sms.provider === "tencent" ? t.config.sms : null;
    const otherKey = tencentSms({ ...settings!, secretKey: "another-secret-key-000" }, 2000);
    await expect(otherKey.send(message)).rejects.toThrow("AuthFailure.SignatureFailure");
    await expect(otherKey.send(message)).rejects.toBeInstanceOf(Refusal);
    const late = tencentSms(settings!, 2000, () => Date.now() - 10 * 60_000);
    await expect(late.send(message)).rejects.toThrow("AuthFailure.SignatureExpire");
    await tencentSms(settings!, 2000).send(message);
    expect(gateway.sent.filter((s) => s.phone === "+8613611110005")).toHaveLength(1);
  });
});
