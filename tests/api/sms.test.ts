// Bulk SMS (spec 3 sections 2.4, 3, 5 "Short message send", 7 "Short
// messages", 9): the templates and signs offered, from the embedded default's
// set and from the Tencent Cloud gateway (a local fake that checks
// signatures); the send refused with the spec's messages and nothing
// written; a task drained by the delivery job's tick, each number once, even
// across a crash; the gateway's refusals and silences recorded per number.
import { afterAll, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { and, count, eq } from "drizzle-orm";
import { operationLog, rolePowers, roles, smsNumbers, smsTasks, users } from "../../src/db/schema";
import { claimSmsNumbers, SMS_CLAIM_MS, SMS_SETTLE_EVERY_MS, SMS_SETTLE_HORIZON_MS, SMS_SETTLE_RECHECK_MS } from "../../src/domains/sms/delivery";
import { JOBS, runJob, systemCtx } from "../../src/jobs/scheduler";
import type { ApiClient } from "../../src/protocol/client";
import { SMS_STATE, USER_STATE } from "../../src/protocol/enumerations";
import { startTestApp, type TestApp } from "../helpers/app";
import { TINY_PNG } from "../helpers/routes";
import { xlsxFile } from "../helpers/sheets";
import { GATEWAY_ACCOUNT, GATEWAY_BULK_ENV, startSmsGateway } from "../helpers/sms-gateway";
import { until } from "../helpers/wait";

const SEND = "/user/operation/sms/import/send";
const deliver = JOBS.find((j) => j.name === "deliver-messages")!;
const RESEND = "/user/operation/sms/resend";

type Log = {
  list: { id: number; phone: string; state: { id: number; nameZh: string; nameEn: string }; error: string | null }[];
  count: number;
  max: number;
  index: number;
  success: number;
  failed: number;
  unknown: number;
  total: number;
};
type Tasks = { list: { id: number; title: string; count: number; date: string }[]; count: number; max: number; index: number };

/** An xlsx of one column of numbers, no header. */
const numbers = (...phones: (string | number)[]) => xlsxFile(phones.map((p) => [p]));
const send = (c: ApiClient, file: Blob, fields: Record<string, string>) => c.upload<{ id: number; count: number }>(SEND, file, "numbers.xlsx", fields);
const failure = (a: { message: { code: string; params?: unknown } }): Record<string, unknown> => ({ code: a.message.code, ...(a.message.params as object) });

function helpers(app: () => TestApp) {
  return {
    tick: async (ms = 5_000) => {
      const t = app();
      t.clock.advance(ms);
      await runJob(t, deliver, t.clock.now());
    },
    states: async (task: number) =>
      (await app().db.select({ phone: smsNumbers.phone, state: smsNumbers.state, attempts: smsNumbers.attempts }).from(smsNumbers).where(eq(smsNumbers.taskId, task)).orderBy(smsNumbers.phone)).map(
        (r) => [r.phone, r.state, r.attempts],
      ),
    taskCount: async () => (await app().db.select({ n: count() }).from(smsTasks))[0]!.n,
    /** A tick of the settle job (not found on a portal without it: the test then fails). */
    settle: async (ms = 30_000) => {
      const t = app();
      t.clock.advance(ms);
      const job = JOBS.find((j) => j.name === "settle-sms");
      expect(job).toBeDefined();
      await runJob(t, job!, t.clock.now());
    },
    /** The delivery job's transaction claims the due numbers and commits; the instance then dies without recording anything. */
    claimAndDie: async () => {
      const t = app();
      const claimed = await t.state.runner.run({ ctx: systemCtx(t.deps, t.state, t.clock.now()), name: "test:claim", verb: async (c) => ({ batches: await claimSmsNumbers(c) }) });
      return claimed.batches;
    },
  };
}

const CATALOGUE = JSON.stringify({
  templates: [
    { code: "900002", name: "会费提醒", content: "本年度会费尚未缴纳。", status: "AUDIT_STATE_PASS", date: "2026-01-05T10:00:00+08:00", order: 2 },
    { code: "900001", name: "活动通知", content: "近期有新的会员活动。", status: "AUDIT_STATE_PASS", date: "2026-01-04T10:00:00+08:00", order: 1 },
    { code: "900003", name: "未排序", content: "不应出现。", status: "AUDIT_STATE_PASS", date: null, order: null },
    { code: "900004", name: "审核中", content: "审核中的模板。", status: "AUDIT_STATE_WAIT", date: null, order: 3 },
  ],
  signs: [
    { sign: "公司工会", status: "AUDIT_STATE_PASS", order: 2 },
    { sign: "工会", status: "AUDIT_STATE_PASS", order: 1 },
    { sign: "审核中", status: "AUDIT_STATE_WAIT", order: 3 },
    { sign: "未排序", status: "AUDIT_STATE_PASS", order: null },
  ],
});

describe("the embedded default (SMS_CATALOGUE)", () => {
  let t: TestApp;
  let operator: ApiClient;
  const { tick, states, taskCount, settle, claimAndDie } = helpers(() => t);
  beforeAll(async () => {
    t = await startTestApp({ SMS_CATALOGUE: CATALOGUE });
    operator = await t.as("cn000003");
  }, 60_000);
  afterAll(() => t.close());

  test("a member and the editor are refused every call; the operator is allowed", async () => {
    const before = await taskCount();
    for (const account of ["cn100001", "cn000002"]) {
      const c = await t.as(account);
      for (const [path, payload] of [
        ["/user/operation/sms/template", { index: 1 }],
        ["/user/operation/sms/sign", { index: 1 }],
        ["/user/operation/sms/tasks", { index: 1 }],
        ["/user/operation/sms/logs", { index: 1, task: 1 }],
      ] as const) {
        expect({ path, code: (await c.call(path, payload)).message.code }).toEqual({ path, code: "ERROR_NOT_POWER" });
      }
      expect((await send(c, numbers("13900000001"), { sign: "工会", title: "x", code: "900001" })).message.code).toBe("ERROR_NOT_POWER");
    }
    expect(await taskCount()).toBe(before);
  });

  test("templates without an order are hidden; only approved signs with an order are offered; both in their order", async () => {
    const templates = await operator.call<{ list: { name: string; code: string; content: string; status: number; date: string | null; order: number }[] }>("/user/operation/sms/template", { index: 1 });
    expect(templates.list!.map((x) => [x.code, x.name, x.status, x.order])).toEqual([
      ["900001", "活动通知", 1602, 1],
      ["900002", "会费提醒", 1602, 2],
      ["900004", "审核中", 1601, 3],
    ]);
    expect(templates.list![0]).toMatchObject({ content: "近期有新的会员活动。", date: "2026-01-04T02:00:00.000Z" });
    const signs = await operator.call<{ list: { sign: string; order: number; status: number }[] }>("/user/operation/sms/sign", { index: 1 });
    expect(signs.list).toEqual([
      { sign: "工会", order: 1, status: 1602 },
      { sign: "公司工会", order: 2, status: 1602 },
    ]);
  });

  test("the send is refused without a sign, a task name, a template or a readable file of phone numbers; nothing is written", async () => {
    const before = await taskCount();
    const good = { sign: "工会", title: "活动通知", code: "900001" };
    const file = numbers("13900000001");
    expect(failure(await send(operator, file, { ...good, sign: "" }))).toEqual({ code: "ERROR_PARAMS", field: "sign" });
    expect(failure(await send(operator, file, { title: "x", code: "900001" }))).toEqual({ code: "ERROR_PARAMS", field: "sign" });
    expect(failure(await send(operator, file, { ...good, title: "   " }))).toEqual({ code: "ERROR_PARAMS", field: "title" });
    expect(failure(await send(operator, file, { ...good, title: "长".repeat(51) }))).toEqual({ code: "ERROR_PARAMS", field: "title", reason: "long", max: 50 });
    expect(failure(await send(operator, file, { ...good, code: "" }))).toEqual({ code: "ERROR_PARAMS", field: "code" });
    expect(failure(await send(operator, file, { ...good, other: "x" }))).toEqual({ code: "ERROR_PARAMS", field: "other", reason: "unknown" });
    // No file, a picture, an empty sheet, and a sheet with rows that are not one phone number.
    expect(failure(await send(operator, new Blob([]), good))).toMatchObject({ code: "ERROR_PARAMS", reason: "size" });
    expect(failure(await send(operator, new Blob([TINY_PNG]), good))).toMatchObject({ code: "ERROR_PARAMS", reason: "type" });
    expect(failure(await send(operator, xlsxFile([[""]]), good))).toMatchObject({ code: "ERROR_PARAMS" });
    expect(failure(await send(operator, numbers("13900000001", "1390000", "13900000002", "电话", "23900000003"), good))).toEqual({
      code: "ERROR_PARAMS",
      field: "file",
      reason: "phones",
      rows: [2, 4, 5],
      count: 3,
    });
    expect(failure(await send(operator, xlsxFile([["13900000001", "张三"]]), good))).toMatchObject({ field: "file", reason: "phones", rows: [1] });
    expect(await taskCount()).toBe(before);
  });

  test("a task is made by the upload and sent by the delivery job: each number once, with its log and counts, and the send is audited", async () => {
    const sent = await send(operator, numbers(13900000011, "139 0000 0012", "13900000013", "13900000011"), { sign: "工会", title: "十一月活动通知", code: "900001" });
    expect(sent.message.code).toBe("SUCCESS");
    expect(sent.count).toBe(3);
    const task = sent.id!;
    // Nothing is sent by the request.
    expect(await states(task)).toEqual([
      ["13900000011", SMS_STATE.SMS_STATE_WAIT, 0],
      ["13900000012", SMS_STATE.SMS_STATE_WAIT, 0],
      ["13900000013", SMS_STATE.SMS_STATE_WAIT, 0],
    ]);
    const tasks = await operator.call<Tasks>("/user/operation/sms/tasks", { index: 1 });
    expect(tasks.list![0]).toMatchObject({ id: task, title: "十一月活动通知", count: 3, date: t.clock.now().toISOString() });
    await tick();
    await tick();
    expect(await states(task)).toEqual([
      ["13900000011", SMS_STATE.SMS_STATE_SUCCESS, 1],
      ["13900000012", SMS_STATE.SMS_STATE_SUCCESS, 1],
      ["13900000013", SMS_STATE.SMS_STATE_SUCCESS, 1],
    ]);
    const log = await operator.call<Log>("/user/operation/sms/logs", { index: 1, task });
    expect(log).toMatchObject({ count: 3, max: 1, index: 1, success: 3, failed: 0 });
    expect(log.list!.map((l) => [l.phone, l.state.nameZh, l.state.nameEn])).toEqual([
      ["139****0011", "发送成功", "Sent"],
      ["139****0012", "发送成功", "Sent"],
      ["139****0013", "发送成功", "Sent"],
    ]);
    const [audit] = await t.db.select().from(operationLog).where(and(eq(operationLog.action, "sms.send"), eq(operationLog.targetId, String(task))));
    expect(audit).toMatchObject({ targetEntity: "sms_task", targetId: String(task) });
    expect(JSON.parse(audit!.detail!)).toEqual({ title: "十一月活动通知", sign: "工会", code: "900001", count: 3 });
    expect((await operator.call("/user/operation/sms/logs", { index: 1, task: 999_999 })).message.code).toBe("ERROR_RESULT_NULL");
  });

  test("to the members of a member search: the server runs the search itself, counts what it skips, and sends only the count confirmed", async () => {
    const [member] = await t.db.select({ roleId: users.roleId }).from(users).where(eq(users.employees, "cn100001"));
    const made = { roleId: member!.roleId, createdAt: t.clock.now(), updatedAt: t.clock.now() };
    await t.db.insert(users).values([
      { ...made, employees: "sms7001", phone: "13700000001", state: USER_STATE.USER_STATE_ACTIVE },
      { ...made, employees: "sms7002", phone: "13700000002", state: USER_STATE.USER_STATE_REGISTERED },
      // A member without a phone, or who left, is skipped and counted.
      { ...made, employees: "sms7004", phone: null, state: USER_STATE.USER_STATE_ACTIVE },
      { ...made, employees: "sms7005", phone: "13700000005", state: USER_STATE.USER_STATE_LEFT },
    ]);
    const COUNT = "/user/operation/sms/search/count";
    const SEARCH_SEND = "/user/operation/sms/search/send";
    const counted = await operator.call<{ count: number; matched: number; left: number; noPhone: number }>(COUNT, { account: "sms70" });
    expect([counted.message.code, counted.count, counted.matched, counted.left, counted.noPhone]).toEqual(["SUCCESS", 2, 3, 0, 1]);
    const leftOnly = await operator.call<{ count: number; left: number }>(COUNT, { account: "sms70", state: USER_STATE.USER_STATE_LEFT });
    expect([leftOnly.count, leftOnly.left]).toEqual([0, 1]);

    const before = await taskCount();
    const good = { account: "sms70", sign: "工会", title: "会员查询通知", code: "900001" };
    // The editor has neither power; an officer with the SMS power but not the search's reaches no member by search.
    expect((await (await t.as("cn000002")).call(COUNT, { account: "sms70" })).message.code).toBe("ERROR_NOT_POWER");
    const [role] = await t.db.insert(roles).values({ code: "sms-only", nameZh: "短信员", nameEn: "SMS only" }).returning({ id: roles.id });
    await t.db.insert(rolePowers).values({ roleId: role!.id, power: "FUNCTION_MEMBER_EDIT" });
    const [demo] = await t.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.employees, "cn100001"));
    await t.db.insert(users).values({ ...made, employees: "smsx01", phone: "13600000009", state: USER_STATE.USER_STATE_ACTIVE, roleId: role!.id, passwordHash: demo!.passwordHash });
    const smsOnly = await t.as("smsx01");
    expect((await smsOnly.call("/user/operation/sms/tasks", { index: 1 })).message.code).toBe("SUCCESS");
    expect((await smsOnly.call(COUNT, { account: "sms70" })).message.code).toBe("ERROR_NOT_POWER");
    expect((await smsOnly.call(SEARCH_SEND, { account: "sms70", sign: "工会", title: "x", code: "900001", expect: 2 })).message.code).toBe("ERROR_NOT_POWER");
    // A list of ids from the client is no part of the call.
    expect(failure(await operator.call(SEARCH_SEND, { ...good, expect: 2, ids: [1, 2] }))).toMatchObject({ code: "ERROR_PARAMS" });
    expect(failure(await operator.call(SEARCH_SEND, { ...good, sign: "", expect: 2 }))).toEqual({ code: "ERROR_PARAMS", field: "sign" });
    // The search found another number than the officer confirmed: refused with the new count, nothing written.
    expect(failure(await operator.call(SEARCH_SEND, { ...good, expect: 3 }))).toEqual({ code: "ERROR_PARAMS", field: "expect", reason: "changed", count: 2, left: 0, noPhone: 1 });
    expect(failure(await operator.call(SEARCH_SEND, { ...good, account: "nobody-at-all", expect: 0 }))).toEqual({ code: "ERROR_PARAMS", field: "search", reason: "empty", left: 0, noPhone: 0 });
    expect(await taskCount()).toBe(before);

    const sent = await operator.call<{ id: number; count: number; left: number; noPhone: number }>(SEARCH_SEND, { ...good, expect: 2 });
    expect([sent.message.code, sent.count, sent.noPhone]).toEqual(["SUCCESS", 2, 1]);
    expect(await states(sent.id!)).toEqual([
      ["13700000001", SMS_STATE.SMS_STATE_WAIT, 0],
      ["13700000002", SMS_STATE.SMS_STATE_WAIT, 0],
    ]);
    await tick();
    expect((await states(sent.id!)).map((r) => r[1])).toEqual([SMS_STATE.SMS_STATE_SUCCESS, SMS_STATE.SMS_STATE_SUCCESS]);
    const [audit] = await t.db.select().from(operationLog).where(and(eq(operationLog.action, "sms.send"), eq(operationLog.targetId, String(sent.id))));
    expect(JSON.parse(audit!.detail!)).toEqual({ title: "会员查询通知", sign: "工会", code: "900001", count: 2, search: { account: "sms70" }, left: 0, noPhone: 1 });
  });

  test("a sign or template the set does not approve is refused at delivery: the numbers are marked failed", async () => {
    const a = (await send(operator, numbers("13900000021"), { sign: "审核中", title: "未审核签名", code: "900001" })).id!;
    const b = (await send(operator, numbers("13900000022"), { sign: "工会", title: "未排序模板", code: "900003" })).id!;
    await tick();
    expect(await states(a)).toEqual([["13900000021", SMS_STATE.SMS_STATE_FAILED, 1]]);
    expect(await states(b)).toEqual([["13900000022", SMS_STATE.SMS_STATE_FAILED, 1]]);
    const log = await operator.call<Log>("/user/operation/sms/logs", { index: 1, task: a });
    expect(log).toMatchObject({ success: 0, failed: 1 });
    expect(log.list![0]).toMatchObject({ state: { nameZh: "发送失败", nameEn: "Failed" }, error: "the sign is not approved" });
  });

  test("the embedded default keeps no reports: an unknown number stays unknown until staff resend it, and goes once", async () => {
    const warn = spyOn(console, "warn").mockImplementation(() => {});
    try {
      const task = (await send(operator, numbers("13900000031", "13900000032"), { sign: "工会", title: "未知重发", code: "900001" })).id!;
      await claimAndDie();
      await tick(SMS_CLAIM_MS);
      expect((await states(task)).map(([, state]) => state)).toEqual([SMS_STATE.SMS_STATE_UNKNOWN, SMS_STATE.SMS_STATE_UNKNOWN]);
      await settle();
      expect((await states(task)).map(([, state]) => state)).toEqual([SMS_STATE.SMS_STATE_UNKNOWN, SMS_STATE.SMS_STATE_UNKNOWN]);
      const resent = await operator.call<{ count: number }>(RESEND, { task, nonce: "embedded-resend-1" });
      expect(resent).toMatchObject({ message: { code: "SUCCESS" }, count: 2 });
      await tick();
      expect(await states(task)).toEqual([
        ["13900000031", SMS_STATE.SMS_STATE_SUCCESS, 2],
        ["13900000032", SMS_STATE.SMS_STATE_SUCCESS, 2],
      ]);
      expect(failure(await operator.call(RESEND, { task, nonce: "embedded-resend-2" }))).toEqual({ code: "ERROR_SMS_NOTHING_UNKNOWN" });
    } finally {
      warn.mockRestore();
    }
  });

  test("the log pages by 20 and the task list by 25", async () => {
    const phones = Array.from({ length: 45 }, (_, i) => `1370000${String(i).padStart(4, "0")}`);
    const task = (await send(operator, numbers(...phones), { sign: "工会", title: "分页", code: "900001" })).id!;
    const last = await operator.call<Log>("/user/operation/sms/logs", { index: 99, task });
    expect(last).toMatchObject({ count: 45, max: 3, index: 3 });
    expect(last.list).toHaveLength(5);
    expect(last.list![4]!.phone).toBe("137****0044");
  });
});

