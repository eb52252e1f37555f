// Issue 7, what a person sees: the top bar at every width, the personal
// centre's tabs on a phone, lists as tables on a desk and cards on a phone,
// paging in words, a refused date range, names a member understands, and
// long e-mail addresses and order numbers that read whole.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import type { Db } from "../../src/db/client";
import { duesOrders, pointRecords, users } from "../../src/db/schema";
import { ORDER_STATE, POINT_TYPE } from "../../src/protocol/enumerations";
import { AREA_STYLE_SOURCES } from "../../scripts/build";
import { SETUP_TIMEOUT_MS, TEST_TIMEOUT_MS, type World, preparedWorld, settle, stopWorld, settledShot, enter, userId, visitor } from "./support";

type Language = "zh" | "en";
const LANGUAGES: Language[] = ["zh", "en"];
const WIDTHS = { 1366: { width: 1366, height: 860 }, 1024: { width: 1024, height: 768 }, 375: { width: 375, height: 812 } } as const;
const DUES_ORDERS = 16;
const LONG_MAIL = "alexandra.konstantinopoulou@subsidiary-engineering.example.com";

/** The foreign demo member gets 16 dues orders (two pages of 14), points earned and spent, and a long e-mail address. */
async function prepare(db: Db) {
  const id = await userId(db, "cn100002");
  await db.update(users).set({ mail: LONG_MAIL }).where(eq(users.id, id));
  const earned = new Date(Date.UTC(2025, 4, 6, 1, 0));
  await db.insert(pointRecords).values([
    { userId: id, count: 30000, remaining: 28000, type: POINT_TYPE.POINT_TYPE_ENTRY, expiresAt: new Date(Date.UTC(2099, 0, 1)), descZh: "年度福利积分", descEn: "Annual welfare points", createdAt: earned },
    { userId: id, count: -2000, remaining: 0, type: POINT_TYPE.POINT_TYPE_OUT, expiresAt: null, descZh: "兑换礼品", descEn: "Gift redemption", createdAt: new Date(earned.getTime() + 86_400_000) },
  ]);
  await db.insert(duesOrders).values(
    Array.from({ length: DUES_ORDERS }, (_, i) => {
      const year = 2010 + i;
      const createdAt = new Date(Date.UTC(year, 2, 1, 2, 30));
      const paid = i % 2 === 0;
      return {
        sysTrade: `D${year}0301023000${(0x9f3c0ac57f55f9c0n + BigInt(i)).toString(16).toUpperCase()}`,
        userId: id,
        year,
        nameZh: `${year}年度工会会费`,
        nameEn: `Union dues ${year}`,
        amount: 6000,
        state: paid ? ORDER_STATE.ORDER_STATE_SUCCESS : ORDER_STATE.ORDER_STATE_CANCEL,
        payTrade: paid ? `SBX${(0x37c2cb4369a91e06n + BigInt(i)).toString(16).toUpperCase()}` : null,
        createdAt,
        expiresAt: new Date(createdAt.getTime() + 15 * 60_000),
        payDate: paid ? new Date(createdAt.getTime() + 60_000) : null,
      };
    }),
  );
}

let world: World;
beforeAll(async () => {
  world = await preparedWorld(prepare);
}, SETUP_TIMEOUT_MS * 2);
afterAll(() => stopWorld(world));

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function openCentre(page: Page, name: string, ready: string) {
  await page.goto(`${world.server.url}/information?page=${name}`);
  await page.waitForSelector(ready);
}

