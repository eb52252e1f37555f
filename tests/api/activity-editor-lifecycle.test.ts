// An activity's lifecycle and its places under the editor (spec 3 section
// 4.1; issue 17 items 2 and 4): publish deletes the preview orders and gives
// back what they took; offline keeps orders and hides the activity; revert
// then publish (or save) cancels the orders of the published time, a paid
// one marked for refund; copy; offline has no actions. A cap never goes
// below the places taken, raising it makes every instance forget "sold out",
// and the save never races a burst of sign-ups (on PostgreSQL for real).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, ne } from "drizzle-orm";
import { activities, activityProperties, conditions, gifts, operationLog, orderItems, orders, payments, pointRecords, properties, relationshipRules, relations, teams, families } from "../../src/db/schema";
import { createApp } from "../../src/app";
import { ACTIVITY_STATE, COMPARE_MODE, CONDITION_TYPE, ORDER_STATE, PAY_STATE, POINT_TYPE } from "../../src/protocol/enumerations";
import type { ApiClient } from "../../src/protocol/client";
import { activityRow, makeActivity, makeMembers, makeModule, makeQuiz, makeRule, makeTeam } from "../helpers/activities";
import { activityPart, type Answer, editInfo, saveBasics } from "../helpers/activity-editor";
import { startTestApp, type TestApp } from "../helpers/app";
import { START } from "../helpers/clock";

let t: TestApp;
let editor: ApiClient;
let member: ApiClient;
let operator: ApiClient;
let editorId: number;

beforeAll(async () => {
  t = await startTestApp();
  [editor, member, operator] = await Promise.all([t.as("cn000002"), t.as("cn100001"), t.as("cn000003")]);
  editorId = ((await editor.call<Answer>("/user/reload")).user as { id: number }).id;
}, 60_000);
afterAll(() => t.close());

const { ACTIVITY_STATE_PREVIEW: PREVIEW, ACTIVITY_STATE_NORMAL: NORMAL, ACTIVITY_STATE_OFFLINE: OFFLINE } = ACTIVITY_STATE;
const setState = (id: number, state: number, who: ApiClient = editor) => who.call<Answer>("/activity/state", { id, state });
const sign = (who: ApiClient, activity: number, extra: Record<string, unknown> = {}) => who.call<Answer>("/order/sign", { activity, ...extra });
const liveItems = async (activityId: number) => t.db.select().from(orderItems).where(and(eq(orderItems.activityId, activityId), ne(orderItems.state, ORDER_STATE.ORDER_STATE_CANCEL)));
const balance = async (userId: number) =>
  (await t.db.select().from(pointRecords).where(eq(pointRecords.userId, userId))).filter((r) => !r.expiresAt || r.expiresAt > t.clock.now()).reduce((s, r) => s + r.remaining, 0);

