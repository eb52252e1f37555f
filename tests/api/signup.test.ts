// Activities and sign-up through the real protocol: what a member sees, every
// outcome that stands before the button, the sign-up with payment, quiz,
// family and points, cancelling, and the expiry of unpaid orders.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { activities, conditions, families, orderItems, orders, payments, pointRecords, properties, relations, teams, users } from "../../src/db/schema";
import { JOBS, runJob } from "../../src/jobs/scheduler";
import { ACTIVITY_STATE, COMPARE_MODE, CONDITION_TYPE, ORDER_STATE, PAY_STATE, PROPERTY_TYPE } from "../../src/protocol/enumerations";
import { activityRow, at, makeActivity, makeModule, makeQuiz, makeRule, makeTeam } from "../helpers/activities";
import { startTestApp, type TestApp } from "../helpers/app";
import { signedSandboxNotice } from "../../src/providers/payment/sandbox";

/** The provider's notice of a payment, as the sandbox would send it (also for one whose window has closed). */
async function paidNotice(trade: string) {
  const [payment] = await t.db.select().from(payments).where(eq(payments.trade, trade));
  const notice = signedSandboxNotice(t.config, { trade, transactionId: `SBXT${trade.slice(-8)}`, amount: payment!.amount, status: "SUCCESS" });
  return t.fetch("/api/pay/notify/sandbox", { method: "POST", headers: notice.headers, body: notice.body });
}

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp({ PAYMENT_SANDBOX_SECRET: "signup-test-secret-0123456789abcdef0" });
}, 60_000);
afterEach(() => t.close());

type Answer = { message: { code: string; params?: Record<string, unknown> } } & Record<string, any>;
const MINUTE = 60_000;

const userId = async (employees: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.employees, employees)))[0]!.id;
const sign = async (account: string, input: Record<string, unknown>) => (await t.as(account)).call<Answer>("/order/sign", input) as Promise<Answer>;
const expireJob = JOBS.find((j) => j.name === "expire-orders")!;

