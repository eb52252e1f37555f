// Reset, password, phone and e-mail changes through the real protocol (docs/api-account.md "Reset and security").
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { operationLog, properties, propertyLog, users } from "../../src/db/schema";
import { PROPERTY_PURPOSE, USER_STATE } from "../../src/protocol/enumerations";
import { md5, startTestApp, type TestApp } from "../helpers/app";
import { lastCode, outboxCount, registeredMember, valueOf } from "../helpers/codes";

let t: TestApp;
beforeAll(async () => {
  // Every request here comes from one (unknown) address: lift the per-address send cap, tested in outbox.test.ts.
  t = await startTestApp({ CODE_SENDS_PER_ADDRESS: "100000" });
}, 60_000);
afterAll(() => t.close());
// Each test starts from START, whichever ran before it and moved the clock.
afterEach(() => t?.clock.reset());

type User = { id: number; phone: string | null; mail: string | null };
const wrongFor = (code: string) => (code === "000000" ? "111111" : "000000");

/** An active member with a known password, made for one test so tests do not share cool-downs. */
async function activeMember(password = "Union2026demo") {
  const row = await registeredMember(t, { state: USER_STATE.USER_STATE_ACTIVE });
  await t.db.update(users).set({ passwordHash: await Bun.password.hash(md5(password), { algorithm: "argon2id" }) }).where(eq(users.id, row.id));
  const c = t.client();
  expect((await t.signIn(c, row.employees!, password)).message.code).toBe("SUCCESS");
  return { row, c };
}

const propertyFor = async (purpose: number) => (await t.db.select().from(properties).where(eq(properties.purpose, purpose)))[0]!.id;

describe("reset a forgotten password", () => {
  test("a code to the phone on file sets a new password and signs out the member's sessions", async () => {
    const { row, c: signedIn } = await activeMember();
    const c = t.client();
    expect(await c.call("/user/reset/send", { phone: row.phone })).toMatchObject({ seconds: 300, target: row.phone });
    const reset = await c.call("/user/reset/password", { phone: row.phone, auth: (await lastCode(t, row.phone!))!, password: md5("Reset2026pass") });
    expect(reset.message.code).toBe("SUCCESS");
    expect((await signedIn.call("/user/reload")).message.code).toBe("ERROR_LOGIN_CODE");
    expect((await t.signIn(t.client(), row.employees!, "Union2026demo")).message.code).toBe("ERROR_PASSWORD");
    expect((await t.signIn(t.client(), row.employees!, "Reset2026pass")).message.code).toBe("SUCCESS");
    const logs = await t.db.select().from(operationLog).where(and(eq(operationLog.targetUserId, row.id), eq(operationLog.action, "security.reset")));
    expect(logs.length).toBe(1);
  });

  test("only an active member's phone gets a reset code", async () => {
    const c = t.client();
    expect((await c.call("/user/reset/send", { phone: "13999999999" })).message.code).toBe("ERROR_NOT_USER");
    expect((await c.call("/user/reset/send", { phone: "13900000003" })).message.code).toBe("ERROR_NOT_USER");
    expect((await c.call("/user/reset/send", { phone: "13900000004" })).message.code).toBe("ERROR_LEAVE");
    expect((await c.call("/user/reset/send", { phone: "12345" })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "phone" } });
    expect(await outboxCount(t, "13900000003")).toBe(0);
  });

  test("wrong, expired and replayed codes, and the cool-down", async () => {
    const { row } = await activeMember();
    const c = t.client();
    const body = (auth: string) => ({ phone: row.phone, auth, password: md5("Reset2026pass") });
    expect((await c.call("/user/reset/password", body("123456"))).message).toMatchObject({ code: "ERROR_RESULT_NULL", params: { cooling: false } });
    await c.call("/user/reset/send", { phone: row.phone });
    expect((await c.call("/user/reset/send", { phone: row.phone })).message.code).toBe("ERROR_OFTEN");
    const code = (await lastCode(t, row.phone!))!;
    expect((await c.call("/user/reset/password", body(wrongFor(code)))).message.code).toBe("ERROR_RANDOM");
    expect((await c.call("/user/reset/password", { ...body(code), phone: "13900000001" })).message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "phone-mismatch" } });
    t.clock.advance(121_000);
    expect((await c.call("/user/reset/password", body(code))).message).toMatchObject({ code: "ERROR_RESULT_NULL", params: { cooling: true } });
    t.clock.advance(180_000);
    await c.call("/user/reset/send", { phone: row.phone });
    const fresh = (await lastCode(t, row.phone!))!;
    expect((await c.call("/user/reset/password", body(fresh))).message.code).toBe("SUCCESS");
    expect((await c.call("/user/reset/password", body(fresh))).message.code).toBe("ERROR_RESULT_NULL");
  });

  test("a password that is not an MD5 is refused", async () => {
    const answer = await t.client().call("/user/reset/password", { phone: "13900000001", auth: "123456", password: "plain-text" });
    expect(answer.message.code).toBe("ERROR_PARAMS");
  });
});