describe("publish", () => {
  test("the editor's preview sign-up is a preview order in their list; publishing deletes it and gives back places, gift stock and points", async () => {
    await t.db.insert(pointRecords).values({ userId: editorId, count: 5_000, type: POINT_TYPE.POINT_TYPE_ENTRY, remaining: 5_000, createdAt: START });
    const team = await makeTeam(t.db, (await makeModule(t.db)).id, { cap: 10 });
    const a = await makeActivity(t.db, { moduleId: team.moduleId, teamId: team.id, state: PREVIEW, cap: 5, integral: 1_000, mustIntegral: true });
    const [child] = await t.db.select().from(relations).where(eq(relations.code, "child"));
    const { giftIds } = await makeRule(t.db, a.id, { relationId: child!.id, allowMin: 0 }, [3]);
    const [kin] = await t.db
      .insert(families)
      .values({ userId: editorId, name: "编辑的孩子", identity: "110101201503070018", idType: 1, relationId: child!.id, sex: 0, birthday: "2015-03-07", createdAt: START, updatedAt: START })
      .returning();
    const before = await balance(editorId);
    // A member does not even see it.
    expect((await sign(member, a.id)).message.code).toBe("ERROR_RESULT_NULL");
    const signed = await sign(editor, a.id, { clans: [{ id: kin!.id, gift: giftIds[0] }] });
    expect(signed).toMatchObject({ message: { code: "SUCCESS" }, state: { id: ORDER_STATE.ORDER_STATE_PREVIEW } });
    expect(await activityRow(t.db, a.id)).toMatchObject({ used: 2 });
    expect(await balance(editorId)).toBe(before - 1_000);
    const mine = await editor.call<Answer>("/order/list", {});
    expect(mine.list.find((o: any) => o.id === signed.order)).toMatchObject({ state: { id: ORDER_STATE.ORDER_STATE_PREVIEW } });

    const published = await setState(a.id, NORMAL);
    expect(published).toMatchObject({ message: { code: "SUCCESS" }, state: { id: NORMAL }, deleted: 1, cancelled: 0 });
    const row = await activityRow(t.db, a.id);
    expect(row).toMatchObject({ state: NORMAL, used: 0 });
    expect(row.version).toBeGreaterThan(a.version);
    expect((await t.db.select().from(teams).where(eq(teams.id, team.id)))[0]!.used).toBe(0);
    expect((await t.db.select().from(gifts).where(eq(gifts.id, giftIds[0]!)))[0]!.used).toBe(0);
    expect(await balance(editorId)).toBe(before);
    expect(await t.db.select().from(orders).where(eq(orders.id, signed.order))).toHaveLength(0);
    expect((await editor.call<Answer>("/order/list", {})).list.find((o: any) => o.id === signed.order)).toBeUndefined();
    const [log] = await t.db.select().from(operationLog).where(and(eq(operationLog.action, "activity.state"), eq(operationLog.targetId, String(a.id))));
    expect(log?.detail).toContain("deleted 1");
    // Now members see it and sign up, and the family rules are fixed.
    expect((await sign(member, a.id)).message.code).toBe("SUCCESS");
    expect((await editInfo(editor, a.id)).activity.locked).toBe(true);
  });

  test("only the spec's moves: offline has none, preview cannot go offline, the same state is no move", async () => {
    const a = await makeActivity(t.db, { state: PREVIEW });
    expect((await setState(a.id, OFFLINE)).message.code).toBe("ERROR_ACTIVITY_STATE");
    expect((await setState(a.id, PREVIEW)).message.code).toBe("ERROR_ACTIVITY_STATE");
    expect((await setState(a.id, 12345)).message.code).toBe("ERROR_ACTIVITY_STATE");
    expect((await setState(a.id, NORMAL)).message.code).toBe("SUCCESS");
    expect((await setState(a.id, OFFLINE)).message.code).toBe("SUCCESS");
    for (const to of [PREVIEW, NORMAL, OFFLINE]) expect((await setState(a.id, to)).message.code).toBe("ERROR_ACTIVITY_STATE");
    expect((await editor.call<Answer>("/activity/copy", { id: a.id })).message.code).toBe("ERROR_ACTIVITY_STATE");
    expect((await setState(999_999, NORMAL)).message.code).toBe("ERROR_RESULT_NULL");
    expect((await setState(a.id, NORMAL, member)).message.code).toBe("ERROR_NOT_POWER");
    expect((await setState(a.id, NORMAL, operator)).message.code).toBe("ERROR_NOT_POWER");
  });
});

