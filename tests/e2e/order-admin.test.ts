// The staff's orders in the browser (spec 3 sections 2.1, 2.2, 4.3, 8): the
// editor opens the mooncake box's sign-up results, searches, opens an order's
// staff detail, exports the results (a real xlsx download), refuses a renamed
// non-xlsx, imports courier info for the member's order and keeps the
// feedback log; the member then sees the new parcel in their order detail. In
// Chinese on a desk; in English on a 375 px phone the same windows, and the
// shipped-order import cancelled (its log deleted), the list opened afresh.
// A badminton pass whose payment is owed back (written before the server
// starts, ./owed-order.ts) says so first in its staff detail, on four screens.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import * as XLSX from "xlsx";
import { seriousViolations } from "../helpers/axe";
import { shot } from "../helpers/browser";
import { TINY_PNG } from "../helpers/routes";
import { ORDER_STATE } from "../../src/protocol/enumerations";
import { until } from "../helpers/wait";
import { writeOwedOrder } from "./owed-order";
import { type Answer, apiAs, cutPlaceholders, DESK, FOUR_SCREENS, PHONE, messageText, pressOk, preparedWorld, settle, SETUP_TIMEOUT_MS, enter, stopWorld, test, visitor, type World } from "./support";

const JOURNEY_TIMEOUT_MS = 150_000;

let world: World;
beforeAll(async () => {
  world = await preparedWorld(writeOwedOrder);
}, SETUP_TIMEOUT_MS);
afterAll(() => stopWorld(world));

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const xlsx = (rows: string[][]) => Buffer.from(XLSX.write(Object.assign(XLSX.utils.book_new(), { SheetNames: ["S"], Sheets: { S: XLSX.utils.aoa_to_sheet(rows) } }), { type: "array", bookType: "xlsx" }) as ArrayBuffer);

/** What a person sees of an open window, after checking it for accessibility and sideways scrolling. */
async function look(page: Page, name: string) {
  await settle(page);
  expect({ name, violations: await seriousViolations(page) }).toEqual({ name, violations: [] });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  await shot(page, `order-admin/${name}`, { fullPage: false });
}

async function openActivity(page: Page, name: string) {
  await page.goto(`${world.server.url}/activity`);
  await page.click("[data-testid=module-tile] >> nth=0");
  await page.waitForSelector("[data-testid=activity-tile]");
  await page.click(`[data-testid=activity-tile]:has-text("${name}")`);
  await page.waitForSelector("[data-testid=editor-tools]");
}

/** The member signs up for the badminton pass and pays on the sandbox's page, as a second device would; the order as signed. */
async function paidPass(account: string) {
  const call = await apiAs(world, account);
  const modules = (await call("/activity/module/list")).list as Answer[];
  const tiles = (await call("/activity/list", { module: modules[0]!.id })).list as Answer[];
  const signed = await call("/order/sign", { activity: tiles.find((tile) => tile.nameEn === "Badminton hall season pass")!.id });
  expect(signed.message.code).toBe("SUCCESS");
  const payer = await visitor(world, { viewport: DESK });
  await payer.page.goto(signed.pay as string);
  await payer.page.click("button.pay");
  await payer.page.waitForLoadState();
  await payer.close();
  await until(async () => ((await call("/order/list", { index: 1 })).list as Answer[]).find((o) => o.trade === signed.trade)?.state?.id === ORDER_STATE.ORDER_STATE_SUCCESS, "the pass paid");
  return signed;
}

/** The rows of the order search, a table's or cards, as column -> text. */
const rows = (page: Page) =>
  page.$$eval("[data-testid=staff-order-row]", (items) =>
    items.map((item) => Object.fromEntries([...item.querySelectorAll("[data-column]")].map((cell) => [cell.getAttribute("data-column"), cell.textContent?.trim() ?? ""]))),
  );

/** Clicks and takes the download it starts, read as a workbook's first sheet. */
async function downloaded(page: Page, click: () => Promise<unknown>) {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  const bytes = await readFile((await download.path())!);
  const book = XLSX.read(bytes, { type: "array" });
  return { name: download.suggestedFilename(), rows: XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, defval: null }) };
}

