// What the outbox keeps to its owners and how often it sends (issue 28 items
// 2, 3 and 5): a mailed export's file opens only for its addressee and the
// holders of the power that made it; with real providers no code is kept
// readable, yet a retry still sends it; and on two instances a slow provider
// gets each message once.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, spyOn, test } from "bun:test";
import { desc, eq, inArray, sql } from "drizzle-orm";
import { createAppState } from "../../src/app-state";
import { activities, outbox } from "../../src/db/schema";
import { JOBS, runJob } from "../../src/jobs/scheduler";
import type { AppState } from "../../src/domains/context";
import { startTestApp, type TestApp } from "../helpers/app";
import { codeSentTo, lastCode } from "../helpers/codes";
import { startMailServer } from "../helpers/mail-server";
import { fetchFile, readXlsx } from "../helpers/sheets";
import { GATEWAY_ACCOUNT, startSmsGateway } from "../helpers/sms-gateway";
import { until } from "../helpers/wait";

const LOGIN = { user: "portal@union.example.com", password: "p@ss:w/rd 2026" };
const deliver = JOBS.find((j) => j.name === "deliver-messages")!;

type Listed = { list: { id: number; to: string; text: string; subject: string | null; attachment: { name: string; type: string } | null }[] };

describe("a mailed export's attachment (item 2)", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp();
  }, 60_000);
  afterEach(() => t.close());

  test("opens for the addressee and a holder of the orders' power; the operator is refused and is not shown the link", async () => {
    const editor = await t.as("cn000002");
    const [mooncake] = await t.db.select({ id: activities.id }).from(activities).where(eq(activities.nameEn, "Mid-Autumn mooncake box"));
    expect((await editor.call("/order/activity/export", { id: mooncake!.id, mail: 1 })).message.code).toBe("SUCCESS");
    const [row] = await t.db.select().from(outbox).where(eq(outbox.to, "cn000002@union.example.com")).orderBy(desc(outbox.id)).limit(1);
    expect(row!.attachment).not.toBeNull();
    const id = String(row!.id);

    const operator = await t.as("cn000003");
    const refused = await fetchFile(operator, "/system/outbox/attachment", { id });
    expect(refused).toMatchObject({ code: "ERROR_NOT_POWER", bytes: null });
    // The operator still reads the outbox, without the file's link.
    const seen = await operator.call<Listed>("/system/outbox/list", { index: 1 });
    expect(seen.message.code).toBe("SUCCESS");
    expect(seen.list!.find((m) => m.id === row!.id)!.attachment).toBeNull();

    for (const account of ["cn000002", "cn000001"]) {
      const got = await fetchFile(await t.as(account), "/system/outbox/attachment", { id });
      expect(got.code).toBe("SUCCESS");
      expect(got.name).toBe(row!.attachment!.name);
      expect(readXlsx(got.bytes!).rows.slice(1).map((r) => r[2])).toEqual(["中秋月饼礼盒"]);
    }
    const admin = await (await t.as("cn000001")).call<Listed>("/system/outbox/list", { index: 1 });
    expect(admin.list!.find((m) => m.id === row!.id)!.attachment).toEqual({ name: row!.attachment!.name, type: row!.attachment!.type });
    // A member who is neither is refused too; an id that is no mail's is not found.
    expect((await fetchFile(await t.as("cn100001"), "/system/outbox/attachment", { id })).code).toBe("ERROR_NOT_POWER");
    expect((await fetchFile(editor, "/system/outbox/attachment", { id: "999999" })).code).toBe("ERROR_RESULT_NULL");
  });
});

