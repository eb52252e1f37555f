// Issue 32 item 3, applying to join online, as people live it: a worker who
// is not a member follows "Apply to join" from the sign-in page, proves their
// phone with a code (read from the outbox as staff would), fills in the form
// (the name and the fields marked for applications, employee number, e-mail,
// nationality) and sends a proof of employment, and gets the application's
// number; a second worker applies through the API. The operator opens
// Membership applications from member management, reads the application with
// its answers, downloads the proof, approves one and rejects the other with
// a reason; the list refreshes. The worker comes back and reads the outcome:
// approved (and is sent to activate) or rejected with the reason (and may
// apply again). Refusals are named at their field: a file too big (in the
// browser) and an employee number a member already has (by the server). In
// Chinese and in English, at a desk and at 375 px, one journey per screen.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import type { Page } from "playwright-core";
import { nodeBackend } from "../../src/http/crypto-node";
import { ApiClient } from "../../src/protocol/client";
import { outboxReader } from "../helpers/outbox";
import {
  type Answer,
  FOUR_SCREENS,
  SETUP_TIMEOUT_MS,
  type World,
  accessible,
  chooseLanguage,
  messageText,
  openLogin,
  pressOk,
  settledShot,
  enter,
  startWorld,
  stopWorld,
  test,
  visitor,
} from "./support";

const JOURNEY_TIMEOUT_MS = 120_000;

/** A PNG's signature and header: the server reads the kind from the bytes. */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");

let world: World;
let readCode: (to: string) => Promise<string>;
beforeAll(async () => {
  world = await startWorld();
  readCode = await outboxReader(world.server.url);
}, SETUP_TIMEOUT_MS);
afterAll(() => stopWorld(world));

const TEXT = {
  zh: {
    ok: "确定" as const,
    title: "申请入会",
    checkTitle: "查询入会申请",
    name: "姓名",
    male: "男",
    department: "部门",
    team: "科室",
    rd: "研发部",
    mobile: "移动组",
    nationality: "国籍",
    china: "中国",
    tooBig: "文件不能超过 5 MB",
    duplicate: "已有会员使用此员工号，无需申请入会：请直接在登录页激活账号。",
    none: "此手机号还没有入会申请。",
    pending: "审核中",
    approved: "已通过",
    rejected: "未通过",
    approvedDone: "已通过。会员账号已创建，申请人会收到激活通知。",
    rejectedDone: "已标记为不通过，申请人会收到通知。",
    reasonMissing: "请填写未通过原因（200 字以内）",
    reason: "请上传加盖公章的在职证明",
    all: "全部",
    activation: "激活账号",
  },
  en: {
    ok: "OK" as const,
    title: "Apply to join the union",
    checkTitle: "Check my application",
    name: "Name",
    male: "Male",
    department: "Department",
    team: "Team",
    rd: "Research and Development",
    mobile: "Mobile",
    nationality: "Nationality",
    china: "China",
    tooBig: "The file must be at most 5 MB",
    duplicate: "A member already has this employee number: there is no need to apply. Activate your account from the sign-in page instead.",
    none: "This phone number has no application yet.",
    pending: "Waiting for review",
    approved: "Approved",
    rejected: "Not approved",
    approvedDone: "Approved. The member's account is made and the applicant is told to activate it.",
    rejectedDone: "Rejected. The applicant is told, with the reason.",
    reasonMissing: "Please give the reason (at most 200 characters)",
    reason: "Please upload an employment letter with the company's seal",
    all: "All",
    activation: "Activate your account",
  },
};

