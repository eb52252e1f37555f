// Issue 32 item 4, surveys and votes as members live them. The world has,
// from the test clock's start: an open named survey with a question of each
// kind (a single and a multiple choice, a rating, a text), an open anonymous
// vote, and a vote closed the day before whose result was published, with
// three ballots. cn100001 finds the two open ones and the result on the home
// page, opens the survey, sends it with the required rating empty and reads
// the refusal at that question, rates, sends, is thanked, finds it answered
// on home and on the survey again, and reads the published tally. cn100002
// reads the same screens in English, answers the anonymous vote (told plainly
// that nobody can link the answer to them) and reads the tally. The whole
// journey in Chinese on a desk (the refused form at 375 px too); the screens
// in English on a desk and at 375 px; checked by axe and photographed.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import type { Page } from "playwright-core";
import type { Db } from "../../src/db/client";
import { surveyBallots, surveyMarks, surveyQuestions, surveys } from "../../src/db/schema";
import { chinaDayTime } from "../../ui/lib/china-time";
import { START } from "../helpers/clock";
import { until } from "../helpers/wait";
import { DESK, PHONE, SETUP_TIMEOUT_MS, type World, accessible, apiAs, preparedWorld, settledShot, enter, stopWorld, test, userId, visitor } from "./support";

const JOURNEY_TIMEOUT_MS = 90_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const SURVEY = { zh: "会员活动满意度调查", en: "Members' outings survey", closesAt: new Date(START.getTime() + 3 * DAY) };
const VOTE = { zh: "职工代表选举", en: "Staff representative election", closesAt: new Date(START.getTime() + 2 * DAY) };
const CLOSED = { zh: "春游目的地投票", en: "Spring outing destination", closesAt: new Date(START.getTime() - DAY) };
/** The ids the preparation gave: the surveys, and the named survey's questions in order. */
const ids = { survey: 0, vote: 0, closed: 0, questions: [] as number[] };

const option = (id: number, textZh: string, textEn: string) => ({ id, textZh, textEn });

