// Member management through the real protocol (spec 3 sections 2.4, 4.2, 7 "Members and properties", 8 "Member save").
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { countries, operationLog, pointRecords, properties, propertyLog, propertyOptions, sessions, users } from "../../src/db/schema";
import { POINT_TYPE, USER_STATE } from "../../src/protocol/enumerations";
import { md5, startTestApp, type TestApp } from "../helpers/app";
import { lastCode, registeredMember, valueOf } from "../helpers/codes";

let t: TestApp;
let prop: (titleEn: string) => number;
let opt: (value: string) => number;
let china: number;
let memberRole: number;
beforeAll(async () => {
  t = await startTestApp({ CODE_SENDS_PER_ADDRESS: "100000" });
  const props = await t.db.select().from(properties);
  const opts = await t.db.select().from(propertyOptions);
  prop = (titleEn) => props.find((p) => p.titleEn === titleEn)!.id;
  opt = (value) => opts.find((o) => o.value === value)!.id;
  china = (await t.db.select().from(countries).where(eq(countries.nameEn, "China")))[0]!.id;
  memberRole = (await t.db.select().from(users).where(eq(users.employees, "cn100001")))[0]!.roleId;
}, 90_000);
afterAll(() => t.close());
afterEach(() => t.clock.reset());

type Answer = { message: { code: string; params?: Record<string, unknown> } } & Record<string, any>;
let serial = 0;
/** A complete Chinese member's form; `contacts` fills the three contact properties, `over` replaces text values by title. */
function form(contacts: { employees?: string; phone?: string; mail?: string }, over: Record<string, string> = {}, id?: number) {
  const values: Record<string, unknown>[] = [
    { property: { id: prop("Name") }, value: over.Name ?? "新员工" },
    { property: { id: prop("Gender") }, option: { id: opt("1") }, value: "1" },
    { property: { id: prop("Date of birth") }, value: over["Date of birth"] ?? "1995-05-20" },
    { property: { id: prop("Department") }, option: { id: opt("rd") }, value: "rd" },
    { property: { id: prop("Team") }, option: { id: opt("rd-mobile") }, value: "rd-mobile" },
    { property: { id: prop("Ethnic group") }, option: { id: opt("han") }, value: "han" },
    { property: { id: prop("Employee ID") }, value: contacts.employees ?? "" },
    { property: { id: prop("Mobile phone") }, value: contacts.phone ?? "" },
    { property: { id: prop("Company e-mail") }, value: contacts.mail ?? "" },
  ];
  return { user: { ...(id ? { id } : {}), nationality: { id: china }, status: { id: memberRole } }, values: JSON.stringify(values) };
}
const fresh = () => {
  serial++;
  const n = String(serial).padStart(4, "0");
  return { employees: `ma${n}`, phone: `1360000${n}`, mail: `ma${n}@union.example.com` };
};
const rowOf = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
const byEmployees = async (e: string) => (await t.db.select().from(users).where(eq(users.employees, e)))[0]!;

describe("permissions", () => {
  test("a member and the editor are refused every call; the operator is allowed", async () => {
    const target = await byEmployees("cn100001");
    const calls: [string, object][] = [
      ["/user/operation/list", {}],
      ["/user/operation/info", { id: target.id }],
      ["/user/operation/create", form(fresh())],
      ["/user/operation/update", form({}, {}, target.id)],
      ["/user/operation/reset", { id: target.id }],
      ["/user/operation/leave", { id: target.id }],
      ["/user/operation/integral/list", { user: target.id }],
      ["/user/operation/integral/balance", { user: target.id }],
    ];
    for (const who of ["cn100001", "cn000002"]) {
      const c = await t.as(who);
      for (const [path, body] of calls) expect({ path, code: (await c.call(path, body)).message.code }).toEqual({ path, code: "ERROR_NOT_POWER" });
    }
    const op = await t.as("cn000003");
    expect((await op.call("/user/operation/list", {})).message.code).toBe("SUCCESS");
    expect((await op.call("/user/operation/info", { id: target.id })).message.code).toBe("SUCCESS");
    expect((await op.call("/user/operation/integral/balance", { user: target.id })).message.code).toBe("SUCCESS");
    expect(await rowOf(target.id)).toMatchObject({ state: USER_STATE.USER_STATE_ACTIVE });
  });
});

