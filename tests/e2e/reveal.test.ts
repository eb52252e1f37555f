// Less exposure to staff in the browser (issue 31 item 4): phones and identity
// numbers reach staff masked, and each Show is one audited look. The operator
// cn000003 opens Emma Smith (cn100002) in member management: her passport and
// phone are masked and their whole values are nowhere in the page until Show;
// the member's operation log lists "查看会员的完整号码". The family list of
// cn100001 is masked, one ID number shown. The editor cn000002 shows the ID
// number of the family member in a seeded order's staff detail. The
// administrator cn000001 takes the passport's "masked for staff" off in the
// property editor (the detail shows it whole) and puts it back (masked again).
// Chinese on a desk, English on a 375 px phone.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import type { Page } from "playwright-core";
import { seriousViolations } from "../helpers/axe";
import { shot } from "../helpers/browser";
import { DESK, PHONE, SETUP_TIMEOUT_MS, type World, apiAs, messageText, pressOk, settle, enter, startWorld, stopWorld, test, visitor } from "./support";

const JOURNEY_TIMEOUT_MS = 150_000;

const PASSPORT = "GB1234567";
const EMMA_PHONE = "13900000002";
const CHILD_ID = "110101201503070018";
const SPOUSE_ID = "110101198806120022";
const SPOUSE_PHONE = "13911112222";
const CHEN_PHONE = "13900000001";
const HOME = { name: "Tom Smith", phone: "13987654321", address0: "31", address1: "3101", address2: "310115", address3: "310115005", info: "世纪大道100号" };

let world: World;
beforeAll(async () => {
  world = await startWorld();
}, SETUP_TIMEOUT_MS);
afterAll(() => stopWorld(world));

/** What a person sees, after checking it for accessibility and sideways scrolling. */
async function look(page: Page, name: string) {
  await settle(page);
  expect({ name, violations: await seriousViolations(page) }).toEqual({ name, violations: [] });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  await shot(page, `reveal/${name}`, { fullPage: false });
}

/** The whole numbers the page's HTML holds, of those given: none before their Show. */
async function wholeIn(page: Page, numbers: string[]): Promise<string[]> {
  const html = await page.content();
  return numbers.filter((n) => html.includes(n));
}

async function openMember(page: Page, account: string) {
  await page.goto(`${world.server.url}/operation/user`);
  await page.waitForSelector("[data-testid=member-row]");
  await page.fill("#member-search-account", account);
  await page.press("#member-search-account", "Enter");
  await page.waitForFunction((text) => [...document.querySelectorAll("[data-testid=member-row]")].some((r) => r.textContent?.includes(text)), account);
  await page.click(`[data-testid=member-row]:has-text('${account}') [data-testid=open-member]`);
  await page.waitForSelector("[data-testid=member-detail] .member-facts");
}

/** The detail's fact under this term (a property's name, or a fixed one). */
const fact = (page: Page, term: string) => page.locator(`[data-testid=member-detail] .member-fact:has(dt:text-is("${term}")) dd`);

/** Clicks the Show (or Hide) button of this name and waits until the value next to it is `value`. */
async function press(page: Page, name: string, value: string) {
  const button = page.getByRole("button", { name, exact: true });
  await button.click();
  await page.waitForFunction(
    ({ name, value }) => [...document.querySelectorAll(".masked-value")].some((m) => m.querySelector("button")?.getAttribute("aria-label") !== name && m.querySelector(".masked-value-text")?.textContent === value),
    { name, value },
  );
}

