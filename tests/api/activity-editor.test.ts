// The activity editor's read and whole save (spec 3 sections 2.2, 3, 5
// "Activity save", 6, 7 "Activity"): every field, the toggling effects as
// the server's own rules, every validation message's field, the staff-only
// read, property rows and conditions, the questionnaire binding, and who
// may call what.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { activities, activityProperties, conditions, operationLog, properties, questionnaireItems, questionnaires, relations } from "../../src/db/schema";
import { ACTIVITY_STATE, COMPARE_MODE, CONDITION_TYPE, PROPERTY_PURPOSE, QUIZ_DISPLAY } from "../../src/protocol/enumerations";
import { activityFields } from "../../src/domains/activity/projection";
import type { ApiClient } from "../../src/protocol/client";
import { activityRow, makeActivity, makeModule, makeQuiz, makeRule } from "../helpers/activities";
import { activityPart, type Answer, editInfo, saveBasics, wholePayload } from "../helpers/activity-editor";
import { startTestApp, type TestApp } from "../helpers/app";
import { START } from "../helpers/clock";

let t: TestApp;
let editor: ApiClient;
let member: ApiClient;
let operator: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  [editor, member, operator] = await Promise.all([t.as("cn000002"), t.as("cn100001"), t.as("cn000003")]);
}, 60_000);
afterAll(() => t.close());

const preview = (over: Parameters<typeof makeActivity>[1] = {}) => makeActivity(t.db, { state: ACTIVITY_STATE.ACTIVITY_STATE_PREVIEW, ...over });
const update = (payload: unknown, who: ApiClient = editor) => who.call<Answer>("/activity/update", payload);
const refused = async (payload: unknown) => {
  const answer = await update(payload);
  expect(answer.message.code).toBe("ERROR_PARAMS");
  return answer.message.params!;
};
const propertyId = async (titleEn: string) => (await t.db.select().from(properties).where(eq(properties.titleEn, titleEn)))[0]!.id;

describe("/activity/edit/info", () => {
  test("the editor reads every field, the rules with gifts, the questionnaire with its answers and every property row", async () => {
    const a = await preview({ price: 1000, integral: 500, deduction: 300, familyNotice: true, hasTicket: true, contentZh: "<p>详情<script>x()</script></p>" });
    const { giftIds } = await makeRule(t.db, a.id, {}, [5]);
    await makeQuiz(t.db, a.id, [{ options: [{ value: "A" }, { value: "B" }], score: 5, answer: "A", weight: 40 }], { isScoring: true, passLine: 5 });
    await t.db.insert(activityProperties).values([
      { activityId: a.id, propertyId: await propertyId("Ethnic group"), sortIndex: 1 },
      { activityId: a.id, propertyId: await propertyId("Passport number"), sortIndex: 2 },
    ]);
    await t.db.insert(conditions).values({ activityId: a.id, type: CONDITION_TYPE.CONDITION_TYPE_SIGN, propertyId: await propertyId("Gender"), compareMode: COMPARE_MODE.COMPARE_IN, value: "0" });
    const info = await editInfo(editor, a.id);
    expect(info.activity).toMatchObject({ id: a.id, price: 1000, integral: 500, deduction: 300, familyNotice: true, hasTicket: true, formStock: null, form: 0, locked: false, state: { id: ACTIVITY_STATE.ACTIVITY_STATE_PREVIEW } });
    expect(info.activity.contentZh).toBe("<p>详情</p>");
    expect(info.relationships[0].gifts.map((g: any) => g.id)).toEqual(giftIds);
    expect(info.queries[0]).toMatchObject({ score: 5, answer: "A", weight: 40 });
    // A choice's options come with it, for the answer key to be picked from them.
    expect(info.queries[0].query.options.map((o: any) => o.value)).toEqual(["A", "B"]);
    expect(info.queryStock).toMatchObject({ isScoring: true, passLine: 5, stock: { name: expect.any(String) } });
    // The Chinese-only and foreigner-only rows both, whoever reads.
    expect(info.properties.map((p: any) => p.property.titleEn)).toEqual(["Ethnic group", "Passport number"]);
    expect(info.activityReasons).toHaveLength(1);
  });

  test("the member's page and the editor's read show the activity's own fields alike: one projection, a new column added once", async () => {
    const a = await makeActivity(t.db, { price: 1200, hasTicket: true, placeZh: "礼堂", placeEn: "Hall", eventStart: new Date(START.getTime() + 86_400_000), contentEn: "<p>Come</p>" });
    const staff = (await editInfo(editor, a.id)).activity;
    const page = (await member.call<Answer>("/activity/info", { id: a.id })).activity;
    const shared = Object.keys(activityFields((await t.db.select().from(activities).where(eq(activities.id, a.id)))[0]!));
    expect(shared.length).toBeGreaterThan(35);
    for (const key of shared) expect({ key, value: page[key] }).toEqual({ key, value: staff[key] });
    expect(page).toMatchObject({ placeEn: "Hall", price: 1200, contentEn: "<p>Come</p>" });
  });

  test("a member and an operator are refused; the member's own read carries no answers and no conditions", async () => {
    const a = await makeActivity(t.db);
    await makeQuiz(t.db, a.id, [{ options: [{ value: "A" }], score: 5, answer: "A" }]);
    await t.db.insert(conditions).values({ activityId: a.id, type: CONDITION_TYPE.CONDITION_TYPE_SHOW, propertyId: await propertyId("Gender"), compareMode: COMPARE_MODE.COMPARE_NOT_EMPTY, value: "x" });
    for (const who of [member, operator]) expect((await who.call<Answer>("/activity/edit/info", { id: a.id })).message.code).toBe("ERROR_NOT_POWER");
    const seen = JSON.stringify(await member.call("/activity/info", { id: a.id }));
    expect(seen).not.toContain('"answer"');
    expect(seen).not.toContain("Reasons");
    expect(seen).not.toContain('"reasons"');
  });
});

