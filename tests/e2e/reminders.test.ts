// Issue 32 item 2, reminders that arrive on time, in the browser. The world
// has two activities of the demo's film module: a book club that starts 30
// hours after the test clock's start, and a film tonight, 10 hours after it;
// cn100002 signs up for both through the API once the server is up. The
// book club's reminder is then scheduled (due 24 hours before it starts), and
// the film's is due at once: the server's job (every 30 s) sends it.
// cn100001 turns "sign-up closing" off and chooses SMS, saves, reloads and
// finds both kept (and the API says the same). The editor cn000002, whose
// e-mail address and phone number the world takes away, is told no reminder
// can reach them. The operator cn000003 opens Reminders from the system page
// and finds the book club scheduled with its due time in China time, and,
// once the API shows the job sent it, the film in the sent list with its
// channel and delivery. Each page in Chinese and English on a desk and at
// 375 px, checked by axe and photographed.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import type { Db } from "../../src/db/client";
import { activities, users } from "../../src/db/schema";
import { ACTIVITY_STATE } from "../../src/protocol/enumerations";
import { formatChinaDateTime } from "../../ui/lib/china-time";
import { START } from "../helpers/clock";
import { until } from "../helpers/wait";
import { DESK, PHONE, SETUP_TIMEOUT_MS, type Answer, type World, accessible, apiAs, chooseLanguage, messageText, preparedWorld, pressOk, settledShot, enter, stopWorld, test, visitor, waitForPath } from "./support";

const JOURNEY_TIMEOUT_MS = 90_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const BOOK_CLUB = { zh: "提醒体验：读书会", en: "Reminder trial: book club", start: new Date(START.getTime() + 30 * HOUR) };
const FILM = { zh: "提醒体验：今晚电影", en: "Reminder trial: film tonight", start: new Date(START.getTime() + 10 * HOUR) };

async function prepare(db: Db) {
  const [film] = await db.select({ moduleId: activities.moduleId }).from(activities).where(eq(activities.nameEn, "Friday film night"));
  for (const a of [BOOK_CLUB, FILM]) {
    await db.insert(activities).values({
      moduleId: film!.moduleId,
      state: ACTIVITY_STATE.ACTIVITY_STATE_NORMAL,
      nameZh: a.zh,
      nameEn: a.en,
      signStart: new Date(START.getTime() - DAY),
      signEnd: new Date(START.getTime() + 5 * HOUR),
      eventStart: a.start,
      eventEnd: new Date(a.start.getTime() + 2 * HOUR),
      cap: 20,
      contentZh: "<p>提醒体验活动。</p>",
      contentEn: "<p>A trial of reminders.</p>",
      createdAt: START,
      updatedAt: START,
    });
  }
  // The editor has neither an e-mail address nor a phone number: no reminder can reach them.
  await db.update(users).set({ mail: null, phone: null }).where(eq(users.employees, "cn000002"));
}

let world: World;
beforeAll(async () => {
  world = await preparedWorld(prepare);
  // cn100002 signs up for both, as from a second device: the film's reminder is due at once, the book club's tomorrow.
  const emma = await apiAs(world, "cn100002");
  const tiles = (await emma("/activity/list", { module: (await emma("/activity/module/list")).list[0].id })).list as Answer[];
  for (const a of [BOOK_CLUB, FILM]) {
    const id = tiles.find((tile) => tile.nameEn === a.en)!.id as number;
    expect((await emma("/order/sign", { activity: id })).message.code).toBe("SUCCESS");
  }
}, SETUP_TIMEOUT_MS);
afterAll(() => stopWorld(world));

const MEMBER_TEXT = {
  zh: {
    menu: "提醒设置",
    names: ["活动开始", "报名截止", "订单待支付", "保留名额到期", "会费待缴纳"],
    mailTo: "发送至 cn100001@union.example.com",
    smsTo: "发送至 139****0001",
    quiet: "北京时间 22:00 至次日 08:00 不发送短信，期间的短信提醒将于 08:00 发出；邮件不受此限制。",
    saved: "提醒设置已保存。",
    ok: "确定" as const,
  },
  en: {
    menu: "Reminders",
    names: ["An activity starting", "Sign-up closing", "An unpaid sign-up", "A held place ending", "Union dues due"],
    mailTo: "To cn100001@union.example.com",
    smsTo: "To 139****0001",
    quiet: "SMS are not sent between 22:00 and 08:00 China time; they wait until 08:00. E-mail is sent at any hour.",
    saved: "Your reminder settings have been saved.",
    ok: "OK" as const,
  },
};

const KINDS = ["activity-start", "window-closing", "order-unpaid", "offer-ending", "dues-due"] as const;

async function remindersShown(page: Page) {
  await page.waitForSelector("[data-testid=reminders][data-state=shown]");
}

