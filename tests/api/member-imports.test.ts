// The four writing member imports (spec 3 sections 4.3, 6, 7, 8): onboarding
// and update, leavers, points, the welcome mail. xlsx checked by content,
// every row judged before anything is written, a file with a refused row
// applies nothing, the feedback log to download and clear, the same file
// (renamed or not) twice changing nothing, each with its own power.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, inArray, like } from "drizzle-orm";
import { importLogs, operationLog, outbox, pointRecords, properties, propertyLog, propertyOptions, rolePowers, roles, users } from "../../src/db/schema";
import { POINT_TYPE, USER_STATE } from "../../src/protocol/enumerations";
import type { ApiClient } from "../../src/protocol/client";
import { startTestApp, type TestApp } from "../helpers/app";
import { registeredMember, valueOf } from "../helpers/codes";
import { ONBOARDING_HEADER, onboardingRows } from "../helpers/member-sheets";
import { TINY_PNG } from "../helpers/routes";
import { fetchFile, readXlsx, XLSX_TYPE, xlsxFile } from "../helpers/sheets";
import { until } from "../helpers/wait";

type Answer = Record<string, any>;
let t: TestApp;
let op: ApiClient;
let prop: (titleEn: string) => number;
beforeAll(async () => {
  t = await startTestApp();
  op = await t.as("cn000003");
  const props = await t.db.select().from(properties);
  prop = (titleEn) => props.find((p) => p.titleEn === titleEn)!.id;
}, 90_000);
afterAll(() => t.close());
afterEach(() => t.clock.reset());

/** Past the session cache's life (SESSION_CACHE_MS, 2 s by default). */
const SESSION_CACHE = 2_001;
const upload = (path: string, rows: (string | number | null)[][], name = "members.xlsx", who = op) => who.upload<Answer>(path, xlsxFile(rows), name);
const onboardRaw = (rows: (string | number | null)[][]) => upload("/user/operation/import/update", rows);
const onboard = (rows: (string | number | null)[][], name?: string, who?: ApiClient) => upload("/user/operation/import/update", [ONBOARDING_HEADER, ...rows], name, who);
const verdicts = (answer: Answer) => answer.list.map((r: Answer) => [r.row, r.verdict, r.reason]);
const byEmployees = async (e: string) => (await t.db.select().from(users).where(eq(users.employees, e)))[0];

