// The staff's orders (spec 3 sections 2.2, 7 "Orders", 8 and 9): the search
// window of an activity's team with every filter and 23 rows a page, the staff
// detail and parcels, the export as a real xlsx (signed download, or by mail
// with the file attached), a module's orders with their tally and export, and
// who may do any of it.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { gifts, operationLog, orderFamilies, orderItems, orders, outbox, parcels, properties, questions, relations, users } from "../../src/db/schema";
import { deliverMessages } from "../../src/domains/shared/messages";
import { LANGUAGE, ORDER_STATE, PROPERTY_TYPE, SEND_STATE } from "../../src/protocol/enumerations";
import type { ApiClient } from "../../src/protocol/client";
import { at, makeActivity, makeModule, makeQuiz, makeTeam } from "../helpers/activities";
import { START, startTestApp, type TestApp } from "../helpers/app";
import { fetchFile, readXlsx, XLSX_TYPE } from "../helpers/sheets";

type Answer = Record<string, any>;
let t: TestApp;
let editor: ApiClient;
let ids: { member: number; foreigner: number; one: number; two: number; elsewhere: number; moduleId: number; rich: number; richItem: number };
/** The rich order's question that is only a picture. */
let pictureQuestion: number;

const trade = (i: number) => `OA${String(i).padStart(4, "0")}`;
/** i: 0-19 success, 20-22 waiting, 23 cancelled, 24-25 success; even ones for activity one (with a delivery address). */
const stateOf = (i: number) => (i < 20 || i > 23 ? ORDER_STATE.ORDER_STATE_SUCCESS : i < 23 ? ORDER_STATE.ORDER_STATE_WAIT : ORDER_STATE.ORDER_STATE_CANCEL);
const whenOf = (i: number) => new Date(START.getTime() - (100 - i) * 60_000);

beforeAll(async () => {
  t = await startTestApp();
  editor = await t.as("cn000002");
  const byEmployee = async (e: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.employees, e)))[0]!.id;
  const member = await byEmployee("cn100001");
  const foreigner = await byEmployee("cn100002");
  const m = await makeModule(t.db, { nameZh: "订单模块", nameEn: "Orders module" });
  const team = await makeTeam(t.db, m.id);
  const one = await makeActivity(t.db, { moduleId: m.id, teamId: team.id, nameZh: "月饼", nameEn: "Mooncakes", hasAddress: true, hasExpress: true, allowUpdateAddress: true });
  const two = await makeActivity(t.db, { moduleId: m.id, teamId: team.id, nameZh: "电影", nameEn: "Film" });
  const elsewhere = await makeActivity(t.db, { nameZh: "别处", nameEn: "Elsewhere" });
  const place = async (i: number, activityId: number, userId: number, over: Partial<typeof orders.$inferInsert> = {}) => {
    const state = stateOf(i);
    const [order] = await t.db
      .insert(orders)
      .values({ trade: trade(i), userId, state, sendState: SEND_STATE.SEND_STATE_WAIT, price: 1000, amount: 880, points: 500, createdAt: whenOf(i), updatedAt: whenOf(i), ...over })
      .returning();
    const [item] = await t.db.insert(orderItems).values({ orderId: order!.id, childTrade: `${trade(i)}-1`, userId, activityId, seq: i + 1, places: 1, state, createdAt: whenOf(i) }).returning();
    return { order: order!, item: item! };
  };
  const address = { liaison: "陈会员", phone: "13900000001", address0: "11", address1: "1101", address2: "110101", address3: "110101001", addressInfo: "东华门大街1号" };
  for (let i = 0; i < 26; i++) await place(i, i % 2 ? two.id : one.id, i % 3 ? member : foreigner, i % 2 ? {} : address);
  await place(90, elsewhere.id, member);
  // A sign-up with profile answers, a quiz, a family member and a parcel.
  const [department] = await t.db.select({ id: properties.id }).from(properties).where(eq(properties.titleEn, "Department"));
  // A scored quiz: 6 + 4 marks, pass at 5 (the export shows the score with both, decision 112).
  const quiz = await makeQuiz(
    t.db,
    one.id,
    [
      { titleZh: "口味", options: [{ value: "lotus" }, { value: "nut" }, { value: "egg" }], type: PROPERTY_TYPE.PROPERTY_TYPE_CHECKBOX, score: 6, answer: "lotus,egg" },
      { options: [{ value: "yes" }, { value: "no" }], score: 4, answer: "yes" },
    ],
    { isScoring: true, passLine: 5 },
  );
  // The second is a question that is only a picture.
  await t.db.update(questions).set({ titleZh: "", titleEn: "", image: "/api/file/get?key=picture.png" }).where(eq(questions.id, quiz[1]!.id));
  pictureQuestion = quiz[1]!.id;
  const rich = await place(30, one.id, member, address);
  await t.db
    .update(orderItems)
    .set({ properties: [{ id: department!.id, value: "rd" }], quests: [{ id: quiz[0]!.id, value: ["lotus", "egg"] }, { id: quiz[1]!.id, value: "no" }], score: 6 })
    .where(eq(orderItems.id, rich.item.id));
  const [child] = await t.db.select({ id: relations.id }).from(relations).where(eq(relations.nameEn, "Child"));
  const [gift] = await t.db.insert(gifts).values({ nameZh: "亲子T恤", nameEn: "Family T-shirt", cap: null }).returning({ id: gifts.id });
  await t.db.insert(orderFamilies).values({ itemId: rich.item.id, activityId: one.id, name: "陈小明", identity: "110101201503070018", idType: 1, relationId: child!.id, sex: 0, birthday: "2015-03-07", phone: "13711112222", counted: true, state: ORDER_STATE.ORDER_STATE_SUCCESS, giftId: gift!.id });
  await t.db.insert(parcels).values({ orderId: rich.order.id, number: "SF100200300", company: "顺丰速运", site: "东城", phone: "95338", state: 501, trail: [{ time: START.toISOString(), text: "运输中" }], updatedAt: START });
  ids = { member, foreigner, one: one.id, two: two.id, elsewhere: elsewhere.id, moduleId: m.id, rich: rich.order.id, richItem: rich.item.id };
}, 60_000);
afterAll(() => t.close());