/** A second worker's application, sent as another device would: prove the phone, send a proof, apply. */
async function applyThroughApi(phone: string, employees: string, name: string): Promise<number> {
  const c = new ApiClient({ baseUrl: world.server.url, backend: nodeBackend, appId: "union-portal-cli" });
  expect((await c.call<Answer>("/join/sms/send", { phone })).message.code).toBe("SUCCESS");
  expect((await c.call<Answer>("/join/verify", { phone, code: await readCode(phone) })).message.code).toBe("SUCCESS");
  const proof = await c.upload<Answer>("/join/proof", new Blob([PDF]), "contract.pdf");
  expect(proof.message.code).toBe("SUCCESS");
  const form = await c.call<Answer>("/join/form", {});
  const byTitle = (title: string) => form.properties.find((p: Answer) => p.titleEn === title);
  const gender = byTitle("Gender");
  const department = byTitle("Department");
  const team = byTitle("Team");
  const rd = department.options.find((o: Answer) => o.value === "rd");
  const mobile = team.options.find((o: Answer) => o.value === "rd-mobile");
  const countries = await c.call<Answer>("/user/countries", {});
  const china = countries.list.find((x: Answer) => x.nameEn === "China");
  const answer = await c.call<Answer>("/join/submit", {
    phone,
    employees,
    nationality: china.id,
    proof: proof.key,
    language: 902,
    values: [
      { property: { id: byTitle("Name").id }, value: name },
      { property: { id: gender.id }, option: { id: gender.options[1].id }, value: gender.options[1].value },
      { property: { id: department.id }, option: { id: rd.id }, value: "rd" },
      { property: { id: team.id }, option: { id: mobile.id }, value: "rd-mobile" },
    ],
  });
  expect(answer.message.code).toBe("SUCCESS");
  return answer.id as number;
}

/** The form's profile fields, filled as a worker would (a required field's label ends with its * mark). */
async function fillProfile(page: Page, text: (typeof TEXT)["zh" | "en"], name: string) {
  const field = (label: string) => page.locator("[data-testid=join-form]").getByLabel(new RegExp(`^${label}\\*?$`));
  await field(text.name).fill(name);
  await page.getByRole("radio", { name: text.male, exact: true }).check();
  await field(text.department).selectOption({ label: text.rd });
  await field(text.team).selectOption({ label: text.mobile });
  await field(text.nationality).selectOption({ label: text.china });
}

/** Opens an application of the staff list by its number and waits for its window. */
async function openApplication(page: Page, id: number) {
  await page.locator("[data-testid=open-application]", { hasText: new RegExp(`^${id}$`) }).click();
  await page.waitForSelector(`[data-testid=application-detail]`);
}

