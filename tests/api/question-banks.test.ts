// The question bank manager (spec 3 sections 2.2, 3, 5, 7 "Question banks"
// and 8 "Bank and question"): banks searched, named uniquely, deleted only
// when unused and empty, cleared only off published activities; questions
// with their options, parents and show conditions, every field checked; and
// a question hidden by its show condition is not required at sign-up.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { activities, operationLog, questionBanks, questionOptions, questionnaireItems, questionnaires, questions } from "../../src/db/schema";
import { ACTIVITY_STATE, PROPERTY_TYPE, QUIZ_DISPLAY } from "../../src/protocol/enumerations";
import type { ApiClient } from "../../src/protocol/client";
import { makeActivity } from "../helpers/activities";
import { startTestApp, type TestApp } from "../helpers/app";
import { TINY_PNG } from "../helpers/routes";

type Answer = Record<string, any>;
let t: TestApp;
let editor: ApiClient;
let image: string;

beforeAll(async () => {
  t = await startTestApp();
  editor = await t.as("cn000002");
  image = (await editor.upload<{ path: string }>("/file/upload/image", new Blob([TINY_PNG], { type: "image/png" }), "q.png")).path!;
}, 60_000);
afterAll(() => t.close());

const { PROPERTY_TYPE_SELECT: SELECT, PROPERTY_TYPE_RADIO: RADIO, PROPERTY_TYPE_CHECKBOX: CHECKBOX, PROPERTY_TYPE_INPUT: INPUT } = PROPERTY_TYPE;
let serial = 0;
const unique = (name: string) => `${name} ${++serial}-${Math.random().toString(36).slice(2, 6)}`;

const newBank = async (name = unique("题库")) => {
  const answer = await editor.call<Answer>("/activity/stock/update", { stock: { name } });
  expect(answer.message.code).toBe("SUCCESS");
  return answer.stock as { id: number; name: string; count: number; used: boolean };
};

const option = (value: string, over: Record<string, unknown> = {}) => ({ textZh: `选项${value}`, textEn: `Option ${value}`, value, ...over });
const draft = (bank: number, over: Record<string, unknown> = {}) => ({
  stock: { id: bank },
  type: { id: SELECT },
  titleZh: "你喜欢哪个季节？",
  titleEn: "Which season do you like?",
  options: [option("spring"), option("autumn")],
  ...over,
});
const saveQuestion = (query: Record<string, unknown>, who: ApiClient = editor) => who.call<Answer>("/activity/stock/query/update", { query });
const saved = async (query: Record<string, unknown>) => {
  const answer = await saveQuestion(query);
  expect(answer.message).toMatchObject({ code: "SUCCESS" });
  return answer.query as Answer;
};
const refused = async (query: Record<string, unknown>) => {
  const answer = await saveQuestion(query);
  expect(answer.message.code).toBe("ERROR_PARAMS");
  return answer.message.params as Answer;
};
/** Binds the bank to a new activity asking the given questions (the activity editor's binding is another window's). */
const bind = async (bank: number, questionIds: number[], state: number = ACTIVITY_STATE.ACTIVITY_STATE_PREVIEW) => {
  const a = await makeActivity(t.db, { state });
  await t.db.insert(questionnaires).values({ activityId: a.id, bankId: bank, display: QUIZ_DISPLAY.QUIZ_DISPLAY_ALONG });
  if (questionIds.length) await t.db.insert(questionnaireItems).values(questionIds.map((questionId, i) => ({ activityId: a.id, questionId, sortIndex: i })));
  return a;
};

