// Less exposure to staff (issue 31 item 4): phones and identity numbers reach
// staff masked in member details, a member's family and an order's family
// members; the whole value comes only from /user/operation/reveal, which
// writes its operation-log row with it, and only under the window's power.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, isNotNull } from "drizzle-orm";
import { families, operationLog, orderFamilies, orderItems, orders, properties, userValues, users } from "../../src/db/schema";
import { OPERATION_ACTIONS } from "../../src/protocol/operation-types";
import { startTestApp, type TestApp } from "../helpers/app";

type Answer = { message: { code: string; params?: Record<string, unknown> } } & Record<string, any>;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t.close());

const userId = async (employees: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.employees, employees)))[0]!.id;
const passportProperty = async () => (await t.db.select({ id: properties.id }).from(properties).where(eq(properties.titleEn, "Passport number")))[0]!.id;
const reveals = async (target: number) => t.db.select().from(operationLog).where(and(eq(operationLog.targetUserId, target), eq(operationLog.action, "member.reveal")));

describe("masked until revealed", () => {
  test("a member's phone and passport number: masked in the detail, whole on a click that is logged with who, whose, what and when", async () => {
    const op = await t.as("cn000003");
    const emma = await userId("cn100002");
    const passport = await passportProperty();
    const before = (await reveals(emma)).length;
    const { user } = await op.call<Answer>("/user/operation/info", { id: emma });
    expect(user.phone).toBe("139****0002");
    expect(user.values.find((v: { property: { id: number } }) => v.property.id === passport).value).toBe("*****4567");
    expect(JSON.stringify(user)).not.toContain("GB1234567");
    expect(JSON.stringify(user)).not.toContain("13900000002");

    expect(await op.call<Answer>("/user/operation/reveal", { user: emma, field: "phone" })).toMatchObject({ message: { code: "SUCCESS" }, value: "13900000002" });
    expect(await op.call<Answer>("/user/operation/reveal", { user: emma, field: "property", id: passport })).toMatchObject({ value: "GB1234567" });
    const rows = (await reveals(emma)).slice(before);
    const officer = await userId("cn000003");
    expect(rows.map((r) => [r.userId, r.targetUserId, r.detail])).toEqual([
      [officer, emma, "phone"],
      [officer, emma, `property ${passport} Passport number`],
    ]);
    expect(rows.every((r) => r.createdAt.getTime() === t.clock.now().getTime())).toBe(true);
    const listed = await op.call<Answer>("/user/operation/operations", { user: emma, type: OPERATION_ACTIONS["member.reveal"]!.id });
    expect(listed.list.map((r: { detail: string }) => r.detail)).toContain("phone");
  });

  test("a member's family: identity numbers and phones masked in the list, each revealed alone", async () => {
    const op = await t.as("cn000003");
    const chen = await userId("cn100001");
    const { list } = await op.call<Answer>("/family/list", { user: chen });
    expect(list.map((f: { identity: string; phone: string | null }) => [f.identity, f.phone])).toEqual([
      ["110101********0018", null],
      ["110101********0022", "139****2222"],
    ]);
    const spouse = list[1].id;
    expect((await op.call<Answer>("/user/operation/reveal", { user: chen, field: "family.identity", id: spouse })).value).toBe("110101198806120022");
    expect((await op.call<Answer>("/user/operation/reveal", { user: chen, field: "family.phone", id: spouse })).value).toBe("13911112222");
    expect((await reveals(chen)).map((r) => r.detail)).toEqual(expect.arrayContaining([`family ${spouse} identity`, `family ${spouse} phone`]));
  });

  test("an order's family member: masked in the staff order detail, revealed under the sign-up results' power", async () => {
    const editor = await t.as("cn000002");
    const [row] = await t.db
      .select({ item: orderItems.id, user: orderItems.userId, family: orderFamilies.id })
      .from(orderFamilies)
      .innerJoin(orderItems, eq(orderItems.id, orderFamilies.itemId))
      .limit(1);
    const detail = await editor.call<Answer>("/order/activity/info", { id: row!.item });
    expect(detail.families[0]).toMatchObject({ id: row!.family, identity: "110101********0018" });
    expect((await editor.call<Answer>("/user/operation/reveal", { user: row!.user, field: "order-family.identity", id: row!.family })).value).toBe("110101201503070018");
    expect((await reveals(row!.user)).map((r) => r.detail)).toContain(`order family ${row!.family} identity`);
  });

  test("an order's phones and the family contact's: masked in their windows, each revealed under that window's power and logged", async () => {
    const editor = await t.as("cn000002");
    const [row] = await t.db
      .select({ item: orderItems.id, user: orderItems.userId, phone: orders.phone, memberPhone: users.phone })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(users, eq(users.id, orderItems.userId))
      .where(isNotNull(orders.liaison))
      .limit(1);
    const detail = await editor.call<Answer>("/order/activity/info", { id: row!.item });
    expect(detail.user.phone).toBe(`${row!.memberPhone!.slice(0, 3)}****${row!.memberPhone!.slice(-4)}`);
    expect(detail.address.phone).toBe(`${row!.phone!.slice(0, 3)}****${row!.phone!.slice(-4)}`);
    expect((await editor.call<Answer>("/user/operation/reveal", { user: row!.user, field: "order-member.phone", id: row!.item })).value).toBe(row!.memberPhone);
    expect((await editor.call<Answer>("/user/operation/reveal", { user: row!.user, field: "order-delivery.phone", id: row!.item })).value).toBe(row!.phone);
    expect((await reveals(row!.user)).map((r) => r.detail)).toEqual(expect.arrayContaining([`order ${row!.item} member phone`, `order ${row!.item} phone`]));
    // The order asked for as another member's: no such order of theirs.
    const other = await userId(row!.user === (await userId("cn100001")) ? "cn100002" : "cn100001");
    expect((await editor.call<Answer>("/user/operation/reveal", { user: other, field: "order-delivery.phone", id: row!.item })).message).toMatchObject({ code: "ERROR_RESULT_NULL", params: { field: "id" } });

    // The family contact is the home address's contact: the member detail's window, the officer's power.
    const op = await t.as("cn000003");
    // A member keeps a home address with a contact (the seed has none).
    const emma = await t.as("cn100002");
    const contact = { name: "赵联系", phone: "13987654321", address0: "31", address1: "3101", address2: "310115", address3: "310115005", info: "世纪大道100号" };
    expect((await emma.call<Answer>("/user/address/place/update", { address: contact })).message.code).toBe("SUCCESS");
    const home = { user: await userId("cn100002"), phone: contact.phone };
    const { user } = await op.call<Answer>("/user/operation/info", { id: home.user });
    expect(user.contact.phone).toBe(`${home.phone.slice(0, 3)}****${home.phone.slice(-4)}`);
    expect((await op.call<Answer>("/user/operation/reveal", { user: home.user, field: "contact.phone" })).value).toBe(home.phone);
    expect((await reveals(home.user)).map((r) => r.detail)).toContain("contact phone");
    expect((await editor.call<Answer>("/user/operation/reveal", { user: home.user, field: "contact.phone" })).message.code).toBe("ERROR_NOT_POWER");
  });
});

