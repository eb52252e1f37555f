// The embedded SMS and mail providers' outbox, read by staff (docs/api-account.md "Outbox").
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { outbox, verificationCodes } from "../../src/db/schema";
import { sendCode } from "../../src/domains/verification/codes";
import type { Ctx } from "../../src/http/context";
import { embeddedProviders } from "../../src/providers";
import { startTestApp, type TestApp } from "../helpers/app";
import { lastCode, outboxCount } from "../helpers/codes";
import { startServer, type TestServer } from "../helpers/server";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ CODE_SENDS_PER_ADDRESS: "3" });
}, 60_000);
afterAll(() => t.close());

type Entry = { id: number; channel: string; to: string; subject: string | null; text: string; date: string };
type Page = { list: Entry[]; count: number; max: number; index: number };

describe("the outbox", () => {
  test("staff read what was sent, newest first, 20 a page, the index clamped", async () => {
    const base = t.clock.now().getTime();
    await t.db.insert(outbox).values(
      Array.from({ length: 25 }, (_, i) => ({ channel: i % 2 ? "mail" : "sms", to: `to-${i}`, subject: i % 2 ? "主题 / Subject" : null, text: `text ${i}`, createdAt: new Date(base - (25 - i) * 1000) })),
    );
    const admin = await t.as("cn000001");
    const first = await admin.call<Page>("/system/outbox/list", { index: 1 });
    expect(first.message.code).toBe("SUCCESS");
    expect(first).toMatchObject({ count: 25, max: 2, index: 1 });
    expect(first.list!.length).toBe(20);
    expect(first.list![0]).toMatchObject({ channel: "sms", to: "to-24", subject: null, text: "text 24" });
    expect(first.list![1]).toMatchObject({ channel: "mail", to: "to-23", subject: "主题 / Subject", text: "text 23" });
    expect(first.list![0]!.date).toBe(new Date(base - 1000).toISOString());
    const second = await admin.call<Page>("/system/outbox/list", { index: 9 });
    expect(second.index).toBe(2);
    expect(second.list!.map((e) => e.to)).toEqual(["to-4", "to-3", "to-2", "to-1", "to-0"]);
    expect((await admin.call<Page>("/system/outbox/list", {})).index).toBe(1);
  });

  test("an operator holds the power; a member does not", async () => {
    expect((await (await t.as("cn000003")).call("/system/outbox/list", { index: 1 })).message.code).toBe("SUCCESS");
    expect((await (await t.as("cn100001")).call("/system/outbox/list", { index: 1 })).message.code).toBe("ERROR_NOT_POWER");
  });

  test("a code sent inside a transaction that then fails is not in the outbox, nor is the code", async () => {
    const ctx = { db: t.db, now: t.clock.now(), config: t.config, session: { id: "test-session", userId: null }, actor: null, ip: null, host: null, userAgent: null, providers: embeddedProviders(t.config) } as unknown as Ctx;
    const before = await outboxCount(t);
    const failing = t.db.transaction(async (tx) => {
      await sendCode({ ...ctx, db: tx }, { purpose: "reset", channel: "sms", target: "13611112222", userId: null });
      expect(await outboxCount({ ...t, db: tx } as TestApp)).toBe(before + 1);
      throw new Error("a later step of the request fails");
    });
    await expect(failing).rejects.toThrow("a later step");
    expect(await outboxCount(t)).toBe(before);
    expect((await t.db.select().from(verificationCodes).where(eq(verificationCodes.target, "13611112222"))).length).toBe(0);
  });

  test("a refused send writes nothing to the outbox; an accepted one writes one message", async () => {
    const c = await t.as("cn100001");
    const before = await outboxCount(t);
    expect((await c.call("/user/check/send", { phone: "13900000002" })).message.code).toBe("ERROR_RENAME");
    expect(await outboxCount(t)).toBe(before);
    expect((await c.call("/user/check/send", { phone: "13611113333" })).message.code).toBe("SUCCESS");
    expect(await outboxCount(t)).toBe(before + 1);
    expect(await lastCode(t, "13611113333")).toMatch(/^\d{6}$/);
  });
});

describe("sending codes from one address", () => {
  test("an address that sent 3 codes within the hour (CODE_SENDS_PER_ADDRESS) waits 30 s, then twice as long", async () => {
    t.clock.advance(61 * 60_000);
    const c = await t.as("cn100001");
    for (const phone of ["13622220001", "13622220002", "13622220003"]) expect((await c.call("/user/check/send", { phone })).message.code).toBe("SUCCESS");
    expect((await c.call("/user/check/send", { phone: "13622220004" })).message).toMatchObject({ code: "ERROR_OFTEN", params: { seconds: 30 } });
    expect(await outboxCount(t, "13622220004")).toBe(0);
    t.clock.advance(31_000);
    expect((await c.call("/user/check/send", { phone: "13622220004" })).message.code).toBe("SUCCESS");
    expect((await c.call("/user/check/send", { phone: "13622220005" })).message).toMatchObject({ code: "ERROR_OFTEN", params: { seconds: 60 } });
  });
});

describe("the outbox from the command line", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  }, 90_000);
  afterAll(() => server?.stop());

  async function cli(args: string[]) {
    const child = Bun.spawn([process.execPath, "scripts/api.ts", "--url", server.url, ...args], {
      env: { ...process.env, CAPTCHA_FIXED: "ABC123" },
      stdout: "pipe",
      stderr: "pipe",
    });
    const [stdout, code] = await Promise.all([new Response(child.stdout).text(), child.exited]);
    return { answer: JSON.parse(stdout), code };
  }

  test("a person trying the demo reads the activation code with scripts/api.ts", async () => {
    const sent = await cli(["/active/sms/send", '{"phone":"13900000003"}']);
    expect(sent.code).toBe(0);
    const { answer, code } = await cli(["--as", "cn000001", "--password", "Union2026demo", "/system/outbox/list", '{"index":1}']);
    expect(code).toBe(0);
    expect(answer.list[0]).toMatchObject({ channel: "sms", to: "13900000003" });
    expect(answer.list[0].text).toMatch(/您的验证码是 \d{6}/);
  }, 30_000);
});