describe("who may manage banks", () => {
  test("a member and the operator are refused every call; the editor holds FUNCTION_QUERY_EDIT", async () => {
    const bank = await newBank();
    const q = await saved(draft(bank.id));
    const calls: [string, Record<string, unknown>][] = [
      ["/activity/stock/list", { name: "", index: 1 }],
      ["/activity/stock/like", { name: "" }],
      ["/activity/stock/update", { stock: { name: unique("x") } }],
      ["/activity/stock/delete", { stock: bank.id }],
      ["/activity/stock/clear", { id: bank.id }],
      ["/activity/stock/queries", { id: bank.id }],
      ["/activity/stock/query", { id: q.id }],
      ["/activity/stock/query/update", { query: draft(bank.id) }],
      ["/activity/stock/query/parents", { stock: bank.id }],
      ["/activity/stock/query/delete", { query: q.id }],
    ];
    for (const account of ["cn100001", "cn000003"]) {
      const who = await t.as(account);
      for (const [path, payload] of calls) expect({ path, code: (await who.call(path, payload)).message.code }).toEqual({ path, code: "ERROR_NOT_POWER" });
    }
    expect((await t.db.select().from(questions).where(eq(questions.bankId, bank.id))).length).toBe(1);
    for (const [path, payload] of calls.slice(0, 3)) expect((await editor.call(path, payload)).message.code).toBe("SUCCESS");
  });
});

describe("/activity/stock/update, list, like and delete", () => {
  test("a bank is created with its name trimmed and escaped, renamed, and each write leaves an operation-log row", async () => {
    const name = unique("  <b>安全</b> ");
    const bank = await newBank(name);
    expect(bank).toMatchObject({ name: name.trim().replace("<b>", "&lt;b&gt;").replace("</b>", "&lt;/b&gt;"), count: 0, used: false });
    const renamed = await editor.call<Answer>("/activity/stock/update", { stock: { id: bank.id, name: "Renamed bank" + serial } });
    expect(renamed.stock).toMatchObject({ id: bank.id, name: "Renamed bank" + serial });
    // Keeping its own name is no clash.
    expect((await editor.call("/activity/stock/update", { stock: { id: bank.id, name: "Renamed bank" + serial } })).message.code).toBe("SUCCESS");
    const logs = await t.db.select().from(operationLog).where(and(eq(operationLog.action, "bank.update"), eq(operationLog.targetId, String(bank.id))));
    expect(logs.map((l) => l.detail).sort()).toEqual(["create", "rename", "rename"]);
  });

  test("the name is required, at most 50 characters, and unique whatever its case (ERROR_RENAME)", async () => {
    const name = unique("Safety");
    await newBank(name);
    for (const bad of ["", "   ", "长".repeat(51)]) expect((await editor.call("/activity/stock/update", { stock: { name: bad } })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "name" } });
    expect((await editor.call("/activity/stock/update", { stock: { name: ` ${name.toUpperCase()} ` } })).message).toMatchObject({ code: "ERROR_RENAME", params: { field: "name" } });
    const other = await newBank();
    expect((await editor.call("/activity/stock/update", { stock: { id: other.id, name } })).message.code).toBe("ERROR_RENAME");
    expect((await editor.call("/activity/stock/update", { stock: { id: 999_999, name: unique("gone") } })).message.code).toBe("ERROR_RESULT_NULL");
  });

  test("the list searches by name (wildcards taken literally), pages by 10 and gives each bank's question count and in-use mark", async () => {
    const tag = `srch${Math.random().toString(36).slice(2, 7)}`;
    const made: Awaited<ReturnType<typeof newBank>>[] = [];
    for (let i = 0; i < 12; i++) made.push(await newBank(`${tag} ${i}`));
    await newBank(`${tag}%_ literal`);
    await saved(draft(made[0]!.id));
    await saved(draft(made[0]!.id, { options: [option("x")] }));
    await bind(made[1]!.id, []);
    const first = await editor.call<Answer>("/activity/stock/list", { name: tag, index: 1 });
    expect(first).toMatchObject({ count: 13, max: 2, index: 1 });
    expect(first.list).toHaveLength(10);
    const last = await editor.call<Answer>("/activity/stock/list", { name: tag, index: 99 });
    expect(last.index).toBe(2);
    const all = [...first.list, ...last.list] as Answer[];
    expect(all.find((b) => b.id === made[0]!.id)).toMatchObject({ count: 2, used: false });
    expect(all.find((b) => b.id === made[1]!.id)).toMatchObject({ count: 0, used: true });
    expect((await editor.call<Answer>("/activity/stock/list", { name: `${tag}%_` })).list.map((b: Answer) => b.name)).toEqual([`${tag}%_ literal`]);
    expect((await editor.call<Answer>("/activity/stock/list", { name: "no such bank anywhere" })).list).toEqual([]);
  });

  test("like answers the bank picker: id, name and question count, 20 at most", async () => {
    const tag = `like${Math.random().toString(36).slice(2, 7)}`;
    const bank = await newBank(`${tag} A`);
    await saved(draft(bank.id));
    const { list } = await editor.call<Answer>("/activity/stock/like", { name: tag });
    expect(list).toEqual([{ id: bank.id, name: `${tag} A`, count: 1 }]);
    for (let i = 0; i < 21; i++) await newBank(`${tag} ${i}`);
    expect((await editor.call<Answer>("/activity/stock/like", { name: tag })).list).toHaveLength(20);
  });

  test("delete is refused while a bank has questions or an activity binds it, and a bank already gone asks for a refresh", async () => {
    const full = await newBank();
    await saved(draft(full.id));
    expect((await editor.call("/activity/stock/delete", { stock: full.id })).message).toMatchObject({ code: "ERROR_DATA_USED", params: { reason: "questions" } });
    const bound = await newBank();
    await bind(bound.id, []);
    expect((await editor.call("/activity/stock/delete", { stock: bound.id })).message).toMatchObject({ code: "ERROR_DATA_USED", params: { reason: "used" } });
    const empty = await newBank();
    expect((await editor.call("/activity/stock/delete", { stock: empty.id })).message.code).toBe("SUCCESS");
    expect(await t.db.select().from(questionBanks).where(eq(questionBanks.id, empty.id))).toEqual([]);
    expect((await editor.call("/activity/stock/delete", { stock: empty.id })).message.code).toBe("ERROR_RESULT_NULL");
  });
});