describe("the top bar", () => {
  for (const language of LANGUAGES) {
    test(`every entry of an administrator's top bar is whole and the page never scrolls sideways, at 1366, 1024 and 375 px, in ${language}`, async () => {
      const { page, close } = await visitor(world, { viewport: WIDTHS[1366] });
      await enter(page, world, "cn000001", { language });
      for (const width of [1366, 1024] as const) {
        await page.setViewportSize(WIDTHS[width]);
        await page.waitForFunction((w) => window.innerWidth === w, width);
        expect(await noSidewaysScroll(page)).toBe(true);
        // Each entry, Sign out included, lies inside the bar and shows its whole label.
        const entries = await page.$$eval(".topbar [data-nav], .topbar .language-toggle", (els) =>
          els.map((el) => {
            const box = el.getBoundingClientRect();
            return { name: el.getAttribute("data-nav") ?? "language", inside: box.left >= 0 && box.right <= window.innerWidth, whole: el.scrollWidth <= el.clientWidth };
          }),
        );
        expect(entries.map((e) => e.name)).toEqual(["home", "activities", "messages", "centre", "members", "language", "system", "logout"]);
        expect(entries.filter((e) => !e.inside || !e.whole)).toEqual([]);
        await settledShot(page, `topbar-${language}-${width}`);
      }
      await page.setViewportSize(WIDTHS[375]);
      await page.waitForFunction(() => window.innerWidth === 375);
      expect(await noSidewaysScroll(page)).toBe(true);
      await page.click(".menu-button");
      await page.waitForSelector(".main-nav.open [data-nav=logout]", { state: "visible" });
      const outside = await page.$$eval(".main-nav.open [data-nav]", (els) => els.filter((el) => el.getBoundingClientRect().right > window.innerWidth).length);
      expect(outside).toBe(0);
      await settledShot(page, `topbar-${language}-375-menu`);
      await close();
    }, TEST_TIMEOUT_MS);
  }
});

describe("the personal centre on a phone", () => {
  for (const language of LANGUAGES) {
    test(`the centre's tabs are one size, three to a row, each name whole, in ${language}`, async () => {
      const { page, close } = await visitor(world, { viewport: WIDTHS[375] });
      await enter(page, world, "cn100002", { language });
      await openCentre(page, "integral", "[data-testid=points-row]");
      const tabs = await page.$$eval(".centre-menu a", (els) =>
        els.map((el) => {
          const box = el.getBoundingClientRect();
          return { width: Math.round(box.width), left: Math.round(box.left), top: Math.round(box.top), whole: el.scrollWidth <= el.clientWidth };
        }),
      );
      // Eight pages and the member card (paid this year): three rows of three, none left alone on a row.
      expect(tabs).toHaveLength(9);
      expect(new Set(tabs.map((tab) => tab.width)).size).toBe(1);
      expect(tabs.filter((tab) => tab.top === tabs[0]!.top)).toHaveLength(3);
      expect(tabs.slice(3, 6).map((tab) => tab.left)).toEqual(tabs.slice(0, 3).map((tab) => tab.left));
      expect(tabs.slice(6).map((tab) => tab.left)).toEqual(tabs.slice(0, 3).map((tab) => tab.left));
      expect(tabs.every((tab) => tab.whole)).toBe(true);
      // The points are cards, not a table to scroll sideways.
      expect(await page.$$(".centre-section table")).toHaveLength(0);
      expect(await page.$$("li[data-testid=points-row]")).toHaveLength(2);
      expect(await noSidewaysScroll(page)).toBe(true);
      await settledShot(page, `points-cards-${language}-375`);
      await close();
    }, TEST_TIMEOUT_MS);
  }
});

const DUES = {
  zh: { page1: "共 16 条，第 1/2 页", page2: "共 16 条，第 2/2 页", missing: "没有第 7 页，现在显示的是第 2 页", next: "下一页" },
  en: { page1: "16 records, page 1 of 2", page2: "16 records, page 2 of 2", missing: "There is no page 7; this is page 2", next: "Next" },
};

/** How many lines an element's text takes. */
const linesOf = (page: Page, selector: string) =>
  page.$$eval(selector, (els) =>
    els.map((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    }),
  );

