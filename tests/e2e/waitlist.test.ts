// Issue 20, the waiting list, as members live it: cn100002 signs up for the
// last place of an activity (through the API, a second device), cn100001
// finds it full and joins the waiting list in the browser, cn100002 cancels,
// and cn100001 sees the place held for them on their order list, presses
// "Sign up now" and signs up through the activity's normal windows. At a desk
// and at 375 px, in Chinese and in English, each on an activity of its own.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import { eq } from "drizzle-orm";
import type { Db } from "../../src/db/client";
import { activities } from "../../src/db/schema";
import { ACTIVITY_STATE } from "../../src/protocol/enumerations";
import { START } from "../helpers/clock";
import { accessible, type Answer, apiAs, messageText, preparedWorld, pressOk, settledShot, SETUP_TIMEOUT_MS, enter, stopWorld, test, visitor, type World, FOUR_SCREENS } from "./support";

const JOURNEY_TIMEOUT_MS = 120_000;
const DAY = 86_400_000;

const trialName = (n: number) => ({ zh: `候补体验活动 ${n}`, en: `Waiting-list trial ${n}` });

/** One full-to-be activity per journey, one place, its line open, in the demo module of this year's film night. */
async function makeTrials(db: Db) {
  const [film] = await db.select({ moduleId: activities.moduleId }).from(activities).where(eq(activities.nameEn, "Friday film night"));
  // Two more, line closed, for the editor's journeys; two more, line open, for the staff's read of it.
  for (let n = 0; n < FOUR_SCREENS.length + 4; n++) {
    const name = trialName(n + 1);
    await db.insert(activities).values({
      moduleId: film!.moduleId,
      state: ACTIVITY_STATE.ACTIVITY_STATE_NORMAL,
      nameZh: name.zh,
      nameEn: name.en,
      signStart: new Date(START.getTime() - DAY),
      signEnd: new Date(START.getTime() + 30 * DAY),
      cap: 1,
      waitlist: n < FOUR_SCREENS.length || n >= FOUR_SCREENS.length + 2,
      allowCancel: true,
      allowCancelDate: new Date(START.getTime() + 20 * DAY),
      contentZh: "<p>名额有限，满员后可加入候补。</p>",
      contentEn: "<p>Few places: once full, join the waiting list.</p>",
      createdAt: START,
      updatedAt: START,
    });
  }
}

let world: World;
beforeAll(async () => {
  world = await preparedWorld(makeTrials);
}, SETUP_TIMEOUT_MS);
afterAll(() => stopWorld(world));

/** cn100002 through the API: the member who holds the last place, then gives it up. */
const holderApi = () => apiAs(world, "cn100002");

const TEXT = {
  zh: {
    ok: "确定" as const,
    full: "名额已满",
    join: "加入候补",
    joined: "已加入候补，您是第 1 位。",
    position: "您是候补第 1 位",
    title: "我的候补",
    held: "名额保留中",
    until: /^保留至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}（北京时间）$/,
    offer: /^候补名额已为您保留至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}（北京时间）/,
    signUpNow: "立即报名",
    success: "报名成功！",
    done: "已报名",
  },
  en: {
    ok: "OK" as const,
    full: "Registration is full",
    join: "Join the waiting list",
    joined: "You are on the waiting list, No. 1 in line.",
    position: "You are No. 1 in line",
    title: "My waiting lists",
    held: "Place held",
    until: /^Held until \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(China time\)$/,
    offer: /^A place is held for you until \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(China time\)/,
    signUpNow: "Sign up now",
    success: "You are signed up!",
    done: "Registration is complete",
  },
};