const list = (input: Record<string, unknown>, who: ApiClient = editor) => who.call<Answer>("/order/activity/list", { id: ids.one, ...input });
const trades = (answer: Answer) => answer.list.map((r: Answer) => r.trade);

describe("/order/activity/list", () => {
  test("the team's orders, 23 a page, newest first, with the member's contacts, the phone masked", async () => {
    const first = await list({ index: 1 });
    expect(first.message.code).toBe("SUCCESS");
    // 26 plus the rich one; the other team's order never shows.
    expect({ count: first.count, max: first.max, index: first.index, rows: first.list.length }).toEqual({ count: 27, max: 2, index: 1, rows: 23 });
    expect(first.list[0]).toMatchObject({ trade: trade(30), childTrade: `${trade(30)}-1`, activity: { id: ids.one, nameZh: "月饼", nameEn: "Mooncakes" }, state: { id: ORDER_STATE.ORDER_STATE_SUCCESS } });
    expect(first.list[1]).toMatchObject({ trade: trade(25), user: { employees: "cn100001", name: "陈会员", phone: "139****0001", email: "cn100001@union.example.com" } });
    const second = await list({ index: 2 });
    expect(trades(second)).toEqual([3, 2, 1, 0].map(trade));
    // Clamped (spec 3 section 5 "Paging").
    expect((await list({ index: 99 })).index).toBe(2);
    expect((await list({ index: -5 })).index).toBe(1);
  });

  test("opened from either activity of the team it searches the same orders; from an activity without a team, that activity's", async () => {
    expect((await list({ id: ids.two })).count).toBe(27);
    const alone = await list({ id: ids.elsewhere });
    expect(trades(alone)).toEqual([trade(90)]);
  });

  test("every filter: order number, member, state, time and activity, and together", async () => {
    expect(trades(await list({ trade: "OA0007" }))).toEqual([trade(7)]);
    expect((await list({ trade: "0007-1" })).count).toBe(1);
    // The foreign member's orders are every third: by name, phone, e-mail or employee number alike.
    const foreign = [0, 3, 6, 9, 12, 15, 18, 21, 24].map(trade).reverse();
    for (const user of ["Emma", "emma smith", "13900000002", "0000002", "CN100002@union", "cn100002"]) expect({ user, found: trades(await list({ user })) }).toEqual({ user, found: foreign });
    // A LIKE wildcard typed is taken literally.
    expect((await list({ user: "%" })).count).toBe(0);
    expect(trades(await list({ state: ORDER_STATE.ORDER_STATE_WAIT }))).toEqual([22, 21, 20].map(trade));
    expect(trades(await list({ state: ORDER_STATE.ORDER_STATE_CANCEL }))).toEqual([trade(23)]);
    expect((await list({ state: null })).count).toBe(27);
    expect(trades(await list({ start: whenOf(20).toISOString(), end: whenOf(23).toISOString() }))).toEqual([23, 22, 21, 20].map(trade));
    expect((await list({ activity: ids.two })).count).toBe(13);
    expect(trades(await list({ activity: ids.two, state: ORDER_STATE.ORDER_STATE_WAIT, user: "Emma" }))).toEqual([trade(21)]);
    expect(trades(await list({ activity: ids.two, state: ORDER_STATE.ORDER_STATE_WAIT, user: "陈会员" }))).toEqual([]);
    expect((await list({ activity: ids.one, end: whenOf(3).toISOString() })).list.map((r: Answer) => r.trade)).toEqual([2, 0].map(trade));
  });

  test("a filter that cannot be is ERROR_PARAMS naming it; an activity that does not exist is ERROR_RESULT_NULL", async () => {
    expect((await list({ state: 999 })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "state" } });
    expect((await list({ activity: ids.elsewhere })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "activity" } });
    expect((await list({ start: "yesterday" })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "start" } });
    expect((await list({ start: whenOf(5).toISOString(), end: whenOf(1).toISOString() })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "start" } });
    expect((await list({ trade: "OA%" })).message.code).toBe("ERROR_PARAMS");
    expect((await list({ id: 2_000_000 })).message.code).toBe("ERROR_RESULT_NULL");
  });
});

