// Spec 2 section 2 "Member orders" and section 4 (cancel, address change,
// payment), spec 1 section 2: the personal centre's orders as the demo
// member cn100001 uses them, in both languages on a desk and a phone. Each
// journey makes the orders it changes (a film-night ticket to cancel, a
// badminton pass to pay, a mooncake box whose address it changes) through
// the API, so no journey needs what another left behind.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import { inArray } from "drizzle-orm";
import type { Page } from "playwright-core";
import type { Db } from "../../src/db/client";
import { activities } from "../../src/db/schema";
import { shot } from "../helpers/browser";
import { writeOwedOrder } from "./owed-order";
import { accessible, type Answer, apiAs, closeWindow, messageText, preparedWorld, pressOk, settle, settledShot, SETUP_TIMEOUT_MS, enter, stopWorld, test, visitor, type World, FOUR_SCREENS } from "./support";

const JOURNEY_TIMEOUT_MS = 120_000;

/** The activities a journey signs up for again: each journey makes its own orders of them. */
const REPEATABLE = ["Friday film night", "Badminton hall season pass", "Mid-Autumn mooncake box"];

/** As many orders per member as the journeys need (the demo allows one each). */
async function allowRepeatedSignUps(db: Db) {
  await db.update(activities).set({ formCount: 10 }).where(inArray(activities.nameEn, REPEATABLE));
}

let world: World;
beforeAll(async () => {
  world = await preparedWorld(async (db) => {
    await allowRepeatedSignUps(db);
    await writeOwedOrder(db);
  });
}, SETUP_TIMEOUT_MS);
afterAll(() => stopWorld(world));

const NEW_ADDRESS = { name: "陈会员", phone: "13900000009", address0: "31", address1: "3101", address2: "310101", address3: "310101002", info: "南京东路100号" };

/** cn100001 through the API, as a second device: what a journey prepares and checks beside the browser. */
async function memberApi() {
  const call = await apiAs(world, "cn100001");
  const modules = (await call("/activity/module/list")).list as Answer[];
  const tiles = (await call("/activity/list", { module: modules[0]!.id })).list as Answer[];
  const activityId = (nameEn: string) => tiles.find((tile) => tile.nameEn === nameEn)!.id as number;
  return {
    call,
    activityId,
    /** Places left of an activity, as its page shows them. */
    stock: async (id: number) => (await call("/activity/info", { id })).activity.stock as number,
    /** A new order of the activity; its trade. */
    signUp: async (id: number, extra: Record<string, unknown> = {}) => {
      const answer = await call("/order/sign", { activity: id, ...extra });
      expect(answer.message.code).toBe("SUCCESS");
      return answer.trade as string;
    },
  };
}

const TEXT = {
  zh: {
    ok: "确定" as const,
    title: "我的订单",
    success: "成功",
    waiting: "待支付",
    cancelled: "已取消",
    film: "周五电影夜",
    tabs: { mooncake: ["基本信息", "收货地址", "快递信息"], trip: ["基本信息", "支付信息", "家属"], party: ["基本信息", "电子票"] },
    sent: "已发货",
    carrier: "顺丰速运 SF Express",
    onTheWay: "运输中",
    region: "北京市 市辖区 东城区",
    shanghai: "上海市 市辖区 黄浦区 南京东路街道",
    child: "子女",
    paid: "已支付",
    checked: "已检票",
    unchecked: "未检票",
    confirmCancel: "确定要取消“周五电影夜”的订单吗？取消后名额、积分和礼品将退回。",
    cancelledMessage: "订单已取消",
    choose: "请选择一个地址",
    changed: "收货地址已修改",
    note: "请在5分钟内完成支付，超时未支付订单将失效，需要重新下单。",
    done: "支付成功，订单已确认！",
    payTitle: "支付订单",
    keep: "保留订单",
    cancelOrder: "取消订单",
    noMatch: "没有符合条件的记录",
    owedNote: "已付款 ¥169.00，待退还",
    owed: "订单已取消，但您的付款 ¥169.00 已到账：这笔钱将退还给您，无需再做什么。",
    refundOwed: "待退款",
  },
  en: {
    ok: "OK" as const,
    title: "My orders",
    success: "Success",
    waiting: "Waiting for payment",
    cancelled: "Cancelled",
    film: "Friday film night",
    tabs: { mooncake: ["Basic", "Address", "Delivery"], trip: ["Basic", "Payment", "Family"], party: ["Basic", "Ticket"] },
    sent: "Sent",
    carrier: "顺丰速运 SF Express",
    onTheWay: "On the way",
    region: "Beijing",
    shanghai: "Shanghai, City Districts, Huangpu District, Nanjing East Road Subdistrict",
    child: "Child",
    paid: "Paid",
    checked: "Checked in",
    unchecked: "Not checked in yet",
    confirmCancel: "Cancel your order for “Friday film night”? Its places, points and gifts will be given back.",
    cancelledMessage: "The order has been cancelled",
    choose: "Please select an address",
    changed: "The delivery address has been changed",
    note: "Please pay within 5 minutes, or the order becomes invalid and you will have to place it again.",
    done: "Payment received. Your order is confirmed!",
    payTitle: "Pay for your order",
    keep: "Keep order",
    cancelOrder: "Cancel order",
    noMatch: "No records match these filters",
    owedNote: "¥169.00 paid, to be refunded",
    owed: "This order is cancelled, but your payment of ¥169.00 arrived: the money will be refunded to you. Nothing more to do.",
    refundOwed: "Refund owed",
  },
};

