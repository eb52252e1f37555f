// Issue 32 item 4, surveys and votes as staff run them (decision 141): the
// editor reaches the page from the activities' index, makes a survey in the
// editor window with a question of each of the four kinds (moved and one
// removed on the way) and an audience condition, is told at the closing time
// that it must come after the opening (the browser's check) and after now
// (the server's refusal), saves it and finds it in the list, upcoming. A
// survey open since yesterday shows its live count, and its editor shows what
// is fixed and why; a vote closed yesterday with four ballots shows the tally
// with its charts, exports the xlsx (read back: the summary and every
// response, named) and publishes its result after a confirmation. The whole
// journey once, in Chinese at a desk; the other language and width look at
// the same screens (the open survey's editor once more, in English on a phone).
import { afterAll, beforeAll, describe, expect } from "bun:test";
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { eq } from "drizzle-orm";
import type { Db } from "../../src/db/client";
import { properties, surveyBallots, surveyMarks, surveyQuestions, surveys } from "../../src/db/schema";
import { COMPARE_MODE, CONDITION_TYPE } from "../../src/protocol/enumerations";
import { formatChinaDateTime } from "../../ui/lib/china-time";
import { START } from "../helpers/clock";
import { readXlsx } from "../helpers/sheets";
import { until } from "../helpers/wait";
import {
  accessible,
  type Answer,
  apiAs,
  closeWindow,
  FOUR_SCREENS,
  messageText,
  preparedWorld,
  pressOk,
  settledShot,
  SETUP_TIMEOUT_MS,
  enter,
  stopWorld,
  test,
  userId,
  visitor,
  type World,
} from "./support";

const JOURNEY_TIMEOUT_MS = 120_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(START.getTime() + ms);

const OPEN = { zh: "食堂满意度调查", en: "Canteen survey", responses: 3 };
const CLOSED = { zh: "工会主席选举", en: "Union chair election" };
/** The closed vote's ballots: who, the candidate (1 or 2), a score of 5, a text or none. */
const BALLOTS = [
  { account: "cn100001", pick: 1, score: 5, text: "期待新主席" },
  { account: "cn100002", pick: 2, score: 4, text: null },
  { account: "cn000003", pick: 1, score: 3, text: "Good luck" },
  { account: "cn000001", pick: 1, score: 4, text: null },
];

const ids = { open: 0, closed: 0, department: 0 };

async function prepare(db: Db) {
  const [department] = await db.select({ id: properties.id }).from(properties).where(eq(properties.titleEn, "Department"));
  ids.department = department!.id;
  const survey = async (values: Partial<typeof surveys.$inferInsert> & Pick<typeof surveys.$inferInsert, "kind" | "titleZh" | "titleEn" | "opensAt" | "closesAt" | "anonymous">) =>
    (await db.insert(surveys).values({ ...values, createdAt: at(-4 * DAY), updatedAt: at(-4 * DAY) }).returning({ id: surveys.id }))[0]!.id;

  // Open since yesterday, anonymous, three answers so far.
  ids.open = await survey({ kind: "survey", titleZh: OPEN.zh, titleEn: OPEN.en, introZh: "请告诉我们您对食堂的看法。", introEn: "Tell us about the canteen.", anonymous: true, opensAt: at(-DAY), closesAt: at(5 * DAY) });
  const [taste] = await db
    .insert(surveyQuestions)
    .values([{ surveyId: ids.open, sortIndex: 1, kind: "rating", titleZh: "饭菜口味", titleEn: "How the food tastes", required: true, scale: 5 }])
    .returning({ id: surveyQuestions.id });
  for (const account of ["cn100001", "cn100002", "cn000003"]) {
    await db.insert(surveyMarks).values({ surveyId: ids.open, userId: await userId(db, account) });
    await db.insert(surveyBallots).values({ id: randomUUID(), surveyId: ids.open, answers: { [taste!.id]: 4 } });
  }

  // A named vote closed yesterday: a candidate, a score, a word for the winner.
  ids.closed = await survey({ kind: "vote", titleZh: CLOSED.zh, titleEn: CLOSED.en, anonymous: false, opensAt: at(-3 * DAY), closesAt: at(-DAY) });
  const [candidate, confidence, words] = await db
    .insert(surveyQuestions)
    .values([
      { surveyId: ids.closed, sortIndex: 1, kind: "single", titleZh: "您支持哪位候选人？", titleEn: "Which candidate do you support?", required: true, options: [{ id: 1, textZh: "王芳", textEn: "Wang Fang" }, { id: 2, textZh: "李强", textEn: "Li Qiang" }] },
      { surveyId: ids.closed, sortIndex: 2, kind: "rating", titleZh: "您对选举过程的信心", titleEn: "Your confidence in the election", required: true, scale: 5 },
      { surveyId: ids.closed, sortIndex: 3, kind: "text", titleZh: "想对新主席说的话", titleEn: "A word for the new chair", required: false },
    ])
    .returning({ id: surveyQuestions.id });
  for (const [i, b] of BALLOTS.entries()) {
    const member = await userId(db, b.account);
    await db.insert(surveyMarks).values({ surveyId: ids.closed, userId: member });
    const answers: Record<string, number | string> = { [candidate!.id]: b.pick, [confidence!.id]: b.score, ...(b.text ? { [words!.id]: b.text } : {}) };
    await db.insert(surveyBallots).values({ id: randomUUID(), surveyId: ids.closed, userId: member, answeredAt: at(-2 * DAY + i * HOUR), answers });
  }
}