describe("/user/operation/import/update", () => {
  test("a good file creates members in state register with their profile, logged value by value; the same file again, renamed, changes nothing", async () => {
    const rows = onboardingRows(3, { prefix: "ob", phonePrefix: "150" });
    const answer = await onboard(rows);
    expect(answer.message.code).toBe("SUCCESS");
    expect([answer.create, answer.update, answer.count]).toEqual([3, 0, 3]);
    expect(answer.key).toMatch(/^[0-9a-f]{32}$/);
    expect(verdicts(answer)).toEqual([
      [2, "apply", null],
      [3, "apply", null],
      [4, "apply", null],
    ]);
    const m = (await byEmployees("ob00001"))!;
    expect(m).toMatchObject({ phone: "15000000001", mail: "ob00001@union.example.com", state: USER_STATE.USER_STATE_REGISTERED });
    expect(await valueOf(t, m.id, prop("Name"))).toEqual({ optionId: null, value: "导入会员1" });
    expect((await valueOf(t, m.id, prop("Department")))?.value).toBe("rd");
    expect((await valueOf(t, m.id, prop("Team")))?.value).toBe("rd-mobile");
    expect((await valueOf(t, m.id, prop("Date of birth")))?.value).toBe("1991-02-11");
    expect((await valueOf(t, m.id, prop("Employee ID")))?.value).toBe("ob00001");
    const logs = await t.db.select().from(propertyLog).where(eq(propertyLog.userId, m.id));
    expect(logs.find((l) => l.propertyId === prop("Name"))).toMatchObject({ originValue: null, newValue: "导入会员1" });
    const [created] = await t.db.select().from(operationLog).where(and(eq(operationLog.action, "member.create"), eq(operationLog.targetUserId, m.id)));
    expect(created!.detail).toBe("import: members.xlsx");
    expect(logs.every((l) => l.operationLogId === created!.id)).toBe(true);
    // The upload ran as a staff job: its start is the import's operation-log row, and the job holds the answer.
    expect(answer.job).toMatch(/^[0-9a-f]{32}$/);
    const [audit] = await t.db.select().from(operationLog).where(and(eq(operationLog.action, "member.import.update"), eq(operationLog.targetId, answer.job)));
    expect(audit).toBeDefined();
    const job = await op.call<Answer>("/user/operation/job", { key: answer.job });
    expect(job.job).toMatchObject({ kind: "member.import.update", state: "done", done: 6, total: 6, result: { create: 3, key: answer.key } });
    // The members are found by the search.
    const found = await op.call<Answer>("/user/operation/list", { account: "ob00002" });
    expect(found.list.map((r: Answer) => r.employees)).toEqual(["ob00002"]);

    for (const name of ["members.xlsx", "copy of members.xlsx"]) {
      const again = await onboard(rows, name);
      expect(again.message.code).toBe("SUCCESS");
      expect([again.create, again.update, again.count]).toEqual([0, 0, 0]);
      expect(verdicts(again).map((v: unknown[]) => v[2])).toEqual(["member.same", "member.same", "member.same"]);
    }
    expect(await t.db.select().from(propertyLog).where(eq(propertyLog.userId, m.id))).toHaveLength(logs.length);
  });

  test("an update changes what the file says, logs old and new values, keeps what its empty cells and missing columns leave out", async () => {
    const [row] = onboardingRows(1, { prefix: "up", phonePrefix: "151" });
    expect((await onboard([row!])).create).toBe(1);
    const m = (await byEmployees("up00001"))!;
    // Only three columns, in English; the name and the team change; the phone cell is empty.
    const answer = await upload("/user/operation/import/update", [["Employee ID", "Name", "Mobile phone", "Team", "Department"], ["up00001", "改名会员", "", "Platform", "Research and Development"]]);
    expect(answer.message.code).toBe("SUCCESS");
    expect([answer.create, answer.update]).toEqual([0, 1]);
    expect((await valueOf(t, m.id, prop("Name")))?.value).toBe("改名会员");
    expect((await valueOf(t, m.id, prop("Team")))?.value).toBe("rd-platform");
    expect((await valueOf(t, m.id, prop("Date of birth")))?.value).toBe("1991-02-11");
    expect((await byEmployees("up00001"))!.phone).toBe("15100000001");
    const [updated] = await t.db.select().from(operationLog).where(and(eq(operationLog.action, "member.update"), eq(operationLog.targetUserId, m.id)));
    const changes = await t.db.select().from(propertyLog).where(eq(propertyLog.operationLogId, updated!.id));
    expect(changes.map((c) => [c.propertyId, c.originValue, c.newValue]).sort()).toEqual(
      [
        [prop("Name"), "导入会员1", "改名会员"],
        [prop("Team"), "rd-mobile", "rd-platform"],
      ].sort(),
    );
  });

  test("a mixed file applies nothing: the good rows would apply, each bad row says why", async () => {
    const rows = onboardingRows(8, { prefix: "mx", phonePrefix: "152" });
    rows[1]![2] = "12345"; // phone
    rows[2]![5] = "1990-02-30"; // no such day
    rows[3]![7] = "招聘组"; // a team of another department
    rows[4]![9] = "火星"; // nationality
    rows[5]![10] = "船长"; // role
    rows[6]![0] = "bad number!"; // employee number
    rows[7]![2] = "13900000001"; // cn100001's phone
    const answer = await onboard(rows, "mixed.xlsx");
    expect(answer.message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "rows", refused: 7 } });
    expect([answer.count, answer.create ?? 0]).toEqual([0, 0]);
    expect(verdicts(answer)).toEqual([
      [2, "apply", null],
      [3, "refused", "phone.format"],
      [4, "refused", `property.${prop("Date of birth")}`],
      [5, "refused", `property.${prop("Team")}`],
      [6, "refused", "nationality.unknown"],
      [7, "refused", "role.unknown"],
      [8, "refused", "employees.format"],
      [9, "refused", "contact.taken"],
    ]);
    expect(await t.db.select().from(users).where(like(users.employees, "mx%"))).toEqual([]);
    // The feedback table, cell by cell, in the importer's language.
    const log = await fetchFile(op, "/user/operation/download/log", { kind: "update", log: answer.key });
    expect(log.code).toBe("SUCCESS");
    expect(log.name).toBe("mixed-导入结果.xlsx");
    const { rows: cells } = readXlsx(log.bytes!);
    expect(cells[0]).toEqual(["行号", ...ONBOARDING_HEADER, "结果", "原因"]);
    expect(cells[1]).toEqual([2, ...rows[0]!, "可导入", null]);
    expect(cells[2]).toEqual([3, ...rows[1]!, "不能导入", "手机号格式不正确"]);
    expect(cells[3]!.at(-1)).toBe("「出生日期」未填写或不符合要求");
    expect(cells[8]!.at(-1)).toBe("员工号、邮箱或手机号已被其他会员使用");
    // Fixed, the file imports.
    const fixed = onboardingRows(8, { prefix: "mx", phonePrefix: "152" });
    expect((await onboard(fixed, "mixed.xlsx")).create).toBe(8);
  });

  test("a row with seven faults names all seven, in the answer and in the log (decision 111)", async () => {
    const [row] = onboardingRows(1, { prefix: "sv", phonePrefix: "151" });
    // 员工号 姓名 手机号 公司邮箱 性别 出生日期 部门 科室 民族 国籍 用户角色
    const bad = [row![0]!, row![1]!, "12345", "not-a-mail", "未知", "1990-02-30", "外星部", "", "汉族", "火星", "船长"];
    const answer = await onboard([bad], "seven.xlsx");
    expect(answer.message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "rows", refused: 1 } });
    // In the order of the columns.
    const seven = ["phone.format", "mail.format", `property.${prop("Gender")}`, `property.${prop("Date of birth")}`, `property.${prop("Department")}`, "nationality.unknown", "role.unknown"];
    expect(answer.list[0]).toMatchObject({ row: 2, verdict: "refused", reason: "phone.format", reasons: seven });
    const log = await fetchFile(op, "/user/operation/download/log", { kind: "update", log: answer.key });
    expect(readXlsx(log.bytes!).rows[1]!.at(-1)).toBe("手机号格式不正确；邮箱格式不正确；「性别」未填写或不符合要求；「出生日期」未填写或不符合要求；「部门」未填写或不符合要求；没有这个国籍；没有这个用户角色");
    expect(await byEmployees(row![0]!)).toBeUndefined();
  });

  test("rows of the same member in one file: identical is left alone, different is a conflict; a phone twice is refused", async () => {
    const [a, b] = onboardingRows(2, { prefix: "dp", phonePrefix: "153" });
    const answer = await onboard([a!, a!, [...a!.slice(0, 1), "别名", ...a!.slice(2)], [...b!.slice(0, 2), a![2]!, ...b!.slice(3)]]);
    expect(verdicts(answer)).toEqual([
      [2, "apply", null],
      [3, "same", "file.repeat"],
      [4, "refused", "file.conflict"],
      [5, "refused", "file.contactRepeat"],
    ]);
  });

  test("a required field missing on create is refused with its property; a new member needs a role", async () => {
    const [row, other] = onboardingRows(2, { prefix: "rq", phonePrefix: "154" });
    const noName = [...row!];
    noName[1] = "";
    const noRole = [...other!];
    noRole[10] = "";
    const answer = await onboard([noName, noRole]);
    expect(verdicts(answer)).toEqual([
      [2, "refused", `property.${prop("Name")}`],
      [3, "refused", "role.empty"],
    ]);
  });

  test("not an xlsx is refused by its content, whatever its name; a file without the key column or rows is refused whole", async () => {
    const png = await op.upload<Answer>("/user/operation/import/update", new Blob([TINY_PNG]), "members.xlsx");
    expect(png.message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "type" } });
    const text = await op.upload<Answer>("/user/operation/import/update", new Blob(["员工号,姓名\nx1,y"]), "members.xlsx");
    expect(text.message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "type" } });
    // The same for the other three.
    for (const kind of ["leave", "integral", "welcome"]) {
      expect((await op.upload<Answer>(`/user/operation/import/${kind}`, new Blob([TINY_PNG]), "x.xlsx")).message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "type" } });
    }
    expect((await upload("/user/operation/import/update", [["姓名"], ["某人"]])).message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "columns", missing: ["employees"] } });
    expect((await upload("/user/operation/import/update", [ONBOARDING_HEADER])).message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "empty" } });
  });
});

