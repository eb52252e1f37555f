import { afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { families, relations, users } from "../../src/db/schema";
import type { ApiClient } from "../../src/protocol/client";
import { startTestApp, type TestApp } from "../helpers/app";

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
}, 60_000);
afterEach(() => t.close());

type Relation = { id: number; nameZh: string; nameEn: string; birthdayOptional?: boolean };
type Family = { id: number; name: string; identity: string; idType: number; relation: Relation; sex: number; phone: string | null; birthday: string | null };

const relationId = async (code: string) => (await t.db.select().from(relations).where(eq(relations.code, code)))[0]!.id;
const userId = async (employees: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.employees, employees)))[0]!.id;
const rowsOf = async (employees: string) => t.db.select().from(families).where(eq(families.userId, await userId(employees)));
const save = (c: ApiClient, family: Record<string, unknown>) => c.call<{ family: Family }>("/user/family/save", { family });

let child: Record<string, unknown>;
beforeEach(async () => {
  child = { name: "王小宝", identity: "440106199001010013", birthday: "1990-01-01", phone: "", relation: { id: await relationId("child") }, sex: 0 };
});

/** Saves spread over minutes, so the save rate limit does not get in the way of what a test is about. */
async function saveSlowly(c: ApiClient, family: Record<string, unknown>) {
  t.clock.advance(10_000);
  return save(c, family);
}

describe("reading the family", () => {
  test("the demo member's family is listed with each relation's names", async () => {
    const c = await t.as("cn100001");
    const answer = await c.call<{ list: Family[] }>("/user/family/list");
    expect(answer.list!.map((f) => f.name)).toEqual(["陈小明", "林芳"]);
    expect(answer.list![1]).toMatchObject({ relation: { nameZh: "配偶", nameEn: "Spouse" }, sex: 1, phone: "13911112222", birthday: "1988-06-12" });
  });

  test("/family/find answers the relation list, and one family member by id", async () => {
    const c = await t.as("cn100001");
    const none = await c.call<{ family: Family | null; relations: Relation[] }>("/family/find", {});
    expect(none.family).toBeNull();
    expect(none.relations!.map((r) => r.nameEn)).toEqual(["Spouse", "Child", "Parent", "Sibling", "Friend"]);
    expect(none.relations!.find((r) => r.nameEn === "Friend")!.birthdayOptional).toBe(true);
    const [first] = (await c.call<{ list: Family[] }>("/user/family/list")).list!;
    const one = await c.call<{ family: Family }>("/family/find", { id: first!.id });
    expect(one.family).toEqual(first!);
  });
});

