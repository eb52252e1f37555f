// Check-in at the door (issue 20 item 2), as staff do it: the phone's camera
// (Chromium's fake camera playing a Y4M video of a real signed-up order's
// ticket QR) reads the ticket, the member is checked in, and a second scan
// warns who checked them in and when; the typed order number when the camera
// fails; the member's ticket tab then says so. Desk and 375 px, Chinese and
// English. A camera is fixed when a browser starts, so each scanning journey
// launches its own browser with its ticket's video.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import type { Db } from "../../src/db/client";
import { activities, orderItems, orders } from "../../src/db/schema";
import { loadCodeSecret } from "../../src/domains/shared/signed-codes";
import { ticketCode } from "../../src/domains/order/ticket-code";
import { ORDER_STATE, SEND_STATE } from "../../src/protocol/enumerations";
import { seriousViolations } from "../helpers/axe";
import { launchBrowser, shot } from "../helpers/browser";
import { START } from "../helpers/clock";
import { fakeCameraArgs, qrVideo } from "../helpers/fake-camera";
import { DESK, PHONE, SETUP_TIMEOUT_MS, type World, nextFrames, preparedServer, enter, test, userId, visitor } from "./support";

const JOURNEY_TIMEOUT_MS = 150_000;
/** How long the camera may take to open, load the decoder and read the code on a busy machine. */
const SCAN_MS = 45_000;

type Ticket = { trade: string; childTrade: string; code: string };
/** The film night's tickets this file checks in, each a real paid sign-up with its signed code; and two that do not admit. */
let tickets: { member: Ticket; foreigner: Ticket; operator: Ticket; admin: Ticket; cancelled: Ticket; concert: Ticket; memberConcert: Ticket };
let film: number;
let concert: number;
let server: World["server"];
let remove: (() => Promise<void>) | undefined;
let plain: Browser;
let videos: string;

/** A paid sign-up of the activity as the writer leaves it (the film night allows one per member: the demo's own is cn100001's). */
async function signUp(db: Db, activityId: number, employees: string, trade: string, state: number = ORDER_STATE.ORDER_STATE_SUCCESS) {
  const user = await userId(db, employees);
  const [order] = await db
    .insert(orders)
    .values({ trade, userId: user, state, sendState: SEND_STATE.SEND_STATE_WAIT, price: 0, amount: 0, createdAt: START, updatedAt: START, payDate: START })
    .returning({ id: orders.id });
  await db.insert(orderItems).values({ orderId: order!.id, childTrade: `${trade}-1`, userId: user, activityId, seq: 1, places: 1, state, createdAt: START });
  if (state !== ORDER_STATE.ORDER_STATE_CANCEL) {
    const [row] = await db.select({ used: activities.used }).from(activities).where(eq(activities.id, activityId));
    await db.update(activities).set({ used: row!.used + 1 }).where(eq(activities.id, activityId));
  }
}

async function prepare(db: Db) {
  const [filmRow] = await db.select({ id: activities.id }).from(activities).where(eq(activities.nameEn, "Friday film night"));
  const [concertRow] = await db.select({ id: activities.id }).from(activities).where(eq(activities.nameEn, "New Year concert tickets"));
  film = filmRow!.id;
  concert = concertRow!.id;
  await signUp(db, film, "cn100002", "E2ECHECKIN0002");
  await signUp(db, film, "cn000003", "E2ECHECKIN0003");
  await signUp(db, film, "cn000001", "E2ECHECKIN0001");
  await signUp(db, film, "cn100003", "E2ECHECKIN0009", ORDER_STATE.ORDER_STATE_CANCEL);
  // The member's ticket tab journey checks in a ticket of its own (the concert is full: this one is put beside its cap).
  await db.update(activities).set({ cap: null }).where(eq(activities.id, concert));
  await signUp(db, concert, "cn100001", "E2ECHECKIN0005");
  // The codes the member's ticket QR holds: signed with the portal's one secret, which the server reads when it starts.
  const secret = await loadCodeSecret({ db }, () => START);
  const ctx = { app: { codeSecret: async () => secret } } as unknown as Parameters<typeof ticketCode>[0];
  const of = async (where: ReturnType<typeof eq>) => {
    const [row] = await db.select({ trade: orders.trade, childTrade: orderItems.childTrade }).from(orderItems).innerJoin(orders, eq(orders.id, orderItems.orderId)).where(where);
    return { ...row!, code: await ticketCode(ctx, row!.childTrade) };
  };
  const member = await userId(db, "cn100001");
  tickets = {
    member: await of(and(eq(orderItems.activityId, film), eq(orderItems.userId, member))!),
    foreigner: await of(eq(orders.trade, "E2ECHECKIN0002")),
    operator: await of(eq(orders.trade, "E2ECHECKIN0003")),
    admin: await of(eq(orders.trade, "E2ECHECKIN0001")),
    cancelled: await of(eq(orders.trade, "E2ECHECKIN0009")),
    concert: await of(and(eq(orderItems.activityId, concert), eq(orders.userId, await userId(db, "cn100002")))!),
    memberConcert: await of(eq(orders.trade, "E2ECHECKIN0005")),
  };
}