describe("/user/operation/import/leave", () => {
  test("marks members as left with the date, ends their sessions; already left and the same file again are unchanged; an unknown number refuses the file", async () => {
    const m = await registeredMember(t, { state: USER_STATE.USER_STATE_ACTIVE });
    await t.db.update(users).set({ passwordHash: (await byEmployees("cn100001"))!.passwordHash }).where(eq(users.id, m.id));
    const live = t.client();
    expect((await t.signIn(live, m.employees!)).message.code).toBe("SUCCESS");
    expect((await live.call("/user/reload")).message.code).toBe("SUCCESS");
    const bad = await upload("/user/operation/import/leave", [["员工号"], [m.employees], ["nobody-here"]], "leave.xlsx");
    expect(bad.message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "rows", refused: 1 } });
    expect(verdicts(bad)).toEqual([
      [2, "apply", null],
      [3, "refused", "member.notFound"],
    ]);
    expect((await byEmployees(m.employees!))!.state).toBe(USER_STATE.USER_STATE_ACTIVE);

    const answer = await upload("/user/operation/import/leave", [["Employee ID"], [m.employees], ["cn100004"]], "leave.xlsx");
    expect(answer.message.code).toBe("SUCCESS");
    expect(answer.count).toBe(1);
    expect(verdicts(answer)).toEqual([
      [2, "apply", null],
      [3, "same", "member.left"],
    ]);
    t.clock.advance(SESSION_CACHE);
    const row = (await byEmployees(m.employees!))!;
    expect(row.state).toBe(USER_STATE.USER_STATE_LEFT);
    expect(row.leftAt).not.toBeNull();
    expect((await live.call("/user/reload")).message.code).toBe("ERROR_LOGIN_CODE");
    const [logged] = await t.db.select().from(operationLog).where(and(eq(operationLog.action, "member.leave"), eq(operationLog.targetUserId, m.id)));
    expect(logged).toBeDefined();
    const again = await upload("/user/operation/import/leave", [["Employee ID"], [m.employees], ["cn100004"]], "leave-renamed.xlsx");
    expect(again.count).toBe(0);
    expect((await byEmployees(m.employees!))!.leftAt).toEqual(row.leftAt);
  });
});

