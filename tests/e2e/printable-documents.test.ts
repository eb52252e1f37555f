// Issue 20 item 1: the demo member cn100001 downloads the printable ticket
// from an order's ticket tab and the receipt of a paid dues order from the
// dues page, in both languages on a desk and a phone; each PDF is read back
// (its text) and drawn (pdf.js) to look at. A ticket cancelled while its tab
// is open is refused with the reason shown, and a cancelled order offers no
// ticket at all.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import { readFile } from "node:fs/promises";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import type { Db } from "../../src/db/client";
import { activities, duesOrders } from "../../src/db/schema";
import { ORDER_STATE } from "../../src/protocol/enumerations";
import { shot } from "../helpers/browser";
import { testNow } from "../helpers/clock";
import { pdfText } from "../helpers/pdf";
import { renderPdf } from "../helpers/pdf-render";
import { type Answer, apiAs, closeWindow, messageText, preparedWorld, pressOk, settle, SETUP_TIMEOUT_MS, enter, stopWorld, test, userId, visitor, type World, FOUR_SCREENS } from "./support";

const JOURNEY_TIMEOUT_MS = 120_000;
const YEAR = testNow().getFullYear();
const PAID = { sysTrade: `D${YEAR}0105093000AB12CD34EF56AB78`, payTrade: "4200001234202601050930001234", paidAt: new Date(`${YEAR}-01-05T01:30:00.000Z`) };
const LAST_YEAR = { sysTrade: `D${YEAR - 1}0110100000CC12CD34EF56AB99` };

/** A paid dues order of this year and a cancelled one of last year; film nights as often as the journeys need. */
async function prepare(db: Db) {
  const member = await userId(db, "cn100001");
  await db.insert(duesOrders).values([
    {
      sysTrade: PAID.sysTrade,
      userId: member,
      year: YEAR,
      nameZh: `${YEAR}年度工会会费`,
      nameEn: `Union dues ${YEAR}`,
      amount: 6000,
      state: ORDER_STATE.ORDER_STATE_SUCCESS,
      payTrade: PAID.payTrade,
      createdAt: new Date(PAID.paidAt.getTime() - 60_000),
      expiresAt: new Date(PAID.paidAt.getTime() + 14 * 60_000),
      payDate: PAID.paidAt,
    },
    {
      sysTrade: LAST_YEAR.sysTrade,
      userId: member,
      year: YEAR - 1,
      nameZh: `${YEAR - 1}年度工会会费`,
      nameEn: `Union dues ${YEAR - 1}`,
      amount: 6000,
      state: ORDER_STATE.ORDER_STATE_CANCEL,
      payTrade: null,
      createdAt: new Date(`${YEAR - 1}-01-10T02:00:00.000Z`),
      expiresAt: new Date(`${YEAR - 1}-01-10T02:15:00.000Z`),
      payDate: null,
    },
  ]);
  await db.update(activities).set({ formCount: 10 }).where(eq(activities.nameEn, "Friday film night"));
}

let world: World;
beforeAll(async () => {
  world = await preparedWorld(prepare);
}, SETUP_TIMEOUT_MS);
afterAll(() => stopWorld(world));

/** cn100001 through the API, as a second device. */
const memberApi = () => apiAs(world, "cn100001");

const TEXT = {
  zh: {
    ok: "确定" as const,
    ticketTab: "电子票",
    download: "下载 PDF",
    receipt: "收据",
    party: "年终联欢会",
    film: "周五电影夜",
    ticketName: (trade: string) => `电子票-${trade}.pdf`,
    receiptName: `会费收据-${YEAR}-${PAID.sysTrade}.pdf`,
    ticketText: ["工会会员服务平台", "电子票", "年终联欢会", "陈会员", "入场时请出示此二维码", "时间", "地点", "国际会议中心宴会厅"],
    receiptText: ["会费收据", `${YEAR}年度工会会费`, "陈会员", "¥60.00", `${YEAR}-01-05 09:30（北京时间）`, PAID.payTrade],
    refused: "此订单现在是“已取消”状态，没有可下载的电子票。请刷新页面查看。",
  },
  en: {
    ok: "OK" as const,
    ticketTab: "Ticket",
    download: "Download PDF",
    receipt: "Receipt",
    party: "Year-end party",
    film: "Friday film night",
    ticketName: (trade: string) => `ticket-${trade}.pdf`,
    receiptName: `dues-receipt-${YEAR}-${PAID.sysTrade}.pdf`,
    ticketText: ["Union Member Portal", "Ticket", "Year-end party", "陈会员", "Show this QR code at the entrance", "Time", "Place", "Banquet hall, International Convention Centre"],
    receiptText: ["Dues receipt", `Union dues ${YEAR}`, "陈会员", "¥60.00", `${YEAR}-01-05 09:30 (China time)`, PAID.payTrade],
    refused: "This order is now “Cancelled”, so it has no ticket to download. Refresh the page to see it.",
  },
};

