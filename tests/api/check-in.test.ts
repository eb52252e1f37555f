// Check-in at the door (issue 20 item 2): a staff member with
// FUNCTION_ACTIVITY_CHECK_IN scans a ticket's signed QR code, or types its
// order number, for the activity they chose; the sub-order is marked checked
// once; a second scan names who checked it in and when; every ticket that
// does not admit anyone is refused with its reason; the counts follow.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { operationLog, orderFamilies, orderItems, orders, relations, rolePowers, roles, users } from "../../src/db/schema";
import { ticketCode } from "../../src/domains/order/ticket-code";
import { ACTIVITY_STATE, ORDER_STATE, SEND_STATE } from "../../src/protocol/enumerations";
import type { ApiClient } from "../../src/protocol/client";
import { at, makeActivity, makeModule } from "../helpers/activities";
import { START, startTestApp, type TestApp } from "../helpers/app";

type Answer = { message: { code: string; params?: Record<string, any> } } & Record<string, any>;
let t: TestApp;
let editor: ApiClient;
let admin: ApiClient;
let member: ApiClient;
let ids: { member: number; foreigner: number; editor: number; film: number; concert: number; plain: number };
let seq = 0;

/** A sign-up as the writer leaves it: a main order and its one sub-order, of `places` places. */
async function ticket(activityId: number, userId: number, opts: { state?: number; expiresAt?: Date | null; places?: number; trade?: string } = {}) {
  seq += 1;
  const trade = opts.trade ?? `CI${String(seq).padStart(6, "0")}`;
  const state = opts.state ?? ORDER_STATE.ORDER_STATE_SUCCESS;
  const [order] = await t.db
    .insert(orders)
    .values({ trade, userId, state, sendState: SEND_STATE.SEND_STATE_WAIT, price: 0, amount: 0, createdAt: START, updatedAt: START, expiresAt: opts.expiresAt ?? null })
    .returning();
  const [item] = await t.db
    .insert(orderItems)
    .values({ orderId: order!.id, childTrade: `${trade}-1`, userId, activityId, seq, places: opts.places ?? 1, state, createdAt: START })
    .returning();
  return { order: order!, item: item! };
}

const scan = (code: string, activity = ids.film, who: ApiClient = editor, via: "camera" | "typed" = "camera") => who.call<Answer>("/checkin/scan", { activity, code, via });
const counts = async (activity = ids.film) => (await editor.call<Answer>("/checkin/counts", { activity })).counts;
const itemRow = async (id: number) => (await t.db.select().from(orderItems).where(eq(orderItems.id, id)))[0]!;
const logsOf = async (orderId: number) => t.db.select().from(operationLog).where(and(eq(operationLog.action, "order.checkin"), eq(operationLog.targetId, String(orderId))));

beforeAll(async () => {
  t = await startTestApp();
  [editor, admin, member] = await Promise.all([t.as("cn000002"), t.as("cn000001"), t.as("cn100001")]);
  const byEmployee = async (e: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.employees, e)))[0]!.id;
  const m = await makeModule(t.db, { nameZh: "签到模块", nameEn: "Check-in module" });
  const film = await makeActivity(t.db, { moduleId: m.id, nameZh: "观影之夜", nameEn: "Film evening", hasTicket: true });
  const concert = await makeActivity(t.db, { moduleId: m.id, nameZh: "音乐会", nameEn: "Concert", hasTicket: true });
  const plain = await makeActivity(t.db, { moduleId: m.id, nameZh: "无票活动", nameEn: "No tickets", hasTicket: false });
  ids = { member: await byEmployee("cn100001"), foreigner: await byEmployee("cn100002"), editor: await byEmployee("cn000002"), film: film.id, concert: concert.id, plain: plain.id };
}, 120_000);
afterAll(() => t.close());
beforeEach(() => t.clock.reset());