describe("applying to join", () => {
  for (const [index, { language, size, viewport }] of FOUR_SCREENS.entries()) {
    const text = TEXT[language];
    const shotName = (step: string) => `joining/${step}-${language}-${size}`;
    // Even screens: the worker's application is approved (and the API's rejected); odd ones the other way round.
    const approveFirst = index % 2 === 0;
    const phone = `137130${index}0001`;
    const otherPhone = `137130${index}0002`;
    const employees = `jn${index}a01`;
    const name = language === "zh" ? `申请人${index}` : `Applicant ${index}`;

    test(`a worker applies from the sign-in page, the operator decides, and the worker reads the outcome, in ${language} on a ${size}`, async () => {
      const { page, close } = await visitor(world, { viewport });
      await openLogin(page, world);
      await chooseLanguage(page, language);
      await page.locator("[data-testid=join-link]").scrollIntoViewIfNeeded();
      await settledShot(page, shotName("sign-in"));
      await page.click("[data-testid=join-link]");
      await page.waitForSelector("[data-testid=join-phone-step]");
      expect(new URL(page.url()).pathname).toBe("/join");
      expect(await page.textContent("main h1")).toBe(text.title);
      await accessible(page, "join phone step");
      await settledShot(page, shotName("phone"));
      // Odd screens come in by "Check my application": the phone has none yet, and "Apply now" opens the form.
      if (!approveFirst) {
        await page.click("[data-testid=join-switch]");
        await page.waitForFunction((title) => document.querySelector("main h1")?.textContent === title, text.checkTitle);
      }

      await page.fill("#join-phone", phone);
      await page.click("[data-testid=send-code]");
      await page.waitForSelector("[data-testid=send-code]:disabled");
      await page.fill("#join-code", await readCode(phone));
      await page.click("[data-testid=join-verify]");
      if (!approveFirst) {
        await page.waitForSelector("[data-testid=application-status][data-state=none]");
        expect(await page.textContent("[data-testid=application-status] .join-status-note")).toBe(text.none);
        await accessible(page, "join check: none");
        await page.click("[data-testid=apply-now]");
      }
      await page.waitForSelector("[data-testid=join-form]");
      expect(await page.inputValue("#join-phone")).toBe(phone);

      await fillProfile(page, text, name);
      // The first screen tries an employee number a member has: named by the server, with the way to activate.
      await page.fill("#join-employees", index === 0 ? "cn100001" : employees);
      if (index % 2 === 0) await page.fill("#join-mail", `${employees}@example.com`);
      // A file over the server's limit is refused in the browser, before it is sent.
      if (index === 0) {
        await page.setInputFiles("[data-testid=join-proof-file]", { name: "scan.png", mimeType: "image/png", buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
        expect(await page.textContent("#join-proof-error")).toBe(text.tooBig);
        expect(await page.$("[data-testid=join-proof-chosen]")).toBeNull();
      }
      const file = approveFirst ? { name: "badge.png", mimeType: "image/png", buffer: PNG } : { name: "contract.pdf", mimeType: "application/pdf", buffer: PDF };
      await page.setInputFiles("[data-testid=join-proof-file]", file);
      await page.waitForSelector("[data-testid=join-proof-chosen][data-uploaded=true]");
      expect(await page.textContent("[data-testid=join-proof-chosen] .join-proof-name")).toBe(file.name);
      expect(await page.textContent("[data-testid=join-proof-chosen] .join-proof-size")).toBe(`${file.buffer.length} B`);
      expect(await page.$("#join-proof-error")).toBeNull();
      await accessible(page, "join form");
      await settledShot(page, shotName("form"));

      if (index === 0) {
        await page.click("[data-testid=join-submit]");
        await page.waitForSelector("#join-employees-error");
        expect(await page.textContent("#join-employees-error span")).toBe(text.duplicate);
        expect(await page.getAttribute("#join-employees", "aria-invalid")).toBe("true");
        expect(await page.getAttribute("#join-employees-error [data-testid=join-activate]", "href")).toBe("/?activate=1");
        expect(await page.evaluate(() => document.activeElement?.id)).toBe("join-employees");
        await accessible(page, "join refused");
        await settledShot(page, shotName("form-duplicate"));
        await page.fill("#join-employees", employees);
        expect(await page.$("#join-employees-error")).toBeNull();
      }
      await page.click("[data-testid=join-submit]");
      await page.waitForSelector("[data-testid=join-done]");
      const mine = Number(await page.textContent("[data-testid=join-done] [data-testid=application-number]"));
      expect(mine).toBeGreaterThan(0);
      await accessible(page, "join done");
      await settledShot(page, shotName("done"));

      const theirs = await applyThroughApi(otherPhone, `jn${index}b01`, `Other ${index}`);

      // The operator: member management -> Membership applications, both waiting.
      const staff = await visitor(world, { viewport });
      const s = staff.page;
      await enter(s, world, "cn000003", { language });
      await s.goto(`${world.server.url}/operation/user`);
      await s.click("[data-testid=open-applications]");
      await s.waitForSelector("[data-testid=applications]");
      expect(new URL(s.url()).pathname).toBe("/operation/applications");
      for (const id of [mine, theirs]) await s.locator("[data-testid=open-application]", { hasText: new RegExp(`^${id}$`) }).waitFor();
      const row = s.locator("[data-testid=application-row]", { has: s.locator("[data-testid=open-application]", { hasText: new RegExp(`^${mine}$`) }) });
      expect(await row.locator("[data-testid=application-state]").textContent()).toBe(text.pending);
      expect(await row.textContent()).toContain("137****");
      await accessible(s, "applications list");
      await settledShot(s, shotName("staff-list"));

      await openApplication(s, mine);
      expect(await s.textContent("[data-testid=application-answers]")).toContain(text.rd);
      expect(await s.textContent("[data-testid=application-answers]")).toContain(name);
      expect(await s.textContent("[data-testid=application-proof-name]")).toBe(file.name);
      const [download] = await Promise.all([s.waitForEvent("download"), s.click("[data-testid=application-proof]")]);
      expect(download.suggestedFilename()).toBe(`application-${mine}-proof.${approveFirst ? "png" : "pdf"}`);
      await accessible(s, "application window");
      await settledShot(s, shotName("staff-detail"));

      const approve = async () => {
        await s.click("[data-testid=application-approve]");
        await s.waitForSelector("[role=alertdialog]");
        await s.click(`[role=alertdialog] .button-primary`);
        expect(await messageText(s)).toBe(text.approvedDone);
        await pressOk(s, text.ok);
      };
      const reject = async (shoot: boolean) => {
        await s.click("[data-testid=application-reject]");
        await s.waitForSelector("[data-testid=application-reject-form]");
        // The reason is required.
        await s.click("[role=dialog] button[type=submit]");
        expect(await s.textContent("#application-reject-reason-error")).toBe(text.reasonMissing);
        await s.fill("#application-reject-reason", text.reason);
        if (shoot) {
          await accessible(s, "reject window");
          await settledShot(s, shotName("staff-reject"));
        }
        await s.click("[role=dialog] button[type=submit]");
        expect(await messageText(s)).toBe(text.rejectedDone);
        await pressOk(s, text.ok);
      };
      if (approveFirst) await approve();
      else await reject(true);
      await s.waitForSelector("[data-testid=application-detail]", { state: "detached" });
      // The list refreshed: the decided application has left those waiting.
      await s.locator("[data-testid=open-application]", { hasText: new RegExp(`^${mine}$`) }).waitFor({ state: "detached" });
      await openApplication(s, theirs);
      if (approveFirst) await reject(false);
      else await approve();
      await s.locator("[data-testid=open-application]", { hasText: new RegExp(`^${theirs}$`) }).waitFor({ state: "detached" });

      // All of them: both decided, each with its state.
      await s.click(`#applications-tab-all`);
      const stateOf = (id: number) =>
        s.locator("[data-testid=application-row]", { has: s.locator("[data-testid=open-application]", { hasText: new RegExp(`^${id}$`) }) }).locator("[data-testid=application-state]");
      await stateOf(mine).waitFor();
      expect(await stateOf(mine).textContent()).toBe(approveFirst ? text.approved : text.rejected);
      expect(await stateOf(theirs).textContent()).toBe(approveFirst ? text.rejected : text.approved);
      await accessible(s, "applications, all");
      await settledShot(s, shotName("staff-all"));
      await staff.close();

      // The worker comes back within the half hour the phone stays proven: the application's state at once.
      await page.click("[data-testid=join-back]");
      await page.waitForSelector("[data-testid=join-link]");
      await page.click("[data-testid=join-link]");
      await page.waitForSelector("[data-testid=application-status]");
      expect(Number(await page.textContent("[data-testid=application-status] [data-testid=application-number]"))).toBe(mine);
      expect(await page.textContent("[data-testid=application-status] [data-testid=application-state]")).toBe(approveFirst ? text.approved : text.rejected);
      await accessible(page, "join status");
      await settledShot(page, shotName(approveFirst ? "status-approved" : "status-rejected"));
      if (approveFirst) {
        // Approved: on to the sign-in page's activation window.
        expect(await page.$("[data-testid=apply-again]")).toBeNull();
        await page.click("[data-testid=application-status] [data-testid=join-activate]");
        await page.waitForSelector("[role=dialog] #activation-phone");
        expect(await page.textContent("[role=dialog] h2")).toBe(text.activation);
      } else {
        // Rejected: the reason, and the form again.
        expect(await page.textContent("[data-testid=application-reason]")).toBe(text.reason);
        await page.click("[data-testid=apply-again]");
        await page.waitForSelector("[data-testid=join-form]");
        expect(await page.inputValue("#join-phone")).toBe(phone);
      }
      await close();
    }, JOURNEY_TIMEOUT_MS);
  }
});
