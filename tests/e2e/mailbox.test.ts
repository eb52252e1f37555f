// The union mailbox as people use it (spec 2 sections 2 and 4, spec 3
// section 2.6): a member writes to the union and waits; a manager (cn000001)
// finds the message in the wide list and answers on /system/chat; the member
// sees the answer marked unread, opens it (the mark clears) and replies once.
// In Chinese on a desk and in English on a phone, each journey with its own
// member and its own new session, so neither needs what the other left.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import type { Page } from "playwright-core";
import { shot } from "../helpers/browser";
import { accessible, DESK, PHONE, settledShot, SETUP_TIMEOUT_MS, enter, startWorld, stopWorld, test, visitor, type World } from "./support";

const JOURNEY_TIMEOUT_MS = 90_000;

let world: World;
beforeAll(async () => {
  world = await startWorld();
}, SETUP_TIMEOUT_MS);
afterAll(() => stopWorld(world));

const TEXT = {
  zh: {
    title: "工会信箱",
    manager: "工会管理员",
    wait: "信箱并非实时回复，请留意首页的消息提示图标。",
    empty: "请先写下内容",
    send: "发送",
    reply: "回复",
    open: "查看",
    back: "返回信箱",
    newReply: "有新回复",
    toAnswer: "待处理",
    none: "您还没有给工会写过信。写下第一封信后，工会管理员会在这里回复您。",
    thread: "与 {{e}} 的会话",
    named: "{{n}}（{{e}}）",
    question: "您好，工会：\n请问今年春季运动会在哪一天举行？\n需要提前报名吗？\n家属可以一起参加吗？\n场地在哪里？\n需要自带运动器材吗？\n谢谢！",
    answer: "您好！运动会定于4月18日在公司体育馆举行，报名将于4月初在活动页开放。",
    note: "另外，家属可以一起参加，器材由工会统一准备，请穿运动鞋到场。如遇雨天，运动会顺延一周，届时会在首页发布通知。",
    thanks: "收到，谢谢！<期待>",
  },
  en: {
    title: "Union mailbox",
    manager: "Labor Union Manager",
    wait: "The mailbox is not real-time; look for the notification icon on the home page.",
    empty: "Please write something first",
    send: "Send",
    reply: "Reply",
    open: "Open",
    back: "Back to the mailbox",
    newReply: "New reply",
    toAnswer: "To answer",
    none: "You have not written to the union yet. Once you send your first message, a union manager will answer you here.",
    thread: "Conversation with {{e}}",
    named: "{{n}} ({{e}})",
    question: "Hello,\nWhen is this year's spring sports day?\nDo I need to sign up in advance?\nCan my family come too?\nWhere is it held?\nShould I bring my own equipment?\nThank you!",
    answer: "Hello! The sports day is on 18 April in the company gym; sign-up opens on the activity page early in April.",
    note: "Also: families are welcome, and the union brings the equipment. Please wear sports shoes.",
    thanks: "Got it, thanks! <looking forward>",
  },
};

/** The conversation as [author, text, mine], in the order shown. */
const messages = (page: Page) =>
  page.$$eval("[data-testid=chat-message]", (items) =>
    items.map((item) => [item.querySelector(".chat-author")?.textContent ?? "", item.querySelector(".chat-bubble")?.textContent ?? "", item.getAttribute("data-mine") === "true"]),
  );

/** Whether each message sits on its side: the reader's side (own, or for a manager every staff answer) on the right, the other on the left. */
const sidesRight = (page: Page) =>
  page.$$eval("[data-testid=chat-message]", (items) => {
    const log = document.querySelector("[data-testid=chat-log]")!.getBoundingClientRect();
    return items.map((item) => {
      const box = item.getBoundingClientRect();
      return item.getAttribute("data-side") === "ours" ? Math.abs(box.right - log.right) < 40 : Math.abs(box.left - log.left) < 40;
    });
  });

/** Which side each message is drawn on, by its place in the log: "right" or "left". */
const placed = (page: Page) =>
  page.$$eval("[data-testid=chat-message]", (items) => {
    const log = document.querySelector("[data-testid=chat-log]")!.getBoundingClientRect();
    return items.map((item) => (Math.abs(item.getBoundingClientRect().right - log.right) < 40 ? "right" : "left"));
  });

/** The log is scrolled to its newest message. */
const atBottom = (page: Page) =>
  page.$eval("[data-testid=chat-log]", (log) => ({ overflows: log.scrollHeight > log.clientHeight, bottom: log.scrollTop + log.clientHeight >= log.scrollHeight - 2 }));

const card = (page: Page, text: string) => page.locator("[data-testid=chat-session]", { hasText: text });
/** The member's card of one session. */
const cardOf = (page: Page, id: number) => page.locator("[data-testid=chat-session]", { has: page.locator(`a[href="/session/info?id=${id}"]`) });

