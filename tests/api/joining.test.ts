// Applying to join online (issue 32 item 3, decision 140): a worker proves
// their phone, sends a proof of employment checked by its bytes, applies with
// the fields marked for applications, and reads the application's state;
// duplicates of a member or of an open application are refused naming the
// field, also when two applications race; staff approve (the member is made
// and told to activate) or reject with a reason (the applicant is told), once.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { desc, eq } from "drizzle-orm";
import { countries, membershipApplications, outbox, properties, propertyOptions, userValues, users } from "../../src/db/schema";
import { USER_STATE } from "../../src/protocol/enumerations";
import type { ApiClient } from "../../src/protocol/client";
import { startTestApp, type TestApp } from "../helpers/app";
import { lastCode } from "../helpers/codes";

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
}, 60_000);
afterEach(async () => {
  t.clock.reset();
  await t.close();
});

type Answer = { message: { code: string; params?: Record<string, unknown> } } & Record<string, any>;

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 1, 2, 3, 4]);
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");

let phones = 0;
const newPhone = () => `1371234${String(++phones).padStart(4, "0")}`;

/** A session that proved `phone` with its code. */
async function proven(phone: string, c: ApiClient = t.client()) {
  expect((await c.call<Answer>("/join/sms/send", { phone })).message.code).toBe("SUCCESS");
  const verified = await c.call<Answer>("/join/verify", { phone, code: (await lastCode(t, phone))! });
  expect(verified.message.code).toBe("SUCCESS");
  return { c, verified };
}

/** The form's fields filled as a Chinese applicant would: name, gender, department and its team. */
async function filled(c: ApiClient, name = "申请人") {
  const form = await c.call<Answer>("/join/form", {});
  const byTitle = (title: string) => form.properties.find((p: any) => p.titleEn === title);
  const gender = byTitle("Gender");
  const department = byTitle("Department");
  const team = byTitle("Team");
  const [china] = await t.db.select().from(countries).where(eq(countries.nameEn, "China"));
  const rd = department.options.find((o: any) => o.value === "rd");
  const mobile = team.options.find((o: any) => o.value === "rd-mobile");
  return {
    form,
    nationality: china!.id,
    values: [
      { property: { id: byTitle("Name").id }, value: name },
      { property: { id: gender.id }, option: { id: gender.options[0].id }, value: gender.options[0].value },
      { property: { id: department.id }, option: { id: rd.id }, value: "rd" },
      { property: { id: team.id }, option: { id: mobile.id }, value: "rd-mobile" },
    ],
  };
}

async function apply(phone: string, over: Record<string, unknown> = {}) {
  const { c } = await proven(phone);
  const proof = await c.upload<Answer>("/join/proof", new Blob([PNG]), "badge.png");
  expect(proof.message.code).toBe("SUCCESS");
  const { nationality, values } = await filled(c);
  const employees = `ap${phone.slice(-6)}`;
  const answer = await c.call<Answer>("/join/submit", { phone, employees, mail: `${employees}@union.example.com`, nationality, values, proof: proof.key, ...over });
  return { c, answer, employees, proof };
}

