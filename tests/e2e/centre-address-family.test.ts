// Spec 1 sections 2 and 5, spec 2 "Address editor" and "Family member editor":
// the personal centre's addresses and family, as the demo member uses them.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import type { Page } from "playwright-core";
import {
  DESK,
  PHONE,
  SETUP_TIMEOUT_MS,
  type Answer,
  type World,
  apiAs,
  chooseRegions,
  fillAddress,
  messageText,
  pressOk,
  enter,
  settledShot,
  startWorld,
  stopWorld,
  test,
  visitor,
} from "./support";

const JOURNEY_TIMEOUT_MS = 120_000;

let world: World;
beforeAll(async () => {
  world = await startWorld();
}, SETUP_TIMEOUT_MS);
afterAll(() => stopWorld(world));

type Language = "zh" | "en";
const OK: Record<Language, "确定" | "OK"> = { zh: "确定", en: "OK" };

async function openCentrePage(page: Page, name: "address" | "family") {
  await page.goto(`${world.server.url}/information?page=${name}`);
  await page.waitForSelector(`[data-testid=${name}-add]`);
  await page.waitForSelector(`[data-testid=${name}-card]`);
}

const cards = (page: Page, name: "address" | "family") => page.$$eval(`[data-testid=${name}-card]`, (els) => els.map((e) => e.textContent ?? ""));

/** Answers the message box and returns what it said. */
async function acknowledge(page: Page, language: Language): Promise<string> {
  const text = await messageText(page);
  await pressOk(page, OK[language]);
  return text;
}

/**
 * Says OK to a confirmation whose answer is itself a message: the next box can
 * open before the confirmation's is seen to go, so wait for its text to change.
 */
async function confirmYes(page: Page, language: Language) {
  const question = await messageText(page);
  await page.click(`[role=alertdialog] .button-primary:has-text("${OK[language]}")`);
  await page.waitForFunction((q) => document.querySelector("[data-testid=message-text]")?.textContent?.trim() !== q, question);
}

/** Chooses one region code per level, waiting for each level to load from the server. */
const fieldErrors = (page: Page) => page.$$eval("#address-form .field-error, #family-form .field-error", (els) => els.map((e) => e.textContent?.trim()));

const TEXT = {
  zh: {
    errorsEmpty: ["请填写收货人姓名", "请填写11位手机号", "请选择完整的省、市、区县和街道", "请填写详细地址"],
    badName: "收货人姓名只能是中文，或以单个空格分隔的英文字母",
    badPhone: "手机号应为以1开头的11位数字",
    noChinese: "详细地址需包含中文",
    saved: "地址已保存",
    defaultDone: "已设为默认地址",
    confirmDelete: "确定要删除这个地址吗？",
    deleted: "地址已删除",
    regions: "上海市 市辖区 黄浦区 南京东路街道",
    badge: "默认",
    often: "系统最多保存10个地址",
  },
  en: {
    errorsEmpty: [
      "Please enter the consignee's name",
      "Please enter an 11-digit mobile number",
      "Please choose the province, city, district and street",
      "Please enter the detailed address",
    ],
    badName: "The name may contain only Chinese characters, or Latin letters with single spaces",
    badPhone: "The mobile number must be 11 digits starting with 1",
    noChinese: "The detailed address must contain Chinese characters",
    saved: "The address has been saved",
    defaultDone: "This is now your default address",
    confirmDelete: "Delete this address?",
    deleted: "The address has been deleted",
    regions: "Shanghai, City Districts, Huangpu District, Nanjing East Road Subdistrict",
    badge: "Default",
    often: "The system keeps at most 10 addresses",
  },
};

const journeys: { language: Language; size: "desk" | "phone"; viewport: typeof DESK; name: string }[] = [
  { language: "zh", size: "desk", viewport: DESK, name: "王小红" },
  { language: "en", size: "phone", viewport: PHONE, name: "Mary Ann" },
  { language: "zh", size: "phone", viewport: PHONE, name: "王小蓝" },
  { language: "en", size: "desk", viewport: DESK, name: "John Smith" },
];