describe("the dues orders", () => {
  for (const language of LANGUAGES) {
    test(`a table of 14 lines on a desk, whole order numbers, paging in words and a page that does not exist named, in ${language}`, async () => {
      const text = DUES[language];
      const { page, close } = await visitor(world, { viewport: WIDTHS[1366] });
      await enter(page, world, "cn100002", { language });
      await openCentre(page, "member", "[data-testid=dues-row]");
      for (const width of [1366, 1024] as const) {
        await page.setViewportSize(WIDTHS[width]);
        await page.waitForFunction((w) => window.innerWidth === w, width);
        expect(await page.$$("tr[data-testid=dues-row]")).toHaveLength(14);
        expect(await page.textContent(".pager-summary")).toBe(text.page1);
        expect(await linesOf(page, "[data-testid=dues-trade]")).toEqual(Array(14).fill(1));
        expect(await noSidewaysScroll(page)).toBe(true);
        await settledShot(page, `dues-table-${language}-${width}`);
      }

      // Where a table would not fit beside the menu, the list is cards rather than a table to scroll sideways.
      await page.setViewportSize({ width: 920, height: 768 });
      await page.waitForFunction(() => window.innerWidth === 920);
      expect(await page.$$("[data-testid=dues-row]")).toHaveLength(14);
      expect(await page.$$eval(".table-wrap", (wraps) => wraps.filter((wrap) => wrap.scrollWidth > wrap.clientWidth).length)).toBe(0);
      if (language === "en") expect(await page.$$("li[data-testid=dues-row]")).toHaveLength(14);
      expect(await noSidewaysScroll(page)).toBe(true);
      await settledShot(page, `dues-${language}-920`);
      await page.setViewportSize(WIDTHS[1024]);

      // The last page: its two orders, padded to the spec's 14 lines.
      await page.click(`.pager button:has-text("${text.next}")`);
      await page.waitForFunction((summary) => document.querySelector(".pager-summary")?.textContent === summary, text.page2);
      expect(await page.$$("tr[data-testid=dues-row]")).toHaveLength(2);
      expect(await page.$$("tr.table-blank")).toHaveLength(12);

      // Page 7 does not exist: the last page stays, and the bar says why.
      await page.fill(".pager-input", "7");
      await page.press(".pager-input", "Enter");
      await page.waitForSelector(".pager-missing");
      expect(await page.textContent(".pager-missing")).toBe(text.missing);
      expect(await page.textContent(".pager-summary")).toBe(text.page2);
      expect(await page.inputValue(".pager-input")).toBe("2");
      await settledShot(page, `dues-missing-page-${language}-1024`);

      // On a phone the same orders are cards, the order number still whole.
      await page.setViewportSize(WIDTHS[375]);
      await page.waitForSelector("li[data-testid=dues-row]");
      expect(await page.$$(".centre-section table")).toHaveLength(0);
      expect(await linesOf(page, "[data-testid=dues-trade]")).toEqual([1, 1]);
      expect(await noSidewaysScroll(page)).toBe(true);
      await settledShot(page, `dues-cards-${language}-375`);
      await close();
    }, TEST_TIMEOUT_MS);
  }
});

const FILTER = {
  zh: { refused: "开始日期不能晚于结束日期", search: "查询" },
  en: { refused: "The start date cannot be later than the end date", search: "Search" },
};

describe("filters", () => {
  for (const [language, width] of [
    ["zh", 1366],
    ["en", 375],
  ] as const) {
    test(`a start date after the end date is refused with a message and nothing is asked of the server, in ${language} at ${width} px`, async () => {
      const text = FILTER[language];
      const { page, close } = await visitor(world, { viewport: WIDTHS[width] });
      await enter(page, world, "cn100002", { language });
      await openCentre(page, "integral", "[data-testid=points-row]");
      const asked: string[] = [];
      page.on("request", (request) => request.url().includes("/api/user/integral/list") && asked.push(request.url()));

      await page.fill("#points-start", "2026-05-01");
      await page.fill("#points-end", "2026-04-01");
      await page.click(`.filter-bar button[type=submit]:has-text("${text.search}")`);
      await page.waitForSelector(".filter-error");
      expect(await page.textContent(".filter-error")).toBe(text.refused);
      expect(await page.getAttribute("#points-start", "aria-invalid")).toBe("true");
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("points-start");
      expect(asked).toEqual([]);
      await settledShot(page, `filter-refused-${language}-${width}`);

      // Put right, the same search goes out and the message is gone.
      await page.fill("#points-end", "2026-06-01");
      const answered = page.waitForResponse((response) => response.url().includes("/api/user/integral/list"));
      await page.click(`.filter-bar button[type=submit]:has-text("${text.search}")`);
      await answered;
      expect(asked).toHaveLength(1);
      expect(await page.$(".filter-error")).toBeNull();
      expect(await page.getAttribute("#points-start", "aria-invalid")).toBeNull();
      await close();
    }, TEST_TIMEOUT_MS);
  }
});

