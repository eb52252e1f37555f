// Issue 32, the lottery as staff live it: an editor turns an activity whose
// sign-up has not opened into a lottery in its basic info (a draw time
// outside the window is refused at that field), and reopened the window
// shows the commitment published at once; the lotteries page lists it
// beside an activity drawn already (its applications made through the API,
// then the servers' clock moved past its draw time and the draw's job
// waited for), whose draw shows the seed, the ranked applications a page at
// a time, and exports the published draw, which checks out. In Chinese and
// English, at a desk and at 375 px, one journey per screen in one world.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { eq } from "drizzle-orm";
import type { Db } from "../../src/db/client";
import { activities, lotteries, lotteryEntries } from "../../src/db/schema";
import { checkDraw, commitmentOf, newSeed } from "../../src/domains/lottery/draw";
import { ACTIVITY_STATE } from "../../src/protocol/enumerations";
import { formatChinaDateTime } from "../../ui/lib/china-time";
import { makeMembers } from "../helpers/activities";
import { START, movableClock } from "../helpers/clock";
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
  visitor,
  type World,
} from "./support";

const JOURNEY_TIMEOUT_MS = 120_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The activities the editor turns into lotteries, one per screen: sign-up opens in ten days. */
const setupName = (n: number) => ({ zh: `抽签设置活动 ${n}`, en: `Lottery set-up ${n}` });
const SETUP_OPENS = new Date(START.getTime() + 10 * DAY);
const SETUP_CLOSES = new Date(START.getTime() + 20 * DAY);
const SETUP_DRAW = new Date(START.getTime() + 15 * DAY);
const OUTSIDE = new Date(START.getTime() + 25 * DAY);

/** The lottery drawn before the journeys: open now, drawn in two hours, three places. */
const DRAWN = { zh: "抽签体验活动", en: "Lottery trial" };
const DRAWN_AT = new Date(START.getTime() + 2 * HOUR);
const PLACES = 3;
/** Applications made before the world starts (members made for it), beside the demo accounts' through the API: more than a page of 50. */
const EARLIER = 52;
const APPLICANTS = ["cn100001", "cn100002", "cn000001", "cn000002", "cn000003"];
const TOTAL = EARLIER + APPLICANTS.length;

const ids = { setup: [] as number[], drawn: 0 };

async function prepare(db: Db) {
  const [film] = await db.select({ moduleId: activities.moduleId }).from(activities).where(eq(activities.nameEn, "Friday film night"));
  const base = {
    moduleId: film!.moduleId,
    state: ACTIVITY_STATE.ACTIVITY_STATE_NORMAL,
    contentZh: "<p>名额有限，抽签分配。</p>",
    contentEn: "<p>Few places, allocated by lot.</p>",
    createdAt: START,
    updatedAt: START,
  };
  for (let n = 1; n <= FOUR_SCREENS.length; n++) {
    const name = setupName(n);
    const [row] = await db
      .insert(activities)
      .values({ ...base, nameZh: name.zh, nameEn: name.en, signStart: SETUP_OPENS, signEnd: SETUP_CLOSES, cap: 20 })
      .returning({ id: activities.id });
    ids.setup.push(row!.id);
  }
  // As the editor's save leaves a lottery: its draw time, the line on, the seed and its commitment.
  const [drawn] = await db
    .insert(activities)
    .values({ ...base, nameZh: DRAWN.zh, nameEn: DRAWN.en, signStart: new Date(START.getTime() - DAY), signEnd: new Date(START.getTime() + 5 * DAY), cap: PLACES, waitlist: true, drawAt: DRAWN_AT })
    .returning({ id: activities.id });
  ids.drawn = drawn!.id;
  const seed = newSeed();
  await db.insert(lotteries).values({ activityId: ids.drawn, seed, commitment: commitmentOf(seed), createdAt: START });
  const earlier = await makeMembers(db, EARLIER, "ld");
  await db
    .insert(lotteryEntries)
    .values(earlier.map((m, i) => ({ activityId: ids.drawn, userId: m.id, input: { address: null }, createdAt: new Date(START.getTime() - DAY + i * 60_000) })));
}