describe("/activity/update: basic info", () => {
  test("every field is saved, texts trimmed and escaped, rich text cleaned, and the save is audited", async () => {
    const a = await preview();
    const info = await editInfo(editor, a.id);
    const answer = await update({
      activity: {
        ...activityPart(info.activity),
        nameZh: "  <b>秋游</b> ",
        nameEn: "Autumn trip",
        signStart: "2026-03-01T00:00:00.000Z",
        signEnd: "2026-03-10T00:00:00.000Z",
        showStart: null,
        showEnd: "2026-04-01T00:00:00.000Z",
        videoId: " v1 ",
        displayStock: "30",
        formStock: 25,
        price: 1500,
        integral: 200,
        deduction: 500,
        mustIntegral: false,
        hasAddress: true,
        allowUpdateAddress: true,
        hasExpress: true,
        hasTicket: true,
        allowCancel: true,
        allowCancelDate: "2026-03-05T00:00:00.000Z",
        formCount: "2",
        familyNotice: true,
        contentZh: '<p onclick="x()">你好<img src="javascript:alert(1)"></p>',
        contentEn: "<p>Hello</p>",
      },
    });
    expect(answer.message.code).toBe("SUCCESS");
    const row = await activityRow(t.db, a.id);
    expect(row).toMatchObject({ nameZh: "&lt;b&gt;秋游&lt;/b&gt;", videoId: "v1", displayStock: 30, cap: 25, price: 1500, integral: 200, deduction: 500, hasAddress: true, allowUpdateAddress: true, hasExpress: true, hasTicket: true, allowCancel: true, formCount: 2, familyNotice: true, used: 0 });
    expect(row.contentZh).toBe("<p>你好<img></p>");
    expect(row.allowCancelDate?.toISOString()).toBe("2026-03-05T00:00:00.000Z");
    const [log] = await t.db.select().from(operationLog).where(and(eq(operationLog.action, "activity.update"), eq(operationLog.targetId, String(a.id))));
    expect(log).toBeDefined();
  });

  test("the toggling effects hold on the server whatever is sent", async () => {
    const a = await preview();
    // No points: no deduction, no must-use-points. No relationships: the member counts. No tag groups: not the default. No address: no address update, no express.
    await saveBasics(editor, a.id, { price: 1000, integral: 0, deduction: 300, mustIntegral: true, calUserCount: false, isMain: true, hasAddress: false, allowUpdateAddress: true, hasExpress: true, allowCancel: false, allowCancelDate: "2026-03-05T00:00:00Z" });
    expect(await activityRow(t.db, a.id)).toMatchObject({ deduction: 0, mustIntegral: false, calUserCount: true, isMain: false, allowUpdateAddress: false, hasExpress: false, allowCancelDate: null });
    // No price: no deduction either; points alone allow must-use-points.
    await saveBasics(editor, a.id, { price: 0, integral: 100, deduction: 50, mustIntegral: true });
    expect(await activityRow(t.db, a.id)).toMatchObject({ deduction: 0, mustIntegral: true });
    // With relationships, the member may be left out of the count.
    await makeRule(t.db, a.id);
    await saveBasics(editor, a.id, { calUserCount: false });
    expect((await activityRow(t.db, a.id)).calUserCount).toBe(false);
  });

  test("periodic: values rounded and made absolute; unticked, the defaults 1/0/1 come back", async () => {
    const a = await preview();
    expect((await saveBasics(editor, a.id, { hasCycle: true, cycleDate: "7.4", cycleStart: -9.6, cycleCount: "-3" })).message.code).toBe("SUCCESS");
    expect(await activityRow(t.db, a.id)).toMatchObject({ hasCycle: true, cycleDate: 7, cycleStart: 10, cycleCount: 3 });
    await saveBasics(editor, a.id, { hasCycle: false, cycleDate: 30, cycleStart: 5, cycleCount: 9 });
    expect(await activityRow(t.db, a.id)).toMatchObject({ hasCycle: false, cycleDate: 1, cycleStart: 0, cycleCount: 1 });
  });

  test("each wrong field is named", async () => {
    const a = await preview();
    const basics = activityPart((await editInfo(editor, a.id)).activity);
    const field = async (change: Record<string, unknown>) => (await refused({ activity: { ...basics, ...change } })).field;
    expect(await field({ nameZh: "  " })).toBe("nameZh");
    expect(await field({ nameEn: "" })).toBe("nameEn");
    expect(await field({ signStart: "2026-03-10T00:00:00Z", signEnd: "2026-03-01T00:00:00Z" })).toBe("signEnd");
    expect(await field({ showStart: "not a time" })).toBe("showStart");
    expect(await field({ formStock: "abc" })).toBe("formStock");
    expect(await field({ formStock: -1 })).toBe("formStock");
    expect(await field({ displayStock: 2.5 })).toBe("displayStock");
    expect(await field({ price: -100 })).toBe("price");
    expect(await field({ price: 100, integral: 10, deduction: 200 })).toBe("deduction");
    expect(await field({ formCount: 0 })).toBe("formCount");
    expect(await field({ formCount: "" })).toBe("formCount");
    expect(await field({ hasCycle: true, cycleDate: "" })).toBe("cycleDate");
    expect(await field({ hasCycle: true, cycleDate: "x", cycleStart: 0, cycleCount: 1 })).toBe("cycleDate");
    expect(await field({ hasCycle: true, cycleDate: 0, cycleStart: 0, cycleCount: 1 })).toBe("cycleDate");
    expect(await field({ hasCycle: true, cycleDate: 1, cycleStart: 30, cycleCount: 1 })).toBe("cycleStart");
    expect(await field({ hasCycle: true, cycleDate: 1, cycleStart: 0, cycleCount: null })).toBe("cycleCount");
    expect(await field({ sort: { id: 999_999 } })).toBe("sort");
    // Nothing was written by any of them.
    expect((await activityRow(t.db, a.id)).updatedAt.getTime()).toBe(START.getTime());
  });

  test("a member and an operator may not save; an unknown activity is not found", async () => {
    const a = await preview();
    const payload = { activity: activityPart((await editInfo(editor, a.id)).activity) };
    expect((await update(payload, member)).message.code).toBe("ERROR_NOT_POWER");
    expect((await update(payload, operator)).message.code).toBe("ERROR_NOT_POWER");
    expect((await update({ activity: { ...payload.activity, id: 999_999 } })).message.code).toBe("ERROR_RESULT_NULL");
  });

  test("an offline activity cannot be saved", async () => {
    const a = await makeActivity(t.db, { state: ACTIVITY_STATE.ACTIVITY_STATE_OFFLINE });
    const payload = { activity: activityPart((await editInfo(editor, a.id)).activity) };
    expect((await update(payload)).message.code).toBe("ERROR_ACTIVITY_STATE");
  });

  test("the whole payload read back saves unchanged", async () => {
    const a = await preview({ cap: 10 });
    await makeRule(t.db, a.id, {}, [3]);
    await makeQuiz(t.db, a.id, [{ options: [{ value: "A" }], score: 2, answer: "A", weight: 70 }]);
    const before = await editInfo(editor, a.id);
    expect((await update(wholePayload(before))).message).toMatchObject({ code: "SUCCESS" });
    const after = await editInfo(editor, a.id);
    expect({ ...after.activity, version: 0 }).toEqual({ ...before.activity, version: 0 });
    expect(after.relationships).toEqual(before.relationships);
    // Questions are numbered from 1 in the order kept.
    expect(after.queries.map(({ index: _, ...q }: any) => q)).toEqual(before.queries.map(({ index: _, ...q }: any) => q));
  });
});

