// What the route kit does around every verb: answer statuses, body limits,
// the command's transaction with its log row, messages only after a commit,
// providers never inside a transaction, uploads, and the handshake's budget.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Type } from "@sinclair/typebox";
import { and, eq, inArray } from "drizzle-orm";
import { Elysia } from "elysia";
import { duesOrders, files, operationLog, outbox, payments, users, verificationCodes } from "../../src/db/schema";
import { queueMessage } from "../../src/domains/shared/messages";
import { systemDomain } from "../../src/domains/system/routes";
import { command, domain, query } from "../../src/http/kit";
import { createKit } from "../../src/http/serve";
import { JOBS, runJob, systemCtx } from "../../src/jobs/scheduler";
import { until } from "../helpers/wait";
import { makeActivity, makeMembers } from "../helpers/activities";
import type { PaymentProvider } from "../../src/providers/payment";
import { sandboxProvider } from "../../src/providers/payment/sandbox";
import { DEFAULT_SMS_CATALOGUE, type SmsMessage, type SmsProvider, outboxSms } from "../../src/providers/sms";
import { DomainError } from "../../src/protocol/result";
import type { ApiClient } from "../../src/protocol/client";
import { startTestApp, type TestApp } from "../helpers/app";
import { TINY_PNG } from "../helpers/routes";

/** An SMS gateway the test controls: it records, fails, or never answers. */
function gateway() {
  const sent: SmsMessage[] = [];
  let mode: "ok" | "fail" | "hang" = "ok";
  const provider: SmsProvider = {
    ...outboxSms(DEFAULT_SMS_CATALOGUE),
    name: "test-gateway",
    async send(message) {
      if (mode === "fail") throw new Error("gateway refused");
      if (mode === "hang") return new Promise(() => {});
      sent.push(message);
    },
  };
  return { provider, sent, set: (m: typeof mode) => (mode = m) };
}

