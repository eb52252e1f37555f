// The embedded SMS and mail providers' outbox, read by staff (docs/api-account.md "Outbox").
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { outbox } from "../../src/db/schema";
import { startTestApp, type TestApp } from "../helpers/app";
import { lastCode, outboxCount } from "../helpers/codes";
import { startServer, type TestServer } from "../helpers/server";

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp({ CODE_SENDS_PER_ADDRESS: "3" });
}, 60_000);
afterEach(() => t.close());

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
  test("an address has CODE_SENDS_PER_ADDRESS sends an hour, refused ones included, refilled over the hour", async () => {
    t.clock.advance(61 * 60_000);
    const c = await t.as("cn100001");
    // Refused (the phone is another member's), but it costs a send all the same: the answer must not be free to probe with.
    expect((await c.call("/user/check/send", { phone: "13900000002" })).message.code).toBe("ERROR_RENAME");
    for (const phone of ["13622220001", "13622220002"]) expect((await c.call("/user/check/send", { phone })).message.code).toBe("SUCCESS");
    expect((await c.call("/user/check/send", { phone: "13622220004" })).message).toMatchObject({ code: "ERROR_OFTEN", params: { seconds: 1200 } });
    // Another kind of code shares the budget.
    expect((await c.call("/user/password/send")).message.code).toBe("ERROR_OFTEN");
    expect(await outboxCount(t, "13622220004")).toBe(0);
    t.clock.advance(1_200_000);
    expect((await c.call("/user/check/send", { phone: "13622220004" })).message.code).toBe("SUCCESS");
    expect((await c.call("/user/check/send", { phone: "13622220005" })).message.code).toBe("ERROR_OFTEN");
    t.clock.reset();
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