describe("/checkin/scan by the ticket's QR code", () => {
  test("a paid ticket is checked in once: the member's name, masked phone, places and family; the second scan names who and when", async () => {
    const { order, item } = await ticket(ids.film, ids.member, { places: 2 });
    const [child] = await t.db.select({ id: relations.id }).from(relations).where(eq(relations.nameEn, "Child"));
    await t.db.insert(orderFamilies).values({ itemId: item.id, activityId: ids.film, name: "陈小明", identity: "110101201503070018", idType: 1, relationId: child!.id, sex: 0, counted: true, state: ORDER_STATE.ORDER_STATE_SUCCESS });
    const code = await ticketCode({ app: t.state }, item.childTrade);

    const first = await scan(code);
    expect(first.message.code).toBe("SUCCESS");
    expect(first.checkedIn).toEqual({
      trade: item.childTrade,
      name: "陈会员",
      employees: "cn100001",
      phone: "139****0001",
      places: 2,
      families: [{ name: "陈小明", relationZh: "子女", relationEn: "Child" }],
      checkedAt: START.toISOString(),
    });
    const row = await itemRow(item.id);
    expect(row.checkedAt?.toISOString()).toBe(START.toISOString());
    expect(row.checkedBy).toBe(ids.editor);
    const logs = await logsOf(order.id);
    expect(logs.map((l) => [l.userId, l.targetEntity, l.targetUserId, l.detail])).toEqual([[ids.editor, "order", ids.member, `${item.childTrade} camera`]]);

    // Later, another staff member scans the same ticket: a warning, nothing written.
    t.clock.advance(90 * 60_000);
    const second = await scan(code, ids.film, admin);
    expect(second.message.code).toBe("ERROR_CHECKIN_ALREADY");
    expect(second.message.params).toMatchObject({ name: "陈会员", phone: "139****0001", places: 2, checkedBy: "李编辑", checkedAt: START.toISOString() });
    expect((await itemRow(item.id)).checkedBy).toBe(ids.editor);
    expect(await logsOf(order.id)).toHaveLength(1);
  });

  test("a forged, altered or unreadable code is refused as no ticket of this portal, never a 500, and marks nothing", async () => {
    const { item } = await ticket(ids.film, ids.member);
    const code = await ticketCode({ app: t.state }, item.childTrade);
    const mac = code.split(".")[2]!;
    const flipped = `${mac.slice(0, 3)}${mac[3] === "A" ? "B" : "A"}${mac.slice(4)}`;
    const other = await ticket(ids.film, ids.member);
    for (const forged of [
      `T1.${item.childTrade}.${flipped}`,
      `T1.${other.item.childTrade}.${mac}`,
      item.childTrade,
      "https://example.com/ticket?id=1",
      "",
      "   ",
      "T1..",
      "T1.a.b.c",
      "\u202e<script>",
      "票".repeat(2000),
      await ticketCode({ app: t.state }, "NO-SUCH-ORDER-1"),
    ]) {
      const answer = await scan(forged);
      expect([forged.slice(0, 40), answer.message.code]).toEqual([forged.slice(0, 40), "ERROR_CHECKIN_CODE"]);
    }
    // Longer than any text a QR of ours holds, or with a NUL in it: refused by the input check.
    expect((await scan("T1.\u0000.x")).message.code).toBe("ERROR_PARAMS");
    expect((await scan("x".repeat(2001))).message.code).toBe("ERROR_PARAMS");
    expect((await editor.call<Answer>("/checkin/scan", { activity: ids.film, code: 42, via: "camera" })).message.code).toBe("ERROR_PARAMS");
    expect((await editor.call<Answer>("/checkin/scan", { activity: ids.film, code, via: "nfc" })).message.code).toBe("ERROR_PARAMS");
    expect((await itemRow(item.id)).checkedAt).toBeNull();
    expect((await itemRow(other.item.id)).checkedAt).toBeNull();
  });

  test("a ticket of another activity is refused naming that activity", async () => {
    const { item } = await ticket(ids.concert, ids.member);
    const answer = await scan(await ticketCode({ app: t.state }, item.childTrade));
    expect(answer.message).toMatchObject({ code: "ERROR_CHECKIN_ACTIVITY", params: { nameZh: "音乐会", nameEn: "Concert" } });
    expect((await itemRow(item.id)).checkedAt).toBeNull();
  });

  test("a cancelled order, an unpaid one and one whose payment time ran out are refused with their reasons", async () => {
    const cancelled = await ticket(ids.film, ids.member, { state: ORDER_STATE.ORDER_STATE_CANCEL });
    const unpaid = await ticket(ids.film, ids.member, { state: ORDER_STATE.ORDER_STATE_WAIT, expiresAt: at(0.05) });
    const expired = await ticket(ids.film, ids.foreigner, { state: ORDER_STATE.ORDER_STATE_WAIT, expiresAt: at(-0.05) });
    const preview = await ticket(ids.film, ids.foreigner, { state: ORDER_STATE.ORDER_STATE_PREVIEW });
    const codeOf = (x: { item: { childTrade: string } }) => ticketCode({ app: t.state }, x.item.childTrade);
    expect((await scan(await codeOf(cancelled))).message).toMatchObject({ code: "ERROR_CHECKIN_CANCELLED", params: { trade: cancelled.item.childTrade } });
    expect((await scan(await codeOf(unpaid))).message.code).toBe("ERROR_CHECKIN_UNPAID");
    expect((await scan(await codeOf(expired))).message.code).toBe("ERROR_CHECKIN_EXPIRED");
    expect((await scan(await codeOf(preview))).message.code).toBe("ERROR_ACTIVITY_STATE");
    // The unpaid one's five minutes pass at the door.
    t.clock.advance(10 * 60_000);
    expect((await scan(await codeOf(unpaid))).message.code).toBe("ERROR_CHECKIN_EXPIRED");
    for (const x of [cancelled, unpaid, expired, preview]) expect((await itemRow(x.item.id)).checkedAt).toBeNull();
  });

  test("an activity without tickets, or none at all, is refused before any ticket is read", async () => {
    const { item } = await ticket(ids.plain, ids.member);
    const code = await ticketCode({ app: t.state }, item.childTrade);
    expect((await scan(code, ids.plain)).message.code).toBe("ERROR_CHECKIN_NO_TICKET");
    expect((await scan(code, 2_000_000_000)).message.code).toBe("ERROR_RESULT_NULL");
    expect((await editor.call<Answer>("/checkin/counts", { activity: ids.plain })).message.code).toBe("ERROR_CHECKIN_NO_TICKET");
    expect((await itemRow(item.id)).checkedAt).toBeNull();
  });
});

