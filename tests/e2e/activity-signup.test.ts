// Spec 2 sections 2, 4 and 5 in the browser, on the demo activities: the
// index and a module, an activity's facts and reason captions, and the
// sign-up flows: free, paid through the sandbox with the points deduction,
// a scored quiz failed then passed, family members with gifts, and a team's
// tag picker narrowing to one activity. Chinese and English, desk and phone.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import type { Page } from "playwright-core";
import { seriousViolations } from "../helpers/axe";
import { testNow } from "../helpers/clock";
import { DESK, PHONE, SETUP_TIMEOUT_MS, type World, fillAddress, messageText, pressOk, settledShot, enter, startWorld, stopWorld, test, visitor } from "./support";

const JOURNEY_TIMEOUT_MS = 120_000;

let world: World;
/** The test clock before and after the server seeded the demo (while it started). */
let seeded: [Date, Date];
beforeAll(async () => {
  const before = testNow();
  world = await startWorld();
  seeded = [before, testNow()];
}, SETUP_TIMEOUT_MS);
afterAll(() => stopWorld(world));

const OK = { zh: "确定", en: "OK" } as const;

/** Opens the activity whose tile carries this name, from this year's module. */
async function openActivity(page: Page, name: string) {
  await page.goto(`${world.server.url}/activity`);
  await page.click("[data-testid=module-tile] >> nth=0");
  await page.waitForSelector("[data-testid=activity-tile]");
  await page.click(`[data-testid=activity-tile]:has-text("${name}")`);
  await page.waitForSelector("[data-testid=activity]");
}

async function noSeriousViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

const NAMES = {
  zh: { reading: "午间读书分享会", badminton: "羽毛球馆季卡", quiz: "安全生产知识竞赛", fair: "六一亲子游园会", walk: "春季健步走", concert: "新春音乐会门票", art: "职工书画展报名", forest: "森林线", afternoon: "下午场" },
  en: { reading: "Lunchtime book club", badminton: "Badminton hall season pass", quiz: "Workplace safety quiz", fair: "Children's Day family fair", walk: "Spring walk", concert: "New Year concert tickets", art: "Staff art exhibition entries", forest: "Forest", afternoon: "Afternoon" },
};
const TEXT = {
  zh: { success: "报名成功！", full: "名额已满", done: "已报名", free: "免费", paid: "支付成功，报名完成！" },
  en: { success: "You are signed up!", full: "Registration is full", done: "Registration is complete", free: "Free", paid: "Paid. You are signed up!" },
};

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (n: number) => String(n).padStart(2, "0");

/**
 * What the art exhibition's caption may say: it opens 10 days after the seed,
 * told in China time (UTC+8), one caption per minute the seed may have run in.
 */
function openingCaptions(language: "zh" | "en"): string[] {
  const captions: string[] = [];
  for (let at = Math.floor(seeded[0].getTime() / 60_000) * 60_000; at <= seeded[1].getTime(); at += 60_000) {
    const china = new Date(at + 10 * 86_400_000 + 8 * 3_600_000);
    const time = `${pad(china.getUTCHours())}:${pad(china.getUTCMinutes())}`;
    captions.push(language === "zh" ? `${china.getUTCMonth() + 1}月${china.getUTCDate()}日 ${time} 开始报名` : `Opens ${china.getUTCDate()} ${MONTHS[china.getUTCMonth()]} ${time}`);
  }
  return captions;
}

