// The activity editor in the browser (spec 3 sections 2.1, 2.2, 4.1; issue
// 17): the editor creates an activity on a module page, fills its basic info
// (the toggling effects seen), builds a team with two tag groups, a family
// rule with a new gift, a condition, and publishes it; a member signs up.
// The editor in Chinese on a desk, the member in English on a 375 px phone,
// and the editor's windows once more in English on the phone.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import type { Page } from "playwright-core";
import { seriousViolations } from "../helpers/axe";
import { START } from "../helpers/clock";
import { formatChinaDateTime } from "../../ui/lib/china-time";
import { DESK, PHONE, SETUP_TIMEOUT_MS, type World, messageText, pressOk, settledShot, enter, startWorld, stopWorld, test } from "./support";
import { visitor } from "./support";

const JOURNEY_TIMEOUT_MS = 240_000;
const DAY = 24 * 3_600_000;

let world: World;
beforeAll(async () => {
  world = await startWorld();
}, SETUP_TIMEOUT_MS);
afterAll(() => stopWorld(world));

async function noSeriousViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

/** Fills a date picker's text and closes its calendar. */
async function fillTime(page: Page, selector: string, text: string) {
  await page.fill(selector, text);
  await page.press(selector, "Enter");
}

/** Answers "保存完成" and waits for the page to read the activity again. */
async function saved(page: Page) {
  expect(await messageText(page)).toBe("保存完成");
  await pressOk(page, "确定");
  await page.waitForSelector("[role=dialog]", { state: "detached" });
}

const NAME = { zh: "家庭亲子徒步", en: "Family hike" };