describe("/activity/stock/clear", () => {
  test("it unbinds preview activities and deletes the questions, after which the bank can be deleted", async () => {
    const bank = await newBank();
    const parent = await saved(draft(bank.id));
    const child = await saved(draft(bank.id, { parent: { id: parent.id }, options: [option("c1", { parent: { id: parent.options[0].id } })], showReasonQuery: { id: parent.id }, showReasonValue: "spring" }));
    const a = await bind(bank.id, [parent.id, child.id]);
    const answer = await editor.call<Answer>("/activity/stock/clear", { id: bank.id });
    expect(answer).toMatchObject({ message: { code: "SUCCESS" }, activities: 1, questions: 2 });
    expect(await t.db.select().from(questionnaires).where(eq(questionnaires.activityId, a.id))).toEqual([]);
    expect(await t.db.select().from(questions).where(eq(questions.bankId, bank.id))).toEqual([]);
    expect((await editor.call("/activity/stock/delete", { stock: bank.id })).message.code).toBe("SUCCESS");
    expect((await editor.call("/activity/stock/clear", { id: bank.id })).message.code).toBe("ERROR_RESULT_NULL");
  });

  test("it never touches a published or offline activity: refused, nothing changed", async () => {
    for (const state of [ACTIVITY_STATE.ACTIVITY_STATE_NORMAL, ACTIVITY_STATE.ACTIVITY_STATE_OFFLINE]) {
      const bank = await newBank();
      const q = await saved(draft(bank.id));
      const preview = await bind(bank.id, [q.id]);
      const published = await bind(bank.id, [q.id], state);
      expect((await editor.call("/activity/stock/clear", { id: bank.id })).message).toMatchObject({ code: "ERROR_DATA_USED", params: { reason: "published", activity: published.id } });
      expect((await t.db.select().from(questionnaires).where(eq(questionnaires.bankId, bank.id))).map((r) => r.activityId).sort()).toEqual([preview.id, published.id].sort());
      expect((await t.db.select().from(questions).where(eq(questions.bankId, bank.id))).length).toBe(1);
    }
  });
});

