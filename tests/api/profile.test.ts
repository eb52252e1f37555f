// /user/information/update through the real protocol (docs/api-account.md "Profile").
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { countries, operationLog, properties, propertyLog, propertyOptions, users } from "../../src/db/schema";
import { PROPERTY_PURPOSE, PROPERTY_TYPE, USER_STATE } from "../../src/protocol/enumerations";
import { startTestApp, type TestApp } from "../helpers/app";
import { registeredMember, valueOf } from "../helpers/codes";

let t: TestApp;
let P: Record<string, number>;
let O: Record<string, number>;
let china: number;
let uk: number;
beforeEach(async () => {
  t = await startTestApp();
  const props = await t.db.select().from(properties);
  P = Object.fromEntries(props.map((p) => [p.titleEn, p.id]));
  // A checkbox and a field shown only for one of its values, which the seed does not have.
  const [hobbies] = await t.db
    .insert(properties)
    .values({ titleZh: "爱好", titleEn: "Hobbies", type: PROPERTY_TYPE.PROPERTY_TYPE_CHECKBOX, purpose: PROPERTY_PURPOSE.PROPERTY_PURPOSE_OTHER, sortIndex: 20 })
    .returning();
  await t.db.insert(propertyOptions).values([
    { propertyId: hobbies!.id, textZh: "跑步", textEn: "Running", value: "run", sortIndex: 1 },
    { propertyId: hobbies!.id, textZh: "其他", textEn: "Other", value: "other", sortIndex: 2 },
  ]);
  const [otherHobby] = await t.db
    .insert(properties)
    .values({ titleZh: "其他爱好", titleEn: "Other hobby", type: PROPERTY_TYPE.PROPERTY_TYPE_INPUT, purpose: PROPERTY_PURPOSE.PROPERTY_PURPOSE_OTHER, isMust: true, reasonPropertyId: hobbies!.id, reasonValue: "other", sortIndex: 21 })
    .returning();
  P.Hobbies = hobbies!.id;
  P["Other hobby"] = otherHobby!.id;
  O = Object.fromEntries((await t.db.select().from(propertyOptions)).map((o) => [`${o.propertyId}:${o.value}`, o.id]));
  china = (await t.db.select().from(countries).where(eq(countries.nameEn, "China")))[0]!.id;
  uk = (await t.db.select().from(countries).where(eq(countries.nameEn, "United Kingdom")))[0]!.id;
}, 60_000);
afterEach(() => t.close());

const opt = (title: string, value: string) => ({ property: { id: P[title]! }, option: { id: O[`${P[title]}:${value}`]! } });
const txt = (title: string, value: unknown) => ({ property: { id: P[title]! }, value });

/** A complete, valid profile of a Chinese member; `over` replaces or adds text values by title. */
const chinese = (over: Record<string, unknown> = {}) => {
  const base = [txt("Name", "陈会员"), opt("Gender", "0"), txt("Date of birth", "1990-01-01"), opt("Department", "ops"), opt("Team", "ops-logistics"), opt("Ethnic group", "hui")];
  const replaced = new Set(Object.keys(over).map((title) => P[title]));
  return { nationality: china, values: [...base.filter((v) => !replaced.has(v.property.id)), ...Object.entries(over).map(([title, value]) => txt(title, value))] };
};

type User = { id: number; nationality: { id: number } | null; values: { property: { id: number }; value: unknown }[] };
const member = async () => (await t.db.select().from(users).where(eq(users.employees, "cn100001")))[0]!;