describe("offline and revert", () => {
  test("taking offline keeps the orders and hides the activity from members", async () => {
    const a = await makeActivity(t.db, { cap: 5 });
    const signed = await sign(member, a.id);
    expect(signed.message.code).toBe("SUCCESS");
    expect((await setState(a.id, OFFLINE)).message.code).toBe("SUCCESS");
    expect(await liveItems(a.id)).toHaveLength(1);
    expect((await activityRow(t.db, a.id)).used).toBe(1);
    expect((await member.call<Answer>("/activity/info", { id: a.id })).message.code).toBe("ERROR_RESULT_NULL");
    expect((await sign(member, a.id)).message.code).toBe("ERROR_RESULT_NULL");
    expect((await member.call<Answer>("/order/list", {})).list.find((o: any) => o.id === signed.order)).toMatchObject({ state: { id: ORDER_STATE.ORDER_STATE_SUCCESS } });
    // An editor still sees it; its page says it is offline in place of the sign-up button.
    expect((await editor.call<Answer>("/activity/info", { id: a.id })).activity.check.code).toBe("ERROR_ACTIVITY_STATE");
    expect((await editor.call<Answer>("/activity/power/check", { id: a.id })).check.code).toBe("ERROR_ACTIVITY_STATE");
  });

  test("reverted to preview, its orders survive until the next publish, which cancels them; a paid one's payment is owed back", async () => {
    const a = await makeActivity(t.db, { cap: 5, price: 990 });
    const paid = await sign(member, a.id);
    expect((await t.fetch(`/pay/sandbox/${paid.trade}/confirm`, { method: "POST" })).status).toBeLessThan(400);
    const [other] = await makeMembers(t.db, 1);
    const waiting = await sign(await t.as(other!.account), a.id);
    expect(waiting.state.id).toBe(ORDER_STATE.ORDER_STATE_WAIT);
    expect((await setState(a.id, PREVIEW)).message.code).toBe("SUCCESS");
    expect(await liveItems(a.id)).toHaveLength(2);
    const published = await setState(a.id, NORMAL);
    expect(published).toMatchObject({ message: { code: "SUCCESS" }, cancelled: 2, deleted: 0 });
    expect(await liveItems(a.id)).toHaveLength(0);
    expect((await activityRow(t.db, a.id)).used).toBe(0);
    const [paidOrder] = await t.db.select().from(orders).where(eq(orders.id, paid.order));
    expect(paidOrder!.state).toBe(ORDER_STATE.ORDER_STATE_CANCEL);
    const [payment] = await t.db.select().from(payments).where(and(eq(payments.kind, "order"), eq(payments.refId, paid.order)));
    expect(payment!.state).toBe(PAY_STATE.PAY_STATE_REFUND_OWED);
    const [closed] = await t.db.select().from(payments).where(and(eq(payments.kind, "order"), eq(payments.refId, waiting.order)));
    expect(closed!.state).toBe(PAY_STATE.PAY_STATE_CLOSED);
  });

  test("reverted to preview, the next save cancels the orders of its published time; preview orders stay until publish", async () => {
    const a = await makeActivity(t.db, { cap: 5 });
    expect((await sign(member, a.id)).message.code).toBe("SUCCESS");
    expect((await setState(a.id, PREVIEW)).message.code).toBe("SUCCESS");
    expect((await sign(editor, a.id)).state.id).toBe(ORDER_STATE.ORDER_STATE_PREVIEW);
    const saved = await saveBasics(editor, a.id, { nameEn: "Renamed" });
    expect(saved).toMatchObject({ message: { code: "SUCCESS" }, cleared: 1 });
    const live = await liveItems(a.id);
    expect(live.map((i) => i.state)).toEqual([ORDER_STATE.ORDER_STATE_PREVIEW]);
    expect((await activityRow(t.db, a.id)).used).toBe(1);
  });
});