beforeAll(async () => {
  const [browser, prepared, dir] = await Promise.all([launchBrowser(), preparedServer(prepare), mkdtemp(join(tmpdir(), "union-portal-camera-"))]);
  plain = browser;
  server = prepared.server;
  remove = prepared.remove;
  videos = dir;
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await plain?.close();
  await server?.stop();
  await remove?.();
  if (videos) await rm(videos, { recursive: true, force: true });
});

const TEXT = {
  zh: { ok: "签到成功", already: "该票已签到", refused: "不能签到", film: "周五电影夜" },
  en: { ok: "Checked in", already: "Already checked in", refused: "Not admitted", film: "Friday film night" },
} as const;

/** The page's checks on any screen: nothing wider than the window, no serious axe violation. */
async function accessible(page: Page, what: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(`${what}: ${scrollWidth} px in ${clientWidth} px`).toBe(`${what}: ${clientWidth} px in ${clientWidth} px`);
  expect(await seriousViolations(page)).toEqual([]);
}

async function settledShot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await nextFrames(page);
  return shot(page, `check-in/${name}`);
}

/** From home, the staff entry, then the film night chosen. */
async function openCheckIn(page: Page, language: "zh" | "en") {
  await page.click("[data-testid=home-check-in]");
  await page.waitForURL(`${server.url}/activity/checkin`);
  await page.waitForSelector(`[data-testid=checkin-activity] option:text-is("${TEXT[language].film}")`, { state: "attached" });
  await page.selectOption("[data-testid=checkin-activity]", String(film));
  await page.waitForURL(`${server.url}/activity/checkin?activity=${film}`);
  await page.waitForFunction(() => /\d+ \/ \d+/.test(document.querySelector("[data-testid=checkin-count-places]")?.textContent ?? ""));
}

const counted = (page: Page) => page.textContent("[data-testid=checkin-count-places]");
const outcome = (page: Page, kind: "ok" | "already" | "refused", timeout = 15_000) => page.waitForSelector(`[data-testid=checkin-outcome][data-outcome=${kind}]`, { timeout });