describe("a member's addresses", () => {
  for (const { language, size, viewport, name } of journeys) {
    const text = TEXT[language];
    test(`a member adds, edits, makes default and deletes an address with a real region chain, in ${language} on a ${size}`, async () => {
      const { page, close } = await visitor(world, { viewport });
      await enter(page, world, "cn100001", { language });
      await openCentrePage(page, "address");
      const before = await cards(page, "address");
      expect(before.length).toBe(1);
      expect(before[0]).toContain("139****0001");
      expect(await page.textContent("[data-testid=address-card] .badge-accent")).toBe(text.badge);
      await settledShot(page, `address-list-${language}-${size}`);

      // Every rule is checked before anything is sent, in the member's language.
      await page.click("[data-testid=address-add]");
      await page.click("button[form=address-form]");
      expect(await fieldErrors(page)).toEqual(text.errorsEmpty);
      await page.fill("#address-name", "Mary  Ann1");
      await page.fill("#address-phone", "2391234567");
      await page.fill("#address-info", "Nanjing Road 100");
      await chooseRegions(page, ["31", "3101", "310101", "310101002"]);
      expect(await fieldErrors(page)).toEqual([text.badName, text.badPhone, text.noChinese]);
      await settledShot(page, `address-errors-${language}-${size}`);

      await page.fill("#address-name", name);
      await page.fill("#address-phone", "13912345678");
      await page.fill("#address-info", "南京东路100号");
      expect(await fieldErrors(page)).toEqual([]);
      await settledShot(page, `address-dialog-${language}-${size}`);
      await page.click("button[form=address-form]");
      expect(await acknowledge(page, language)).toBe(text.saved);
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=address-card]").length === 2);
      const added = (await cards(page, "address")).find((c) => c.includes(name))!;
      expect(added).toContain("139****5678");
      expect(added).toContain(text.regions);
      expect(added).toContain("南京东路100号");

      // Edit: the saved region chain comes back, and the detail changes.
      const card = page.locator("[data-testid=address-card]", { hasText: name });
      expect(await card.locator(".badge-accent").count()).toBe(0);
      await card.locator(".card-actions button").nth(1).click();
      expect(await page.inputValue("#address-region-3")).toBe("310101002");
      await page.fill("#address-info", "南京东路200号");
      await page.click("button[form=address-form]");
      expect(await acknowledge(page, language)).toBe(text.saved);
      await page.waitForSelector(`[data-testid=address-card]:has-text("南京东路200号")`);

      // Set default: the badge moves, and the default comes first.
      await card.locator(".card-actions button").first().click();
      expect(await acknowledge(page, language)).toBe(text.defaultDone);
      await page.waitForFunction((n) => document.querySelector("[data-testid=address-card]")?.textContent?.includes(n), name);
      const badges = await page.$$eval("[data-testid=address-card]", (els) => els.map((e) => e.querySelector(".badge-accent")?.textContent ?? ""));
      expect(badges).toEqual([text.badge, ""]);
      await settledShot(page, `address-default-${language}-${size}`);

      // Delete, after a confirmation; the demo address is made the default again.
      await card.locator(".card-actions .link-danger").click();
      expect(await messageText(page)).toBe(text.confirmDelete);
      await confirmYes(page, language);
      expect(await acknowledge(page, language)).toBe(text.deleted);
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=address-card]").length === 1);
      const left = page.locator("[data-testid=address-card]");
      if ((await left.locator(".card-actions button").count()) === 3) {
        await left.locator(".card-actions button").first().click();
        await acknowledge(page, language);
      }
      expect(page.url()).toContain("page=address");
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await close();
    }, JOURNEY_TIMEOUT_MS);
  }
});

