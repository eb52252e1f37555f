// Editing the activity index (spec 2 sections 2, 5, 6; spec 3 section 7):
// modules with their icon and home carousel, delete only when empty, the
// gift and group-buy zones, new activities in preview, and a module's orders.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { activities, conditions, modules, operationLog, orderItems, orders, properties, teams, users } from "../../src/db/schema";
import { ACTIVITY_STATE, COMPARE_MODE, CONDITION_TYPE, MODULE_MODEL, MODULE_SHOW, ORDER_STATE, PROPERTY_PURPOSE, SEND_STATE } from "../../src/protocol/enumerations";
import type { ApiClient } from "../../src/protocol/client";
import { makeActivity, makeModule, makeTeam } from "../helpers/activities";
import { START, startTestApp, type TestApp } from "../helpers/app";
import { TINY_PNG } from "../helpers/routes";

type Answer = Record<string, any>;
let t: TestApp;
let admin: ApiClient;
let member: ApiClient;
let icon: string;
let carousel: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.as("cn000001");
  member = await t.as("cn100001");
  icon = (await admin.upload<{ path: string }>("/file/upload/image", new Blob([TINY_PNG], { type: "image/png" }), "icon.png")).path!;
  // Another file, so another address (uploads are kept by their content's hash).
  const other = new Uint8Array([...TINY_PNG, 0]);
  carousel = (await admin.upload<{ path: string }>("/file/upload/image", new Blob([other], { type: "image/png" }), "carousel.png")).path!;
}, 60_000);
afterAll(() => t.close());

const YEAR = START.getUTCFullYear();
const ACTIVITY = { id: MODULE_MODEL.MODULE_MODEL_ACTIVITY };
const MARKET = { id: MODULE_MODEL.MODULE_MODEL_MARKET };

const draft = (over: Record<string, unknown> = {}) => ({
  nameZh: "春季活动",
  nameEn: "Spring activities",
  year: YEAR,
  model: ACTIVITY,
  face: icon,
  isTitle: false,
  ...over,
});

const save = (module: Record<string, unknown>, who: ApiClient = admin) => who.call<Answer>("/activity/module/update", { module });
const saved = async (module: Record<string, unknown>) => {
  const answer = await save(module);
  expect(answer.message.code).toBe("SUCCESS");
  return answer.module as Answer;
};
const refusedField = async (module: Record<string, unknown>) => {
  const answer = await save(module);
  expect(answer.message.code).toBe("ERROR_PARAMS");
  return answer.message.params?.field;
};
const moduleRow = async (id: number) => (await t.db.select().from(modules).where(eq(modules.id, id)))[0];