describe("scanning a ticket with the phone's camera", () => {
  for (const { language, size, viewport, staff, who, ticket, name, phone } of [
    { language: "zh", size: "desk", viewport: DESK, staff: "cn000002", who: "李编辑", ticket: () => tickets.member, name: "陈会员", phone: "139****0001" },
    { language: "en", size: "375", viewport: PHONE, staff: "cn000001", who: "王管理", ticket: () => tickets.foreigner, name: "Emma Smith", phone: "139****0002" },
  ] as const)
    test(
      `${language} ${size}: the camera reads a member's ticket, checks them in, and the next scan of it warns who checked it in and when`,
      async () => {
        const camera = await launchBrowser({ args: fakeCameraArgs(await qrVideo(videos, ticket().code, `${language}-${size}`)) });
        try {
          const v = await visitor({ browser: camera }, { viewport });
          const { page } = v;
          const requests: string[] = [];
          page.on("request", (request) => requests.push(request.url()));
          await enter(page, { server, browser: camera }, staff, { language });
          await openCheckIn(page, language);
          const before = (await counted(page))!;
          await settledShot(page, `${language}-${size}-chosen`);
          await accessible(page, `${language} ${size} chosen`);

          await page.click("[data-testid=checkin-camera]");
          await outcome(page, "ok", SCAN_MS);
          expect(await page.textContent("#checkin-outcome-title")).toBe(TEXT[language].ok);
          expect(await page.textContent("[data-testid=checkin-name]")).toBe(name);
          expect(await page.textContent("[data-testid=checkin-phone]")).toBe(phone);
          // The count follows the scan: one more person checked in.
          const [checkedBefore, total] = before.split(" / ").map(Number);
          await page.waitForFunction((want) => document.querySelector("[data-testid=checkin-count-places]")?.textContent === want, `${checkedBefore! + 1} / ${total}`);
          await settledShot(page, `${language}-${size}-checked-in`);
          await accessible(page, `${language} ${size} checked in`);

          // The same ticket is still in front of the camera: the next scan is the warning.
          await page.click("[data-testid=checkin-next]");
          await outcome(page, "already", SCAN_MS);
          expect(await page.textContent("#checkin-outcome-title")).toBe(TEXT[language].already);
          const warning = (await page.textContent("[data-testid=checkin-already]"))!;
          expect(warning).toContain(who);
          expect(warning).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
          expect(await counted(page)).toBe(`${checkedBefore! + 1} / ${total}`);
          await settledShot(page, `${language}-${size}-already`);
          await accessible(page, `${language} ${size} already`);
          await page.click("[data-testid=checkin-camera-stop]");

          // The decoder came from the portal itself: nothing was asked of any other host.
          expect(requests.filter((url) => !url.startsWith(server.url) && !url.startsWith("blob:") && !url.startsWith("data:"))).toEqual([]);
          if (!(await page.evaluate(() => "BarcodeDetector" in window))) expect(requests.some((url) => /\/zxing_reader\.[0-9a-z]+\.wasm$/.test(url))).toBe(true);
          await v.close();
        } finally {
          await camera.close();
        }
      },
      JOURNEY_TIMEOUT_MS,
    );
});