test("a member cannot keep an eleventh address: the server refuses it and the page says so before the form", async () => {
  const { page, context, close } = await visitor(world);
  // Eight of the nine already saved are saved from a second device: adding one by the form is the other journey's.
  const member = await apiAs(world, "cn100001");
  const names = ["甲", "乙", "丙", "丁", "戊", "己", "庚", "辛", "壬"].map((c) => `测试${c}`);
  for (const name of names.slice(0, 8)) {
    const address = { name, phone: "13912345678", address0: "31", address1: "3101", address2: "310101", address3: "310101002", info: "南京东路100号" };
    expect((await member("/user/address/save", { address })).message.code).toBe("SUCCESS");
  }
  await enter(page, world, "cn100001");
  await openCentrePage(page, "address");
  expect((await cards(page, "address")).length).toBe(9);

  // The form is open with nine saved; meanwhile a tenth is saved from another tab.
  await page.click("[data-testid=address-add]");
  await fillAddress(page, "测试癸");
  const other = await context.newPage();
  await openCentrePage(other, "address");
  await other.click("[data-testid=address-add]");
  await fillAddress(other, names[8]!);
  await other.click("button[form=address-form]");
  await acknowledge(other, "zh");
  await page.click("button[form=address-form]");
  expect(await acknowledge(page, "zh")).toBe("系统最多保存10个地址");

  // With ten on the page, Add says so at once.
  await page.click(".dialog-close");
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=address-card]").length === 10);
  await page.click("[data-testid=address-add]");
  expect(await acknowledge(page, "zh")).toBe("系统最多保存10个地址");
  expect(await page.$("#address-form")).toBeNull();

  // The last one added goes by the page; the rest from the second device, leaving the member's one address.
  await page.locator("[data-testid=address-card]", { hasText: names[8]! }).locator(".link-danger").click();
  await confirmYes(page, "zh");
  await acknowledge(page, "zh");
  for (const a of (await member("/user/address/list")).list as Answer[]) {
    if (names.includes(a.name)) expect((await member("/user/address/delete", { id: a.id })).message.code).toBe("SUCCESS");
  }
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=address-card]").length === 1);
  await other.close();
  await close();
}, 4 * JOURNEY_TIMEOUT_MS);