/** The real providers, against local fakes: SMTP and the Tencent Cloud SMS gateway. */
async function realProviders(extra: Record<string, string> = {}) {
  const mail = await startMailServer(LOGIN);
  const gateway = startSmsGateway();
  const t = await startTestApp({
    CODE_SENDS_PER_ADDRESS: "1000",
    SMTP_URL: `smtp://${encodeURIComponent(LOGIN.user)}:${encodeURIComponent(LOGIN.password)}@127.0.0.1:${mail.port}`,
    MAIL_FROM: "工会 Union <union@example.com>",
    SMS_PROVIDER: "tencent",
    SMS_SECRET_ID: GATEWAY_ACCOUNT.secretId,
    SMS_SECRET_KEY: GATEWAY_ACCOUNT.secretKey,
    SMS_APP_ID: GATEWAY_ACCOUNT.appId,
    SMS_SIGN_NAME: GATEWAY_ACCOUNT.signName,
    SMS_TEMPLATES: "code=2000001",
    SMS_ENDPOINT: gateway.endpoint,
    ...extra,
  });
  return {
    t,
    mail,
    gateway,
    async close() {
      await t.close();
      await mail.close();
      gateway.stop();
    },
  };
}

describe("codes with real providers (item 3)", () => {
  let real: Awaited<ReturnType<typeof realProviders>>;
  beforeAll(async () => {
    real = await realProviders({ MESSAGE_TIMEOUT_MS: "2000" });
  }, 60_000);
  afterAll(() => real?.close());

  const rowTo = async (to: string) => (await real.t.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1))[0]!;
  const codeTo = async (to: string) => (await codeSentTo(real.t, to))!;
  /** Every column of the row as text, as someone reading the table would see it. */
  const rowText = async (id: number) => JSON.stringify((await real.t.db.execute(sql`select * from outbox where id = ${id}`)) as unknown);

  test("a reset code for the administrator: the outbox lists no code, the gateway gets it, a retry after a failed try still sends it, and the row keeps none", async () => {
    const { t, gateway } = real;
    const warn = spyOn(console, "warn").mockImplementation(() => {});
    try {
      const phone = "13800000001";
      gateway.set("down");
      expect((await t.client().call("/user/reset/send", { phone })).message.code).toBe("SUCCESS");
      await until(async () => (await rowTo(phone))?.attempts === 1 && (await rowTo(phone)).claimedUntil === null, "the first try is recorded");
      const code = await codeTo(phone);
      const operator = await t.as("cn000003");
      const listed = (await operator.call<Listed>("/system/outbox/list", { index: 1 })).list!.find((m) => m.to === phone)!;
      expect(listed.text).not.toContain(code);
      expect(listed.text).not.toMatch(/\d{6}/);
      expect(await rowText((await rowTo(phone)).id)).not.toContain(code);
      gateway.set("ok");
      t.clock.advance(30_000);
      await runJob({ ...t.deps, state: t.state }, deliver, t.clock.now());
      await until(async () => (await rowTo(phone)).state === "sent", "the retry is sent");
      expect(gateway.sent.filter((s) => s.phone === `+86${phone}`).map((s) => s.params)).toEqual([[code, "2"]]);
      const row = await rowTo(phone);
      expect(row).toMatchObject({ attempts: 2, sealed: null });
      expect(await rowText(row.id)).not.toContain(code);
    } finally {
      gateway.set("ok");
      warn.mockRestore();
      real.t.clock.reset();
    }
  });

  test("a code by mail: the mail carries it, the outbox and its row never do", async () => {
    const { t, mail } = real;
    const to = "new.address@union.example.com";
    expect((await (await t.as("cn100001")).call("/user/mail/send", { mail: to })).message.code).toBe("SUCCESS");
    await until(async () => (await rowTo(to))?.state === "sent", "the mail is sent");
    const code = await codeTo(to);
    expect(mail.received.find((m) => m.to.includes(to))!.text).toContain(`您的验证码是 ${code}`);
    const listed = (await (await t.as("cn000001")).call<Listed>("/system/outbox/list", { index: 1 })).list!.find((m) => m.to === to)!;
    expect(listed.text).not.toContain(code);
    expect(await rowText(listed.id)).not.toContain(code);
  });

  test("with the embedded providers the outbox stays readable: the demo reads its codes there", async () => {
    const t = await startTestApp();
    try {
      expect((await t.client().call("/user/reset/send", { phone: "13800000001" })).message.code).toBe("SUCCESS");
      expect(await lastCode(t, "13800000001")).toBe((await codeSentTo(t, "13800000001"))!);
    } finally {
      await t.close();
    }
  });
});

