// Issue 32, the lottery, as members live it: cn100001 finds an activity whose
// places go by lottery, reads its draw time, places and fingerprint, applies
// through the activity's normal windows and sees their application number;
// cn100002 applies too (through the API, a second device); the server's clock
// passes the draw time and the draw job runs; cn100001 sees where they were
// drawn, the key now shown, downloads the draw (which recomputes), confirms
// their place in one step and ends signed up. Once: an application withdrawn
// and made again, and the member drawn after the places reading their place
// in line. At a desk and at 375 px, in Chinese and in English, each on an
// activity of its own whose draw falls in its own hour of the moved clock.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import { readFile } from "node:fs/promises";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import type { Db } from "../../src/db/client";
import { activities, lotteries } from "../../src/db/schema";
import { checkDraw, commitmentOf, drawOrder, newSeed } from "../../src/domains/lottery/draw";
import { ACTIVITY_STATE } from "../../src/protocol/enumerations";
import { START, movableClock } from "../helpers/clock";
import { until } from "../helpers/wait";
import { accessible, type Answer, apiAs, FOUR_SCREENS, messageText, preparedWorld, pressOk, settledShot, SETUP_TIMEOUT_MS, enter, stopWorld, test, visitor, type World } from "./support";

const JOURNEY_TIMEOUT_MS = 120_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const trialName = (n: number) => ({ zh: `抽签体验活动 ${n}`, en: `Lottery trial ${n}` });
/** Journey n's draw: half an hour into the n-th hour the clock is moved on, so each journey's move passes its own draw and no later one's. */
const drawAtOf = (n: number) => new Date(START.getTime() + (n + 0.5) * HOUR);

/**
 * A seed whose draw of two applications keeps them in the order made: the
 * first to apply is drawn first. (With two, the order depends on the seed
 * alone, not on the application numbers.)
 */
function firstComesFirst(): string {
  for (;;) {
    const seed = newSeed();
    if (drawOrder(seed, [1, 2])[0] === 1) return seed;
  }
}

/** One lottery per journey: one free place, its commitment published, in the demo module of this year's film night. */
async function makeLotteries(db: Db) {
  const [film] = await db.select({ moduleId: activities.moduleId }).from(activities).where(eq(activities.nameEn, "Friday film night"));
  for (const [n] of FOUR_SCREENS.entries()) {
    const name = trialName(n + 1);
    const [row] = await db
      .insert(activities)
      .values({
        moduleId: film!.moduleId,
        state: ACTIVITY_STATE.ACTIVITY_STATE_NORMAL,
        nameZh: name.zh,
        nameEn: name.en,
        signStart: new Date(START.getTime() - DAY),
        signEnd: new Date(START.getTime() + 30 * DAY),
        cap: 1,
        waitlist: true,
        drawAt: drawAtOf(n),
        contentZh: "<p>名额抽签分配，抽签前提交申请即可。</p>",
        contentEn: "<p>Places go by lottery: apply before the draw.</p>",
        createdAt: START,
        updatedAt: START,
      })
      .returning({ id: activities.id });
    const seed = firstComesFirst();
    await db.insert(lotteries).values({ activityId: row!.id, seed, commitment: commitmentOf(seed), createdAt: START });
  }
}

const clock = movableClock();
let world: World;
beforeAll(async () => {
  world = await preparedWorld(makeLotteries, { env: clock.env });
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await stopWorld(world);
  clock.remove();
});

/** How far the server's clock has been moved on, so a journey moves it to its own hour whatever the one before did. */
let moved = 0;
function moveTo(offset: number) {
  clock.advance(offset - moved);
  moved = offset;
}