describe("saving a family member", () => {
  test("an 18-character mainland ID gives id type 1, anything else id type 2", async () => {
    const c = await t.as("cn100002");
    const national = await saveSlowly(c, { ...child, identity: "11010519491231002x", birthday: "1949-12-31" });
    expect(national.message.code).toBe("SUCCESS");
    expect(national.family).toMatchObject({ identity: "11010519491231002X", idType: 1 });
    const passport = await saveSlowly(c, { ...child, identity: "E12345678", phone: "13912345678" });
    expect(passport.family).toMatchObject({ identity: "E12345678", idType: 2, phone: "13912345678" });
  });

  test("each rule of the family editor is checked, and a refused save changes nothing", async () => {
    const c = await t.as("cn000002");
    const cases: [Record<string, unknown>, string][] = [
      [{ ...child, name: "  " }, "name"],
      [{ ...child, relation: { id: 99999 } }, "relation"],
      [{ ...child, birthday: "" }, "birthday"],
      [{ ...child, birthday: "1990-02-30" }, "birthday"],
      [{ ...child, birthday: "01/01/1990" }, "birthday"],
      [{ ...child, birthday: "2999-01-01" }, "birthday"],
      [{ ...child, sex: 2 }, "sex"],
      [{ ...child, identity: "" }, "identity"],
      // 18 characters in the national format with a wrong check digit is a typo, not a passport.
      [{ ...child, identity: "440106199001010010" }, "identity"],
      [{ ...child, phone: "12345" }, "phone"],
      [{ ...child, phone: "23912345678" }, "phone"],
    ];
    for (const [family, field] of cases) {
      expect((await saveSlowly(c, family)).message).toMatchObject({ code: "ERROR_PARAMS", params: { field } });
    }
    expect(await rowsOf("cn000002")).toHaveLength(0);
  });

  test("a payload of the wrong shape is ERROR_PARAMS before any rule runs", async () => {
    const c = await t.as("cn000002");
    const cases: [Record<string, unknown>, object][] = [
      [{ ...child, sex: [0] }, { field: "family.sex", reason: "type" }],
      [{ ...child, relation: 1 }, { field: "family.relation", reason: "type" }],
      [{ ...child, name: "x".repeat(500) }, { field: "family.name", reason: "long" }],
      [{ name: "王" }, { field: "family.identity", reason: "missing" }],
    ];
    for (const [family, params] of cases) expect((await saveSlowly(c, family)).message).toMatchObject({ code: "ERROR_PARAMS", params });
    expect(await rowsOf("cn000002")).toHaveLength(0);
  });

  test("a friend needs no birthday", async () => {
    const c = await t.as("cn000002");
    const answer = await saveSlowly(c, { ...child, identity: "P1234567", birthday: null, relation: { id: await relationId("friend") } });
    expect(answer.message.code).toBe("SUCCESS");
    expect(answer.family).toMatchObject({ birthday: null, relation: { nameEn: "Friend" } });
  });

  test("fields are trimmed and angle brackets escaped", async () => {
    const c = await t.as("cn000002");
    const answer = await saveSlowly(c, { ...child, name: "  <i>王</i> ", identity: " E7654321 " });
    expect(answer.family).toMatchObject({ name: "&lt;i&gt;王&lt;/i&gt;", identity: "E7654321" });
  });

  test("editing keeps the row and changes its fields", async () => {
    const c = await t.as("cn000002");
    const created = await saveSlowly(c, child);
    const edited = await saveSlowly(c, { ...child, id: created.family!.id, name: "王大宝", sex: 1 });
    expect(edited.family).toMatchObject({ id: created.family!.id, name: "王大宝", sex: 1 });
    expect((await rowsOf("cn000002")).find((r) => r.id === created.family!.id)!.name).toBe("王大宝");
  });

  test("a member cannot add a sixteenth family member", async () => {
    const c = await t.as("cn000001");
    for (let i = 0; i < 15; i++) expect((await saveSlowly(c, { ...child, name: `家属${i}` })).message.code).toBe("SUCCESS");
    expect((await saveSlowly(c, child)).message).toMatchObject({ code: "ERROR_OFTEN", params: { max: 15 } });
    expect(await rowsOf("cn000001")).toHaveLength(15);
  });

  test("more than 10 saves in a minute is ERROR_OFTEN until the minute is over", async () => {
    const c = await t.as("cn000003");
    t.clock.advance(120_000);
    const [first] = [(await save(c, child)).family!];
    for (let i = 1; i < 10; i++) expect((await save(c, { ...child, id: first!.id, name: `改名${i}` })).message.code).toBe("SUCCESS");
    const refused = await save(c, { ...child, id: first!.id, name: "第十一次" });
    expect(refused.message.code).toBe("ERROR_OFTEN");
    expect((await rowsOf("cn000003"))[0]!.name).toBe("改名9");
    t.clock.advance(61_000);
    expect((await save(c, { ...child, id: first!.id, name: "第十一次" })).message.code).toBe("SUCCESS");
  });
});

describe("one member never reaches another's family", () => {
  test("another member's family id is ERROR_RESULT_NULL for find, save and delete, and changes nothing", async () => {
    const owner = await t.as("cn100001");
    const [theirs] = (await owner.call<{ list: Family[] }>("/user/family/list")).list!;
    const before = await rowsOf("cn100001");
    const other = await t.as("cn100002");
    expect((await other.call("/family/find", { id: theirs!.id })).message.code).toBe("ERROR_RESULT_NULL");
    expect((await saveSlowly(other, { ...child, id: theirs!.id })).message.code).toBe("ERROR_RESULT_NULL");
    expect((await other.call("/user/family/delete", { id: theirs!.id })).message.code).toBe("ERROR_RESULT_NULL");
    expect(await rowsOf("cn100001")).toEqual(before);
  });
});

describe("deleting and staff", () => {
  test("a member deletes their own family member", async () => {
    const c = await t.as("cn100002");
    expect((await saveSlowly(c, child)).message.code).toBe("SUCCESS");
    const [first] = await rowsOf("cn100002");
    expect((await c.call("/user/family/delete", { id: first!.id })).message.code).toBe("SUCCESS");
    expect((await rowsOf("cn100002")).map((r) => r.id)).not.toContain(first!.id);
    expect((await c.call("/user/family/delete", { id: first!.id })).message.code).toBe("ERROR_RESULT_NULL");
  });

  test("staff with FUNCTION_USER_FIND_FAMILY list a member's family; a member may not", async () => {
    const staff = await t.as("cn000003");
    const answer = await staff.call<{ list: Family[] }>("/family/list", { user: await userId("cn100001") });
    expect(answer.list!.map((f) => f.name)).toEqual(["陈小明", "林芳"]);
    const member = await t.as("cn100002");
    expect((await member.call("/family/list", { user: await userId("cn100001") })).message.code).toBe("ERROR_NOT_POWER");
  });
});