describe("the activity editor", () => {
  test(
    "an editor builds an activity from nothing and publishes it, in Chinese on a desk; a member signs up in English on a phone",
    async () => {
      const { page, close } = await visitor(world, { viewport: DESK });
      await enter(page, world, "cn000002", { language: "zh" });
      await page.goto(`${world.server.url}/activity`);
      await page.click("[data-testid=module-tile] >> nth=0");
      await page.click("[data-testid=new-activity]");
      await page.fill("#new-activity-nameZh", NAME.zh);
      await page.fill("#new-activity-nameEn", NAME.en);
      await page.click("[role=dialog] button[type=submit]");
      await page.waitForURL(/\/activity\/info\?id=\d+$/);
      const activityUrl = page.url();
      await page.waitForSelector("[data-testid=editor-tools]");
      // In preview: every window and publish and copy; no offline, no revert.
      expect(
        await page.$$eval("[data-testid=editor-tools] button", (bs) =>
          bs.map((b) => b.getAttribute("data-testid")),
        ),
      ).toEqual([
        "tool-basicInfo",
        "tool-wording",
        "tool-layout",
        "tool-cover",
        "tool-team",
        "tool-family",
        "tool-conditions",
        "tool-questionBanks",
        "tool-orders",
        "tool-publish",
        "tool-copy",
      ]);
      await settledShot(page, "activity-editor/preview-tools-zh-desk");

      // Basic info: the toggling effects, then the fields.
      await page.click("[data-testid=tool-basicInfo]");
      await page.waitForSelector("[data-testid=basic-info]");
      expect(await page.isDisabled("#basic-deduction")).toBe(true);
      expect(await page.isDisabled("[data-testid=basic-mustIntegral]")).toBe(
        true,
      );
      expect(await page.isDisabled("[data-testid=basic-calUserCount]")).toBe(
        true,
      );
      expect(await page.isDisabled("[data-testid=basic-isMain]")).toBe(true);
      await page.fill("#basic-price", "20");
      await page.fill("#basic-integral", "5");
      expect(await page.isDisabled("#basic-deduction")).toBe(false);
      expect(await page.isDisabled("[data-testid=basic-mustIntegral]")).toBe(
        false,
      );
      await page.fill("#basic-price", "0");
      await page.fill("#basic-integral", "0");
      await page.check("[data-testid=basic-hasAddress]");
      await page.check("[data-testid=basic-allowUpdateAddress]");
      expect(
        (await page.textContent("[data-testid=address-notice]"))?.trim(),
      ).toBe("改地址需要活动结束后导入发货订单才能关闭修改地址");
      await page.uncheck("[data-testid=basic-hasAddress]");
      await page.check("[data-testid=basic-hasCycle]");
      expect([
        await page.inputValue("#basic-cycleDate"),
        await page.inputValue("#basic-cycleStart"),
        await page.inputValue("#basic-cycleCount"),
      ]).toEqual(["1", "0", "1"]);
      await page.uncheck("[data-testid=basic-hasCycle]");
      await fillTime(
        page,
        "#basic-signStart",
        formatChinaDateTime(new Date(START.getTime() - DAY)),
      );
      await fillTime(
        page,
        "#basic-signEnd",
        formatChinaDateTime(new Date(START.getTime() + 7 * DAY)),
      );
      await page.fill("#basic-displayStock", "30");
      await page.fill("#basic-formStock", "abc");
      await page.click("[role=dialog] button[type=submit]");
      expect(await page.textContent("#basic-formStock-error")).toBe(
        "名额请填写整数或不填",
      );
      await page.fill("#basic-formStock", "30");
      await page.locator("#basic-nameZh").scrollIntoViewIfNeeded();
      await settledShot(page, "activity-editor/basic-top-zh-desk");
      await page.click("[data-testid=basic-contentZh] .ql-editor");
      await page.keyboard.type("周末一起走进森林。");
      await noSeriousViolations(page);
      await settledShot(page, "activity-editor/basic-zh-desk");
      await page.click("[role=dialog] button[type=submit]");
      await saved(page);
      await page.waitForSelector(
        '.activity-content:has-text("周末一起走进森林。")',
      );

      // A new team with two tag groups, each with a tag linking this activity.
      await page.click("[data-testid=tool-team]");
      await page.waitForSelector("[data-testid=team-editor]");
      await page.selectOption("#team-choice", "new");
      await page.fill("#team-nameZh", "亲子徒步系列");
      await page.fill("#team-nameEn", "Family hikes");
      await page.fill("#team-index", "5");
      for (const [group, tag, tagEn] of [
        ["路线", "森林线", "Forest"],
        ["时段", "上午场", "Morning"],
      ] as const) {
        await page.click("[data-testid=add-tag-group]");
        await page.waitForSelector("[data-testid=tag-group-editor]");
        // Confirmed empty: the window says so under the names (the form window's own check).
        await page.click("[data-testid=tag-group-done]");
        expect(await page.textContent("#tag-group-nameZh-error")).toBe("标签组的中英文名称不可为空");
        await page.fill("#tag-group-nameZh", group);
        await page.fill("#tag-group-nameEn", `${group} en`);
        await page.fill("[data-testid=new-tag-zh]", tag);
        await page.fill("[data-testid=new-tag-en]", tagEn);
        await page.click("[data-testid=add-tag]");
        expect(await messageText(page)).toBe("标签至少需要关联一个活动");
        await pressOk(page, "确定");
        await page.fill("[data-testid=tag-activity-search]", "亲子徒步");
        await page.press("[data-testid=tag-activity-search]", "Enter");
        await page.click(
          `[data-testid=tag-activity-results] button:has-text("${NAME.zh}")`,
        );
        await page.click("[data-testid=add-tag]");
        await page.waitForSelector(
          `[data-testid=tag-list] input[value="${tag}"]`,
        );
        if (group === "时段")
          await settledShot(page, "activity-editor/tag-group-zh-desk");
        await page.click("[data-testid=tag-group-done]");
        await page.waitForSelector("[data-testid=tag-group-editor]", {
          state: "detached",
        });
      }
      expect(await page.locator("[data-testid=tag-groups] li").count()).toBe(2);
      await noSeriousViolations(page);
      await settledShot(page, "activity-editor/team-zh-desk");
      await page.click("[data-testid=team-save]");
      await saved(page);

      // A family rule for children with a new gift.
      await page.click("[data-testid=tool-family]");
      await page.waitForSelector("[data-testid=family-editor]");
      await page.click("[data-testid=add-rule]");
      await page.selectOption("#rule-relationship", { label: "子女" });
      await page.fill("#rule-allowMin", "0");
      await page.fill("#rule-allowMax", "2");
      await page.click("[data-testid=open-gift-manager]");
      await page.waitForSelector("[data-testid=gift-manager]");
      await page.click("[data-testid=gift-associate]");
      expect(await messageText(page)).toBe("请先选择礼品");
      await pressOk(page, "确定");
      await page.click("[data-testid=gift-create]");
      await page.fill("#gift-nameZh", "亲子T恤");
      await page.fill("#gift-nameEn", "Family T-shirt");
      await page.fill("#gift-stock", "十");
      await page.click("[data-testid=gift-save]");
      // Said under the stock (the one form window), not in a message box.
      expect(await page.textContent("#gift-stock-error")).toBe("库存请填写数字或不填");
      await page.fill("#gift-stock", "10");
      await page.click("[data-testid=gift-save]");
      await page.waitForSelector(
        '[data-testid=gift-list] li.editor-item-picked:has-text("亲子T恤")',
      );
      await settledShot(page, "activity-editor/gifts-zh-desk");
      await page.click("[data-testid=gift-associate]");
      await page.waitForSelector(
        '[data-testid=rule-gifts]:has-text("亲子T恤")',
      );
      await page.click("[data-testid=rule-done]");
      await page.waitForSelector('[data-testid=family-rules]:has-text("子女")');
      await noSeriousViolations(page);
      await settledShot(page, "activity-editor/family-zh-desk");
      await page.click("[data-testid=family-save]");
      await saved(page);

      // A condition: members with a name may sign up.
      await page.click("[data-testid=tool-conditions]");
      await page.waitForSelector("[data-testid=conditions-editor]");
      // A sign-up field asked without a question bank is refused as the server would (spec 3 section 5), under the fields' table.
      await page.check("[aria-label='部门 报名时显示']");
      await page.click("[data-testid=conditions-save]");
      expect(await page.textContent("#conditions-properties-error")).toBe("有报名属性时需要题库：请先在题库设置中选择题库和显示方式，再保存报名属性。");
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("conditions-properties");
      await noSeriousViolations(page);
      await settledShot(page, "activity-editor/conditions-bank-zh-desk");
      await page.uncheck("[aria-label='部门 报名时显示']");
      // Unticked, the field asks for no bank: its error goes at once, not at the next save.
      expect(await page.locator("#conditions-properties-error").count()).toBe(0);
      await page.click("[data-testid=activity-condition-add]");
      expect(
        (await page.textContent("#activity-condition-error"))?.trim(),
      ).toBe("请选择属性");
      await page.selectOption("#activity-condition-property", {
        label: "姓名",
      });
      await page.selectOption("#activity-condition-type", {
        label: "报名条件",
      });
      await page.selectOption("#activity-condition-compareMode", {
        label: "不为空",
      });
      await page.fill("#activity-condition-value", "是");
      await page.click("[data-testid=activity-condition-add]");
      await page.waitForSelector("[data-testid=activity-conditions] li");
      await noSeriousViolations(page);
      await settledShot(page, "activity-editor/conditions-zh-desk");
      await page.click("[data-testid=conditions-save]");
      await saved(page);

      // Publish, with its confirmation.
      await page.click("[data-testid=tool-publish]");
      expect(await messageText(page)).toContain("所有预览订单将被删除");
      await page.click("[role=alertdialog] .button-primary");
      expect(await messageText(page)).toBe("发布完成");
      await pressOk(page, "确定");
      await page.waitForSelector("[data-testid=tool-offline]");
      expect(
        await page.$$eval("[data-testid=editor-tools] button", (bs) =>
          bs.map((b) => b.getAttribute("data-testid")),
        ),
      ).toEqual(["tool-basicInfo", "tool-wording", "tool-layout", "tool-cover", "tool-questionBanks", "tool-orders", "tool-offline", "tool-revert", "tool-copy"]);
      await settledShot(page, "activity-editor/published-zh-desk");
      await close();

      // A member signs up, in English on a phone.
      const member = await visitor(world, { viewport: PHONE });
      await enter(member.page, world, "cn100001", { language: "en" });
      await member.page.goto(activityUrl);
      await member.page.waitForSelector(
        '[data-testid=activity]:has-text("Family hike")',
      );
      expect(
        await member.page.locator("[data-testid=editor-tools]").count(),
      ).toBe(0);
      await settledShot(member.page, "activity-editor/member-en-phone");
      await member.page.click("[data-testid=sign-up]");
      await member.page.waitForSelector("[data-testid=family-step]");
      await member.page.click("[data-testid=step-next]");
      await member.page.waitForSelector("[data-testid=confirm-step]");
      await member.page.click("[data-testid=step-next]");
      expect(await messageText(member.page)).toBe("You are signed up!");
      await pressOk(member.page, "OK");
      await member.close();

      // The editor's windows once more, in English on a 375 px phone: nothing scrolls sideways.
      await phoneWindows(activityUrl);
    },
    JOURNEY_TIMEOUT_MS,
  );
});