const TEXT = {
  zh: {
    ok: "确定" as const,
    title: "本活动名额抽签分配",
    drawAt: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}（北京时间）$/,
    apply: "申请抽签",
    confirmTitle: "确认抽签申请",
    submit: "提交申请",
    applied: /^申请已提交，申请编号 (\d+)。抽签时间为 \d{4}-\d{2}-\d{2} \d{2}:\d{2}（北京时间）。$/,
    yours: (id: number) => new RegExp(`^您已申请：申请编号 ${id}，提交于 \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}$`),
    withdraw: "撤回申请",
    withdrawn: "申请已撤回。",
    drawing: "正在抽签，请稍后刷新查看结果。",
    rank: "您的抽签顺位：第 1 位（2 人申请，1 个名额）",
    held: /^名额为您保留至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}（北京时间）$/,
    lost: "您的抽签顺位：第 2 位（2 人申请，1 个名额）",
    position: "您是候补第 1 位",
    confirm: "确认名额",
    download: "下载抽签结果",
    success: "报名成功！",
    done: "已报名",
  },
  en: {
    ok: "OK" as const,
    title: "Places go by lottery",
    drawAt: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2} \(China time\)$/,
    apply: "Apply",
    confirmTitle: "Confirm your application",
    submit: "Submit application",
    applied: /^Application no\. (\d+) is in\. The draw is at \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(China time\)\.$/,
    yours: (id: number) => new RegExp(`^You applied: application no\\. ${id}, at \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}$`),
    withdraw: "Withdraw",
    withdrawn: "Your application is withdrawn.",
    drawing: "The draw is under way: look again in a moment.",
    rank: "You were drawn number 1 of 2 applicants for 1 place",
    held: /^Your place is held until \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(China time\)$/,
    lost: "You were drawn number 2 of 2 applicants for 1 place",
    position: "You are No. 1 in line",
    confirm: "Confirm my place",
    download: "Download the draw",
    success: "You are signed up!",
    done: "Registration is complete",
  },
};

type Text = (typeof TEXT)["zh"] | (typeof TEXT)["en"];

/** Applies through the activity's windows (a free activity with no steps: the confirmation alone); the application number told. */
async function applyInWindows(page: Page, text: Text, shot: string): Promise<number> {
  await page.click("[data-testid=lottery-apply]");
  await page.waitForSelector("[data-testid=confirm-step]");
  expect(await page.textContent("[role=dialog] .dialog-title h2")).toBe(text.confirmTitle);
  expect(await page.textContent("[data-testid=step-next]")).toBe(text.submit);
  expect(await page.isVisible("[data-testid=apply-note]")).toBe(true);
  await settledShot(page, shot);
  await page.click("[data-testid=step-next]");
  const told = await messageText(page);
  expect(told).toMatch(text.applied);
  await pressOk(page, text.ok);
  const id = Number(text.applied.exec(told)![1]);
  await page.waitForSelector("[data-testid=lottery-entry]");
  expect(await page.textContent("[data-testid=lottery-entry]")).toMatch(text.yours(id));
  expect(await page.$("[data-testid=lottery-apply]")).toBeNull();
  return id;
}