/** A valid mainland ID for a birthday: the check digit of GB 11643. */
function mainlandId(birthday: string, sequence = "123"): string {
  const body = `310101${birthday.replaceAll("-", "")}${sequence}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((s, d, i) => s + Number(d) * weights[i]!, 0);
  return body + "10X98765432"[sum % 11];
}

const FAMILY = {
  zh: {
    errorsEmpty: ["请填写姓名", "请选择关系", "请选择性别", "请选择出生日期", "请填写证件号码"],
    badId: "请输入有效的18位身份证号码（最后一位可为X）",
    badPhone: "手机号应为以1开头的11位数字",
    relation: "子女",
    female: "女",
    saved: "家属信息已保存",
    deleted: "家属信息已删除",
    passport: "护照 / 其他证件",
  },
  en: {
    errorsEmpty: ["Please enter the name", "Please choose the relationship", "Please choose the gender", "Please choose the date of birth", "Please enter the ID number"],
    badId: "Please enter a valid 18-character Chinese ID number (the last may be X)",
    badPhone: "The mobile number must be 11 digits starting with 1",
    relation: "Child",
    female: "Female",
    saved: "The family member has been saved",
    deleted: "The family member has been deleted",
    passport: "Passport / other",
  },
};

describe("a member's family", () => {
  for (const { language, size, viewport } of journeys) {
    const text = FAMILY[language];
    const name = language === "zh" ? `陈小${size === "desk" ? "红" : "蓝"}` : `Lily ${size === "desk" ? "Chen" : "Wang"}`;
    test(`a member adds, edits and deletes a family member, in ${language} on a ${size}`, async () => {
      const { page, close } = await visitor(world, { viewport });
      await enter(page, world, "cn100001", { language });
      await openCentrePage(page, "family");
      expect((await cards(page, "family")).length).toBe(2);
      await settledShot(page, `family-list-${language}-${size}`);

      await page.click("[data-testid=family-add]");
      await page.click("button[form=family-form]");
      expect(await fieldErrors(page)).toEqual(text.errorsEmpty);

      await page.fill("#family-name", name);
      await page.selectOption("#family-relation", { label: text.relation });
      await page.check("input[name=family-sex][value='1']");
      await page.fill("#family-identity", "31010120180520123");
      await page.fill("#family-phone", "2391234567");
      expect(await fieldErrors(page)).toEqual([text.errorsEmpty[3]!, text.badId, text.badPhone]);
      await settledShot(page, `family-errors-${language}-${size}`);

      // A valid ID card fills in the birthday it carries.
      await page.fill("#family-identity", mainlandId("2018-05-20"));
      await page.fill("#family-phone", "");
      expect(await page.inputValue("#family-birthday")).toBe("2018-05-20");
      expect(await fieldErrors(page)).toEqual([]);
      await settledShot(page, `family-dialog-${language}-${size}`);
      await page.click("button[form=family-form]");
      expect(await acknowledge(page, language)).toBe(text.saved);
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=family-card]").length === 3);
      const added = (await cards(page, "family")).find((c) => c.includes(name))!;
      expect(added).toContain(text.relation);
      expect(added).toContain(text.female);
      expect(added).toContain("2018-05-20");
      expect(added).toContain("310101********");

      // Edit: a passport instead, and a phone.
      const card = page.locator("[data-testid=family-card]", { hasText: name });
      await card.locator(".card-actions button").first().click();
      expect(await page.inputValue("#family-name")).toBe(name);
      await page.check("input[name=family-idType][value='2']");
      await page.fill("#family-identity", "E12345678");
      await page.fill("#family-phone", "13987654321");
      await page.click("button[form=family-form]");
      expect(await acknowledge(page, language)).toBe(text.saved);
      await page.waitForSelector(`[data-testid=family-card]:has-text("139****4321")`);
      const edited = (await cards(page, "family")).find((c) => c.includes(name))!;
      expect(edited).toContain(text.passport);
      expect(edited).toContain("*****5678");
      await settledShot(page, `family-edited-${language}-${size}`);

      await card.locator(".card-actions .link-danger").click();
      expect(await messageText(page)).toContain(name);
      await confirmYes(page, language);
      expect(await acknowledge(page, language)).toBe(text.deleted);
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=family-card]").length === 2);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await close();
    }, JOURNEY_TIMEOUT_MS);
  }
});

test("a friend needs no birthday, and a passport needs only to be filled in, in English", async () => {
  const { page, close } = await visitor(world);
  await enter(page, world, "cn100001", { language: "en" });
  await openCentrePage(page, "family");
  await page.click("[data-testid=family-add]");
  await page.fill("#family-name", "Tom Lee");
  await page.selectOption("#family-relation", { label: "Friend" });
  await page.check("input[name=family-sex][value='0']");
  await page.check("input[name=family-idType][value='2']");
  await page.fill("#family-identity", "   ");
  await page.click("button[form=family-form]");
  expect(await fieldErrors(page)).toEqual(["Please enter the ID number"]);
  expect(await page.textContent("label[for=family-birthday]")).toContain("(optional)");
  await page.fill("#family-identity", "K7654321");
  await page.click("button[form=family-form]");
  expect(await acknowledge(page, "en")).toBe("The family member has been saved");
  const card = page.locator("[data-testid=family-card]", { hasText: "Tom Lee" });
  expect(await card.textContent()).toContain("Friend");
  await card.locator(".link-danger").click();
  await confirmYes(page, "en");
  expect(await acknowledge(page, "en")).toBe("The family member has been deleted");
  await close();
}, JOURNEY_TIMEOUT_MS);