describe("/activity/module/update", () => {
  test("a new module is stored with its icon, shows on the index, and leaves an operation-log row", async () => {
    const m = await saved(draft());
    expect(m).toMatchObject({ nameZh: "春季活动", nameEn: "Spring activities", year: YEAR, model: ACTIVITY, face: icon, isTitle: false, showStart: null, showEnd: null, showTitle: null });
    const list = (await member.call<Answer>("/activity/module/list")).list as Answer[];
    expect(list.find((x) => x.id === m.id)).toMatchObject({ nameEn: "Spring activities", face: icon });
    const [log] = await t.db.select().from(operationLog).where(and(eq(operationLog.action, "module.update"), eq(operationLog.targetId, String(m.id))));
    expect(log).toMatchObject({ targetEntity: "module", detail: "create" });
  });

  test("names are trimmed and their angle brackets escaped", async () => {
    const m = await saved(draft({ nameZh: "  <b>工会</b>  ", nameEn: " <i>Union</i> " }));
    expect(m.nameZh).toBe("&lt;b&gt;工会&lt;/b&gt;");
    expect(m.nameEn).toBe("&lt;i&gt;Union&lt;/i&gt;");
  });

  test("each required field is named when it is missing, in the spec's order", async () => {
    expect(await refusedField(draft({ nameZh: "   " }))).toBe("nameZh");
    expect(await refusedField(draft({ nameZh: "", nameEn: "" }))).toBe("nameZh");
    expect(await refusedField(draft({ nameEn: " " }))).toBe("nameEn");
    expect(await refusedField(draft({ year: null }))).toBe("year");
    expect(await refusedField(draft({ face: null }))).toBe("face");
    expect(await refusedField(draft({ face: "" }))).toBe("face");
    expect(await refusedField(draft({ model: null }))).toBe("model");
    expect(await refusedField(draft({ model: { id: 1401 } }))).toBe("model");
    expect(await refusedField(draft({ nameZh: "长".repeat(51) }))).toBe("nameZh");
  });

  test("an icon or carousel image must be an address an upload answered", async () => {
    expect(await refusedField(draft({ face: "https://elsewhere.example/x.png" }))).toBe("face");
    expect(await refusedField(draft({ face: "javascript:alert(1)" }))).toBe("face");
    expect(await refusedField(draft({ titleFace: "/api/file/get?key=../../etc/passwd" }))).toBe("titleFace");
  });

  test("the year runs from one year ahead to four years back", async () => {
    expect((await saved(draft({ year: YEAR + 1 }))).year).toBe(YEAR + 1);
    expect((await saved(draft({ year: YEAR - 4 }))).year).toBe(YEAR - 4);
    expect(await refusedField(draft({ year: YEAR + 2 }))).toBe("year");
    expect(await refusedField(draft({ year: YEAR - 5 }))).toBe("year");
  });

  test("an older module keeps its year when edited, but cannot be moved to another year out of range", async () => {
    const old = await makeModule(t.db, { year: YEAR - 6, face: icon });
    expect((await saved(draft({ id: old.id, year: YEAR - 6, nameEn: "Renamed" }))).nameEn).toBe("Renamed");
    expect(await refusedField(draft({ id: old.id, year: YEAR - 7 }))).toBe("year");
  });

  test("on the home carousel: no online time goes online at once; the offline time and the image are required", async () => {
    const end = new Date(START.getTime() + 7 * 86_400_000).toISOString();
    const start = new Date(START.getTime() + 86_400_000).toISOString();
    const direct = await saved(draft({ isTitle: true, showEnd: end, titleFace: carousel }));
    expect(direct).toMatchObject({ isTitle: true, showStart: null, showEnd: end, titleFace: carousel });
    expect((await saved(draft({ isTitle: true, showStart: start, showEnd: end, titleFace: carousel }))).showStart).toBe(start);
    expect(await refusedField(draft({ isTitle: true, titleFace: carousel }))).toBe("showEnd");
    expect(await refusedField(draft({ isTitle: true, showEnd: "", titleFace: carousel }))).toBe("showEnd");
    expect(await refusedField(draft({ isTitle: true, showStart: end, showEnd: start, titleFace: carousel }))).toBe("showEnd");
    expect(await refusedField(draft({ isTitle: true, showStart: "not a time", showEnd: end, titleFace: carousel }))).toBe("showStart");
    expect(await refusedField(draft({ isTitle: true, showEnd: end }))).toBe("titleFace");
    expect(await refusedField(draft({ isTitle: true, showEnd: end, titleFace: null }))).toBe("titleFace");
  });

  test("off the carousel the times are dropped and the image kept for later", async () => {
    const m = await saved(draft({ isTitle: false, showStart: "garbage", showEnd: null, titleFace: carousel }));
    expect(m).toMatchObject({ isTitle: false, showStart: null, showEnd: null, titleFace: carousel });
  });

  test("an edit changes the module in place; an unknown id is not found", async () => {
    const m = await saved(draft());
    const edited = await saved(draft({ id: m.id, nameZh: "秋季活动", nameEn: "Autumn activities", year: YEAR - 1 }));
    expect(edited).toMatchObject({ id: m.id, nameZh: "秋季活动", nameEn: "Autumn activities", year: YEAR - 1 });
    expect(await moduleRow(m.id)).toMatchObject({ nameEn: "Autumn activities", year: YEAR - 1 });
    expect((await save(draft({ id: 999_999 }))).message.code).toBe("ERROR_RESULT_NULL");
  });

  test("the model may change while the module is empty, never once it has activities", async () => {
    const m = await saved(draft());
    expect((await saved(draft({ id: m.id, model: MARKET }))).model).toEqual(MARKET);
    await makeActivity(t.db, { moduleId: m.id });
    const refused = await save(draft({ id: m.id, model: ACTIVITY }));
    expect(refused.message).toMatchObject({ code: "ERROR_MODULE_NOT_EMPTY", params: { field: "model" } });
    expect((await moduleRow(m.id))!.model).toBe(MODULE_MODEL.MODULE_MODEL_MARKET);
    // Everything else may still change.
    expect((await saved(draft({ id: m.id, model: MARKET, nameEn: "Still a market" }))).nameEn).toBe("Still a market");
  });

  test("a member without the power is refused and nothing is stored", async () => {
    const before = (await t.db.select().from(modules)).length;
    expect((await save(draft(), member)).message.code).toBe("ERROR_NOT_POWER");
    expect((await t.db.select().from(modules)).length).toBe(before);
  });
});