type Language = keyof typeof TEXT;

/** The rows of the list, a table's or a phone's cards, as column -> text. */
const rows = (page: Page) =>
  page.$$eval("[data-testid=order-row]", (items) =>
    items.map((item) => Object.fromEntries([...item.querySelectorAll("[data-column]")].map((cell) => [cell.getAttribute("data-column"), cell.textContent?.trim() ?? ""]))),
  );

const row = (page: Page, text: string) => page.locator("[data-testid=order-row]", { hasText: text });


async function openOrders(page: Page) {
  await page.goto(`${world.server.url}/information?page=order`);
  await page.waitForSelector("[data-testid=order-row]");
}

/** What a person sees of an open window: the screen, not the page under it. */
async function windowShot(page: Page, name: string) {
  await settle(page);
  await shot(page, name, { fullPage: false });
}

const tabNames = (page: Page) => page.$$eval("[data-testid=order-detail] [role=tab]", (tabs) => tabs.map((t) => t.textContent?.trim()));
const fact = (page: Page, name: string) => page.textContent(`[data-testid=order-detail] [role=tabpanel] [data-fact=${name}]`);

async function openTab(page: Page, label: string) {
  await page.click(`[data-testid=order-detail] [role=tab]:text-is("${label}")`);
  await page.waitForSelector(`[data-testid=order-detail] [role=tab][aria-selected=true]:text-is("${label}")`);
}

async function openDetail(page: Page, trade: string) {
  await row(page, trade).locator("[data-action=detail]").click();
  await page.waitForSelector("[data-testid=order-detail]");
}