describe("copy", () => {
  test("a copy in preview, names marked, without team, questionnaire, relatives and conditions", async () => {
    const team = await makeTeam(t.db, (await makeModule(t.db)).id);
    const a = await makeActivity(t.db, { moduleId: team.moduleId, teamId: team.id, isMain: true, cap: 9, used: 3, price: 500, contentZh: "<p>详情</p>", calUserCount: false });
    await makeRule(t.db, a.id);
    await makeQuiz(t.db, a.id, [{ options: [{ value: "A" }] }]);
    const [gender] = await t.db.select().from(properties).where(eq(properties.titleEn, "Gender"));
    await t.db.insert(conditions).values({ activityId: a.id, type: CONDITION_TYPE.CONDITION_TYPE_SHOW, propertyId: gender!.id, compareMode: COMPARE_MODE.COMPARE_NOT_EMPTY, value: "x" });
    await t.db.insert(activityProperties).values({ activityId: a.id, propertyId: gender!.id, sortIndex: 1 });
    const copied = await editor.call<Answer>("/activity/copy", { id: a.id });
    expect(copied.message.code).toBe("SUCCESS");
    const copy = await activityRow(t.db, copied.id);
    expect(copy).toMatchObject({ state: PREVIEW, nameZh: `${a.nameZh}（副本）`, nameEn: `${a.nameEn} (copy)`, moduleId: a.moduleId, teamId: null, isMain: false, cap: 9, used: 0, price: 500, contentZh: "<p>详情</p>", calUserCount: true, version: 0 });
    const info = await editInfo(editor, copied.id);
    expect(info).toMatchObject({ team: null, relationships: [], queryStock: null, queries: [], activityReasons: [] });
    expect(info.properties.map((p: any) => p.property.id)).toEqual([gender!.id]);
    expect((await member.call<Answer>("/activity/copy", { id: a.id })).message.code).toBe("ERROR_NOT_POWER");
  });
});

describe("caps", () => {
  test("a cap below the places taken is refused with the count; the team's too", async () => {
    const team = await makeTeam(t.db, (await makeModule(t.db)).id, { cap: 10 });
    const a = await makeActivity(t.db, { moduleId: team.moduleId, teamId: team.id, cap: 5 });
    const crowd = await makeMembers(t.db, 3);
    for (const m of crowd) expect((await sign(await t.as(m.account), a.id)).message.code).toBe("SUCCESS");
    expect((await saveBasics(editor, a.id, { formStock: 2 })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "formStock", reason: "used", used: 3 } });
    expect((await saveBasics(editor, a.id, { formStock: 3 })).message.code).toBe("SUCCESS");
    const info = await editInfo(editor, a.id);
    const teamPart = { id: team.id, nameZh: team.nameZh, nameEn: team.nameEn, index: 0, showStock: null, signOnly: false, beforeCheckTag: false };
    const low = await editor.call<Answer>("/activity/update", { activity: activityPart(info.activity), team: { ...teamPart, formStock: 2 } });
    expect(low.message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "team.formStock", reason: "used", used: 3 } });
    expect((await editor.call<Answer>("/activity/update", { activity: activityPart(info.activity), team: { ...teamPart, formStock: 3 } })).message.code).toBe("SUCCESS");
    expect((await activityRow(t.db, a.id)).used).toBe(3);
  });

  test("raising a cap bumps the version: an instance that remembered it sold out takes sign-ups again", async () => {
    const a = await makeActivity(t.db, { cap: 1 });
    const [x, y] = await makeMembers(t.db, 2);
    expect((await sign(await t.as(x!.account), a.id)).message.code).toBe("SUCCESS");
    // Another instance learns it is full and remembers.
    const other = createApp(t.deps);
    const elsewhere = t.clientOf((request) => other.handle(request));
    expect((await t.signIn(elsewhere, y!.account)).message.code).toBe("SUCCESS");
    expect((await sign(elsewhere, a.id)).message.code).toBe("ERROR_SIGN_FULL");
    const version = (await activityRow(t.db, a.id)).version;
    // Lowering or keeping the cap does not bump it; raising does.
    expect((await saveBasics(editor, a.id, { formStock: 1 })).message.code).toBe("SUCCESS");
    expect((await activityRow(t.db, a.id)).version).toBe(version);
    expect((await saveBasics(editor, a.id, { formStock: 2 })).message.code).toBe("SUCCESS");
    expect((await activityRow(t.db, a.id)).version).toBe(version + 1);
    expect((await sign(elsewhere, a.id)).message.code).toBe("SUCCESS");
    expect((await activityRow(t.db, a.id)).used).toBe(2);
  });

  test("a sign-up checked before the publish is refused, never written as a preview order on a published activity", async () => {
    const a = await makeActivity(t.db, { state: PREVIEW });
    // The publish waits behind the sign-up in the activity's queue on this instance: it comes from another.
    const other = createApp(t.deps);
    const elsewhere = t.clientOf((request) => other.handle(request));
    expect((await t.signIn(elsewhere, "cn000002")).message.code).toBe("SUCCESS");
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reached!: () => void;
    const there = new Promise<void>((resolve) => (reached = resolve));
    t.hooks.beforeTake = async () => {
      t.hooks.beforeTake = undefined;
      reached();
      await held;
    };
    try {
      const pending = sign(editor, a.id);
      await there;
      const publishing = setState(a.id, NORMAL, elsewhere);
      if (!process.env.TEST_DATABASE_URL) {
        // PGlite runs one transaction at a time: the publish waits for the sign-up, which sees a preview activity.
        release();
        expect((await pending).state.id).toBe(ORDER_STATE.ORDER_STATE_PREVIEW);
        expect((await publishing).deleted).toBe(1);
      } else {
        expect((await publishing).message.code).toBe("SUCCESS");
        release();
        expect((await pending).message).toMatchObject({ code: "ERROR_SIGN_PARAMS", params: { field: "state" } });
      }
      expect(await liveItems(a.id)).toHaveLength(0);
      expect((await activityRow(t.db, a.id)).used).toBe(0);
    } finally {
      t.hooks.beforeTake = undefined;
      release();
    }
  });
});