describe("what a member sees", () => {
  test("modules newest year first, a module's tiles (a team is one tile), and the activity with its stock and check", async () => {
    const old = await makeModule(t.db, { nameZh: "去年", nameEn: "Last year", year: 2025 });
    const now = await makeModule(t.db, { nameZh: "今年", nameEn: "This year", year: 2026 });
    const team = await makeTeam(t.db, now.id, { nameZh: "亲子团", nameEn: "Family team", face: "/team.png", cap: 5 });
    const a1 = await makeActivity(t.db, { moduleId: now.id, nameZh: "独立活动", nameEn: "Alone", cap: 10, price: 1250, integral: 300 });
    await makeActivity(t.db, { moduleId: now.id, teamId: team.id, nameZh: "团内一", nameEn: "In team 1" });
    const main = await makeActivity(t.db, { moduleId: now.id, teamId: team.id, nameZh: "团内二", nameEn: "In team 2", isMain: true, cap: 3 });
    await makeActivity(t.db, { moduleId: now.id, nameZh: "下线", nameEn: "Offline", state: ACTIVITY_STATE.ACTIVITY_STATE_OFFLINE });
    const c = await t.as("cn100002");
    const modules = await c.call<Answer>("/activity/module/list");
    const years = modules.list.map((m: { year: number }) => m.year);
    expect(years.indexOf(2026)).toBeLessThan(years.indexOf(2025));
    expect(modules.list.find((m: { id: number }) => m.id === old.id).name).toBe("去年");

    const tiles = await c.call<Answer>("/activity/list", { module: now.id });
    expect(tiles.list.map((x: { id: number; name: string; face: string | null }) => [x.id, x.name, x.face])).toEqual([
      [a1.id, "独立活动", null],
      [main.id, "亲子团", "/team.png"],
    ]);

    const info = await c.call<Answer>("/activity/info", { id: main.id });
    expect(info.activity).toMatchObject({ id: main.id, name: "团内二", stock: 3, check: { code: "SUCCESS" }, team: { id: team.id, formStock: 5 } });
    const alone = await c.call<Answer>("/activity/info", { id: a1.id });
    expect(alone.activity).toMatchObject({ price: 1250, integral: 300, stock: 10 });
  });

  test("offline and hidden activities are not found; a 'show' condition hides, a 'sign' condition refuses", async () => {
    const offline = await makeActivity(t.db, { state: ACTIVITY_STATE.ACTIVITY_STATE_OFFLINE });
    const c = await t.as("cn100001");
    expect((await c.call("/activity/info", { id: offline.id })).message.code).toBe("ERROR_RESULT_NULL");
    const gated = await makeActivity(t.db);
    const [prop] = await t.db.select().from(properties).where(eq(properties.titleEn, "Department"));
    await t.db.insert(conditions).values({ activityId: gated.id, type: CONDITION_TYPE.CONDITION_TYPE_SIGN, propertyId: prop!.id, compareMode: COMPARE_MODE.COMPARE_IN, value: "hr|ops" });
    // cn100001 is in rd: sees it, may not sign up; cn100002 is in ops.
    expect((await c.call<Answer>("/activity/info", { id: gated.id })).activity.check.code).toBe("ERROR_SIGN_NO_POWER");
    expect((await c.call("/order/sign", { activity: gated.id })).message.code).toBe("ERROR_SIGN_NO_POWER");
    expect((await sign("cn100002", { activity: gated.id })).message.code).toBe("SUCCESS");
    const hidden = await makeActivity(t.db);
    await t.db.insert(conditions).values({ activityId: hidden.id, type: CONDITION_TYPE.CONDITION_TYPE_SHOW, propertyId: prop!.id, compareMode: COMPARE_MODE.COMPARE_IN, value: "hr" });
    expect((await c.call("/activity/info", { id: hidden.id })).message.code).toBe("ERROR_RESULT_NULL");
  });

  test("each outcome before the button: not started, closed, full, complete, points insufficient", async () => {
    const c = await t.as("cn100001");
    const check = async (over: Parameters<typeof makeActivity>[1]) => {
      const a = await makeActivity(t.db, over);
      return (await c.call<Answer>("/activity/power/check", { id: a.id })).check.code;
    };
    expect(await check({ signStart: at(1) })).toBe("ERROR_SIGN_NOT_START");
    expect(await check({ signStart: at(-5), signEnd: at(-1) })).toBe("ERROR_SIGN_END");
    expect(await check({ cap: 2, used: 2 })).toBe("ERROR_SIGN_FULL");
    // cn100001 holds 650.00 points.
    expect(await check({ integral: 65_001, mustIntegral: true })).toBe("ERROR_SIGN_INTEGRAL");
    expect(await check({ integral: 65_000, mustIntegral: true })).toBe("SUCCESS");
    const once = await makeActivity(t.db);
    expect((await c.call("/order/sign", { activity: once.id })).message.code).toBe("SUCCESS");
    expect((await c.call<Answer>("/activity/power/check", { id: once.id })).check.code).toBe("ERROR_SIGN_FINISH");
  });
});

describe("the activity's rich content", () => {
  test("leaves the server cleaned to the editor's vocabulary, in both languages", async () => {
    const a = await makeActivity(t.db, {
      contentZh: '<p class="ql-align-center">介绍<img src=x onerror="alert(1)"></p><script>alert(1)</script>',
      contentEn: '<p>About <a href="javascript:alert(1)">this</a></p>',
    });
    const info = (await (await t.as("cn100002")).call<Answer>("/activity/info", { id: a.id })).activity;
    expect(info.contentZh).toBe('<p class="ql-align-center">介绍<img></p>');
    expect(info.contentEn).toBe("<p>About <a>this</a></p>");
    expect(info.content).toBe(info.contentZh);
  });
});