describe("writing to the union", () => {
  for (const { language, size, viewport, account, audit } of [
    { language: "zh", size: "desk", viewport: DESK, account: "cn100001", audit: true },
    { language: "en", size: "phone", viewport: PHONE, account: "cn100002", audit: true },
    // The editor holds no mailbox power: to the mailbox a member like any other, with no letters yet.
    // (axe has seen these screens in the first two journeys; these two keep the file within its time.)
    { language: "en", size: "desk", viewport: DESK, account: "cn000002", audit: false },
    { language: "zh", size: "phone", viewport: PHONE, account: "cn100001", audit: false },
  ] as const) {
    const text = TEXT[language];
    const name = (step: string) => `mailbox-${step}-${language}-${size}`;
    const firstLine = text.question.split("\n")[1]!;

    test(
      `a member writes, a manager answers on /system/chat, the member reads the answer and replies, in ${language} on a ${size}`,
      async () => {
        // The member: the list, the compose box, and a refused empty message.
        const member = await visitor(world, { viewport });
        await enter(member.page, world, account, { language });
        await member.page.click("[data-testid=mailbox-entry]");
        await member.page.waitForSelector("#chat-new");
        await member.page.waitForSelector("[data-testid=chat-session], [data-testid=list-empty]");
        // Nothing written yet: the waiting note.
        if (account === "cn000002") expect(await member.page.textContent("[data-testid=list-empty]")).toBe(text.none);
        expect(await member.page.textContent("h1")).toBe(text.title);
        if (account === "cn100001") expect(await card(member.page, "体检").locator("[data-testid=chat-unread]").textContent()).toBe(text.newReply);
        await settledShot(member.page, name("list"));
        await accessible(member.page, `${language} ${size} member list`, audit);

        await member.page.fill("#chat-new", "   ");
        await member.page.click(`.chat-new button:has-text("${text.send}")`);
        expect(await member.page.textContent(".chat-new .field-error")).toBe(text.empty);
        expect(new URL(member.page.url()).pathname).toBe("/session/list");

        // A first message opens its conversation; the member waits for the union.
        await member.page.fill("#chat-new", text.question);
        await member.page.click(`.chat-new button:has-text("${text.send}")`);
        await member.page.waitForURL(/\/session\/info\?id=\d+$/);
        const id = Number(new URL(member.page.url()).searchParams.get("id"));
        await member.page.waitForSelector("[data-testid=chat-message]");
        expect(await messages(member.page)).toEqual([[account, text.question, true]]);
        expect(await member.page.textContent("[data-testid=chat-wait]")).toBe(text.wait);
        expect(await member.page.$("#chat-reply")).toBeNull();
        expect(await sidesRight(member.page)).toEqual([true]);
        await settledShot(member.page, name("waiting"));
        await accessible(member.page, `${language} ${size} member waiting`, audit);

        // A manager: the wide list, the member's message unread at the top, answered on /system/chat.
        const manager = await visitor(world, { viewport });
        await enter(manager.page, world, "cn000001", { language });
        // From the system page's table of all messages, where a thread leads back to (issue 29).
        await manager.page.goto(`${world.server.url}/system`);
        await manager.page.waitForSelector("[data-testid=chat-session]");
        expect(await manager.page.$("#chat-new")).toBeNull();
        const row = manager.page.locator("[data-testid=chat-session]").first();
        expect(await row.locator(".chat-member-id").textContent()).toBe(account);
        // The member's name beside the employee number (issue 29), in the list and the thread's title.
        const memberName = (await row.locator(".chat-member-name").textContent())!;
        expect(memberName.length).toBeGreaterThan(0);
        expect(await row.locator("[data-testid=chat-unread]").textContent()).toBe(text.toAnswer);
        expect(await row.textContent()).toContain(firstLine);
        if (size === "desk") expect(await manager.page.$$(".chat-all tbody tr")).toHaveLength(10);
        await settledShot(manager.page, name("manager-list"));
        await accessible(manager.page, `${language} ${size} manager list`, audit);

        await row.locator(`a:has-text("${text.open}")`).click();
        await manager.page.waitForURL(`${world.server.url}/system/chat?id=${id}&from=mailbox`);
        await manager.page.waitForSelector("[data-testid=chat-message]");
        expect(await manager.page.textContent("#chat-thread-title")).toBe(text.thread.replace("{{e}}", text.named.replace("{{n}}", memberName).replace("{{e}}", account)));
        expect(await messages(manager.page)).toEqual([[account, text.question, false]]);
        await manager.page.fill("#chat-reply", text.answer);
        await manager.page.click(`.chat-compose button:has-text("${text.reply}")`);
        await manager.page.waitForFunction(() => document.querySelectorAll("[data-testid=chat-message]").length === 2);
        expect(await manager.page.inputValue("#chat-reply")).toBe("");
        // A manager answers at will: a second message right after the first.
        await manager.page.fill("#chat-reply", text.note);
        await manager.page.click(`.chat-compose button:has-text("${text.reply}")`);
        await manager.page.waitForFunction(() => document.querySelectorAll("[data-testid=chat-message]").length === 3);
        expect(await messages(manager.page)).toEqual([
          [account, text.question, false],
          [`${text.manager} · cn000001`, text.answer, true],
          [`${text.manager} · cn000001`, text.note, true],
        ]);
        expect(await sidesRight(manager.page)).toEqual([true, true, true]);
        // On a phone the conversation is taller than its box: the newest message is in sight.
        expect(await atBottom(manager.page)).toEqual({ overflows: size === "phone" ? true : expect.any(Boolean), bottom: true });
        await settledShot(manager.page, name("manager-thread"));
        await accessible(manager.page, `${language} ${size} manager thread`, audit);
        // Read by the managers now; back is the table of all messages on the system page it was opened from, in sight.
        await manager.page.click(`.chat-back`);
        await manager.page.waitForURL(`${world.server.url}/system?show=mailbox`);
        await manager.page.waitForSelector("[data-testid=chat-session]");
        await manager.page.waitForFunction(() => document.activeElement?.id === "chat-all-title");
        expect(await manager.page.locator("#chat-all-title").isVisible()).toBe(true);
        expect(await manager.page.locator("[data-testid=chat-session]").first().locator("[data-testid=chat-unread]").count()).toBe(0);
        await manager.close();

        // The member: the answer is marked new in the list; opening it clears the mark.
        await member.page.click(".chat-back");
        const mine = cardOf(member.page, id);
        await mine.locator("[data-testid=chat-unread]").waitFor();
        expect(await mine.locator("[data-testid=chat-unread]").textContent()).toBe(text.newReply);
        expect(await mine.locator(".chat-card-reply").textContent()).toContain(text.manager);
        expect(await mine.locator(".chat-card-reply").textContent()).toContain(text.note);
        await settledShot(member.page, name("answered"));
        await mine.click();
        await member.page.waitForURL(`${world.server.url}/session/info?id=${id}`);
        await member.page.waitForSelector("#chat-reply");
        expect(await messages(member.page)).toEqual([
          [account, text.question, true],
          [text.manager, text.answer, false],
          [text.manager, text.note, false],
        ]);
        expect(await sidesRight(member.page)).toEqual([true, true, true]);
        expect((await atBottom(member.page)).bottom).toBe(true);
        await settledShot(member.page, name("reply"));
        await accessible(member.page, `${language} ${size} member reply`, audit);

        // One reply, shown as typed (angle brackets and all); then the member waits again.
        await member.page.fill("#chat-reply", text.thanks);
        await member.page.click(`.chat-compose button:has-text("${text.reply}")`);
        await member.page.waitForSelector("[data-testid=chat-wait]");
        expect((await messages(member.page))[3]).toEqual([account, text.thanks, true]);
        expect((await atBottom(member.page)).bottom).toBe(true);
        await shot(member.page, name("replied"), { fullPage: false });

        await member.page.click(".chat-back");
        await cardOf(member.page, id).waitFor();
        expect(await cardOf(member.page, id).locator("[data-testid=chat-unread]").count()).toBe(0);
        await member.close();
      },
      JOURNEY_TIMEOUT_MS,
    );
  }
});

