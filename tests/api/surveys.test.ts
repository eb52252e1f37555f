// Surveys and votes (issue 32 item 4, decision 141): staff make one with
// questions of four kinds, an audience and its times; members in the
// audience answer once (raced: once), anonymous ballots hold nothing that
// links them to a member; staff see the live count, the tally after closing
// and an export; a vote's result is published to members.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { properties, surveyBallots, surveyMarks, userValues } from "../../src/db/schema";
import { readRows } from "../../src/domains/shared/sheets/workbook";
import { COMPARE_MODE, CONDITION_TYPE } from "../../src/protocol/enumerations";
import type { ApiClient } from "../../src/protocol/client";
import { at, makeMembers } from "../helpers/activities";
import { startTestApp, type TestApp } from "../helpers/app";
import { secondInstance } from "../helpers/races";

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
}, 60_000);
afterEach(async () => {
  t.clock.reset();
  await t.close();
});

type Answer = { message: { code: string; params?: Record<string, unknown> } } & Record<string, any>;
type Member = { id: number; account: string; client: ApiClient };

async function members(n: number): Promise<Member[]> {
  const made = await makeMembers(t.db, n, "sv");
  return Promise.all(made.map(async (m) => ({ ...m, client: await t.as(m.account) })));
}

const QUESTIONS = [
  { kind: "single", titleZh: "您最想参加哪项活动？", titleEn: "Which outing would you most like?", required: true, options: [{ textZh: "徒步", textEn: "Hike" }, { textZh: "观影", textEn: "Film" }] },
  { kind: "multiple", titleZh: "方便的时间", titleEn: "Convenient times", required: false, options: [{ textZh: "周六", textEn: "Saturday" }, { textZh: "周日", textEn: "Sunday" }, { textZh: "工作日晚上", textEn: "Weekday evenings" }] },
  { kind: "rating", titleZh: "对工会活动的满意度", titleEn: "How satisfied are you?", required: true, scale: 5 },
  { kind: "text", titleZh: "其他建议", titleEn: "Anything else?", required: false },
];

/** A survey as the editor makes it, open from START for two days unless told otherwise. */
async function makeSurvey(editor: ApiClient, over: Record<string, unknown> = {}, questions: unknown[] = QUESTIONS) {
  const saved = await editor.call<Answer>("/survey/admin/save", {
    survey: { kind: "survey", titleZh: "年度活动调查", titleEn: "This year's outings", introZh: "", introEn: "", anonymous: true, opensAt: at(0).toISOString(), closesAt: at(48).toISOString(), audience: [], ...over },
    questions,
  });
  expect(saved.message.code).toBe("SUCCESS");
  return saved.id as number;
}

describe("making a survey", () => {
  test("the editor makes one; fields are checked by name; once open only the introduction and the closing time change", async () => {
    const editor = await t.as("cn000002");
    const refusal = async (over: Record<string, unknown>, questions: unknown[] = QUESTIONS) =>
      (await editor.call<Answer>("/survey/admin/save", { survey: { kind: "survey", titleZh: "调查", titleEn: "Survey", introZh: "", introEn: "", anonymous: false, opensAt: at(1).toISOString(), closesAt: at(2).toISOString(), audience: [], ...over }, questions })).message;
    expect(await refusal({ titleZh: "  " })).toMatchObject({ code: "ERROR_PARAMS", params: { field: "titleZh" } });
    expect(await refusal({ closesAt: at(0.5).toISOString() })).toMatchObject({ params: { field: "closesAt", reason: "order" } });
    expect(await refusal({}, [])).toMatchObject({ params: { field: "questions", part: "none" } });
    expect(await refusal({}, [{ ...QUESTIONS[0], options: [{ textZh: "只有一个", textEn: "Only one" }] }])).toMatchObject({ params: { field: "questions", index: 0, part: "options" } });
    expect(await refusal({ audience: [{ type: { id: CONDITION_TYPE.CONDITION_TYPE_SHOW }, property: { id: 999_999 }, compareMode: { id: COMPARE_MODE.COMPARE_IN }, value: "x" }] })).toMatchObject({ params: { field: "audience", part: "property" } });

    const id = await makeSurvey(editor, { opensAt: at(1).toISOString() });
    const info = await editor.call<Answer>("/survey/admin/info", { id });
    expect(info.survey).toMatchObject({ state: "upcoming", anonymous: true });
    expect(info.questions.map((q: any) => q.kind)).toEqual(["single", "multiple", "rating", "text"]);
    expect(info.questions[1].options.map((o: any) => o.id)).toEqual([1, 2, 3]);
    // What the editor sends back: the survey's own fields, as read.
    const { state: _s, published: _p, createdAt: _c, ...fields } = info.survey;
    const again = (over: Record<string, unknown>, questions: unknown[] = QUESTIONS) =>
      editor.call<Answer>("/survey/admin/save", { survey: { ...fields, id, audience: [], ...over }, questions });
    // Before it opens: everything.
    expect((await again({ anonymous: false }, QUESTIONS.slice(0, 2))).message.code).toBe("SUCCESS");
    t.clock.set(at(1.5));
    const now = await t.as("cn000002");
    const after = (over: Record<string, unknown>, questions: unknown[] = QUESTIONS.slice(0, 2)) =>
      now.call<Answer>("/survey/admin/save", { survey: { ...fields, anonymous: false, id, audience: [], ...over }, questions });
    expect((await after({ introEn: "Tell us", closesAt: at(72).toISOString() })).message.code).toBe("SUCCESS");
    expect((await after({ anonymous: true })).message).toMatchObject({ code: "ERROR_SURVEY_OPEN", params: { field: "anonymous" } });
    expect((await after({}, QUESTIONS)).message).toMatchObject({ code: "ERROR_SURVEY_OPEN", params: { field: "questions" } });
    const [m] = await members(1);
    expect((await m!.client.call<Answer>("/survey/admin/save", { survey: { ...fields, id }, questions: QUESTIONS })).message.code).toBe("ERROR_NOT_POWER");
  });
});

