// Issue 20 item 6, installing on a phone (docs/decisions.md 99): the portal is
// installable in Chromium (its manifest parses, its icons load), a member's
// last-seen lists open offline from the service worker's shell marked stale
// with the offline banner, the banner goes once back online, and nothing of a
// member is kept past their sign-out or shown to the next member of the same
// browser. Desk and 375 px, Chinese and English, with screenshots.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Page, chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH, shot } from "../helpers/browser";
import { type World, accessible, closeWindow, messageText, nextFrames, pressOk, signIn, startWorld, stopWorld, test, visitor, waitForPath, SETUP_TIMEOUT_MS, DESK, PHONE } from "./support";

const JOURNEY_TIMEOUT_MS = 150_000;

let world: World;
beforeAll(async () => {
  world = await startWorld();
}, SETUP_TIMEOUT_MS);
afterAll(() => stopWorld(world));

const TEXT = {
  zh: { banner: "当前离线", stale: "离线 — 截至", needs: "需联网", missing: "离线时无法加载此页面", ok: "确定" as const, name: "工会会员服务平台", film: "周五电影夜", ticket: "电子票", show: "入场时请出示此二维码", party: "年终联欢会", notKept: "尚未保存在本设备上" },
  en: { banner: "You are offline", stale: "Offline — as of", needs: "Needs the network", missing: "This page cannot load offline", ok: "OK" as const, name: "Union Member Portal", film: "Friday film night", ticket: "Ticket", show: "Show this QR code at the entrance", party: "Year-end party", notKept: "not kept on this device yet" },
};

/** The kept lists in this browser: each record's member and list (ui/lib/kept-lists.ts). */
const keptRecords = (page: Page) =>
  page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((db) => db.name === "up-kept")) return [] as { userId: number; key: string }[];
    return new Promise<{ userId: number; key: string }[]>((resolve, reject) => {
      const open = indexedDB.open("up-kept");
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains("lists")) {
          db.close();
          return resolve([]);
        }
        const all = db.transaction("lists").objectStore("lists").getAll();
        all.onsuccess = () => {
          db.close();
          resolve((all.result as { userId: number; key: string }[]).map(({ userId, key }) => ({ userId, key })));
        };
        all.onerror = () => reject(all.error);
      };
    });
  });

/** Waits until the page is controlled by the service worker (registered after load, it claims the page). */
const workerInControl = (page: Page) => page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });

const signedInId = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem("up.user") ?? "null") as { id: number } | null)?.id ?? null);

/** Opens the three kept lists by their addresses and waits for each to show its rows and be kept, and the orders' tickets with them. */
async function viewLists(page: Page) {
  await page.goto(`${world.server.url}/activity`);
  await page.waitForSelector("[data-testid=module-tile]");
  await page.goto(`${world.server.url}/news/list?type=notice`);
  await page.waitForSelector("[data-testid=notice-item]");
  await page.goto(`${world.server.url}/information?page=order`);
  await page.waitForSelector("[data-testid=order-row]");
  const lists = () => keptRecords(page).then((records) => new Set(records.map((r) => r.key.split("|")[1])));
  for (let i = 0; i < 100 && (await lists()).size < 4; i++) await nextFrames(page);
  expect([...(await lists())].sort()).toEqual(["activityModules", "news", "orders", "tickets"]);
}

/** The SHA-256 of the bytes an image shows, once it has loaded: the same QR online and kept offline. */
const imageDigest = async (page: Page, selector: string) => {
  await page.waitForFunction((sel) => {
    const img = document.querySelector<HTMLImageElement>(sel);
    return !!img && img.complete && img.naturalWidth > 0;
  }, selector);
  return page.$eval(selector, async (img: HTMLImageElement) => {
    const digest = await crypto.subtle.digest("SHA-256", await (await fetch(img.src)).arrayBuffer());
    return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
  });
};

const texts = (page: Page, selector: string) => page.$$eval(selector, (items) => items.map((item) => (item.textContent ?? "").trim()));

async function signOut(page: Page, language: "zh" | "en", phone: boolean) {
  if (phone) await page.click(".menu-button");
  await page.click("[data-nav=logout]");
  await messageText(page);
  await pressOk(page, TEXT[language].ok);
  await waitForPath(page, "/");
}