describe("/checkin/scan by an order number typed by hand", () => {
  test("the sub-order's number, in any case, or the main order's, checks in the chosen activity's ticket", async () => {
    const a = await ticket(ids.film, ids.member);
    const typed = await scan(` ${a.item.childTrade.toLowerCase()} `, ids.film, editor, "typed");
    expect(typed.message.code).toBe("SUCCESS");
    expect(typed.checkedIn.trade).toBe(a.item.childTrade);
    expect((await logsOf(a.order.id))[0]!.detail).toBe(`${a.item.childTrade} typed`);

    // A main order holding sub-orders of two activities (a market checkout): the chosen activity's one.
    const b = await ticket(ids.concert, ids.foreigner);
    seq += 1;
    const [filmPart] = await t.db
      .insert(orderItems)
      .values({ orderId: b.order.id, childTrade: `${b.order.trade}-2`, userId: ids.foreigner, activityId: ids.film, seq, places: 1, state: ORDER_STATE.ORDER_STATE_SUCCESS, createdAt: START })
      .returning();
    const byMain = await scan(b.order.trade, ids.film, editor, "typed");
    expect(byMain.checkedIn).toMatchObject({ trade: filmPart!.childTrade, name: "Emma Smith", phone: "139****0002" });
    expect((await itemRow(b.item.id)).checkedAt).toBeNull();
  });

  test("a typed number checks in nothing outside the chosen activity, and a number that is no order is refused", async () => {
    const other = await ticket(ids.concert, ids.member);
    expect((await scan(other.item.childTrade, ids.film, editor, "typed")).message).toMatchObject({ code: "ERROR_CHECKIN_ACTIVITY", params: { nameEn: "Concert" } });
    expect((await scan(other.order.trade, ids.film, editor, "typed")).message.code).toBe("ERROR_CHECKIN_ACTIVITY");
    for (const nothing of ["CI999999-1", "CI0000", "%", "CI%", "' or 1=1 --", "", "x".repeat(65)]) expect((await scan(nothing, ids.film, editor, "typed")).message.code).toBe("ERROR_CHECKIN_NOT_FOUND");
    expect((await itemRow(other.item.id)).checkedAt).toBeNull();
  });

  test("a signed code typed into the number field (a hand scanner types what it reads) is read as the code it is", async () => {
    const a = await ticket(ids.film, ids.member);
    const code = await ticketCode({ app: t.state }, a.item.childTrade);
    expect((await scan(code, ids.film, editor, "typed")).message.code).toBe("SUCCESS");
    expect((await scan(`${code.slice(0, -1)}${code.endsWith("A") ? "B" : "A"}`, ids.film, editor, "typed")).message.code).toBe("ERROR_CHECKIN_CODE");
  });
});