describe("a slow provider on two instances (item 5)", () => {
  let real: Awaited<ReturnType<typeof realProviders>>;
  beforeAll(async () => {
    real = await realProviders();
  }, 60_000);
  afterAll(() => real?.close());

  test("20 mails and 20 SMS, each taking the provider 4 s, are delivered once each and all recorded sent", async () => {
    const { t, mail, gateway } = real;
    const instances: AppState[] = [t.state, createAppState(t.deps)];
    const running = new Set<Promise<unknown>>();
    let period = -1;
    // Each instance's timer fires every period of the job; the first to come runs it (as startJobs does).
    const tickDue = () => {
      const now = t.clock.now();
      if (Math.floor(now.getTime() / deliver.everyMs) === period) return;
      period = Math.floor(now.getTime() / deliver.everyMs);
      for (const state of instances) {
        const run = runJob({ ...t.deps, state }, deliver, now, { oncePerPeriod: true });
        running.add(run);
        void run.finally(() => running.delete(run));
      }
    };
    // The providers take 4 s of the portal's clock a message (a short real wait, the same for every message, so
    // messages end in the order they began); the timers of both instances fire as that time passes.
    const slow = {
      ms: 4_000,
      pass: async (ms: number) => {
        const end = t.clock.now().getTime() + ms;
        await Bun.sleep(150);
        if (t.clock.now().getTime() < end) t.clock.set(new Date(end));
        tickDue();
      },
    };
    mail.slow(slow);
    gateway.slow(slow);
    try {
      const now = t.clock.now();
      const rows = await t.db
        .insert(outbox)
        .values(
          Array.from({ length: 40 }, (_, i) =>
            i % 2
              ? { channel: "sms", to: `1361234${String(i).padStart(4, "0")}`, text: "t", template: { name: "code" as const, params: [String(100000 + i), "2"] }, createdAt: now, nextAt: now }
              : { channel: "mail", to: `slow-${i}@union.example.com`, subject: "s", text: `mail ${i}`, createdAt: now, nextAt: now },
          ),
        )
        .returning({ id: outbox.id });
      const ids = rows.map((r) => r.id);
      tickDue();
      // When nothing is being sent, the next period comes.
      await until(
        async () => {
          const left = await t.db.select({ id: outbox.id }).from(outbox).where(inArray(outbox.id, ids)).then((r) => r);
          const pending = await t.db.select({ id: outbox.id }).from(outbox).where(sql`${inArray(outbox.id, ids)} and ${outbox.state} <> 'sent'`);
          if (left.length && pending.length === 0 && running.size === 0) return true;
          if (running.size === 0) {
            t.clock.advance(deliver.everyMs);
            tickDue();
          }
          return false;
        },
        "every message is sent",
        60_000,
      );
      const mails = mail.received.filter((m) => m.to[0]!.startsWith("slow-"));
      const sms = gateway.sent.filter((s) => s.phone.startsWith("+861361234"));
      const perMessage = (keys: string[]) => Object.values(Object.groupBy(keys, (k) => k)).map((v) => v!.length);
      console.info(`slow provider: ${mails.length} mails for 20 messages, ${sms.length} SMS for 20 messages`);
      expect(perMessage(mails.map((m) => m.to[0]!))).toEqual(Array(20).fill(1));
      expect(perMessage(sms.map((s) => s.phone))).toEqual(Array(20).fill(1));
      const states = await t.db.select({ state: outbox.state, attempts: outbox.attempts }).from(outbox).where(inArray(outbox.id, ids));
      expect(states.every((s) => s.state === "sent" && s.attempts === 1)).toBe(true);
    } finally {
      mail.slow(null);
      gateway.slow(null);
      await Promise.all(running);
      t.clock.reset();
    }
  }, 90_000);
});