describe("/user/operation/import/integral", () => {
  test("points land in the ledger with reason and expiry; the same file again (renamed) gives nothing; bad rows refuse the file", async () => {
    const a = await registeredMember(t, { state: USER_STATE.USER_STATE_ACTIVE });
    const b = await registeredMember(t, { state: USER_STATE.USER_STATE_ACTIVE });
    const header = ["员工号", "积分", "原因", "有效期至"];
    const bad = await upload("/user/operation/import/integral", [header, [a.employees, "12.5", "年度优秀会员", "2099-12-31"], [b.employees, "-3", "扣分", ""], [b.employees, "5", "", ""], [b.employees, "5", "过期", "2000-01-01"], ["cn100004", "5", "离职", ""], [b.employees, "5", "日期", "next year"]]);
    expect(verdicts(bad)).toEqual([
      [2, "apply", null],
      [3, "refused", "points.format"],
      [4, "refused", "reason.empty"],
      [5, "refused", "expiry.past"],
      [6, "refused", "member.left"],
      [7, "refused", "expiry.format"],
    ]);
    expect(await t.db.select().from(pointRecords).where(inArray(pointRecords.userId, [a.id, b.id]))).toEqual([]);

    const rows = [header, [a.employees, "12.5", "年度优秀会员", "2099-12-31"], [a.employees, 3, "志愿活动", null], [b.employees, "100", "Annual award", "2099/1/2"]];
    const answer = await upload("/user/operation/import/integral", rows, "points.xlsx");
    expect(answer.message.code).toBe("SUCCESS");
    expect(answer.count).toBe(3);
    const ledger = await t.db.select().from(pointRecords).where(inArray(pointRecords.userId, [a.id, b.id])).orderBy(pointRecords.id);
    expect(ledger.map((r) => [r.userId, r.count, r.remaining, r.type, r.descZh, r.descEn, r.expiresAt?.toISOString() ?? null])).toEqual([
      [a.id, 1250, 1250, POINT_TYPE.POINT_TYPE_ENTRY, "年度优秀会员", "年度优秀会员", "2099-12-31T16:00:00.000Z"],
      [a.id, 300, 300, POINT_TYPE.POINT_TYPE_ENTRY, "志愿活动", "志愿活动", null],
      [b.id, 10000, 10000, POINT_TYPE.POINT_TYPE_ENTRY, "Annual award", "Annual award", "2099-01-02T16:00:00.000Z"],
    ]);
    expect((await op.call<Answer>("/user/operation/integral/balance", { user: a.id })).balance).toBe(1550);
    const again = await upload("/user/operation/import/integral", rows, "points (1).xlsx");
    expect(again.message.code).toBe("SUCCESS");
    expect(again.count).toBe(0);
    expect(verdicts(again).map((v: unknown[]) => v[2])).toEqual(["file.done", "file.done", "file.done"]);
    expect(await t.db.select().from(pointRecords).where(inArray(pointRecords.userId, [a.id, b.id]))).toHaveLength(3);
  });
});