describe("the staff order detail and parcels", () => {
  test("main and sub-order numbers, the member, delivery, answers joined, family and numbered parcels; phones and ID masked", async () => {
    const info = await editor.call<Answer>("/order/activity/info", { id: ids.richItem });
    expect(info.message.code).toBe("SUCCESS");
    expect(info.order).toMatchObject({ trade: trade(30), childTrade: `${trade(30)}-1`, orderId: ids.rich, state: { id: ORDER_STATE.ORDER_STATE_SUCCESS }, sendState: { id: SEND_STATE.SEND_STATE_WAIT } });
    expect(info.user).toEqual({ id: ids.member, name: "陈会员", employees: "cn100001", phone: "139****0001", email: "cn100001@union.example.com" });
    expect(info.address).toMatchObject({ liaison: "陈会员", phone: "139****0001", addressInfo: "东华门大街1号" });
    expect(info.address.regions.map((r: Answer) => r.name)).toEqual(["北京市", "市辖区", "东城区", "东华门街道"]);
    expect(info.answers).toEqual([
      expect.objectContaining({ kind: "property", titleEn: "Department", valueZh: "研发部", valueEn: "Research and Development" }),
      expect.objectContaining({ kind: "query", titleZh: "口味", valueZh: "lotus、egg", valueEn: "lotus, egg" }),
      expect.objectContaining({ kind: "query", titleZh: `看图作答（题目 ${pictureQuestion}）`, titleEn: `Answer from the picture (question ${pictureQuestion})`, valueZh: "no" }),
    ]);
    expect(info.families).toEqual([expect.objectContaining({ name: "陈小明", sex: 0, birthday: "2015-03-07", identity: "110101********0018", phone: "137****2222", relationship: expect.objectContaining({ nameEn: "Child" }) })]);
    expect(info.express).toEqual([expect.objectContaining({ index: 1, number: "SF100200300", expName: "顺丰速运", expSite: "东城", deliverystatus: { id: 501 } })]);
    expect((await editor.call("/order/activity/info", { id: 2_000_000 })).message.code).toBe("ERROR_RESULT_NULL");
  });

  test("/order/activity/express answers the parcels of the member's order, and nothing for another member", async () => {
    const logs = await editor.call<Answer>("/order/activity/express", { id: ids.rich, user: ids.member });
    expect(logs.logs).toEqual([expect.objectContaining({ number: "SF100200300", list: [{ time: START.toISOString(), text: "运输中" }] })]);
    expect((await editor.call("/order/activity/express", { id: ids.rich, user: ids.foreigner })).message.code).toBe("ERROR_RESULT_NULL");
  });
});