describe("typing the order number when the camera cannot read", () => {
  test(
    "en desk: from the activity's staff tools, a typed number checks in; again, it warns; another activity's or a cancelled order's number is refused",
    async () => {
      const v = await visitor({ browser: plain }, { viewport: DESK });
      const { page } = v;
      await enter(page, { server, browser: plain }, "cn000002", { language: "en" });
      await page.goto(`${server.url}/activity/info?id=${film}`);
      await page.click("[data-testid=tool-checkIn]");
      await page.waitForURL(`${server.url}/activity/checkin?activity=${film}`);
      await page.waitForFunction(() => /\d+ \/ \d+/.test(document.querySelector("[data-testid=checkin-count-places]")?.textContent ?? ""));
      expect(await page.$eval("[data-testid=checkin-activity]", (select) => (select as HTMLSelectElement).value)).toBe(String(film));

      // Empty: said at the field, nothing sent.
      await page.click("[data-testid=checkin-submit]");
      expect(await page.textContent(".checkin-manual .field-error")).toBe("Enter the order number");

      await page.fill("[data-testid=checkin-number]", tickets.operator.childTrade.toLowerCase());
      await page.click("[data-testid=checkin-submit]");
      await outcome(page, "ok");
      expect(await page.textContent("[data-testid=checkin-name]")).toBe("张运营");
      expect(await page.textContent("[data-testid=checkin-phone]")).toBe("138****0003");
      expect(await page.inputValue("[data-testid=checkin-number]")).toBe("");
      await settledShot(page, "en-desk-typed-checked-in");

      await page.click("[data-testid=checkin-next]");
      await page.fill("[data-testid=checkin-number]", tickets.operator.trade);
      await page.press("[data-testid=checkin-number]", "Enter");
      await outcome(page, "already");
      expect(await page.textContent("[data-testid=checkin-already]")).toMatch(/^Checked in at \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(China time\) by 李编辑$/);

      await page.click("[data-testid=checkin-next]");
      await page.fill("[data-testid=checkin-number]", tickets.concert.childTrade);
      await page.click("[data-testid=checkin-submit]");
      await outcome(page, "refused");
      expect(await page.textContent("[data-testid=checkin-reason]")).toBe("This is a ticket for “New Year concert tickets”, not for this activity.");
      await settledShot(page, "en-desk-typed-other-activity");
      await accessible(page, "en desk refused");

      await page.click("[data-testid=checkin-next]");
      await page.fill("[data-testid=checkin-number]", tickets.cancelled.trade);
      await page.click("[data-testid=checkin-submit]");
      await outcome(page, "refused");
      expect(await page.textContent("[data-testid=checkin-reason]")).toBe(`Order ${tickets.cancelled.childTrade} was cancelled and does not admit anyone.`);
      await v.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    "zh 375: a number that is no order, a forged code, then the main order's number checks its holder in",
    async () => {
      const v = await visitor({ browser: plain }, { viewport: PHONE });
      const { page } = v;
      await enter(page, { server, browser: plain }, "cn000001", { language: "zh" });
      await openCheckIn(page, "zh");
      await page.fill("[data-testid=checkin-number]", "E2ECHECKIN9999");
      await page.click("[data-testid=checkin-submit]");
      await outcome(page, "refused");
      expect(await page.textContent("#checkin-outcome-title")).toBe(TEXT.zh.refused);
      expect(await page.textContent("[data-testid=checkin-reason]")).toBe("没有这个订单号，请核对后重新输入。");
      await settledShot(page, "zh-375-typed-not-found");

      await page.click("[data-testid=checkin-next]");
      const forged = tickets.admin.code.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
      await page.fill("[data-testid=checkin-number]", forged);
      await page.click("[data-testid=checkin-submit]");
      await outcome(page, "refused");
      expect(await page.textContent("[data-testid=checkin-reason]")).toBe("无法识别的票码：它不是本平台签发的电子票，或二维码已被改动。");

      await page.click("[data-testid=checkin-next]");
      await page.fill("[data-testid=checkin-number]", tickets.admin.trade);
      await page.click("[data-testid=checkin-submit]");
      await outcome(page, "ok");
      expect(await page.textContent("[data-testid=checkin-name]")).toBe("王管理");
      await settledShot(page, "zh-375-typed-checked-in");
      await accessible(page, "zh 375 typed");
      await v.close();
    },
    JOURNEY_TIMEOUT_MS,
  );
});

describe("the member's ticket tab after the door", () => {
  for (const { language, size, viewport, tab, pattern } of [
    { language: "zh", size: "desk", viewport: DESK, tab: "电子票", pattern: /^已于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}（北京时间）由 李编辑 检票入场$/ },
    { language: "en", size: "375", viewport: PHONE, tab: "Ticket", pattern: /^Checked in at the door at \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(China time\) by 李编辑$/ },
  ] as const)
    test(`${language} ${size}: the ticket tab says checked in, when and by whom`, async () => {
      // Checked in by the editor through the door's own call, so this journey needs no other.
      const staff = await visitor({ browser: plain }, { viewport: DESK });
      await enter(staff.page, { server, browser: plain }, "cn000002", { language: "zh" });
      await staff.page.goto(`${server.url}/activity/checkin?activity=${concert}`);
      await staff.page.waitForSelector("[data-testid=checkin-number]");
      await staff.page.fill("[data-testid=checkin-number]", tickets.memberConcert.childTrade);
      await staff.page.click("[data-testid=checkin-submit]");
      await staff.page.waitForSelector("[data-testid=checkin-outcome][data-outcome=ok], [data-testid=checkin-outcome][data-outcome=already]");
      await staff.close();

      const v = await visitor({ browser: plain }, { viewport });
      const { page } = v;
      await enter(page, { server, browser: plain }, "cn100001", { language });
      await page.goto(`${server.url}/information?page=order`);
      await page.locator("[data-testid=order-row]", { hasText: tickets.memberConcert.trade }).locator("[data-action=detail]").click();
      await page.waitForSelector("[data-testid=order-detail]");
      await page.click(`[data-testid=order-detail] [role=tab]:text-is("${tab}")`);
      await page.waitForSelector("[data-testid=ticket-checked][data-checked=true]");
      await page.waitForSelector("[data-testid=ticket-checked-when]");
      expect((await page.textContent("[data-testid=ticket-checked-when]"))!).toMatch(pattern);
      await nextFrames(page);
      await shot(page, `check-in/${language}-${size}-member-ticket`, { fullPage: false });
      expect(await seriousViolations(page)).toEqual([]);
      await v.close();
    }, JOURNEY_TIMEOUT_MS);
});
