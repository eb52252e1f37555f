// Issue 20 item 4 as the demo member cn100001 uses it, in both languages on
// a desk and a phone: a sign-up for the book club and its calendar file from
// the success message, the film night's from the order's detail, then the
// private feed address made on the security page, read as a calendar app
// reads it (both live sign-ups, not the cancelled one), turned off, and read
// again: 404. Each journey cancels its book-club sign-up at the end (through
// the API), so the next one finds the seeded state.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import { readFile } from "node:fs/promises";
import { shot } from "../helpers/browser";
import { accessible, type Answer, apiAs, messageText, pressOk, settle, SETUP_TIMEOUT_MS, enter, startWorld, stopWorld, test, visitor, type World, FOUR_SCREENS } from "./support";

const JOURNEY_TIMEOUT_MS = 120_000;

let world: World;
beforeAll(async () => {
  world = await startWorld();
}, SETUP_TIMEOUT_MS);
afterAll(() => stopWorld(world));

const TEXT = {
  zh: {
    ok: "确定" as const,
    film: "周五电影夜",
    reading: "午间读书分享会",
    signedUp: "报名成功！",
    add: "加入日历",
    place: "工会活动中心多功能厅",
    make: "生成订阅地址",
    revoke: "停用",
    revoked: "订阅地址已停用",
    none: "尚未生成订阅地址",
    copied: "已复制订阅地址",
    calendarName: "工会活动",
  },
  en: {
    ok: "OK" as const,
    film: "Friday film night",
    reading: "Lunchtime book club",
    signedUp: "You are signed up!",
    add: "Add to calendar",
    place: "Multi-purpose hall, union centre",
    make: "Make a feed address",
    revoke: "Turn off",
    revoked: "The feed address is turned off",
    none: "No feed address yet",
    copied: "The feed address is copied",
    calendarName: "Union activities",
  },
};

/** cn100001's live book-club orders cancelled through the API, as a second device would. */
async function cancelReading() {
  const call = await apiAs(world, "cn100001");
  const list = (await call("/order/list", { index: 1 })).list as Answer[];
  for (const order of list.filter((o) => o.nameEn === "Lunchtime book club" && o.state.id !== 203))
    expect((await call("/order/cancel", { id: order.id })).message.code).toBe("SUCCESS");
}