let world: World;
let staff: (path: string, input?: Record<string, unknown>) => Promise<Answer>;

beforeAll(async () => {
  world = await preparedWorld(prepare);
  staff = await apiAs(world, "cn000002");
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await stopWorld(world);
});

const TEXT = {
  zh: {
    ok: "确定" as const,
    page: "问卷与投票",
    saved: "保存完成",
    order: "截止时间须晚于开始时间",
    past: "截止时间须晚于现在",
    upcoming: "未开始",
    open: "进行中",
    closed: "已截止",
    live: `已有 ${OPEN.responses} 人回答`,
    fixed: /^已于 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 开始作答：/,
    published: "结果已向作答对象公布，会员可以在投票页面查看。",
    publishedDone: "结果已公布",
    sheets: ["汇总", "回答"],
    summaryHead: ["题目", "选项", "人数"],
    member: "会员",
  },
  en: {
    ok: "OK" as const,
    page: "Surveys and votes",
    saved: "Saved",
    order: "The closing time must be after the opening time",
    past: "The closing time must be in the future",
    upcoming: "Upcoming",
    open: "Open",
    closed: "Closed",
    live: `${OPEN.responses} answered so far`,
    fixed: /^Open for answers since \d{4}-\d{2}-\d{2} \d{2}:\d{2}: /,
    published: "The result is published to the audience: members read it on the vote's page.",
    publishedDone: "Result published",
    sheets: ["Summary", "Responses"],
    summaryHead: ["Question", "Choice", "Count"],
    member: "Member",
  },
};

/** The new survey, in both languages. */
const MADE = { zh: "年度工会活动调查", en: "This year's union activities" };

/** Fills a date picker's text and closes its calendar. */
async function fillTime(page: Page, selector: string, when: Date) {
  await page.fill(selector, formatChinaDateTime(when));
  await page.press(selector, "Enter");
}

/** Fills question `index` (from 0): its kind, both titles and, for a choice, its choices' texts. */
async function fillQuestion(page: Page, index: number, kind: string, title: string, choices: string[] = []) {
  await page.selectOption(`#survey-q${index}-kind`, kind);
  await page.fill(`#survey-q${index}-titleZh`, `${title}（中文）`);
  await page.fill(`#survey-q${index}-titleEn`, title);
  for (const [i, choice] of choices.entries()) {
    if (!(await page.$(`#survey-q${index}-option${i}-textZh`))) await page.locator("[data-testid=survey-question]").nth(index).locator("[data-testid=survey-option-add]").click();
    await page.fill(`#survey-q${index}-option${i}-textZh`, `${choice}（中文）`);
    await page.fill(`#survey-q${index}-option${i}-textEn`, choice);
  }
}