describe("/activity/stock/query/update", () => {
  test("a select question with two options, one an image, is stored and read back by queries and query", async () => {
    const bank = await newBank();
    const q = await saved(
      draft(bank.id, {
        titleZh: "  <i>季节</i> ",
        descZh: "说明",
        descEn: "About",
        dialogZh: "请选择",
        dialogEn: "Please choose",
        isMust: false,
        isChineseOnly: true,
        image,
        options: [option("spring", { stock: 5, endDate: "2026-12-31T16:00:00.000Z" }), { textZh: "", textEn: "", value: "pic", image }],
      }),
    );
    expect(q).toMatchObject({ stock: { id: bank.id }, type: { id: SELECT }, titleZh: "&lt;i&gt;季节&lt;/i&gt;", isMust: false, isChineseOnly: true, isForeignerOnly: false, image, used: false, parent: null, showReasonQuery: null, match: null });
    expect(q.options).toMatchObject([
      { value: "spring", stock: 5, form: 0, endDate: "2026-12-31T16:00:00.000Z", image: null, index: 0 },
      { value: "pic", textZh: "", image, stock: null, index: 1 },
    ]);
    const list = await editor.call<Answer>("/activity/stock/queries", { id: bank.id });
    expect(list.stock).toMatchObject({ id: bank.id, count: 1, used: false });
    expect(list.list).toEqual([q]);
    expect((await editor.call<Answer>("/activity/stock/query", { id: q.id })).query).toEqual(q);
    expect((await editor.call("/activity/stock/query", { id: 999_999 })).message.code).toBe("ERROR_RESULT_NULL");
    expect((await editor.call("/activity/stock/queries", { id: 999_999 })).message.code).toBe("ERROR_RESULT_NULL");
    const [log] = await t.db.select().from(operationLog).where(and(eq(operationLog.action, "question.update"), eq(operationLog.targetId, String(q.id))));
    expect(log!.detail).toBe(`create in bank ${bank.id}`);
  });

  test("isMust defaults to true; a text question keeps its pattern and drops options; an image-only question needs no title", async () => {
    const bank = await newBank();
    const text = await saved({ stock: { id: bank.id }, type: { id: INPUT }, titleZh: "手机", titleEn: "Mobile", match: "^1\\d{10}$", options: [option("left over")] });
    expect(text).toMatchObject({ isMust: true, match: "^1\\d{10}$", options: [] });
    const pictured = await saved({ stock: { id: bank.id }, type: { id: RADIO }, titleZh: "", titleEn: "", image, options: [option("a")] });
    expect(pictured).toMatchObject({ titleZh: "", titleEn: "", image });
  });

  test("each question field is named when it is wrong", async () => {
    const bank = await newBank();
    expect(await refused(draft(bank.id, { type: null }))).toEqual({ field: "type" });
    expect(await refused(draft(bank.id, { type: { id: 1 } }))).toEqual({ field: "type" });
    expect(await refused(draft(bank.id, { titleZh: " " }))).toEqual({ field: "titleZh" });
    expect(await refused(draft(bank.id, { titleEn: "" }))).toEqual({ field: "titleEn" });
    expect(await refused(draft(bank.id, { titleZh: "长".repeat(501) }))).toEqual({ field: "titleZh" });
    expect(await refused(draft(bank.id, { descEn: "x".repeat(1001) }))).toEqual({ field: "descEn" });
    expect(await refused(draft(bank.id, { image: "https://elsewhere.example/x.png" }))).toEqual({ field: "image" });
    expect(await refused(draft(bank.id, { image: "/api/file/get?key=../../etc/passwd" }))).toEqual({ field: "image" });
    for (const match of ["(", "[a-", "^(a+)+$", "(\\w+\\s?)*$", "x".repeat(301)]) expect(await refused(draft(bank.id, { type: { id: INPUT }, match }))).toEqual({ field: "match" });
    expect(await refused(draft(bank.id, { isChineseOnly: true, isForeignerOnly: true }))).toEqual({ field: "isForeignerOnly" });
    expect(await refused(draft(bank.id, { options: [] }))).toEqual({ field: "options" });
    expect(await refused(draft(bank.id, { type: { id: CHECKBOX }, options: undefined }))).toEqual({ field: "options" });
    expect(await refused(draft(bank.id, { stock: null }))).toEqual({ field: "stock" });
    expect((await saveQuestion(draft(999_999))).message.code).toBe("ERROR_RESULT_NULL");
    expect((await saveQuestion({ ...draft(bank.id), id: 999_999 })).message.code).toBe("ERROR_RESULT_NULL");
  });

  test("each option's part is named when it is wrong, with its place in the list", async () => {
    const bank = await newBank();
    const wrong = async (bad: Record<string, unknown>) => refused(draft(bank.id, { options: [option("ok"), bad] }));
    expect(await wrong({ textZh: "", textEn: "B", value: "b" })).toEqual({ field: "options", index: 1, part: "textZh" });
    expect(await wrong({ textZh: "乙", textEn: " ", value: "b" })).toEqual({ field: "options", index: 1, part: "textEn" });
    expect(await wrong(option(" "))).toEqual({ field: "options", index: 1, part: "value" });
    expect(await wrong(option("ok"))).toEqual({ field: "options", index: 1, part: "value", reason: "duplicate" });
    for (const stock of [0, -1, 1.5]) expect(await wrong(option("b", { stock }))).toEqual({ field: "options", index: 1, part: "stock" });
    expect(await wrong(option("b", { endDate: "someday" }))).toEqual({ field: "options", index: 1, part: "endDate" });
    expect(await wrong(option("b", { image: "javascript:alert(1)" }))).toEqual({ field: "options", index: 1, part: "image" });
    expect(await wrong(option("b", { id: 999_999 }))).toEqual({ field: "options", index: 1, part: "id" });
  });

  test("options are edited, reordered and removed in one save; a limit never goes below what is taken, and an option held by orders stays", async () => {
    const bank = await newBank();
    const q = await saved(draft(bank.id, { options: [option("a"), option("b"), option("c")] }));
    const [a, b, c] = q.options as Answer[];
    await t.db.update(questionOptions).set({ used: 2 }).where(eq(questionOptions.id, b!.id));
    const edit = (options: Record<string, unknown>[]) => saveQuestion({ ...draft(bank.id), id: q.id, options });
    const keep = (o: Answer, over: Record<string, unknown> = {}) => ({ id: o.id, textZh: o.textZh, textEn: o.textEn, value: o.value, ...over });
    expect((await edit([keep(a!), keep(b!, { stock: 1 }), keep(c!)])).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "options", index: 1, part: "stock", used: 2 } });
    expect((await edit([keep(a!), keep(c!)])).message).toMatchObject({ code: "ERROR_DATA_USED", params: { field: "options", reason: "held" } });
    const other = await saved(draft(bank.id));
    expect((await edit([keep(a!), keep(b!), { ...keep(c!), id: other.options[0].id }])).message.params).toEqual({ field: "options", index: 2, part: "id" });
    const done = await edit([keep(c!, { index: 0, textEn: "Third first" }), keep(b!, { index: 1, stock: 2 }), option("d", { index: 2 })]);
    expect(done.message.code).toBe("SUCCESS");
    expect(done.query.options.map((o: Answer) => [o.value, o.index, o.stock])).toEqual([["c", 0, null], ["b", 1, 2], ["d", 2, null]]);
    expect(done.query.options[0]).toMatchObject({ id: c!.id, textEn: "Third first" });
    expect(await t.db.select().from(questionOptions).where(eq(questionOptions.id, a!.id))).toEqual([]);
  });

  test("a parent is a select or radio question of the same bank, never itself or a loop; a child's options each name one of the parent's", async () => {
    const bank = await newBank();
    const parent = await saved(draft(bank.id, { type: { id: RADIO } }));
    const [spring, autumn] = parent.options as Answer[];
    const childOptions = [option("flowers", { parent: { id: spring!.id } }), option("leaves", { parent: { id: autumn!.id } })];
    const child = await saved(draft(bank.id, { titleZh: "看什么", parent: { id: parent.id }, options: childOptions }));
    expect(child.parent).toEqual({ id: parent.id });
    expect(child.options.map((o: Answer) => o.parent)).toEqual([{ id: spring!.id }, { id: autumn!.id }]);
    const { list } = await editor.call<Answer>("/activity/stock/query/parents", { stock: bank.id });
    expect(list.map((q: Answer) => q.id)).toEqual([parent.id, child.id]);
    expect(list[0].options.map((o: Answer) => o.id)).toEqual([spring!.id, autumn!.id]);
    expect((await editor.call("/activity/stock/query/parents", { stock: 999_999 })).message.code).toBe("ERROR_RESULT_NULL");

    const checkbox = await saved(draft(bank.id, { type: { id: CHECKBOX } }));
    expect(await refused(draft(bank.id, { parent: { id: checkbox.id }, options: [option("x", { parent: { id: checkbox.options[0].id } })] }))).toEqual({ field: "parent" });
    const elsewhere = await saved(draft((await newBank()).id));
    expect(await refused(draft(bank.id, { parent: { id: elsewhere.id }, options: [option("x", { parent: { id: elsewhere.options[0].id } })] }))).toEqual({ field: "parent" });
    expect(await refused(draft(bank.id, { type: { id: INPUT }, parent: { id: parent.id } }))).toEqual({ field: "parent" });
    expect(await refused({ ...draft(bank.id), id: parent.id, parent: { id: parent.id }, options: [option("x", { parent: { id: spring!.id } })] })).toEqual({ field: "parent" });
    // The parent following its own child would be a loop.
    expect(await refused({ ...draft(bank.id, { type: { id: RADIO } }), id: parent.id, parent: { id: child.id }, options: [option("x", { parent: { id: child.options[0].id } })] })).toEqual({ field: "parent", reason: "cycle" });
    expect(await refused(draft(bank.id, { parent: { id: parent.id }, options: [option("x")] }))).toEqual({ field: "options", index: 0, part: "parent" });
    expect(await refused(draft(bank.id, { parent: { id: parent.id }, options: [option("x", { parent: { id: checkbox.options[0].id } })] }))).toEqual({ field: "options", index: 0, part: "parent" });
    // A parent stays a select or radio, and keeps the options its child follows.
    expect(await refused({ ...draft(bank.id, { type: { id: CHECKBOX } }), id: parent.id, options: parent.options.map((o: Answer) => ({ id: o.id, textZh: o.textZh, textEn: o.textEn, value: o.value })) })).toEqual({ field: "type", reason: "parent" });
    const dropSpring = await saveQuestion({ ...draft(bank.id, { type: { id: RADIO } }), id: parent.id, options: [{ id: autumn!.id, textZh: "秋", textEn: "Autumn", value: "autumn" }] });
    expect(dropSpring.message).toMatchObject({ code: "ERROR_DATA_USED", params: { field: "options", reason: "dependent" } });
  });

  test("a show condition names another question of the bank and one of its values, never a loop", async () => {
    const bank = await newBank();
    const first = await saved(draft(bank.id));
    const text = await saved({ stock: { id: bank.id }, type: { id: INPUT }, titleZh: "城市", titleEn: "City" });
    const shown = await saved(draft(bank.id, { showReasonQuery: { id: first.id }, showReasonValue: "autumn" }));
    expect(shown).toMatchObject({ showReasonQuery: { id: first.id }, showReasonValue: "autumn" });
    expect((await saved(draft(bank.id, { showReasonQuery: { id: text.id }, showReasonValue: "上海" }))).showReasonValue).toBe("上海");
    expect(await refused(draft(bank.id, { showReasonQuery: { id: first.id }, showReasonValue: "winter" }))).toEqual({ field: "showReasonValue" });
    expect(await refused(draft(bank.id, { showReasonQuery: { id: first.id }, showReasonValue: " " }))).toEqual({ field: "showReasonValue" });
    expect(await refused(draft(bank.id, { showReasonQuery: { id: 999_999 }, showReasonValue: "a" }))).toEqual({ field: "showReasonQuery" });
    expect(await refused({ ...draft(bank.id), id: first.id, showReasonQuery: { id: first.id }, showReasonValue: "spring" })).toEqual({ field: "showReasonQuery" });
    expect(await refused({ ...draft(bank.id), id: first.id, showReasonQuery: { id: shown.id }, showReasonValue: "spring" })).toEqual({ field: "showReasonQuery", reason: "cycle" });
    // The value the condition waits for stays offered.
    const withoutAutumn = await saveQuestion({ ...draft(bank.id), id: first.id, options: [{ id: first.options[0].id, textZh: "春", textEn: "Spring", value: "spring" }] });
    expect(withoutAutumn.message).toMatchObject({ code: "ERROR_DATA_USED", params: { field: "options", reason: "dependent" } });
  });

  test("a question of a bank bound to a published activity is locked; one bound to a preview activity is not", async () => {
    const bank = await newBank();
    const q = await saved(draft(bank.id));
    await bind(bank.id, [q.id]);
    expect((await saveQuestion({ ...draft(bank.id, { titleEn: "Edited in preview" }), id: q.id, options: q.options.map((o: Answer) => ({ id: o.id, textZh: o.textZh, textEn: o.textEn, value: o.value })) })).message.code).toBe("SUCCESS");
    await bind(bank.id, [q.id], ACTIVITY_STATE.ACTIVITY_STATE_NORMAL);
    expect((await saveQuestion({ ...draft(bank.id), id: q.id })).message).toMatchObject({ code: "ERROR_DATA_USED", params: { reason: "published" } });
    // A new question in the bank changes no activity's questionnaire.
    expect((await saveQuestion(draft(bank.id))).message.code).toBe("SUCCESS");
    expect((await editor.call<Answer>("/activity/stock/queries", { id: bank.id })).list.map((x: Answer) => x.used)).toEqual([true, false]);
  });
});

