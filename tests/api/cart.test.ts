// The trolley and checkout (spec 2 sections 2-5, 7 and 8): a market item is
// an activity of a market module; the trolley holds sign-up drafts; checkout
// signs every checked row up in one transaction, all or nothing, naming the
// first refusal. Races run on PGlite and, in CI, on PostgreSQL.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { and, eq, ne } from "drizzle-orm";
import { addresses, cartRows, operationLog, orderItems, orders, payments, pointRecords, users } from "../../src/db/schema";
import { type PreparedCheckout, queueOfCheckout } from "../../src/domains/cart/checkout";
import { activityQueue } from "../../src/domains/signup";
import { MODULE_MODEL, ORDER_STATE } from "../../src/protocol/enumerations";
import { activityRow, makeActivity, makeMembers, makeModule, makeQuiz } from "../helpers/activities";
import { startTestApp, type TestApp } from "../helpers/app";
import { pauseBoth, secondInstance } from "../helpers/races";

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
}, 60_000);
afterEach(async () => {
  t.hooks.beforeTake = undefined;
  await t.close();
});

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
type Answer = { message: { code: string; params?: Record<string, unknown> } } & Record<string, any>;
const codes = (answers: Answer[]) => answers.map((a) => a.message.code).sort();

const market = () => makeModule(t.db, { model: MODULE_MODEL.MODULE_MODEL_MARKET, nameZh: "礼品", nameEn: "Gifts" });
const item = async (over: Parameters<typeof makeActivity>[1] = {}) => makeActivity(t.db, { moduleId: (await market()).id, ...over });
const userId = async (employees: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.employees, employees)))[0]!.id;
const balanceOf = async (id: number) =>
  (await t.db.select().from(pointRecords).where(eq(pointRecords.userId, id))).filter((r) => !r.expiresAt || r.expiresAt > t.clock.now()).reduce((s, r) => s + r.remaining, 0);
const rowsOf = async (id: number) => t.db.select().from(cartRows).where(eq(cartRows.userId, id)).orderBy(cartRows.id);
const liveItems = async (activityId: number) =>
  t.db.select().from(orderItems).where(and(eq(orderItems.activityId, activityId), ne(orderItems.state, ORDER_STATE.ORDER_STATE_CANCEL)));