describe("answering", () => {
  test("members in the audience see it and answer once; others do not see it; answers are checked by question", async () => {
    const editor = await t.as("cn000002");
    const [yes, no] = await members(2);
    const [department] = await t.db.select({ id: properties.id }).from(properties).where(eq(properties.titleEn, "Department"));
    await t.db.insert(userValues).values({ userId: yes!.id, propertyId: department!.id, value: "rd" });
    const id = await makeSurvey(editor, { audience: [{ type: { id: CONDITION_TYPE.CONDITION_TYPE_SHOW }, property: { id: department!.id }, compareMode: { id: COMPARE_MODE.COMPARE_IN }, value: "rd" }] });
    expect((await yes!.client.call<Answer>("/survey/mine", {})).open).toEqual([expect.objectContaining({ id, answered: false, titleEn: "This year's outings" })]);
    expect((await no!.client.call<Answer>("/survey/mine", {})).open).toEqual([]);
    expect((await no!.client.call<Answer>("/survey/info", { id })).message.code).toBe("ERROR_RESULT_NULL");
    const info = await yes!.client.call<Answer>("/survey/info", { id });
    const [single, multiple, rating, text] = info.questions;
    const answer = (values: Record<number, unknown>) => yes!.client.call<Answer>("/survey/answer", { id, answers: Object.entries(values).map(([question, value]) => ({ question: Number(question), value })) });
    expect((await answer({ [multiple.id]: [1] })).message.params).toMatchObject({ field: "answers", question: single.id, reason: "required" });
    expect((await answer({ [single.id]: 9, [rating.id]: 3 })).message.params).toMatchObject({ question: single.id, reason: "value" });
    expect((await answer({ [single.id]: 1, [rating.id]: 6 })).message.params).toMatchObject({ question: rating.id, reason: "value" });
    expect((await answer({ [single.id]: 1, [multiple.id]: [2, 2], [rating.id]: 4 })).message.params).toMatchObject({ question: multiple.id });
    expect((await no!.client.call<Answer>("/survey/answer", { id, answers: [{ question: single.id, value: 1 }, { question: rating.id, value: 4 }] })).message.code).toBe("ERROR_RESULT_NULL");
    expect((await answer({ [single.id]: 1, [multiple.id]: [1, 3], [rating.id]: 4, [text.id]: "  多组织亲子活动  " })).message.code).toBe("SUCCESS");
    expect((await answer({ [single.id]: 2, [rating.id]: 1 })).message.code).toBe("ERROR_SURVEY_ANSWERED");
    expect((await yes!.client.call<Answer>("/survey/mine", {})).open[0].answered).toBe(true);
    // Outside its times: refused.
    t.clock.set(at(49));
    const late = await t.as(yes!.account);
    expect((await late.call<Answer>("/survey/info", { id })).message.code).toBe("ERROR_SURVEY_CLOSED");
  });

  test("anonymous: the ballot holds no member, no time and no sequence, and the mark no ballot; named: the ballot says who", async () => {
    const editor = await t.as("cn000002");
    const anonymous = await makeSurvey(editor, {}, [QUESTIONS[0]]);
    const named = await makeSurvey(editor, { anonymous: false, titleEn: "Named" }, [QUESTIONS[0]]);
    const who = await members(3);
    for (const m of who) {
      for (const id of [anonymous, named]) {
        const q = (await m.client.call<Answer>("/survey/info", { id })).questions[0];
        expect((await m.client.call<Answer>("/survey/answer", { id, answers: [{ question: q.id, value: 1 }] })).message.code).toBe("SUCCESS");
      }
      t.clock.advance(60_000);
    }
    const ballots = await t.db.select().from(surveyBallots).where(eq(surveyBallots.surveyId, anonymous));
    expect(ballots).toHaveLength(3);
    for (const b of ballots) {
      expect(b.userId).toBeNull();
      expect(b.answeredAt).toBeNull();
      expect(b.id).toMatch(/^[0-9a-f-]{36}$/);
    }
    // The mark table has nothing but who answered which survey: no column to join on, no time to match.
    const columns = await t.db.execute(sql`select column_name from information_schema.columns where table_schema = current_schema() and table_name = 'survey_marks' order by column_name`);
    expect((((columns as any).rows ?? columns) as { column_name: string }[]).map((c) => c.column_name)).toEqual(["survey_id", "user_id"]);
    expect((await t.db.select().from(surveyMarks).where(eq(surveyMarks.surveyId, anonymous))).map((m) => m.userId).sort()).toEqual(who.map((m) => m.id).sort());
    const namedBallots = await t.db.select().from(surveyBallots).where(eq(surveyBallots.surveyId, named));
    expect(namedBallots.map((b) => b.userId).sort()).toEqual(who.map((m) => m.id).sort());
  });

  test("the same member answering twice at once on two instances: one response", async () => {
    const editor = await t.as("cn000002");
    const id = await makeSurvey(editor, {}, [QUESTIONS[0]]);
    const [m] = await members(1);
    const elsewhere = await secondInstance(t, m!.account);
    const q = (await m!.client.call<Answer>("/survey/info", { id })).questions[0];
    const body = { id, answers: [{ question: q.id, value: 2 }] };
    const answers = await Promise.all([m!.client.call<Answer>("/survey/answer", body), elsewhere.call<Answer>("/survey/answer", body), m!.client.call<Answer>("/survey/answer", body)]);
    expect(answers.map((a) => a.message.code).sort()).toEqual(["ERROR_SURVEY_ANSWERED", "ERROR_SURVEY_ANSWERED", "SUCCESS"]);
    expect(await t.db.select().from(surveyBallots).where(eq(surveyBallots.surveyId, id))).toHaveLength(1);
    expect(await t.db.select().from(surveyMarks).where(eq(surveyMarks.surveyId, id))).toHaveLength(1);
  });
});