describe("/activity/stock/query/delete", () => {
  test("refused while an activity asks it or another question follows it; gone once free; a question already gone asks for a refresh", async () => {
    const bank = await newBank();
    const parent = await saved(draft(bank.id));
    const child = await saved(draft(bank.id, { showReasonQuery: { id: parent.id }, showReasonValue: "spring" }));
    const a = await bind(bank.id, [child.id]);
    expect((await editor.call("/activity/stock/query/delete", { query: child.id })).message).toMatchObject({ code: "ERROR_DATA_USED", params: { reason: "used" } });
    expect((await editor.call("/activity/stock/query/delete", { query: parent.id })).message).toMatchObject({ code: "ERROR_DATA_USED", params: { reason: "dependent", query: child.id } });
    await t.db.delete(questionnaires).where(eq(questionnaires.activityId, a.id));
    expect((await editor.call("/activity/stock/query/delete", { query: child.id })).message.code).toBe("SUCCESS");
    expect((await editor.call("/activity/stock/query/delete", { query: parent.id })).message.code).toBe("SUCCESS");
    expect((await editor.call("/activity/stock/query/delete", { query: parent.id })).message.code).toBe("ERROR_RESULT_NULL");
    expect((await editor.call<Answer>("/activity/stock/queries", { id: bank.id })).list).toEqual([]);
    const [log] = await t.db.select().from(operationLog).where(and(eq(operationLog.action, "question.delete"), eq(operationLog.targetId, String(parent.id))));
    expect(log!.targetEntity).toBe("question");
  });
});