describe("signing up", () => {
  test("a free sign-up succeeds at once, takes a place, and a second is refused as complete", async () => {
    const a = await makeActivity(t.db, { cap: 5 });
    const c = await t.as("cn100001");
    const answer = await c.call<Answer>("/order/sign", { activity: a.id });
    expect(answer).toMatchObject({ message: { code: "SUCCESS" }, state: { id: ORDER_STATE.ORDER_STATE_SUCCESS }, pay: null, amount: 0 });
    expect((await activityRow(t.db, a.id)).used).toBe(1);
    expect((await c.call("/order/sign", { activity: a.id })).message.code).toBe("ERROR_SIGN_FINISH");
    const list = await c.call<Answer>("/order/list", {});
    expect(list.list[0]).toMatchObject({ trade: answer.trade, name: "测试活动", state: { id: ORDER_STATE.ORDER_STATE_SUCCESS } });
  });

  test("allowed sign-up count 2: two orders, the third is complete; the member need not take a place", async () => {
    const a = await makeActivity(t.db, { formCount: 2, calUserCount: false, cap: 1 });
    const c = await t.as("cn100001");
    expect((await c.call("/order/sign", { activity: a.id })).message.code).toBe("SUCCESS");
    expect((await c.call("/order/sign", { activity: a.id })).message.code).toBe("SUCCESS");
    expect((await c.call("/order/sign", { activity: a.id })).message.code).toBe("ERROR_SIGN_FINISH");
    expect((await activityRow(t.db, a.id)).used).toBe(0);
  });

  test("a paid sign-up waits 5 minutes for its payment; paying makes it a success", async () => {
    const a = await makeActivity(t.db, { price: 9900, cap: 3 });
    const c = await t.as("cn100001");
    const answer = await c.call<Answer>("/order/sign", { activity: a.id });
    expect(answer).toMatchObject({ message: { code: "SUCCESS" }, state: { id: ORDER_STATE.ORDER_STATE_WAIT }, amount: 9900 });
    expect(answer.pay).toBe(`http://localhost/pay/sandbox/${answer.trade}`);
    expect(new Date(answer.expires).getTime()).toBe(t.clock.now().getTime() + 5 * MINUTE);
    expect((await c.call<Answer>("/order/check", { trade: answer.trade })).paid).toBe(false);
    expect((await t.fetch(`/pay/sandbox/${answer.trade}/confirm`, { method: "POST" })).status).toBeLessThan(400);
    expect(await c.call<Answer>("/order/check", { trade: answer.trade })).toMatchObject({ paid: true, state: { id: ORDER_STATE.ORDER_STATE_SUCCESS } });
  });

  test("'pay later' keeps the order payable from the list while its 5 minutes last, with the same trade", async () => {
    const a = await makeActivity(t.db, { price: 500 });
    const c = await t.as("cn100001");
    const signed = await c.call<Answer>("/order/sign", { activity: a.id });
    t.clock.advance(4 * MINUTE);
    const again = await c.call<Answer>("/order/pay", { id: signed.order });
    expect(again).toMatchObject({ message: { code: "SUCCESS" }, trade: signed.trade, pay: signed.pay, expires: signed.expires });
    expect((await (await t.as("cn100002")).call("/order/pay", { id: signed.order })).message.code).toBe("ERROR_RESULT_NULL");
    t.clock.advance(MINUTE);
    expect((await c.call("/order/pay", { id: signed.order })).message.code).toBe("ERROR_NOT_POWER");
  });

  test("an unpaid sign-up is cancelled by the job after 5 minutes and its place comes back; a late payment takes it again", async () => {
    const a = await makeActivity(t.db, { price: 100, cap: 1 });
    const first = await sign("cn100001", { activity: a.id });
    expect((await sign("cn100002", { activity: a.id })).message.code).toBe("ERROR_SIGN_FULL");
    t.clock.advance(5 * MINUTE);
    await runJob(t, expireJob, t.clock.now());
    const [order] = await t.db.select().from(orders).where(eq(orders.trade, first.trade));
    expect(order!.state).toBe(ORDER_STATE.ORDER_STATE_CANCEL);
    expect((await activityRow(t.db, a.id)).used).toBe(0);
    // The payment arrives late while the place is still free: the order is kept.
    expect((await paidNotice(first.trade)).status).toBe(200);
    const [kept] = await t.db.select().from(orders).where(eq(orders.trade, first.trade));
    expect(kept!.state).toBe(ORDER_STATE.ORDER_STATE_SUCCESS);
    expect((await activityRow(t.db, a.id)).used).toBe(1);
  });

  test("a late payment whose place was taken meanwhile is marked for refund, never lost", async () => {
    const a = await makeActivity(t.db, { price: 100, cap: 1 });
    const first = await sign("cn100001", { activity: a.id });
    t.clock.advance(5 * MINUTE);
    await runJob(t, expireJob, t.clock.now());
    expect((await sign("cn100002", { activity: a.id })).message.code).toBe("SUCCESS");
    expect((await paidNotice(first.trade)).status).toBe(200);
    const [payment] = await t.db.select().from(payments).where(eq(payments.trade, first.trade));
    expect(payment!.state).toBe(PAY_STATE.PAY_STATE_REFUND_OWED);
    const [order] = await t.db.select().from(orders).where(eq(orders.trade, first.trade));
    expect(order!.state).toBe(ORDER_STATE.ORDER_STATE_CANCEL);
    expect((await activityRow(t.db, a.id)).used).toBe(1);
  });

  test("points: mandatory points are charged; the deduction only where allowed; cancelling gives them back", async () => {
    const me = await userId("cn100001");
    const balance = async () =>
      (await t.db.select().from(pointRecords).where(eq(pointRecords.userId, me))).filter((r) => !r.expiresAt || r.expiresAt > t.clock.now()).reduce((s, r) => s + r.remaining, 0);
    const before = await balance();
    const must = await makeActivity(t.db, { integral: 10_000, mustIntegral: true, allowCancel: true });
    const c = await t.as("cn100001");
    const paid = await c.call<Answer>("/order/sign", { activity: must.id });
    expect(paid.message.code).toBe("SUCCESS");
    expect(await balance()).toBe(before - 10_000);
    expect((await c.call("/order/sign", { activity: (await makeActivity(t.db, { integral: 100, mustIntegral: true })).id, integral: 1 })).message.code).toBe("ERROR_SIGN_DEDUCTION");
    const deduct = await makeActivity(t.db, { price: 5000, integral: 2000, deduction: 1500 });
    const d = await c.call<Answer>("/order/sign", { activity: deduct.id, integral: 1 });
    expect(d).toMatchObject({ message: { code: "SUCCESS" }, amount: 3500 });
    expect(await balance()).toBe(before - 12_000);
    expect((await c.call("/order/cancel", { id: paid.order })).message.code).toBe("SUCCESS");
    expect(await balance()).toBe(before - 2000);
  });

  test("a delivery address is required where the activity ships, and copied into the order", async () => {
    const a = await makeActivity(t.db, { hasAddress: true, allowUpdateAddress: true });
    const c = await t.as("cn100001");
    expect((await c.call("/order/sign", { activity: a.id })).message.code).toBe("ERROR_SIGN_ADDRESS");
    const { list } = await c.call<Answer>("/user/address/list");
    const ok = await c.call<Answer>("/order/sign", { activity: a.id, address: list[0].id });
    expect(ok.message.code).toBe("SUCCESS");
    const [row] = (await c.call<Answer>("/order/list", {})).list;
    expect(row.address).toMatchObject({ liaison: "陈会员", phone: "13900000001" });
    expect(row.canChangeAddress).toBe(true);
    expect((await c.call("/order/update/address", { order: ok.order, address: list[0].id })).message.code).toBe("SUCCESS");
  });
});