describe("results", () => {
  test("live count while open, the tally and an export once closed, and a vote's result published to members", async () => {
    const editor = await t.as("cn000002");
    const id = await makeSurvey(editor, { kind: "vote", titleEn: "Chair election", titleZh: "主席选举" }, [QUESTIONS[0], QUESTIONS[2], QUESTIONS[3]]);
    const who = await members(3);
    const picks = [1, 2, 1];
    for (const [i, m] of who.entries()) {
      const qs = (await m.client.call<Answer>("/survey/info", { id })).questions;
      const answers = [{ question: qs[0].id, value: picks[i] }, { question: qs[1].id, value: i + 3 }, ...(i === 0 ? [{ question: qs[2].id, value: "加油" }] : [])];
      expect((await m.client.call<Answer>("/survey/answer", { id, answers })).message.code).toBe("SUCCESS");
    }
    const live = await editor.call<Answer>("/survey/admin/results", { id });
    expect(live).toMatchObject({ responses: 3, results: null, survey: { state: "open" } });
    expect((await editor.call<Answer>("/survey/admin/publish", { id, published: true })).message.code).toBe("ERROR_SURVEY_CLOSED");

    t.clock.set(at(49));
    const staff = await t.as("cn000002");
    const closed = await staff.call<Answer>("/survey/admin/results", { id });
    expect(closed.results.responses).toBe(3);
    expect(closed.results.questions[0].options.map((o: any) => [o.textEn, o.count])).toEqual([["Hike", 2], ["Film", 1]]);
    expect(closed.results.questions[1]).toMatchObject({ average: 4, counts: [0, 0, 1, 1, 1] });
    expect(closed.results.questions[2].texts).toEqual(["加油"]);
    const file = await staff.download("/survey/admin/export", { id: String(id), language: "en" });
    if (!("file" in file)) throw new Error(JSON.stringify(file.answer));
    const rows = readRows(new Uint8Array(await file.file.arrayBuffer()), { maxRows: 100 }).map((r) => r.cells);
    expect(rows[0]).toEqual(["Question", "Choice", "Count"]);
    expect(rows).toContainEqual(["Which outing would you most like?", "Hike", "2"]);

    // Not published: members cannot read it; published: they can.
    const reader = await t.as(who[0]!.account);
    expect((await reader.call<Answer>("/survey/info", { id })).message.code).toBe("ERROR_SURVEY_CLOSED");
    expect((await staff.call<Answer>("/survey/admin/publish", { id, published: true })).message.code).toBe("SUCCESS");
    const seen = await reader.call<Answer>("/survey/info", { id });
    expect(seen.results.questions[0].options[0].count).toBe(2);
    expect((await reader.call<Answer>("/survey/mine", {})).published).toEqual([expect.objectContaining({ id, titleEn: "Chair election" })]);
  });
});