describe("the trolley", () => {
  test("add, count, list, plus, minus, check, check all, delete", async () => {
    const a = await item({ price: 1250, formCount: 3, face: "/api/file/get?key=x" });
    const b = await item({ integral: 300, mustIntegral: true });
    const c = await t.as("cn100001");
    expect(await c.call("/market/cart/count")).toMatchObject({ message: { code: "SUCCESS" }, count: 0 });
    expect(await c.call("/market/cart/add", { activity: a.id, count: 1 })).toMatchObject({ message: { code: "SUCCESS" }, count: 1 });
    expect(await c.call("/market/cart/add", { activity: a.id, count: 1 })).toMatchObject({ count: 2 });
    expect(await c.call("/market/cart/add", { activity: b.id, count: 1 })).toMatchObject({ count: 3 });
    const { list } = await c.call<Answer>("/market/cart/list");
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ checked: true, count: 2, activity: { id: a.id, price: 1250, formCount: 3 }, sign: { id: 0, code: "SUCCESS" } });
    expect(list[1]).toMatchObject({ count: 1, activity: { id: b.id, integral: 300, mustIntegral: true } });

    expect(await c.call("/market/cart/check/add", { id: list[0].id })).toMatchObject({ message: { code: "SUCCESS" }, count: 4 });
    // The item's maximum is 3 a member.
    expect(await c.call("/market/cart/check/add", { id: list[0].id })).toMatchObject({ message: { code: "ERROR_SIGN_FINISH", params: { activity: a.id } } });
    expect(await c.call("/market/cart/add", { activity: a.id, count: 1 })).toMatchObject({ message: { code: "ERROR_SIGN_FINISH" } });
    expect(await c.call("/market/cart/sub", { all: 0, id: list[0].id })).toMatchObject({ count: 3 });
    expect(await c.call("/market/cart/sub", { all: 0, id: list[1].id })).toMatchObject({ count: 3 }); // a row at one stays at one

    expect(await c.call("/market/cart/check", { id: list[1].id })).toMatchObject({ checked: false });
    expect((await c.call<Answer>("/market/cart/list")).list.map((r: any) => r.checked)).toEqual([true, false]);
    expect((await c.call("/market/cart/check/all", { check: 1 })).message.code).toBe("SUCCESS");
    expect((await c.call<Answer>("/market/cart/list")).list.map((r: any) => r.checked)).toEqual([true, true]);
    expect((await c.call("/market/cart/check/all", { check: 0 })).message.code).toBe("SUCCESS");
    expect((await c.call<Answer>("/market/cart/list")).list.map((r: any) => r.checked)).toEqual([false, false]);

    expect(await c.call("/market/cart/sub", { all: 1, id: list[1].id })).toMatchObject({ count: 2 });
    expect((await c.call<Answer>("/market/cart/list")).list).toHaveLength(1);
    // Every change left an operation-log row.
    const actions = (await t.db.select().from(operationLog).where(eq(operationLog.userId, await userId("cn100001")))).map((r) => r.action);
    for (const action of ["cart.add", "cart.plus", "cart.sub", "cart.check"]) expect(actions).toContain(action);
  });

  test("someone else's row, an activity that is not a market item, a closed or hidden item are refused; nothing is written", async () => {
    const a = await item();
    const mine = await t.as("cn100001");
    const other = await t.as("cn100002");
    await mine.call("/market/cart/add", { activity: a.id, count: 1 });
    const [row] = await rowsOf(await userId("cn100001"));
    for (const [path, input] of [
      ["/market/cart/sub", { all: 1, id: row!.id }],
      ["/market/cart/check", { id: row!.id }],
      ["/market/cart/check/add", { id: row!.id }],
    ] as const)
      expect((await other.call(path, input)).message.code).toBe("ERROR_RESULT_NULL");
    expect(await rowsOf(await userId("cn100001"))).toMatchObject([{ count: 1, checked: true }]);

    const plain = await makeActivity(t.db);
    expect(await mine.call("/market/cart/add", { activity: plain.id, count: 1 })).toMatchObject({ message: { code: "ERROR_PARAMS", params: { field: "activity" } } });
    const later = await item({ signStart: new Date(t.clock.now().getTime() + 3_600_000) });
    expect((await mine.call("/market/cart/add", { activity: later.id, count: 1 })).message.code).toBe("ERROR_SIGN_NOT_START");
    const hidden = await item({ state: 1401 });
    expect((await mine.call("/market/cart/add", { activity: hidden.id, count: 1 })).message.code).toBe("ERROR_RESULT_NULL");
    expect((await mine.call("/market/cart/add", { activity: a.id, count: 2 })).message.code).toBe("ERROR_PARAMS");
    expect(await rowsOf(await userId("cn100001"))).toHaveLength(1);
  });

  test("a questionnaire's answers travel with the row and are checked against their draw", async () => {
    const a = await item();
    const [q] = await makeQuiz(t.db, a.id, [{ options: [{ value: "red", cap: 5 }, { value: "blue" }] }]);
    const c = await t.as("cn100001");
    expect((await c.call("/market/cart/add", { activity: a.id, count: 1 })).message.code).toBe("ERROR_SIGN_PARAMS");
    const draw = await c.call<Answer>("/activity/quiz/draw", { activity: a.id });
    expect((await c.call("/market/cart/add", { activity: a.id, count: 1, draw: draw.draw, quests: [{ id: q!.id, value: "green" }] })).message.code).toBe("ERROR_SIGN_PARAMS");
    expect((await c.call("/market/cart/add", { activity: a.id, count: 1, draw: draw.draw, quests: [{ id: q!.id, value: "red" }] })).message.code).toBe("SUCCESS");
    const placed = await c.call<Answer>("/market/place", { integral: 0 });
    expect(placed.message.code).toBe("SUCCESS");
    const [sub] = await liveItems(a.id);
    expect(sub!.quests).toEqual([{ id: q!.id, value: "red" }]);
    expect(sub!.takes.options).toEqual([q!.options[0]!.id]);
  });
});