describe("installing the portal", () => {
  test("the manifest parses and is installable in Chromium, in the member's language, with icons that load", async () => {
    // A profile on disk: Chromium never offers to install from an off-the-record window (a new context is one).
    const profile = await mkdtemp(join(tmpdir(), "union-portal-pwa-profile-"));
    const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS, viewport: DESK });
    const page = context.pages()[0] ?? (await context.newPage());
    const close = async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    };
    try {
      await page.goto(`${world.server.url}/`);
      await page.waitForSelector("#login-account");
      const cdp = await context.newCDPSession(page);
      const zh = (await cdp.send("Page.getAppManifest")) as { url: string; errors: unknown[]; data?: string };
      expect(zh.url).toBe(`${world.server.url}/manifest.zh.webmanifest`);
      expect(zh.errors).toEqual([]);
      const manifest = JSON.parse(zh.data!) as { name: string; icons: { src: string; sizes: string; purpose: string }[] };
      expect(manifest.name).toBe(TEXT.zh.name);
      await workerInControl(page);
      const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: { errorId: string }[] };
      expect(installabilityErrors).toEqual([]);
      // Every icon loads as an image of its declared size.
      for (const icon of manifest.icons) {
        const size = await page.evaluate(async (src) => {
          const img = new Image();
          img.src = src;
          await img.decode();
          return `${img.naturalWidth}x${img.naturalHeight}`;
        }, icon.src);
        expect(size).toBe(icon.sizes);
      }
      const touch = await page.getAttribute('link[rel="apple-touch-icon"]', "href");
      expect(await page.evaluate(async (src) => (await fetch(src!)).headers.get("content-type"), touch)).toBe("image/png");

      // English: the link follows the language, and Chromium reads the English manifest.
      await page.click('.language-toggle button:has-text("English")');
      await page.waitForFunction(() => document.querySelector('link[rel="manifest"]')?.getAttribute("href") === "/manifest.en.webmanifest");
      const en = (await cdp.send("Page.getAppManifest")) as { url: string; errors: unknown[]; data?: string };
      expect(en.errors).toEqual([]);
      expect((JSON.parse(en.data!) as { name: string }).name).toBe(TEXT.en.name);
      await cdp.detach();
    } finally {
      await close();
    }
  });

  for (const [language, viewport, label] of [
    ["zh", DESK, "desk"],
    ["en", PHONE, "375"],
    ["en", DESK, "desk"],
    ["zh", PHONE, "375"],
  ] as const) {
    test(`${language} ${label}: the last-seen lists open offline marked stale with the banner, which goes back online`, async () => {
      const { page, context, close } = await visitor(world, { viewport });
      const text = TEXT[language];
      await signIn(page, world, "cn100001", { language });
      await workerInControl(page);
      await viewLists(page);
      const onlineOrders = await texts(page, "[data-testid=order-row] .order-name");
      expect(onlineOrders.length).toBeGreaterThan(0);
      expect(await page.isVisible("[data-testid=offline-banner]")).toBe(false);
      // The film night's ticket as the order's detail shows it online.
      const film = page.locator("[data-testid=order-row]", { hasText: text.film });
      await film.locator("[data-action=detail]").click();
      await page.click(`[data-testid=order-detail] [role=tab]:text-is("${text.ticket}")`);
      const onlineQr = await imageDigest(page, "[data-testid=ticket-qr]");
      await closeWindow(page);

      await context.setOffline(true);
      // The orders list: reloaded offline, the shell comes from the worker, the list from what was kept.
      const reloaded = await page.reload();
      expect(reloaded?.fromServiceWorker()).toBe(true);
      await page.waitForSelector("[data-testid=offline-banner]");
      expect(await page.textContent("[data-testid=offline-banner]")).toContain(text.banner);
      await page.waitForSelector("[data-testid=stale-note]");
      expect(await page.textContent("[data-testid=stale-note]")).toContain(text.stale);
      expect(await texts(page, "[data-testid=order-row] .order-name")).toEqual(onlineOrders);
      // Paying, cancelling, moving and the detail need the server: none is offered, each row says so; a ticket is still shown.
      expect(await page.$$eval("[data-testid=order-row] [data-action]", (items) => [...new Set(items.map((i) => i.getAttribute("data-action")))])).toEqual(["ticket"]);
      expect(await texts(page, "[data-testid=order-row] [data-testid=needs-network]")).toContain(text.needs);
      await shot(page, `pwa/${language}-${label}-orders-offline`);
      // At the door without a signal: the ticket kept when the orders were seen, the very QR the server drew, marked with when.
      await film.locator("[data-action=ticket]").click();
      await page.waitForSelector("[data-testid=kept-ticket][data-state=kept]");
      expect(await imageDigest(page, "[data-testid=kept-ticket-qr]")).toBe(onlineQr);
      expect(await page.textContent("[data-testid=kept-ticket] [data-testid=stale-note]")).toContain(text.stale);
      expect(await page.textContent("[data-testid=kept-ticket]")).toContain(text.show);
      await accessible(page, `${language} ${label} kept ticket`);
      await shot(page, `pwa/${language}-${label}-ticket-offline`, { fullPage: false });
      await closeWindow(page);
      // A ticket this device never kept (as one on a page of orders not seen online) says how to keep it.
      const party = page.locator("[data-testid=order-row]", { hasText: text.party });
      const partyTrade = ((await party.locator(".order-number").textContent()) ?? "").trim();
      await page.evaluate(
        ({ key }) =>
          new Promise<void>((resolve, reject) => {
            const open = indexedDB.open("up-kept");
            open.onsuccess = () => {
              const tx = open.result.transaction("lists", "readwrite");
              tx.objectStore("lists").delete(key);
              tx.oncomplete = () => (open.result.close(), resolve());
              tx.onerror = () => reject(tx.error);
            };
          }),
        { key: `${await signedInId(page)}|tickets|${JSON.stringify({ trade: partyTrade })}` },
      );
      await party.locator("[data-action=ticket]").click();
      await page.waitForSelector("[data-testid=kept-ticket][data-state=none]");
      expect(await page.textContent("[data-testid=kept-ticket-none]")).toContain(text.notKept);
      await accessible(page, `${language} ${label} ticket not kept`);
      await closeWindow(page);

      // The activity index and the notices, opened offline by their addresses.
      await page.goto(`${world.server.url}/activity`);
      await page.waitForSelector("[data-testid=stale-note]");
      expect((await page.$$("[data-testid=module-tile]")).length).toBeGreaterThan(0);
      await page.waitForSelector("[data-testid=offline-banner]");
      await shot(page, `pwa/${language}-${label}-activity-offline`);
      // Home, where the installed app starts: the frame and the banner, its parts that need the server left empty.
      await page.goto(`${world.server.url}/index`);
      await page.waitForSelector("[data-testid=offline-banner]");
      await page.waitForSelector("[data-testid=welcome]");
      await shot(page, `pwa/${language}-${label}-home-offline`);
      await page.goto(`${world.server.url}/news/list?type=notice`);
      await page.waitForSelector("[data-testid=stale-note]");
      expect((await page.$$("[data-testid=notice-item]")).length).toBeGreaterThan(0);
      await shot(page, `pwa/${language}-${label}-notices-offline`);

      // Back online: the banner goes, the list is the server's again (no stale mark).
      await context.setOffline(false);
      await page.waitForSelector("[data-testid=offline-banner]", { state: "detached" });
      await page.waitForSelector("[data-testid=stale-note]", { state: "detached" });
      await page.waitForSelector("[data-testid=notice-item]");
      await shot(page, `pwa/${language}-${label}-notices-back-online`);
      await close();
    }, JOURNEY_TIMEOUT_MS);
  }

  test("signing out deletes what was kept; the next member offline on the same browser sees nothing of the first", async () => {
    const { page, context, close } = await visitor(world, { viewport: PHONE });
    await signIn(page, world, "cn100001", { language: "en" });
    await workerInControl(page);
    const first = await signedInId(page);
    await viewLists(page);
    expect((await keptRecords(page)).every((r) => r.userId === first)).toBe(true);

    await signOut(page, "en", true);
    expect(await keptRecords(page)).toEqual([]);

    await signIn(page, world, "cn100002", { language: "en" });
    const second = await signedInId(page);
    expect(second).not.toBe(first);
    await context.setOffline(true);
    await page.goto(`${world.server.url}/information?page=order`);
    await page.waitForSelector("[data-testid=offline-banner]");
    await page.waitForSelector("[data-testid=stale-missing]");
    expect(await page.textContent("[data-testid=stale-missing]")).toContain(TEXT.en.missing);
    expect(await page.$$("[data-testid=order-row]")).toHaveLength(0);
    await page.goto(`${world.server.url}/activity`);
    await page.waitForSelector("[data-testid=stale-missing]");
    expect(await page.$$("[data-testid=module-tile]")).toHaveLength(0);
    await shot(page, "pwa/en-375-next-member-offline");
    expect((await keptRecords(page)).filter((r) => r.userId === first)).toEqual([]);
    await context.setOffline(false);
    await close();
  }, JOURNEY_TIMEOUT_MS);

  test("another member signing in after a session lost without signing out finds the first member's lists gone", async () => {
    const { page, context, close } = await visitor(world, { viewport: DESK });
    await signIn(page, world, "cn100001");
    await workerInControl(page);
    const first = await signedInId(page);
    await viewLists(page);
    // The session ends without the sign-out button (the stored session and member are gone, as after they expire).
    await page.evaluate(() => {
      localStorage.removeItem("up.session");
      localStorage.removeItem("up.user");
    });
    await signIn(page, world, "cn100002", { language: "zh" });
    expect((await keptRecords(page)).filter((r) => r.userId === first)).toEqual([]);
    await context.setOffline(true);
    await page.goto(`${world.server.url}/news/list?type=notice`);
    await page.waitForSelector("[data-testid=stale-missing]");
    expect(await page.$$("[data-testid=notice-item]")).toHaveLength(0);
    await shot(page, "pwa/zh-desk-next-member-offline");
    await context.setOffline(false);
    await close();
  }, JOURNEY_TIMEOUT_MS);

  test("the sign-in page opens offline with the banner", async () => {
    const { page, context, close } = await visitor(world, { viewport: PHONE });
    await page.goto(`${world.server.url}/`);
    await page.waitForSelector("#login-account");
    await workerInControl(page);
    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector("[data-testid=offline-banner]");
    expect(await page.textContent("[data-testid=offline-banner]")).toContain(TEXT.zh.banner);
    await shot(page, "pwa/zh-375-sign-in-offline");
    await context.setOffline(false);
    await page.waitForSelector("[data-testid=offline-banner]", { state: "detached" });
    await close();
  }, JOURNEY_TIMEOUT_MS);
});
