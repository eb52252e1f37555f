import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { addresses, users } from "../../src/db/schema";
import { childrenOf, findRegion, levelCounts } from "../../src/domains/address/regions";
import type { ApiClient } from "../../src/protocol/client";
import { ADDRESS_TYPE } from "../../src/protocol/enumerations";
import { startTestApp, type TestApp } from "../helpers/app";

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
}, 60_000);
afterEach(() => t.close());

type Region = { id: string; name: string; nameEn: string };
type Address = { id: number; name: string; phone: string; address0: Region; address1: Region; address2: Region; address3: Region; info: string; type: { id: number }; isDefault: boolean };

const valid = { name: "张三", phone: "13912345678", address0: "31", address1: "3101", address2: "310115", address3: "310115005", info: "世纪大道100号" };

const userId = async (employees: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.employees, employees)))[0]!.id;
const rowsOf = async (employees: string) => t.db.select().from(addresses).where(eq(addresses.userId, await userId(employees)));
const list = async (c: ApiClient) => (await c.call<{ list: Address[] }>("/user/address/list")).list!;
const save = (c: ApiClient, address: Record<string, unknown>) => c.call<{ address: Address }>("/user/address/save", { address });

describe("regions", () => {
  test("the national division data is complete: 31 provinces, 342 cities, 2,978 districts, 41,352 streets", () => {
    expect(levelCounts()).toEqual([31, 342, 2978, 41352]);
  });

  test("a region is found by its code", () => {
    expect(findRegion("110101001")).toMatchObject({ name: "东华门街道", level: 3, parent: "110101" });
    expect(childrenOf("nope")).toBeNull();
  });

  test("/address/find answers the provinces without an id and the children of a region with one", async () => {
    const c = await t.as("cn100001");
    const provinces = await c.call<{ list: Region[] }>("/address/find", {});
    expect(provinces.list).toHaveLength(31);
    expect(provinces.list![0]).toEqual({ id: "11", name: "北京市", nameEn: "Beijing" });
    const streets = await c.call<{ list: Region[] }>("/address/find", { id: "110101" });
    expect(streets.list).toContainEqual({ id: "110101001", name: "东华门街道", nameEn: "Donghuamen Subdistrict" });
    expect((await c.call<{ list: Region[] }>("/address/find", { id: "110101001" })).list).toEqual([]);
    expect((await c.call("/address/find", { id: "999999" })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "id" } });
  });

  test("regions are for signed-in members only", async () => {
    expect((await t.client().call("/address/find", {})).message.code).toBe("ERROR_LOGIN_CODE");
  });
});