describe("browsing and a free sign-up", () => {
  for (const { language, size, viewport, account } of [
    { language: "zh", size: "desk", viewport: DESK, account: "cn100001" },
    { language: "en", size: "phone", viewport: PHONE, account: "cn100002" },
  ] as const) {
    const name = NAMES[language];
    const text = TEXT[language];
    test(`a member finds this year's activities, reads the reasons, and signs up for a free one, in ${language} on a ${size}`, async () => {
      // A browser in California: the opening time is still China time.
      const { page, close } = await visitor(world, { viewport, timezoneId: "America/Los_Angeles" });
      await enter(page, world, account, { language });
      await page.goto(`${world.server.url}/activity`);
      await page.waitForSelector("[data-testid=module-tile]");
      // Newest year first.
      const years = await page.$$eval(".year-group h2", (hs) => hs.map((h) => h.textContent));
      expect(years[0]).toContain("2026");
      await noSeriousViolations(page);
      await settledShot(page, `activity/index-${language}-${size}`);

      await page.click("[data-testid=module-tile] >> nth=0");
      await page.waitForSelector("[data-testid=activity-tile]");
      // The team's four walks are one tile.
      expect(await page.locator(`[data-testid=activity-tile]:has-text("${name.walk}")`).count()).toBe(1);
      await noSeriousViolations(page);
      await settledShot(page, `activity/module-${language}-${size}`);

      await page.click(`[data-testid=activity-tile]:has-text("${name.concert}")`);
      await page.waitForSelector("[data-testid=reason]");
      // cn100002 holds the last ticket (the demo seed): complete for them, full for everyone else.
      expect(await page.textContent("[data-testid=reason]")).toBe(account === "cn100002" ? text.done : text.full);
      await openActivity(page, name.art);
      expect(openingCaptions(language)).toContain((await page.textContent("[data-testid=reason]")) ?? "");

      await openActivity(page, name.reading);
      expect(await page.textContent("[data-testid=price]")).toBe(text.free);
      // The demo video plays from its short-lived grant.
      await page.waitForFunction(() => (document.querySelector("[data-testid=video]") as HTMLVideoElement | null)?.readyState! >= 1);
      expect(await page.getAttribute("[data-testid=video]", "src")).toMatch(/^\/api\/video\/play\?auth=/);
      const placesLeft = async () => Number(/\d+/.exec((await page.textContent("[data-testid=stock]")) ?? "")![0]);
      const before = await placesLeft();
      expect(await page.textContent("[data-testid=stock]")).toMatch(/40/);
      await noSeriousViolations(page);
      await settledShot(page, `activity/reading-${language}-${size}`);
      // By keyboard: Enter on the button, on the window's submit, then on the message's OK.
      await page.focus("[data-testid=sign-up]");
      await page.keyboard.press("Enter");
      await page.waitForSelector("[data-testid=confirm-step]");
      await settledShot(page, `activity/reading-confirm-${language}-${size}`);
      await page.focus("[data-testid=step-next]");
      await page.keyboard.press("Enter");
      expect(await messageText(page)).toBe(text.success);
      await page.keyboard.press("Enter");
      // The page reloads its figures: one place fewer, and the button gives way to "complete".
      await page.waitForSelector("[data-testid=reason]");
      expect(await page.textContent("[data-testid=reason]")).toBe(text.done);
      // The keyboard's place is the status that took the button's, not the page.
      expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("reason");
      expect(await placesLeft()).toBe(before - 1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await close();
    }, JOURNEY_TIMEOUT_MS);
  }
});

describe("a paid sign-up through the sandbox", () => {
  for (const { language, size, viewport, account, deduct, payable } of [
    { language: "en", size: "desk", viewport: DESK, account: "cn100001", deduct: true, payable: "¥169.00" },
    { language: "zh", size: "phone", viewport: PHONE, account: "cn100002", deduct: false, payable: "¥199.00" },
  ] as const) {
    test(`a member signs up for the paid pass${deduct ? " with the points deduction" : ""} and pays in the sandbox, in ${language} on a ${size}`, async () => {
      const { page, context, close } = await visitor(world, { viewport });
      await enter(page, world, account, { language });
      await openActivity(page, NAMES[language].badminton);
      expect(await page.textContent("[data-testid=price]")).toBe("¥199.00");
      await page.click("[data-testid=sign-up]");
      await page.waitForSelector("[data-testid=deduction-step]");
      if (deduct) await page.check("[data-testid=use-deduction]");
      else expect(await page.isDisabled("[data-testid=use-deduction]")).toBe(true);
      await settledShot(page, `activity/pay-deduction-${language}-${size}`);
      await page.click("[data-testid=step-next]");
      await page.waitForSelector("[data-testid=confirm-step]");
      expect(await page.textContent("[data-testid=payable]")).toBe(payable);
      await page.click("[data-testid=step-next]");
      await page.waitForSelector("[data-testid=qr-image]");
      await noSeriousViolations(page);
      await settledShot(page, `activity/pay-window-${language}-${size}`);

      // The member pays on the sandbox page (a phone would scan the QR); the window notices by polling.
      const link = (await page.getAttribute("[data-testid=pay-link]", "href"))!;
      const payer = await context.newPage();
      await payer.goto(link);
      await payer.click("button.pay");
      await payer.waitForLoadState();
      await payer.close();
      expect(await messageText(page)).toBe(TEXT[language].paid);
      await pressOk(page, OK[language]);
      await page.waitForSelector("[data-testid=reason]");
      expect(await page.textContent("[data-testid=reason]")).toBe(TEXT[language].done);
      await close();
    }, JOURNEY_TIMEOUT_MS);
  }
});

/** The right answers of the demo quiz, by a word of each question's title. */
const RIGHT: [RegExp, string[]][] = [
  [/火情|fire\./i, ["a"]],
  [/灭火器|extinguisher/i, ["b"]],
  [/安全出口|emergency exits/i, ["a", "b"]],
  [/触电|electric shock/i, ["b"]],
  [/大功率|high-power/i, ["b"]],
];

/** Answers the question on screen, right or wrong, and goes on. */
async function answerQuestion(page: Page, right: boolean) {
  const title = (await page.textContent("[data-testid=quiz-question] legend")) ?? "";
  const values = RIGHT.find(([re]) => re.test(title))![1];
  const inputs = await page.$$("[data-testid=quiz-question] input");
  const pickedValues = [];
  for (const input of inputs) {
    const value = (await input.getAttribute("value"))!;
    // Wrong: the first option that is not right, alone.
    if (right ? values.includes(value) : pickedValues.length === 0 && !values.includes(value)) {
      await input.check();
      pickedValues.push(value);
    }
  }
  await page.click("[data-testid=quiz-next]");
}

describe("a scored quiz", () => {
  for (const { language, size, viewport, account } of [
    { language: "zh", size: "desk", viewport: DESK, account: "cn100001" },
    { language: "en", size: "phone", viewport: PHONE, account: "cn100002" },
  ] as const) {
    test(`a member fails the timed quiz, is told the pass line, answers a fresh draw right and sees the review, in ${language} on a ${size}`, async () => {
      const { page, close } = await visitor(world, { viewport });
      await enter(page, world, account, { language });
      await openActivity(page, NAMES[language].quiz);
      await page.click("[data-testid=sign-up]");
      await page.waitForSelector("[data-testid=quiz-question]");
      await page.waitForSelector("[data-testid=quiz-timer]");
      await noSeriousViolations(page);
      await settledShot(page, `activity/quiz-${language}-${size}`);
      // A required question left empty is said, and the member stays on it.
      await page.click("[data-testid=quiz-next]");
      await messageText(page);
      await pressOk(page, OK[language]);
      for (let i = 0; i < 3; i++) await answerQuestion(page, false);
      await page.waitForSelector("[data-testid=confirm-step]");
      await page.click("[data-testid=step-next]");
      const refusal = await messageText(page);
      expect(refusal).toMatch(language === "zh" ? /不得低于60分.*0分/ : /at least 60.*your score is 0/);
      await pressOk(page, OK[language]);

      // A fresh draw; this time every answer is right.
      await page.waitForSelector("[data-testid=quiz-question]");
      for (let i = 0; i < 3; i++) await answerQuestion(page, true);
      await page.waitForSelector("[data-testid=confirm-step]");
      await page.click("[data-testid=step-next]");
      await page.waitForSelector("[data-testid=review]");
      // The score with its maximum and the pass mark.
      expect(await page.textContent("[data-testid=review-score]")).toBe(language === "zh" ? "得分 120 / 120，及格线 60" : "Score 120 / 120, pass mark 60");
      await settledShot(page, `activity/quiz-review-${language}-${size}`);
      await close();
    }, JOURNEY_TIMEOUT_MS);
  }
});

describe("family members with gifts", () => {
  for (const { language, size, viewport } of [
    { language: "en", size: "phone", viewport: PHONE },
    { language: "zh", size: "desk", viewport: DESK },
  ] as const) {
    test(`a member brings their child and picks a gift, in ${language} on a ${size}`, async () => {
      const { page, close } = await visitor(world, { viewport });
      await enter(page, world, "cn100001", { language });
      await openActivity(page, NAMES[language].fair);
      const signUp = await page.$("[data-testid=sign-up]");
      // The Chinese run comes after the English one signed the same member up.
      if (!signUp) {
        expect(await page.textContent("[data-testid=reason]")).toBe(TEXT[language].done);
        return close();
      }
      await signUp.click();
      await page.waitForSelector("[data-testid=family-step]");
      // Continuing without a child: the rule's minimum is said.
      await page.click("[data-testid=step-next]");
      expect(await messageText(page)).toMatch(language === "zh" ? /不得少于1人/ : /must not be less than 1/);
      await pressOk(page, OK[language]);
      // Choosing asks the server whether the child is already signed up, then shows the gifts.
      await page.click("[data-testid=family-choice] input >> nth=0");
      await page.waitForSelector(".gift-choice");
      // The sold-out gift cannot be chosen.
      expect(await page.isDisabled(".gift-choice input >> nth=2")).toBe(true);
      await page.check(".gift-choice input >> nth=0");
      await noSeriousViolations(page);
      await settledShot(page, `activity/family-${language}-${size}`);
      await page.click("[data-testid=step-next]");
      await page.waitForSelector("[data-testid=confirm-step]");
      // The child's gift in the language's own brackets: 陈小明（…） in Chinese, 陈小明 (…) in English.
      const members = (await page.textContent(".confirm-list")) ?? "";
      expect(members).toMatch(language === "zh" ? /陈小明（[^（）]+）/ : /陈小明 \([^()（）]+\)/);
      if (language === "en") expect(members).not.toMatch(/[（）]/);
      await page.click("[data-testid=step-next]");
      expect(await messageText(page)).toBe(TEXT[language].success);
      await pressOk(page, OK[language]);
      await close();
    }, JOURNEY_TIMEOUT_MS);
  }
});

describe("a team's tag groups", () => {
  test("an editor opening a team that asks for tags first meets its tools, not a window over them, in zh on a desk and en on a phone", async () => {
    for (const { language, viewport } of [
      { language: "zh", viewport: DESK },
      { language: "en", viewport: PHONE },
    ] as const) {
      const { page, close } = await visitor(world, { viewport });
      await enter(page, world, "cn000002", { language });
      await openActivity(page, NAMES[language].walk);
      await page.waitForSelector("[data-testid=editor-tools]");
      await page.waitForSelector("[data-testid=tag-groups]");
      expect(await page.locator("[data-testid=tag-picker]").count()).toBe(0);
      await page.click("[data-testid=tool-basicInfo]");
      await page.waitForSelector("[role=dialog]");
      await settledShot(page, `activity/tags-editor-${language}-${viewport === DESK ? "desk" : "phone"}`);
      await close();
    }
  }, JOURNEY_TIMEOUT_MS);

  for (const { language, size, viewport, account } of [
    { language: "zh", size: "phone", viewport: PHONE, account: "cn100001" },
    { language: "en", size: "desk", viewport: DESK, account: "cn100002" },
  ] as const) {
    const name = NAMES[language];
    test(`the group picker comes first and the chosen tags lead to the one activity, in ${language} on a ${size}`, async () => {
      const { page, close } = await visitor(world, { viewport });
      await enter(page, world, account, { language });
      await openActivity(page, name.walk);
      await page.waitForSelector("[data-testid=tag-picker]");
      await noSeriousViolations(page);
      await settledShot(page, `activity/tags-picker-${language}-${size}`);
      // One group chosen is not enough.
      await page.click(`[data-testid=tag-picker] [data-testid=tag]:has-text("${name.forest}")`);
      await page.click("[data-testid=tags-confirm]");
      await messageText(page);
      await pressOk(page, OK[language]);
      await page.click(`[data-testid=tag-picker] [data-testid=tag]:has-text("${name.afternoon}")`);
      await page.click("[data-testid=tags-confirm]");
      await page.waitForFunction((title) => document.querySelector(".activity-title")?.textContent?.includes(title), name.forest);
      expect((await page.textContent(".activity-title"))!.toLowerCase()).toContain(name.afternoon.toLowerCase());
      expect(await page.getAttribute(`[data-testid=tag-groups] [data-testid=tag]:has-text("${name.forest}")`, "aria-pressed")).toBe("true");
      await settledShot(page, `activity/tags-chosen-${language}-${size}`);
      await page.click("[data-testid=sign-up]");
      await page.waitForSelector("[data-testid=confirm-step]");
      await page.click("[data-testid=step-next]");
      expect(await messageText(page)).toBe(TEXT[language].success);
      await pressOk(page, OK[language]);
      await close();
    }, JOURNEY_TIMEOUT_MS);
  }
});

describe("an activity that asks profile fields", () => {
  test("a member of Research and Development confirms their department and team for the salon, in en on a phone", async () => {
    const { page, close } = await visitor(world, { viewport: PHONE });
    await enter(page, world, "cn100001", { language: "en" });
    await openActivity(page, "R&D tech salon");
    await page.click("[data-testid=sign-up]");
    await page.waitForSelector("[data-testid=details-step]");
    // The department is read-only and filled; the team is the member's own.
    expect(await page.isDisabled("#sign-" + (await page.getAttribute("[data-testid=details-step] select >> nth=0", "id"))!.split("-")[1])).toBe(true);
    await noSeriousViolations(page);
    await settledShot(page, "activity/details-en-phone");
    await page.click("[data-testid=step-next]");
    await page.waitForSelector("[data-testid=confirm-step]");
    await page.click("[data-testid=step-next]");
    expect(await messageText(page)).toBe(TEXT.en.success);
    await pressOk(page, OK.en);
    await close();
  }, JOURNEY_TIMEOUT_MS);
});

describe("a delivered gift and a ticket", () => {
  test("a member with no address adds one inside the sign-up and gets the mooncake box, in zh on a desk", async () => {
    const { page, close } = await visitor(world, { viewport: DESK });
    await enter(page, world, "cn100002", { language: "zh" });
    await openActivity(page, "中秋月饼礼盒");
    await page.click("[data-testid=sign-up]");
    await page.waitForSelector("[data-testid=address-step]");
    // Nothing chosen: the step says so.
    await page.click("[data-testid=step-next]");
    expect(await messageText(page)).toBe("请选择一个地址");
    await pressOk(page, OK.zh);
    await page.click('[data-testid=address-step] button:has-text("新增地址")');
    await fillAddress(page, "艾玛");
    await page.click('#address-form ~ * .button-primary, [role=dialog] .button-primary:has-text("保存")');
    await page.waitForSelector("[data-testid=address-choice] input:checked");
    await settledShot(page, "activity/address-zh-desk");
    await page.click("[data-testid=step-next]");
    await page.waitForSelector("[data-testid=confirm-step]");
    await page.click("[data-testid=step-next]");
    expect(await messageText(page)).toBe(TEXT.zh.success);
    await pressOk(page, OK.zh);
    await close();
  }, JOURNEY_TIMEOUT_MS);

  test("a member signs up for film night and is shown the ticket's QR code, in en on a phone", async () => {
    const { page, close } = await visitor(world, { viewport: PHONE });
    await enter(page, world, "cn100002", { language: "en" });
    await openActivity(page, "Friday film night");
    await page.click("[data-testid=sign-up]");
    await page.waitForSelector("[data-testid=confirm-step]");
    // One step only: its quiet button closes the window and says so.
    expect(await page.textContent("[data-testid=step-back]")).toBe("Close");
    await page.click("[data-testid=step-next]");
    await page.waitForSelector("[data-testid=ticket-qr]");
    // The QR is drawn from the signed address into an object URL: the token never sits in the page.
    expect(await page.getAttribute("[data-testid=ticket-qr]", "src")).toMatch(/^blob:/);
    await noSeriousViolations(page);
    await settledShot(page, "activity/ticket-en-phone");
    await page.click('[data-testid=ticket] ~ * .button-primary, [role=dialog] .button-primary:has-text("OK")');
    await page.waitForSelector("[data-testid=reason]");
    await close();
  }, JOURNEY_TIMEOUT_MS);
});