describe("the export", () => {
  test("Download /order/activity/export is a real xlsx of the filtered orders, checked cell by cell", async () => {
    const got = await fetchFile(editor, "/order/activity/export", { id: String(ids.one), activity: String(ids.one), state: String(ORDER_STATE.ORDER_STATE_SUCCESS), end: whenOf(31).toISOString() });
    expect(got.code).toBe("SUCCESS");
    expect(got.type).toBe(XLSX_TYPE);
    expect(got.name).toBe(`月饼-订单-${new Date(START.getTime() + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll("-", "")}.xlsx`);
    const { names, rows, sheet } = readXlsx(got.bytes!);
    expect(names).toEqual(["订单"]);
    expect(rows[0]).toEqual(["主订单号", "子订单号", "活动", "员工号", "姓名", "手机", "邮箱", "状态", "发货状态", "下单时间", "实付金额", "积分", "收件人", "收件电话", "收货地址", "家属", "快递", "测验得分", "满分", "及格分", "部门", "口味", `看图作答（题目 ${pictureQuestion}）`]);
    // Successful orders of activity one: 30, 24, and the even ones below 20.
    expect(rows.slice(1).map((r) => r[0])).toEqual([30, 24, 18, 16, 14, 12, 10, 8, 6, 4, 2, 0].map(trade));
    expect(rows[1]).toEqual([
      trade(30),
      `${trade(30)}-1`,
      "月饼",
      "cn100001",
      "陈会员",
      "13900000001",
      "cn100001@union.example.com",
      "成功",
      "待发货",
      new Date(whenOf(30).getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace("T", " "),
      8.8,
      5,
      "陈会员",
      "13900000001",
      "北京市 市辖区 东城区 东华门街道 东华门大街1号",
      "陈小明（子女，110101201503070018，13711112222，礼品：亲子T恤）",
      "顺丰速运 SF100200300",
      6,
      10,
      5,
      "研发部",
      "lotus、egg",
      "no",
    ]);
    // Money shows 2 decimals.
    expect(sheet.K2).toMatchObject({ t: "n", v: 8.8, w: "8.80" });
    expect(rows[2]!.slice(0, 9)).toEqual([trade(24), `${trade(24)}-1`, "月饼", "cn100002", "Emma Smith", "13900000002", "cn100002@union.example.com", "成功", "待发货"]);
    // A sign-up without a score still shows the quiz's full marks and pass mark.
    expect(rows[2]!.slice(17)).toEqual([null, 10, 5, null, null, null]);
  });

  test("with express=1 the courier sheet: a row per parcel, or one to fill in, for successful orders only", async () => {
    const got = await fetchFile(editor, "/order/activity/export", { id: String(ids.one), activity: String(ids.one), express: "1" });
    const { rows } = readXlsx(got.bytes!);
    expect(rows[0]).toEqual(["订单号", "活动", "收件人", "收件电话", "收货地址", "快递公司", "快递单号", "网点", "快递电话"]);
    expect(rows.slice(1).map((r) => r[0])).toEqual([30, 24, 18, 16, 14, 12, 10, 8, 6, 4, 2, 0].map(trade));
    expect(rows[1]).toEqual([trade(30), "月饼", "陈会员", "13900000001", "北京市 市辖区 东城区 东华门街道 东华门大街1号", "顺丰速运", "SF100200300", "东城", "95338"]);
    expect(rows[2]).toEqual([trade(24), "月饼", "陈会员", "13900000001", "北京市 市辖区 东城区 东华门街道 东华门大街1号", null, null, null, null]);
  });

  test("an English-speaking editor gets English headers and names", async () => {
    // The administrator, so the editor's own language (other tests read Chinese) stays as it is.
    const english = await t.as("cn000001");
    expect((await english.call("/user/language", { language: 902 })).message.code).toBe("SUCCESS");
    try {
      const { rows } = readXlsx((await fetchFile(english, "/order/activity/export", { id: String(ids.two), trade: "OA0021" })).bytes!);
      expect(rows[0]!.slice(0, 3)).toEqual(["Order number", "Sub-order number", "Activity"]);
      expect(rows[1]!.slice(0, 3)).toEqual([trade(21), `${trade(21)}-1`, "Film"]);
      expect(rows[1]![7]).toBe("Waiting for payment");
      // The film delivers nothing and asks no quiz: no delivery or quiz columns (decision 112).
      expect(rows[0]).toEqual(["Order number", "Sub-order number", "Activity", "Employee number", "Name", "Phone", "E-mail", "State", "Order time", "Amount paid", "Points", "Family members"]);
      expect(rows[1]).toHaveLength(12);
    } finally {
      await english.call("/user/language", { language: 901 });
    }
  });

  test("a filter that cannot be is refused on the download too", async () => {
    expect((await fetchFile(editor, "/order/activity/export", { id: String(ids.one), activity: String(ids.elsewhere) })).code).toBe("ERROR_PARAMS");
    expect((await fetchFile(editor, "/order/activity/export", { id: "2000000" })).code).toBe("ERROR_RESULT_NULL");
    expect((await fetchFile(editor, "/order/activity/export", { id: String(ids.one), express: "yes" })).code).toBe("ERROR_PARAMS");
  });

  test("the mailed export is written in the language the officer reads the portal in, switched just before", async () => {
    await t.db.delete(outbox).where(eq(outbox.to, "cn000001@union.example.com"));
    const admin = await t.as("cn000001");
    // The page switched to English: the stored language follows, and the next call's actor with it.
    expect((await admin.call<Answer>("/user/language", { language: LANGUAGE.LANGUAGE_EN })).message.code).toBe("SUCCESS");
    expect((await admin.call<Answer>("/order/activity/export", { id: ids.one, state: ORDER_STATE.ORDER_STATE_WAIT, mail: 1 })).message.code).toBe("SUCCESS");
    expect((await admin.call<Answer>("/user/language", { language: LANGUAGE.LANGUAGE_ZH })).message.code).toBe("SUCCESS");
    expect((await admin.call<Answer>("/order/activity/export", { id: ids.one, state: ORDER_STATE.ORDER_STATE_WAIT, mail: 1 })).message.code).toBe("SUCCESS");
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, "cn000001@union.example.com")).orderBy(outbox.id);
    expect(mails.map((m) => m.subject)).toEqual(["Order export: Mooncakes", "订单导出：月饼"]);
  });

  test("POST /order/activity/export with mail=1 sends the file to the staff member's mailbox as an attachment", async () => {
    const answer = await editor.call<Answer>("/order/activity/export", { id: ids.one, state: ORDER_STATE.ORDER_STATE_WAIT, mail: 1 });
    expect(answer.message.code).toBe("SUCCESS");
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, "cn000002@union.example.com"));
    expect({ channel: mail!.channel, subject: mail!.subject, text: mail!.text, type: mail!.attachment?.type }).toEqual({ channel: "mail", subject: "订单导出：月饼", text: "附件是“月饼”的订单，共 3 条。", type: XLSX_TYPE });
    expect(mail!.attachment!.name).toMatch(/^月饼-订单-\d{8}\.xlsx$/);
    // The file it carries is the export, and staff can read it from the outbox.
    const admin = await t.as("cn000001");
    const listed = await admin.call<Answer>("/system/outbox/list", { index: 1 });
    expect(listed.list.find((m: Answer) => m.id === mail!.id).attachment).toEqual({ name: mail!.attachment!.name, type: XLSX_TYPE });
    const attached = await fetchFile(admin, "/system/outbox/attachment", { id: String(mail!.id) });
    expect(readXlsx(attached.bytes!).rows.slice(1).map((r) => r[0])).toEqual([22, 21, 20].map(trade));
    expect(attached.name).toBe(mail!.attachment!.name);
    // The public file address never serves it.
    const res = await t.fetch(`/api/file/get?key=${mail!.attachment!.key}`);
    expect(res.status).toBe(400);
    // Written with its log row.
    const [log] = await t.db.select().from(operationLog).where(and(eq(operationLog.action, "order.export.mail"), eq(operationLog.targetId, String(ids.one))));
    expect(log?.detail).toContain("3 rows");
    // The delivery marks it sent (the embedded provider: the outbox is the delivery).
    await deliverMessages({ ...t.deps, db: t.db, now: t.clock.now(), app: t.state } as never, { ids: [mail!.id] });
    expect((await t.db.select({ state: outbox.state }).from(outbox).where(eq(outbox.id, mail!.id)))[0]!.state).toBe("sent");
  });

  test("a staff member without an e-mail address is told so, and nothing is queued", async () => {
    const before = await t.db.select({ id: outbox.id }).from(outbox);
    const [me] = await t.db.select({ id: users.id }).from(users).where(eq(users.employees, "cn000002"));
    await t.db.update(users).set({ mail: null }).where(eq(users.id, me!.id));
    try {
      expect((await editor.call("/order/activity/export", { id: ids.one, mail: 1 })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "mail" } });
    } finally {
      await t.db.update(users).set({ mail: "cn000002@union.example.com" }).where(eq(users.id, me!.id));
    }
    expect((await t.db.select({ id: outbox.id }).from(outbox)).length).toBe(before.length);
  });
});