const clock = movableClock();
let world: World;
let staff: (path: string, input?: Record<string, unknown>) => Promise<Answer>;

beforeAll(async () => {
  world = await preparedWorld(prepare, { env: clock.env });
  staff = await apiAs(world, "cn000001");
  // The lottery's power is the editors' and the administrators', among the roles' other powers.
  const roles = (await staff("/power/status")).list as { nameEn: string; powers: { code: string }[] }[];
  const holders = roles.filter((r) => r.powers.some((p) => p.code === "FUNCTION_ACTIVITY_LOTTERY")).map((r) => r.nameEn);
  expect(holders.sort()).toEqual(["Administrator", "Editor"]);
  for (const account of APPLICANTS) expect((await (await apiAs(world, account))("/lottery/apply", { activity: ids.drawn })).message.code).toBe("SUCCESS");
  // Past the draw time: the draw's job (every 10 s) makes the draw.
  clock.advance(DRAWN_AT.getTime() - START.getTime() + 5 * 60_000);
  await until(async () => (await staff("/lottery/draw", { activity: ids.drawn })).drawnAt, "the draw's job has drawn the trial lottery", 60_000, 250);
}, SETUP_TIMEOUT_MS + 60_000);
afterAll(async () => {
  await stopWorld(world);
  clock.remove();
});

const TEXT = {
  zh: {
    ok: "确定" as const,
    saved: "保存完成",
    hint: "会员在抽签前提交申请；中签者在报名结束前确认；候补按抽签顺序排列。",
    window: "抽签时间须晚于报名开始、早于报名结束（请先填写报名起止时间）。",
    drawn: /^已于 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 完成抽签，名额分配方式与抽签时间不可再修改。$/,
    lotteries: "抽签管理",
    seedLater: "抽签后公布",
    upcoming: "未开始",
    drawnState: "已抽签",
    first: "第 1 位",
    page2: "第 51 位",
    next: "下一页",
    summary: `${TOTAL} 人申请、${PLACES} 个名额：抽签顺位前 ${PLACES} 位中签，其余按顺位候补。`,
  },
  en: {
    ok: "OK" as const,
    saved: "Saved",
    hint: "Members apply until the draw; winners confirm until sign-up ends; the line follows the drawn order.",
    window: "The draw must fall after sign-up opens and before it closes (give both times first).",
    drawn: /^The draw was made at \d{4}-\d{2}-\d{2} \d{2}:\d{2}: the allocation and the draw time can no longer change\.$/,
    lotteries: "Lotteries",
    seedLater: "Published after the draw",
    upcoming: "Upcoming",
    drawnState: "Drawn",
    first: "No. 1",
    page2: "No. 51",
    next: "Next",
    summary: `${TOTAL} applicants for ${PLACES} places: the first ${PLACES} drawn won, the rest wait in line in drawn order.`,
  },
};

/** Fills a date picker's text and closes its calendar. */
async function fillTime(page: Page, selector: string, when: Date) {
  await page.fill(selector, formatChinaDateTime(when));
  await page.press(selector, "Enter");
}

/** Each application shown (a table row on a desk, a card on a phone), by its columns' texts. */
const applications = (page: Page) =>
  page.$$eval("[data-testid=lottery-application]", (items) =>
    items.map((item) => Object.fromEntries([...item.querySelectorAll("[data-column]")].map((cell) => [cell.getAttribute("data-column"), cell.textContent?.trim() ?? ""]))),
  );

const results = (page: Page) => page.$$eval("[data-testid=lottery-application] [data-result]", (cells) => cells.map((c) => c.getAttribute("data-result")));