describe("/activity/update: property rows and conditions", () => {
  test("rows are saved in order; a fixed-purpose property is read-only and required whatever is sent", async () => {
    const a = await preview();
    await makeQuiz(t.db, a.id, []);
    const basics = activityPart((await editInfo(editor, a.id)).activity);
    const [name] = await t.db.select().from(properties).where(eq(properties.purpose, PROPERTY_PURPOSE.PROPERTY_PURPOSE_NAME));
    const department = await propertyId("Department");
    const answer = await update({ activity: basics, properties: [{ property: { id: department }, isReadonly: false, isMust: false }, { property: { id: name!.id }, isReadonly: false, isMust: false }] });
    expect(answer.message.code).toBe("SUCCESS");
    const rows = await t.db.select().from(activityProperties).where(eq(activityProperties.activityId, a.id)).orderBy(activityProperties.sortIndex);
    expect(rows.map((r) => [r.propertyId, r.isReadonly, r.isMust])).toEqual([
      [department, false, false],
      [name!.id, true, true],
    ]);
    expect(await refused({ activity: basics, properties: [{ property: { id: 999_999 }, isReadonly: false, isMust: false }] })).toMatchObject({ field: "properties", index: 0, part: "property" });
    expect(await refused({ activity: basics, properties: [{ property: { id: department }, isReadonly: false, isMust: false }, { property: { id: department }, isReadonly: true, isMust: false }] })).toMatchObject({ field: "properties", index: 1, part: "twice" });
  });

  test("activity and team conditions: all four parts required, each named; saved exactly as sent", async () => {
    const m = await makeModule(t.db);
    const a = await preview({ moduleId: m.id });
    const basics = activityPart((await editInfo(editor, a.id)).activity);
    const gender = await propertyId("Gender");
    const good = { type: { id: CONDITION_TYPE.CONDITION_TYPE_SHOW }, property: { id: gender }, compareMode: { id: COMPARE_MODE.COMPARE_IN }, value: "0|1" };
    expect(await refused({ activity: basics, activityReasons: [{ ...good, property: { id: 0 } }] })).toMatchObject({ field: "activityReasons", index: 0, part: "property" });
    expect(await refused({ activity: basics, activityReasons: [{ ...good, type: { id: 0 } }] })).toMatchObject({ part: "type" });
    expect(await refused({ activity: basics, activityReasons: [{ ...good, compareMode: { id: 0 } }] })).toMatchObject({ part: "compareMode" });
    expect(await refused({ activity: basics, activityReasons: [{ ...good, value: "  " }] })).toMatchObject({ part: "value" });
    // Team conditions need a team.
    expect(await refused({ activity: basics, teamReasons: [good] })).toMatchObject({ field: "teamReasons", part: "team" });
    const team = { nameZh: "条件团队", nameEn: "Condition team", index: 1, showStock: null, formStock: null, signOnly: false, beforeCheckTag: false };
    expect(await refused({ activity: basics, team, teamReasons: [{ ...good, value: "" }] })).toMatchObject({ field: "teamReasons", index: 0, part: "value" });
    const answer = await update({ activity: basics, team, activityReasons: [good], teamReasons: [{ ...good, type: { id: CONDITION_TYPE.CONDITION_TYPE_SIGN } }] });
    expect(answer.message.code).toBe("SUCCESS");
    const info = await editInfo(editor, a.id);
    expect(info.activityReasons).toMatchObject([{ value: "0|1", type: { id: CONDITION_TYPE.CONDITION_TYPE_SHOW } }]);
    expect(info.teamReasons).toMatchObject([{ value: "0|1", type: { id: CONDITION_TYPE.CONDITION_TYPE_SIGN } }]);
    // Empty lists clear them.
    await update({ activity: basics, activityReasons: [], teamReasons: [] });
    expect(await t.db.select().from(conditions).where(eq(conditions.activityId, a.id))).toHaveLength(0);
  });
});