describe("applying", () => {
  test("a worker proves their phone, sends a proof, applies with the application's fields, and reads the state with its number", async () => {
    const phone = newPhone();
    const c = t.client();
    // The form: the name and the fields marked for applications, never the contacts or the identity numbers.
    const form = await c.call<Answer>("/join/form", {});
    expect(form.properties.map((p: any) => p.titleEn)).toEqual(["Name", "Gender", "Department", "Team"]);
    expect(form.proof).toEqual({ maxBytes: 5 * 1024 * 1024, types: ["png", "jpeg", "pdf"] });
    // Nothing before the phone is proven: no file kept, no application, no state.
    expect((await c.upload<Answer>("/join/proof", new Blob([PNG]), "badge.png")).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "phone", reason: "unproven" } });
    expect((await c.call<Answer>("/join/status", {})).message.params).toMatchObject({ field: "phone", reason: "unproven" });
    // A wrong code is counted; the right one proves the phone for this session.
    expect((await c.call<Answer>("/join/sms/send", { phone })).message.code).toBe("SUCCESS");
    expect((await c.call<Answer>("/join/sms/send", { phone })).message.code).toBe("ERROR_OFTEN");
    expect((await c.call<Answer>("/join/verify", { phone, code: "000000" === (await lastCode(t, phone)) ? "111111" : "000000" })).message.code).toBe("ERROR_RANDOM");
    const verified = await c.call<Answer>("/join/verify", { phone, code: (await lastCode(t, phone))! });
    expect(verified).toMatchObject({ phone, application: null });

    // The proof is read from its bytes: a PDF or an image; a text renamed .png is not.
    expect((await c.upload<Answer>("/join/proof", new Blob([new TextEncoder().encode("not a picture")]), "fake.png")).message.params).toMatchObject({ reason: "type" });
    expect((await c.upload<Answer>("/join/proof", new Blob([new Uint8Array(5 * 1024 * 1024 + 1)]), "big.png")).message.code).toBe("ERROR_PARAMS");
    const proof = await c.upload<Answer>("/join/proof", new Blob([PDF]), "contract.pdf");
    expect(proof).toMatchObject({ type: "application/pdf", name: "contract.pdf" });

    const { nationality, values } = await filled(c, "赵申请");
    // A field the form asks, left out: named.
    const missing = await c.call<Answer>("/join/submit", { phone, employees: "ap000001", nationality, values: values.slice(0, 1), proof: proof.key });
    expect(missing.message.code).toBe("ERROR_PARAMS");
    expect(missing.message.params?.property).toBeDefined();
    expect((await c.call<Answer>("/join/submit", { phone, employees: "ap 1;", nationality, values, proof: proof.key })).message.params).toMatchObject({ field: "employees" });
    expect((await c.call<Answer>("/join/submit", { phone: newPhone(), employees: "ap000001", nationality, values, proof: proof.key })).message.params).toMatchObject({ field: "phone", reason: "unproven" });

    const submitted = await c.call<Answer>("/join/submit", { phone, employees: "ap000001", mail: "Zhao.Apply@Union.example.com", nationality, values, proof: proof.key, language: 901 });
    expect(submitted).toMatchObject({ message: { code: "SUCCESS" }, state: "pending" });
    const [row] = await t.db.select().from(membershipApplications).where(eq(membershipApplications.id, submitted.id));
    expect(row).toMatchObject({ phone, employees: "ap000001", mail: "zhao.apply@union.example.com", name: "赵申请", proofType: "application/pdf", state: "pending" });
    expect((await c.call<Answer>("/join/status", {})).application).toMatchObject({ id: submitted.id, state: "pending", reason: null });
    // Another device proves the same phone (after the cool-down) and sees the same application.
    t.clock.advance(300_000);
    const { verified: elsewhere } = await proven(phone, t.client());
    expect(elsewhere.application).toMatchObject({ id: submitted.id, state: "pending" });
  });

  test("duplicates: a member's phone, employee number or e-mail, or an open application's, are refused naming the field; two at once, one", async () => {
    const member = { phone: "13800000001", employees: "cn000001", mail: "cn000001@union.example.com" };
    expect((await apply(member.phone)).answer.message).toMatchObject({ code: "ERROR_JOIN_DUPLICATE", params: { field: "phone" } });
    expect((await apply(newPhone(), { employees: member.employees })).answer.message).toMatchObject({ code: "ERROR_JOIN_DUPLICATE", params: { field: "employees" } });
    expect((await apply(newPhone(), { mail: member.mail })).answer.message).toMatchObject({ code: "ERROR_JOIN_DUPLICATE", params: { field: "mail" } });
    const first = await apply(newPhone());
    expect(first.answer.message.code).toBe("SUCCESS");
    expect((await apply(newPhone(), { employees: first.employees })).answer.message).toMatchObject({ code: "ERROR_JOIN_OPEN", params: { field: "employees" } });

    // Two devices of one worker submit at the same moment: one application.
    const phone = newPhone();
    const a = await proven(phone);
    t.clock.advance(300_000); // the phone's cool-down between two codes
    const b = await proven(phone, t.client());
    const proofA = await a.c.upload<Answer>("/join/proof", new Blob([PNG]), "a.png");
    const form = await filled(a.c);
    const body = { phone, employees: "ap777777", nationality: form.nationality, values: form.values, proof: proofA.key };
    const answers = await Promise.all([a.c.call<Answer>("/join/submit", body), b.c.call<Answer>("/join/submit", body)]);
    expect(answers.map((x) => x.message.code).sort()).toEqual(["ERROR_JOIN_OPEN", "SUCCESS"]);
    expect((await t.db.select().from(membershipApplications).where(eq(membershipApplications.phone, phone))).length).toBe(1);
  });
});