describe("calendar files and the private feed", () => {
  for (const { language, size, viewport } of FOUR_SCREENS) {
    const text = TEXT[language];
    const name = (step: string) => `calendar-${step}-${language}-${size}`;

    test(
      `a member adds a sign-up to their calendar and makes, reads and turns off a feed address, in ${language} on a ${size}`,
      async () => {
        const { context, page, close } = await visitor(world, { viewport });
        await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: world.server.url });
        await enter(page, world, "cn100001", { language });

        // A sign-up: the success message offers its calendar file beside OK.
        await page.goto(`${world.server.url}/activity`);
        await page.click("[data-testid=module-tile] >> nth=0");
        await page.waitForSelector("[data-testid=activity-tile]");
        await page.click(`[data-testid=activity-tile]:has-text("${text.reading}")`);
        await page.waitForSelector("[data-testid=activity] [data-testid=sign-up]");
        await page.click("[data-testid=sign-up]");
        await page.waitForSelector("[data-testid=confirm-step]");
        await page.click("[data-testid=step-next]");
        expect(await messageText(page)).toBe(text.signedUp);
        await settle(page);
        await shot(page, name("signed"), { fullPage: false });
        const [signedFile] = await Promise.all([page.waitForEvent("download"), page.click(`[role=alertdialog] [data-testid=add-to-calendar]:has-text("${text.add}")`)]);
        const signedIcs = await readFile((await signedFile.path())!, "utf8");
        expect(signedIcs).toContain(`SUMMARY;LANGUAGE=${language === "en" ? "en" : "zh-CN"}:${text.reading}\r\n`);
        expect(signedIcs).toMatch(/\r\nDTSTART;TZID=Asia\/Shanghai:\d{8}T123000\r\n/);
        // OK still closes it.
        await pressOk(page, text.ok);

        // The order: when and where, and its calendar file.
        await page.goto(`${world.server.url}/information?page=order`);
        await page.waitForSelector("[data-testid=order-row]");
        await page.locator("[data-testid=order-row]", { hasText: text.film }).locator("[data-action=detail]").click();
        await page.waitForSelector("[data-testid=order-detail] [data-testid=add-to-calendar]");
        expect(await page.textContent("[data-testid=order-detail] [data-fact=event-place]")).toBe(text.place);
        expect(await page.textContent("[data-testid=order-detail] [data-fact=event-time]")).toMatch(/^\d{4}-\d{2}-\d{2} 19:00 – 21:00$/);
        await accessible(page, "order detail");
        await shot(page, name("order"), { fullPage: false });
        const [download] = await Promise.all([page.waitForEvent("download"), page.click(`[data-testid=add-to-calendar]:has-text("${text.add}")`)]);
        expect(download.suggestedFilename()).toMatch(/^A\d+\.ics$/);
        const ics = await readFile((await download.path())!, "utf8");
        expect(ics).toStartWith("BEGIN:VCALENDAR\r\n");
        expect(ics).toContain("BEGIN:VTIMEZONE\r\nTZID:Asia/Shanghai\r\n");
        expect(ics).toMatch(/\r\nDTSTART;TZID=Asia\/Shanghai:\d{8}T190000\r\n/);
        expect(ics).toContain(`SUMMARY;LANGUAGE=${language === "en" ? "en" : "zh-CN"}:${text.film}\r\n`);
        await page.click("[role=dialog] .dialog-close");
        await page.waitForSelector("[data-testid=order-detail]", { state: "detached" });

        // The security page: no address yet; make one.
        await page.goto(`${world.server.url}/information?page=security`);
        await page.waitForSelector("[data-testid=calendar-feed][data-state=off]");
        expect(await page.textContent("[data-testid=calendar-feed-state]")).toBe(text.none);
        await page.click(`[data-testid=calendar-feed-make]:has-text("${text.make}")`);
        await page.waitForSelector("[data-testid=calendar-feed-fresh]");
        const address = await page.inputValue("[data-testid=calendar-feed-address]");
        expect(address).toMatch(new RegExp(`^${world.server.url}/api/calendar/feed\\?token=[A-Za-z0-9_-]{43}$`));
        await page.click("[data-testid=calendar-feed-copy]");
        expect(await messageText(page)).toBe(text.copied);
        await pressOk(page, text.ok);
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
        await accessible(page, "security page with a fresh feed address");
        await page.locator("[data-testid=calendar-feed]").scrollIntoViewIfNeeded();
        await shot(page, name("feed"));

        // A calendar app reads it: no session, no envelope.
        const read = await fetch(address);
        expect(read.status).toBe(200);
        expect(read.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
        const feed = await read.text();
        expect(feed).toContain(`X-WR-CALNAME:${text.calendarName}\r\n`);
        // The book club (in a week) before the film night (in three); the seeded cancelled book-club order is not there.
        expect([...feed.matchAll(/^SUMMARY[^:]*:(.*)\r$/gm)].map((m) => m[1])).toEqual([text.reading, text.film]);

        // Turned off: the address answers 404 at once.
        await page.click("[data-testid=calendar-feed-revoke]");
        await page.click(`[role=alertdialog] .button-primary:has-text("${text.revoke}")`);
        expect(await messageText(page)).toBe(text.revoked);
        await pressOk(page, text.ok);
        await page.waitForSelector("[data-testid=calendar-feed][data-state=off]");
        expect(await page.isVisible("[data-testid=calendar-feed-fresh]")).toBe(false);
        expect((await fetch(address)).status).toBe(404);
        await page.locator("[data-testid=calendar-feed]").scrollIntoViewIfNeeded();
        await shot(page, name("revoked"), { fullPage: false });
        await close();
        await cancelReading();
      },
      JOURNEY_TIMEOUT_MS,
    );
  }
});
