// The gift market's categories (spec 2 sections 2, 5, 7 and 9) and its demo
// data: list, create (1-10 characters after trimming, a market module) and
// delete (its items become uncategorised), with the powers; the market
// tiles carry their category for the bar; the demo market is what the
// browser journeys and a new installation rely on.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { activities, categories, modules, operationLog, orders, parcels, teams } from "../../src/db/schema";
import { MODULE_MODEL, MODULE_SHOW } from "../../src/protocol/enumerations";
import { makeActivity, makeModule, makeTeam } from "../helpers/activities";
import { startTestApp, type TestApp } from "../helpers/app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t.close());

type Answer = { message: { code: string; params?: Record<string, unknown> } } & Record<string, any>;
const market = () => makeModule(t.db, { model: MODULE_MODEL.MODULE_MODEL_MARKET, nameZh: "测试商城", nameEn: "Test market" });

describe("categories", () => {
  test("an editor creates categories; everyone lists them, oldest first, one name for both languages", async () => {
    const m = await market();
    const editor = await t.as("cn000002");
    const member = await t.as("cn100001");
    expect(await member.call("/activity/module/sort/list", { module: m.id })).toMatchObject({ message: { code: "SUCCESS" }, list: [] });
    const first = await editor.call<Answer>("/activity/module/sort/save", { name: "  文具  ", module: m.id });
    expect(first).toMatchObject({ message: { code: "SUCCESS" } });
    expect(typeof first.id).toBe("number");
    await editor.call("/activity/module/sort/save", { name: "Stationery", module: m.id });
    const { list } = await member.call<Answer>("/activity/module/sort/list", { module: m.id });
    expect(list).toEqual([
      { id: first.id, nameZh: "文具", nameEn: "文具" },
      { id: expect.any(Number), nameZh: "Stationery", nameEn: "Stationery" },
    ]);
    // The operation log has the write.
    const [log] = await t.db.select().from(operationLog).where(and(eq(operationLog.action, "category.save"), eq(operationLog.targetId, String(first.id))));
    expect(log?.targetEntity).toBe("category");
  });

  test("a name has 1 to 10 characters after trimming, counted as a person counts them", async () => {
    const m = await market();
    const editor = await t.as("cn000001");
    for (const name of ["", "   ", "一二三四五六七八九十一", "abcdefghijk"])
      expect(await editor.call("/activity/module/sort/save", { name, module: m.id })).toMatchObject({ message: { code: "ERROR_PARAMS", params: { field: "name" } } });
    for (const name of ["一二三四五六七八九十", " abcdefghij ", "礼", "🎁🎁🎁🎁🎁🎁🎁🎁🎁🎁"])
      expect((await editor.call("/activity/module/sort/save", { name, module: m.id })).message.code).toBe("SUCCESS");
    const rows = await t.db.select().from(categories).where(eq(categories.moduleId, m.id));
    expect(rows.map((r) => r.nameZh).sort()).toEqual(["abcdefghij", "一二三四五六七八九十", "礼", "🎁🎁🎁🎁🎁🎁🎁🎁🎁🎁"].sort());
  });

  test("a missing module, or one that is not a market, is refused naming the module; nothing is written", async () => {
    const editor = await t.as("cn000001");
    const activityModule = await makeModule(t.db);
    const before = (await t.db.select().from(categories)).length;
    for (const module of [2_000_000_000, activityModule.id]) {
      expect(await editor.call("/activity/module/sort/save", { name: "文具", module })).toMatchObject({ message: { code: "ERROR_PARAMS", params: { field: "module" } } });
      expect(await editor.call("/activity/module/sort/list", { module })).toMatchObject({ message: { code: "ERROR_PARAMS", params: { field: "module" } } });
    }
    expect((await t.db.select().from(categories)).length).toBe(before);
  });

  test("deleting a category leaves its activities and teams uncategorised; a missing one is refused", async () => {
    const m = await market();
    const editor = await t.as("cn000002");
    const { id } = await editor.call<Answer>("/activity/module/sort/save", { name: "饮品", module: m.id });
    const tea = await makeActivity(t.db, { moduleId: m.id, categoryId: id, nameZh: "茶叶", nameEn: "Tea" });
    const team = await makeTeam(t.db, m.id, { categoryId: id });
    const member = await t.as("cn100001");
    const tiles = await member.call<Answer>("/activity/list", { module: m.id });
    expect(tiles.list.find((x: any) => x.id === tea.id)).toMatchObject({ category: id });

    expect((await editor.call("/activity/module/sort/delete", { id })).message.code).toBe("SUCCESS");
    expect((await member.call<Answer>("/activity/module/sort/list", { module: m.id })).list).toEqual([]);
    expect((await t.db.select().from(activities).where(eq(activities.id, tea.id)))[0]!.categoryId).toBeNull();
    expect((await t.db.select().from(teams).where(eq(teams.id, team.id)))[0]!.categoryId).toBeNull();
    expect((await member.call<Answer>("/activity/list", { module: m.id })).list.find((x: any) => x.id === tea.id)).toMatchObject({ category: null });
    expect(await editor.call("/activity/module/sort/delete", { id })).toMatchObject({ message: { code: "ERROR_PARAMS", params: { field: "id" } } });
  });

  test("create and delete need FUNCTION_ACTIVITY_CREATE; members and the operator are refused and nothing changes", async () => {
    const m = await market();
    const editor = await t.as("cn000002");
    const { id } = await editor.call<Answer>("/activity/module/sort/save", { name: "保留", module: m.id });
    for (const who of ["cn100001", "cn100002", "cn000003"]) {
      const c = await t.as(who);
      expect((await c.call("/activity/module/sort/save", { name: "新分类", module: m.id })).message.code).toBe("ERROR_NOT_POWER");
      expect((await c.call("/activity/module/sort/delete", { id })).message.code).toBe("ERROR_NOT_POWER");
    }
    expect((await t.db.select().from(categories).where(eq(categories.moduleId, m.id))).map((c) => c.nameZh)).toEqual(["保留"]);
  });

  test("a tile is sold out when no place is left: its own cap, its team's, or every activity of its team", async () => {
    const m = await market();
    const full = await makeActivity(t.db, { moduleId: m.id, cap: 2, used: 2 });
    const open = await makeActivity(t.db, { moduleId: m.id, cap: 2, used: 1 });
    const unlimited = await makeActivity(t.db, { moduleId: m.id, cap: null });
    const teamFull = await makeTeam(t.db, m.id, { cap: 3, used: 3 });
    const inFullTeam = await makeActivity(t.db, { moduleId: m.id, teamId: teamFull.id, cap: 10, used: 0 });
    const team = await makeTeam(t.db, m.id, {});
    const gone = await makeActivity(t.db, { moduleId: m.id, teamId: team.id, cap: 1, used: 1, isMain: true });
    await makeActivity(t.db, { moduleId: m.id, teamId: team.id, cap: 1, used: 0 });
    const { list } = await (await t.as("cn100001")).call<Answer>("/activity/list", { module: m.id });
    const soldOut = (id: number) => list.find((x: any) => x.id === id)?.soldOut;
    expect([soldOut(full.id), soldOut(open.id), soldOut(unlimited.id), soldOut(inFullTeam.id)]).toEqual([true, false, false, true]);
    // One size left of the team's two: its tile (the main activity, itself full) is not sold out.
    expect(soldOut(gone.id)).toBe(false);
  });

  test("a team's tile carries the team's category, an activity's its own", async () => {
    const m = await market();
    const [a, b] = await t.db.insert(categories).values([{ moduleId: m.id, nameZh: "甲", nameEn: "甲" }, { moduleId: m.id, nameZh: "乙", nameEn: "乙" }]).returning();
    const team = await makeTeam(t.db, m.id, { categoryId: b!.id, nameZh: "团队", nameEn: "Team" });
    const inTeam = await makeActivity(t.db, { moduleId: m.id, teamId: team.id, categoryId: a!.id });
    const alone = await makeActivity(t.db, { moduleId: m.id, categoryId: a!.id });
    const { list } = await (await t.as("cn100001")).call<Answer>("/activity/list", { module: m.id });
    expect(list.find((x: any) => x.id === inTeam.id)).toMatchObject({ category: b!.id, team: { id: team.id } });
    expect(list.find((x: any) => x.id === alone.id)).toMatchObject({ category: a!.id, team: null });
  });
});