/** Inputs whose placeholder, and choice lists whose "choose ..." line, are wider than the room inside them. */
const cutPlaceholders = (page: Page) =>
  page.$$eval("input[placeholder], select", (fields) =>
    (fields as (HTMLInputElement | HTMLSelectElement)[])
      .filter((field) => field.offsetParent)
      .flatMap((field) => {
        const shown = field instanceof HTMLSelectElement ? (field.value === "" ? field.selectedOptions[0]?.text ?? "" : "") : field.placeholder;
        const style = getComputedStyle(field);
        const context = document.createElement("canvas").getContext("2d")!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return context.measureText(shown).width > room ? [`${field.id}: ${shown}`] : [];
      }),
  );

const NAMES = {
  zh: { dues: "工会会费", types: ["全部", "获得", "使用", "过期及其他"], gender: "性别" },
  en: { dues: "Union dues", types: ["All", "Earned", "Spent", "Expired or other"], gender: "Gender" },
};

describe("names and texts", () => {
  for (const language of LANGUAGES) {
    test(`one name for one thing, point types a member understands, English regions and whole placeholders, in ${language}`, async () => {
      const text = NAMES[language];
      const { page, close } = await visitor(world, { viewport: WIDTHS[375] });
      await enter(page, world, "cn100002", { language });

      await openCentre(page, "member", "[data-testid=dues-row]");
      expect(await page.textContent("[data-centre=member]")).toBe(text.dues);
      expect(await page.textContent("#dues-title")).toBe(text.dues);
      expect(await cutPlaceholders(page)).toEqual([]);

      await openCentre(page, "integral", "[data-testid=points-row]");
      expect(await page.$$eval("#points-type option", (options) => options.map((o) => o.textContent))).toEqual(text.types);
      expect(await page.$$eval("[data-testid=points-row] [data-column=type]", (cells) => cells.map((c) => c.textContent))).toContain(text.types[1]!);

      // The dialog and the cards share the one label.
      await openCentre(page, "family", "[data-testid=list-empty]");
      await page.click("[data-testid=family-add]");
      await page.waitForSelector("#family-form");
      expect(await page.textContent("#family-sex-label")).toBe(text.gender);
      expect(await cutPlaceholders(page)).toEqual([]);
      await page.click(".dialog-close");

      await openCentre(page, "address", "[data-testid=list-empty]");
      await page.click("[data-testid=address-add]");
      await page.waitForSelector("#address-region-0 option[value='61']", { state: "attached" });
      expect(await cutPlaceholders(page)).toEqual([]);
      const provinces = await page.$$eval("#address-region-0 option", (options) => options.map((o) => o.textContent));
      if (language === "en") {
        expect(provinces).toEqual(expect.arrayContaining(["Shanxi", "Shaanxi", "Inner Mongolia", "Tibet", "Guangxi", "Xinjiang", "Beijing"]));
        expect(provinces.filter((name) => / (Sheng|Shi|Zizhiqu)$/.test(name ?? ""))).toEqual([]);
        await page.selectOption("#address-region-0", "11");
        await page.waitForSelector("#address-region-1 option[value='1101']", { state: "attached" });
        await page.selectOption("#address-region-1", "1101");
        await page.waitForSelector("#address-region-2 option[value='110105']", { state: "attached" });
        expect(await page.textContent("#address-region-2 option[value='110105']")).toBe("Chaoyang District");
        expect(await cutPlaceholders(page)).toEqual([]);
      }
      await settledShot(page, `address-regions-${language}-375`);
      await close();
    }, TEST_TIMEOUT_MS);
  }
});