describe("the address book", () => {
  test("the demo member's address comes with its four regions named in both languages, and is the user's place", async () => {
    const c = await t.as("cn100001");
    const [first] = await list(c);
    expect(first).toMatchObject({ name: "陈会员", isDefault: true, type: { id: ADDRESS_TYPE.ADDRESS_TYPE_EXPRESS } });
    expect(first!.address3).toEqual({ id: "110101001", name: "东华门街道", nameEn: "Donghuamen Subdistrict" });
    const reload = await c.call<{ user: { place: Address | null } }>("/user/reload");
    expect(reload.user!.place).toMatchObject({ id: first!.id, isDefault: true });
  });

  test("a new address is saved as a delivery address, and a member's first address becomes the default", async () => {
    const c = await t.as("cn100002");
    const answer = await save(c, valid);
    expect(answer.message.code).toBe("SUCCESS");
    expect(answer.address).toMatchObject({ name: "张三", phone: "13912345678", type: { id: ADDRESS_TYPE.ADDRESS_TYPE_EXPRESS }, isDefault: true, info: "世纪大道100号" });
    expect(answer.address!.address2).toMatchObject({ id: "310115", name: "浦东新区", nameEn: "Pudong New Area" });
    const second = await save(c, { ...valid, name: "Li Si" });
    expect(second.address!.isDefault).toBe(false);
    const rows = await list(c);
    expect(rows[0]!.id).toBe(answer.address!.id);
  });

  test("each field is checked, and a refused save changes nothing", async () => {
    const c = await t.as("cn000002");
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, name: "" }, "name"],
      [{ ...valid, name: "Li  Si" }, "name"],
      [{ ...valid, name: "张三1" }, "name"],
      [{ ...valid, name: "<b>x</b>" }, "name"],
      [{ ...valid, phone: "23912345678" }, "phone"],
      [{ ...valid, phone: "1391234567" }, "phone"],
      [{ ...valid, address3: "" }, "address"],
      [{ ...valid, address1: "1101" }, "address"],
      [{ ...valid, address3: "110101001" }, "address"],
      [{ ...valid, address0: "3101", address1: "31" }, "address"],
      [{ ...valid, info: "" }, "info"],
      [{ ...valid, info: "Century Avenue 100" }, "info"],
    ];
    for (const [address, field] of cases) {
      const answer = await save(c, address);
      expect(answer.message).toMatchObject({ code: "ERROR_PARAMS", params: { field } });
    }
    expect(await rowsOf("cn000002")).toHaveLength(0);
  });

  test("the detail is trimmed and its angle brackets escaped", async () => {
    const c = await t.as("cn000002");
    const answer = await save(c, { ...valid, name: " 王五 ", info: "  南京路<script>1号 " });
    expect(answer.address).toMatchObject({ name: "王五", info: "南京路&lt;script&gt;1号" });
  });

  test("an existing address keeps its type when edited", async () => {
    const c = await t.as("cn000003");
    const place = await c.call<{ address: Address }>("/user/address/place/update", { address: valid });
    expect(place.address!.type.id).toBe(ADDRESS_TYPE.ADDRESS_TYPE_PLACE);
    const edited = await save(c, { ...valid, id: place.address!.id, info: "世纪大道200号" });
    expect(edited.address).toMatchObject({ id: place.address!.id, info: "世纪大道200号", type: { id: ADDRESS_TYPE.ADDRESS_TYPE_PLACE } });
  });

  test("a member cannot add an eleventh address", async () => {
    const c = await t.as("cn000001");
    for (let i = 0; i < 10; i++) expect((await save(c, { ...valid, info: `世纪大道${i}号` })).message.code).toBe("SUCCESS");
    expect((await save(c, valid)).message).toMatchObject({ code: "ERROR_OFTEN", params: { max: 10 } });
    expect((await c.call("/user/address/place/update", { address: valid })).message.code).toBe("ERROR_OFTEN");
    expect(await rowsOf("cn000001")).toHaveLength(10);
    const [first] = await list(c);
    // Editing one of the ten is still allowed.
    expect((await save(c, { ...valid, id: first!.id, info: "改过的地址" })).message.code).toBe("SUCCESS");
  });

  test("setting a default leaves exactly one default", async () => {
    const c = await t.as("cn000001");
    for (const info of ["世纪大道1号", "世纪大道2号", "世纪大道3号"]) expect((await save(c, { ...valid, info })).message.code).toBe("SUCCESS");
    const rows = await list(c);
    const target = rows[rows.length - 1]!;
    expect((await c.call("/user/address/default", { id: target.id })).message.code).toBe("SUCCESS");
    const after = await list(c);
    expect(after.filter((a) => a.isDefault).map((a) => a.id)).toEqual([target.id]);
    expect(after[0]!.id).toBe(target.id);
  });

  test("deleting the default moves it to the newest remaining address", async () => {
    const c = await t.as("cn000001");
    for (let i = 0; i < 10; i++) {
      t.clock.advance(1_000);
      expect((await save(c, { ...valid, info: `世纪大道${i}号` })).message.code).toBe("SUCCESS");
    }
    const rows = await rowsOf("cn000001");
    const current = rows.find((r) => r.isDefault)!;
    const newest = rows.filter((r) => r.id !== current.id).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)[0]!;
    expect((await c.call("/user/address/delete", { id: current.id })).message.code).toBe("SUCCESS");
    const after = await rowsOf("cn000001");
    expect(after).toHaveLength(9);
    expect(after.filter((r) => r.isDefault).map((r) => r.id)).toEqual([newest.id]);
  });

  test("deleting the last address leaves no default and the user's place empty", async () => {
    const c = await t.as("cn000002");
    for (const row of await rowsOf("cn000002")) expect((await c.call("/user/address/delete", { id: row.id })).message.code).toBe("SUCCESS");
    expect(await list(c)).toEqual([]);
    expect((await c.call<{ user: { place: unknown } }>("/user/reload")).user!.place).toBeNull();
  });
});

describe("one member never reaches another's addresses", () => {
  test("another member's address id is ERROR_RESULT_NULL for edit, default and delete, and changes nothing", async () => {
    const owner = await t.as("cn100001");
    const [theirs] = await list(owner);
    const before = await rowsOf("cn100001");
    const other = await t.as("cn100002");
    expect((await save(other, { ...valid, id: theirs!.id })).message.code).toBe("ERROR_RESULT_NULL");
    expect((await other.call("/user/address/default", { id: theirs!.id })).message.code).toBe("ERROR_RESULT_NULL");
    expect((await other.call("/user/address/delete", { id: theirs!.id })).message.code).toBe("ERROR_RESULT_NULL");
    expect(await rowsOf("cn100001")).toEqual(before);
    expect((await list(other)).map((a) => a.id)).not.toContain(theirs!.id);
  });
});

describe("the home address", () => {
  test("place/find is null until place/update saves it; a second update edits the same row", async () => {
    const c = await t.as("cn100002");
    const none = await c.call<{ address: Address | null }>("/user/address/place/find");
    expect(none.message.code).toBe("SUCCESS");
    expect(none.address).toBeNull();
    const first = await c.call<{ address: Address }>("/user/address/place/update", { address: valid });
    const second = await c.call<{ address: Address }>("/user/address/place/update", { address: { ...valid, info: "家里地址" } });
    expect(second.address!.id).toBe(first.address!.id);
    const found = await c.call<{ address: Address }>("/user/address/place/find");
    expect(found.address).toMatchObject({ id: first.address!.id, info: "家里地址", type: { id: ADDRESS_TYPE.ADDRESS_TYPE_PLACE } });
    expect((await c.call("/user/address/place/update", { address: { ...valid, phone: "12" } })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "phone" } });
  });

  test("staff with FUNCTION_USER_OPERATION_INFO read a member's home address; a member may not", async () => {
    const id = await userId("cn100002");
    expect((await (await t.as("cn100002")).call("/user/address/place/update", { address: { ...valid, info: "家里地址" } })).message.code).toBe("SUCCESS");
    const staff = await t.as("cn000003");
    const answer = await staff.call<{ address: Address | null }>("/user/address/place/manager", { id });
    expect(answer.address).toMatchObject({ info: "家里地址" });
    expect((await staff.call<{ address: null }>("/user/address/place/manager", { id: await userId("cn100004") })).address).toBeNull();
    const member = await t.as("cn100001");
    expect((await member.call("/user/address/place/manager", { id })).message.code).toBe("ERROR_NOT_POWER");
  });
});