describe("the waiting list", () => {
  for (const [index, { language, size, viewport }] of FOUR_SCREENS.entries()) {
    const text = TEXT[language];
    const name = trialName(index + 1);
    const shotName = (step: string) => `waitlist/${step}-${language}-${size}`;

    test(`a member joins the line of a full activity, gets the place a cancel frees and signs up from the order list, in ${language} on a ${size}`, async () => {
      const holder = await holderApi();
      const tiles = (await holder("/activity/list", { module: (await holder("/activity/module/list")).list[0].id })).list as Answer[];
      const id = tiles.find((tile) => tile.nameEn === name.en)!.id as number;
      const signed = await holder("/order/sign", { activity: id });
      expect(signed.message.code).toBe("SUCCESS");

      const { page, close } = await visitor(world, { viewport });
      await enter(page, world, "cn100001", { language });
      await page.goto(`${world.server.url}/activity/info?id=${id}`);
      // Full: the reason stays, and beside it the way into the line instead of a dead button.
      await page.waitForSelector("[data-testid=waitlist-join]");
      expect(await page.textContent("[data-testid=reason]")).toBe(text.full);
      expect(await page.textContent("[data-testid=waitlist-join]")).toBe(text.join);
      expect(await page.$("[data-testid=sign-up]")).toBeNull();
      await accessible(page, "full");
      await settledShot(page, shotName("full"));

      await page.click("[data-testid=waitlist-join]");
      expect(await messageText(page)).toBe(text.joined);
      await pressOk(page, text.ok);
      await page.waitForSelector("[data-testid=waitlist-position]");
      expect(await page.textContent("[data-testid=waitlist-position]")).toBe(text.position);
      await accessible(page, "in line");
      await settledShot(page, shotName("in-line"));

      // The holder gives the place up: it is held for cn100001, not free for anyone.
      expect((await holder("/order/cancel", { id: signed.order })).message.code).toBe("SUCCESS");
      expect((await holder("/activity/info", { id })).activity.stock).toBe(0);

      // The order list shows the place held, until when, and the way to take it.
      await page.goto(`${world.server.url}/information?page=order`);
      const entry = page.locator("[data-testid=waitlist-entry][data-state=offered]", { hasText: name[language] });
      await entry.waitFor();
      expect(await page.textContent("#waitlist-mine-title")).toBe(text.title);
      expect(await entry.locator(".state-tag").textContent()).toBe(text.held);
      expect(await entry.locator(".muted").textContent()).toMatch(text.until);
      await accessible(page, "orders");
      await settledShot(page, shotName("orders-offer"));

      // The activity's page says the same.
      await page.goto(`${world.server.url}/activity/info?id=${id}`);
      await page.waitForSelector("[data-testid=waitlist-offer]");
      expect(await page.textContent("[data-testid=waitlist-offer] strong")).toMatch(text.offer);
      await accessible(page, "offer");
      await settledShot(page, shotName("activity-offer"));

      // "Sign up now" on the order list opens the activity's normal sign-up windows on the held place.
      await page.goto(`${world.server.url}/information?page=order`);
      await entry.waitFor();
      await entry.locator("[data-testid=waitlist-offer-sign-up]").click();
      await page.waitForSelector("[data-testid=confirm-step]");
      await settledShot(page, shotName("confirm"));
      await page.click("[data-testid=step-next]");
      expect(await messageText(page)).toBe(text.success);
      await pressOk(page, text.ok);
      await page.waitForFunction((done) => document.querySelector("[data-testid=reason]")?.textContent === done, text.done);
      expect(await page.$("[data-testid=waitlist-offer]")).toBeNull();
      await settledShot(page, shotName("signed-up"));

      // The order is on the list, and the offer is gone from it.
      await page.goto(`${world.server.url}/information?page=order`);
      await page.locator("[data-testid=order-row]", { hasText: name[language] }).first().waitFor();
      expect(await page.$("[data-testid=waitlist-mine]")).toBeNull();
      await close();
    }, JOURNEY_TIMEOUT_MS);
  }
});

const EDITOR_TEXT = {
  zh: { label: "满员后允许候补", hint: /名额已满时会员可加入候补/, saved: "保存完成", ok: "确定" as const },
  en: { label: "Waiting list when full", hint: /members may join a waiting list once the activity is full/, saved: "Saved", ok: "OK" as const },
};