/** Which kinds are ticked, and which channel is chosen. */
const form = (page: Page) =>
  page.evaluate((kinds) => {
    const box = (id: string) => document.querySelector<HTMLInputElement>(`[data-testid=${id}]`)!;
    return { on: kinds.filter((k) => box(`reminder-kind-${k}`).checked), mail: box("reminder-channel-mail").checked, sms: box("reminder-channel-sms").checked };
  }, [...KINDS]);

/** The screen checked by axe and photographed, at the window's size now. */
async function look(page: Page, name: string) {
  await accessible(page, name);
  await settledShot(page, `reminders/${name}`);
}

/** The page in `language` on a desk and at 375 px, each checked by axe and photographed; back on the desk after. */
async function bothSizes(page: Page, language: "zh" | "en", name: string) {
  for (const [size, viewport] of [["desk", DESK], ["phone", PHONE]] as const) {
    await page.setViewportSize(viewport);
    await look(page, `${name}-${language}-${size}`);
  }
  await page.setViewportSize(DESK);
}

describe("a member's reminders", () => {
  test("cn100001 turns sign-up closing off and chooses SMS; saved, reloaded and asked through the API, both are kept; in Chinese and English, on a desk and at 375 px", async () => {
    const { page, close } = await visitor(world, { viewport: DESK });
    await enter(page, world, "cn100001", { language: "zh" });
    await page.goto(`${world.server.url}/information?page=reminders`);
    await remindersShown(page);
    let text: (typeof MEMBER_TEXT)[keyof typeof MEMBER_TEXT] = MEMBER_TEXT.zh;
    expect((await page.textContent("[data-centre=reminders]"))?.trim()).toBe(text.menu);
    expect(await page.getAttribute("[data-centre=reminders]", "aria-current")).toBe("page");
    // Every kind is on, by e-mail, until the member chooses.
    expect(await form(page)).toEqual({ on: [...KINDS], mail: true, sms: false });
    expect(await page.$$eval(".reminders-kinds .reminders-option-name", (names) => names.map((n) => n.textContent))).toEqual(text.names);
    expect(await page.textContent("[data-testid=reminder-channel-mail-detail]")).toBe(text.mailTo);
    expect(await page.textContent("[data-testid=reminder-channel-sms-detail]")).toBe(text.smsTo);
    expect((await page.textContent("[data-testid=reminders-quiet]"))?.trim()).toBe(text.quiet);
    expect(await page.$("[data-testid=reminders-none]")).toBeNull();
    await bothSizes(page, "zh", "member");

    await page.click("[data-testid=reminder-kind-window-closing]");
    await page.click("[data-testid=reminder-channel-sms]");
    await page.click("[data-testid=reminders-save]");
    expect(await messageText(page)).toBe(text.saved);
    await pressOk(page, text.ok);

    // Kept on the server...
    const member = await apiAs(world, "cn100001");
    const saved = await member("/user/reminders");
    expect(saved.kinds.filter((k: Answer) => k.on).map((k: Answer) => k.kind)).toEqual(KINDS.filter((k) => k !== "window-closing"));
    expect(saved).toMatchObject({ channel: "sms", chosen: "sms", reach: { mail: true, sms: true } });
    // ...and shown so after a reload.
    await page.reload();
    await remindersShown(page);
    const kept = { on: KINDS.filter((k) => k !== "window-closing"), mail: false, sms: true };
    expect(await form(page)).toEqual(kept);

    await chooseLanguage(page, "en");
    text = MEMBER_TEXT.en;
    expect((await page.textContent("[data-centre=reminders]"))?.trim()).toBe(text.menu);
    expect(await page.$$eval(".reminders-kinds .reminders-option-name", (names) => names.map((n) => n.textContent))).toEqual(text.names);
    expect(await page.textContent("[data-testid=reminder-channel-sms-detail]")).toBe(text.smsTo);
    expect((await page.textContent("[data-testid=reminders-quiet]"))?.trim()).toBe(text.quiet);
    expect(await form(page)).toEqual(kept);
    await bothSizes(page, "en", "member-saved");
    await close();
  }, JOURNEY_TIMEOUT_MS);

  test("cn000002, with neither an e-mail address nor a phone number, is told no reminder can reach them; in English and Chinese, on a desk and at 375 px", async () => {
    const { page, close } = await visitor(world, { viewport: DESK });
    await enter(page, world, "cn000002", { language: "en" });
    await page.goto(`${world.server.url}/information?page=reminders`);
    await remindersShown(page);
    const none = page.locator("[data-testid=reminders-none]");
    expect((await none.locator("p").textContent())?.trim()).toBe(
      "Your account has neither an e-mail address nor a mobile number, so no reminder can reach you. Add one under Security first.",
    );
    expect(await none.locator("a").getAttribute("href")).toBe("/information?page=security");
    expect(await page.isDisabled("[data-testid=reminder-channel-mail]")).toBe(true);
    expect(await page.isDisabled("[data-testid=reminder-channel-sms]")).toBe(true);
    expect(await page.textContent("[data-testid=reminder-channel-mail-detail]")).toBe("You have no e-mail address yet. Add one under Security to get reminders by e-mail.");
    expect(await page.textContent("[data-testid=reminder-channel-sms-detail]")).toBe("You have no mobile number yet. Add one under Security to get reminders by SMS.");
    await bothSizes(page, "en", "nobody");
    await chooseLanguage(page, "zh");
    expect((await none.locator("p").textContent())?.trim()).toBe("您的账号既没有邮箱也没有手机号，暂时无法收到任何提醒。请先在“账号安全”中添加邮箱或手机号。");
    expect(await page.textContent("[data-testid=reminder-channel-mail-detail]")).toBe("您还没有登记邮箱。请在“账号安全”中添加邮箱后选择邮件。");
    await bothSizes(page, "zh", "nobody");
    await close();
  }, JOURNEY_TIMEOUT_MS);
});