describe("checkout", () => {
  test("nothing checked, no address where one ships, points short: refused with the spec's codes", async () => {
    const c = await t.as("cn100001");
    expect((await c.call("/market/place", { integral: 0 })).message.code).toBe("ERROR_CART_EMPTY");
    const shipped = await item({ hasAddress: true });
    await c.call("/market/cart/add", { activity: shipped.id, count: 1 });
    expect(await c.call("/market/place", { integral: 0 })).toMatchObject({ message: { code: "ERROR_SIGN_ADDRESS", params: { activity: shipped.id } } });
    const [mine] = await t.db.select().from(addresses).where(eq(addresses.userId, await userId("cn100001"))).limit(1);
    const { id: _, ...copy } = mine!;
    const [other] = await t.db.insert(addresses).values({ ...copy, userId: await userId("cn100002") }).returning();
    expect((await c.call("/market/place", { integral: 0, address: other!.id })).message.code).toBe("ERROR_SIGN_ADDRESS");
    // No item of the trolley has a deduction.
    expect((await c.call("/market/place", { integral: 1 })).message.code).toBe("ERROR_SIGN_DEDUCTION");
    const me = await userId("cn100001");
    const ordersBefore = (await t.db.select().from(orders).where(eq(orders.userId, me))).length;
    const dear = await item({ integral: (await balanceOf(me)) + 100, mustIntegral: true });
    await c.call("/market/cart/check/all", { check: 0 });
    expect((await c.call("/market/cart/add", { activity: dear.id, count: 1 })).message.code).toBe("ERROR_SIGN_INTEGRAL");
    expect(await t.db.select().from(orders).where(eq(orders.userId, me))).toHaveLength(ordersBefore);
  });

  test("one order for every checked unit: the deduction where the item has one, points taken once, the rows leave, unchecked ones stay", async () => {
    const me = await userId("cn100001");
    const before = await balanceOf(me);
    const paid = await item({ price: 5000, integral: 2000, deduction: 1500, formCount: 2, hasAddress: true, allowCancel: true });
    const full = await item({ price: 800, allowCancel: true });
    const free = await item({ integral: 300, mustIntegral: true, allowCancel: true });
    const kept = await item();
    const c = await t.as("cn100001");
    for (const a of [paid, paid, full, free, kept]) expect((await c.call("/market/cart/add", { activity: a.id, count: 1 })).message.code).toBe("SUCCESS");
    const keptRow = (await rowsOf(me)).find((r) => r.activityId === kept.id)!;
    await c.call("/market/cart/check", { id: keptRow.id });
    const address = (await c.call<Answer>("/user/address/list")).list[0];

    const placed = await c.call<Answer>("/market/place", { integral: 1, address: address.id });
    expect(placed).toMatchObject({ message: { code: "SUCCESS" }, amount: 2 * 3500 + 800, state: { id: ORDER_STATE.ORDER_STATE_WAIT } });
    expect(typeof placed.pay).toBe("string");
    const [order] = await t.db.select().from(orders).where(eq(orders.id, placed.order));
    expect(order).toMatchObject({ price: 2 * 5000 + 800, amount: 7800, points: 2 * 2000 + 300, deducted: true, liaison: address.name });
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, placed.order)).orderBy(orderItems.id);
    expect(items.map((i) => i.activityId)).toEqual([paid.id, paid.id, full.id, free.id]);
    expect(items.filter((i) => i.activityId === paid.id).map((i) => i.seq)).toEqual([1, 2]);
    expect(new Set(items.map((i) => i.childTrade)).size).toBe(4);
    expect((await activityRow(t.db, paid.id)).used).toBe(2);
    expect(await balanceOf(me)).toBe(before - 4300);
    const [payment] = await t.db.select().from(payments).where(eq(payments.trade, placed.trade));
    expect(payment!.amount).toBe(7800);
    expect((await rowsOf(me)).map((r) => r.activityId)).toEqual([kept.id]);
    expect((await c.call<Answer>("/market/cart/count")).count).toBe(1);

    // Cancelling gives every place and every point back.
    expect((await c.call("/order/cancel", { id: placed.order })).message.code).toBe("SUCCESS");
    expect((await activityRow(t.db, paid.id)).used).toBe(0);
    expect(await balanceOf(me)).toBe(before);
  });

  test("all or nothing: when one row is full nothing is taken, the refusal names that item, the trolley stays", async () => {
    const me = await userId("cn100001");
    const before = await balanceOf(me);
    const open = await item({ cap: 10, integral: 100, mustIntegral: true });
    const last = await item({ cap: 1 });
    const c = await t.as("cn100001");
    await c.call("/market/cart/add", { activity: open.id, count: 1 });
    await c.call("/market/cart/add", { activity: last.id, count: 1 });
    // Someone takes the last one first.
    expect((await (await t.as("cn100002")).call("/order/sign", { activity: last.id })).message.code).toBe("SUCCESS");
    expect(await c.call("/market/place", { integral: 0 })).toMatchObject({ message: { code: "ERROR_SIGN_FULL", params: { activity: last.id } } });
    expect((await activityRow(t.db, open.id)).used).toBe(0);
    expect(await balanceOf(me)).toBe(before);
    expect(await rowsOf(me)).toHaveLength(2);
    expect(await t.db.select().from(orderItems).where(eq(orderItems.activityId, open.id))).toHaveLength(0);
  });

  test("two units of a one-place item: the writes refuse even when the checks passed", async () => {
    // Passes the checks (one place left, none held) but needs two places.
    const a = await item({ cap: 1, formCount: 2 });
    const c = await t.as("cn100001");
    await c.call("/market/cart/add", { activity: a.id, count: 1 });
    await c.call("/market/cart/add", { activity: a.id, count: 1 });
    expect(await c.call("/market/place", { integral: 0 })).toMatchObject({ message: { code: "ERROR_SIGN_FULL", params: { activity: a.id } } });
    expect((await activityRow(t.db, a.id)).used).toBe(0);
  });
});