describe("the staff's orders", () => {
  test(
    "the editor searches the sign-ups, opens one, exports them and imports courier info; the member sees the parcel (Chinese, desk)",
    async () => {
      const { page, close } = await visitor(world, { viewport: DESK });
      await enter(page, world, "cn000002", { language: "zh" });
      await openActivity(page, "中秋月饼礼盒");
      expect(await page.$$eval("[data-testid=editor-tools] button", (bs) => bs.map((b) => b.textContent?.trim()))).toEqual(expect.arrayContaining(["报名结果", "导入快递信息", "导入发货订单"]));

      // The sign-up results: the member's order, the phone masked, 23 rows padded.
      await page.click("[data-testid=tool-orders]");
      await page.waitForSelector("[data-testid=staff-order-row]");
      const [first] = await rows(page);
      expect(first).toMatchObject({ activity: "中秋月饼礼盒", employees: "cn100001", phone: "139****0001", email: "cn100001@union.example.com", name: "陈会员", state: "成功" });
      const mainTrade = (await page.textContent("[data-testid=staff-order-row] .order-number >> nth=0"))!.trim();
      expect(first!.trade).toBe(`${mainTrade}${mainTrade}-1`);
      expect(await page.$$eval("[data-testid=order-search-window] tbody tr", (trs) => trs.length)).toBe(23);
      expect(await page.textContent("[data-testid=order-search-window] .pager-summary")).toBe("共 1 条，第 1/1 页");
      await look(page, "search-zh-desk");
      expect(await cutPlaceholders(page, "[data-testid=order-search-window] .filter-bar")).toEqual([]);

      // Filters: a member by name, then an order number that is not there; Reset brings the list back.
      await page.fill("#order-search-user", "陈会员");
      await page.click("[data-testid=order-search-window] .filter-actions button[type=submit]");
      await page.waitForSelector("[data-testid=staff-order-row]");
      await page.fill("#order-search-trade", "NOSUCH1");
      await page.click("[data-testid=order-search-window] .filter-actions button[type=submit]");
      await page.waitForSelector("[data-testid=order-search-window] [data-testid=list-empty]");
      // What an empty search found: nothing matches, not "no sign-ups yet" (issue 29).
      expect((await page.textContent("[data-testid=order-search-window] [data-testid=list-empty]"))!.trim()).toBe("没有符合条件的记录");
      await page.click('[data-testid=order-search-window] .filter-actions button:has-text("重置")');
      await page.waitForSelector("[data-testid=staff-order-row]");

      // The staff detail: numbers, the member (masked), the delivery, the parcel.
      await page.click("[data-testid=open-order]");
      await page.waitForSelector("[data-testid=staff-order-detail] [role=tab]");
      expect(await page.$$eval("[data-testid=staff-order-detail] [role=tab]", (tabs) => tabs.map((t) => t.textContent?.trim()))).toEqual(["基本信息", "下单会员", "收货信息", "报名表单", "快递 1"]);
      expect(await page.textContent("[data-testid=staff-order-detail] [data-fact=trade]")).toBe(mainTrade);
      expect(await page.textContent("[data-testid=staff-order-detail] [data-fact=numbers]")).toBe("SF1402938475610");
      await look(page, "detail-zh-desk");
      await page.click('[data-testid=staff-order-detail] [role=tab]:text-is("下单会员")');
      expect(await page.textContent("[data-testid=staff-order-detail] [data-fact=member-phone] .masked-value-text")).toBe("139****0001");
      await page.click('[data-testid=staff-order-detail] [role=tab]:text-is("收货信息")');
      expect(await page.textContent("[data-testid=staff-order-detail] [data-fact=phone] .masked-value-text")).toBe("139****0001");
      await page.keyboard.press("Escape");
      await page.waitForSelector("[data-testid=staff-order-detail]", { state: "detached" });

      // Export: a real xlsx, named after the activity, the member's number whole.
      const exported = await downloaded(page, () => page.click("[data-testid=export-orders]"));
      expect(exported.name).toMatch(/^中秋月饼礼盒-订单-\d{8}\.xlsx$/);
      expect(exported.rows[0]!.slice(0, 6)).toEqual(["主订单号", "子订单号", "活动", "员工号", "姓名", "手机"]);
      expect(exported.rows.slice(1).map((r) => [r[0], r[5], r[16]])).toEqual([[mainTrade, "13900000001", "顺丰速运 SF Express SF1402938475610"]]);
      // By mail: the request is sent, the file follows in the mailbox.
      await page.click("[data-testid=export-mail]");
      expect(await messageText(page)).toBe("请求已发出，稍后请前往邮箱查收。");
      await pressOk(page, "确定");
      await page.keyboard.press("Escape");
      await page.waitForSelector("[data-testid=order-search-window]", { state: "detached" });

      // Courier import: a renamed picture is refused by its content, in the spec's words.
      await page.click("[data-testid=tool-importExpress]");
      await page.waitForSelector("[data-testid=import-express-window]");
      await look(page, "import-express-zh-desk");
      await page.setInputFiles("[data-testid=import-file]", { name: "courier.xlsx", mimeType: XLSX_TYPE, buffer: Buffer.from(TINY_PNG) });
      await page.click("[data-testid=import-upload]");
      expect(await messageText(page)).toBe("文件内容不正确或类型错误，请导入xlsx类型的excel文件");
      await pressOk(page, "确定");
      // The real file: one row, one new parcel of the member's order.
      await page.setInputFiles("[data-testid=import-file]", {
        name: "courier.xlsx",
        mimeType: XLSX_TYPE,
        buffer: xlsx([
          ["订单号", "快递公司", "快递单号", "网点", "快递电话"],
          [mainTrade, "圆通速递", "YT9876543210", "北京朝阳", "95554"],
        ]),
      });
      await page.click("[data-testid=import-upload]");
      await page.waitForSelector("[data-testid=import-summary]");
      expect(await page.textContent("[data-testid=import-summary]")).toBe("导入完成：1 行生效，共 1 行。");
      expect(await page.$$eval("[data-testid=import-row] [data-column=verdict]", (cells) => cells.map((c) => c.textContent?.trim()))).toEqual(["已导入"]);
      await look(page, "import-express-done-zh-desk");
      // OK downloads the feedback table, and the sign-up results open afresh.
      const log = await downloaded(page, () => page.click("[data-testid=import-confirm]"));
      expect(log.name).toBe("courier-导入结果.xlsx");
      expect(log.rows[1]).toEqual([2, mainTrade, "圆通速递", "YT9876543210", "北京朝阳", "95554", "已导入", null]);
      await page.waitForSelector("[data-testid=order-search-window] [data-testid=staff-order-row]");
      expect(await page.inputValue("#order-search-user")).toBe("");
      await close();

      // The member sees the new parcel as a tab of their order.
      const member = await visitor(world, { viewport: DESK });
      await enter(member.page, world, "cn100001", { language: "zh" });
      await member.page.goto(`${world.server.url}/information?page=order`);
      await member.page.waitForSelector("[data-testid=order-row]");
      await member.page.locator("[data-testid=order-row]", { hasText: mainTrade }).locator("[data-action=detail]").click();
      await member.page.click('[data-testid=order-detail] [role=tab]:text-is("快递 2")');
      expect(await member.page.textContent("[data-testid=order-detail] [role=tabpanel] [data-fact=number]")).toBe("YT9876543210");
      expect(await member.page.textContent("[data-testid=order-detail] [role=tabpanel] [data-fact=company]")).toBe("圆通速递");
      await look(member.page, "member-parcel-zh-desk");
      await member.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    "a payment owed back (it came after the order was cancelled, with nothing left to retake) is the first thing the staff detail says, in zh and en, desk and phone",
    async () => {
      const TEXT = {
        zh: { pass: "羽毛球馆季卡", cancelled: "已取消", note: /^订单已取消，但会员已付款 ¥169\.00（支付流水号 SBXT\d{14}）：这笔款项须退还会员。$/, payState: /^待退款，\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/ },
        en: { pass: "Badminton hall season pass", cancelled: "Cancelled", note: /^This order is cancelled, but the member paid ¥169\.00 \(payment number SBXT\d{14}\): the money is owed back to them\.$/, payState: /^Refund owed, \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/ },
      };
      for (const { language, size, viewport } of FOUR_SCREENS) {
        const text = TEXT[language as "zh" | "en"];
        const { page, close } = await visitor(world, { viewport });
        await enter(page, world, "cn000002", { language: language as "zh" | "en" });
        await openActivity(page, text.pass);
        await page.click("[data-testid=tool-orders]");
        await page.waitForSelector("[data-testid=staff-order-row]");
        const owed = page.locator("[data-testid=staff-order-row]", { hasText: text.cancelled });
        expect(await owed.count()).toBe(1);
        await owed.locator("[data-testid=open-order]").click();
        await page.waitForSelector("[data-testid=staff-order-detail] [role=tab]");
        expect(await page.textContent("[data-testid=staff-order-detail] [data-testid=refund-owed]")).toMatch(text.note);
        expect(await page.textContent("[data-testid=staff-order-detail] [data-fact=state]")).toBe(text.cancelled);
        expect(await page.textContent("[data-testid=staff-order-detail] [data-fact=pay-state]")).toMatch(text.payState);
        await look(page, `detail-owed-${language}-${size}`);
        await close();
      }
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    "the officer cancels a paid badminton pass with a reason, then refunds it from the same window; the staff detail and the member's order say it went back, zh on a desk and en on a phone",
    async () => {
      const TEXT = {
        zh: {
          pass: "羽毛球馆季卡",
          ok: "确定" as const,
          missing: "请填写取消原因",
          done: "订单已取消。",
          cancelled: "已取消",
          owed: /^订单已取消，但会员已付款 ¥199\.00/,
          refundMissing: "请填写退款原因",
          refunded: "已退款 ¥199.00。",
          refundLine: /^已于 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 退还 ¥199\.00（退款单号 R\d{14}[0-9A-F]{16}）$/,
          payRefunded: /^已退款$/,
          memberNote: "已退款 ¥199.00",
        },
        en: {
          pass: "Badminton hall season pass",
          ok: "OK" as const,
          missing: "Give the reason for cancelling",
          done: "The order is cancelled.",
          cancelled: "Cancelled",
          owed: /^This order is cancelled, but the member paid ¥199\.00/,
          refundMissing: "Give the reason for the refund",
          refunded: "¥199.00 refunded.",
          refundLine: /^¥199\.00 refunded on \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(refund number R\d{14}[0-9A-F]{16}\)$/,
          payRefunded: /^Refunded$/,
          memberNote: "¥199.00 refunded",
        },
      };
      for (const { language, size, viewport } of [FOUR_SCREENS[0]!, FOUR_SCREENS[1]!]) {
        const text = TEXT[language as "zh" | "en"];
        const signed = await paidPass("cn100001");

        const { page, close } = await visitor(world, { viewport });
        await enter(page, world, "cn000002", { language: language as "zh" | "en" });
        await openActivity(page, text.pass);
        await page.click("[data-testid=tool-orders]");
        await page.waitForSelector("[data-testid=staff-order-row]");
        await page.locator("[data-testid=staff-order-row]", { hasText: signed.trade }).locator("[data-testid=open-order]").click();
        await page.waitForSelector("[data-testid=staff-order-detail] [role=tab]");
        await page.click("[data-testid=staff-cancel-open]");
        await page.waitForSelector("[data-testid=staff-cancel]");
        // No reason: the field says so, nothing is sent.
        await page.click("button[form=staff-cancel-form]");
        expect(await page.textContent("#staff-cancel-reason-error")).toBe(text.missing);
        await look(page, `cancel-${language}-${size}`);
        await page.fill("#staff-cancel-reason", language === "zh" ? "会员来电要求取消" : "The member asked by phone");
        await page.click("button[form=staff-cancel-form]");
        expect(await messageText(page)).toBe(text.done);
        await pressOk(page, text.ok);
        await page.waitForFunction((state) => document.querySelector("[data-testid=staff-order-detail] [data-fact=state]")?.textContent === state, text.cancelled);
        expect(await page.textContent("[data-testid=staff-order-detail] [data-testid=refund-owed]")).toMatch(text.owed);
        expect(await page.$("[data-testid=staff-cancel-open]")).toBeNull();
        // Refunded from the same window: a reason is asked for, then the sandbox gives the money back at once.
        await page.click("[data-testid=refund-open]");
        await page.waitForSelector("[data-testid=refund]");
        await page.click("button[form=refund-form]");
        expect(await page.textContent("#refund-reason-error")).toBe(text.refundMissing);
        await look(page, `refund-${language}-${size}`);
        await page.fill("#refund-reason", language === "zh" ? "会员取消，全额退款" : "Cancelled at the member's request");
        await page.click("button[form=refund-form]");
        expect(await messageText(page)).toBe(text.refunded);
        await pressOk(page, text.ok);
        await page.waitForSelector("[data-testid=staff-order-detail] [data-fact=refund] [data-testid=refund-line][data-state='306']");
        expect(await page.textContent("[data-testid=staff-order-detail] [data-fact=refund]")).toMatch(text.refundLine);
        expect(await page.textContent("[data-testid=staff-order-detail] [data-fact=pay-state]")).toMatch(text.payRefunded);
        expect(await page.$("[data-testid=staff-order-detail] [data-testid=refund-owed]")).toBeNull();
        expect(await page.$("[data-testid=refund-open]")).toBeNull();
        await look(page, `refunded-${language}-${size}`);
        // The list behind reads the order again.
        await page.waitForFunction(
          ({ trade, state }) => [...document.querySelectorAll("[data-testid=staff-order-row]")].some((r) => r.textContent?.includes(trade) && r.querySelector("[data-column=state]")?.textContent?.trim() === state),
          { trade: signed.trade, state: text.cancelled },
        );
        await look(page, `cancelled-${language}-${size}`);
        await close();

        // The member's own order says the money went back.
        const member = await visitor(world, { viewport });
        await enter(member.page, world, "cn100001", { language: language as "zh" | "en" });
        await member.page.goto(`${world.server.url}/information?page=order`);
        const row = member.page.locator("[data-testid=order-row]", { hasText: signed.trade });
        expect(await row.locator("[data-testid=refund-owed-note]").textContent()).toBe(text.memberNote);
        await look(member.page, `member-owed-${language}-${size}`);
        await member.close();
      }
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    "money owed back is listed on the refunds page, reached from the system page, and refunded from its row; it moves to the refunded tab, zh on a desk and en on a phone",
    async () => {
      const TEXT = {
        zh: { ok: "确定" as const, why: "工作人员取消订单", notAsked: "未退款", refunded: "已退款 ¥199.00。", owedTab: "待退款", doneTab: "已退款", line: /^已于 .* 退还 ¥199\.00/ },
        en: { ok: "OK" as const, why: "Cancelled by staff", notAsked: "Not refunded", refunded: "¥199.00 refunded.", owedTab: "Owed", doneTab: "Refunded", line: /^¥199\.00 refunded on / },
      };
      for (const { language, size, viewport } of [FOUR_SCREENS[0]!, FOUR_SCREENS[1]!]) {
        const text = TEXT[language as "zh" | "en"];
        // A member's paid pass, cancelled by the editor through the API: its money is owed back.
        const signed = await paidPass("cn100002");
        const editor = await apiAs(world, "cn000002");
        expect((await editor("/order/activity/cancel", { id: signed.order, reason: "活动人数不足" })).message.code).toBe("SUCCESS");

        const { page, close } = await visitor(world, { viewport });
        await enter(page, world, "cn000001", { language: language as "zh" | "en" });
        await page.goto(`${world.server.url}/system`);
        await page.waitForSelector("[data-testid=owed-summary]");
        await page.click("[data-testid=owed-summary] a");
        await page.waitForURL(/\/system\/refunds$/);
        const row = page.locator("[data-testid=refund-row]", { hasText: signed.trade as string });
        await row.waitFor();
        expect(await row.textContent()).toContain(text.why);
        expect(await row.textContent()).toContain(text.notAsked);
        await look(page, `refunds-${language}-${size}`);
        await row.locator("[data-testid=refund-open]").click();
        await page.waitForSelector("[data-testid=refund]");
        await page.fill("#refund-reason", language === "zh" ? "活动人数不足，全额退款" : "Too few signed up: full refund");
        await page.click("button[form=refund-form]");
        expect(await messageText(page)).toBe(text.refunded);
        await pressOk(page, text.ok);
        await row.waitFor({ state: "detached" });
        await page.getByRole("tab", { name: text.doneTab }).click();
        const done = page.locator("[data-testid=refund-row]", { hasText: signed.trade as string });
        await done.waitFor();
        expect(await done.locator("[data-testid=refund-line]").textContent()).toMatch(text.line);
        await look(page, `refunds-done-${language}-${size}`);
        await close();
      }
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    "on a phone in English the same windows read as cards, and a cancelled shipped-order import deletes its log",
    async () => {
      const { page, close } = await visitor(world, { viewport: PHONE });
      await enter(page, world, "cn000002", { language: "en" });
      await openActivity(page, "Mid-Autumn mooncake box");
      await page.click("[data-testid=tool-orders]");
      await page.waitForSelector("[data-testid=staff-order-row]");
      // Cards on a phone: no table, nothing wider than the screen.
      expect(await page.$$eval("[data-testid=order-search-window] table", (t) => t.length)).toBe(0);
      expect((await rows(page))[0]).toMatchObject({ phone: "139****0001", state: "Success" });
      await look(page, "search-en-phone");
      expect(await cutPlaceholders(page, "[data-testid=order-search-window] .filter-bar")).toEqual([]);
      // A tab per parcel the order has now (the desk journey's courier import adds one, if it ran first).
      const mine = ((await (await apiAs(world, "cn100001"))("/order/list", {})).list as Answer[]).find((o) => o.nameEn === "Mid-Autumn mooncake box")!;
      const parcels = ((await (await apiAs(world, "cn000002"))("/order/activity/info", { id: mine.id })).express as unknown[]).length;
      expect(parcels).toBeGreaterThan(0);
      await page.click("[data-testid=open-order]");
      await page.waitForSelector("[data-testid=staff-order-detail] [role=tab]");
      expect(await page.$$eval("[data-testid=staff-order-detail] [role=tab]", (tabs) => tabs.map((t) => t.textContent?.trim()))).toEqual([
        "Basic",
        "Member",
        "Delivery",
        "Sign-up form",
        ...Array.from({ length: parcels }, (_, i) => `Parcel ${i + 1}`),
      ]);
      await look(page, "detail-en-phone");
      await page.keyboard.press("Escape");
      await page.keyboard.press("Escape");
      await page.waitForSelector("[data-testid=order-search-window]", { state: "detached" });

      await page.click("[data-testid=tool-importShipped]");
      await page.waitForSelector("[data-testid=import-shipped-window]");
      await look(page, "import-shipped-en-phone");
      // A number no order has: the file applies nothing and the row says why.
      await page.setInputFiles("[data-testid=import-file]", { name: "shipped.xlsx", mimeType: XLSX_TYPE, buffer: xlsx([["Order number"], ["NOSUCHORDER"]]) });
      await page.click("[data-testid=import-upload]");
      await page.waitForSelector("[data-testid=import-summary]");
      expect(await page.textContent("[data-testid=import-summary]")).toBe("The table was read but has problems, and nothing was done. Rows that cannot be imported: 1. Please correct them and upload again.");
      expect(await page.$$eval("[data-testid=import-row] [data-column=reason]", (cells) => cells.map((c) => c.textContent?.trim()))).toEqual(["No order has this number"]);
      await look(page, "import-shipped-refused-en-phone");
      // Cancel deletes the log on the server and opens the list afresh.
      await page.click("[data-testid=import-cancel]");
      await page.waitForSelector("[data-testid=order-search-window] [data-testid=staff-order-row]");
      await close();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