describe("a module's show conditions (reasons)", () => {
  const nameProperty = async () => (await t.db.select({ id: properties.id }).from(properties).where(eq(properties.purpose, PROPERTY_PURPOSE.PROPERTY_PURPOSE_NAME)))[0]!.id;
  const reason = async (over: Record<string, unknown> = {}) => ({
    type: { id: CONDITION_TYPE.CONDITION_TYPE_SHOW },
    property: { id: await nameProperty() },
    compareMode: { id: COMPARE_MODE.COMPARE_IN },
    value: "王管理|李编辑",
    ...over,
  });
  const memberSees = async (id: number) => ((await member.call<Answer>("/activity/module/list")).list as Answer[]).some((m) => m.id === id);

  test("stored with the module, shown to editors only, and they decide who sees it; absent keeps them, empty clears them", async () => {
    const answer = await admin.call<Answer>("/activity/module/update", { module: draft({ nameEn: "Staff only" }), reasons: [await reason()] });
    expect(answer.message.code).toBe("SUCCESS");
    const id = answer.module.id as number;
    expect(answer.reasons).toEqual([{ id: expect.any(Number), type: { id: CONDITION_TYPE.CONDITION_TYPE_SHOW }, property: { id: await nameProperty() }, compareMode: { id: COMPARE_MODE.COMPARE_IN }, value: "王管理|李编辑" }]);
    expect((await admin.call<Answer>("/activity/module/info", { id })).reasons).toHaveLength(1);
    // The member (陈会员) is neither name: the module is hidden from them, and they never read its conditions.
    expect(await memberSees(id)).toBe(false);
    expect((await member.call("/activity/module/info", { id })).message.code).toBe("ERROR_RESULT_NULL");
    const visible = await saved(draft({ nameEn: "Open" }));
    expect("reasons" in (await member.call<Answer>("/activity/module/info", { id: visible.id }))).toBe(false);

    await saved(draft({ id, nameEn: "Still staff only" }));
    expect(await t.db.select().from(conditions).where(eq(conditions.moduleId, id))).toHaveLength(1);
    const cleared = await admin.call<Answer>("/activity/module/update", { module: draft({ id }), reasons: [] });
    expect(cleared.reasons).toEqual([]);
    expect(await memberSees(id)).toBe(true);
  });

  test("every part of a condition is required and must exist; a refusal stores nothing", async () => {
    const before = (await t.db.select().from(modules)).length;
    const refused = async (over: Record<string, unknown>) => (await admin.call<Answer>("/activity/module/update", { module: draft(), reasons: [await reason(), await reason(over)] })).message;
    expect(await refused({ property: { id: 999_999 } })).toMatchObject({ code: "ERROR_PARAMS", params: { field: "reasons", index: 1, part: "property" } });
    expect(await refused({ type: { id: 5 } })).toMatchObject({ params: { field: "reasons", index: 1, part: "type" } });
    expect(await refused({ compareMode: { id: CONDITION_TYPE.CONDITION_TYPE_SHOW } })).toMatchObject({ params: { field: "reasons", index: 1, part: "compareMode" } });
    expect(await refused({ value: "   " })).toMatchObject({ params: { field: "reasons", index: 1, part: "value" } });
    expect((await t.db.select().from(modules)).length).toBe(before);
    // Values are trimmed and escaped like every text.
    const ok = await admin.call<Answer>("/activity/module/update", { module: draft(), reasons: [await reason({ value: " <x> " })] });
    expect(ok.reasons[0].value).toBe("&lt;x&gt;");
  });
});