describe("a claim on a live clock (item 5)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000);
  afterAll(() => t.close());

  test("a message is sent though the clock moved on between its claim and its send, as it always does on a server", async () => {
    const now = t.clock.now();
    const [row] = await t.db.insert(outbox).values({ channel: "mail", to: "live-clock@union.example.com", subject: "s", text: "t", createdAt: now, nextAt: now }).returning({ id: outbox.id });
    // The tick's moment is a second behind the clock the send reads (a busy event loop, a slow claim).
    t.clock.advance(1_000);
    try {
      await runJob({ ...t.deps, state: t.state }, deliver, now);
      expect((await t.db.select().from(outbox).where(eq(outbox.id, row!.id)))[0]).toMatchObject({ state: "sent", attempts: 1, claimToken: null });
    } finally {
      t.clock.reset();
    }
  });
});

describe("a send that outlasts its claim (item 5)", () => {
  let real: Awaited<ReturnType<typeof realProviders>>;
  beforeAll(async () => {
    real = await realProviders({ MESSAGE_TIMEOUT_MS: "3000" });
  }, 60_000);
  afterAll(() => real?.close());

  test("writes no outcome once another instance took the message over: its holder neither retries it nor marks it, nor starts the next", async () => {
    const { t, mail } = real;
    const other = createAppState(t.deps);
    const warn = spyOn(console, "warn").mockImplementation(() => {});
    let paused = true;
    // The first instance's send stalls (its process paused) past the claim; meanwhile the other instance's tick takes the
    // message over and sends it. The stalled send then times out.
    mail.slow({
      ms: 0,
      pass: async () => {
        if (!paused) return;
        paused = false;
        t.clock.advance(70_000);
        await runJob({ ...t.deps, state: other }, deliver, t.clock.now());
        await new Promise(() => {}); // this answer never comes
      },
    });
    try {
      const to = "paused@union.example.com";
      const now = t.clock.now();
      const next = "next-in-batch@union.example.com";
      const [row, second] = await t.db
        .insert(outbox)
        .values([to, next].map((address) => ({ channel: "mail", to: address, subject: "s", text: "t", createdAt: now, nextAt: now })))
        .returning({ id: outbox.id });
      await runJob({ ...t.deps, state: t.state }, deliver, now);
      const after = (await t.db.select().from(outbox).where(eq(outbox.id, row!.id)))[0]!;
      expect(after).toMatchObject({ state: "sent", attempts: 2, error: null });
      expect(warn.mock.calls.some((c) => String(c[0]).includes(`message ${row!.id} (mail): its claim ran out`))).toBe(true);
      // Nothing is left to try again, however long one waits.
      for (const ms of [30_000, 60_000, 120_000]) {
        t.clock.advance(ms);
        await runJob({ ...t.deps, state: t.state }, deliver, t.clock.now());
      }
      expect(mail.received.filter((m) => m.to.includes(to))).toHaveLength(1);
      expect((await t.db.select().from(outbox).where(eq(outbox.id, row!.id)))[0]).toMatchObject({ state: "sent", attempts: 2 });
      // The next message of the stalled claim was the other instance's to send by then (both claims counted a try): sent once, by it.
      expect(mail.received.filter((m) => m.to.includes(next))).toHaveLength(1);
      expect((await t.db.select().from(outbox).where(eq(outbox.id, second!.id)))[0]).toMatchObject({ state: "sent", attempts: 2 });
    } finally {
      mail.slow(null);
      warn.mockRestore();
      t.clock.reset();
    }
  }, 30_000);
});