describe("the staff's lotteries", () => {
  for (const [index, { language, size, viewport }] of FOUR_SCREENS.entries()) {
    const text = TEXT[language];
    const name = setupName(index + 1);
    // The editor in Chinese, the administrator (every power) in English.
    const account = language === "zh" ? "cn000002" : "cn000001";
    const shotName = (step: string) => `lottery-staff/${step}-${language}-${size}`;

    test(`an officer makes an activity a lottery, then reads the lotteries and a drawn one's draw and exports it, in ${language} on a ${size}`, async () => {
      const id = ids.setup[index]!;
      const { page, close } = await visitor(world, { viewport });
      await enter(page, world, account, { language });
      expect(await page.textContent("[data-testid=home-lotteries]")).toBe(text.lotteries);

      // The basic info: first come, first served until the lottery is chosen, then its draw time and hint; the line on and fixed.
      await page.goto(`${world.server.url}/activity/info?id=${id}`);
      await page.click("[data-testid=tool-basicInfo]");
      await page.waitForSelector("[data-testid=basic-info]");
      expect(await page.isChecked("[data-testid=basic-allocation-first]")).toBe(true);
      expect(await page.$("#basic-drawAt")).toBeNull();
      expect(await page.isChecked("[data-testid=basic-waitlist]")).toBe(false);
      await page.check("[data-testid=basic-allocation-lottery]");
      await page.waitForSelector("#basic-drawAt");
      expect(await page.textContent("[data-testid=lottery-hint]")).toBe(text.hint);
      expect(await page.isChecked("[data-testid=basic-waitlist]")).toBe(true);
      expect(await page.isDisabled("[data-testid=basic-waitlist]")).toBe(true);

      // A draw after sign-up closes: the server refuses it, at the draw time.
      await fillTime(page, "#basic-drawAt", OUTSIDE);
      await page.click("[role=dialog] button[type=submit]");
      await page.waitForSelector("#basic-drawAt-error");
      expect(await page.textContent("#basic-drawAt-error")).toBe(text.window);
      expect(await page.getAttribute("#basic-drawAt", "aria-invalid")).toBe("true");
      expect((await staff("/activity/edit/info", { id })).activity.drawAt).toBeNull();

      await fillTime(page, "#basic-drawAt", SETUP_DRAW);
      await page.locator("[data-testid=basic-allocation]").scrollIntoViewIfNeeded();
      await accessible(page, "the allocation");
      await settledShot(page, shotName("editor-allocation"));
      await page.click("[role=dialog] button[type=submit]");
      expect(await messageText(page)).toBe(text.saved);
      await pressOk(page, text.ok);
      await page.waitForSelector("[role=dialog]", { state: "detached" });

      // Saved, and its commitment published at once: the window shows it when opened again.
      const saved = (await staff("/activity/edit/info", { id })).activity;
      expect([saved.drawAt, saved.waitlist]).toEqual([SETUP_DRAW.toISOString(), true]);
      expect(saved.commitment).toMatch(/^[0-9a-f]{64}$/);
      await page.click("[data-testid=tool-basicInfo]");
      await page.waitForSelector("[data-testid=basic-commitment]");
      expect(await page.isChecked("[data-testid=basic-allocation-lottery]")).toBe(true);
      expect(await page.inputValue("#basic-drawAt")).toBe(formatChinaDateTime(SETUP_DRAW));
      expect(await page.textContent("[data-testid=basic-commitment]")).toBe(saved.commitment);
      await page.locator("[data-testid=basic-allocation]").scrollIntoViewIfNeeded();
      await settledShot(page, shotName("editor-commitment"));
      await closeWindow(page);

      // The tool bar's way to its draw: not drawn yet, the commitment shown, the seed to come.
      await page.click("[data-testid=tool-lottery]");
      await page.waitForSelector("[data-testid=lottery-draw][data-state=open]");
      expect(await page.textContent("[data-testid=lottery-commitment]")).toBe(saved.commitment);
      expect(await page.textContent("[data-testid=lottery-seed-later]")).toBe(text.seedLater);
      expect(await page.$("[data-testid=lottery-export]")).toBeNull();

      // The lotteries: this one upcoming, the trial drawn, each with its places and applicants.
      await page.click(`.breadcrumb a[href="/activity/lottery"]`);
      await page.waitForSelector("[data-testid=lotteries][data-state=shown]");
      expect(await page.textContent("main h1")).toBe(text.lotteries);
      const row = (activity: { zh: string; en: string }) => page.locator("[data-testid=lottery-row]", { hasText: activity[language] });
      expect(await row(name).locator("[data-state]").textContent()).toBe(text.upcoming);
      expect(await row(DRAWN).locator("[data-state]").textContent()).toBe(text.drawnState);
      expect(await row(DRAWN).locator("[data-column=places]").textContent()).toBe(String(PLACES));
      expect(await row(DRAWN).locator("[data-column=applicants]").textContent()).toBe(String(TOTAL));
      await accessible(page, "the lotteries");
      await settledShot(page, shotName("list"));

      // The trial's draw: the seed, which hashes to the commitment, and the applications in drawn order.
      await row(DRAWN).locator("[data-testid=lottery-open]").click();
      await page.waitForSelector("[data-testid=lottery-draw][data-state=drawn]");
      const seed = (await page.textContent("[data-testid=lottery-seed]"))!;
      const commitment = (await page.textContent("[data-testid=lottery-commitment]"))!;
      expect(seed).toMatch(/^[0-9a-f]{64}$/);
      expect(createHash("sha256").update(Buffer.from(seed, "hex")).digest("hex")).toBe(commitment);
      expect(await page.textContent("[data-testid=lottery-summary]")).toBe(text.summary);
      const shown = await applications(page);
      expect(shown.length).toBe(50);
      expect(shown[0]!.rank).toBe(text.first);
      // The first drawn hold the places until they confirm; the rest wait in line.
      expect(await results(page)).toEqual([...Array(PLACES).fill("wonOffered"), ...Array(50 - PLACES).fill("waiting")]);
      // Staff read members' phones masked.
      for (const a of shown) expect(a.phone).toMatch(/^(—|1\d{2}\*{4}\d{4})$/);
      await accessible(page, "the draw");
      await settledShot(page, shotName("draw"));

      // The published draw, exported: it checks out, by the seed and the commitment.
      const download = page.waitForEvent("download");
      await page.click("[data-testid=lottery-export]");
      const file = await download;
      expect(file.suggestedFilename()).toBe(`draw-${ids.drawn}.json`);
      const published = JSON.parse(await readFile((await file.path())!, "utf8"));
      expect(checkDraw(published)).toEqual([]);
      expect([published.seed, published.commitment, published.places, published.applicants.length]).toEqual([seed, commitment, PLACES, TOTAL]);

      if (index === 0) {
        // The second page: the rest of the order.
        await page.click(`.pager button:has-text("${text.next}")`);
        await page.waitForFunction((n) => document.querySelectorAll("[data-testid=lottery-application]").length === n, TOTAL - 50);
        expect((await applications(page))[0]!.rank).toBe(text.page2);
        await settledShot(page, shotName("draw-page-2"));
      }

      if (index === FOUR_SCREENS.length - 1) {
        // The trial's window has opened and its draw ran: its allocation is shown, fixed, and why.
        await page.goto(`${world.server.url}/activity/info?id=${ids.drawn}`);
        await page.click("[data-testid=tool-basicInfo]");
        await page.waitForSelector("[data-testid=allocation-fixed]");
        expect(await page.textContent("[data-testid=allocation-fixed]")).toMatch(text.drawn);
        expect(await page.isDisabled("[data-testid=basic-allocation-lottery]")).toBe(true);
        expect(await page.isDisabled("#basic-drawAt")).toBe(true);
        expect(await page.textContent("[data-testid=basic-commitment]")).toBe(commitment);
        await page.locator("[data-testid=basic-allocation]").scrollIntoViewIfNeeded();
        await accessible(page, "the fixed allocation");
        await settledShot(page, shotName("editor-fixed"));
      }
      await close();
    }, JOURNEY_TIMEOUT_MS);
  }
});