async function phoneWindows(activityUrl: string) {
  const { page, close } = await visitor(world, { viewport: PHONE });
  await enter(page, world, "cn000002", { language: "en" });
  await page.goto(activityUrl);
  await page.waitForSelector("[data-testid=editor-tools]");
  const sideways = () =>
    page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
  await page.click("[data-testid=tool-basicInfo]");
  await page.waitForSelector("[data-testid=basic-info]");
  // Published: the bank binding is shown, not edited.
  expect(await page.textContent("[data-testid=quiz-binding]")).toContain(
    "fixed once the activity is published",
  );
  expect(await sideways()).toBe(false);
  await settledShot(page, "activity-editor/basic-en-phone");
  await page.click("[role=dialog] .button-quiet:has-text('Cancel')");
  // Copy: the warning, then the offer to open the copy, which opens in preview with every window.
  await page.click("[data-testid=tool-copy]");
  expect(await messageText(page)).toContain(
    "will not include the group, question bank, family rules or conditions",
  );
  await page.click("[role=alertdialog] .button-primary");
  expect(await messageText(page)).toBe("Copied. Open the copy?");
  await page.click('[role=alertdialog] .button-primary:has-text("Open")');
  await page.waitForSelector(
    '[data-testid=activity]:has-text("Family hike (copy)")',
  );
  await page.waitForSelector("[data-testid=tool-team]");
  for (const [tool, root] of [
    ["team", "team-editor"],
    ["family", "family-editor"],
    ["conditions", "conditions-editor"],
  ] as const) {
    await page.click(`[data-testid=tool-${tool}]`);
    await page.waitForSelector(`[data-testid=${root}]`);
    if (tool === "team") await page.selectOption("#team-choice", "new");
    if (tool === "conditions") {
      // The copy has no question bank: a sign-up field is refused, the reason shown under the fields' table.
      await page.check("[aria-label='Department Asked']");
      await page.click("[data-testid=conditions-save]");
      expect(await page.textContent("#conditions-properties-error")).toBe(
        "Sign-up properties need a question bank: choose a bank and its display in the question bank settings first, then save the properties.",
      );
      await page.locator("#conditions-properties-error").scrollIntoViewIfNeeded();
    }
    expect(await sideways()).toBe(false);
    await noSeriousViolations(page);
    await settledShot(page, `activity-editor/${tool}-en-phone`);
    await page.click("[role=dialog] .button-quiet:has-text('Cancel')");
    // The team (a new one chosen) and the conditions (a field ticked) hold edits: Cancel asks first, and the editor discards them.
    if (tool !== "family") {
      expect(await messageText(page)).toBe("Your changes have not been saved and will be lost if you close. Discard them?");
      await page.click('[role=alertdialog] .button-primary:has-text("Discard changes")');
    }
    await page.waitForSelector(`[data-testid=${root}]`, { state: "detached" });
  }
  await close();
}