describe("the demo market", () => {
  const demo = async () => (await t.db.select().from(modules).where(eq(modules.showTitle, MODULE_SHOW.MODULE_SHOW_GIFT)))[0]!;

  test("a gift showcase market of this year with three categories and its items, every tile in a category", async () => {
    const m = await demo();
    expect(m).toMatchObject({ model: MODULE_MODEL.MODULE_MODEL_MARKET, year: t.clock.now().getUTCFullYear() });
    const member = await t.as("cn100001");
    const sorts = await member.call<Answer>("/activity/module/sort/list", { module: m.id });
    expect(sorts.list.map((c: any) => c.nameZh)).toEqual(["生活用品", "服饰", "票券"]);
    // English names for the English page.
    expect(sorts.list.map((c: any) => c.nameEn)).toEqual(["Daily goods", "Apparel", "Vouchers"]);
    const { list } = await member.call<Answer>("/activity/list", { module: m.id });
    expect(list).toHaveLength(8);
    for (const tile of list) expect(sorts.list.map((c: any) => c.id)).toContain(tile.category);
    // The T-shirt team is one tile under its own name; a points-only item has no price.
    expect(list.filter((x: any) => x.team)).toHaveLength(1);
    expect(list.some((x: any) => !x.team && x.price === 0 && x.integral > 0)).toBe(true);
  });

  test("the items a member meets: a size tag choice, sold out, points only, a deduction, and all open on the test clock", async () => {
    const m = await demo();
    const member = await t.as("cn100001");
    const { list } = await member.call<Answer>("/activity/list", { module: m.id });
    const infos = await Promise.all(list.map(async (x: any) => (await member.call<Answer>("/activity/info", { id: x.id })).activity));
    const byName = (en: string) => infos.find((a: any) => a.nameEn.startsWith(en))!;
    expect(byName("Union anniversary T-shirt").groups[0].tags.map((g: any) => g.nameEn)).toEqual(["M", "L", "XL"]);
    expect(byName("Bluetooth earbuds").check.code).toBe("ERROR_SIGN_FULL");
    // The grid marks the sold-out earbuds, and only them.
    expect(list.filter((x: any) => x.soldOut).map((x: any) => x.nameEn)).toEqual(["Bluetooth earbuds"]);
    expect(byName("Union canvas bag")).toMatchObject({ price: 0, mustIntegral: true, integral: 5000 });
    expect(byName("Stainless steel thermos")).toMatchObject({ price: 5900, deduction: 2000, integral: 4000, hasAddress: true, hasExpress: true, check: { code: "SUCCESS" } });
    for (const a of infos.filter((a: any) => a.nameEn !== "Bluetooth earbuds")) expect(a.check.code).toBe("SUCCESS");
    // Enough points to check the thermos out with its deduction.
    expect(byName("Stainless steel thermos").points).toBeGreaterThanOrEqual(4000);
    // The market's items go through the trolley.
    expect((await member.call("/market/cart/add", { activity: byName("Stainless steel thermos").id, count: 1 })).message.code).toBe("SUCCESS");
    await member.call("/market/cart/sub", { all: 1, id: (await member.call<Answer>("/market/cart/list")).list[0].id });
  });

  test("cn100001's past market order: two umbrellas and a canvas bag, in two parcels", async () => {
    const member = await t.as("cn100001");
    const { list } = await member.call<Answer>("/order/list", { index: 1 });
    const order = list.find((o: any) => o.trade.startsWith("M"));
    expect(order).toBeDefined();
    expect(order.goods.map((g: any) => g.activity.nameEn)).toEqual(["Folding umbrella", "Folding umbrella", "Union canvas bag"]);
    expect(order.express).toHaveLength(2);
    expect(order).toMatchObject({ amount: 5000, integral: 5000 });
    const [row] = await t.db.select().from(orders).where(eq(orders.trade, order.trade));
    expect((await t.db.select().from(parcels).where(eq(parcels.orderId, row!.id))).length).toBe(2);
  });
});