describe("the questionnaire", () => {
  test("a scored quiz below the pass line is refused with both figures; the right answers pass and are recorded", async () => {
    const a = await makeActivity(t.db);
    const [q1, q2] = await makeQuiz(
      t.db,
      a.id,
      [
        { options: [{ value: "A" }, { value: "B" }], answer: "A", score: 60 },
        { type: PROPERTY_TYPE.PROPERTY_TYPE_CHECKBOX, options: [{ value: "x" }, { value: "y" }, { value: "z" }], answer: "x,z", score: 40 },
      ],
      { isScoring: true, passLine: 100, isTiming: true },
    );
    const c = await t.as("cn100001");
    const draw = await c.call<Answer>("/activity/quiz/draw", { activity: a.id });
    expect(draw.queries.map((q: { query: { id: number } }) => q.query.id)).toEqual([q1!.id, q2!.id]);
    expect(JSON.stringify(draw)).not.toContain('"answer"');
    const wrong = await c.call<Answer>("/order/sign", { activity: a.id, draw: draw.draw, quests: [{ id: q1!.id, value: "A" }, { id: q2!.id, value: ["x"] }] });
    expect(wrong.message).toMatchObject({ code: "ERROR_SIGN_SCORE", params: { passLine: 100, score: 60 } });
    t.clock.advance(42_000);
    const right = await c.call<Answer>("/order/sign", { activity: a.id, draw: draw.draw, quests: [{ id: q1!.id, value: "A" }, { id: q2!.id, value: ["z", "x"] }] });
    expect(right).toMatchObject({ message: { code: "SUCCESS" }, score: 100 });
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, right.order));
    expect(item!.time).toBe(42);
  });

  test("required answers, unknown options, answers to questions not drawn, and a missing draw are refused", async () => {
    const a = await makeActivity(t.db);
    const [q1] = await makeQuiz(t.db, a.id, [{ options: [{ value: "A" }] }, { type: PROPERTY_TYPE.PROPERTY_TYPE_INPUT, match: "^\\d+$", isMust: false }]);
    const c = await t.as("cn100001");
    const { draw } = await c.call<Answer>("/activity/quiz/draw", { activity: a.id });
    expect((await c.call("/order/sign", { activity: a.id })).message).toMatchObject({ code: "ERROR_SIGN_PARAMS", params: { field: "draw" } });
    expect((await c.call("/order/sign", { activity: a.id, draw, quests: [] })).message).toMatchObject({ code: "ERROR_SIGN_PARAMS", params: { query: q1!.id, reason: "required" } });
    expect((await c.call("/order/sign", { activity: a.id, draw, quests: [{ id: q1!.id, value: "Z" }] })).message.params).toMatchObject({ reason: "option" });
    expect((await c.call("/order/sign", { activity: a.id, draw, quests: [{ id: q1!.id, value: "A" }, { id: 999_999, value: "1" }] })).message.params).toMatchObject({ reason: "unasked" });
    const other = await t.as("cn100002");
    expect((await other.call("/order/sign", { activity: a.id, draw, quests: [{ id: q1!.id, value: "A" }] })).message.params).toMatchObject({ field: "draw" });
  });

  test("options with stock are taken, shown used/stock, refused when full, and come back on cancel; foreigner-only questions are hidden", async () => {
    const a = await makeActivity(t.db, { allowCancel: true });
    const [q] = await makeQuiz(t.db, a.id, [{ options: [{ value: "morning", cap: 1 }, { value: "evening" }] }, { isForeignerOnly: true, options: [{ value: "yes" }] }]);
    const c = await t.as("cn100001");
    const d1 = await c.call<Answer>("/activity/quiz/draw", { activity: a.id });
    expect(d1.queries).toHaveLength(1);
    const ok = await c.call<Answer>("/order/sign", { activity: a.id, draw: d1.draw, quests: [{ id: q!.id, value: "morning" }] });
    expect(ok.message.code).toBe("SUCCESS");
    const e = await t.as("cn100002");
    const d2 = await e.call<Answer>("/activity/quiz/draw", { activity: a.id });
    expect(d2.queries).toHaveLength(2);
    expect(d2.queries[0].query.options[0]).toMatchObject({ value: "morning", stock: 1, form: 1, state: "full" });
    expect((await e.call("/order/sign", { activity: a.id, draw: d2.draw, quests: [{ id: q!.id, value: "morning" }, { id: d2.queries[1].query.id, value: "yes" }] })).message.code).toBe(
      "ERROR_SIGN_OPTION_FULL",
    );
    expect((await c.call("/order/cancel", { id: ok.order })).message.code).toBe("SUCCESS");
    expect((await e.call("/order/sign", { activity: a.id, draw: d2.draw, quests: [{ id: q!.id, value: "morning" }, { id: d2.queries[1].query.id, value: "yes" }] })).message.code).toBe("SUCCESS");
  });
});