describe("the lottery", () => {
  for (const [index, { language, size, viewport }] of FOUR_SCREENS.entries()) {
    const text = TEXT[language];
    const name = trialName(index + 1);
    const shotName = (step: string) => `lottery/${step}-${language}-${size}`;
    // Once, in English at a desk: withdraw and apply again, and the member drawn after the places.
    const once = index === 2;

    test(`a member applies through the windows, is drawn first, checks the draw and confirms the place, in ${language} on a ${size}`, async () => {
      const other = await apiAs(world, "cn100002");
      const tiles = (await other("/activity/list", { module: (await other("/activity/module/list")).list[0].id })).list as Answer[];
      const id = tiles.find((tile) => tile.nameEn === name.en)!.id as number;

      const { page, close } = await visitor(world, { viewport });
      await enter(page, world, "cn100001", { language });
      await page.goto(`${world.server.url}/activity/info?id=${id}`);
      // Before the draw: how places go, when the draw is, the places, the fingerprint, and "Apply" where "Sign up" was.
      await page.waitForSelector("[data-testid=lottery-apply]");
      expect(await page.textContent("#lottery-title")).toBe(text.title);
      expect(await page.textContent("[data-testid=lottery-draw-at]")).toMatch(text.drawAt);
      expect(await page.textContent("[data-testid=lottery-places]")).toBe("1");
      expect(await page.textContent("[data-testid=lottery-commitment]")).toMatch(/^[0-9a-f]{64}$/);
      expect(await page.$("[data-testid=lottery-seed]")).toBeNull();
      expect(await page.$("[data-testid=sign-up]")).toBeNull();
      expect(await page.$("[data-testid=reason]")).toBeNull();
      expect(await page.textContent("[data-testid=lottery-apply]")).toBe(text.apply);
      const commitment = await page.textContent("[data-testid=lottery-commitment]");
      await accessible(page, "open");
      await settledShot(page, shotName("open"));

      let mine = await applyInWindows(page, text, shotName("apply-window"));
      if (once) {
        // Taken back before the draw (after a confirmation), then made again: a new number.
        await page.click("[data-testid=lottery-withdraw]");
        await page.click(`[role=alertdialog] .button-primary:has-text("${text.withdraw}")`);
        expect(await messageText(page)).toBe(text.withdrawn);
        await pressOk(page, text.ok);
        await page.waitForSelector("[data-testid=lottery-apply]");
        expect((await other("/activity/info", { id })).activity.lottery.applicants).toBe(0);
        const again = await applyInWindows(page, text, shotName("apply-window"));
        expect(again).toBeGreaterThan(mine);
        mine = again;
      }
      expect(await page.textContent("[data-testid=lottery-applicants]")).toBe("1");
      await accessible(page, "applied");
      await settledShot(page, shotName("applied"));

      // The second member applies after: drawn second by this lottery's seed.
      const theirs = await other("/lottery/apply", { activity: id });
      expect(theirs.message.code).toBe("SUCCESS");

      // The server's clock passes the draw; the draw job (every 10 s) makes it.
      moveTo((index + 1) * HOUR);
      // Until the job has run, the page says the draw is under way (unless the job was quicker than the page).
      await page.reload();
      await page.waitForSelector("[data-testid=lottery]");
      if (await page.$("[data-testid=lottery-drawing]")) {
        expect(await page.textContent("[data-testid=lottery-drawing]")).toBe(text.drawing);
        expect(await page.$("[data-testid=lottery-withdraw]")).toBeNull();
      }
      await until(async () => (await other("/activity/info", { id })).activity.lottery.drawnAt, "the draw's job has drawn this activity", 45_000, 300);

      await page.reload();
      await page.waitForSelector("[data-testid=lottery-confirm]");
      expect(await page.textContent("[data-testid=lottery-rank-text]")).toBe(text.rank);
      expect(await page.textContent("[data-testid=lottery-applicants]")).toBe("2");
      expect(await page.textContent("[data-testid=lottery-commitment]")).toBe(commitment);
      const seed = (await page.textContent("[data-testid=lottery-seed]"))!;
      expect(seed).toMatch(/^[0-9a-f]{64}$/);
      expect(commitmentOf(seed)).toBe(commitment!);
      expect(await page.textContent("[data-testid=lottery-confirm]")).toBe(text.confirm);
      expect(await page.textContent("[data-testid=waitlist-offer] strong")).toMatch(text.held);
      // The held place's decline is the line's own; "Sign up now" gives way to the one-step confirmation.
      expect(await page.isVisible("[data-testid=waitlist-decline]")).toBe(true);
      expect(await page.$("[data-testid=waitlist-sign-up]")).toBeNull();
      await accessible(page, "won");
      await settledShot(page, shotName("won"));

      // The draw as a file: the one scripts/verify-draw.ts reads, and it recomputes.
      expect(await page.textContent("[data-testid=lottery-download]")).toBe(text.download);
      const [download] = await Promise.all([page.waitForEvent("download"), page.click("[data-testid=lottery-download]")]);
      expect(download.suggestedFilename()).toBe(`draw-${id}.json`);
      const draw = JSON.parse(await readFile((await download.path())!, "utf8"));
      expect(draw).toEqual({ commitment, seed, applicants: [mine, theirs.id], order: [mine, theirs.id], places: 1 });
      expect(checkDraw(draw)).toEqual([]);

      if (once) {
        // The member drawn after the places: their number in the draw, and their place in line below it.
        const loser = await visitor(world, { viewport });
        await enter(loser.page, world, "cn100002", { language });
        await loser.page.goto(`${world.server.url}/activity/info?id=${id}`);
        await loser.page.waitForSelector("[data-testid=waitlist-position]");
        expect(await loser.page.textContent("[data-testid=lottery-rank-text]")).toBe(text.lost);
        expect(await loser.page.textContent("[data-testid=waitlist-position]")).toBe(text.position);
        expect(await loser.page.$("[data-testid=lottery-confirm]")).toBeNull();
        await accessible(loser.page, "drawn after the places");
        await settledShot(loser.page, shotName("not-won"));
        await loser.close();
      }

      // One press: signed up with what was applied with.
      await page.click("[data-testid=lottery-confirm]");
      expect(await messageText(page)).toBe(text.success);
      await pressOk(page, text.ok);
      await page.waitForFunction((done) => document.querySelector("[data-testid=reason]")?.textContent === done, text.done);
      expect(await page.$("[data-testid=lottery-confirm]")).toBeNull();
      expect(await page.textContent("[data-testid=lottery-rank-text]")).toBe(text.rank);
      await settledShot(page, shotName("signed-up"));
      expect((await other("/activity/info", { id })).activity.stock).toBe(0);
      await close();
    }, JOURNEY_TIMEOUT_MS);
  }
});