describe("change password", () => {
  test("a code to the member's own phone changes the password", async () => {
    const { row, c } = await activeMember();
    expect(await c.call("/user/password/send")).toMatchObject({ seconds: 300, target: row.phone });
    const code = (await lastCode(t, row.phone!))!;
    expect((await c.call("/user/password/update", { auth: wrongFor(code), password: md5("Changed2026x") })).message.code).toBe("ERROR_RANDOM");
    expect((await c.call("/user/password/update", { auth: code, password: md5("Changed2026x") })).message.code).toBe("SUCCESS");
    expect((await t.signIn(t.client(), row.employees!, "Changed2026x")).message.code).toBe("SUCCESS");
    expect((await c.call("/user/password/update", { auth: code, password: md5("Again2026xx") })).message.code).toBe("ERROR_RESULT_NULL");
  });

  test("a code for a reset does not change the password of a signed-in member", async () => {
    const { row, c } = await activeMember();
    await c.call("/user/reset/send", { phone: row.phone });
    const answer = await c.call("/user/password/update", { auth: (await lastCode(t, row.phone!))!, password: md5("Changed2026x") });
    expect(answer.message).toMatchObject({ code: "ERROR_RESULT_NULL" });
  });

  test("nobody signed in is refused", async () => {
    expect((await t.client().call("/user/password/send")).message.code).toBe("ERROR_LOGIN_CODE");
  });
});

describe("change phone", () => {
  test("a proven new phone replaces the old one, its profile value too, with operation and property logs", async () => {
    const { row, c } = await activeMember();
    const phoneProperty = await propertyFor(PROPERTY_PURPOSE.PROPERTY_PURPOSE_PHONE);
    expect(await c.call("/user/check/send", { phone: "13655556666" })).toMatchObject({ seconds: 300, target: "13655556666" });
    const answer = await c.call<{ user: User }>("/user/phone/update", { auth: (await lastCode(t, "13655556666"))!, phone: "13655556666", old: row.phone });
    expect(answer.message.code).toBe("SUCCESS");
    expect(answer.user!.phone).toBe("13655556666");
    expect((await valueOf(t, row.id, phoneProperty))!.value).toBe("13655556666");
    const [op] = await t.db.select().from(operationLog).where(and(eq(operationLog.targetUserId, row.id), eq(operationLog.action, "security.phone")));
    const [log] = await t.db.select().from(propertyLog).where(eq(propertyLog.operationLogId, op!.id));
    expect(log).toMatchObject({ userId: row.id, propertyId: phoneProperty, newValue: "13655556666" });
    expect((await t.signIn(t.client(), "13655556666")).message.code).toBe("SUCCESS");
  });

  test("sending to the member's own phone is ERROR_PARAMS, to another member's ERROR_RENAME, and sends nothing", async () => {
    const { row, c } = await activeMember();
    const before = await outboxCount(t);
    expect((await c.call("/user/check/send", { phone: row.phone })).message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "same" } });
    expect((await c.call("/user/check/send", { phone: "13900000002" })).message).toMatchObject({ code: "ERROR_RENAME", params: { field: "phone" } });
    expect((await c.call("/user/check/send", { phone: "1365555" })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "phone" } });
    expect(await outboxCount(t)).toBe(before);
  });

  test("the old phone must be the one on file and the new one must differ", async () => {
    const { row, c } = await activeMember();
    await c.call("/user/check/send", { phone: "13677778888" });
    const code = (await lastCode(t, "13677778888"))!;
    expect((await c.call("/user/phone/update", { auth: code, phone: "13677778888", old: "13900000001" })).message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "old" } });
    expect((await c.call("/user/phone/update", { auth: code, phone: row.phone, old: row.phone })).message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "same" } });
    expect((await c.call("/user/phone/update", { auth: wrongFor(code), phone: "13677778888", old: row.phone })).message.code).toBe("ERROR_RANDOM");
    expect((await c.call("/user/phone/update", { auth: code, phone: "13677779999", old: row.phone })).message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "phone-mismatch" } });
    t.clock.advance(121_000);
    expect((await c.call("/user/phone/update", { auth: code, phone: "13677778888", old: row.phone })).message).toMatchObject({ code: "ERROR_RESULT_NULL", params: { cooling: true } });
    expect((await c.call("/user/check/send", { phone: "13677778888" })).message.code).toBe("ERROR_OFTEN");
  });

  test("a phone another member took after the code was sent is ERROR_RENAME, and the code stays usable", async () => {
    const { row, c } = await activeMember();
    const other = await registeredMember(t);
    await c.call("/user/check/send", { phone: "13688889999" });
    const code = (await lastCode(t, "13688889999"))!;
    await t.db.update(users).set({ phone: "13688889999" }).where(eq(users.id, other.id));
    expect((await c.call("/user/phone/update", { auth: code, phone: "13688889999", old: row.phone })).message.code).toBe("ERROR_RENAME");
    await t.db.update(users).set({ phone: null }).where(eq(users.id, other.id));
    expect((await c.call("/user/phone/update", { auth: code, phone: "13688889999", old: row.phone })).message.code).toBe("SUCCESS");
  });
});