async function prepare(db: Db) {
  const survey = async (s: Partial<typeof surveys.$inferInsert> & Pick<typeof surveys.$inferInsert, "kind" | "titleZh" | "titleEn" | "closesAt">) => {
    const [row] = await db
      .insert(surveys)
      .values({ introZh: "", introEn: "", opensAt: new Date(START.getTime() - HOUR), createdAt: START, updatedAt: START, ...s })
      .returning({ id: surveys.id });
    return row!.id;
  };
  ids.survey = await survey({
    kind: "survey",
    titleZh: SURVEY.zh,
    titleEn: SURVEY.en,
    closesAt: SURVEY.closesAt,
    introZh: "为了把明年的活动办得更好，请花两分钟告诉我们您的想法。\n所有题目一页答完。",
    introEn: "Help us plan next year's outings: two minutes of your time.\nAll the questions are on one page.",
  });
  const questions = await db
    .insert(surveyQuestions)
    .values([
      { surveyId: ids.survey, sortIndex: 1, kind: "single", titleZh: "您最常参加哪类活动？", titleEn: "Which outings do you join most?", required: true, options: [option(1, "文体活动", "Sport and culture"), option(2, "亲子活动", "Family days"), option(3, "技能培训", "Training")] },
      { surveyId: ids.survey, sortIndex: 2, kind: "multiple", titleZh: "您希望增加哪些活动？（可多选）", titleEn: "Which would you like more of?", required: false, options: [option(1, "观影", "Films"), option(2, "读书会", "Book clubs"), option(3, "徒步", "Hikes"), option(4, "讲座", "Talks")] },
      { surveyId: ids.survey, sortIndex: 3, kind: "rating", titleZh: "您对今年活动的总体评价", titleEn: "How were this year's outings overall?", required: true, scale: 5 },
      { surveyId: ids.survey, sortIndex: 4, kind: "text", titleZh: "其他建议", titleEn: "Anything else?", required: false },
    ])
    .returning({ id: surveyQuestions.id });
  ids.questions = questions.map((q) => q.id);

  ids.vote = await survey({ kind: "vote", titleZh: VOTE.zh, titleEn: VOTE.en, closesAt: VOTE.closesAt, anonymous: true, introZh: "请选出一位职工代表。", introEn: "Choose one staff representative." });
  await db.insert(surveyQuestions).values({ surveyId: ids.vote, sortIndex: 1, kind: "single", titleZh: "您支持哪位候选人？", titleEn: "Whom do you support?", required: true, options: [option(1, "王芳", "Wang Fang"), option(2, "李强", "Li Qiang")] });

  ids.closed = await survey({ kind: "vote", titleZh: CLOSED.zh, titleEn: CLOSED.en, closesAt: CLOSED.closesAt, opensAt: new Date(START.getTime() - 10 * DAY), anonymous: true, published: true });
  const [place, score, words] = await db
    .insert(surveyQuestions)
    .values([
      { surveyId: ids.closed, sortIndex: 1, kind: "single", titleZh: "春游去哪里？", titleEn: "Where shall we go?", required: true, options: [option(1, "西湖", "West Lake"), option(2, "黄山", "Mount Huang"), option(3, "千岛湖", "Qiandao Lake")] },
      { surveyId: ids.closed, sortIndex: 2, kind: "rating", titleZh: "对去年春游的评分", titleEn: "Last spring's outing, rated", required: true, scale: 5 },
      { surveyId: ids.closed, sortIndex: 3, kind: "text", titleZh: "还想说的话", titleEn: "Anything to add", required: false },
    ])
    .returning({ id: surveyQuestions.id });
  const ballots = [
    { [place!.id]: 1, [score!.id]: 4, [words!.id]: "希望安排大巴接送。" },
    { [place!.id]: 2, [score!.id]: 5 },
    { [place!.id]: 1, [score!.id]: 3, [words!.id]: "Bring the children along, please." },
  ];
  await db.insert(surveyBallots).values(ballots.map((answers) => ({ id: crypto.randomUUID(), surveyId: ids.closed, answers })));
  for (const who of ["cn000002", "cn000003", "cn100004"]) await db.insert(surveyMarks).values({ surveyId: ids.closed, userId: await userId(db, who) });
}

let world: World;
beforeAll(async () => {
  world = await preparedWorld(prepare);
}, SETUP_TIMEOUT_MS);
afterAll(() => stopWorld(world));

const TEXT = {
  zh: {
    title: "问卷与投票",
    survey: "问卷",
    vote: "投票",
    toAnswer: "待回答",
    answered: "已回答",
    closes: (at: Date) => `${chinaDayTime(at, "zh", START)} 截止（北京时间）`,
    required: "这是必答题，请作答。",
    thanks: "感谢您的参与！您的回答已提交。",
    again: "您已回答过这份问卷，每人只能回答一次。",
    named: "实名问卷：工会工作人员可以看到每份回答是谁提交的。",
    anonymous: "匿名问卷：系统只记下您已回答（以免重复作答），回答内容与您的账号分开保存，任何人（包括工会工作人员）都无法把这份回答与您对应起来。",
    responses: "共 3 人参与",
    average: "平均分：4（满分 5 分）",
  },
  en: {
    title: "Surveys and votes",
    survey: "Survey",
    vote: "Vote",
    toAnswer: "To answer",
    answered: "Answered",
    closes: (at: Date) => `Closes ${chinaDayTime(at, "en", START)} (China time)`,
    required: "This question must be answered.",
    thanks: "Thank you for taking part! Your answers are in.",
    again: "You have answered this survey: one response each.",
    named: "Named: union staff can see who gave each response.",
    anonymous: "Anonymous: the portal notes only that you have answered (so nobody answers twice). Your answers are kept apart from your account, and nobody, union staff included, can link them to you.",
    responses: "3 responses",
    average: "Average: 4 out of 5",
  },
};
type Language = keyof typeof TEXT;