describe("answers and statuses", () => {
  let t: TestApp;
  let kitApp: Elysia;
  let client: ApiClient;
  beforeAll(async () => {
    t = await startTestApp();
    const probe = domain("probe", [
      command("/probe/refuse", { access: "session" }, () => {
        throw new DomainError("ERROR_NOT_POWER");
      }),
      query("/probe/fault", { access: "session" }, () => {
        throw new Error("secret internals: password=hunter2");
      }),
      query("/probe/echo", { access: "session", input: Type.Object({ n: Type.Number(), s: Type.Optional(Type.String({ maxLength: 10 })) }) }, ({ input }) => ({ n: input.n })),
      query(
        "/probe/nested",
        {
          access: "session",
          input: Type.Object({
            gift: Type.Union([Type.Null(), Type.Object({ face: Type.String({ maxLength: 10 }), day: Type.Optional(Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$" })) })]),
            relationships: Type.Array(Type.Object({ allowMin: Type.Integer({ minimum: 0 }) }), { maxItems: 5 }),
            note: Type.Optional(Type.Union([Type.String({ maxLength: 5 }), Type.Null()])),
          }),
        },
        () => ({}),
      ),
    ]);
    kitApp = new Elysia().use(createKit(t.deps, t.state).mountAll([systemDomain, probe]));
    client = t.clientOf(async (request) => {
      const res = await kitApp.handle(request);
      statuses.push(res.status);
      return res;
    });
  }, 60_000);
  afterAll(() => t.close());
  const statuses: number[] = [];

  test("a refusal a verb gives is a normal sealed answer with status 200", async () => {
    expect((await client.call("/probe/refuse")).message.code).toBe("ERROR_NOT_POWER");
    expect(statuses.at(-1)).toBe(200);
  });

  test("a real fault is a 500 with ERROR_SERVER and nothing of its internals; an unreadable body is the caller's 400", async () => {
    const answer = await client.call("/probe/fault");
    expect(answer.message.code).toBe("ERROR_SERVER");
    expect(statuses.at(-1)).toBe(500);
    expect(JSON.stringify(answer)).not.toContain("hunter2");
    const url = await client.signedUrl("/probe/fault");
    const res = await kitApp.handle(new Request(url, { method: "POST", body: new Uint8Array() }));
    expect(res.status).toBe(400);
    expect(await res.text()).not.toContain("hunter2");
  });

  test("numbers are not read from text, and nothing unlisted passes: each refusal names the field and why", async () => {
    expect((await client.call("/probe/echo", { n: 1 })).message.code).toBe("SUCCESS");
    const refusals: [object, Record<string, unknown>][] = [
      [{ n: "1" }, { field: "n", reason: "type" }],
      [{ n: 1, extra: true }, { field: "extra", reason: "unknown" }],
      [{ n: 1, s: "much too long" }, { field: "s", reason: "long" }],
      [{}, { field: "n", reason: "missing" }],
      [[1], { field: "", reason: "type" }],
    ];
    for (const [payload, params] of refusals) expect((await client.call("/probe/echo", payload)).message).toEqual({ id: 1, code: "ERROR_PARAMS", params });
  });

  test("a schema refusal names a nested field as a path, inside arrays and past a nullable object", async () => {
    const good = { gift: { face: "a.png" }, relationships: [{ allowMin: 0 }, { allowMin: 1 }] };
    expect((await client.call("/probe/nested", good)).message.code).toBe("SUCCESS");
    expect((await client.call("/probe/nested", { ...good, gift: null })).message.code).toBe("SUCCESS");
    const refusals: [object, Record<string, unknown>][] = [
      [{ ...good, gift: {} }, { field: "gift.face", reason: "missing" }],
      [{ ...good, gift: { face: 7 } }, { field: "gift.face", reason: "type" }],
      [{ ...good, gift: { face: "a.png", day: "tomorrow" } }, { field: "gift.day", reason: "format" }],
      [{ ...good, gift: { face: "a.png", stock: 3 } }, { field: "gift.stock", reason: "unknown" }],
      [{ ...good, relationships: [{ allowMin: 0 }, { allowMin: 0 }, { allowMin: -1 }] }, { field: "relationships[2].allowMin", reason: "range" }],
      [{ ...good, relationships: [{ allowMin: 0 }, {}] }, { field: "relationships[1].allowMin", reason: "missing" }],
      [{ ...good, relationships: Array(6).fill({ allowMin: 0 }) }, { field: "relationships", reason: "long" }],
      [{ gift: null }, { field: "relationships", reason: "missing" }],
      [{ ...good, note: "much too long" }, { field: "note", reason: "long" }],
      [{ ...good, note: 5 }, { field: "note", reason: "type" }],
    ];
    for (const [payload, params] of refusals) expect((await client.call("/probe/nested", payload)).message).toMatchObject({ code: "ERROR_PARAMS", params });
  });

  test("a NUL byte or an unpaired surrogate is named where it is; a made-up key is told back no longer than 200 characters", async () => {
    const good = { gift: { face: "a.png" }, relationships: [{ allowMin: 0 }] };
    expect((await client.call("/probe/nested", { ...good, gift: { face: "a\0" } })).message).toMatchObject({ params: { field: "gift.face", reason: "string" } });
    expect((await client.call("/probe/nested", { ...good, relationships: [{ allowMin: 0 }, { note: "\ud800" }] })).message).toMatchObject({ params: { field: "relationships[1].note", reason: "string" } });
    const answer = await client.call("/probe/nested", { ...good, ["k".repeat(5000)]: 1 });
    expect(answer.message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "k".repeat(200), reason: "unknown" } });
  });

  test("a body over the route's limit is refused before it is read, declared or streamed", async () => {
    await client.call("/system/types");
    const url = await client.signedUrl("/probe/echo");
    const declared = await kitApp.handle(new Request(url, { method: "POST", headers: { "content-length": String(300 * 1024) }, body: new Uint8Array(300 * 1024) }));
    expect(declared.status).toBe(413);
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const streamed = await kitApp.handle(new Request(url, { method: "POST", body: endless, duplex: "half" } as RequestInit));
    expect(streamed.status).toBe(413);
    expect(pulled).toBeLessThan(10);
    expect((await streamed.json()).message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "size" } });
  });
});

describe("messages leave only after the commit", () => {
  let t: TestApp;
  const sms = gateway();
  let client: ApiClient;
  beforeAll(async () => {
    t = await startTestApp({ MESSAGE_TIMEOUT_MS: "200" }, { providers: { sms: sms.provider } });
    const probe = domain("probe", [
      command("/probe/send-then-fail", { access: "session" }, async ({ ctx }) => {
        await queueMessage(ctx, { channel: "sms", to: "13700000001", text: "never" });
        throw new DomainError("ERROR_RENAME");
      }),
      command("/probe/send", { access: "session", input: Type.Object({ to: Type.String({ maxLength: 11 }) }) }, async ({ ctx, input }) => {
        await queueMessage(ctx, { channel: "sms", to: input.to, text: "hello" });
      }),
    ]);
    const app = new Elysia().use(createKit(t.deps, t.state).mountAll([systemDomain, probe]));
    client = t.clientOf((request) => app.handle(request));
  }, 60_000);
  afterAll(() => t.close());

  const rowsTo = async (to: string) => t.db.select().from(outbox).where(eq(outbox.to, to));

  test("a write that rolls back sends nothing and leaves no message", async () => {
    expect((await client.call("/probe/send-then-fail")).message.code).toBe("ERROR_RENAME");
    expect(await rowsTo("13700000001")).toEqual([]);
    // The one that commits proves the gateway was listening.
    expect((await client.call("/probe/send", { to: "13700000002" })).message.code).toBe("SUCCESS");
    await until(() => sms.sent.some((m) => m.to === "13700000002"), "the committed message is delivered");
    expect(sms.sent.map((m) => m.to)).not.toContain("13700000001");
    await until(async () => (await rowsTo("13700000002"))[0]?.state === "sent", "the message is marked sent");
  });

  test("a gateway that fails or hangs is retried with backoff, then the message is marked failed for staff", async () => {
    sms.set("hang");
    expect((await client.call("/probe/send", { to: "13700000003" })).message.code).toBe("SUCCESS");
    await until(async () => (await rowsTo("13700000003"))[0]?.error?.includes("no answer") ?? false, "the hanging try times out");
    const first = (await rowsTo("13700000003"))[0]!;
    expect(first).toMatchObject({ state: "pending", attempts: 1 });
    expect(first.nextAt.getTime() - t.clock.now().getTime()).toBe(30_000);
    sms.set("fail");
    const deliver = JOBS.find((j) => j.name === "deliver-messages")!;
    // Not yet due: the job leaves it alone.
    await runJob(t, deliver, t.clock.now());
    expect((await rowsTo("13700000003"))[0]!.attempts).toBe(1);
    for (let attempt = 2; attempt <= 5; attempt++) {
      t.clock.advance(30_000 * 2 ** (attempt - 2));
      await runJob(t, deliver, t.clock.now());
      expect((await rowsTo("13700000003"))[0]!.attempts).toBe(attempt);
    }
    expect((await rowsTo("13700000003"))[0]).toMatchObject({ state: "failed", error: "gateway refused" });
    sms.set("ok");
    t.clock.advance(3_600_000);
    await runJob(t, deliver, t.clock.now());
    expect((await rowsTo("13700000003"))[0]!.state).toBe("failed");
    t.clock.reset();
  });
});

describe("payments: the order commits before the provider is asked", () => {
  let t: TestApp;
  let release: (() => void) | null = null;
  let mode: "hang" | "ok" = "ok";
  beforeAll(async () => {
    t = await startTestApp({ PAYMENT_TIMEOUT_MS: "300" });
    const sandbox = sandboxProvider(t.config);
    const payment: PaymentProvider = {
      ...sandbox,
      create: (p) =>
        mode === "ok" ? sandbox.create(p) : new Promise((resolve) => (release = () => sandbox.create(p).then(resolve))),
    };
    await t.close();
    t = await startTestApp({ PAYMENT_TIMEOUT_MS: "300" }, { providers: { payment } });
  }, 60_000);
  afterAll(() => t.close());

  test("a provider that hangs holds no connection: other writes go on meanwhile, then the order is closed and may be paid again", async () => {
    const member = await t.as("cn100001");
    mode = "hang";
    const paying = member.call("/member/pay");
    await until(() => release !== null, "the provider is asked");
    // PGlite has one connection: had the pay call kept its transaction open, this write would wait for it.
    expect((await member.call("/user/language", { language: 902 })).message.code).toBe("SUCCESS");
    const refused = await paying;
    expect(refused.message).toMatchObject({ code: "ERROR_BUSY", params: { reason: "payment" } });
    const [me] = await t.db.select({ id: users.id }).from(users).where(eq(users.employees, "cn100001"));
    const orders = await t.db.select().from(duesOrders).where(eq(duesOrders.userId, me!.id));
    expect(orders.map((o) => o.state)).toEqual([203]);
    mode = "ok";
    const paid = await member.call<{ trade: string; pay: string }>("/member/pay");
    expect(paid.message.code).toBe("SUCCESS");
    const [row] = await t.db.select().from(payments).where(eq(payments.trade, paid.trade!));
    expect(row!.payUrl).toBe(paid.pay!);
  });
});

describe("the operation log", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000);
  afterAll(() => t.close());

  test("an audited command leaves one row naming who, from where, the action and the entity it changed", async () => {
    const member = t.client();
    await t.signIn(member, "cn100001");
    expect((await member.call("/user/language", { language: 902 })).message.code).toBe("SUCCESS");
    const [me] = await t.db.select({ id: users.id }).from(users).where(eq(users.employees, "cn100001"));
    const rows = await t.db.select().from(operationLog).where(and(eq(operationLog.action, "account.language"), eq(operationLog.userId, me!.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ targetEntity: "user", targetId: String(me!.id), targetUserId: me!.id, detail: "902" });
    expect(rows[0]!.createdAt.getTime()).toBe(t.clock.now().getTime());
  });

  test("writes sharing one transaction stand alone: a failing one is rolled back by its savepoint, with its log row", async () => {
    const ctx = systemCtx(t.deps, t.state, t.clock.now());
    const write = (to: string, fail: boolean) => ({
      ctx,
      name: "probe",
      audit: { action: "probe.batch", row: "each" as const },
      verb: async (c: Parameters<typeof queueMessage>[0]) => {
        const [row] = await c.db.insert(outbox).values({ channel: "mail", to, text: "x", createdAt: c.now, nextAt: new Date(c.now.getTime() + 3_600_000) }).returning();
        if (fail) throw new DomainError("ERROR_SIGN_FULL");
        return { audit: { entity: "outbox", id: row!.id } };
      },
    });
    const outcomes = await t.state.runner.runAll([write("a@example.com", false), write("b@example.com", true), write("c@example.com", false)]);
    expect(outcomes.map((o) => o.ok)).toEqual([true, false, true]);
    expect((outcomes[1] as { error: unknown }).error).toBeInstanceOf(DomainError);
    const kept = await t.db.select({ to: outbox.to }).from(outbox).where(inArray(outbox.to, ["a@example.com", "b@example.com", "c@example.com"]));
    expect(kept.map((r) => r.to).sort()).toEqual(["a@example.com", "c@example.com"]);
    expect(await t.db.select().from(operationLog).where(eq(operationLog.action, "probe.batch"))).toHaveLength(2);
  });

  test("a job's tick that changed something leaves a row; one that changed nothing leaves none", async () => {
    const expireOrders = JOBS.find((j) => j.name === "expire-orders")!;
    const jobRows = () => t.db.select().from(operationLog).where(eq(operationLog.action, "job.expire-orders"));
    expect(await runJob(t, expireOrders, t.clock.now())).toBe(true);
    expect(await jobRows()).toHaveLength(0);
    // A paid sign-up left unpaid past its 5 minutes.
    const paid = await makeActivity(t.db, { price: 1000 });
    const [buyer] = await makeMembers(t.db, 1);
    const member = await t.as(buyer!.account);
    const answer = await member.call<{ expires: string | null }>("/order/sign", { activity: paid.id });
    expect(answer.message.code).toBe("SUCCESS");
    expect(answer.expires).not.toBeNull();
    expect(await runJob(t, expireOrders, new Date(t.clock.now().getTime() + 6 * 60_000))).toBe(true);
    const rows = await jobRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: null, targetEntity: "job", targetId: "expire-orders", detail: JSON.stringify({ cancelled: 1 }) });
  });
});