describe("/activity/module/delete", () => {
  test("an empty module is deleted with its empty teams; it is gone from the index", async () => {
    const m = await saved(draft({ nameEn: "To delete" }));
    await makeTeam(t.db, m.id);
    const answer = await admin.call("/activity/module/delete", { id: m.id });
    expect(answer.message.code).toBe("SUCCESS");
    expect(await moduleRow(m.id)).toBeUndefined();
    expect(await t.db.select().from(teams).where(eq(teams.moduleId, m.id))).toEqual([]);
    expect(((await admin.call<Answer>("/activity/module/list")).list as Answer[]).some((x) => x.id === m.id)).toBe(false);
    const [log] = await t.db.select().from(operationLog).where(and(eq(operationLog.action, "module.delete"), eq(operationLog.targetId, String(m.id))));
    expect(log).toBeDefined();
  });

  test("a module with an activity, even a preview, is not deleted", async () => {
    const m = await saved(draft());
    await makeActivity(t.db, { moduleId: m.id, state: ACTIVITY_STATE.ACTIVITY_STATE_PREVIEW });
    expect((await admin.call("/activity/module/delete", { id: m.id })).message.code).toBe("ERROR_MODULE_NOT_EMPTY");
    expect(await moduleRow(m.id)).toBeDefined();
  });

  test("an unknown module is not found; a member is refused", async () => {
    expect((await admin.call("/activity/module/delete", { id: 999_999 })).message.code).toBe("ERROR_RESULT_NULL");
    const m = await saved(draft());
    expect((await member.call("/activity/module/delete", { id: m.id })).message.code).toBe("ERROR_NOT_POWER");
    expect(await moduleRow(m.id)).toBeDefined();
  });
});

describe("/activity/module/show", () => {
  test("one market module per zone: showing another takes the zone from the first; the two zones are independent", async () => {
    const a = await saved(draft({ model: MARKET, nameEn: "Market A" }));
    const b = await saved(draft({ model: MARKET, nameEn: "Market B" }));
    const c = await saved(draft({ model: MARKET, nameEn: "Market C" }));
    const show = (id: number, type: number) => admin.call("/activity/module/show", { id, type });
    expect((await show(a.id, MODULE_SHOW.MODULE_SHOW_GIFT)).message.code).toBe("SUCCESS");
    expect((await show(c.id, MODULE_SHOW.MODULE_SHOW_GROUP)).message.code).toBe("SUCCESS");
    expect((await moduleRow(a.id))!.showTitle).toBe(MODULE_SHOW.MODULE_SHOW_GIFT);
    expect((await show(b.id, MODULE_SHOW.MODULE_SHOW_GIFT)).message.code).toBe("SUCCESS");
    expect((await moduleRow(a.id))!.showTitle).toBeNull();
    expect((await moduleRow(b.id))!.showTitle).toBe(MODULE_SHOW.MODULE_SHOW_GIFT);
    expect((await moduleRow(c.id))!.showTitle).toBe(MODULE_SHOW.MODULE_SHOW_GROUP);
    expect(await t.db.select({ id: modules.id }).from(modules).where(eq(modules.showTitle, MODULE_SHOW.MODULE_SHOW_GIFT))).toEqual([{ id: b.id }]);
    // The module's answer carries its zone, so the market page can hide the links.
    expect((await admin.call<Answer>("/activity/module/info", { id: b.id })).module.showTitle).toBe(MODULE_SHOW.MODULE_SHOW_GIFT);
  });

  test("only the gift and group-buy zones, only for a market module, only for an existing one", async () => {
    const market = await saved(draft({ model: MARKET }));
    const plain = await saved(draft({ model: ACTIVITY }));
    expect((await admin.call("/activity/module/show", { id: market.id, type: MODULE_SHOW.MODULE_SHOW_CLUB })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "type" } });
    expect((await admin.call("/activity/module/show", { id: market.id, type: 7 })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "type" } });
    expect((await admin.call("/activity/module/show", { id: plain.id, type: MODULE_SHOW.MODULE_SHOW_GIFT })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "id" } });
    expect((await admin.call("/activity/module/show", { id: 999_999, type: MODULE_SHOW.MODULE_SHOW_GIFT })).message.code).toBe("ERROR_RESULT_NULL");
    expect((await member.call("/activity/module/show", { id: market.id, type: MODULE_SHOW.MODULE_SHOW_GIFT })).message.code).toBe("ERROR_NOT_POWER");
    expect((await moduleRow(plain.id))!.showTitle).toBeNull();
  });
});