describe("the Tencent Cloud gateway", () => {
  let t: TestApp;
  let operator: ApiClient;
  let gateway: ReturnType<typeof startSmsGateway>;
  const { tick, states, settle, claimAndDie } = helpers(() => t);
  beforeAll(async () => {
    gateway = startSmsGateway();
    t = await startTestApp({
      MESSAGE_TIMEOUT_MS: "1000",
      SMS_PROVIDER: "tencent",
      SMS_SECRET_ID: GATEWAY_ACCOUNT.secretId,
      SMS_SECRET_KEY: GATEWAY_ACCOUNT.secretKey,
      SMS_APP_ID: GATEWAY_ACCOUNT.appId,
      SMS_SIGN_NAME: GATEWAY_ACCOUNT.signName,
      SMS_TEMPLATES: "code=2000001",
      SMS_ENDPOINT: gateway.endpoint,
      ...GATEWAY_BULK_ENV,
    });
    operator = await t.as("cn000003");
    gateway.setReportClock(() => t.clock.now().getTime());
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    gateway?.stop();
  });
  const sentTo = (phone: string) => gateway.sent.filter((s) => s.phone === `+86${phone}`);

  test("templates and signs are read from the gateway by their ids, shown as the spec says", async () => {
    const templates = await operator.call<{ list: { name: string; code: string; content: string; status: number; date: string; order: number }[] }>("/user/operation/sms/template", { index: 1 });
    expect(templates.list!.map((x) => [x.code, x.name, x.status, x.order])).toEqual([
      ["2000101", "活动通知", 1602, 1],
      ["2000102", "会费提醒", 1602, 2],
      ["2000104", "审核中模板", 1601, 3],
    ]);
    expect(templates.list![0]).toMatchObject({ content: "工会近期有新的会员活动，请登录会员平台查看并报名。", date: new Date(1767600000 * 1000).toISOString() });
    const signs = await operator.call<{ list: { sign: string; order: number }[] }>("/user/operation/sms/sign", { index: 1 });
    expect(signs.list!.map((s) => s.sign)).toEqual(["工会", "工会活动"]);
    expect(gateway.calls).toContain("DescribeSmsTemplateList");
    expect(gateway.calls).toContain("DescribeSmsSignList");
  });

  test("a gateway that does not answer the listing is ERROR_BUSY, never a fault", async () => {
    const warn = spyOn(console, "warn").mockImplementation(() => {});
    gateway.set("down");
    try {
      expect(failure(await operator.call("/user/operation/sms/template", { index: 1 }))).toEqual({ code: "ERROR_BUSY", reason: "sms" });
      expect(failure(await operator.call("/user/operation/sms/sign", { index: 1 }))).toEqual({ code: "ERROR_BUSY", reason: "sms" });
    } finally {
      gateway.set("ok");
      warn.mockRestore();
    }
  });

  test("a task is drained by the job's tick in one gateway request; another tick sends nothing again", async () => {
    const task = (await send(operator, numbers("13900000101", "13900000102"), { sign: "工会活动", title: "网关群发", code: "2000101" })).id!;
    expect(sentTo("13900000101")).toHaveLength(0);
    await tick();
    expect(sentTo("13900000101")).toEqual([{ phone: "+8613900000101", templateId: "2000101", params: [], signName: "工会活动", session: `sms-task-${task}` }]);
    expect(sentTo("13900000102")).toHaveLength(1);
    await tick();
    await tick(3_600_000);
    expect(sentTo("13900000101")).toHaveLength(1);
    expect(await operator.call<Log>("/user/operation/sms/logs", { index: 1, task })).toMatchObject({ success: 2, failed: 0 });
  });

  test("a crash after the claim: the numbers are marked unknown when the claim runs out, never sent again", async () => {
    const warn = spyOn(console, "warn").mockImplementation(() => {});
    try {
      const task = (await send(operator, numbers("13900000201", "13900000202"), { sign: "工会", title: "崩溃", code: "2000101" })).id!;
      // The job's transaction claims them and commits; the instance dies before calling the gateway.
      const claimed = await t.state.runner.run({ ctx: systemCtx(t.deps, t.state, t.clock.now()), name: "test:claim", verb: async (c) => ({ batches: await claimSmsNumbers(c) }) });
      expect(claimed.batches.flatMap((b) => b.numbers.map((n) => n.phone))).toEqual(["13900000201", "13900000202"]);
      expect((await states(task)).map(([, state]) => state)).toEqual([SMS_STATE.SMS_STATE_SENDING, SMS_STATE.SMS_STATE_SENDING]);
      // Another instance's ticks meanwhile do not take them.
      await tick();
      expect(sentTo("13900000201")).toHaveLength(0);
      await tick(SMS_CLAIM_MS);
      expect(await states(task)).toEqual([
        ["13900000201", SMS_STATE.SMS_STATE_UNKNOWN, 1],
        ["13900000202", SMS_STATE.SMS_STATE_UNKNOWN, 1],
      ]);
      await tick(3_600_000);
      expect(sentTo("13900000201")).toHaveLength(0);
      const log = await operator.call<Log>("/user/operation/sms/logs", { index: 1, task });
      expect(log).toMatchObject({ success: 0, failed: 2 });
      expect(log.list![0]!.state).toMatchObject({ nameZh: "结果未知（未重发）", nameEn: "Outcome unknown (not resent)" });
    } finally {
      warn.mockRestore();
    }
  });

  test("a gateway without an answer (502, a hang): the numbers are unknown, not resent", async () => {
    const warn = spyOn(console, "warn").mockImplementation(() => {});
    try {
      gateway.set("down");
      const a = (await send(operator, numbers("13900000301"), { sign: "工会", title: "502", code: "2000101" })).id!;
      await tick();
      expect(await states(a)).toEqual([["13900000301", SMS_STATE.SMS_STATE_UNKNOWN, 1]]);
      gateway.set("hang");
      const b = (await send(operator, numbers("13900000302"), { sign: "工会", title: "hang", code: "2000101" })).id!;
      await tick();
      expect(await states(b)).toEqual([["13900000302", SMS_STATE.SMS_STATE_UNKNOWN, 1]]);
      gateway.set("ok");
      await tick(3_600_000);
      expect(sentTo("13900000301")).toHaveLength(0);
      expect(sentTo("13900000302")).toHaveLength(0);
    } finally {
      gateway.set("ok");
      warn.mockRestore();
    }
  });

  test("the gateway's refusals mark numbers failed: an unapproved sign the whole request, a wrong number alone", async () => {
    const a = (await send(operator, numbers("13900000401", "13900000402"), { sign: "审核中签名", title: "未审核", code: "2000101" })).id!;
    const b = (await send(operator, numbers("13900000403", "12000000404"), { sign: "工会", title: "错号", code: "2000102" })).id!;
    await tick();
    expect(await states(a)).toEqual([
      ["13900000401", SMS_STATE.SMS_STATE_FAILED, 1],
      ["13900000402", SMS_STATE.SMS_STATE_FAILED, 1],
    ]);
    expect(await states(b)).toEqual([
      ["12000000404", SMS_STATE.SMS_STATE_FAILED, 1],
      ["13900000403", SMS_STATE.SMS_STATE_SUCCESS, 1],
    ]);
    const log = await operator.call<Log>("/user/operation/sms/logs", { index: 1, task: a });
    expect(log).toMatchObject({ success: 0, failed: 2 });
    expect(log.list![0]!.error).toContain("FailedOperation.SignatureIncorrectOrUnapproved");
    expect(await operator.call<Log>("/user/operation/sms/logs", { index: 1, task: b })).toMatchObject({ success: 1, failed: 1 });
  });

  test("a rate limit is not a send: the number waits and goes once on a later tick", async () => {
    gateway.set("limit");
    const task = (await send(operator, numbers("13900000501"), { sign: "工会", title: "限流", code: "2000101" })).id!;
    await tick();
    expect(await states(task)).toEqual([["13900000501", SMS_STATE.SMS_STATE_WAIT, 1]]);
    gateway.set("ok");
    await tick(10_000);
    expect(sentTo("13900000501")).toHaveLength(0);
    await tick(30_000);
    expect(await states(task)).toEqual([["13900000501", SMS_STATE.SMS_STATE_SUCCESS, 2]]);
    expect(sentTo("13900000501")).toHaveLength(1);
  });

  test("numbers a dead instance had at the gateway are settled from its delivery reports; what has no report stays unknown, is listed, and is resent once on request", async () => {
    const warn = spyOn(console, "warn").mockImplementation(() => {});
    const askedAt = async (phone: string) =>
      (await t.db.select({ at: smsNumbers.reportCheckedAt }).from(smsNumbers).where(eq(smsNumbers.phone, phone)))[0]!.at?.getTime() ?? null;
    try {
      const [delivered, refused, silent] = ["13900000601", "13900000602", "13900000603"];
      gateway.undeliverable.add(`+86${refused}`);
      gateway.reportless.add(`+86${silent}`);
      const task = (await send(operator, numbers(delivered, refused, silent), { sign: "工会", title: "回执", code: "2000101" })).id!;
      // The instance claims the numbers and is in the middle of the gateway's request when it dies: the gateway sends all three.
      const [batch] = await claimAndDie();
      gateway.set("hold");
      const dying = t.state.providers.sms.sendBulk({ task, sign: batch!.sign, code: batch!.code, phones: batch!.numbers.map((n) => n.phone) }).catch(() => null);
      await until(async () => gateway.sent.filter((s) => s.session === `sms-task-${task}`).length === 3, "the gateway has the numbers");
      gateway.set("ok");
      await dying;
      await tick(SMS_CLAIM_MS);
      expect((await states(task)).map(([, state]) => state)).toEqual([SMS_STATE.SMS_STATE_UNKNOWN, SMS_STATE.SMS_STATE_UNKNOWN, SMS_STATE.SMS_STATE_UNKNOWN]);

      // The settle job reads each number's reports: delivered is sent, reported undelivered is failed, no report stays unknown.
      await settle();
      expect(await states(task)).toEqual([
        [delivered, SMS_STATE.SMS_STATE_SUCCESS, 1],
        [refused, SMS_STATE.SMS_STATE_FAILED, 1],
        [silent, SMS_STATE.SMS_STATE_UNKNOWN, 1],
      ]);
      const log = await operator.call<Log>("/user/operation/sms/logs", { index: 1, task });
      expect(log).toMatchObject({ success: 1, failed: 2, unknown: 1, total: 3, count: 3 });
      expect(log.list!.find((l) => l.phone === "139****0602")!.error).toBe("delivery report: MK:0005");
      // Staff see which are still unknown.
      const unknown = await operator.call<Log>("/user/operation/sms/logs", { index: 1, task, state: SMS_STATE.SMS_STATE_UNKNOWN });
      expect(unknown).toMatchObject({ count: 1, max: 1, unknown: 1, total: 3 });
      expect(unknown.list!.map((l) => [l.phone, l.state.nameEn])).toEqual([["139****0603", "Outcome unknown (not resent)"]]);
      expect(failure(await operator.call("/user/operation/sms/logs", { index: 1, task, state: 1 }))).toMatchObject({ code: "ERROR_PARAMS" });

      // The job's tick runs once a period, whichever instance's timer fires (the shared period claim of every job).
      const settleJob = JOBS.find((j) => j.name === "settle-sms")!;
      t.clock.advance(SMS_SETTLE_EVERY_MS);
      expect(await runJob(t, settleJob, t.clock.now(), { oncePerPeriod: true })).toBe(true);
      expect(await runJob(t, settleJob, t.clock.now(), { oncePerPeriod: true })).toBe(false);
      // A number is asked about once per recheck period, and no more after the horizon.
      const asked = await askedAt(silent);
      expect(asked).not.toBeNull();
      await settle();
      expect(await askedAt(silent)).toBe(asked);
      await settle(SMS_SETTLE_RECHECK_MS);
      expect(await askedAt(silent)).toBe(t.clock.now().getTime());
      expect(await states(task)).toContainEqual([silent, SMS_STATE.SMS_STATE_UNKNOWN, 1]);
      const last = await askedAt(silent);
      await settle(SMS_SETTLE_HORIZON_MS);
      expect(await askedAt(silent)).toBe(last);

      // Resend (signed in again: three days have passed): refused for a member, the editor, a task that does not exist, a malformed nonce.
      operator = await t.as("cn000003");
      expect((await (await t.as("cn100001")).call(RESEND, { task, nonce: "member-nonce-1" })).message.code).toBe("ERROR_NOT_POWER");
      expect((await (await t.as("cn000002")).call(RESEND, { task, nonce: "editor-nonce-1" })).message.code).toBe("ERROR_NOT_POWER");
      expect(failure(await operator.call(RESEND, { task: 999_999, nonce: "missing-task-1" }))).toEqual({ code: "ERROR_RESULT_NULL" });
      expect(failure(await operator.call(RESEND, { task, nonce: "x" }))).toMatchObject({ code: "ERROR_PARAMS" });
      expect(await states(task)).toContainEqual([silent, SMS_STATE.SMS_STATE_UNKNOWN, 1]);
      // A double click: both answer the same, the number is re-queued once and sent once; the sent and failed ones are not touched.
      const [first, second] = await Promise.all([operator.call<{ count: number }>(RESEND, { task, nonce: "resend-click-1" }), operator.call<{ count: number }>(RESEND, { task, nonce: "resend-click-1" })]);
      expect([first.message.code, first.count, second.message.code, second.count]).toEqual(["SUCCESS", 1, "SUCCESS", 1]);
      expect(await states(task)).toEqual([
        [delivered, SMS_STATE.SMS_STATE_SUCCESS, 1],
        [refused, SMS_STATE.SMS_STATE_FAILED, 1],
        [silent, SMS_STATE.SMS_STATE_WAIT, 1],
      ]);
      await tick();
      await tick(3_600_000);
      expect(await states(task)).toEqual([
        [delivered, SMS_STATE.SMS_STATE_SUCCESS, 1],
        [refused, SMS_STATE.SMS_STATE_FAILED, 1],
        [silent, SMS_STATE.SMS_STATE_SUCCESS, 2],
      ]);
      expect([sentTo(delivered).length, sentTo(refused).length, sentTo(silent).length]).toEqual([1, 1, 2]);
      // Nothing unknown is left: a new click is refused.
      expect(failure(await operator.call(RESEND, { task, nonce: "resend-click-2" }))).toEqual({ code: "ERROR_SMS_NOTHING_UNKNOWN" });
      const audits = await t.db.select().from(operationLog).where(and(eq(operationLog.action, "sms.resend"), eq(operationLog.targetId, String(task))));
      expect(audits.map((a) => JSON.parse(a.detail!)).sort((a, b) => Number(!!a.repeated) - Number(!!b.repeated))).toEqual([{ count: 1 }, { count: 1, repeated: true }]);
    } finally {
      gateway.set("ok");
      warn.mockRestore();
    }
  });
});
