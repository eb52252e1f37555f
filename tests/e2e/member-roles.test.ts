// The role choice of the staff member form offers only what the operator may
// give (issue 28 item 1, decision 103): on a new member, the roles whose every
// power the operator holds; on their own account, the role is fixed; on the
// administrator's, the role, phone and e-mail are fixed and reset and leave
// are not offered. Chinese at a desk, English at 375 px.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import type { Page } from "playwright-core";
import { shot } from "../helpers/browser";
import { accessible, DESK, PHONE, SETUP_TIMEOUT_MS, type World, enter, startWorld, stopWorld, test, visitor } from "./support";

const JOURNEY_TIMEOUT_MS = 120_000;

let world: World;
beforeAll(async () => {
  world = await startWorld();
}, SETUP_TIMEOUT_MS);
afterAll(() => stopWorld(world));

async function look(page: Page, name: string) {
  await accessible(page, name);
  await shot(page, `member-roles/${name}`, { fullPage: false });
}

async function openMember(page: Page, account: string) {
  await page.fill("#member-search-account", account);
  await page.press("#member-search-account", "Enter");
  await page.waitForFunction((text) => [...document.querySelectorAll("[data-testid=member-row]")].some((r) => r.textContent?.includes(text)), account);
  await page.click(`[data-testid=member-row]:has-text('${account}') [data-testid=open-member]`);
  await page.waitForSelector("[data-testid=member-detail]");
}

async function openForm(page: Page, button: "new-member" | "member-edit") {
  await page.click(`[data-testid=${button}]`);
  await page.waitForSelector("[data-testid=member-form] [data-property]");
}

const roleChoices = (page: Page) => page.$$eval("#member-form-role option", (options) => options.map((o) => o.textContent?.trim() ?? ""));
const roleNote = (page: Page) => page.textContent("[data-testid=member-form-role-note]");
const inputOf = (page: Page, label: string) => page.locator("[data-testid=member-form]").getByLabel(new RegExp(`^${label}\\*?$`));

async function closeForm(page: Page) {
  await page.keyboard.press("Escape");
  await page.waitForSelector("[data-testid=member-form]", { state: "detached" });
}

describe("the operator's role choice", () => {
  test(
    "offers only the roles the operator may give, fixes their own role, and leaves the administrator's role, contacts and state alone (Chinese desk, English 375 px)",
    async () => {
      for (const [language, viewport, where] of [["zh", DESK, "desk"], ["en", PHONE, "phone"]] as const) {
        const zh = language === "zh";
        const v = await visitor(world, { viewport });
        const page = v.page;
        await enter(page, world, "cn000003", { language });
        await page.goto(`${world.server.url}/operation/user`);
        await page.waitForSelector("[data-testid=member-row]");

        // A new member: the operator's powers cover the member's and their own role, not the editor's or the administrator's.
        await openForm(page, "new-member");
        expect(await roleChoices(page)).toEqual(zh ? ["请选择", "会员", "运营"] : ["Please choose", "Member", "Operator"]);
        expect(await roleNote(page)).toBe(zh ? "仅列出您可授予的角色（您拥有其全部权限的角色）。" : "Only the roles you may give are listed (those whose every power you hold).");
        expect(await page.isEnabled("#member-form-role")).toBe(true);
        await look(page, `${language}-${where}-create`);
        await closeForm(page);

        // Their own account: the role is shown and fixed.
        await openMember(page, "cn000003");
        await openForm(page, "member-edit");
        expect(await page.isDisabled("#member-form-role")).toBe(true);
        expect(await roleChoices(page)).toEqual([zh ? "运营" : "Operator"]);
        expect(await roleNote(page)).toBe(zh ? "不能更改自己的角色。" : "You cannot change your own role.");
        await look(page, `${language}-${where}-own`);
        await closeForm(page);
        await page.keyboard.press("Escape");
        await page.waitForSelector("[data-testid=member-detail]", { state: "detached" });

        // The administrator's account: no reset or leave, and in the form the role, phone and e-mail are fixed; the name stays editable.
        await openMember(page, "cn000001");
        expect(await page.$("[data-testid=member-reset]")).toBeNull();
        expect(await page.$("[data-testid=member-leave]")).toBeNull();
        expect(await page.textContent("[data-testid=member-above]")).toBe(
          zh ? "该会员的角色含有您没有的权限，您不能重置其激活或将其设为离职。" : "This member's role holds powers you do not have: you cannot reset their activation or mark them as left.",
        );
        await page.locator("[data-testid=member-above]").scrollIntoViewIfNeeded();
        await look(page, `${language}-${where}-admin-detail`);
        await openForm(page, "member-edit");
        expect(await page.isDisabled("#member-form-role")).toBe(true);
        expect(await roleChoices(page)).toEqual([zh ? "管理员" : "Administrator"]);
        expect(await roleNote(page)).toBe(zh ? "该会员的角色含有您没有的权限，您不能更改其角色、手机号和邮箱。" : "This member's role holds powers you do not have: you cannot change their role, phone or e-mail.");
        expect(await inputOf(page, zh ? "手机号" : "Mobile phone").isEditable()).toBe(false);
        expect(await inputOf(page, zh ? "公司邮箱" : "Company e-mail").isEditable()).toBe(false);
        expect(await inputOf(page, zh ? "姓名" : "Name").isEditable()).toBe(true);
        await look(page, `${language}-${where}-admin-edit`);
        await v.close();
      }
    },
    JOURNEY_TIMEOUT_MS,
  );
});