const row = (page: Page, title: string) => page.locator("[data-testid=survey-row]", { hasText: title });

/** Opens the list from the activities' index, the staff's way in (photographed as `shotName`, when given). */
async function openList(page: Page, shotName?: string) {
  await page.goto(`${world.server.url}/activity`);
  await page.waitForSelector("[data-testid=open-surveys]");
  if (shotName) await settledShot(page, shotName);
  await page.click("[data-testid=open-surveys]");
  await page.waitForSelector("[data-testid=surveys][data-state=shown]");
}

/** The tally drawn: a chart for each choice and rating question, chart.js having laid each out. */
const chartsDrawn = (page: Page, n: number) =>
  until(
    () => page.evaluate((want) => {
      const charts = [...document.querySelectorAll<HTMLCanvasElement>("[data-testid=survey-results] canvas")];
      return charts.length === want && charts.every((c) => c.style.display === "block" && c.width > 0);
    }, n),
    `the tally's ${n} charts are drawn`,
  );

describe("the staff's surveys and votes", () => {
  for (const [index, { language, size, viewport }] of FOUR_SCREENS.entries()) {
    const text = TEXT[language];
    const shotName = (step: string) => `surveys-staff/${step}-${language}-${size}`;
    const whole = index === 0;
    // The windows are scanned once on a desk (the whole journey) and once on a phone; elsewhere only measured, to keep the file quick.
    const scanWindows = index < 2;

    test(
      whole
        ? `the editor makes a survey of four kinds of question for an audience, is refused at the closing time, saves it, follows an open survey's count and exports and publishes a closed vote's tally, in ${language} on a ${size}`
        : `the list, the editor, an open survey's count and a closed vote's tally read in ${language} on a ${size}`,
      async () => {
        const { page, close } = await visitor(world, { viewport });
        await enter(page, world, "cn000002", { language });
        await openList(page, whole ? shotName("way-in") : undefined);
        expect(await page.textContent("main h1")).toBe(text.page);
        expect(await row(page, OPEN[language]).locator("[data-state]").textContent()).toBe(text.open);
        expect(await row(page, OPEN[language]).locator("[data-column=responses]").textContent()).toBe(String(OPEN.responses));
        expect(await row(page, CLOSED[language]).locator("[data-state]").first().textContent()).toBe(text.closed);
        await accessible(page, "the surveys");
        await settledShot(page, shotName("list"));

        // The editor window: a new survey starts with one single-choice question.
        await page.click("[data-testid=survey-new]");
        await page.waitForSelector("[data-testid=survey-editor]");
        expect(await page.locator("[data-testid=survey-question]").count()).toBe(1);
        await page.fill("#survey-titleZh", MADE.zh);
        await page.fill("#survey-titleEn", MADE.en);
        await page.fill("#survey-introZh", "请花两分钟告诉我们您今年想参加的活动。");
        await page.fill("#survey-introEn", "Two minutes on the outings you would like this year.");
        await fillTime(page, "#survey-opensAt", at(DAY));
        await fillTime(page, "#survey-closesAt", at(8 * DAY));
        if (!whole) {
          await fillQuestion(page, 0, "single", "Which outing would you most like?", ["Hike", "Film"]);
          await page.click("[data-testid=survey-question-add]");
          await fillQuestion(page, 1, "rating", "How satisfied are you?");
          await page.selectOption("#survey-q1-scale", "7");
          await accessible(page, "the editor", scanWindows);
          await settledShot(page, shotName("editor"));
          await page.locator("#survey-questions").scrollIntoViewIfNeeded();
          await settledShot(page, shotName("editor-questions"));
          // Leaving asks first: the window holds edits.
          await page.click("[role=dialog] .dialog-close");
          await page.click("[role=alertdialog] .button-primary");
          await page.waitForSelector("[data-testid=survey-editor]", { state: "detached" });
        } else {
          // Four kinds: a single choice, a multiple choice of three, a rating of 7 points, a text; one more added and removed, the rating moved up.
          await fillQuestion(page, 0, "single", "Which outing would you most like?", ["Hike", "Film"]);
          await page.click("[data-testid=survey-question-add]");
          await fillQuestion(page, 1, "multiple", "Convenient times", ["Saturday", "Sunday", "Weekday evenings"]);
          await page.click("[data-testid=survey-question-add]");
          await fillQuestion(page, 2, "text", "Anything else?");
          await page.uncheck("#survey-q2-required");
          await page.click("[data-testid=survey-question-add]");
          await fillQuestion(page, 3, "rating", "How satisfied are you?");
          await page.selectOption("#survey-q3-scale", "7");
          await page.click("[data-testid=survey-question-add]");
          expect(await page.locator("[data-testid=survey-question]").count()).toBe(5);
          await page.locator("[data-testid=survey-question]").nth(4).locator("[data-testid=survey-question-remove]").click();
          await page.locator("[data-testid=survey-question]").nth(3).locator("[data-testid=survey-question-up]").click();
          expect(await page.inputValue("#survey-q2-titleEn")).toBe("How satisfied are you?");

          // The audience: members of one department.
          await page.selectOption("#survey-condition-property", String(ids.department));
          await page.selectOption("#survey-condition-type", String(CONDITION_TYPE.CONDITION_TYPE_SHOW));
          await page.selectOption("#survey-condition-compareMode", String(COMPARE_MODE.COMPARE_IN));
          await page.fill("#survey-condition-value", "rd");
          await page.click("[data-testid=survey-condition-add]");
          expect(await page.locator("[data-testid=survey-conditions] li").count()).toBe(1);

          // Closing before it opens: the browser says so at the closing time, and sends nothing.
          await fillTime(page, "#survey-closesAt", at(12 * HOUR));
          await page.click("[data-testid=survey-save]");
          await page.waitForSelector("#survey-closesAt-error");
          expect(await page.textContent("#survey-closesAt-error")).toBe(text.order);
          expect(await page.getAttribute("#survey-closesAt", "aria-invalid")).toBe("true");
          await accessible(page, "the closing time refused");
          await settledShot(page, shotName("editor-refused"));

          // Closing in the past: the server refuses it, at the same field.
          await fillTime(page, "#survey-opensAt", at(-2 * DAY));
          await fillTime(page, "#survey-closesAt", at(-DAY));
          expect(await page.$("#survey-closesAt-error")).toBeNull();
          await page.click("[data-testid=survey-save]");
          await until(async () => (await page.textContent("#survey-closesAt-error").catch(() => null)) === text.past, "the server's refusal at the closing time");
          expect((await staff("/survey/admin/list")).list).toHaveLength(2);

          await fillTime(page, "#survey-opensAt", at(DAY));
          await fillTime(page, "#survey-closesAt", at(8 * DAY));
          // Scanned above with the same questions and the refusal shown: measured only.
          await accessible(page, "the editor", false);
          await page.locator("#survey-questions").scrollIntoViewIfNeeded();
          await settledShot(page, shotName("editor-questions"));
          await page.click("[data-testid=survey-save]");
          expect(await messageText(page)).toBe(text.saved);
          await pressOk(page, text.ok);
          await page.waitForSelector("[data-testid=survey-editor]", { state: "detached" });

          // In the list, upcoming; saved as made.
          await until(() => row(page, MADE[language]).count(), "the new survey in the list");
          expect(await row(page, MADE[language]).locator("[data-state]").textContent()).toBe(text.upcoming);
          const made = (await staff("/survey/admin/list")).list.find((s: Answer) => s.titleEn === MADE.en);
          const info = await staff("/survey/admin/info", { id: made.id });
          expect(info.survey).toMatchObject({ kind: "survey", anonymous: true, state: "upcoming", opensAt: at(DAY).toISOString(), closesAt: at(8 * DAY).toISOString() });
          expect(info.survey.audience).toEqual([{ type: { id: CONDITION_TYPE.CONDITION_TYPE_SHOW }, property: { id: ids.department }, compareMode: { id: COMPARE_MODE.COMPARE_IN }, value: "rd" }]);
          expect(info.questions.map((q: Answer) => [q.kind, q.titleEn, q.required, q.options.length, q.scale])).toEqual([
            ["single", "Which outing would you most like?", true, 2, null],
            ["multiple", "Convenient times", true, 3, null],
            ["rating", "How satisfied are you?", true, 0, 7],
            ["text", "Anything else?", false, 0, null],
          ]);
          await settledShot(page, shotName("list-saved"));
        }

        // The open survey: its count, live; its editor shows what is fixed, and why.
        await row(page, OPEN[language]).locator("[data-testid=survey-open]").click();
        await page.waitForSelector("[data-testid=survey-view][data-state=open]");
        expect(await page.textContent("[data-testid=survey-live-count]")).toBe(text.live);
        expect(await page.$("[data-testid=survey-export]")).toBeNull();
        await accessible(page, "an open survey");
        await settledShot(page, shotName("open"));
        // Its editor, in each language once and at each width once (the Chinese desk and the English phone).
        if (scanWindows) {
          await page.click("[data-testid=survey-view-edit]");
          await page.waitForSelector("[data-testid=survey-fixed]");
          expect(await page.textContent("[data-testid=survey-fixed]")).toMatch(text.fixed);
          expect(await page.isDisabled("#survey-q0-kind")).toBe(true);
          expect(await page.isDisabled("[data-testid=survey-anonymous-named]")).toBe(true);
          expect(await page.isEditable("#survey-opensAt")).toBe(false);
          expect(await page.isEditable("#survey-closesAt")).toBe(true);
          expect(await page.$("[data-testid=survey-question-add]")).toBeNull();
          expect(await page.$("[data-testid=survey-condition-add]")).toBeNull();
          await accessible(page, "an open survey's editor");
          await settledShot(page, shotName("open-editor"));
          await page.locator("#survey-questions").scrollIntoViewIfNeeded();
          await settledShot(page, shotName("open-editor-questions"));
          await closeWindow(page);
        }

        // The closed vote: the tally and its charts, the export, the publication.
        await page.click(`.breadcrumb a[href="/activity/surveys"]`);
        await page.waitForSelector("[data-testid=surveys][data-state=shown]");
        await row(page, CLOSED[language]).locator("[data-testid=survey-open]").click();
        await page.waitForSelector("[data-testid=survey-view][data-state=closed]");
        await chartsDrawn(page, 2);
        expect(await page.textContent("[data-testid=survey-responses]")).toBe(String(BALLOTS.length));
        await accessible(page, "a closed vote's tally");
        await settledShot(page, shotName("closed"));

        if (whole) {
          const download = page.waitForEvent("download");
          await page.click("[data-testid=survey-export]");
          const file = await download;
          expect(file.suggestedFilename()).toBe(`survey-${ids.closed}.xlsx`);
          const bytes = new Uint8Array(await readFile((await file.path())!));
          const summary = readXlsx(bytes, 0);
          expect(summary.names).toEqual(text.sheets);
          expect(summary.rows[0]).toEqual(text.summaryHead);
          expect(summary.rows).toContainEqual(["您支持哪位候选人？", "王芳", 3]);
          expect(summary.rows).toContainEqual(["您支持哪位候选人？", "李强", 1]);
          const responses = readXlsx(bytes, 1).rows;
          expect(responses[0]).toEqual([text.member, "您支持哪位候选人？", "您对选举过程的信心", "想对新主席说的话"]);
          expect(responses).toHaveLength(1 + BALLOTS.length);

          // Published after a confirmation: the members' vote page then shows it.
          expect(await page.getAttribute("[data-testid=survey-publish]", "data-published")).toBe("false");
          await page.click("[data-testid=survey-publish-toggle]");
          await page.click("[role=alertdialog] .button-primary");
          expect(await messageText(page)).toBe(text.publishedDone);
          await pressOk(page, text.ok);
          await page.waitForSelector("[data-testid=survey-publish][data-published=true]");
          expect(await page.textContent("[data-testid=survey-publish-note]")).toBe(text.published);
          expect((await staff("/survey/admin/results", { id: ids.closed })).survey.published).toBe(true);
          await page.locator("[data-testid=survey-publish]").scrollIntoViewIfNeeded();
          await settledShot(page, shotName("published"));
        }
        await close();
      },
      JOURNEY_TIMEOUT_MS,
    );
  }
});