describe("change e-mail", () => {
  test("a proven new e-mail replaces the old one and its profile value", async () => {
    const { row, c } = await activeMember();
    const mailProperty = await propertyFor(PROPERTY_PURPOSE.PROPERTY_PURPOSE_MAIL);
    expect(await c.call("/user/mail/send", { mail: "New.Box@Union.example.com" })).toMatchObject({ seconds: 300, target: "new.box@union.example.com" });
    const code = (await lastCode(t, "new.box@union.example.com"))!;
    const answer = await c.call<{ user: User }>("/user/mail/update", { auth: code, mail: "new.box@union.example.com", old: row.mail!.toUpperCase() });
    expect(answer.message.code).toBe("SUCCESS");
    expect(answer.user!.mail).toBe("new.box@union.example.com");
    expect((await valueOf(t, row.id, mailProperty))!.value).toBe("new.box@union.example.com");
  });

  test("each refusal of the e-mail change", async () => {
    const { row, c } = await activeMember();
    expect((await c.call("/user/mail/send", { mail: row.mail })).message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "same" } });
    expect((await c.call("/user/mail/send", { mail: "cn100002@union.example.com" })).message).toMatchObject({ code: "ERROR_RENAME", params: { field: "mail" } });
    expect((await c.call("/user/mail/send", { mail: "no-at-sign" })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "mail" } });
    await c.call("/user/mail/send", { mail: "mine@example.org" });
    const code = (await lastCode(t, "mine@example.org"))!;
    expect((await c.call("/user/mail/update", { auth: code, mail: "mine@example.org", old: "someone@example.org" })).message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "old" } });
    expect((await c.call("/user/mail/update", { auth: code, mail: "other@example.org", old: row.mail })).message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "mail-mismatch" } });
    expect((await c.call("/user/mail/update", { auth: wrongFor(code), mail: "mine@example.org", old: row.mail })).message.code).toBe("ERROR_RANDOM");
    expect((await c.call("/user/mail/update", { auth: code, mail: "mine@example.org", old: row.mail })).message.code).toBe("SUCCESS");
    expect((await c.call("/user/mail/update", { auth: code, mail: "mine@example.org", old: "mine@example.org" })).message.code).toBe("ERROR_PARAMS");
  });

  test("a member with no e-mail on file gives an empty old value", async () => {
    const { row, c } = await activeMember();
    await t.db.update(users).set({ mail: null }).where(eq(users.id, row.id));
    await c.call("/user/mail/send", { mail: "first@example.org" });
    const answer = await c.call<{ user: User }>("/user/mail/update", { auth: (await lastCode(t, "first@example.org"))!, mail: "first@example.org", old: "" });
    expect(answer.user!.mail).toBe("first@example.org");
  });
});