/** Where the text of an element wraps: the characters each new line starts with, and the one before. */
const wrapsOf = (page: Page, selector: string) =>
  page.$eval(selector, (el) => {
    const node = [...el.childNodes].flatMap((n) => (n.nodeType === Node.TEXT_NODE ? [n] : [...n.childNodes]));
    const chars: { char: string; top: number }[] = [];
    for (const text of node.filter((n) => n.nodeType === Node.TEXT_NODE)) {
      for (let i = 0; i < (text.textContent ?? "").length; i++) {
        const range = document.createRange();
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        chars.push({ char: text.textContent![i]!, top: Math.round(range.getBoundingClientRect().top) });
      }
    }
    return chars.flatMap((c, i) => (i > 0 && c.top > chars[i - 1]!.top ? [`${chars[i - 1]!.char}|${c.char}`] : []));
  });

const unexpected = (wrap: string) => !wrap.startsWith("@|") && !wrap.startsWith("-|") && !wrap.endsWith("|.");

describe("long e-mail addresses", () => {
  for (const language of LANGUAGES) {
    test(`a long e-mail address wraps only after its @ or before a dot, in ${language} on a phone`, async () => {
      const { page, close } = await visitor(world, { viewport: WIDTHS[375] });
      await enter(page, world, "cn100002", { language });
      await openCentre(page, "security", "[data-testid=security-mail]");
      const selector = "[data-testid=security-mail] .security-value";
      expect((await page.textContent(selector))!).toBe(LONG_MAIL);
      const wraps = await wrapsOf(page, selector);
      // It is too long for one line on a phone, and each break falls where a reader expects one
      // (after the @, before a dot, or after a hyphen of the address itself).
      expect(wraps.length).toBeGreaterThan(0);
      expect(wraps.filter(unexpected)).toEqual([]);
      expect(await noSidewaysScroll(page)).toBe(true);
      await settledShot(page, `long-mail-security-${language}-375`);

      await openCentre(page, "information", ".identity-list");
      const info = ".identity-list dd:has(wbr)";
      expect((await wrapsOf(page, info)).filter(unexpected)).toEqual([]);
      await settledShot(page, `long-mail-profile-${language}-375`);
      await close();
    }, TEST_TIMEOUT_MS);
  }
});

/**
 * Holds back every area stylesheet (ui/lib/area-styles.ts) for a while, and notes, the moment the centre's
 * layout or the outbox first enters the document (before it can be painted), how it is styled and which
 * area stylesheets have loaded. A page drawn before its styles would be caught unstyled.
 */
// Every area the build makes a sheet for (scripts/build.ts AREA_STYLE_SOURCES).
const AREA_STYLESHEET = new RegExp(`/(${Object.keys(AREA_STYLE_SOURCES).join("|")})\\.[0-9a-z]{8,}\\.css$`);