describe("/activity/create", () => {
  test("a new activity is made in preview in the module; editors see it, members do not", async () => {
    const m = await saved(draft());
    const answer = await admin.call<Answer>("/activity/create", { nameZh: " 植树节 <活动> ", nameEn: "Tree planting", module: m.id });
    expect(answer.message.code).toBe("SUCCESS");
    const [row] = await t.db.select().from(activities).where(eq(activities.id, answer.id));
    expect(row).toMatchObject({ moduleId: m.id, state: ACTIVITY_STATE.ACTIVITY_STATE_PREVIEW, nameZh: "植树节 &lt;活动&gt;", nameEn: "Tree planting" });
    const info = await admin.call<Answer>("/activity/info", { id: answer.id });
    expect(info.activity).toMatchObject({ id: answer.id, state: { id: ACTIVITY_STATE.ACTIVITY_STATE_PREVIEW }, module: { id: m.id } });
    expect(((await admin.call<Answer>("/activity/list", { module: m.id })).list as Answer[]).map((x) => x.id)).toEqual([answer.id]);
    // The editor role (activities, news) sees it too.
    const editor = await t.as("cn000002");
    expect((await editor.call("/activity/info", { id: answer.id })).message.code).toBe("SUCCESS");
    expect((await member.call("/activity/info", { id: answer.id })).message.code).toBe("ERROR_RESULT_NULL");
    const [log] = await t.db.select().from(operationLog).where(and(eq(operationLog.action, "activity.create"), eq(operationLog.targetId, String(answer.id))));
    expect(log).toBeDefined();
  });

  test("both names are required; the module must exist; a member is refused", async () => {
    const m = await saved(draft());
    const count = async () => (await t.db.select().from(activities).where(eq(activities.moduleId, m.id))).length;
    expect((await admin.call("/activity/create", { nameZh: " ", nameEn: "x", module: m.id })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "nameZh" } });
    expect((await admin.call("/activity/create", { nameZh: "活动", nameEn: "", module: m.id })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "nameEn" } });
    expect((await admin.call("/activity/create", { nameZh: "活动", nameEn: "Activity", module: 999_999 })).message.code).toBe("ERROR_RESULT_NULL");
    expect((await member.call("/activity/create", { nameZh: "活动", nameEn: "Activity", module: m.id })).message.code).toBe("ERROR_NOT_POWER");
    expect(await count()).toBe(0);
  });
});