describe("show conditions at sign-up", () => {
  test("a question hidden by its condition is not required and what was sent for it is dropped; once the condition holds it is required", async () => {
    const bank = await newBank();
    const first = await saved(draft(bank.id, { type: { id: RADIO } }));
    const followUp = await saved({ stock: { id: bank.id }, type: { id: INPUT }, titleZh: "为什么喜欢秋天？", titleEn: "Why autumn?", showReasonQuery: { id: first.id }, showReasonValue: "autumn" });
    const a = await bind(bank.id, [first.id, followUp.id]);
    // Published once its questionnaire is set, as an editor would.
    await t.db.update(activities).set({ state: ACTIVITY_STATE.ACTIVITY_STATE_NORMAL }).where(eq(activities.id, a.id));
    const member = await t.as("cn100001");
    const drawn = await member.call<Answer>("/activity/quiz/draw", { activity: a.id });
    expect(drawn.queries[1].query).toMatchObject({ id: followUp.id, showReasonQuery: { id: first.id }, showReasonValue: "autumn" });
    const autumnWithout = await member.call<Answer>("/order/sign", { activity: a.id, draw: drawn.draw, quests: [{ id: first.id, value: "autumn" }] });
    expect(autumnWithout.message).toMatchObject({ code: "ERROR_SIGN_PARAMS", params: { query: followUp.id, reason: "required" } });
    const spring = await member.call<Answer>("/order/sign", { activity: a.id, draw: drawn.draw, quests: [{ id: first.id, value: "spring" }, { id: followUp.id, value: "ignored" }] });
    expect(spring.message.code).toBe("SUCCESS");
  });
});