describe("no reveal without the power, and none unlogged", () => {
  test("a member, an officer without the window's power, and another member's family member are refused, and nothing is logged", async () => {
    const chen = await userId("cn100001");
    const emma = await userId("cn100002");
    const [theirs] = await t.db.select({ id: families.id }).from(families).where(eq(families.userId, chen));
    const before = [(await reveals(chen)).length, (await reveals(emma)).length];
    const member = await t.as("cn100002");
    expect((await member.call<Answer>("/user/operation/reveal", { user: chen, field: "phone" })).message.code).toBe("ERROR_NOT_POWER");
    // The editor sees sign-up results, not member details: their power reveals an order's family members alone.
    const editor = await t.as("cn000002");
    expect((await editor.call<Answer>("/user/operation/reveal", { user: chen, field: "phone" })).message).toMatchObject({ code: "ERROR_NOT_POWER", params: { field: "field" } });
    expect((await editor.call<Answer>("/user/operation/reveal", { user: chen, field: "family.identity", id: theirs!.id })).message.code).toBe("ERROR_NOT_POWER");
    const op = await t.as("cn000003");
    // Chen's family member asked for as Emma's.
    expect((await op.call<Answer>("/user/operation/reveal", { user: emma, field: "family.identity", id: theirs!.id })).message).toMatchObject({ code: "ERROR_RESULT_NULL", params: { field: "id" } });
    expect((await op.call<Answer>("/user/operation/reveal", { user: emma, field: "property" })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "id" } });
    expect((await op.call<Answer>("/user/operation/reveal", { user: emma, field: "password" })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "field" } });
    expect([(await reveals(chen)).length, (await reveals(emma)).length]).toEqual(before);
  });

  test("the staff form sends a masked value back unchanged: the stored number stays", async () => {
    const op = await t.as("cn000003");
    const emma = await userId("cn100002");
    const passport = await passportProperty();
    const { user } = await op.call<Answer>("/user/operation/info", { id: emma });
    const saved = await op.call<Answer>("/user/operation/update", {
      user: { id: emma, nationality: { id: user.nationality.id }, status: { id: user.status.id } },
      values: JSON.stringify(user.values),
    });
    expect(saved.message.code).toBe("SUCCESS");
    const [kept] = await t.db.select({ value: userValues.value }).from(userValues).where(and(eq(userValues.userId, emma), eq(userValues.propertyId, passport)));
    expect(kept!.value).toBe("GB1234567");
    expect((await t.db.select({ phone: users.phone }).from(users).where(eq(users.id, emma)))[0]!.phone).toBe("13900000002");
  });
});