describe("/activity/update: what the spec leaves optional or empty (spec 3 sections 3 and 5)", () => {
  test("a rule without age bounds, no team with groups: [], a save without familyNotice; the entities' own module and index are taken and ignored", async () => {
    const m = await makeModule(t.db);
    const a = await preview({ moduleId: m.id, familyNotice: true });
    const { familyNotice: _, ...basics } = activityPart((await editInfo(editor, a.id)).activity);
    const [child] = await t.db.select().from(relations).where(eq(relations.nameEn, "Child"));
    const rule = { relationship: { id: child!.id }, gender: -1, allowMin: 1, allowMax: 2, calCount: false, gifts: [] };
    const answer = await update({ activity: basics, team: null, groups: [], teamReasons: [], relationships: [rule] });
    expect(answer.message.code).toBe("SUCCESS");
    const info = await editInfo(editor, a.id);
    expect(info.activity.familyNotice).toBe(true);
    expect(info.relationships).toMatchObject([{ ageFamilyMin: null, ageFamilyMax: null, allowMin: 1, allowMax: 2 }]);
    // A team as read back, with its module, and tag groups and tags with their places: the server numbers them itself.
    const team = { nameZh: "索引团队", nameEn: "Indexed team", index: 1, module: { id: m.id, name: "x" }, showStock: null, formStock: null, signOnly: false, beforeCheckTag: false };
    const groups = [{ nameZh: "路线", nameEn: "Route", index: 7, tags: [{ nameZh: "湖边", nameEn: "Lakeside", index: 9, activities: [{ id: a.id }] }] }];
    expect((await update({ activity: basics, team, groups })).message.code).toBe("SUCCESS");
    const read = await editInfo(editor, a.id);
    expect(read.team.groups).toMatchObject([{ nameEn: "Route", index: 1, tags: [{ nameEn: "Lakeside", index: 1 }] }]);
  });

  test("a gift without an image or a stock", async () => {
    const answer = await editor.call<Answer>("/gift/save", { gift: { nameZh: "保温杯", nameEn: "Flask" } });
    expect(answer.message.code).toBe("SUCCESS");
    expect(answer.gift).toMatchObject({ nameEn: "Flask", stock: null, face: null });
  });
});