describe("family members", () => {
  async function kin() {
    const me = await userId("cn100001");
    const rows = await t.db.select({ f: families, code: relations.code }).from(families).innerJoin(relations, eq(relations.id, families.relationId)).where(eq(families.userId, me));
    return { child: rows.find((r) => r.code === "child")!.f, spouse: rows.find((r) => r.code === "spouse")!.f };
  }

  test("a child under the rule with a gift takes two places; the same child cannot come twice; /order/family/check sees them", async () => {
    const { child, spouse } = await kin();
    const a = await makeActivity(t.db, { cap: 10 });
    const { giftIds } = await makeRule(t.db, a.id, { relationId: child.relationId, birthFrom: "2010-01-01", birthTo: "2020-12-31" }, [1, null]);
    const c = await t.as("cn100001");
    expect((await c.call("/order/sign", { activity: a.id, clans: [] })).message).toMatchObject({ code: "ERROR_SIGN_FAMILY", params: { reason: "min" } });
    expect((await c.call("/order/sign", { activity: a.id, clans: [{ id: spouse.id }] })).message.params).toMatchObject({ reason: "rule" });
    expect((await c.call("/order/sign", { activity: a.id, clans: [{ id: child.id }] })).message.params).toMatchObject({ reason: "gift" });
    const ok = await c.call<Answer>("/order/sign", { activity: a.id, clans: [{ id: child.id, gift: giftIds[0] }] });
    expect(ok.message.code).toBe("SUCCESS");
    expect((await activityRow(t.db, a.id)).used).toBe(2);
    expect((await c.call<Answer>("/order/family/check", { activity: a.id, identity: child.identity.toLowerCase() })).checked).toBe(true);
    const [row] = (await c.call<Answer>("/order/list", {})).list;
    expect(row.goods[0].families[0]).toMatchObject({ name: child.name, gift: { id: giftIds[0] } });
  });

  test("a gift out of stock is refused as the quota full; max per rule holds", async () => {
    const { child } = await kin();
    const a = await makeActivity(t.db);
    const { giftIds } = await makeRule(t.db, a.id, { relationId: child.relationId, allowMin: 0, allowMax: 0 }, [0]);
    const c = await t.as("cn100001");
    expect((await c.call("/order/sign", { activity: a.id, clans: [{ id: child.id, gift: giftIds[0] }] })).message.params).toMatchObject({ reason: "max" });
    const b = await makeActivity(t.db);
    const r = await makeRule(t.db, b.id, { relationId: child.relationId }, [0]);
    expect((await c.call("/order/sign", { activity: b.id, clans: [{ id: child.id, gift: r.giftIds[0] }] })).message.code).toBe("ERROR_SIGN_QUOTA_FULL");
  });
});