describe("updating the profile", () => {
  test("a member saves the profile and gets the user back; each changed value is logged under one operation", async () => {
    const c = await t.as("cn100001");
    const me = await member();
    const answer = await c.call<{ user: User }>("/user/information/update", chinese({ Name: "  陈<新>名  " }));
    expect(answer.message.code).toBe("SUCCESS");
    expect((await valueOf(t, me.id, P.Name!))!.value).toBe("陈&lt;新&gt;名");
    expect(await valueOf(t, me.id, P.Team!)).toEqual({ optionId: O[`${P.Team}:ops-logistics`]!, value: "ops-logistics" });
    const [op] = await t.db.select().from(operationLog).where(and(eq(operationLog.targetUserId, me.id), eq(operationLog.action, "account.information")));
    const logs = await t.db.select().from(propertyLog).where(eq(propertyLog.operationLogId, op!.id));
    // Name, gender, birthday, department, team and ethnic group changed from the seed.
    expect(logs.map((l) => l.propertyId).sort()).toEqual([P.Name, P.Gender, P["Date of birth"], P.Department, P.Team, P["Ethnic group"]].sort() as number[]);
    expect(logs.find((l) => l.propertyId === P.Department)).toMatchObject({ originValue: expect.any(String), newValue: "ops", operatorId: me.id });
  });

  test("saving the same values again logs nothing new", async () => {
    const c = await t.as("cn100001");
    const me = await member();
    await c.call("/user/information/update", chinese());
    const before = (await t.db.select().from(propertyLog).where(eq(propertyLog.userId, me.id))).length;
    expect((await c.call("/user/information/update", chinese())).message.code).toBe("SUCCESS");
    expect((await t.db.select().from(propertyLog).where(eq(propertyLog.userId, me.id))).length).toBe(before);
  });

  test("phone, e-mail and employee id sent with the form are not written", async () => {
    const c = await t.as("cn100001");
    const me = await member();
    const answer = await c.call("/user/information/update", chinese({ "Mobile phone": "13700000000", "Company e-mail": "x@y.cn", "Employee ID": "cn999999" }));
    expect(answer.message.code).toBe("SUCCESS");
    expect((await valueOf(t, me.id, P["Mobile phone"]!))!.value).toBe("13900000001");
    expect((await valueOf(t, me.id, P["Employee ID"]!))!.value).toBe("cn100001");
    expect((await member()).phone).toBe("13900000001");
  });

  test("a foreign member's nationality needs the passport and skips the ethnic group", async () => {
    const c = await t.as("cn100002");
    const base = { nationality: uk, values: [txt("Name", "Emma Smith"), opt("Gender", "1"), txt("Date of birth", "1986-02-11"), opt("Department", "hr"), opt("Team", "hr-benefits")] };
    expect((await c.call("/user/information/update", base)).message).toMatchObject({ code: "ERROR_PARAMS", params: { property: P["Passport number"] } });
    expect((await c.call("/user/information/update", { ...base, values: [...base.values, txt("Passport number", "GB 12")] })).message).toMatchObject({ code: "ERROR_PARAMS", params: { property: P["Passport number"] } });
    const ok = await c.call<{ user: User }>("/user/information/update", { ...base, values: [...base.values, txt("Passport number", "GB7654321"), opt("Ethnic group", "han")] });
    expect(ok.message.code).toBe("SUCCESS");
    expect(ok.user!.nationality!.id).toBe(uk);
  });

  test("changing nationality to Chinese makes the ethnic group required", async () => {
    const c = await t.as("cn100002");
    const answer = await c.call("/user/information/update", { nationality: china, values: [txt("Name", "Emma Smith"), opt("Gender", "1"), txt("Date of birth", "1986-02-11"), opt("Department", "hr"), opt("Team", "hr-benefits")] });
    expect(answer.message).toMatchObject({ code: "ERROR_PARAMS", params: { property: P["Ethnic group"] } });
  });

  test("checkbox values are arrays, and ticking Other makes its text field required", async () => {
    const c = await t.as("cn100001");
    const me = await member();
    expect((await c.call("/user/information/update", chinese({ Hobbies: ["run"] }))).message.code).toBe("SUCCESS");
    expect((await valueOf(t, me.id, P.Hobbies!))!.value).toEqual(["run"]);
    expect((await c.call("/user/information/update", chinese({ Hobbies: ["other", "run"] }))).message).toMatchObject({ code: "ERROR_PARAMS", params: { property: P["Other hobby"] } });
    expect((await c.call("/user/information/update", chinese({ Hobbies: ["other", "run"], "Other hobby": "围棋" }))).message.code).toBe("SUCCESS");
    expect((await valueOf(t, me.id, P.Hobbies!))!.value).toEqual(["run", "other"]);
    expect((await c.call("/user/information/update", chinese({ Hobbies: "run" }))).message).toMatchObject({ code: "ERROR_PARAMS", params: { property: P.Hobbies } });
    expect((await c.call("/user/information/update", chinese({ Hobbies: ["swim"] }))).message).toMatchObject({ code: "ERROR_PARAMS", params: { property: P.Hobbies } });
    // Clearing an optional checkbox removes the value.
    expect((await c.call("/user/information/update", chinese({ Hobbies: [] }))).message.code).toBe("SUCCESS");
    expect(await valueOf(t, me.id, P.Hobbies!)).toBeNull();
  });
});