describe("search and detail", () => {
  test("free text finds by employee number, phone, e-mail and name; state -1 leaves out leavers; 23 rows a page", async () => {
    const op = await t.as("cn000003");
    const find = async (body: object) => op.call<Answer>("/user/operation/list", body);
    expect((await find({ account: "cn100001" })).list.map((u: any) => u.employees)).toEqual(["cn100001"]);
    expect((await find({ account: "13900000002" })).list.map((u: any) => u.employees)).toEqual(["cn100002"]);
    expect((await find({ account: "CN100003@UNION" })).list.map((u: any) => u.employees)).toEqual(["cn100003"]);
    const byName = await find({ account: "陈会员" });
    expect(byName.list).toHaveLength(1);
    expect(byName.list[0]).toMatchObject({ employees: "cn100001", name: "陈会员", phone: "139****0001", email: "cn100001@union.example.com", state: { id: USER_STATE.USER_STATE_ACTIVE } });
    expect((await find({ account: "cn10000" })).list.map((u: any) => u.employees).sort()).toEqual(["cn100001", "cn100002", "cn100003"]);
    expect((await find({ account: "cn10000", state: USER_STATE.USER_STATE_LEFT })).list.map((u: any) => u.employees)).toEqual(["cn100004"]);
    expect((await find({ account: "%" })).list).toHaveLength(0);
    const operatorRole = (await byEmployees("cn000003")).roleId;
    expect((await find({ status: operatorRole })).list.map((u: any) => u.employees)).toEqual(["cn000003"]);
    const all = await find({ index: 99 });
    expect(all.list.length).toBeLessThanOrEqual(23);
    expect(all.index).toBe(all.max);
    expect(all.count).toBeGreaterThan(0);
    expect((await find({ state: 5 })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "state" } });
  });

  test("the detail shows visible values, nationality, role, state and creation time, phones masked", async () => {
    const op = await t.as("cn000003");
    const target = await byEmployees("cn100001");
    const { user } = await op.call<Answer>("/user/operation/info", { id: target.id });
    expect(user).toMatchObject({ id: target.id, employees: "cn100001", phone: "139****0001", state: { id: USER_STATE.USER_STATE_ACTIVE }, nationality: { id: china }, status: { id: memberRole } });
    expect(user.createDate).toBe(target.createdAt.toISOString());
    const phoneValue = user.values.find((v: any) => v.property.id === prop("Mobile phone"));
    expect(String(phoneValue.value)).toBe("139****0001");
    expect(user.values.find((v: any) => v.property.id === prop("Name")).value).toBe("陈会员");
    expect((await op.call("/user/operation/info", { id: 999999 })).message.code).toBe("ERROR_RESULT_NULL");
  });
});