describe("/activity/update: the spec's rules, each refusal naming its field", () => {
  test("sign-up properties need a question bank while the binding can change (spec 3 section 5)", async () => {
    const a = await preview();
    const basics = activityPart((await editInfo(editor, a.id)).activity);
    const rows = [{ property: { id: await propertyId("Department") }, isReadonly: false, isMust: false }];
    expect(await refused({ activity: basics, properties: rows })).toMatchObject({ field: "queryStock", part: "bank" });
    expect(await refused({ activity: basics, queryStock: null, properties: rows })).toMatchObject({ field: "queryStock", part: "bank" });
    expect(await t.db.select().from(activityProperties).where(eq(activityProperties.activityId, a.id))).toHaveLength(0);
    await makeQuiz(t.db, a.id, []);
    expect((await update({ activity: basics, properties: rows })).message.code).toBe("SUCCESS");
    // Unbinding the bank while the properties stay is refused too.
    expect(await refused({ activity: basics, queryStock: null })).toMatchObject({ field: "queryStock", part: "bank" });
    expect((await update({ activity: basics, queryStock: null, properties: [] })).message.code).toBe("SUCCESS");
  });

  test("a gift not chosen, a condition without property, type or compare mode: the spec's message's place, not a schema fault", async () => {
    const a = await preview();
    const basics = activityPart((await editInfo(editor, a.id)).activity);
    const rule = { relationship: { id: -1 }, gender: -1, allowMin: 1, allowMax: 1, calCount: false, gifts: [{ id: null }] };
    // "请先选择礼品"
    expect(await refused({ activity: basics, relationships: [rule] })).toEqual({ field: "relationships", index: 0, part: "noGift" });
    const good = { type: { id: CONDITION_TYPE.CONDITION_TYPE_SHOW }, property: { id: await propertyId("Gender") }, compareMode: { id: COMPARE_MODE.COMPARE_IN }, value: "0" };
    // "请选择属性", "请选择类型", "请选择判断方式", "请填写判断的值"
    const { property: _p, ...noProperty } = good;
    expect(await refused({ activity: basics, activityReasons: [good, noProperty] })).toEqual({ field: "activityReasons", index: 1, part: "property" });
    expect(await refused({ activity: basics, activityReasons: [{ ...good, type: null }] })).toEqual({ field: "activityReasons", index: 0, part: "type" });
    expect(await refused({ activity: basics, activityReasons: [{ ...good, compareMode: { id: null } }] })).toEqual({ field: "activityReasons", index: 0, part: "compareMode" });
    const { value: _v, ...noValue } = good;
    expect(await refused({ activity: basics, activityReasons: [noValue] })).toEqual({ field: "activityReasons", index: 0, part: "value" });
  });
});

