// What the personal centre's order detail reads from /order/list (spec 2
// section 2 "Member orders"): the family members' relationship and gift by
// name, and the delivery address's regions by name, beside the codes.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { activities, families, gifts, users } from "../../src/db/schema";
import { startTestApp, type TestApp } from "../helpers/app";

type Answer = Record<string, any>;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t.close());

const byName = (list: Answer[]) => Object.fromEntries(list.map((o) => [o.nameEn, o]));

test("a carried family member comes with the relationship's names, and a gift with its names", async () => {
  const c = await t.as("cn100001");
  const trip = byName((await c.call<Answer>("/order/list", { index: 1 })).list)["Autumn family study trip"]!;
  expect(trip.goods[0].families).toEqual([
    { name: "陈小明", relationship: { id: expect.any(Number), nameZh: "子女", nameEn: "Child" }, birthday: "2015-03-07", identity: "110101201503070018", sex: 0, phone: null, gift: null },
  ]);

  // The family fair gives each child a gift.
  const [fair] = await t.db.select({ id: activities.id }).from(activities).where(eq(activities.nameEn, "Children's Day family fair"));
  const [blocks] = await t.db.select({ id: gifts.id }).from(gifts).where(eq(gifts.nameEn, "Building blocks set"));
  const [me] = await t.db.select({ id: users.id }).from(users).where(eq(users.employees, "cn100001"));
  const [child] = await t.db.select({ id: families.id }).from(families).where(and(eq(families.userId, me!.id), eq(families.name, "陈小明")));
  const signed = await c.call<Answer>("/order/sign", { activity: fair!.id, clans: [{ id: child!.id, gift: blocks!.id }] });
  expect(signed.message.code).toBe("SUCCESS");
  const order = (await c.call<Answer>("/order/list", { index: 1 })).list.find((o: Answer) => o.id === signed.order);
  expect(order.goods[0].places).toBe(2);
  expect(order.goods[0].families[0]).toMatchObject({ relationship: { nameZh: "子女", nameEn: "Child" }, gift: { id: blocks!.id, nameZh: "积木套装", nameEn: "Building blocks set" } });
});

test("a delivery address keeps its region codes and adds their names, level by level", async () => {
  const c = await t.as("cn100001");
  const list = (await c.call<Answer>("/order/list", { index: 1 })).list as Answer[];
  const mooncake = byName(list)["Mid-Autumn mooncake box"]!;
  expect(mooncake.address).toMatchObject({ liaison: "陈会员", phone: "13900000001", address0: "11", address3: "110101001", addressInfo: "东华门大街1号院2号楼301室" });
  const regions = mooncake.address.regions as { id: string; name: string; nameEn: string }[];
  expect(regions.map((r) => r.id)).toEqual(["11", "1101", "110101", "110101001"]);
  expect(regions[0]!.name).toBe("北京市");
  expect(regions[2]!.name).toBe("东城区");
  for (const r of regions) expect(r.name.length * r.nameEn.length).toBeGreaterThan(0);
  // An order without delivery has no address at all.
  expect(byName(list)["Friday film night"]!.address).toBeNull();
});

test("the film night's ticket is a QR image for its owner; an order without a ticket has none", async () => {
  const c = await t.as("cn100001");
  const list = byName((await c.call<Answer>("/order/list", { index: 1 })).list);
  const ticket = await c.get("/order/qr", { trade: list["Friday film night"]!.trade });
  expect(ticket.headers.get("content-type")).toBe("image/png");
  expect((await c.get("/order/qr", { trade: list["Mid-Autumn mooncake box"]!.trade })).headers.get("content-type")).not.toBe("image/png");
});