describe("a module's orders", () => {
  test("/order/module/find answers list, count, max and order: the module's tally by state", async () => {
    const answer = await editor.call<Answer>("/order/module/find", { module: ids.moduleId, state: ORDER_STATE.ORDER_STATE_SUCCESS, index: 1 });
    expect({ count: answer.count, max: answer.max, rows: answer.list.length }).toEqual({ count: 23, max: 2, rows: 20 });
    expect(answer.order).toEqual([
      { state: { id: ORDER_STATE.ORDER_STATE_WAIT }, count: 3 },
      { state: { id: ORDER_STATE.ORDER_STATE_SUCCESS }, count: 23 },
      { state: { id: ORDER_STATE.ORDER_STATE_CANCEL }, count: 1 },
      { state: { id: ORDER_STATE.ORDER_STATE_PREVIEW }, count: 0 },
    ]);
  });

  test("Download /order/module/export is the module's orders as the same workbook", async () => {
    const got = await fetchFile(editor, "/order/module/export", { module: String(ids.moduleId), state: String(ORDER_STATE.ORDER_STATE_CANCEL) });
    expect(got.code).toBe("SUCCESS");
    expect(got.name).toMatch(/^订单模块-订单-\d{8}\.xlsx$/);
    const { rows } = readXlsx(got.bytes!);
    expect(rows.slice(1).map((r) => [r[0], r[2], r[7]])).toEqual([[trade(23), "电影", "已取消"]]);
    const all = readXlsx((await fetchFile(editor, "/order/module/export", { module: String(ids.moduleId), state: "" })).bytes!);
    expect(all.rows.length - 1).toBe(27);
    expect((await fetchFile(editor, "/order/module/export", { module: "2000000" })).code).toBe("ERROR_RESULT_NULL");
  });
});