describe("masked numbers for staff", () => {
  test(
    "the operator finds Emma's passport and phone masked and shows each, the operation log lists the looks, and one ID number of cn100001's family is shown (Chinese, desk)",
    async () => {
      const { page, close } = await visitor(world, { viewport: DESK });
      await enter(page, world, "cn000003", { language: "zh" });
      await openMember(page, "cn100002");
      expect(await fact(page, "护照号码").locator(".masked-value-text").textContent()).toBe("*****4567");
      expect(await fact(page, "手机号").locator(".masked-value-text").textContent()).toBe("139****0002");
      // Masked: the whole numbers are nowhere in the page, the search list behind included.
      expect(await wholeIn(page, [PASSPORT, EMMA_PHONE])).toEqual([]);
      await look(page, "detail-masked-zh-desk");

      // Show the passport: it alone is whole.
      await press(page, "显示完整的护照号码", PASSPORT);
      expect(await fact(page, "护照号码").locator(".masked-value-text").textContent()).toBe(PASSPORT);
      expect(await wholeIn(page, [EMMA_PHONE])).toEqual([]);
      await press(page, "显示完整手机号", EMMA_PHONE);
      expect(await fact(page, "手机号").locator(".masked-value-text").textContent()).toBe(EMMA_PHONE);
      await look(page, "detail-revealed-zh-desk");
      // Hide masks it again (no new look: the log below has two rows of it, not three).
      await press(page, "隐藏完整的护照号码", "*****4567");
      expect(await fact(page, "护照号码").getByRole("button").textContent()).toBe("显示");
      await press(page, "显示完整的护照号码", PASSPORT);

      // The member's operation log lists each look.
      await page.click("[data-testid=member-log-operations]");
      await page.waitForSelector("[data-testid=member-log-row]:has-text('查看会员的完整号码')");
      expect(await page.locator("[data-testid=member-log-row]:has-text('查看会员的完整号码')").count()).toBe(2);
      // Each row says which number, and who looked.
      const looks = await page.locator("[data-testid=member-log-row]:has-text('查看会员的完整号码')").allTextContents();
      expect(looks.every((row) => row.includes("cn000003"))).toBe(true);
      expect(["查看：护照号码", "查看：手机号"].map((what) => looks.filter((row) => row.includes(what)).length)).toEqual([1, 1]);
      await look(page, "log-zh-desk");
      await page.keyboard.press("Escape");
      await page.waitForSelector("[data-testid=member-log-dialog]", { state: "detached" });
      await page.keyboard.press("Escape");
      await page.waitForSelector("[data-testid=member-detail]", { state: "detached" });

      // cn100001's family: both ID numbers and the phone masked, then one ID number shown.
      await openMember(page, "cn100001");
      await page.click("[data-testid=member-family]");
      await page.waitForSelector("[data-testid=family-identity]");
      const identities = await page.$$eval("[data-testid=family-identity] .masked-value-text", (cells) => cells.map((c) => c.textContent));
      expect(identities.sort()).toEqual(["110101********0018", "110101********0022"]);
      expect(await page.textContent("[data-testid=family-phone] .masked-value-text")).toBe("139****2222");
      expect(await wholeIn(page, [CHILD_ID, SPOUSE_ID, SPOUSE_PHONE])).toEqual([]);
      await look(page, "family-masked-zh-desk");
      await press(page, "显示林芳的完整证件号码", SPOUSE_ID);
      expect(await wholeIn(page, [CHILD_ID, SPOUSE_PHONE])).toEqual([]);
      await look(page, "family-revealed-zh-desk");
      await close();

      // The looks are the member's: their log says which number was read, and by whom (the API reads the detail too).
      const call = await apiAs(world, "cn000001");
      const emma = (await call("/user/operation/list", { account: "cn100002", index: 1 })).list[0];
      const operations = (await call("/user/operation/operations", { user: emma.id, index: 1 })).list as { type: { nameZh: string }; detail: string | null }[];
      expect(operations.filter((o) => o.type.nameZh === "查看会员的完整号码").map((o) => o.detail).sort()).toEqual(expect.arrayContaining(["phone", expect.stringMatching(/^property \d+ Passport number$/)]));
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    "the same in English on a 375 px phone: Emma's passport shown, cn100001's family masked",
    async () => {
      // Emma keeps a home address: its contact's phone is masked in her detail too.
      const emma = await apiAs(world, "cn100002");
      expect((await emma("/user/address/place/update", { address: HOME })).message.code).toBe("SUCCESS");
      const { page, close } = await visitor(world, { viewport: PHONE });
      await enter(page, world, "cn000003", { language: "en" });
      await openMember(page, "cn100002");
      expect(await wholeIn(page, [PASSPORT, EMMA_PHONE, HOME.phone])).toEqual([]);
      expect(await fact(page, "Contact phone").locator(".masked-value-text").textContent()).toBe("139****4321");
      expect(await fact(page, "Passport number").locator(".masked-value-text").textContent()).toBe("*****4567");
      await look(page, "detail-masked-en-375");
      await press(page, "Show the whole Passport number", PASSPORT);
      await press(page, "Show the whole phone number", EMMA_PHONE);
      await fact(page, "Passport number").scrollIntoViewIfNeeded();
      await look(page, "detail-revealed-en-375");
      await press(page, "Show the family contact's whole phone number", HOME.phone);
      await fact(page, "Contact phone").scrollIntoViewIfNeeded();
      await look(page, "detail-contact-revealed-en-375");
      await page.keyboard.press("Escape");
      await page.waitForSelector("[data-testid=member-detail]", { state: "detached" });

      await openMember(page, "cn100001");
      await page.click("[data-testid=member-family]");
      await page.waitForSelector("[data-testid=family-identity]");
      expect(await wholeIn(page, [CHILD_ID, SPOUSE_ID, SPOUSE_PHONE])).toEqual([]);
      await look(page, "family-masked-en-375");
      await press(page, "Show the whole phone number of 林芳", SPOUSE_PHONE);
      expect(await wholeIn(page, [CHILD_ID, SPOUSE_ID])).toEqual([]);
      await look(page, "family-revealed-en-375");
      await close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    "the editor shows the ID number of the family member of a seeded order in its staff detail (Chinese desk, English 375 px)",
    async () => {
      for (const [language, viewport, size] of [["zh", DESK, "desk"], ["en", PHONE, "375"]] as const) {
        const { page, close } = await visitor(world, { viewport });
        await enter(page, world, "cn000002", { language });
        await page.goto(`${world.server.url}/activity`);
        // Last year's module (the earlier of the two activity modules) holds the autumn trip cn100001 took 陈小明 on.
        const modules = page.locator("[data-testid=module-tile]", { hasText: language === "zh" ? "工会活动" : "union activities" });
        await modules.first().waitFor();
        const years = (await modules.allTextContents()).map((text) => Number(/\d{4}/.exec(text)?.[0]));
        await modules.nth(years.indexOf(Math.min(...years))).click();
        const trip = language === "zh" ? "秋季亲子研学" : "Autumn family study trip";
        await page.click(`[data-testid=activity-tile]:has-text("${trip}")`);
        await page.waitForSelector("[data-testid=editor-tools]");
        await page.click("[data-testid=tool-orders]");
        await page.waitForSelector("[data-testid=staff-order-row]");
        await page.click("[data-testid=open-order]");
        await page.waitForSelector("[data-testid=staff-order-detail] [role=tab]");
        await page.click(`[data-testid=staff-order-detail] [role=tab]:text-is("${language === "zh" ? "家属" : "Family"}")`);
        await page.waitForSelector("[data-testid=staff-order-family]");
        expect(await page.textContent("[data-testid=order-family-identity] .masked-value-text")).toBe("110101********0018");
        expect(await wholeIn(page, [CHILD_ID])).toEqual([]);
        await look(page, `order-masked-${language}-${size}`);
        await press(page, language === "zh" ? "显示陈小明的完整证件号码" : "Show the whole ID number of 陈小明", CHILD_ID);
        await look(page, `order-revealed-${language}-${size}`);
        // The member's own phone on the order: masked, shown by the same kind of click.
        await page.click(`[data-testid=staff-order-detail] [role=tab]:text-is("${language === "zh" ? "下单会员" : "Member"}")`);
        expect(await page.textContent("[data-testid=member-phone-value] .masked-value-text")).toBe("139****0001");
        expect(await wholeIn(page, [CHEN_PHONE])).toEqual([]);
        await press(page, language === "zh" ? "显示完整手机号" : "Show the whole phone number", CHEN_PHONE);
        await close();
      }
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    "the administrator takes the passport's mask off in the property editor and puts it back; the member detail follows (Chinese desk, English 375 px)",
    async () => {
      const { page, close } = await visitor(world, { viewport: DESK });
      await enter(page, world, "cn000001", { language: "zh" });
      const savePassport = async (masked: boolean, name: string) => {
        await page.goto(`${world.server.url}/operation/user`);
        await page.click("[data-testid=open-properties]");
        await page.click("[data-testid=property-row]:has-text('护照号码') button:has-text('护照号码')");
        await page.waitForSelector("[data-testid=property-form]");
        const box = page.getByRole("checkbox", { name: "对工作人员隐藏（如证件号码）" });
        expect(await box.isChecked()).toBe(!masked);
        await box.setChecked(masked);
        await box.scrollIntoViewIfNeeded();
        await look(page, name);
        await page.click("[role=dialog] button[type=submit]:has-text('保存')");
        expect(await messageText(page)).toBe("保存完成");
        await pressOk(page, "确定");
      };
      await savePassport(false, "property-form-unmasked-zh-desk");
      await openMember(page, "cn100002");
      // Not masked for staff: the value whole, no Show.
      expect(await fact(page, "护照号码").textContent()).toBe(PASSPORT);
      expect(await fact(page, "护照号码").getByRole("button").count()).toBe(0);
      await savePassport(true, "property-form-zh-desk");
      await openMember(page, "cn100002");
      expect(await fact(page, "护照号码").locator(".masked-value-text").textContent()).toBe("*****4567");
      expect(await wholeIn(page, [PASSPORT])).toEqual([]);
      await close();

      // The box and what it does, in English on a phone.
      const phone = await visitor(world, { viewport: PHONE });
      const p = phone.page;
      await enter(p, world, "cn000001", { language: "en" });
      await p.goto(`${world.server.url}/operation/user`);
      await p.click("[data-testid=open-properties]");
      await p.click("[data-testid=property-row]:has-text('Passport number')");
      await p.waitForSelector("[data-testid=property-form]");
      const box = p.getByRole("checkbox", { name: "Masked for staff (identity numbers and the like)" });
      expect(await box.isChecked()).toBe(true);
      expect(await p.textContent("#property-isPrivate-hint")).toContain("every look is recorded");
      await box.scrollIntoViewIfNeeded();
      await look(p, "property-form-en-375");
      await phone.close();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