test("staff scanning one ticket at once: exactly one checks it in, every other is told it was checked", async () => {
  const { order, item } = await ticket(ids.film, ids.foreigner);
  const code = await ticketCode({ app: t.state }, item.childTrade);
  const staff = [editor, admin, await t.as("cn000002"), await t.as("cn000001"), await t.as("cn000002"), await t.as("cn000001")];
  const answers = await Promise.all(staff.map((who, i) => scan(code, ids.film, who, i % 2 ? "camera" : "typed")));
  const codes = answers.map((a) => a.message.code).sort();
  expect(codes).toEqual(["ERROR_CHECKIN_ALREADY", "ERROR_CHECKIN_ALREADY", "ERROR_CHECKIN_ALREADY", "ERROR_CHECKIN_ALREADY", "ERROR_CHECKIN_ALREADY", "SUCCESS"]);
  const row = await itemRow(item.id);
  const winner = answers.findIndex((a) => a.message.code === "SUCCESS");
  expect(row.checkedBy).toBe(winner % 2 ? (await t.db.select({ id: users.id }).from(users).where(eq(users.employees, "cn000001")))[0]!.id : ids.editor);
  for (const a of answers.filter((x) => x.message.code !== "SUCCESS")) expect(a.message.params?.checkedBy).toBe(winner % 2 ? "王管理" : "李编辑");
  expect(await logsOf(order.id)).toHaveLength(1);
});

test("the counts: checked in against signed up, in orders and places, paid live orders only", async () => {
  const fresh = await makeActivity(t.db, { nameZh: "计数", nameEn: "Counting", hasTicket: true });
  expect(await counts(fresh.id)).toEqual({ orders: 0, places: 0, checkedOrders: 0, checkedPlaces: 0 });
  const a = await ticket(fresh.id, ids.member, { places: 3 });
  await ticket(fresh.id, ids.foreigner, { places: 1 });
  await ticket(fresh.id, ids.foreigner, { places: 2, state: ORDER_STATE.ORDER_STATE_CANCEL });
  await ticket(fresh.id, ids.foreigner, { places: 2, state: ORDER_STATE.ORDER_STATE_WAIT, expiresAt: at(1) });
  expect(await counts(fresh.id)).toEqual({ orders: 2, places: 4, checkedOrders: 0, checkedPlaces: 0 });
  expect((await scan(await ticketCode({ app: t.state }, a.item.childTrade), fresh.id)).message.code).toBe("SUCCESS");
  expect(await counts(fresh.id)).toEqual({ orders: 2, places: 4, checkedOrders: 1, checkedPlaces: 3 });
});