describe("/user/operation/import/integral, every fault", () => {
  test("a row with an unknown member, bad points, no reason and a bad expiry names all four (decision 111)", async () => {
    const answer = await upload("/user/operation/import/integral", [["员工号", "积分", "原因", "有效期至"], ["nosuch01", "-3", "", "someday"]], "points.xlsx");
    expect(answer.list[0]).toMatchObject({ verdict: "refused", reasons: ["member.notFound", "points.format", "reason.empty", "expiry.format"] });
  });
});

describe("/user/operation/import/welcome", () => {
  test("queues one welcome mail per member, once per file; a member without an e-mail refuses the file", async () => {
    const a = await registeredMember(t);
    const b = await registeredMember(t, { mail: null });
    const refused = await upload("/user/operation/import/welcome", [["员工号"], [a.employees], [b.employees]], "welcome.xlsx");
    expect(verdicts(refused)).toEqual([
      [2, "apply", null],
      [3, "refused", "mail.none"],
    ]);
    const mailsTo = () => t.db.select().from(outbox).where(eq(outbox.to, a.mail!));
    expect(await mailsTo()).toEqual([]);
    const answer = await upload("/user/operation/import/welcome", [["员工号"], [a.employees], [a.employees]], "welcome.xlsx");
    expect(answer.count).toBe(1);
    expect(verdicts(answer)).toEqual([
      [2, "apply", null],
      [3, "same", "file.repeat"],
    ]);
    const mails = await mailsTo();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.channel).toBe("mail");
    expect(mails[0]!.text).toContain(a.employees!);
    const again = await upload("/user/operation/import/welcome", [["员工号"], [a.employees], [a.employees]], "welcome-again.xlsx");
    expect(again.count).toBe(0);
    expect(verdicts(again)[0]).toEqual([2, "same", "file.done"]);
    expect(await mailsTo()).toHaveLength(1);
  });
});

