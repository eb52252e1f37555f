// Spec 3 section 2.4: the operator adds a select property with two options on
// the property management page and a member sees it on their information
// page (and another member in English on a phone); the operator sets the dues
// in the membership fee dialog. Chinese on a desk, English on a 375 px phone.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import type { Page } from "playwright-core";
import { seriousViolations } from "../helpers/axe";
import { type Answer, DESK, PHONE, SETUP_TIMEOUT_MS, type World, apiAs, messageText, pressOk, settledShot, enter, startWorld, stopWorld, test, visitor } from "./support";

const JOURNEY_TIMEOUT_MS = 120_000;

let world: World;
beforeAll(async () => {
  world = await startWorld();
}, SETUP_TIMEOUT_MS);
afterAll(() => stopWorld(world));

/** From member management's button (spec 3 section 2.4), the way an officer gets there. */
async function openPropertyPage(page: Page) {
  await page.goto(`${world.server.url}/operation/user`);
  await page.click("[data-testid=open-properties]");
  await page.waitForSelector("[data-testid=property-row]");
}

/** Back to member management by the property page's breadcrumb, and its membership fee button. */
async function openFeesFromMembers(page: Page, members: string) {
  await page.click(`.breadcrumb a:has-text('${members}')`);
  await page.waitForSelector("[data-testid=member-row]");
  await page.click("[data-testid=open-fees]");
}

async function fill(page: Page, selector: string, value: string) {
  await page.fill(selector, value);
}