describe("refusals change nothing", () => {
  const refused = [
    ["a required field left empty", () => ({ ...chinese(), values: chinese().values.filter((v) => v.property.id !== P["Date of birth"]) }), "Date of birth"],
    ["a team under another department", () => ({ ...chinese(), values: [...chinese().values.filter((v) => v.property.id !== P.Team), opt("Team", "rd-mobile")] }), "Team"],
    ["a department left empty under which a team is required", () => ({ ...chinese(), values: chinese().values.filter((v) => v.property.id !== P.Team) }), "Team"],
    ["an option of another property", () => ({ ...chinese(), values: [...chinese().values.filter((v) => v.property.id !== P.Gender), { property: { id: P.Gender! }, option: { id: O[`${P.Department}:rd`]! } }] }), "Gender"],
    ["a date that does not exist", () => chinese({ "Date of birth": "1990-02-30" }), "Date of birth"],
  ] as const;

  for (const [what, body, title] of refused) {
    test(`${what} is ERROR_PARAMS naming that property`, async () => {
      const c = await t.as("cn000002");
      const me = (await t.db.select().from(users).where(eq(users.employees, "cn000002")))[0]!;
      const logsBefore = (await t.db.select().from(propertyLog).where(eq(propertyLog.userId, me.id))).length;
      const nameBefore = await valueOf(t, me.id, P.Name!);
      const payload = body();
      const withName = { ...payload, values: payload.values.map((v) => (v.property.id === P.Name ? txt("Name", "不该写入") : v)) };
      expect((await c.call("/user/information/update", withName)).message).toMatchObject({ code: "ERROR_PARAMS", params: { property: P[title] } });
      expect(await valueOf(t, me.id, P.Name!)).toEqual(nameBefore);
      expect((await t.db.select().from(propertyLog).where(eq(propertyLog.userId, me.id))).length).toBe(logsBefore);
    });
  }

  test("an unknown nationality is ERROR_PARAMS", async () => {
    const c = await t.as("cn100001");
    expect((await c.call("/user/information/update", { ...chinese(), nationality: 424242 })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "nationality" } });
  });

  test("a malformed payload is ERROR_PARAMS", async () => {
    const c = await t.as("cn100001");
    expect((await c.call("/user/information/update", { nationality: "China", values: [] })).message.code).toBe("ERROR_PARAMS");
    expect((await c.call("/user/information/update", { nationality: china, values: [{ property: 1, value: "x" }] })).message.code).toBe("ERROR_PARAMS");
  });

  test("nobody signed in, or a member not yet active, is refused", async () => {
    expect((await t.client().call("/user/information/update", chinese())).message.code).toBe("ERROR_LOGIN_CODE");
    const registered = await registeredMember(t);
    expect(registered.state).toBe(USER_STATE.USER_STATE_REGISTERED);
    expect((await t.signIn(t.client(), registered.employees!)).message.code).toBe("USER_STATE_REGISTER");
  });
});

describe("the history of one's own profile (issue 31)", () => {
  test("says what changed, when, and whether by the member, an officer (by role, never by name) or an import; nobody else's", async () => {
    const c = await t.as("cn100001");
    const me = await member();
    expect((await c.call("/user/information/update", chinese({ Name: "陈历史" }))).message.code).toBe("SUCCESS");
    // An officer's edit and an import's, as their commands log them (member-admin.test.ts and member-imports.test.ts drive those).
    const [officer] = await t.db.select().from(users).where(eq(users.employees, "cn000003"));
    const logged = async (action: string, value: string) => {
      const [op] = await t.db.insert(operationLog).values({ userId: officer!.id, targetUserId: me.id, action, targetEntity: "user", targetId: String(me.id), createdAt: t.clock.now() }).returning();
      await t.db.insert(propertyLog).values({ userId: me.id, propertyId: P.Department!, originValue: "ops", newValue: value, operationLogId: op!.id, operatorId: officer!.id, createdAt: t.clock.now() });
    };
    t.clock.advance(60_000);
    await logged("member.update", "hr");
    t.clock.advance(60_000);
    await logged("member.import.update", "rd");
    const other = (await t.db.select().from(users).where(eq(users.employees, "cn100002")))[0]!;
    await t.db.insert(propertyLog).values({ userId: other.id, propertyId: P.Name!, originValue: "别人", newValue: "别人改名", operatorId: other.id, createdAt: t.clock.now() });

    const history = await c.call<{ list: any[]; count: number }>("/user/property/history", { index: 1 });
    expect(history.message.code).toBe("SUCCESS");
    const [imported, edited, ...mine] = history.list!;
    expect(imported).toMatchObject({ property: { zh: "部门", en: "Department" }, after: { zh: expect.any(String), en: expect.any(String) }, by: { kind: "import" } });
    expect(edited).toMatchObject({ by: { kind: "staff", role: { nameZh: expect.any(String), nameEn: expect.any(String) } } });
    // An option is told by its text, not its stored value.
    expect(edited.after.en).not.toBe("hr");
    expect(JSON.stringify(edited)).not.toContain(String(officer!.employees));
    expect(mine.find((h) => h.property.en === "Name")).toMatchObject({ after: { zh: "陈历史", en: "陈历史" }, by: { kind: "self" } });
    expect(JSON.stringify(history.list)).not.toContain("别人改名");
    expect((await t.client().call("/user/property/history", { index: 1 })).message.code).toBe("ERROR_LOGIN_CODE");
  });
});