describe("who may", () => {
  const calls: [string, (who: ApiClient) => Promise<string>][] = [
    ["/order/activity/list", async (who) => (await who.call("/order/activity/list", { id: ids.one })).message.code],
    ["/order/activity/info", async (who) => (await who.call("/order/activity/info", { id: ids.richItem })).message.code],
    ["/order/activity/express", async (who) => (await who.call("/order/activity/express", { id: ids.rich, user: ids.member })).message.code],
    ["/order/activity/export (mail)", async (who) => (await who.call("/order/activity/export", { id: ids.one, mail: 1 })).message.code],
    ["/order/activity/export (download)", async (who) => (await fetchFile(who, "/order/activity/export", { id: String(ids.one) })).code],
    ["/order/import/log", async (who) => (await fetchFile(who, "/order/import/log", { kind: "express", log: "0".repeat(32) })).code],
  ];

  test("a member and an operator are refused every staff order call; the editor holds FUNCTION_ACTIVITY_ORDER", async () => {
    const member = await t.as("cn100001");
    const operator = await t.as("cn000003");
    for (const [name, call] of calls) {
      expect({ name, member: await call(member), operator: await call(operator) }).toEqual({ name, member: "ERROR_NOT_POWER", operator: "ERROR_NOT_POWER" });
    }
    expect(await calls[0]![1](editor)).toBe("SUCCESS");
    const moduleFind = async (who: ApiClient) => (await who.call("/order/module/find", { module: ids.moduleId })).message.code;
    const moduleExport = async (who: ApiClient) => (await fetchFile(who, "/order/module/export", { module: String(ids.moduleId) })).code;
    expect([await moduleFind(member), await moduleExport(member), await moduleFind(operator), await moduleExport(operator)]).toEqual(Array(4).fill("ERROR_NOT_POWER"));
    expect([await moduleFind(editor), await moduleExport(editor)]).toEqual(["SUCCESS", "SUCCESS"]);
  });
});