describe("review", () => {
  test("approving makes the member with the application's values, registered to activate, and tells them; deciding twice is refused", async () => {
    const phone = newPhone();
    const { answer, employees, c } = await apply(phone);
    const officer = await t.as("cn000003");
    const list = await officer.call<Answer>("/join/list", {});
    expect(list.list[0]).toMatchObject({ id: answer.id, employees, state: "pending", phone: expect.stringMatching(/^\d{3}\*{4}\d{4}$/) });
    const detail = await officer.call<Answer>("/join/detail", { id: answer.id });
    expect(detail.values.map((v: any) => v.property.titleEn)).toEqual(["Name", "Gender", "Department", "Team"]);
    expect(detail.values[2].option.textEn).toBe("Research and Development");
    const proof = await officer.download(`/join/proof/get`, { id: String(answer.id) });
    if (!("file" in proof)) throw new Error(JSON.stringify(proof.answer));
    expect(proof.file.size).toBe(PNG.length);

    const approved = await officer.call<Answer>("/join/approve", { id: answer.id });
    expect(approved.message.code).toBe("SUCCESS");
    const [member] = await t.db.select().from(users).where(eq(users.id, approved.member));
    expect(member).toMatchObject({ phone, employees, state: USER_STATE.USER_STATE_REGISTERED });
    const values = await t.db.select({ title: properties.titleEn, value: userValues.value }).from(userValues).innerJoin(properties, eq(properties.id, userValues.propertyId)).where(eq(userValues.userId, member!.id));
    expect(Object.fromEntries(values.map((v) => [v.title, v.value]))).toMatchObject({ Name: "申请人", Department: "rd", Team: "rd-mobile", "Employee ID": employees, "Mobile phone": phone });
    const [told] = await t.db.select().from(outbox).where(eq(outbox.to, phone)).orderBy(desc(outbox.id)).limit(1);
    expect(told!.text).toContain(`入会申请（编号 ${answer.id}）已通过`);
    expect((await c.call<Answer>("/join/status", {})).application).toMatchObject({ id: answer.id, state: "approved" });
    expect((await officer.call<Answer>("/join/approve", { id: answer.id })).message.code).toBe("ERROR_JOIN_DECIDED");
    expect((await officer.call<Answer>("/join/reject", { id: answer.id, reason: "late" })).message.code).toBe("ERROR_JOIN_DECIDED");
    // The worker activates as any registered member does.
    const a = t.client();
    expect((await a.call<Answer>("/active/sms/send", { phone })).message.code).toBe("SUCCESS");
    expect((await a.call<Answer>("/active/login", { phone, auth: (await lastCode(t, phone))! })).message.code).toBe("SUCCESS");
  });

  test("rejecting needs a reason, which the applicant is told and reads; they may apply again; two officers at once decide once; a member cannot review", async () => {
    const phone = newPhone();
    const { answer, c } = await apply(phone);
    const officer = await t.as("cn000003");
    const admin = await t.as("cn000001");
    expect((await officer.call<Answer>("/join/reject", { id: answer.id, reason: "   " })).message.params).toMatchObject({ field: "reason" });
    const both = await Promise.all([officer.call<Answer>("/join/reject", { id: answer.id, reason: "请上传加盖公章的在职证明" }), admin.call<Answer>("/join/approve", { id: answer.id })]);
    expect(both.map((x) => x.message.code).sort()).toEqual(["ERROR_JOIN_DECIDED", "SUCCESS"]);
    const [row] = await t.db.select().from(membershipApplications).where(eq(membershipApplications.id, answer.id));
    if (row!.state === "rejected") {
      expect((await c.call<Answer>("/join/status", {})).application).toMatchObject({ state: "rejected", reason: "请上传加盖公章的在职证明" });
      const [told] = await t.db.select().from(outbox).where(eq(outbox.to, phone)).orderBy(desc(outbox.id)).limit(1);
      expect(told!.text).toContain("原因：请上传加盖公章的在职证明");
      // A rejected application is closed: the worker may apply again (a new code after the cool-down).
      t.clock.advance(300_000);
      const again = await apply(phone);
      expect(again.answer.message.code).toBe("SUCCESS");
    } else expect((await t.db.select().from(users).where(eq(users.phone, phone))).length).toBe(1);
    const member = await t.as("cn100001");
    expect((await member.call<Answer>("/join/list", {})).message.code).toBe("ERROR_NOT_POWER");
    expect((await member.call<Answer>("/join/approve", { id: answer.id })).message.code).toBe("ERROR_NOT_POWER");
    const logged = await t.db.execute((await import("drizzle-orm")).sql`select action from operation_log where action like 'join.%' order by id`);
    const actions = (((logged as any).rows ?? logged) as { action: string }[]).map((r) => r.action);
    expect(actions).toContain("join.submit");
    expect(actions.some((a) => a === "join.reject" || a === "join.approve")).toBe(true);
  });
});

void propertyOptions;
