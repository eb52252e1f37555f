// The printable ticket and dues receipt (issue 20 item 1): a member's own
// successful ticketed order and own paid dues order download as PDFs in the
// member's language, with a subset of the CJK font embedded so Chinese names
// print; everything else is refused with its result code, never a 500.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { activities, families, orderItems, orders, users } from "../../src/db/schema";
import { ticketCode } from "../../src/domains/order/ticket-code";
import { LANGUAGE, ORDER_STATE } from "../../src/protocol/enumerations";
import type { ApiClient } from "../../src/protocol/client";
import { startTestApp, type TestApp } from "../helpers/app";
import { drawnQr, embeddedFonts, embeddedOutlines, pdfText, qrMatrix, sourceOutline } from "../helpers/pdf";

type Answer = Record<string, any>;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PAYMENT_SANDBOX_SECRET: "documents-test-secret-0123456789abcdef" });
}, 60_000);
afterAll(() => t.close());

const FONT_SOURCE = require.resolve("@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf");
const FONT_SOURCE_BYTES = Bun.file(FONT_SOURCE).size;

/** A download: the PDF's bytes and name, or the refusal answered instead. */
async function download(c: ApiClient, path: "/order/ticket/pdf" | "/member/receipt/pdf", trade: string, more: Record<string, string> = {}) {
  const got = await c.download<Answer>(path, { trade, ...more });
  if ("answer" in got) return { refused: got.answer.message as { code: string; params?: Record<string, unknown> } };
  expect(got.file.type).toBe("application/pdf");
  return { pdf: new Uint8Array(await got.file.arrayBuffer()), name: got.name };
}

const orderNamed = async (c: ApiClient, nameEn: string) =>
  ((await c.call<Answer>("/order/list", { index: 1 })).list as Answer[]).find((o) => o.goods.some((g: Answer) => g.activity.nameEn === nameEn))!;

async function setLanguage(c: ApiClient, language: number) {
  expect((await c.call("/user/language", { language })).message.code).toBe("SUCCESS");
}

test("the film night's ticket prints the activity, the member's Chinese name, the order number and the screen's signed code in its QR", async () => {
  const c = await t.as("cn100001");
  await setLanguage(c, LANGUAGE.LANGUAGE_ZH);
  const film = await orderNamed(c, "Friday film night");
  const got = await download(c, "/order/ticket/pdf", film.trade);
  expect(got.refused).toBeUndefined();
  expect(got.name).toBe(`电子票-${film.trade}.pdf`);

  // It parses back, one A5 page with the document's title.
  const doc = await PDFDocument.load(got.pdf!);
  expect(doc.getPageCount()).toBe(1);
  expect(doc.getPage(0).getSize()).toEqual({ width: 419.53, height: 595.28 });
  expect(doc.getTitle()).toBe("电子票 · 周五电影夜");

  const [text] = await pdfText(got.pdf!);
  for (const shown of ["工会会员服务平台", "电子票", "周五电影夜", "会员", "陈会员", "订单号", film.trade, "入场时请出示此二维码", "地点", "工会活动中心多功能厅"]) expect(text).toContain(shown);
  // When, in China time: the activity's start and end as the editor set them.
  const [when] = await t.db.select({ start: activities.eventStart, end: activities.eventEnd }).from(activities).where(eq(activities.nameEn, "Friday film night"));
  const china = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace("T", " ");
  expect(text).toContain(`${china(when!.start!)} – ${china(when!.end!).slice(11)}（北京时间）`);

  // The QR holds the same signed code as the ticket tab's image.
  const code = await ticketCode({ app: t.state }, film.goods[0].trade);
  expect(code.startsWith("T1.")).toBe(true);
  expect(await drawnQr(got.pdf!)).toEqual(await qrMatrix(code));
});

test("the font is embedded as a subset: a few KB of the 10 MB font", async () => {
  const c = await t.as("cn100001");
  const film = await orderNamed(c, "Friday film night");
  const { pdf } = await download(c, "/order/ticket/pdf", film.trade);
  const fonts = await embeddedFonts(pdf!);
  expect(fonts).toHaveLength(1);
  expect(fonts[0]!.name).toMatch(/^NotoSansSC-Regular/);
  expect(FONT_SOURCE_BYTES).toBeGreaterThan(10_000_000);
  expect(fonts[0]!.bytes).toBeLessThan(FONT_SOURCE_BYTES / 100);
  expect(pdf!.byteLength).toBeLessThan(120_000);

  // Each character prints with its own outline, as the source font draws it (a broken subsetter leaves glyphs blank or wrong).
  const outlines = await embeddedOutlines(pdf!);
  for (const char of [..."陈会员周五电影夜工会服务平台电子票入场时请出示此二维码A"]) {
    expect({ char, drawn: outlines.get(char) }).toEqual({ char, drawn: [await sourceOutline(FONT_SOURCE, char)] });
  }
  // Every glyph in the subset draws something (a digit may have a variant of its own in a time).
  for (const [char, drawn] of outlines) if (char.trim()) for (const path of drawn) expect({ char, drawsSomething: path.length > 20 }).toEqual({ char, drawsSomething: true });
});