test("the activities to check in: those with tickets, not in preview, the current ones first", async () => {
  const ended = await makeActivity(t.db, { nameZh: "已结束", nameEn: "Ended", hasTicket: true, showEnd: at(-2) });
  const offline = await makeActivity(t.db, { nameZh: "已下线", nameEn: "Offline", hasTicket: true, state: ACTIVITY_STATE.ACTIVITY_STATE_OFFLINE });
  const preview = await makeActivity(t.db, { nameZh: "预览", nameEn: "Preview", hasTicket: true, state: ACTIVITY_STATE.ACTIVITY_STATE_PREVIEW });
  const answer = await editor.call<Answer>("/checkin/activities");
  expect(answer.message.code).toBe("SUCCESS");
  const list = answer.list as { id: number; current: boolean; nameEn: string }[];
  const idsListed = list.map((a) => a.id);
  expect(idsListed).toContain(ids.film);
  expect(idsListed).not.toContain(ids.plain);
  expect(idsListed).not.toContain(preview.id);
  expect(list.find((a) => a.id === ended.id)?.current).toBe(false);
  expect(list.find((a) => a.id === offline.id)?.current).toBe(false);
  expect(list.find((a) => a.id === ids.film)?.current).toBe(true);
  // Every current one before every other.
  const firstPast = list.findIndex((a) => !a.current);
  expect(list.slice(firstPast).every((a) => !a.current)).toBe(true);
  // The demo's ticketed activities are there too (the seed's film night).
  expect(list.some((a) => a.nameEn === "Friday film night" && a.current)).toBe(true);
});

test("a member without the power is refused every check-in call, and the member's ticket tab says when and by whom", async () => {
  const { order, item } = await ticket(ids.film, ids.member);
  const code = await ticketCode({ app: t.state }, item.childTrade);
  expect((await member.call<Answer>("/checkin/activities")).message.code).toBe("ERROR_NOT_POWER");
  expect((await member.call<Answer>("/checkin/counts", { activity: ids.film })).message.code).toBe("ERROR_NOT_POWER");
  expect((await scan(code, ids.film, member)).message.code).toBe("ERROR_NOT_POWER");
  expect((await itemRow(item.id)).checkedAt).toBeNull();

  expect(await member.call<Answer>("/order/checked", { id: order.id })).toMatchObject({ checked: false, checkedAt: null, checkedBy: "" });
  t.clock.advance(5 * 60_000);
  expect((await scan(code)).message.code).toBe("SUCCESS");
  expect(await member.call<Answer>("/order/checked", { id: order.id })).toMatchObject({ checked: true, checkedAt: new Date(START.getTime() + 5 * 60_000).toISOString(), checkedBy: "李编辑" });
  const listed = await member.call<Answer>("/order/list", {});
  const mine = listed.list.find((o: Answer) => o.id === order.id);
  expect(mine.goods[0]).toMatchObject({ checked: true, checkedAt: new Date(START.getTime() + 5 * 60_000).toISOString() });
  // Another member's order is not theirs to ask about.
  const theirs = await ticket(ids.film, ids.foreigner);
  expect((await member.call<Answer>("/order/checked", { id: theirs.order.id })).message.code).toBe("ERROR_RESULT_NULL");
});

test("the demo's editor and administrator roles hold the power; the member role does not", async () => {
  const rows = await t.db
    .select({ code: roles.code })
    .from(rolePowers)
    .innerJoin(roles, eq(roles.id, rolePowers.roleId))
    .where(eq(rolePowers.power, "FUNCTION_ACTIVITY_CHECK_IN"))
    .orderBy(roles.code);
  expect(rows.map((r) => r.code)).toEqual(["administrator", "editor"]);
});