const row = (page: Page, testId: string, text: string) => page.locator(`[data-testid=${testId}]`, { hasText: text });
/** The file the browser saved when `click` ran: its name and bytes. */
async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  return { name: download.suggestedFilename(), bytes: new Uint8Array(await readFile((await download.path())!)) };
}

async function openTicketTab(page: Page, trade: string, label: string) {
  await row(page, "order-row", trade).locator("[data-action=detail]").click();
  await page.waitForSelector("[data-testid=order-detail]");
  await page.click(`[data-testid=order-detail] [role=tab]:text-is("${label}")`);
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>("[data-testid=ticket-qr]");
    return !!img && img.complete && img.naturalWidth > 0;
  });
}

describe("printable ticket and dues receipt", () => {
  for (const { language, size, viewport } of FOUR_SCREENS) {
    const text = TEXT[language];
    const name = (step: string) => `documents-${step}-${language}-${size}`;

    test(`a member downloads the ticket and the dues receipt as PDFs, in ${language} on a ${size}`, async () => {
      const call = await memberApi();
      const orders = (await call("/order/list", { index: 1 })).list as Answer[];
      const party = orders.find((o) => o.nameEn === "Year-end party")!;
      // A film night signed up for this journey, to be cancelled while its ticket is open.
      const modules = (await call("/activity/module/list")).list as Answer[];
      const tiles = (await call("/activity/list", { module: modules[0]!.id })).list as Answer[];
      const signed = await call("/order/sign", { activity: tiles.find((tile) => tile.nameEn === "Friday film night")!.id });
      expect(signed.message.code).toBe("SUCCESS");

      const { page, close } = await visitor(world, { viewport });
      await enter(page, world, "cn100001", { language });
      await page.goto(`${world.server.url}/information?page=order`);
      await page.waitForSelector("[data-testid=order-row]");

      // The ticket tab offers the PDF beside the QR.
      await openTicketTab(page, party.trade, text.ticketTab);
      expect(await page.textContent("[data-testid=ticket-pdf]")).toBe(text.download);
      await settle(page);
      await shot(page, name("ticket-tab"), { fullPage: false });
      const ticket = await downloaded(page, () => page.click("[data-testid=ticket-pdf]"));
      expect(ticket.name).toBe(text.ticketName(party.trade));
      const [ticketText] = await pdfText(ticket.bytes);
      for (const shown of [...text.ticketText, party.trade]) expect(ticketText).toContain(shown);
      expect((await renderPdf(world.browser, ticket.bytes, name("ticket-pdf"))).pages).toBe(1);
      await closeWindow(page);

      // Cancelled on another device while its ticket is open: the download is refused and the reason shown.
      await page.reload();
      await page.waitForSelector("[data-testid=order-row]");
      await openTicketTab(page, signed.trade, text.ticketTab);
      expect((await call("/order/cancel", { id: signed.order })).message.code).toBe("SUCCESS");
      await page.click("[data-testid=ticket-pdf]");
      expect(await messageText(page)).toBe(text.refused);
      await settle(page);
      await shot(page, name("ticket-refused"), { fullPage: false });
      await pressOk(page, text.ok);
      await closeWindow(page);
      // Read again, the cancelled order has no ticket tab, so nothing to download.
      await page.reload();
      await page.waitForSelector("[data-testid=order-row]");
      await row(page, "order-row", signed.trade).locator("[data-action=detail]").click();
      await page.waitForSelector("[data-testid=order-detail]");
      expect(await page.$$eval("[data-testid=order-detail] [role=tab]", (tabs) => tabs.map((t) => t.textContent?.trim()))).not.toContain(text.ticketTab);
      expect(await page.$("[data-testid=ticket-pdf]")).toBeNull();
      await closeWindow(page);

      // The dues page: the paid order has its receipt, the cancelled one none.
      await page.goto(`${world.server.url}/information?page=member`);
      await page.waitForSelector("[data-testid=dues-row]");
      const paid = row(page, "dues-row", PAID.sysTrade);
      expect(await paid.locator("[data-action=receipt]").textContent()).toBe(text.receipt);
      expect(await row(page, "dues-row", LAST_YEAR.sysTrade).locator("[data-action=receipt]").count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      await settle(page);
      await shot(page, name("dues"));
      const receipt = await downloaded(page, () => paid.locator("[data-action=receipt]").click());
      expect(receipt.name).toBe(text.receiptName);
      const [receiptText] = await pdfText(receipt.bytes);
      for (const shown of [...text.receiptText, PAID.sysTrade, String(YEAR)]) expect(receiptText).toContain(shown);
      expect((await renderPdf(world.browser, receipt.bytes, name("receipt-pdf"))).pages).toBe(1);
      await close();
    }, JOURNEY_TIMEOUT_MS);
  }
});