describe("/activity/update: questionnaire binding", () => {
  async function bank() {
    const holder = await preview();
    const made = await makeQuiz(t.db, holder.id, [{ options: [{ value: "A" }, { value: "B" }] }, { options: [{ value: "X" }] }, { options: [{ value: "Y" }] }]);
    const [row] = await t.db.select().from(questionnaires).where(eq(questionnaires.activityId, holder.id));
    return { bankId: row!.bankId, questionIds: made.map((q) => q.id) };
  }
  const settings = (bankId: number, over: Record<string, unknown> = {}) => ({
    stock: { id: bankId },
    type: { id: QUIZ_DISPLAY.QUIZ_DISPLAY_FRAME },
    isTiming: true,
    isRandom: false,
    count: 0,
    isScoring: false,
    passLine: 0,
    showIndex: true,
    showAnswer: false,
    ...over,
  });

  test("binding a bank takes all its questions; then scores, answers, weights and the random count are saved", async () => {
    const { bankId, questionIds } = await bank();
    const a = await preview();
    const basics = activityPart((await editInfo(editor, a.id)).activity);
    expect((await update({ activity: basics, queryStock: settings(bankId) })).message.code).toBe("SUCCESS");
    expect((await t.db.select().from(questionnaireItems).where(eq(questionnaireItems.activityId, a.id))).map((i) => i.questionId)).toEqual(questionIds);
    const queries = [
      { query: { id: questionIds[1] }, weight: "60", score: 3, answer: " X , ,Y " },
      { query: { id: questionIds[0] }, weight: 100, score: "", answer: "" },
    ];
    expect((await update({ activity: basics, queryStock: settings(bankId, { isRandom: true, count: 1, isScoring: true, passLine: "3", showAnswer: true }), queries })).message.code).toBe("SUCCESS");
    const info = await editInfo(editor, a.id);
    expect(info.queries.map((q: any) => [q.query.id, q.weight, q.score, q.answer])).toEqual([
      [questionIds[1], 60, 3, "X,Y"],
      [questionIds[0], 100, 0, ""],
    ]);
    expect(info.queryStock).toMatchObject({ isRandom: true, count: 1, isScoring: true, passLine: 3, showAnswer: true, isTiming: true });
    // Unbinding removes the questionnaire.
    expect((await update({ activity: basics, queryStock: null })).message.code).toBe("SUCCESS");
    expect(await t.db.select().from(questionnaires).where(eq(questionnaires.activityId, a.id))).toHaveLength(0);
  });

  test("each wrong part of the binding is named", async () => {
    const { bankId, questionIds } = await bank();
    const other = await bank();
    const a = await preview();
    const basics = activityPart((await editInfo(editor, a.id)).activity);
    const q = (over: Record<string, unknown> = {}) => ({ query: { id: questionIds[0] }, weight: 100, score: 0, answer: "", ...over });
    // "请选择题库显示方式"
    expect(await refused({ activity: basics, queryStock: settings(bankId, { type: null }) })).toMatchObject({ field: "queryStock", part: "type" });
    expect(await refused({ activity: basics, queryStock: settings(999_999) })).toMatchObject({ field: "queryStock", part: "stock" });
    expect(await refused({ activity: basics, queryStock: { ...settings(bankId), stock: null }, queries: [q()] })).toMatchObject({ field: "queryStock", part: "stock" });
    expect(await refused({ activity: basics, queries: [q()] })).toMatchObject({ field: "queryStock", part: "stock" });
    expect(await refused({ activity: basics, queryStock: settings(bankId), queries: [q({ query: { id: other.questionIds[0] } })] })).toMatchObject({ field: "queries", index: 0, part: "query" });
    expect(await refused({ activity: basics, queryStock: settings(bankId), queries: [q(), q()] })).toMatchObject({ field: "queries", index: 1, part: "twice" });
    expect(await refused({ activity: basics, queryStock: settings(bankId), queries: [q({ weight: 101 })] })).toMatchObject({ part: "weight" });
    expect(await refused({ activity: basics, queryStock: settings(bankId), queries: [q({ weight: -1 })] })).toMatchObject({ part: "weight" });
    expect(await refused({ activity: basics, queryStock: settings(bankId), queries: [q({ score: "x" })] })).toMatchObject({ part: "score" });
    expect(await refused({ activity: basics, queryStock: settings(bankId, { isRandom: true, count: 0 }), queries: [q()] })).toMatchObject({ part: "count" });
    expect(await refused({ activity: basics, queryStock: settings(bankId, { isRandom: true, count: 2 }), queries: [q()] })).toMatchObject({ part: "count" });
    expect(await refused({ activity: basics, queryStock: settings(bankId, { isScoring: true, passLine: -2 }), queries: [q()] })).toMatchObject({ part: "passLine" });
  });
});

describe("the relations the editor offers", () => {
  test("/activity/options answers the relations, properties, categories and teams of the module", async () => {
    const a = await preview();
    const answer = await editor.call<Answer>("/activity/options", { id: a.id });
    expect(answer.message.code).toBe("SUCCESS");
    const relationRows = await t.db.select().from(relations);
    expect(answer.relations).toHaveLength(relationRows.length);
    expect(answer.properties.length).toBeGreaterThan(5);
    expect(answer.module.id).toBe(a.moduleId);
    expect((await member.call<Answer>("/activity/options", { id: a.id })).message.code).toBe("ERROR_NOT_POWER");
    expect((await editor.call<Answer>("/activity/options", { id: 999_999 })).message.code).toBe("ERROR_RESULT_NULL");
  });

  test("the row of an activity is its own: `used` never moves with a save", async () => {
    const a = await preview({ cap: 5, used: 2 });
    await saveBasics(editor, a.id, { formStock: 4 });
    expect((await t.db.select({ used: activities.used }).from(activities).where(eq(activities.id, a.id)))[0]!.used).toBe(2);
  });
});