test("a member who chose English gets the ticket in English", async () => {
  const c = await t.as("cn100001");
  await setLanguage(c, LANGUAGE.LANGUAGE_EN);
  try {
    const film = await orderNamed(c, "Friday film night");
    const { pdf, name } = await download(c, "/order/ticket/pdf", film.trade);
    expect(name).toBe(`ticket-${film.trade}.pdf`);
    const [text] = await pdfText(pdf!);
    for (const shown of ["Union Member Portal", "Ticket", "Friday film night", "Member", "陈会员", "Order number", "Show this QR code at the entrance", "China time", "Time", "Place", "Multi-purpose hall, union centre"]) expect(text).toContain(shown);
    expect(text).not.toContain("周五电影夜");
  } finally {
    await setLanguage(c, LANGUAGE.LANGUAGE_ZH);
  }
});

test("the language the page shows, when given, decides over the stored one; another is a bad request", async () => {
  const c = await t.as("cn100001");
  const film = await orderNamed(c, "Friday film night");
  const english = await download(c, "/order/ticket/pdf", film.trade, { language: "en" });
  expect(english.name).toBe(`ticket-${film.trade}.pdf`);
  expect((await pdfText(english.pdf!))[0]).toContain("Friday film night");
  const chinese = await download(c, "/order/ticket/pdf", film.trade, { language: "zh" });
  expect((await pdfText(chinese.pdf!))[0]).toContain("周五电影夜");
  for (const language of ["fr", "", "EN"]) expect((await download(c, "/order/ticket/pdf", film.trade, { language })).refused?.code).toBe("ERROR_PARAMS");
});

test("the family members signed up with the order are on the ticket with their relationship", async () => {
  const c = await t.as("cn100001");
  const [fair] = await t.db.update(activities).set({ hasTicket: true }).where(eq(activities.nameEn, "Children's Day family fair")).returning({ id: activities.id });
  const [me] = await t.db.select({ id: users.id }).from(users).where(eq(users.employees, "cn100001"));
  const [child] = await t.db.select({ id: families.id }).from(families).where(and(eq(families.userId, me!.id), eq(families.name, "陈小明")));
  const gifts = (await c.call<Answer>("/activity/info", { id: fair!.id })).activity?.relationships?.[0]?.gifts as Answer[] | undefined;
  const signed = await c.call<Answer>("/order/sign", { activity: fair!.id, clans: [{ id: child!.id, gift: gifts?.[0]?.id ?? null }] });
  expect(signed.message.code).toBe("SUCCESS");
  const order = ((await c.call<Answer>("/order/list", { index: 1 })).list as Answer[]).find((o) => o.id === signed.order)!;
  const { pdf } = await download(c, "/order/ticket/pdf", order.trade);
  const [text] = await pdfText(pdf!);
  expect(text).toContain("六一亲子游园会");
  expect(text).toContain("同行家属");
  expect(text).toContain("陈小明（子女）");
  expect(text).toContain("人数");
});