const STAFF_TEXT = {
  en: { line: /^Reminders scheduled for the next 24 hours: \d+$/, kind: "An activity starting", mail: "E-mail", delivery: /^(Waiting|Delivered)$/ },
  zh: { line: /^未来 24 小时计划发送的提醒：\d+ 条$/, kind: "活动开始", mail: "邮件", delivery: /^(等待投递|已投递)$/ },
};

/** A row of a list, its cells by column (a table's cells or a card's facts). */
const rowOf = (page: Page, list: "scheduled" | "sent", name: string) =>
  page.$$eval(
    `[data-testid=${list}-row]`,
    (rows, name) => {
      const row = rows.find((r) => r.querySelector("[data-column=subject]")?.textContent === name);
      return row ? Object.fromEntries([...row.querySelectorAll("[data-column]")].map((cell) => [cell.getAttribute("data-column"), cell.textContent?.trim() ?? ""])) : null;
    },
    name,
  );

describe("the staff's reminders", () => {
  test("the operator opens Reminders from the system page: the book club scheduled in China time, and, once the job has sent it, the film in the sent list; in English and Chinese, on a desk and at 375 px", async () => {
    // The job runs every 30 s: the film's reminder is sent by the first run after the sign-up.
    const operator = await apiAs(world, "cn000003");
    // Asked again a second later, not at once: the server has a job to run.
    const sent = await until(
      async () => ((await operator("/reminders/overview", {})).sent.list as Answer[]).find((r) => r.nameEn === FILM.en),
      "the job has sent the film's reminder",
      75_000,
      1_000,
    );
    expect(sent).toMatchObject({ kind: "activity-start", channel: "mail", user: { employees: "cn100002", name: "Emma Smith" } });

    const { page, close } = await visitor(world, { viewport: DESK });
    await enter(page, world, "cn000003", { language: "en" });
    await page.goto(`${world.server.url}/system`);
    const line = page.locator("[data-testid=reminders-line]");
    await line.waitFor();
    expect((await line.locator("span").textContent())?.trim()).toMatch(STAFF_TEXT.en.line);
    await line.locator("a").click();
    await waitForPath(page, "/system/reminders");
    await page.waitForSelector("[data-testid=reminders-staff][data-state=shown]");
    expect(await page.textContent("main h1")).toBe("Reminders");

    for (const language of ["en", "zh"] as const) {
      const text = STAFF_TEXT[language];
      if (language === "zh") await chooseLanguage(page, "zh");
      // The book club: due 24 hours before it starts, in China time, for the member who signed up.
      expect(await rowOf(page, "scheduled", BOOK_CLUB[language])).toEqual({
        due: formatChinaDateTime(BOOK_CLUB.start.getTime() - DAY),
        subject: BOOK_CLUB[language],
        kind: text.kind,
        at: formatChinaDateTime(BOOK_CLUB.start),
        member: "Emma Smith",
      });
      expect(Number(await page.textContent("[data-testid=reminder-count-activity-start] .reminder-count-figure"))).toBeGreaterThanOrEqual(1);
      // The film: sent by e-mail, its delivery waiting or done.
      const film = await rowOf(page, "sent", FILM[language]);
      expect(film).toMatchObject({ subject: FILM[language], kind: text.kind, member: "Emma Smithcn100002", channel: text.mail });
      expect(film!.delivery).toMatch(text.delivery);
      expect(film!.sent).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      await bothSizes(page, language, "staff");
    }
    await close();
  }, JOURNEY_TIMEOUT_MS);
});