describe("property management", () => {
  test(
    "the operator adds a select with two options, a member sees it, and the dues are configured (Chinese, desk)",
    async () => {
      const { page, close } = await visitor(world, { viewport: DESK });
      await enter(page, world, "cn000003");
      await openPropertyPage(page);
      expect(await page.textContent("table")).toContain("性别");
      await settledShot(page, "property-admin/page-zh-desk");
      expect(await seriousViolations(page)).toEqual([]);
      // A click anywhere on a row opens its editor (spec 3 section 2.4), not only its name.
      await page.click("[data-testid=property-row]:has-text('性别') td[data-column=type]");
      await page.waitForSelector("[data-testid=property-form]");
      expect(await page.inputValue("#property-titleZh")).toBe("性别");
      await page.click("[role=dialog] .button-quiet:has-text('取消')");
      await page.waitForSelector("[data-testid=property-form]", { state: "detached" });

      // Saving an empty form names the first field with the spec's message.
      await page.click("button:has-text('新增属性')");
      await page.waitForSelector("[data-testid=property-form]");
      await page.click("[role=dialog] button[type=submit]");
      expect(await page.textContent("#property-titleZh-error")).toBe("请填写中文名称");
      // "Verified at activation" is offered for the phone and e-mail only (spec 3 section 3).
      expect(await page.locator("[data-testid=property-form] label.check:has-text('仅激活时验证')").count()).toBe(0);

      await fill(page, "#property-titleZh", "血型");
      await fill(page, "#property-titleEn", "Blood type");
      await fill(page, "#property-descZh", "请选择血型");
      await fill(page, "#property-descEn", "Choose your blood type");
      await page.selectOption("#property-type", "1002");
      await page.click("button:has-text('编辑选项')");
      await page.waitForSelector("[data-testid=property-options]");
      await page.click("[data-testid=property-options] button:has-text('添加选项')");
      await page.click("[role=dialog] .button-primary:has-text('完成')");
      expect(await page.textContent("[data-testid=property-options]")).toContain("请填写中文内容");
      await fill(page, "#option-0-textZh", "A型");
      await fill(page, "#option-0-textEn", "Type A");
      await fill(page, "#option-0-value", "A");
      await page.click("[data-testid=property-options] button:has-text('添加选项')");
      await fill(page, "#option-1-textZh", "B型");
      await fill(page, "#option-1-textEn", "Type B");
      await fill(page, "#option-1-value", "B");
      await settledShot(page, "property-admin/options-zh-desk");
      expect(await seriousViolations(page)).toEqual([]);
      await page.click("[role=dialog] .button-primary:has-text('完成')");
      await page.waitForSelector("[data-testid=property-options]", { state: "detached" });
      expect(await page.textContent(".property-option-summary")).toBe("A型 / B型");
      // Asked of workers applying to join online too (issue 32 item 3).
      expect(await page.locator("label.check:has([data-testid=property-application])").textContent()).toBe(" 申请入会时填写");
      await page.check("[data-testid=property-application]");
      await settledShot(page, "property-admin/form-zh-desk");
      expect(await seriousViolations(page)).toEqual([]);
      await page.click("[role=dialog] button[type=submit]:has-text('保存')");
      expect(await messageText(page)).toBe("保存完成");
      await pressOk(page, "确定");
      await page.waitForSelector("[data-testid=property-row]:has-text('血型')");
      // The application to join now asks it.
      const asked = await (await apiAs(world, "cn000003"))("/join/form");
      expect(asked.properties.map((p: Answer) => p.titleEn)).toContain("Blood type");

      // The dues: a wrong month is named, then a good save.
      await openFeesFromMembers(page, "会员管理");
      await page.waitForSelector("[data-testid=fee-form]");
      expect(await page.inputValue("#fee-price")).toBe("60.00");
      await fill(page, "#fee-month", "13");
      await page.click("[role=dialog] button[type=submit]");
      expect(await page.textContent("#fee-month-error")).toBe("计费月份请填写1-12之间的整数");
      await fill(page, "#fee-month", "9");
      await fill(page, "#fee-price", "88.50");
      // A value longer than the server takes: its refusal names the field, and the form says why under it.
      await page.selectOption("#fee-cantSignProperty", { label: "护照号码" });
      await fill(page, "#fee-cantSignValue", "E".repeat(201));
      await page.click("[role=dialog] button[type=submit]");
      expect(await page.textContent("#fee-cantSignValue-error")).toBe("内容过长");
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("fee-cantSignValue");
      await settledShot(page, "property-admin/fee-too-long-zh-desk");
      await fill(page, "#fee-cantSignValue", "");
      await page.selectOption("#fee-cantSignProperty", { label: "血型" });
      await page.click("[role=dialog] button[type=submit]");
      expect(await page.textContent("#fee-cantSignValue-error")).toBe("请填写无法报名活动条件的值");
      await page.selectOption("#fee-cantSignValue", "B");
      await settledShot(page, "property-admin/fee-zh-desk");
      expect(await seriousViolations(page)).toEqual([]);
      await page.click("[role=dialog] button[type=submit]");
      expect(await messageText(page)).toBe("保存完成");
      await pressOk(page, "确定");
      await close();

      // A member sees the new field, with its options, on the information page.
      const member = await visitor(world, { viewport: DESK });
      await enter(member.page, world, "cn100001");
      await member.page.goto(`${world.server.url}/information`);
      const label = await member.page.waitForSelector("label:has-text('血型')");
      const target = await label.getAttribute("for");
      const texts = await member.page.$$eval(`#${target} option`, (options) => options.map((o) => o.textContent?.trim()));
      expect(texts).toEqual(expect.arrayContaining(["A型", "B型"]));
      await settledShot(member.page, "property-admin/member-information-zh-desk");
      await member.close();

      // Another member reads it in English on a 375 px phone, with the options' English texts.
      const phone = await visitor(world, { viewport: PHONE });
      await enter(phone.page, world, "cn100002", { language: "en" });
      await phone.page.goto(`${world.server.url}/information`);
      const englishLabel = await phone.page.waitForSelector("label:has-text('Blood type')");
      const englishTexts = await phone.page.$$eval(`#${await englishLabel.getAttribute("for")} option`, (options) => options.map((o) => o.textContent?.trim()));
      expect(englishTexts).toEqual(expect.arrayContaining(["Type A", "Type B"]));
      await englishLabel.scrollIntoViewIfNeeded();
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await seriousViolations(phone.page)).toEqual([]);
      await settledShot(phone.page, "property-admin/member-information-en-375");
      await phone.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    "the page and the fee dialog in English on a 375 px phone",
    async () => {
      const { page, close } = await visitor(world, { viewport: PHONE });
      await enter(page, world, "cn000003", { language: "en" });
      await openPropertyPage(page);
      expect(await page.textContent("[data-testid=property-row]")).toContain("Name");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await settledShot(page, "property-admin/page-en-375");
      expect(await seriousViolations(page)).toEqual([]);
      // Enter on a focused card opens it too.
      await page.focus("[data-testid=property-row] >> nth=4");
      await page.keyboard.press("Enter");
      await page.waitForSelector("[data-testid=property-form]");
      await settledShot(page, "property-admin/form-en-375");
      expect(await seriousViolations(page)).toEqual([]);
      await page.click("[role=dialog] .button-quiet:has-text('Cancel')");
      await openFeesFromMembers(page, "Member management");
      await page.waitForSelector("[data-testid=fee-form]");
      await fill(page, "#fee-date", "32");
      await page.click("[role=dialog] button[type=submit]");
      expect(await page.textContent("#fee-date-error")).toBe("The billing day must be a whole number from 1 to 31");
      await settledShot(page, "property-admin/fee-en-375");
      expect(await seriousViolations(page)).toEqual([]);
      // A value longer than the server takes is named at its field; then spec 3 section 8's "保存完成", in English.
      await fill(page, "#fee-date", "1");
      await page.selectOption("#fee-indexOnlyProperty", { label: "Passport number" });
      await fill(page, "#fee-indexOnlyValue", "E".repeat(201));
      await page.click("[role=dialog] button[type=submit]");
      expect(await page.textContent("#fee-indexOnlyValue-error")).toBe("Too long");
      await page.locator("#fee-indexOnlyValue-error").scrollIntoViewIfNeeded();
      await settledShot(page, "property-admin/fee-too-long-en-375");
      await page.selectOption("#fee-indexOnlyProperty", { index: 0 });
      await page.click("[role=dialog] button[type=submit]");
      expect(await messageText(page)).toBe("Saved");
      await settledShot(page, "property-admin/fee-saved-en-375");
      await pressOk(page, "OK");
      await close();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