describe("the editor's switch", () => {
  // The last two of the four screens: English at a desk, Chinese at 375 px.
  for (const [index, { language, size, viewport }] of FOUR_SCREENS.slice(2).entries()) {
    const text = EDITOR_TEXT[language];
    const name = trialName(FOUR_SCREENS.length + index + 1);
    test(`an editor opens an activity's waiting list in its basic info, in ${language} on a ${size}`, async () => {
      const holder = await holderApi();
      const tiles = (await holder("/activity/list", { module: (await holder("/activity/module/list")).list[0].id })).list as Answer[];
      const id = tiles.find((tile) => tile.nameEn === name.en)!.id as number;
      expect((await holder("/activity/info", { id })).activity.waitlist.enabled).toBe(false);

      const { page, close } = await visitor(world, { viewport });
      await enter(page, world, "cn000002", { language });
      await page.goto(`${world.server.url}/activity/info?id=${id}`);
      await page.click("[data-testid=tool-basicInfo]");
      await page.waitForSelector("[data-testid=basic-info]");
      const box = page.locator("[data-testid=basic-waitlist]");
      expect(await box.isChecked()).toBe(false);
      expect(await page.locator("label.editor-check", { has: box }).textContent()).toBe(text.label);
      expect(await page.textContent("[data-testid=waitlist-hint]")).toMatch(text.hint);
      await box.check();
      await page.locator("[data-testid=waitlist-hint]").scrollIntoViewIfNeeded();
      await accessible(page, "editor");
      await settledShot(page, `waitlist/editor-${language}-${size}`);
      await page.click("[role=dialog] button[type=submit]");
      expect(await messageText(page)).toBe(text.saved);
      await pressOk(page, text.ok);
      await page.waitForSelector("[role=dialog]", { state: "detached" });
      // Saved on the server: members now see the line on this activity.
      expect((await holder("/activity/info", { id })).activity.waitlist.enabled).toBe(true);
      await close();
    }, JOURNEY_TIMEOUT_MS);
  }
});

const LINE_TEXT = {
  zh: { tool: "候补名单", summary: "候补 1 人 · 保留中的名额 1 个", held: "名额保留中", first: "第 1 位", offered: "陈会员" },
  en: { tool: "Waiting list", summary: "Waiting: 1 · Places held for offers: 1", held: "Place held", first: "No. 1", offered: "陈会员" },
};

describe("the staff's read of a line", () => {
  // The last two of the four screens: English at a desk, Chinese at 375 px.
  for (const [index, { language, size, viewport }] of FOUR_SCREENS.slice(2).entries()) {
    const text = LINE_TEXT[language];
    const name = trialName(FOUR_SCREENS.length + 2 + index + 1);
    test(`an editor opens the waiting list: the offer holding a place first, then the line in order, in ${language} on a ${size}`, async () => {
      // Full by cn100002's sign-up; cn100001 and then cn000003 join the line; the cancel offers cn100001 the place.
      const holder = await holderApi();
      const tiles = (await holder("/activity/list", { module: (await holder("/activity/module/list")).list[0].id })).list as Answer[];
      const id = tiles.find((tile) => tile.nameEn === name.en)!.id as number;
      const signed = await holder("/order/sign", { activity: id });
      expect(signed.message.code).toBe("SUCCESS");
      for (const account of ["cn100001", "cn000003"]) expect((await (await apiAs(world, account))("/waitlist/join", { activity: id })).message.code).toBe("SUCCESS");
      expect((await holder("/order/cancel", { id: signed.order })).message.code).toBe("SUCCESS");

      const { page, close } = await visitor(world, { viewport });
      await enter(page, world, "cn000002", { language });
      await page.goto(`${world.server.url}/activity/info?id=${id}`);
      await page.click("[data-testid=tool-waitlist]");
      await page.waitForSelector("[data-testid=waitlist-row]");
      expect(await page.textContent("[data-testid=tool-waitlist]")).toBe(text.tool);
      expect(await page.textContent("[data-testid=waitlist-summary]")).toBe(text.summary);
      const rows = await page.$$eval("[data-testid=waitlist-row]", (items) =>
        items.map((item) => Object.fromEntries([...item.querySelectorAll("[data-column]")].map((cell) => [cell.getAttribute("data-column"), cell.textContent?.trim() ?? ""]))),
      );
      expect(rows.map((r) => [r.place, r.name, r.employees])).toEqual([
        [text.held, text.offered, "cn100001"],
        [text.first, expect.any(String), "cn000003"],
      ]);
      expect(rows[0]!.phone).toBe("139****0001");
      expect(rows[0]!.until).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      expect(rows[1]!.until).toBe("—");
      await accessible(page, "staff line");
      await settledShot(page, `waitlist/staff-line-${language}-${size}`);
      await close();
    }, JOURNEY_TIMEOUT_MS);
  }
});