describe("cancelling", () => {
  test("allowed only where the activity allows it, before its deadline and the end of sign-up; never twice", async () => {
    const no = await makeActivity(t.db);
    const yes = await makeActivity(t.db, { allowCancel: true, allowCancelDate: at(2), cap: 1 });
    const c = await t.as("cn100001");
    const a = await c.call<Answer>("/order/sign", { activity: no.id });
    expect((await c.call("/order/cancel", { id: a.order })).message.code).toBe("ERROR_NOT_POWER");
    const b = await c.call<Answer>("/order/sign", { activity: yes.id });
    expect((await c.call<Answer>("/order/list", {})).list.find((o: { id: number }) => o.id === b.order).canCancel).toBe(true);
    const other = await t.as("cn100002");
    expect((await other.call("/order/cancel", { id: b.order })).message.code).toBe("ERROR_RESULT_NULL");
    t.clock.advance(3 * 3_600_000);
    expect((await c.call("/order/cancel", { id: b.order })).message.code).toBe("ERROR_NOT_POWER");
    t.clock.reset();
    expect((await c.call("/order/cancel", { id: b.order })).message.code).toBe("SUCCESS");
    expect((await c.call("/order/cancel", { id: b.order })).message.code).toBe("ERROR_NOT_POWER");
    expect((await activityRow(t.db, yes.id)).used).toBe(0);
  });
});