test("a cancelled order's ticket, an unpaid one's and a ticketless order's do not download", async () => {
  const c = await t.as("cn100001");
  const [{ id: me }] = (await t.db.select({ id: users.id }).from(users).where(eq(users.employees, "cn100001"))) as [{ id: number }];
  // A cancelled ticketed order of the member's (the seed's cancelled one has no ticket: make one).
  const [party] = await t.db
    .select({ trade: orders.trade, id: orders.id, itemId: orderItems.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .innerJoin(activities, eq(activities.id, orderItems.activityId))
    .where(and(eq(orders.userId, me), eq(activities.nameEn, "Year-end party")));
  expect((await download(c, "/order/ticket/pdf", party!.trade)).pdf).toBeDefined();
  for (const state of [ORDER_STATE.ORDER_STATE_CANCEL, ORDER_STATE.ORDER_STATE_WAIT]) {
    await t.db.update(orders).set({ state }).where(eq(orders.id, party!.id));
    await t.db.update(orderItems).set({ state }).where(eq(orderItems.id, party!.itemId));
    expect((await download(c, "/order/ticket/pdf", party!.trade)).refused).toEqual({ code: "ERROR_ORDER_STATE", id: expect.any(Number), params: { state } } as never);
    // The screen's QR is refused alike: the two never disagree.
    const qr = await c.download<Answer>("/order/qr", { trade: party!.trade });
    expect("answer" in qr && qr.answer.message.code).toBe("ERROR_ORDER_STATE");
  }
  await t.db.update(orders).set({ state: ORDER_STATE.ORDER_STATE_SUCCESS }).where(eq(orders.id, party!.id));
  await t.db.update(orderItems).set({ state: ORDER_STATE.ORDER_STATE_SUCCESS }).where(eq(orderItems.id, party!.itemId));

  // A cancel through the member's own call: the film night allows it.
  const film = await orderNamed(c, "Friday film night");
  const fresh = await t.as("cn100001");
  expect((await fresh.call("/order/cancel", { id: film.id })).message.code).toBe("SUCCESS");
  expect((await download(c, "/order/ticket/pdf", film.trade)).refused?.code).toBe("ERROR_ORDER_STATE");
  await t.db.update(orders).set({ state: ORDER_STATE.ORDER_STATE_SUCCESS }).where(eq(orders.id, film.id));
  await t.db.update(orderItems).set({ state: ORDER_STATE.ORDER_STATE_SUCCESS }).where(eq(orderItems.orderId, film.id));

  // An order whose activity has no ticket has nothing to print.
  const mooncake = await orderNamed(c, "Mid-Autumn mooncake box");
  expect((await download(c, "/order/ticket/pdf", mooncake.trade)).refused?.code).toBe("ERROR_RESULT_NULL");
});

test("another member's ticket reads as none, and garbage is refused as a bad request, never a 500", async () => {
  const owner = await t.as("cn100001");
  const film = await orderNamed(owner, "Friday film night");
  const other = await t.as("cn100002");
  expect((await download(other, "/order/ticket/pdf", film.trade)).refused?.code).toBe("ERROR_RESULT_NULL");
  expect((await download(other, "/order/ticket/pdf", "NO-SUCH-ORDER-0")).refused?.code).toBe("ERROR_RESULT_NULL");
  for (const trade of ["", "../../etc/passwd", "x".repeat(65), "' or 1=1 --", "陈会员"]) {
    expect((await download(other, "/order/ticket/pdf", trade)).refused?.code).toBe("ERROR_PARAMS");
    expect((await download(other, "/member/receipt/pdf", trade)).refused?.code).toBe("ERROR_PARAMS");
  }
  // Without a session nobody gets either.
  const visitor = t.client();
  expect((await download(visitor, "/order/ticket/pdf", film.trade)).refused?.code).toBe("ERROR_LOGIN_CODE");
});

test("a paid dues order prints a receipt: payer, year, amount in yuan, payment time in China time and the payment's trade number", async () => {
  const c = await t.as("cn100001");
  const pay = await c.call<Answer>("/member/pay");
  expect(pay.message.code).toBe("SUCCESS");
  // Not yet paid: no receipt.
  expect((await download(c, "/member/receipt/pdf", pay.trade)).refused).toMatchObject({ code: "ERROR_ORDER_STATE", params: { state: ORDER_STATE.ORDER_STATE_WAIT } });
  expect((await t.fetch(`/pay/sandbox/${pay.trade}/confirm`, { method: "POST" })).status).toBeLessThan(400);
  const row = ((await c.call<Answer>("/member/list", { index: 1 })).list as Answer[]).find((r) => r.sysTrade === pay.trade)!;
  expect(row.state.id).toBe(ORDER_STATE.ORDER_STATE_SUCCESS);

  const got = await download(c, "/member/receipt/pdf", pay.trade);
  expect(got.name).toBe(`会费收据-${row.year}-${pay.trade}.pdf`);
  const [text] = await pdfText(got.pdf!);
  const paidAt = new Date(new Date(row.payDate).getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace("T", " ");
  for (const shown of ["工会会员服务平台", "会费收据", row.nameZh, "缴费人", "陈会员", "会费年度", String(row.year), "金额（元）", "¥60.00", "支付时间", `${paidAt}（北京时间）`, "支付交易号", row.payTrade, pay.trade]) {
    expect(text).toContain(shown);
  }
  expect((await embeddedFonts(got.pdf!))[0]!.name).toMatch(/^NotoSansSC-Regular/);

  // In English for a member who chose it.
  await setLanguage(c, LANGUAGE.LANGUAGE_EN);
  try {
    const [english] = await pdfText((await download(c, "/member/receipt/pdf", pay.trade)).pdf!);
    for (const shown of ["Union Member Portal", "Dues receipt", row.nameEn, "Payer", "陈会员", "Dues year", "Amount (yuan)", "¥60.00", `${paidAt} (China time)`, "Payment trade number"]) expect(english).toContain(shown);
  } finally {
    await setLanguage(c, LANGUAGE.LANGUAGE_ZH);
  }

  // Another member's receipt reads as none.
  const other = await t.as("cn100002");
  expect((await download(other, "/member/receipt/pdf", pay.trade)).refused?.code).toBe("ERROR_RESULT_NULL");
});