describe("the log", () => {
  test("downloads for its importer and its kind only, and is gone once cleared", async () => {
    const answer = await upload("/user/operation/import/leave", [["员工号"], ["cn100004"]], "left.xlsx");
    expect(answer.message.code).toBe("SUCCESS");
    const log = await fetchFile(op, "/user/operation/download/log", { kind: "leave", log: answer.key });
    expect(readXlsx(log.bytes!).rows).toEqual([
      ["行号", "员工号", "结果", "原因"],
      [2, "cn100004", "无变化", "该会员已离职"],
    ]);
    expect((await fetchFile(op, "/user/operation/download/log", { kind: "update", log: answer.key })).code).toBe("ERROR_RESULT_NULL");
    const admin = await t.as("cn000001");
    expect((await fetchFile(admin, "/user/operation/download/log", { kind: "leave", log: answer.key })).code).toBe("ERROR_RESULT_NULL");
    // The spec's payload is the key alone: the log's kind is found from it, and the other staff member's key is nobody's.
    expect((await admin.call("/user/operation/clear/log", { key: answer.key })).message.code).toBe("ERROR_RESULT_NULL");
    expect((await op.call("/user/operation/clear/log", { key: answer.key })).message.code).toBe("SUCCESS");
    expect(await t.db.select().from(importLogs).where(eq(importLogs.key, answer.key))).toEqual([]);
    expect((await fetchFile(op, "/user/operation/download/log", { kind: "leave", log: answer.key })).code).toBe("ERROR_RESULT_NULL");
    expect((await op.call("/user/operation/clear/log", { kind: "leave", key: answer.key })).message.code).toBe("ERROR_RESULT_NULL");
  });

  test("the template of each import is its header row, in the staff member's language, with an example row and notes in both languages (decision 112)", async () => {
    const file = await fetchFile(op, "/user/operation/import/template", { kind: "integral" });
    expect(readXlsx(file.bytes!).names).toEqual(["模板", "说明／Notes"]);
    expect(readXlsx(file.bytes!).rows).toEqual([
      ["员工号", "积分", "原因", "有效期至"],
      ["例：A10001", "12.5", "年度表彰", "2027-12-31"],
    ]);
    const pointsNotes = readXlsx(file.bytes!, 1).rows;
    expect(pointsNotes[0]).toEqual(["列 / Column", "是否必填 / Required", "格式 / Format", "可填的值 / Allowed values"]);
    expect(pointsNotes[4]!.slice(0, 3)).toEqual(["有效期至 / Expires on", "选填 / Optional", "日期，如 2027-12-31；留空则不过期 / A date such as 2027-12-31; empty: never expires"]);

    // The options are the live properties': one added now is in the notes.
    await t.db.insert(propertyOptions).values({ propertyId: prop("Department"), value: "legal", textZh: "法务部", textEn: "Legal", sortIndex: 99 });
    const update = await fetchFile(op, "/user/operation/import/template", { kind: "update" });
    const [header, example] = readXlsx(update.bytes!).rows as string[][];
    expect(header!.slice(0, 3)).toEqual(["员工号", "姓名", "手机号"]);
    expect(header!.slice(-2)).toEqual(["国籍", "用户角色"]);
    expect(example!.slice(0, 3)).toEqual(["例：A10001", "张三", "13800138000"]);
    const notes = readXlsx(update.bytes!, 1).rows as string[][];
    const note = (title: string) => notes.find((r) => r[0]?.startsWith(`${title} /`))!;
    expect(notes.slice(1, header!.length + 1).map((r) => r[0]!.split(" / ")[0])).toEqual(header!);
    expect(note("员工号")[1]).toBe("必填 / Required");
    expect(note("手机号")[2]).toContain("11 位手机号");
    expect(note("出生日期")[2]).toBe("日期，如 1990-05-20 / A date such as 1990-05-20");
    expect(note("性别")[3]).toMatch(/^男、女 \/ Male, Female$/);
    expect(note("部门")[3]).toContain("法务部");
    expect(note("部门")[3]).toContain("Legal");
    expect(note("科室")[2]).toContain("随“部门”的选项而定");
    expect(note("科室")[3]).toContain("研发部：");
    expect(note("国籍")[3]).toContain("中国");
    expect(note("国籍")[3]).toContain("United Kingdom");
    expect(note("用户角色")[3]).toContain("会员");
    await t.db.delete(propertyOptions).where(eq(propertyOptions.value, "legal"));

    // The template as downloaded imports nothing (its example row is left out); its example, given a real number, imports.
    const asIs = await op.upload<Answer>("/user/operation/import/update", new Blob([update.bytes!], { type: XLSX_TYPE }), "template.xlsx");
    expect(asIs.message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "empty" } });
    const real = await onboardRaw([header!, ["tp00001", ...example!.slice(1)]]);
    expect(real.message.code).toBe("SUCCESS");
    expect(real.create).toBe(1);
  });
});