test("a checkout waits in the sign-up queue of its hottest item: the one with the fewest places left", () => {
  const of = (...units: [id: number, remaining: number | null][]) =>
    ({ units: units.map(([id, remaining]) => ({ draft: { loaded: { activity: { id } }, standing: { remaining } } })) }) as unknown as PreparedCheckout;
  expect(queueOfCheckout(of([7, 3], [7, 3], [7, 3]))).toBe(activityQueue(7));
  expect(queueOfCheckout(of([7, 50], [8, 2]))).toBe(activityQueue(8));
  expect(queueOfCheckout(of([7, null], [8, 900]))).toBe(activityQueue(8));
  expect(queueOfCheckout(of([9, 4], [8, 4]))).toBe(activityQueue(8));
});

describe("checkouts that race", () => {
  async function shoppers(n: number, items: number[]) {
    const made = await makeMembers(t.db, n, "cart");
    return Promise.all(
      made.map(async (m) => {
        const client = await t.as(m.account);
        for (const id of items) expect((await client.call("/market/cart/add", { activity: id, count: 1 })).message.code).toBe("SUCCESS");
        return { ...m, client };
      }),
    );
  }

  test("two members race for the last item, each with another item in the trolley: one gets both, the other nothing", async () => {
    const plenty = await item({ cap: 10 });
    const last = await item({ cap: 1 });
    const [x, y] = await shoppers(2, [plenty.id, last.id]);
    const answers = (await Promise.all([x!, y!].map((m) => m.client.call<Answer>("/market/place", { integral: 0 })))) as Answer[];
    expect(codes(answers)).toEqual(["ERROR_SIGN_FULL", "SUCCESS"]);
    expect(answers.find((a) => a.message.code !== "SUCCESS")!.message.params).toMatchObject({ activity: last.id });
    expect((await activityRow(t.db, last.id)).used).toBe(1);
    expect((await activityRow(t.db, plenty.id)).used).toBe(1);
    const winner = (await liveItems(last.id))[0]!.userId;
    expect((await liveItems(plenty.id)).map((i) => i.userId)).toEqual([winner]);
  });

  test("a hot gift: one-item checkouts and sign-ups share its queue; never oversold, a double press refused alone", async () => {
    const gift = await item({ cap: 5 });
    const checkouts = await shoppers(8, [gift.id]);
    const signers = await Promise.all((await makeMembers(t.db, 6, "sign")).map((m) => t.as(m.account)));
    const presses = [
      ...checkouts.map((m) => m.client.call<Answer>("/market/place", { integral: 0 })),
      checkouts[0]!.client.call<Answer>("/market/place", { integral: 0 }),
      ...signers.map((c) => c.call<Answer>("/order/sign", { activity: gift.id })),
    ];
    const answers = (await Promise.all(presses)) as Answer[];
    expect(answers.filter((x) => x.message.code === "SUCCESS")).toHaveLength(5);
    // The second press finds the trolley row gone or the seat taken, or the gift full: never a second order.
    expect(answers.every((x) => ["SUCCESS", "ERROR_SIGN_FULL", "ERROR_SIGN_FINISH", "ERROR_CART_EMPTY"].includes(x.message.code))).toBe(true);
    const live = await liveItems(gift.id);
    expect(live).toHaveLength(5);
    expect(new Set(live.map((i) => i.userId)).size).toBe(5);
    expect((await activityRow(t.db, gift.id)).used).toBe(5);
  });

  test("trolleys holding the same items in opposite orders never deadlock and never oversell", async () => {
    const a = await item({ cap: 3 });
    const b = await item({ cap: 3 });
    const forward = await shoppers(4, [a.id, b.id]);
    const backward = await shoppers(4, [b.id, a.id]);
    const answers = (await Promise.all([...forward, ...backward].map((m) => m.client.call<Answer>("/market/place", { integral: 0 })))) as Answer[];
    expect(answers.every((x) => ["SUCCESS", "ERROR_SIGN_FULL"].includes(x.message.code))).toBe(true);
    expect(answers.filter((x) => x.message.code === "SUCCESS")).toHaveLength(3);
    expect((await activityRow(t.db, a.id)).used).toBe(3);
    expect((await activityRow(t.db, b.id)).used).toBe(3);
    expect(await liveItems(a.id)).toHaveLength(3);
  });

  test.if(onPostgres)("on two instances, both checkouts paused after every check passed: still one winner, nothing half-taken", async () => {
    const plenty = await item({ cap: 10 });
    const last = await item({ cap: 1 });
    const [x, y] = await shoppers(2, [plenty.id, last.id]);
    const elsewhere = await secondInstance(t, y!.account);
    const arrived = pauseBoth(t.hooks);
    const answers = (await Promise.all([x!.client, elsewhere].map((c) => c.call<Answer>("/market/place", { integral: 0 })))) as Answer[];
    expect(arrived()).toBe(2);
    expect(codes(answers)).toEqual(["ERROR_SIGN_FULL", "SUCCESS"]);
    expect((await activityRow(t.db, last.id)).used).toBe(1);
    expect((await activityRow(t.db, plenty.id)).used).toBe(1);
  });
});