describe("a member's orders", () => {
  for (const { language, size, viewport } of FOUR_SCREENS) {
    const text = TEXT[language as Language];
    const name = (step: string) => `orders-${step}-${language}-${size}`;

    test(`a member reads, filters and opens orders, cancels one, changes an address and pays a waiting order, in ${language} on a ${size}`, async () => {
      // What this journey changes, made for it.
      const member = await memberApi();
      const film = member.activityId("Friday film night");
      const badminton = member.activityId("Badminton hall season pass");
      const mooncake = member.activityId("Mid-Autumn mooncake box");
      const filmTrade = await member.signUp(film);
      const addresses = (await member.call("/user/address/list")).list as Answer[];
      const box = await member.signUp(mooncake, { address: addresses[0]!.id });
      // A second address in the book to move the box to (made once: the book keeps at most 10).
      if (!addresses.some((a) => a.info === NEW_ADDRESS.info)) expect((await member.call("/user/address/save", { address: NEW_ADDRESS })).message.code).toBe("SUCCESS");
      const filmStock = await member.stock(film);
      // The seed's orders: the mooncake box already sent, last year's family trip and party.
      const seeded = (await member.call("/order/list", { index: 1 })).list as Answer[];
      const tradeOf = (nameEn: string, also: (o: Answer) => boolean = () => true) => seeded.find((o) => o.nameEn === nameEn && also(o))!.trade as string;
      const sentTrade = tradeOf("Mid-Autumn mooncake box", (o) => o.express.length > 0);
      const tripTrade = tradeOf("Autumn family study trip");
      const partyTrade = tradeOf("Year-end party");

      const { page, context, close } = await visitor(world, { viewport });
      await enter(page, world, "cn100001", { language });
      await openOrders(page);

      // The list: newest first, dates to the minute, money with 2 decimals, states by name.
      const first = await rows(page);
      expect(first[0]).toMatchObject({ name: expect.stringContaining(language === "zh" ? "中秋月饼礼盒" : "Mid-Autumn mooncake box"), trade: box, amount: "0.00", state: text.success });
      expect(first[0]!.date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      const trip = first.find((r) => r.name === (language === "zh" ? "秋季亲子研学" : "Autumn family study trip"))!;
      expect(trip.amount).toBe("88.00");
      // A desk's table is padded to the spec's 23 lines; a phone shows cards.
      expect(await page.$$(".centre-section tbody tr")).toHaveLength(size === "desk" ? 23 : 0);
      await settledShot(page, name("list"));
      await accessible(page, `${language} ${size} list`);

      // Filter by state: the cancelled ones only, then all again.
      await page.selectOption(".filter-bar select[name=state]", { label: text.cancelled });
      await page.click(".filter-bar button[type=submit]");
      await page.waitForFunction((s) => [...document.querySelectorAll("[data-testid=order-row] [data-column=state]")].every((c) => c.textContent === s), text.cancelled);
      const cancelledRows = await rows(page);
      expect(cancelledRows.length).toBeGreaterThan(0);
      expect(cancelledRows.some((r) => r.name === (language === "zh" ? "午间读书分享会" : "Lunchtime book club"))).toBe(true);
      // A cancelled order offers nothing but its details.
      expect(await page.$$("[data-testid=order-row] [data-action]:not([data-action=detail])")).toHaveLength(0);
      await settledShot(page, name("filtered"));
      await page.click(`.filter-bar button:has-text("${language === "zh" ? "重置" : "Reset"}")`);
      await page.waitForFunction((s) => [...document.querySelectorAll("[data-testid=order-row] [data-column=state]")].some((c) => c.textContent === s), text.success);

      // The seeded mooncake box was sent: no address change, no cancel; its detail shows the parcel on the way.
      const sent = row(page, sentTrade);
      expect(await sent.locator("[data-action=address], [data-action=cancel]").count()).toBe(0);
      await openDetail(page, sentTrade);
      expect(await tabNames(page)).toEqual(text.tabs.mooncake);
      expect(await fact(page, "send-state")).toBe(text.sent);
      await windowShot(page, name("detail-basic"));
      await accessible(page, `${language} ${size} detail`);
      await openTab(page, text.tabs.mooncake[1]!);
      expect(await fact(page, "phone")).toBe("139****0001");
      expect(await fact(page, "region")).toContain(text.region);
      expect(await fact(page, "info")).toBe("东华门大街1号院2号楼301室");
      await windowShot(page, name("detail-address"));
      await openTab(page, text.tabs.mooncake[2]!);
      expect(await fact(page, "company")).toBe(text.carrier);
      expect(await fact(page, "delivery")).toBe(text.onTheWay);
      expect(await fact(page, "number")).toBe("SF1402938475610");
      expect(await page.$$("[data-testid=order-detail] .order-trail li")).toHaveLength(2);
      await windowShot(page, name("detail-express"));
      await accessible(page, `${language} ${size} express tab`);
      await closeWindow(page);

      // Last year's family trip: paid, with a child.
      await openDetail(page, tripTrade);
      expect(await tabNames(page)).toEqual(text.tabs.trip);
      await openTab(page, text.tabs.trip[1]!);
      // Money as everywhere else: ¥88.00, no space.
      expect(await fact(page, "amount")).toBe("¥88.00");
      expect(await fact(page, "pay-state")).toBe(text.paid);
      expect(await fact(page, "pay-date")).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      await windowShot(page, name("detail-pay"));
      await openTab(page, text.tabs.trip[2]!);
      const member1 = page.locator("[data-testid=order-member]").first();
      expect(await member1.textContent()).toContain("陈小明");
      expect(await member1.textContent()).toContain(text.child);
      expect(await member1.locator("[data-fact=identity]").textContent()).toBe("110101********0018");
      await windowShot(page, name("detail-member"));
      await closeWindow(page);

      // A payment that came after the expiry job cancelled the order, when the points it needed were spent: owed back, said on the row and first in the detail.
      const owedTrade = seeded.find((o) => o.refundOwed)!.trade as string;
      const owedRow = row(page, owedTrade);
      expect(await owedRow.locator("[data-column=state]").textContent()).toBe(text.cancelled);
      expect(await owedRow.locator("[data-testid=refund-owed-note]").textContent()).toBe(text.owedNote);
      await openDetail(page, owedTrade);
      expect(await page.textContent("[data-testid=order-detail] [data-testid=refund-owed]")).toBe(text.owed);
      await windowShot(page, name("detail-owed"));
      await openTab(page, text.tabs.trip[1]!);
      expect(await fact(page, "pay-state")).toBe(text.refundOwed);
      expect(await fact(page, "amount")).toBe("¥169.00");
      await windowShot(page, name("detail-owed-pay"));
      await accessible(page, `${language} ${size} owed payment`);
      await closeWindow(page);

      // Last year's party: a ticket already checked at the door.
      await openDetail(page, partyTrade);
      expect(await tabNames(page)).toEqual(text.tabs.party);
      // A ticket ships nothing: no shipping state.
      expect(await page.$("[data-testid=order-detail] [data-fact=send-state]")).toBeNull();
      expect(await page.$("[data-testid=order-detail] [data-fact=state]")).not.toBeNull();
      await openTab(page, text.tabs.party[1]!);
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>("[data-testid=ticket-qr]");
        return !!img && img.complete && img.naturalWidth > 0;
      });
      expect(await page.getAttribute("[data-testid=ticket-qr]", "src")).toMatch(/^blob:/);
      expect(await page.textContent("[data-testid=ticket-checked]")).toBe(text.checked);
      await windowShot(page, name("detail-ticket"));
      await accessible(page, `${language} ${size} ticket tab`);
      await closeWindow(page);

      // Cancel this journey's film-night order: asked first, then told; its place is back.
      const filmRow = row(page, filmTrade);
      await filmRow.locator("[data-action=cancel]").click();
      expect(await messageText(page)).toBe(text.confirmCancel);
      // The buttons say what they do: keep the order, or cancel it.
      expect(await page.$$eval("[role=alertdialog] .dialog-footer button", (buttons) => buttons.map((b) => b.textContent?.trim()))).toEqual([text.keep, text.cancelOrder]);
      await windowShot(page, name("cancel-confirm"));
      await page.click(`[role=alertdialog] .dialog-footer button:has-text("${text.keep}")`);
      await page.waitForSelector("[data-testid=message-text]", { state: "detached" });
      expect(await filmRow.locator("[data-action=cancel]").count()).toBe(1);
      await filmRow.locator("[data-action=cancel]").click();
      expect(await messageText(page)).toBe(text.confirmCancel);
      await page.click(`[role=alertdialog] .button-primary:has-text("${text.cancelOrder}")`);
      await page.waitForFunction((q) => document.querySelector("[data-testid=message-text]")?.textContent?.trim() !== q, text.confirmCancel);
      expect(await messageText(page)).toBe(text.cancelledMessage);
      await pressOk(page, text.ok);
      await page.waitForFunction(
        ({ trade, state }) =>
          [...document.querySelectorAll("[data-testid=order-row]")].some((r) => r.textContent?.includes(trade) && r.querySelector("[data-column=state]")?.textContent === state),
        { trade: filmTrade, state: text.cancelled },
      );
      expect(await filmRow.locator("[data-action=cancel]").count()).toBe(0);
      expect(await member.stock(film)).toBe(filmStock + 1);

      // This journey's mooncake box is not sent yet: its address may change, to one chosen from the address book.
      const boxRow = row(page, box);
      await boxRow.locator("[data-action=address]").click();
      await page.waitForSelector("[data-testid=order-address-choice]");
      await page.click("[data-testid=order-address-save]");
      // Said under the list of addresses (the one form window), not in a message box.
      expect(await page.textContent("#order-address-address-error")).toBe(text.choose);
      await page.locator("[data-testid=order-address-choice]", { hasText: NEW_ADDRESS.info }).locator("input").check();
      await windowShot(page, name("address-change"));
      await accessible(page, `${language} ${size} address change`);
      await page.click("[data-testid=order-address-save]");
      expect(await messageText(page)).toContain(`${NEW_ADDRESS.name}${language === "zh" ? "，" : ", "}${text.shanghai}`);
      expect(await messageText(page)).toContain(NEW_ADDRESS.info);
      await page.click(`[role=alertdialog] .button-primary:has-text("${text.ok}")`);
      await page.waitForFunction((m) => document.querySelector("[data-testid=message-text]")?.textContent?.trim() === m, text.changed);
      await pressOk(page, text.ok);
      expect(await page.$("[data-testid=order-address-dialog]")).toBeNull();
      const moved = ((await member.call("/order/list", { index: 1 })).list as Answer[]).find((o) => o.trade === box)!;
      expect(moved.address).toMatchObject({ liaison: NEW_ADDRESS.name, phone: NEW_ADDRESS.phone, address3: NEW_ADDRESS.address3, addressInfo: NEW_ADDRESS.info });

      // A waiting order of the badminton pass, paid from the list through the sandbox.
      const waiting = await member.signUp(badminton);
      await page.reload();
      await page.waitForSelector("[data-testid=order-row]");
      const waitingRow = row(page, waiting);
      expect(await waitingRow.locator("[data-column=state]").textContent()).toBe(text.waiting);
      expect(await waitingRow.locator("[data-column=amount]").textContent()).toBe("199.00");
      await settledShot(page, name("waiting"));
      await waitingRow.locator("[data-action=pay]").click();
      await page.waitForSelector("[data-testid=qr-image]");
      expect(await page.textContent("[data-testid=order-pay-amount]")).toBe("¥199.00");
      expect(await page.textContent("[data-testid=order-pay-note]")).toBe(text.note);
      expect(await page.textContent("[role=dialog]:has([data-testid=order-pay-window]) h2")).toBe(text.payTitle);
      // The spinner sits in the line of its text, just before the first word.
      const gap = await page.evaluate(() => {
        const waiting = document.querySelector(".pay-waiting")!;
        const spinner = waiting.querySelector(".spinner")!.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(waiting.querySelector("span:not(.spinner)")!);
        const first = range.getClientRects()[0]!;
        return { horizontal: first.left - spinner.right, vertical: Math.abs(first.top + first.height / 2 - (spinner.top + spinner.height / 2)) };
      });
      expect(gap.horizontal).toBeGreaterThanOrEqual(0);
      expect(gap.horizontal).toBeLessThanOrEqual(12);
      expect(gap.vertical).toBeLessThanOrEqual(6);
      expect(await page.textContent("[data-testid=order-pay-countdown]")).toMatch(/^0[45]:[0-5]\d$/);
      await windowShot(page, name("pay-window"));
      await accessible(page, `${language} ${size} pay window`);
      const link = (await page.getAttribute("[data-testid=pay-link]", "href"))!;
      const payer = await context.newPage();
      await payer.goto(link);
      await payer.click("button.pay");
      await payer.waitForLoadState();
      expect(await page.textContent("[data-testid=order-pay-done]", { timeout: 10_000 })).toBe(text.done);
      await windowShot(page, name("pay-done"));
      await page.waitForSelector("[data-testid=order-pay-window]", { state: "detached", timeout: 10_000 });
      await page.waitForFunction(
        ({ trade, state }) =>
          [...document.querySelectorAll("[data-testid=order-row]")].some((r) => r.textContent?.includes(trade) && r.querySelector("[data-column=state]")?.textContent === state),
        { trade: waiting, state: text.success },
      );
      expect(await waitingRow.locator("[data-action=pay]").count()).toBe(0);
      await settledShot(page, name("paid"));
      await payer.close();
      await close();
    }, JOURNEY_TIMEOUT_MS);
  }
});