describe("create and update", () => {
  test("create writes the member row in state register and logs every value under the operator", async () => {
    const op = await t.as("cn000003");
    const operator = await byEmployees("cn000003");
    const c = fresh();
    const answer = await op.call<Answer>("/user/operation/create", form(c, { Name: " 王<新> " }));
    expect(answer.message.code).toBe("SUCCESS");
    const row = await rowOf(answer.user.id);
    expect(row).toMatchObject({ employees: c.employees, phone: c.phone, mail: c.mail, state: USER_STATE.USER_STATE_REGISTERED, passwordHash: null, nationalityId: china });
    expect((await valueOf(t, row.id, prop("Name")))!.value).toBe("王&lt;新&gt;");
    expect(String((await valueOf(t, row.id, prop("Mobile phone")))!.value)).toBe(c.phone);
    const logs = await t.db.select().from(propertyLog).where(eq(propertyLog.userId, row.id));
    expect(logs.length).toBe(9);
    expect(logs.every((l) => l.operatorId === operator.id && l.originValue === null)).toBe(true);
    const [op1] = await t.db.select().from(operationLog).where(and(eq(operationLog.targetUserId, row.id), eq(operationLog.action, "member.create")));
    expect(logs.every((l) => l.operationLogId === op1!.id)).toBe(true);
  });

  test("every save message: rename, all three empty, a bad field, a bad role, bad JSON", async () => {
    const op = await t.as("cn000003");
    const taken = await byEmployees("cn100001");
    for (const clash of [{ employees: "cn100001" }, { phone: taken.phone! }, { mail: "CN100001@union.example.com" }]) {
      expect((await op.call("/user/operation/create", form({ ...fresh(), ...clash }))).message.code).toBe("ERROR_RENAME");
    }
    expect((await op.call("/user/operation/create", form({}))).message.code).toBe("ERROR_RESULT_NULL");
    expect((await op.call("/user/operation/create", form({ ...fresh(), phone: "12345" }))).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "phone" } });
    expect((await op.call("/user/operation/create", form({ ...fresh(), employees: "a b" }))).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "employees" } });
    expect((await op.call("/user/operation/create", form(fresh(), { "Date of birth": "1995-02-30" }))).message).toMatchObject({ code: "ERROR_PARAMS", params: { property: prop("Date of birth") } });
    const badRole = { ...form(fresh()), user: { nationality: { id: china }, status: { id: 999999 } } };
    expect((await op.call("/user/operation/create", badRole)).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "status" } });
    // A member without a role ("请选择用户角色"): the field the form shows it at, whether the role is left out, empty or not chosen.
    for (const status of [undefined, null, { id: null }]) {
      const noRole = { ...form(fresh()), user: { nationality: { id: china }, ...(status === undefined ? {} : { status }) } };
      expect((await op.call("/user/operation/create", noRole)).message).toEqual({ id: 1, code: "ERROR_PARAMS", params: { field: "status" } });
    }
    expect((await op.call("/user/operation/create", { ...form(fresh()), values: "{not json" })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "values" } });
    expect((await op.call("/user/operation/create", { ...form(fresh()), values: JSON.stringify([{ property: "x" }]) })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "values" } });
    expect((await op.call("/user/operation/update", form(fresh(), {}, 999999))).message.code).toBe("ERROR_RESULT_NULL");
    expect(await t.db.select().from(users).where(eq(users.phone, "12345"))).toHaveLength(0);
  });

  test("update changes contacts and a read-only field, keeps the employee number, logs old and new values", async () => {
    const op = await t.as("cn000003");
    const operator = await byEmployees("cn000003");
    const c = fresh();
    const { user } = await op.call<Answer>("/user/operation/create", form(c));
    await t.db.update(properties).set({ isReadonly: true }).where(eq(properties.id, prop("Date of birth")));
    try {
      const next = fresh();
      const answer = await op.call("/user/operation/update", form({ employees: next.employees, phone: next.phone, mail: "" }, { "Date of birth": "1990-01-01", Name: "新名字" }, user.id));
      expect(answer.message.code).toBe("SUCCESS");
      expect(await rowOf(user.id)).toMatchObject({ employees: c.employees, phone: next.phone, mail: null });
      expect((await valueOf(t, user.id, prop("Date of birth")))!.value).toBe("1990-01-01");
      expect(await valueOf(t, user.id, prop("Company e-mail"))).toBeNull();
      const [upd] = await t.db.select().from(operationLog).where(and(eq(operationLog.targetUserId, user.id), eq(operationLog.action, "member.update")));
      const logs = await t.db.select().from(propertyLog).where(eq(propertyLog.operationLogId, upd!.id));
      const seen = Object.fromEntries(logs.map((l) => [l.propertyId, [l.originValue, l.newValue, l.operatorId]]));
      expect(seen).toEqual({
        [prop("Name")]: ["新员工", "新名字", operator.id],
        [prop("Date of birth")]: ["1995-05-20", "1990-01-01", operator.id],
        [prop("Mobile phone")]: [c.phone, next.phone, operator.id],
        [prop("Company e-mail")]: [c.mail, "", operator.id],
      });
      // The masked phone the detail shows stands for the stored one.
      expect((await op.call("/user/operation/update", form({ phone: `${next.phone.slice(0, 3)}****${next.phone.slice(7)}`, mail: "" }, { Name: "再改" }, user.id))).message.code).toBe("SUCCESS");
      expect((await rowOf(user.id)).phone).toBe(next.phone);
      // Both contacts may be cleared while the employee number stays (on a member of its own: a demo member keeps theirs for the other tests).
      const other = (await op.call<Answer>("/user/operation/create", form(fresh()))).user;
      expect((await op.call("/user/operation/update", form({ phone: "", mail: "" }, {}, other.id))).message.code).toBe("SUCCESS");
      expect(await rowOf(other.id)).toMatchObject({ phone: null, mail: null });
    } finally {
      await t.db.update(properties).set({ isReadonly: false }).where(eq(properties.id, prop("Date of birth")));
    }
  });
});