async function watchAreaStyles(page: Page, { hold = 700, fail = false } = {}) {
  const served: { area: string; status: number; cache: string | undefined; encoding: string | undefined }[] = [];
  page.on("response", (response) => {
    const area = AREA_STYLESHEET.exec(new URL(response.url()).pathname)?.[1];
    if (area) served.push({ area, status: response.status(), cache: response.headers()["cache-control"], encoding: response.headers()["content-encoding"] });
  });
  await page.route(AREA_STYLESHEET, async (route) => {
    await Bun.sleep(hold);
    if (fail) await route.abort();
    else await route.continue();
  });
  await page.addInitScript(() => {
    const watched = { ".centre": "display", ".outbox-intro": "margin-top" } as const;
    const seen: Record<string, { value: string; loaded: string[] }> = {};
    (window as unknown as { firstSeen: typeof seen }).firstSeen = seen;
    new MutationObserver(() => {
      for (const [selector, property] of Object.entries(watched)) {
        const element = document.querySelector(selector);
        if (!element || seen[selector]) continue;
        const links = [...document.querySelectorAll<HTMLLinkElement>("link[rel=stylesheet][data-area]")];
        // A sheet that failed to load is there too, with no rules to read: loaded means it has rules.
        const hasRules = (link: HTMLLinkElement) => {
          try {
            return (link.sheet?.cssRules.length ?? 0) > 0;
          } catch {
            return false;
          }
        };
        const loaded = links.filter(hasRules).map((l) => l.dataset.area!);
        seen[selector] = { value: getComputedStyle(element).getPropertyValue(property), loaded };
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return served;
}

const firstSeen = (page: Page, selector: string) =>
  page.evaluate((s) => (window as unknown as { firstSeen: Record<string, { value: string; loaded: string[] }> }).firstSeen[s], selector);
const areaLinks = (page: Page) => page.$$eval("link[rel=stylesheet][data-area]", (links) => links.map((l) => (l as HTMLLinkElement).dataset.area));
const YEAR = "public, max-age=31536000, immutable";

describe("each area's styles come with its page", () => {
  test("the centre is drawn only once the lists' and its own stylesheets are in, each linked once and kept a year; the staff pages bring theirs", async () => {
    const member = await visitor(world, { viewport: WIDTHS[1366], serviceWorkers: "block" });
    const served = await watchAreaStyles(member.page);
    await enter(member.page, world, "cn100002", { language: "en" });
    // Home and sign-in need only the base stylesheet.
    expect(await areaLinks(member.page)).toEqual([]);

    await member.page.click("[data-nav=centre]");
    await member.page.waitForSelector(".centre");
    // A rule only centre.css has (the menu beside the panel) was there when the layout first entered the page.
    expect(await firstSeen(member.page, ".centre")).toEqual({ value: "grid", loaded: ["lists", "ordering", "centre"] });

    // Another centre page, home and back: rules of both sheets apply, and neither is linked or fetched again.
    await member.page.click("[data-centre=integral]");
    await member.page.waitForSelector("[data-testid=points-row]");
    expect(await member.page.$eval(".filter-bar", (el) => getComputedStyle(el).display)).toBe("flex");
    expect(await member.page.$eval(".summary-value", (el) => getComputedStyle(el).fontSize)).toBe("26px");
    await member.page.click("[data-nav=home]");
    await member.page.waitForSelector("[data-testid=welcome]");
    // Home drawn whole first (a click while it draws can land beside the link; CI once lost it so).
    await settle(member.page);
    await member.page.click("[data-nav=centre]");
    await member.page.waitForSelector(".centre");
    expect(await areaLinks(member.page)).toEqual(["lists", "ordering", "centre"]);
    // Fetched once each (in either order), compressed, and kept a year like every hashed file.
    expect(served.toSorted((a, b) => a.area.localeCompare(b.area))).toEqual([
      { area: "centre", status: 200, cache: YEAR, encoding: "br" },
      { area: "lists", status: 200, cache: YEAR, encoding: "br" },
      { area: "ordering", status: 200, cache: YEAR, encoding: "br" },
    ]);
    await member.close();

    const staff = await visitor(world, { viewport: WIDTHS[1366], serviceWorkers: "block" });
    const staffServed = await watchAreaStyles(staff.page);
    await enter(staff.page, world, "cn000001", { language: "en" });
    await staff.page.click("[data-nav=system]");
    await staff.page.waitForSelector(".outbox-intro");
    // The staff chunk holds the managers' mailbox thread too, so its sheet comes along.
    expect(await firstSeen(staff.page, ".outbox-intro")).toEqual({ value: "-6px", loaded: ["lists", "admin", "mailbox"] });
    expect(await areaLinks(staff.page)).toEqual(["lists", "admin", "mailbox"]);
    expect(staffServed.map((s) => [s.area, s.status, s.cache]).toSorted()).toEqual([
      ["admin", 200, YEAR],
      ["lists", 200, YEAR],
      ["mailbox", 200, YEAR],
    ]);
    await staff.close();
  }, TEST_TIMEOUT_MS);

  test("a page whose stylesheets cannot be had still opens", async () => {
    const { page, close } = await visitor(world, { viewport: WIDTHS[1366], serviceWorkers: "block" });
    await watchAreaStyles(page, { hold: 100, fail: true });
    await enter(page, world, "cn100002", { language: "en" });
    await page.click("[data-nav=centre]");
    await page.waitForSelector(".centre");
    expect(await firstSeen(page, ".centre")).toEqual({ value: "block", loaded: [] });
    expect(await areaLinks(page)).toEqual(["lists", "ordering", "centre"]);
    await close();
  }, TEST_TIMEOUT_MS);
});