const text = async (page: Page, selector: string) => ((await page.textContent(selector)) ?? "").replace(/\s+/g, " ").trim();
const row = (id: number, result = false) => `[data-testid=${result ? "home-survey-result" : "home-survey"}][data-survey="${id}"]`;
const question = (n: number) => `[data-testid=survey-question][data-question="${ids.questions[n]}"]`;

/** The screen checked by axe and photographed, at the window's size now. */
async function look(page: Page, name: string) {
  await accessible(page, name);
  await settledShot(page, `surveys/${name}`);
}

/** The screen on a desk and at 375 px, each checked and photographed; back on the desk after. */
async function bothSizes(page: Page, name: string) {
  for (const [size, viewport] of [["desk", DESK], ["phone", PHONE]] as const) {
    await page.setViewportSize(viewport);
    await look(page, `${name}-${size}`);
  }
  await page.setViewportSize(DESK);
}

/** Home's panel, once it has come: what each row says (title, kind, time, state). */
async function homeRows(page: Page) {
  await page.waitForSelector("[data-testid=home-surveys]");
  return page.$$eval("[data-testid=home-surveys] .survey-row", (rows) =>
    rows.map((r) => [...r.querySelectorAll(".survey-row-title, .survey-kind, .survey-row-time, .survey-state")].map((part) => part.textContent?.trim()).join(" ")),
  );
}

/** The published vote's tally, its chart drawn. */
async function tallyShown(page: Page, language: Language) {
  await page.waitForSelector("[data-testid=survey-result] .tally-question canvas");
  // chart.js has drawn into the first canvas: some pixel is not blank.
  await until(
    () => page.evaluate(() => [...document.querySelector<HTMLCanvasElement>(".tally-chart canvas")!.getContext("2d")!.getImageData(0, 0, 300, 100).data].some((v) => v !== 0)),
    "the tally's chart is drawn",
  );
  expect(await text(page, ".tally-responses")).toBe(TEXT[language].responses);
  // The table holds the same numbers: West Lake 2 of 3, Mount Huang 1, Qiandao Lake 0.
  const first = await page.$$eval(".tally-question:nth-of-type(1) .tally-table tbody tr", (rows) => rows.map((r) => [...r.children].map((c) => c.textContent)));
  expect(first).toEqual(language === "zh" ? [["西湖", "2", "67%"], ["黄山", "1", "33%"], ["千岛湖", "0", "0%"]] : [["West Lake", "2", "67%"], ["Mount Huang", "1", "33%"], ["Qiandao Lake", "0", "0%"]]);
  expect(await text(page, ".tally-average")).toBe(TEXT[language].average);
  expect(await page.$$eval(".tally-texts li", (items) => items.map((i) => i.textContent).sort())).toEqual(["Bring the children along, please.", "希望安排大巴接送。"]);
}