describe("state", () => {
  test("reset: a new unique employee number, the password cleared, sessions ended, sign-in refused until activation", async () => {
    const op = await t.as("cn000003");
    const m = await registeredMember(t, { state: USER_STATE.USER_STATE_ACTIVE });
    // An activated member: the demo member's password.
    await t.db.update(users).set({ passwordHash: (await byEmployees("cn100001")).passwordHash }).where(eq(users.id, m.id));
    const live = t.client();
    expect((await t.signIn(live, m.employees!)).message.code).toBe("SUCCESS");
    expect((await live.call("/user/reload")).message.code).toBe("SUCCESS");
    expect((await op.call("/user/operation/reset", { id: m.id, employees: "cn100001" })).message.code).toBe("ERROR_RENAME");
    expect((await op.call("/user/operation/reset", { id: m.id, employees: "x y" })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "employees" } });
    expect((await rowOf(m.id)).state).toBe(USER_STATE.USER_STATE_ACTIVE);
    const renamed = fresh().employees;
    expect((await op.call("/user/operation/reset", { id: m.id, employees: renamed })).message.code).toBe("SUCCESS");
    expect(await rowOf(m.id)).toMatchObject({ state: USER_STATE.USER_STATE_REGISTERED, passwordHash: null, employees: renamed });
    // At once: the clock has not moved past the session cache (SESSION_CACHE_MS, 2 s), which the reset emptied (decision 82).
    expect((await live.call("/user/reload")).message.code).toBe("ERROR_LOGIN_CODE");
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, m.id))).toHaveLength(0);
    expect((await t.signIn(t.client(), renamed)).message.code).toBe("USER_STATE_REGISTER");
    expect((await op.call("/user/operation/reset", { id: m.id })).message.code).toBe("USER_STATE_REGISTER");
    // Activation lets the member in again.
    const c = t.client();
    expect((await c.call("/active/sms/send", { phone: m.phone })).message.code).toBe("SUCCESS");
    const login = await c.call<Answer>("/active/login", { phone: m.phone, auth: (await lastCode(t, m.phone!))! });
    expect(login.message.code).toBe("SUCCESS");
    const values = JSON.parse(form({}).values).slice(0, 6);
    expect((await c.call("/active/submit", { user: m.id, password: md5("Again2026pass"), nationality: china, values })).message.code).toBe("SUCCESS");
    expect((await t.signIn(t.client(), renamed, "Again2026pass")).message.code).toBe("SUCCESS");
    const [log] = await t.db.select().from(operationLog).where(and(eq(operationLog.targetUserId, m.id), eq(operationLog.action, "member.reset")));
    expect(log).toBeDefined();
  });

  test("leave ends a live session, keeps the date, and is refused when already left; points stay readable", async () => {
    const op = await t.as("cn000003");
    const m = await registeredMember(t, { state: USER_STATE.USER_STATE_ACTIVE });
    await t.db.update(users).set({ passwordHash: (await byEmployees("cn100001")).passwordHash }).where(eq(users.id, m.id));
    await t.db.insert(pointRecords).values({ userId: m.id, count: 1250, remaining: 1250, type: POINT_TYPE.POINT_TYPE_ENTRY, descZh: "导入", descEn: "Import", createdAt: t.clock.now() });
    const live = t.client();
    expect((await t.signIn(live, m.employees!)).message.code).toBe("SUCCESS");
    expect((await live.call("/user/reload")).message.code).toBe("SUCCESS");
    expect((await op.call("/user/operation/leave", { id: m.id })).message.code).toBe("SUCCESS");
    const row = await rowOf(m.id);
    expect(row.state).toBe(USER_STATE.USER_STATE_LEFT);
    expect(row.leftAt!.getTime()).toBeGreaterThanOrEqual(m.createdAt.getTime());
    expect((await live.call("/user/reload")).message.code).toBe("ERROR_LOGIN_CODE");
    expect((await t.signIn(t.client(), m.employees!)).message.code).toBe("USER_STATE_LEAVE");
    expect((await op.call("/user/operation/leave", { id: m.id })).message.code).toBe("ERROR_LEAVE");
    expect((await op.call<Answer>("/user/operation/info", { id: m.id })).user.leaveDate).toBe(row.leftAt!.toISOString());
    const points = await op.call<Answer>("/user/operation/integral/list", { user: m.id, index: 1 });
    expect(points.list.map((p: any) => p.count)).toEqual([1250]);
    expect(points.balance).toBe(1250);
    expect((await op.call<Answer>("/user/operation/integral/balance", { user: m.id })).balance).toBe(1250);
    expect((await op.call("/user/operation/integral/list", { user: m.id, type: 5 })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "type" } });
    expect((await op.call("/user/operation/leave", { id: 999999 })).message.code).toBe("ERROR_RESULT_NULL");
  });
});