describe("the handshake's budget", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TOKEN_BURST: "3", TOKEN_PER_SECOND: "1" });
  }, 60_000);
  afterAll(() => t.close());

  test("one address gets a burst of tokens, then a few a second: a loop cannot fill the sessions table", async () => {
    const token = () => t.fetch(`/api/system/token?app_id=union-portal-cli&public_key=${"B".repeat(87)}`);
    t.clock.advance(10_000);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await token()).status);
    // The key is not a real point, so a token that passes the budget is refused as a bad key (400); the budget says 429.
    expect(answers).toEqual([400, 400, 400, 429, 429]);
    t.clock.advance(1_000);
    expect((await token()).status).toBe(400);
    expect((await token()).status).toBe(429);
    t.clock.reset();
  });
});

describe("files", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000);
  afterAll(() => t.close());

  test("an editor uploads a PNG; anyone reads it back at the path answered, from the bytes stored", async () => {
    const editor = await t.as("cn000002");
    const answer = await editor.upload<{ path: string }>("/upload/image", new Blob([TINY_PNG]), "pixel.png");
    expect(answer.message.code).toBe("SUCCESS");
    expect(answer.path).toMatch(/^\/api\/file\/get\?key=[0-9a-f]{64}\.png$/);
    const res = await t.fetch(answer.path!);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(TINY_PNG);
    const [logged] = await t.db.select().from(operationLog).where(eq(operationLog.action, "file.upload"));
    expect(logged).toMatchObject({ targetEntity: "file" });
  });

  test("a JPEG is told from its bytes whatever its name; covers take up to 10,000,000 bytes; images are cached for a year", async () => {
    const editor = await t.as("cn000002");
    const jpeg = new Uint8Array(1024);
    jpeg.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
    const answer = await editor.upload<{ path: string; file: unknown }>("/file/upload/image", new Blob([jpeg]), "cover.png");
    expect(answer.file).toEqual({ filePath: answer.path, contentType: "image/jpeg", format: "jpg", name: "cover.png" });
    expect(answer.path).toMatch(/^\/api\/file\/get\?key=[0-9a-f]{64}\.jpg$/);
    const res = await t.fetch(answer.path!);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const [record] = await t.db.select().from(files).where(eq(files.key, answer.path!.split("=")[1]!));
    expect(record).toMatchObject({ type: "image/jpeg", name: "cover.png", size: 1024 });
    const cover = new Uint8Array(10_000_000);
    cover.set(TINY_PNG);
    expect((await editor.upload("/file/upload/image", new Blob([cover]))).message.code).toBe("SUCCESS");
    const over = new Uint8Array(10_000_001);
    over.set(TINY_PNG);
    expect((await editor.upload("/file/upload/image", new Blob([over]))).message.code).toBe("ERROR_PARAMS");
  });

  test("a multipart upload's refused part is named: a text field the route does not take", async () => {
    const editor = await t.as("cn000002");
    expect((await editor.upload("/file/upload/image", new Blob([TINY_PNG]), "a.png", { caption: "x" })).message).toEqual({
      id: 1,
      code: "ERROR_PARAMS",
      params: { field: "caption", reason: "unknown" },
    });
  });

  test("a file over the route's limit is refused; a member without an editor's power may not upload", async () => {
    const editor = await t.as("cn000002");
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(TINY_PNG);
    expect((await editor.upload("/upload/image", new Blob([big]))).message.code).toBe("ERROR_PARAMS");
    expect((await (await t.as("cn100001")).upload("/upload/image", new Blob([TINY_PNG]))).message.code).toBe("ERROR_NOT_POWER");
  });
});

describe("verification codes under a burst of guesses", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000);
  afterAll(() => t.close());

  test("twelve wrong guesses at the same moment use up the five tries; the right code is refused after them", async () => {
    const member = await t.as("cn100001");
    expect((await member.call("/user/password/send")).message.code).toBe("SUCCESS");
    const [code] = await t.db.select().from(verificationCodes).where(eq(verificationCodes.purpose, "password"));
    const wrong = code!.code === "000000" ? "111111" : "000000";
    const answers = await Promise.all(Array.from({ length: 12 }, () => member.call("/user/password/update", { auth: wrong, password: "0".repeat(32) })));
    const codes = answers.map((a) => a.message.code);
    expect(codes.filter((c) => c === "ERROR_RANDOM")).toHaveLength(5);
    expect(codes.filter((c) => c === "ERROR_RESULT_NULL")).toHaveLength(7);
    const [after] = await t.db.select({ attempts: verificationCodes.attempts }).from(verificationCodes).where(eq(verificationCodes.id, code!.id));
    expect(after!.attempts).toBe(5);
    expect((await member.call("/user/password/update", { auth: code!.code, password: "0".repeat(32) })).message.code).toBe("ERROR_RESULT_NULL");
  });
});
