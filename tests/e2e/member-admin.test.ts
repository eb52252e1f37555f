// Member management in the browser (spec 3 sections 2.4, 4.2, 8): the operator
// cn000003 creates a member, finds a member, opens the detail, edits the
// name, reads the fee records, operation, update and visit logs, resets the
// activation of another member with a new employee number (Chinese, desk);
// then on a 375 px phone in English finds the first member, reads the points
// records with the balance and the four logs, and marks the member as left. One server, one journey.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import type { Page } from "playwright-core";
import { seriousViolations } from "../helpers/axe";
import { signedIn } from "../helpers/remote";
import { shot } from "../helpers/browser";
import { DESK, PHONE, SETUP_TIMEOUT_MS, type World, cutPlaceholders, messageText, nextFrames, pressOk, enter, startWorld, stopWorld, test, visitor } from "./support";

const JOURNEY_TIMEOUT_MS = 150_000;

let world: World;
beforeAll(async () => {
  world = await startWorld();
}, SETUP_TIMEOUT_MS);
afterAll(() => stopWorld(world));

/** What a person sees, after checking it for accessibility and sideways scrolling. */
async function look(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await nextFrames(page);
  expect({ name, violations: await seriousViolations(page) }).toEqual({ name, violations: [] });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  await shot(page, `member-admin/${name}`, { fullPage: false });
}

async function find(page: Page, account: string) {
  await page.fill("#member-search-account", account);
  await page.press("#member-search-account", "Enter");
  await page.waitForFunction((text) => [...document.querySelectorAll("[data-testid=member-row]")].some((r) => r.textContent?.includes(text)), account);
}

/** The new-member form of a Chinese member, by the labels a person reads (a required field's label ends with its * mark). */
async function fillProfile(page: Page, who: { name: string; employees: string; phone: string; mail: string }) {
  const field = (label: string) => page.locator("[data-testid=member-form]").getByLabel(new RegExp(`^${label}\\*?$`));
  if (await page.$("#member-form-nationality")) await page.selectOption("#member-form-nationality", { label: "中国" });
  await field("姓名").fill(who.name);
  await field("员工号").fill(who.employees);
  await field("手机号").fill(who.phone);
  await field("公司邮箱").fill(who.mail);
  await page.locator("[data-testid=member-form]").getByRole("radio", { name: "女", exact: true }).check();
  await field("出生日期").fill("1996-04-12");
  await field("出生日期").press("Enter");
  await field("部门").selectOption({ label: "研发部" });
  await field("科室").selectOption({ label: "移动组" });
  await field("民族").selectOption({ label: "汉族" });
}

/** Opens one of the detail's log windows and waits for its list (a row holding `text` when given). */
async function openLog(page: Page, kind: "fees" | "operations" | "updates" | "visits", text?: string) {
  await page.click(`[data-testid=member-log-${kind}]`);
  await page.waitForSelector("[data-testid=member-log-dialog]");
  if (text) await page.waitForSelector(`[data-testid=member-log-row]:has-text('${text}')`);
  else await page.waitForSelector("[data-testid=member-log-dialog] :is(table, ul, [data-testid=list-empty])");
}

async function closeLog(page: Page) {
  await page.keyboard.press("Escape");
  await page.waitForSelector("[data-testid=member-log-dialog]", { state: "detached" });
}