describe("the save racing a burst of sign-ups", () => {
  test("never oversold, never a lost order, the cap raised mid-burst counted", async () => {
    const a = await makeActivity(t.db, { cap: 10 });
    const crowd = await makeMembers(t.db, 30, "burst");
    const clients = await Promise.all(crowd.map((m) => t.as(m.account)));
    // Two instances: sign-ups on both, the editor's saves on the first.
    const other = createApp(t.deps);
    const elsewhere = await Promise.all(
      crowd.slice(15).map(async (m) => {
        const c = t.clientOf((request) => other.handle(request));
        expect((await t.signIn(c, m.account)).message.code).toBe("SUCCESS");
        return c;
      }),
    );
    const signers = [...clients.slice(0, 15), ...elsewhere];
    const info = await editInfo(editor, a.id);
    const save = (formStock: number) => editor.call<Answer>("/activity/update", { activity: { ...activityPart(info.activity), formStock } });
    const [answers, saves] = await Promise.all([
      Promise.all(signers.map((c) => sign(c, a.id))),
      Promise.all([save(20), save(25), save(22)]),
    ]);
    const successes = answers.filter((x) => x.message.code === "SUCCESS");
    expect(answers.every((x) => ["SUCCESS", "ERROR_SIGN_FULL", "ERROR_BUSY"].includes(x.message.code))).toBe(true);
    // A save may be refused only because places already passed its cap: never a constraint error.
    for (const s of saves) expect(["SUCCESS", "ERROR_PARAMS"]).toContain(s.message.code);
    const row = await activityRow(t.db, a.id);
    const live = await liveItems(a.id);
    expect(live).toHaveLength(successes.length);
    expect(row.used).toBe(live.length);
    expect(row.cap === null || row.used <= row.cap).toBe(true);
    // Every answered success has its order.
    const orderIds = new Set((await t.db.select({ id: orders.id }).from(orders)).map((o) => o.id));
    for (const s of successes) expect(orderIds.has(s.order)).toBe(true);
  }, 120_000);
});

describe("staff reads stay staff's", () => {
  test("/activity/team is refused to members and operators", async () => {
    const team = await makeTeam(t.db, (await makeModule(t.db)).id);
    expect((await member.call<Answer>("/activity/team", { id: team.id })).message.code).toBe("ERROR_NOT_POWER");
    expect((await operator.call<Answer>("/activity/team", { id: team.id })).message.code).toBe("ERROR_NOT_POWER");
    expect((await editor.call<Answer>("/activity/team", { id: 999_999 })).message.code).toBe("ERROR_RESULT_NULL");
    expect(await t.db.select().from(relationshipRules).where(eq(relationshipRules.activityId, 0))).toHaveLength(0);
    expect((await t.db.select().from(activities).where(eq(activities.id, 0))).length).toBe(0);
  });
});