describe("a member's surveys and votes", () => {
  test(
    "cn100001 finds the open survey and vote on home, is refused at the empty required rating, answers, is thanked, finds it answered, and reads the published vote's tally; in Chinese on a desk, the refused form at 375 px too",
    async () => {
      const t = TEXT.zh;
      const { page, close } = await visitor(world, { viewport: DESK });
      await enter(page, world, "cn100001", { language: "zh" });
      expect(await text(page, "#home-surveys-title")).toBe(t.title);
      expect(await homeRows(page)).toEqual([
        `${VOTE.zh} ${t.vote} ${t.closes(VOTE.closesAt)} ${t.toAnswer}`,
        `${SURVEY.zh} ${t.survey} ${t.closes(SURVEY.closesAt)} ${t.toAnswer}`,
        expect.stringContaining(CLOSED.zh),
      ]);
      await look(page, "home-zh-desk");

      await page.click(row(ids.survey));
      await page.waitForSelector("[data-testid=survey-form]");
      expect(new URL(page.url()).search).toBe(`?id=${ids.survey}`);
      expect(await text(page, "[data-testid=survey-privacy]")).toBe(t.named);
      expect(await text(page, ".survey-intro")).toContain("请花两分钟");
      await page.check(`${question(0)} input[value="2"]`);
      await page.check(`${question(1)} input[value="1"]`);
      await page.check(`${question(1)} input[value="3"]`);
      await page.fill(`${question(3)} textarea`, "希望多办周末活动。");
      // The rating is required and left empty: the server's refusal is shown at it, and the focus goes there.
      await page.click("[data-testid=survey-submit]");
      await page.waitForSelector(`${question(2)} [data-testid=survey-error]`);
      expect(await page.$$eval("[data-testid=survey-error]", (errors) => errors.length)).toBe(1);
      expect(await text(page, `${question(2)} [data-testid=survey-error]`)).toBe(t.required);
      expect(await page.evaluate((q) => document.activeElement?.closest("[data-question]")?.getAttribute("data-question"), String(ids.questions[2]))).toBe(String(ids.questions[2]));
      expect(await page.getAttribute(question(2), "aria-invalid")).toBe("true");
      await bothSizes(page, "survey-refused-zh");

      await page.click(`${question(2)} label:has(input[value="4"])`);
      expect(await page.$("[data-testid=survey-error]")).toBeNull();
      await page.click("[data-testid=survey-submit]");
      await page.waitForSelector("[data-testid=survey-thanks]");
      expect(await text(page, "[data-testid=survey-thanks] p")).toBe(t.thanks);
      await settledShot(page, "surveys/survey-thanks-zh-desk");
      // Stored as sent.
      const member = await apiAs(world, "cn100001");
      expect((await member("/survey/mine")).open.find((s: { id: number }) => s.id === ids.survey).answered).toBe(true);

      // Coming back: answered, on home and on the survey.
      await page.click("[data-testid=survey-thanks] a[href='/index']");
      await until(async () => (await homeRows(page))[1]?.endsWith(t.answered), "home shows the survey answered");
      expect(await page.$$eval(`${row(ids.survey)} [data-testid=home-survey-answered]`, (marks) => marks.length)).toBe(1);
      await settledShot(page, "surveys/home-answered-zh-desk");
      await page.goto(`${world.server.url}/survey?id=${ids.survey}`);
      await page.waitForSelector("[data-testid=survey-answered]");
      expect(await text(page, "[data-testid=survey-answered] p")).toBe(t.again);
      expect(await page.$("[data-testid=survey-form]")).toBeNull();

      // The published vote's result: the tally, a chart and a table of the same numbers.
      await page.goto(`${world.server.url}/index`);
      await page.click(row(ids.closed, true));
      await tallyShown(page, "zh");
      await look(page, "tally-zh-desk");
      await close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    "cn100002 reads home in English, answers the anonymous vote (told nobody can link the answer to them), and reads the tally; on a desk and at 375 px",
    async () => {
      const t = TEXT.en;
      const { page, close } = await visitor(world, { viewport: DESK });
      await enter(page, world, "cn100002", { language: "en" });
      expect(await text(page, "#home-surveys-title")).toBe(t.title);
      expect(await homeRows(page)).toEqual([
        `${VOTE.en} ${t.vote} ${t.closes(VOTE.closesAt)} ${t.toAnswer}`,
        `${SURVEY.en} ${t.survey} ${t.closes(SURVEY.closesAt)} ${t.toAnswer}`,
        expect.stringContaining(CLOSED.en),
      ]);
      await bothSizes(page, "home-en");

      await page.click(row(ids.vote));
      await page.waitForSelector("[data-testid=survey-form]");
      expect(await text(page, "[data-testid=survey-privacy]")).toBe(t.anonymous);
      await page.check("[data-testid=survey-question] input[value='2']");
      await bothSizes(page, "vote-en");
      await page.click("[data-testid=survey-submit]");
      await page.waitForSelector("[data-testid=survey-thanks]");
      expect(await text(page, "[data-testid=survey-thanks] p")).toBe(t.thanks);
      await page.setViewportSize(PHONE);
      await settledShot(page, "surveys/vote-thanks-en-phone");
      await page.setViewportSize(DESK);

      await page.goto(`${world.server.url}/survey?id=${ids.closed}`);
      await tallyShown(page, "en");
      await bothSizes(page, "tally-en");
      await close();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