describe("who may import", () => {
  test("each import takes its own power: without it the upload, the log and the template are refused", async () => {
    const [role] = await t.db.insert(roles).values({ code: "importer", nameZh: "导入员", nameEn: "Importer" }).returning();
    const staff = await registeredMember(t, { state: USER_STATE.USER_STATE_ACTIVE });
    await t.db.update(users).set({ roleId: role!.id, passwordHash: (await byEmployees("cn100001"))!.passwordHash }).where(eq(users.id, staff.id));
    const paths = { update: "/user/operation/import/update", leave: "/user/operation/import/leave", integral: "/user/operation/import/integral", welcome: "/user/operation/import/welcome" } as const;
    const grants = { update: "FUNCTION_USER_IMPORT_UPDATE", leave: "FUNCTION_USER_IMPORT_LEAVE", integral: "FUNCTION_INTEGRAL_OPERATION", welcome: "FUNCTION_USER_IMPORT_LEAVE" } as const;
    for (const power of ["FUNCTION_USER_IMPORT_UPDATE", "FUNCTION_USER_IMPORT_LEAVE", "FUNCTION_INTEGRAL_OPERATION"] as const) {
      await t.db.delete(rolePowers).where(eq(rolePowers.roleId, role!.id));
      await t.db.insert(rolePowers).values({ roleId: role!.id, power });
      const c = t.client();
      expect((await t.signIn(c, staff.employees!)).message.code).toBe("SUCCESS");
      for (const kind of Object.keys(paths) as (keyof typeof paths)[]) {
        const allowed = grants[kind] === power;
        const answer = await upload(paths[kind], [["员工号"], ["nobody"]], "x.xlsx", c);
        // Allowed, the file is judged (and refused for its columns or its row); without the power, refused unread.
        expect(answer.message.code === "ERROR_NOT_POWER").toBe(!allowed);
        expect((await fetchFile(c, "/user/operation/import/template", { kind })).code === "ERROR_NOT_POWER").toBe(!allowed);
        expect((await c.call("/user/operation/clear/log", { kind, key: "0".repeat(32) })).message.code === "ERROR_NOT_POWER").toBe(!allowed);
      }
    }
    const member = await t.as("cn100001");
    expect((await onboard(onboardingRows(1, { prefix: "np", phonePrefix: "158" }), "x.xlsx", member)).message.code).toBe("ERROR_NOT_POWER");
    expect(await byEmployees("np00001")).toBeUndefined();
  });
});

describe("as a staff job", () => {
  test("an import is a job of its owner: its progress and answer are polled by its key, and the jobs list finds it", async () => {
    const quick = await startTestApp({ JOB_UPLOAD_WAIT_MS: "0" });
    try {
      const c = await quick.as("cn000003");
      const started = await c.upload<Answer>("/user/operation/import/update", xlsxFile([ONBOARDING_HEADER, ...onboardingRows(600, { prefix: "jb", phonePrefix: "159" })]), "jobs.xlsx");
      // With no wait the upload answers "running", unless the job was done by the time it answered (a busy machine).
      expect(started.message.code).toBe("SUCCESS");
      expect(started.job).toMatch(/^[0-9a-f]{32}$/);
      if (started.state !== "running") expect(started.create).toBe(600);
      const listed = await c.call<Answer>("/user/operation/jobs", { kind: "member.import.update" });
      expect(listed.list.map((j: Answer) => j.key)).toContain(started.job);
      const job = await until(async () => {
        const polled = (await c.call<Answer>("/user/operation/job", { key: started.job })).job;
        return polled.state === "done" && polled;
      }, "the import job is done");
      // Judged rows, then written rows: 600 + 600.
      expect(job).toMatchObject({ state: "done", done: 1200, total: 1200, result: { message: { code: "SUCCESS" }, create: 600, update: 0, count: 600 } });
      expect(job.result.key).toMatch(/^[0-9a-f]{32}$/);
      expect(job.result.list).toHaveLength(600);
      // Another staff member cannot read it.
      const admin = await quick.as("cn000001");
      expect((await admin.call("/user/operation/job", { key: started.job })).message.code).toBe("ERROR_RESULT_NULL");
    } finally {
      await quick.close();
    }
  }, 120_000);
});

describe("a big file", () => {
  test("5,000 new members import, and the same file again changes nothing", async () => {
    const rows = onboardingRows(5000, { prefix: "bg", phonePrefix: "166" });
    const answer = await onboard(rows, "big.xlsx");
    expect(answer.message.code).toBe("SUCCESS");
    expect(answer.create).toBe(5000);
    expect((await t.db.select({ id: users.id }).from(users).where(like(users.employees, "bg%"))).length).toBe(5000);
    const again = await onboard(rows, "big.xlsx");
    expect([again.create, again.update]).toEqual([0, 0]);
    expect(again.list.every((r: Answer) => r.verdict === "same")).toBe(true);
  }, 240_000);
});