describe("member management", () => {
  test(
    "the operator creates, finds, edits and resets members and reads the four logs (Chinese, desk), reads the points and logs and marks a member as left (English, 375 px)",
    async () => {
      // cn100001 signs in once, so their visit log has a sign-in to show, and opens a dues payment, a fee record to show.
      const member = await visitor(world, { viewport: DESK });
      await enter(member.page, world, "cn100001", { language: "zh" });
      await member.close();
      const payer = await signedIn(world.server.url, "cn100001");
      expect((await payer.call("/member/pay")).message.code).toBe("SUCCESS");

      const desk = await visitor(world, { viewport: DESK });
      const page = desk.page;
      await enter(page, world, "cn000003", { language: "zh" });
      await page.goto(`${world.server.url}/operation/user`);
      await page.waitForSelector("[data-testid=member-row]");
      expect(await page.$$eval("tbody tr", (rows) => rows.length)).toBe(23);
      await look(page, "zh-desk-search");

      // The new-member form: the role is asked first ("请选择用户角色"); the employee number is open.
      await page.click("[data-testid=new-member]");
      await page.waitForSelector("[data-testid=member-form] [data-property]");
      await page.click("[data-testid=member-save]");
      expect(await page.textContent("#member-form-role-error")).toBe("请选择用户角色");
      expect(await page.locator("[data-testid=member-form] [data-property] input").nth(1).isEditable()).toBe(true);
      await look(page, "zh-desk-create");
      // Filled in and saved: the new member is found in state 注册 (to activate).
      await page.selectOption("#member-form-role", { label: "会员" });
      await fillProfile(page, { name: "周新人", employees: "cn100200", phone: "13900000200", mail: "cn100200@union.example.com" });
      await page.click("[data-testid=member-save]");
      expect(await messageText(page)).toBe("添加完成");
      await pressOk(page, "确定");
      await page.waitForSelector("[data-testid=member-form]", { state: "detached" });
      await find(page, "cn100200");
      expect(await page.textContent("[data-testid=member-row]:has-text('cn100200')")).toContain("周新人");

      await find(page, "陈会员");
      expect(await cutPlaceholders(page)).toEqual([]);
      // A click anywhere on the row opens the detail (spec 3 section 2.4), not only the employee number.
      await page.click("[data-testid=member-row]:has-text('cn100001') td[data-column=phone]");
      await page.waitForSelector("[data-testid=member-detail]");
      expect(await page.textContent("[data-testid=member-detail]")).toContain("139****0001");
      await look(page, "zh-desk-detail");

      // Edit the name: saved, and the detail shows it.
      await page.click("[data-testid=member-edit]");
      await page.waitForSelector("[data-testid=member-form] [data-property]");
      const name = page.locator("[data-testid=member-form] [data-property] input").first();
      await name.fill("陈会员新");
      await look(page, "zh-desk-edit");
      await page.click("[data-testid=member-save]");
      expect(await messageText(page)).toBe("保存完成");
      await pressOk(page, "确定");
      await page.waitForFunction(() => document.querySelector("[data-testid=member-detail]")?.textContent?.includes("陈会员新"));

      // The four log windows: the rename is in the operation log and, old and new, in the update log.
      await openLog(page, "operations", "修改会员信息");
      await look(page, "zh-desk-log-operations");
      await closeLog(page);
      await openLog(page, "updates", "陈会员新");
      expect(await page.textContent("[data-testid=member-log-row]:has-text('陈会员新')")).toContain("陈会员");
      await look(page, "zh-desk-log-updates");
      await closeLog(page);
      await openLog(page, "fees", "年度工会会费");
      expect(await page.textContent("[data-testid=member-log-row]")).toContain("60.00");
      await look(page, "zh-desk-log-fees");
      await closeLog(page);
      await openLog(page, "visits", "登录");
      const visits = await page.locator("[data-testid=member-log-row]").count();
      await page.selectOption("#member-visits-page", { label: "登录" });
      await page.click("[data-testid=member-log-dialog] button[type=submit]");
      await page.waitForFunction(
        (all) => {
          const rows = [...document.querySelectorAll("[data-testid=member-log-row]")];
          return rows.length > 0 && rows.length < all && rows.every((r) => r.textContent?.includes("登录"));
        },
        visits,
      );
      await look(page, "zh-desk-log-visits");
      await closeLog(page);

      // Close the detail; reset the activation of cn100002 with a new employee number.
      await page.keyboard.press("Escape");
      await find(page, "cn100002");
      await page.click("[data-testid=member-row]:has-text('cn100002') [data-testid=open-member]");
      await page.waitForSelector("[data-testid=member-reset]");
      await page.click("[data-testid=member-reset]");
      await page.check("[data-testid=reset-renumber]");
      await page.click("[data-testid=reset-submit]");
      expect(await page.textContent("#reset-employees-error")).toBe("请填写新员工号");
      await page.fill("#reset-employees", "cn100001");
      await page.click("[data-testid=reset-submit]");
      await page.waitForFunction(() => document.querySelector("#reset-employees-error")?.textContent === "该员工号已存在，请更换其他员工号。");
      await page.fill("#reset-employees", "cn100102");
      await look(page, "zh-desk-reset");
      await page.click("[data-testid=reset-submit]");
      expect(await messageText(page)).toBe("重置完成");
      await pressOk(page, "确定");
      await page.waitForFunction(() => !document.querySelector("[data-testid=member-reset]") && document.querySelector("[data-testid=member-detail]")?.textContent?.includes("cn100102"));
      await desk.close();

      // English at 375 px: the points with the balance, then leave.
      const phone = await visitor(world, { viewport: PHONE });
      const p = phone.page;
      await enter(p, world, "cn000003", { language: "en" });
      await p.goto(`${world.server.url}/operation/user`);
      await p.waitForSelector("[data-testid=member-row]");
      await find(p, "cn100001");
      await look(p, "en-phone-search");
      expect(await cutPlaceholders(p)).toEqual([]);
      // Enter on the focused card opens it too.
      await p.focus("[data-testid=member-row]:has-text('cn100001')");
      await p.keyboard.press("Enter");
      await p.waitForSelector("[data-testid=member-detail]");
      await look(p, "en-phone-detail");
      await p.click("[data-testid=member-points]");
      await p.waitForFunction(() => /Balance: \d/.test(document.querySelector("[data-testid=member-balance]")?.textContent ?? ""));
      await look(p, "en-phone-points");
      await p.keyboard.press("Escape");
      for (const kind of ["fees", "operations", "updates", "visits"] as const) {
        await openLog(p, kind);
        await look(p, `en-phone-log-${kind}`);
        await closeLog(p);
      }
      await p.click("[data-testid=member-leave]");
      expect(await messageText(p)).toBe("Mark this member as having left?");
      // The answer's message follows the confirmation at once: wait for it, not for the box to go.
      await p.click('[role=alertdialog] .button-primary:has-text("OK")');
      await p.waitForFunction(() => document.querySelector("[data-testid=message-text]")?.textContent?.trim() === "The member has left.");
      await pressOk(p, "OK");
      await p.waitForFunction(() => !document.querySelector("[data-testid=member-leave]") && !!document.querySelector("[data-testid=member-detail]")?.textContent?.includes("Left on"));
      await look(p, "en-phone-left");
      await phone.close();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