describe("a colleague's answers", () => {
  for (const { language, size, viewport } of [
    { language: "zh", size: "desk", viewport: DESK },
    { language: "en", size: "phone", viewport: PHONE },
  ] as const) {
    const text = TEXT[language];
    test(`another manager's answers sit on the staff side, and the menu shows the mailbox, in ${language} on a ${size}`, async () => {
      // cn000003 answered cn100001's health-check question in the demo; cn000001 reads the conversation.
      const { page, close } = await visitor(world, { viewport });
      await enter(page, world, "cn000001", { language });
      await page.goto(`${world.server.url}/session/list`);
      await page.waitForSelector("[data-testid=chat-session]");
      const row = page.locator("[data-testid=chat-session]", { hasText: "体检" }).first();
      await row.locator(`a:has-text("${text.open}")`).click();
      await page.waitForURL(/\/system\/chat\?id=\d+$/);
      await page.waitForSelector("[data-testid=chat-message]");
      const authors = (await messages(page)).map(([author]) => String(author));
      const staff = authors.map((author) => author.startsWith(text.manager));
      expect(staff).toContain(true);
      expect(authors.filter((author) => author.startsWith(text.manager)).every((author) => author.endsWith("cn000003"))).toBe(true);
      // Every staff answer on the right, the member's messages on the left.
      expect(await placed(page)).toEqual(staff.map((s) => (s ? "right" : "left")));
      // The breadcrumb says the union mailbox; so does the menu (Messages, not System).
      expect(await page.$$eval(".breadcrumb li", (els) => els.map((e) => e.textContent?.trim()))).toContain(text.title);
      expect(await page.getAttribute("[data-nav=messages]", "aria-current")).toBe("page");
      expect(await page.getAttribute("[data-nav=system]", "aria-current")).toBeNull();
      await settledShot(page, `mailbox-colleague-${language}-${size}`);
      await close();
    }, JOURNEY_TIMEOUT_MS);
  }
});