describe("a sold-out activity", () => {
  test("is answered full from the instance's memory until a cancel gives a place back, and is never a half-write", async () => {
    const a = await makeActivity(t.db, { allowCancel: true, cap: 1 });
    const first = await (await t.as("cn100001")).call<Answer>("/order/sign", { activity: a.id });
    expect(first.message.code).toBe("SUCCESS");
    const other = await t.as("cn100002");
    const orders = async () => (await t.db.select().from(orderItems).where(eq(orderItems.activityId, a.id))).length;
    // The first refusal reads the activity and remembers it; the second is answered from memory, with no read.
    expect((await other.call("/order/sign", { activity: a.id })).message.code).toBe("ERROR_SIGN_FULL");
    expect((await other.call("/order/sign", { activity: a.id })).message.code).toBe("ERROR_SIGN_FULL");
    expect(await orders()).toBe(1);
    // Proof that the memory answers: a place freed behind its back (no version bump) is not seen...
    await t.db.update(activities).set({ used: 0 }).where(eq(activities.id, a.id));
    expect((await other.call("/order/sign", { activity: a.id })).message.code).toBe("ERROR_SIGN_FULL");
    await t.db.update(activities).set({ used: 1 }).where(eq(activities.id, a.id));
    // ...while the cancel tells every instance a place came back: the memory is dropped and the freed place is taken.
    expect((await (await t.as("cn100001")).call("/order/cancel", { id: first.order })).message.code).toBe("SUCCESS");
    expect((await other.call("/order/sign", { activity: a.id })).message.code).toBe("SUCCESS");
    expect((await activityRow(t.db, a.id)).used).toBe(1);
  });
});

describe("periodic activities and teams", () => {
  test("each cycle opens a fresh quota and a fresh allowance", async () => {
    const a = await makeActivity(t.db, { hasCycle: true, cycleDate: 1, cycleStart: 0, cycleCount: 1, signStart: at(-1), signEnd: at(24 * 10) });
    expect((await sign("cn100001", { activity: a.id })).message.code).toBe("SUCCESS");
    expect((await sign("cn100002", { activity: a.id })).message.code).toBe("ERROR_SIGN_FULL");
    t.clock.advance(24 * 3_600_000);
    expect((await sign("cn100002", { activity: a.id })).message.code).toBe("SUCCESS");
    expect((await sign("cn100001", { activity: a.id })).message.code).toBe("ERROR_SIGN_FULL");
  });

  test("a team quota is shared by its activities, and a one-per-member team allows one of them", async () => {
    const m = await makeModule(t.db);
    const team = await makeTeam(t.db, m.id, { cap: 1 });
    const x = await makeActivity(t.db, { moduleId: m.id, teamId: team.id });
    const y = await makeActivity(t.db, { moduleId: m.id, teamId: team.id });
    expect((await sign("cn100001", { activity: x.id })).message.code).toBe("SUCCESS");
    expect((await sign("cn100002", { activity: y.id })).message.code).toBe("ERROR_SIGN_FULL");
    const only = await makeTeam(t.db, m.id, { signOnly: true });
    const p = await makeActivity(t.db, { moduleId: m.id, teamId: only.id });
    const q = await makeActivity(t.db, { moduleId: m.id, teamId: only.id });
    expect((await sign("cn100001", { activity: p.id })).message.code).toBe("SUCCESS");
    expect((await sign("cn100001", { activity: q.id })).message.code).toBe("ERROR_SIGN_FINISH");
    const [row] = await t.db.select().from(teams).where(eq(teams.id, team.id));
    expect(row!.used).toBe(1);
  });
});

test("the ticket QR is a PNG for a successful order with a ticket, and nothing for another member", async () => {
  const a = await makeActivity(t.db, { hasTicket: true });
  const c = await t.as("cn100001");
  const ok = await c.call<Answer>("/order/sign", { activity: a.id });
  expect(ok.ticket).toBe(true);
  const png = await c.get("/order/qr", { trade: ok.trade });
  expect(png.status).toBe(200);
  expect(png.headers.get("content-type")).toBe("image/png");
  const other = await t.as("cn100002");
  expect((await other.get("/order/qr", { trade: ok.trade })).headers.get("content-type")).not.toBe("image/png");
});