describe("/order/module/find", () => {
  let moduleId: number;
  const trades: string[] = [];

  beforeAll(async () => {
    const m = await makeModule(t.db, { nameEn: "Orders module" });
    moduleId = m.id;
    const one = await makeActivity(t.db, { moduleId, nameEn: "First" });
    const two = await makeActivity(t.db, { moduleId, nameEn: "Second" });
    const elsewhere = await makeActivity(t.db, { nameEn: "Elsewhere" });
    const [buyer] = await t.db.select({ id: users.id }).from(users).where(eq(users.employees, "cn100001"));
    // 23 successes, 2 waiting, 1 cancelled in this module, and one success elsewhere; one minute apart.
    const plan = [...Array(23).fill(ORDER_STATE.ORDER_STATE_SUCCESS), ORDER_STATE.ORDER_STATE_WAIT, ORDER_STATE.ORDER_STATE_WAIT, ORDER_STATE.ORDER_STATE_CANCEL];
    const place = async (activityId: number, state: number, i: number) => {
      const when = new Date(START.getTime() - (100 - i) * 60_000);
      const trade = `MT${String(i).padStart(4, "0")}`;
      const [order] = await t.db
        .insert(orders)
        .values({ trade, userId: buyer!.id, state, sendState: SEND_STATE.SEND_STATE_WAIT, price: 0, amount: 0, createdAt: when, updatedAt: when })
        .returning();
      await t.db.insert(orderItems).values({ orderId: order!.id, childTrade: `${trade}-1`, userId: buyer!.id, activityId, seq: i + 1, places: 1, state, createdAt: when });
      return trade;
    };
    for (const [i, state] of plan.entries()) trades.push(await place(i % 2 ? two.id : one.id, state, i));
    await place(elsewhere.id, ORDER_STATE.ORDER_STATE_SUCCESS, 90);
  });

  const find = (input: Record<string, unknown>, who: ApiClient = admin) => who.call<Answer>("/order/module/find", { module: moduleId, ...input });

  test("20 a page, newest first, with the trade, activity, member and state", async () => {
    const first = await find({ state: ORDER_STATE.ORDER_STATE_SUCCESS, index: 1 });
    expect(first.message.code).toBe("SUCCESS");
    expect({ count: first.count, max: first.max, index: first.index, rows: first.list.length }).toEqual({ count: 23, max: 2, index: 1, rows: 20 });
    expect(first.list[0]).toMatchObject({
      trade: "MT0022",
      childTrade: "MT0022-1",
      activity: { nameEn: "First", name: "测试活动" },
      user: { employees: "cn100001", name: "陈会员" },
      state: { id: ORDER_STATE.ORDER_STATE_SUCCESS },
    });
    expect(Date.parse(first.list[0].createDate)).toBeGreaterThan(Date.parse(first.list[1].createDate));
    const second = await find({ state: ORDER_STATE.ORDER_STATE_SUCCESS, index: 2 });
    expect(second.list.map((r: Answer) => r.trade)).toEqual(["MT0002", "MT0001", "MT0000"]);
    // Past the end is the last page (spec: clamped to 1..max).
    expect((await find({ state: ORDER_STATE.ORDER_STATE_SUCCESS, index: 9 })).index).toBe(2);
  });

  test("state null or absent is every state; any one state filters; the other module's order never shows", async () => {
    expect((await find({ state: null, index: 1 })).count).toBe(26);
    expect((await find({ index: 1 })).count).toBe(26);
    const waiting = await find({ state: ORDER_STATE.ORDER_STATE_WAIT });
    expect(waiting.list.map((r: Answer) => r.trade)).toEqual(["MT0024", "MT0023"]);
    expect((await find({ state: ORDER_STATE.ORDER_STATE_CANCEL })).list.map((r: Answer) => r.trade)).toEqual(["MT0025"]);
    expect((await find({ state: ORDER_STATE.ORDER_STATE_PREVIEW })).count).toBe(0);
    expect((await find({ trade: "MT0090" })).count).toBe(0);
  });

  test("a part of a main or sub-order number finds it; a smaller page size is honoured", async () => {
    expect((await find({ trade: "MT0007" })).list.map((r: Answer) => r.trade)).toEqual(["MT0007"]);
    expect((await find({ trade: "0007-1" })).list.map((r: Answer) => r.childTrade)).toEqual(["MT0007-1"]);
    expect((await find({ trade: "MT001" })).count).toBe(10);
    expect((await find({ trade: "" })).count).toBe(26);
    const small = await find({ size: 5, index: 2 });
    expect({ rows: small.list.length, max: small.max, index: small.index }).toEqual({ rows: 5, max: 6, index: 2 });
  });

  test("an unknown state is named; an unknown module is not found; a bad trade or size is refused; a member is refused", async () => {
    expect((await find({ state: 999 })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "state" } });
    expect((await find({ module: 999_999 })).message.code).toBe("ERROR_RESULT_NULL");
    expect((await find({ trade: "a%b" })).message.code).toBe("ERROR_PARAMS");
    expect((await find({ size: 0 })).message.code).toBe("ERROR_PARAMS");
    expect((await find({ size: 101 })).message.code).toBe("ERROR_PARAMS");
    expect((await find({}, member)).message.code).toBe("ERROR_NOT_POWER");
  });
});
