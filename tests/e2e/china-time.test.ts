// Sign-up windows are China time (UTC+8) whatever the visitor's zone: a
// member browsing from New York reads the same dates and times as one in
// Beijing. The demo's activities open three days before the test clock's
// start (2026-03-02 09:30 in Beijing, the evening before in New York).
import { afterAll, beforeAll, describe, expect } from "bun:test";
import type { Page } from "playwright-core";
import { DESK, PHONE, SETUP_TIMEOUT_MS, type World, settledShot, enter, startWorld, stopWorld, test, visitor } from "./support";

let world: World;
beforeAll(async () => {
  world = await startWorld();
}, SETUP_TIMEOUT_MS);
afterAll(() => stopWorld(world));

const READING = { zh: "午间读书分享会", en: "Lunchtime book club" } as const;

/** The sign-up window as the tile and the activity page show it. */
async function windowShown(page: Page, language: "zh" | "en") {
  await page.goto(`${world.server.url}/activity`);
  await page.click("[data-testid=module-tile] >> nth=0");
  const tile = page.locator(`[data-testid=activity-tile]:has-text("${READING[language]}")`);
  const tileDates = (await tile.locator(".tile-dates").textContent())!.replace(/\s+/g, " ").trim();
  const tileEvent = (await tile.locator("[data-testid=tile-event]").textContent())!.replace(/\s+/g, " ").trim();
  await tile.click();
  await page.waitForSelector("[data-testid=activity]");
  const text = (id: string) => page.textContent(`[data-testid=${id}]`);
  return { tileDates, tileEvent, start: await text("sign-start"), end: await text("sign-end"), when: await text("event-time"), where: await text("event-place") };
}

describe("China time abroad", () => {
  for (const { language, size, viewport } of [
    { language: "en", size: "desk", viewport: DESK },
    { language: "zh", size: "phone", viewport: PHONE },
  ] as const) {
    test(`a member in New York reads an activity's sign-up window in China time, in ${language} on a ${size}`, async () => {
      const abroad = await visitor(world, { viewport, timezoneId: "America/New_York" });
      await enter(abroad.page, world, "cn100001", { language });
      // The browser really is in New York: its own clock says the evening of 1 March.
      expect(await abroad.page.evaluate(() => new Date().getDate())).toBe(1);
      const shown = await windowShown(abroad.page, language);
      // Opened three days before 09:30 on 2 March in Beijing (seeded within minutes of the clock's start);
      // New York's wall clock would say the 26th, in the evening.
      expect(shown.start).toMatch(/^2026-02-27 09:[3-5]\d$/);
      expect(shown.end).toMatch(/^2026-04-01 09:[3-5]\d$/);
      expect(shown.tileDates).toBe("2026-02-27 – 2026-04-01");
      // Where and when it takes place (issue 29), on the tile and the page: 12:30 to 13:30 in Beijing, a week on.
      const place = { zh: "总部大楼三楼图书角", en: "Reading corner, 3rd floor, head office" }[language];
      expect(shown.when).toBe("2026-03-09 12:30 – 13:30");
      expect(shown.where).toBe(place);
      expect(shown.tileEvent).toBe(`${language === "zh" ? "活动时间" : "When"} 2026-03-09 12:30 – 13:30 · ${place}`);
      await settledShot(abroad.page, `china-time/activity-new-york-${language}-${size}`);
      await abroad.close();

      // A member in Beijing reads exactly the same.
      const home = await visitor(world, { viewport, timezoneId: "Asia/Shanghai" });
      await enter(home.page, world, "cn100001", { language });
      expect(await windowShown(home.page, language)).toEqual(shown);
      await home.close();
    });
  }
});

/** Every date and time the page's main content shows, once the list it waits for has drawn. */
async function datesOn(page: Page, url: string, ready: string): Promise<string[]> {
  await page.goto(url);
  await page.waitForSelector(ready);
  await page.waitForLoadState("networkidle");
  return page.$$eval("main", (mains) => mains.flatMap((m) => m.innerText.match(/\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?/g) ?? []));
}

describe("China time on every screen (issue 29)", () => {
  const screens: { account: string; path: string; ready: string }[] = [
    { account: "cn100001", path: "/information?page=order", ready: "[data-testid=order-row], .order-card, [data-testid=list-empty]" },
    { account: "cn100001", path: "/information?page=integral", ready: "table, .card-list, [data-testid=list-empty]" },
    { account: "cn100001", path: "/news/list?type=notice", ready: "time.news-notice-date" },
    { account: "cn100001", path: "/session/list", ready: "[data-testid=chat-card], [data-testid=chat-session], [data-testid=list-empty]" },
    { account: "cn000001", path: "/system", ready: "[data-testid=chat-session]" },
    { account: "cn000001", path: "/operation/user", ready: "[data-testid=member-row]" },
  ];
  for (const [account, who] of [["cn100001", "a member"], ["cn000001", "an officer"]] as const) {
    test(`${who} in New York reads every date as one in Beijing does, and the page says once that times are China time`, async () => {
      const [abroad, home] = await Promise.all([
        visitor(world, { viewport: DESK, timezoneId: "America/New_York" }),
        visitor(world, { viewport: DESK, timezoneId: "Asia/Shanghai" }),
      ]);
      await Promise.all([enter(abroad.page, world, account, { language: "en" }), enter(home.page, world, account, { language: "en" })]);
      for (const s of screens.filter((x) => x.account === account)) {
        // The two browsers read the same screen side by side.
        const [there, here] = await Promise.all([
          datesOn(abroad.page, `${world.server.url}${s.path}`, s.ready),
          datesOn(home.page, `${world.server.url}${s.path}`, s.ready),
        ]);
        expect({ path: s.path, dates: there }).toEqual({ path: s.path, dates: here });
        if (s.path !== "/information?page=integral") expect({ path: s.path, some: there.length > 0 }).toEqual({ path: s.path, some: true });
      }
      expect(await abroad.page.textContent("[data-testid=china-time-note]")).toBe("All times on this site are China time (UTC+8)");
      expect(await home.page.locator("[data-testid=china-time-note]").count()).toBe(0);
      if (account === "cn000001") await settledShot(abroad.page, "china-time/operation-user-new-york-en-desk");
      await abroad.close();
      await home.close();
    });
  }
});
