// Activation through the real protocol (spec 1 sections 2, 4 and 8; docs/api-account.md "Activation").
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { and, desc, eq } from "drizzle-orm";
import { createApp } from "../../src/app";
import { nodeBackend } from "../../src/http/crypto-node";
import { countries, operationLog, outbox, properties, propertyLog, privacyConsents, propertyOptions, users, verificationCodes } from "../../src/db/schema";
import { clearOldCodes } from "../../src/domains/shared/codes";
import { ApiClient, type SavedSession } from "../../src/protocol/client";
import { LANGUAGE, USER_STATE } from "../../src/protocol/enumerations";
import { md5, startTestApp, type TestApp } from "../helpers/app";
import { lastCode, outboxCount, registeredMember, valueOf } from "../helpers/codes";

let t: TestApp;
let m: TestApp;
beforeAll(async () => {
  // Every request here comes from one (unknown) address: lift the per-address send cap, tested in outbox.test.ts.
  [t, m] = await Promise.all([startTestApp({ CODE_SENDS_PER_ADDRESS: "100000" }), startTestApp({ ACTIVATION_MODE: "mail", CODE_SENDS_PER_ADDRESS: "100000" })]);
}, 90_000);
afterAll(async () => {
  await t.close();
  await m.close();
});
// Each test starts from START, whichever ran before it and moved the clock.
afterEach(() => {
  t?.clock.reset();
  m?.clock.reset();
});

const NEW_PASSWORD = "NewUnion2026x";
type User = { id: number; state: { id: number }; phone: string | null; mail: string | null; language: { id: number } | null; nationality: { id: number } | null };

async function ids(app: TestApp) {
  const props = await app.db.select().from(properties);
  const opts = await app.db.select().from(propertyOptions);
  const prop = (titleEn: string) => props.find((p) => p.titleEn === titleEn)!.id;
  const opt = (value: string) => opts.find((o) => o.value === value)!.id;
  const [china] = await app.db.select().from(countries).where(eq(countries.nameEn, "China"));
  const [uk] = await app.db.select().from(countries).where(eq(countries.nameEn, "United Kingdom"));
  return { prop, opt, china: china!.id, uk: uk!.id };
}

/** A complete, valid profile of a Chinese member. */
async function chineseProfile(app: TestApp, name = "新会员") {
  const { prop, opt, china } = await ids(app);
  return {
    nationality: china,
    values: [
      { property: { id: prop("Name") }, value: `  ${name}  ` },
      { property: { id: prop("Gender") }, option: { id: opt("1") }, value: "1" },
      { property: { id: prop("Date of birth") }, value: "1995-05-20" },
      { property: { id: prop("Department") }, option: { id: opt("rd") }, value: "rd" },
      { property: { id: prop("Team") }, option: { id: opt("rd-mobile") }, value: "rd-mobile" },
      { property: { id: prop("Ethnic group") }, option: { id: opt("han") }, value: "han" },
    ],
  };
}

/** Sends a phone code and proves it: the session now holds the activation grant. */
async function provePhone(app: TestApp, phone: string, c = app.client()) {
  expect((await c.call("/active/sms/send", { phone })).message.code).toBe("SUCCESS");
  const answer = await c.call<{ user: User }>("/active/login", { phone, auth: (await lastCode(app, phone))! });
  expect(answer.message.code).toBe("SUCCESS");
  return { c, user: answer.user! };
}

const stateOf = async (app: TestApp, id: number) => (await app.db.select().from(users).where(eq(users.id, id)))[0]!.state;

describe("activation by phone", () => {
  test("the server says which mode activation uses", async () => {
    expect((await t.client().call<{ mode: string }>("/active/mode")).mode).toBe("phone");
    expect((await m.client().call<{ mode: string }>("/active/mode")).mode).toBe("mail");
  });

  test("a registered member proves the phone, chooses a language, completes the profile and is signed in", async () => {
    const c = t.client();
    const send = await c.call<{ seconds: number; target: string }>("/active/sms/send", { phone: "13900000003" });
    expect(send.message.code).toBe("SUCCESS");
    expect(send).toMatchObject({ seconds: 300, target: "13900000003" });
    const [sms] = await t.db.select().from(outbox).where(eq(outbox.to, "13900000003")).orderBy(desc(outbox.id)).limit(1);
    expect(sms!.channel).toBe("sms");
    expect(sms!.text).toMatch(/^【工会】您的验证码是 \d{6}，2分钟内有效。\n\[Union\] Your verification code is \d{6}, valid for 2 minutes\.$/);

    const login = await c.call<{ user: User }>("/active/login", { phone: "13900000003", auth: (await lastCode(t, "13900000003"))! });
    expect(login.message.code).toBe("SUCCESS");
    const userId = login.user!.id;
    expect(login.user!.state.id).toBe(USER_STATE.USER_STATE_REGISTERED);
    // Proving the phone does not sign in yet.
    expect((await c.call("/user/reload")).message.code).toBe("ERROR_LOGIN_CODE");

    const lang = await c.call<{ user: User }>("/active/language", { user: userId, language: LANGUAGE.LANGUAGE_EN });
    expect(lang.user!.language).toEqual({ id: LANGUAGE.LANGUAGE_EN });

    const submit = await c.call<{ user: User }>("/active/submit", { user: userId, password: md5(NEW_PASSWORD), ...(await chineseProfile(t)) });
    expect(submit.message.code).toBe("SUCCESS");
    expect(submit.user!.state.id).toBe(USER_STATE.USER_STATE_ACTIVE);
    const { prop } = await ids(t);
    expect((await valueOf(t, userId, prop("Name")))!.value).toBe("新会员");
    expect((await valueOf(t, userId, prop("Team")))!.value).toBe("rd-mobile");

    const reload = await c.call<{ user: User }>("/user/reload");
    expect(reload.user!.id).toBe(userId);
    const again = t.client();
    expect((await t.signIn(again, "cn100003", NEW_PASSWORD)).message.code).toBe("SUCCESS");

    const [op] = await t.db.select().from(operationLog).where(and(eq(operationLog.targetUserId, userId), eq(operationLog.action, "activation.submit")));
    const logs = await t.db.select().from(propertyLog).where(eq(propertyLog.operationLogId, op!.id));
    expect(logs.length).toBeGreaterThanOrEqual(6);
  });

  test("an activated member's phone answers ERROR_BINDINGED, a resigned one ERROR_LEAVE, an unknown one ERROR_NOT_USER", async () => {
    const c = t.client();
    expect((await c.call("/active/sms/send", { phone: "13900000001" })).message.code).toBe("ERROR_BINDINGED");
    expect((await c.call("/active/sms/send", { phone: "13900000004" })).message.code).toBe("ERROR_LEAVE");
    expect((await c.call("/active/sms/send", { phone: "13999999999" })).message.code).toBe("ERROR_NOT_USER");
  });

  test("a phone that is not 11 digits starting with 1 is ERROR_PARAMS and sends nothing", async () => {
    const c = t.client();
    const before = await outboxCount(t);
    for (const phone of ["1390000000", "23900000003", "139000000031", "1390000000a", ""]) {
      const answer = await c.call("/active/sms/send", { phone });
      expect(answer.message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "phone" } });
    }
    expect(await outboxCount(t)).toBe(before);
  });

  test("a second send inside 300 seconds is ERROR_OFTEN with the seconds left, from any session", async () => {
    const member = await registeredMember(t);
    expect((await t.client().call("/active/sms/send", { phone: member.phone })).message.code).toBe("SUCCESS");
    t.clock.advance(100_000);
    const again = await t.client().call("/active/sms/send", { phone: member.phone });
    expect(again.message).toMatchObject({ code: "ERROR_OFTEN", params: { seconds: 200 } });
    expect(await outboxCount(t, member.phone!)).toBe(1);
    t.clock.advance(200_000);
    expect((await t.client().call("/active/sms/send", { phone: member.phone })).message.code).toBe("SUCCESS");
    expect(await outboxCount(t, member.phone!)).toBe(2);
  });

  test("two codes in a row are six digits and not the same", async () => {
    const a = await registeredMember(t);
    const b = await registeredMember(t);
    await t.client().call("/active/sms/send", { phone: a.phone });
    await t.client().call("/active/sms/send", { phone: b.phone });
    const [x, y] = [await lastCode(t, a.phone!), await lastCode(t, b.phone!)];
    expect(x).toMatch(/^\d{6}$/);
    expect(y).toMatch(/^\d{6}$/);
  });
});

describe("activation codes", () => {
  test("logging in without a code sent in this session is ERROR_RESULT_NULL, not cooling", async () => {
    const member = await registeredMember(t);
    const answer = await t.client().call("/active/login", { phone: member.phone, auth: "123456" });
    expect(answer.message).toMatchObject({ code: "ERROR_RESULT_NULL", params: { cooling: false } });
  });

  test("a code sent in another session does not work in this one", async () => {
    const member = await registeredMember(t);
    await t.client().call("/active/sms/send", { phone: member.phone });
    const answer = await t.client().call("/active/login", { phone: member.phone, auth: (await lastCode(t, member.phone!))! });
    expect(answer.message.code).toBe("ERROR_RESULT_NULL");
  });

  test("a wrong code is ERROR_RANDOM; the right one still works after it", async () => {
    const member = await registeredMember(t);
    const c = t.client();
    await c.call("/active/sms/send", { phone: member.phone });
    const code = (await lastCode(t, member.phone!))!;
    const wrong = code === "000000" ? "111111" : "000000";
    expect((await c.call("/active/login", { phone: member.phone, auth: wrong })).message.code).toBe("ERROR_RANDOM");
    expect((await c.call("/active/login", { phone: member.phone, auth: code })).message.code).toBe("SUCCESS");
  });

  test("after five wrong tries the code is void, even the right one", async () => {
    const member = await registeredMember(t);
    const c = t.client();
    await c.call("/active/sms/send", { phone: member.phone });
    const code = (await lastCode(t, member.phone!))!;
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) expect((await c.call("/active/login", { phone: member.phone, auth: wrong })).message.code).toBe("ERROR_RANDOM");
    expect((await c.call("/active/login", { phone: member.phone, auth: code })).message).toMatchObject({ code: "ERROR_RESULT_NULL", params: { cooling: true } });
  });

  test("a code expires after 2 minutes: a time-out while the cool-down runs, a missing code after it", async () => {
    const member = await registeredMember(t);
    const c = t.client();
    await c.call("/active/sms/send", { phone: member.phone });
    const code = (await lastCode(t, member.phone!))!;
    t.clock.advance(121_000);
    expect((await c.call("/active/login", { phone: member.phone, auth: code })).message).toMatchObject({ code: "ERROR_RESULT_NULL", params: { cooling: true } });
    t.clock.advance(180_000);
    expect((await c.call("/active/login", { phone: member.phone, auth: code })).message).toMatchObject({ code: "ERROR_RESULT_NULL", params: { cooling: false } });
  });

  test("a used code cannot be replayed", async () => {
    const member = await registeredMember(t);
    const { c } = await provePhone(t, member.phone!);
    const answer = await c.call("/active/login", { phone: member.phone, auth: (await lastCode(t, member.phone!))! });
    expect(answer.message.code).toBe("ERROR_RESULT_NULL");
  });

  test("a code sent to one phone and given with another is a phone mismatch", async () => {
    const a = await registeredMember(t);
    const b = await registeredMember(t);
    const c = t.client();
    await c.call("/active/sms/send", { phone: a.phone });
    const answer = await c.call("/active/login", { phone: b.phone, auth: (await lastCode(t, a.phone!))! });
    expect(answer.message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "phone-mismatch" } });
  });

  test("a member who resigned between the send and the login is ERROR_LEAVE", async () => {
    const member = await registeredMember(t);
    const c = t.client();
    await c.call("/active/sms/send", { phone: member.phone });
    await t.db.update(users).set({ state: USER_STATE.USER_STATE_LEFT }).where(eq(users.id, member.id));
    expect((await c.call("/active/login", { phone: member.phone, auth: (await lastCode(t, member.phone!))! })).message.code).toBe("ERROR_LEAVE");
  });
});

describe("the activation grant", () => {
  test("a session that proved nothing may not set a language, send a profile code or submit", async () => {
    const member = await registeredMember(t);
    const c = t.client();
    expect((await c.call("/active/language", { user: member.id, language: LANGUAGE.LANGUAGE_ZH })).message.code).toBe("ERROR_NOT_POWER");
    expect((await c.call("/user/sms/send", { user: member.id, phone: "13711112222" })).message.code).toBe("ERROR_NOT_POWER");
    const submit = await c.call("/active/submit", { user: member.id, password: md5(NEW_PASSWORD), ...(await chineseProfile(t)) });
    expect(submit.message.code).toBe("ERROR_NOT_POWER");
    expect(await stateOf(t, member.id)).toBe(USER_STATE.USER_STATE_REGISTERED);
  });

  test("the privacy notice's version accepted on the form is recorded; an old version refuses the whole submit", async () => {
    const member = await registeredMember(t);
    const { c } = await provePhone(t, member.phone!);
    const notice = (await c.call<{ notice: { version: number } }>("/privacy/notice")).notice!;
    const stale = await c.call("/active/submit", { user: member.id, password: md5(NEW_PASSWORD), notice: notice.version + 1, ...(await chineseProfile(t)) });
    expect(stale.message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "notice", reason: "stale" } });
    expect(await stateOf(t, member.id)).toBe(USER_STATE.USER_STATE_REGISTERED);
    const submit = await c.call<{ user: User & { privacyNotice: unknown } }>("/active/submit", { user: member.id, password: md5(NEW_PASSWORD), notice: notice.version, ...(await chineseProfile(t)) });
    expect(submit.user!.privacyNotice).toEqual({ version: notice.version, accepted: true });
    const [consent] = await t.db.select().from(privacyConsents).where(eq(privacyConsents.userId, member.id));
    expect(consent).toMatchObject({ version: notice.version, acceptedAt: t.clock.now() });
  });

  test("the grant covers only the member whose phone was proven", async () => {
    const a = await registeredMember(t);
    const b = await registeredMember(t);
    const { c } = await provePhone(t, a.phone!);
    const submit = await c.call("/active/submit", { user: b.id, password: md5(NEW_PASSWORD), ...(await chineseProfile(t)) });
    expect(submit.message.code).toBe("ERROR_NOT_POWER");
    expect(await stateOf(t, b.id)).toBe(USER_STATE.USER_STATE_REGISTERED);
  });

  test("the grant lasts 30 minutes", async () => {
    const member = await registeredMember(t);
    const { c } = await provePhone(t, member.phone!);
    t.clock.advance(29 * 60_000);
    expect((await c.call("/active/language", { user: member.id, language: LANGUAGE.LANGUAGE_ZH })).message.code).toBe("SUCCESS");
    t.clock.advance(2 * 60_000);
    expect((await c.call("/active/language", { user: member.id, language: LANGUAGE.LANGUAGE_ZH })).message.code).toBe("ERROR_NOT_POWER");
  });

  test("the grant is in the database: another server instance honours it", async () => {
    const member = await registeredMember(t);
    let saved: SavedSession | null = null;
    const first = t.client("union-portal-cli", { load: () => null, save: (s) => (saved = s) });
    await provePhone(t, member.phone!, first);
    const other = createApp({ database: t.database, config: t.config, clock: () => t.clock.now() });
    const second = new ApiClient({
      baseUrl: "http://localhost",
      backend: nodeBackend,
      appId: "union-portal-cli",
      fetch: ((input: RequestInfo | URL, init?: RequestInit) => other.handle(new Request(input, init))) as typeof fetch,
      now: () => t.clock.now().getTime(),
      store: { load: () => saved, save: () => {} },
    });
    const submit = await second.call<{ user: User }>("/active/submit", { user: member.id, password: md5(NEW_PASSWORD), ...(await chineseProfile(t)) });
    expect(submit.message.code).toBe("SUCCESS");
    expect(submit.user!.state.id).toBe(USER_STATE.USER_STATE_ACTIVE);
  });

  test("the clean-up keeps a proven code while its grant lasts and deletes it after", async () => {
    const member = await registeredMember(t);
    await provePhone(t, member.phone!);
    const rows = () => t.db.select().from(verificationCodes).where(eq(verificationCodes.target, member.phone!));
    await clearOldCodes({ db: t.db, now: new Date(t.clock.now().getTime() + 30 * 60_000) });
    expect((await rows()).length).toBe(1);
    await clearOldCodes({ db: t.db, now: new Date(t.clock.now().getTime() + 36 * 60_000) });
    expect((await rows()).length).toBe(0);
  });

  test("a language outside 901/902 is ERROR_PARAMS", async () => {
    const member = await registeredMember(t);
    const { c } = await provePhone(t, member.phone!);
    expect((await c.call("/active/language", { user: member.id, language: 903 })).message.code).toBe("ERROR_PARAMS");
  });
});

describe("profile completion", () => {
  test("a failing property is ERROR_PARAMS naming it, and nothing is written", async () => {
    const member = await registeredMember(t);
    const { c } = await provePhone(t, member.phone!);
    const profile = await chineseProfile(t);
    const { prop } = await ids(t);
    const values = profile.values.filter((v) => v.property.id !== prop("Date of birth"));
    const answer = await c.call("/active/submit", { user: member.id, password: md5(NEW_PASSWORD), nationality: profile.nationality, values });
    expect(answer.message).toMatchObject({ code: "ERROR_PARAMS", params: { property: prop("Date of birth") } });
    expect(await stateOf(t, member.id)).toBe(USER_STATE.USER_STATE_REGISTERED);
    expect(await valueOf(t, member.id, prop("Name"))).toBeNull();
    expect((await c.call("/user/reload")).message.code).toBe("ERROR_LOGIN_CODE");
  });

  test("an unknown nationality or a password that is not an MD5 is ERROR_PARAMS", async () => {
    const member = await registeredMember(t);
    const { c } = await provePhone(t, member.phone!);
    const profile = await chineseProfile(t);
    expect((await c.call("/active/submit", { user: member.id, password: md5(NEW_PASSWORD), ...profile, nationality: 99999 })).message).toMatchObject({
      code: "ERROR_PARAMS",
      params: { field: "nationality" },
    });
    expect((await c.call("/active/submit", { user: member.id, password: NEW_PASSWORD, ...profile })).message.code).toBe("ERROR_PARAMS");
  });

  test("a member with no phone on file must prove one; a phone of another member is ERROR_RENAME", async () => {
    const member = await registeredMember(m, { phone: null });
    const c = m.client();
    await c.call("/active/mail/send", { mail: member.mail });
    expect((await c.call("/active/login", { mail: member.mail, auth: (await lastCode(m, member.mail!))! })).message.code).toBe("SUCCESS");
    const profile = await chineseProfile(m);
    const submit = (extra: object) => c.call<{ user: User }>("/active/submit", { user: member.id, password: md5(NEW_PASSWORD), ...profile, ...extra });

    expect((await submit({})).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "phone" } });
    expect((await c.call("/user/sms/send", { user: member.id, phone: "13900000001" })).message.code).toBe("ERROR_RENAME");
    expect((await submit({ phone: "13900000001", auth: "123456" })).message.code).toBe("ERROR_RENAME");
    expect((await submit({ phone: "13722223333" })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "auth" } });

    const sent = await c.call<{ seconds: number }>("/user/sms/send", { user: member.id, phone: "13722223333" });
    expect(sent.seconds).toBe(300);
    expect((await c.call("/user/sms/send", { user: member.id, phone: "13722223333" })).message.code).toBe("ERROR_OFTEN");
    const code = (await lastCode(m, "13722223333"))!;
    const wrong = code === "000000" ? "111111" : "000000";
    expect((await submit({ phone: "13722223333", auth: wrong })).message.code).toBe("ERROR_RANDOM");
    expect((await submit({ phone: "13722224444", auth: code })).message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "phone-mismatch" } });
    const done = await submit({ phone: "13722223333", auth: code });
    expect(done.message.code).toBe("SUCCESS");
    expect(done.user!.phone).toBe("13722223333");
    const { prop } = await ids(m);
    expect((await valueOf(m, member.id, prop("Mobile phone")))!.value).toBe("13722223333");
  });

  test("a member who activated cannot activate again", async () => {
    const member = await registeredMember(t);
    const { c } = await provePhone(t, member.phone!);
    const body = { user: member.id, password: md5(NEW_PASSWORD), ...(await chineseProfile(t)) };
    expect((await c.call("/active/submit", body)).message.code).toBe("SUCCESS");
    expect((await t.client().call("/active/submit", body)).message.code).toBe("ERROR_NOT_POWER");
    expect((await c.call("/active/submit", body)).message.code).toBe("ERROR_BINDINGED");
  });
});

describe("activation by company e-mail", () => {
  test("in mail mode the phone calls are refused and the phone ones in mail calls too", async () => {
    expect((await m.client().call("/active/sms/send", { phone: "13900000003" })).message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "mode" } });
    expect((await t.client().call("/active/mail/send", { mail: "cn100003@union.example.com" })).message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "mode" } });
  });

  test("a registered member proves the company e-mail, in any case, and activates", async () => {
    const c = m.client();
    const send = await c.call("/active/mail/send", { mail: " CN100003@Union.Example.com " });
    expect(send).toMatchObject({ seconds: 300, target: "cn100003@union.example.com" });
    const [mail] = await m.db.select().from(outbox).where(eq(outbox.to, "cn100003@union.example.com"));
    expect(mail!.channel).toBe("mail");
    expect(mail!.subject).toContain("验证码");
    expect(mail!.subject).toContain("Verification code");
    const login = await c.call<{ user: User }>("/active/login", { mail: "cn100003@union.example.com", auth: (await lastCode(m, "cn100003@union.example.com"))! });
    expect(login.message.code).toBe("SUCCESS");
    const submit = await c.call<{ user: User }>("/active/submit", { user: login.user!.id, password: md5(NEW_PASSWORD), ...(await chineseProfile(m)) });
    expect(submit.user!.state.id).toBe(USER_STATE.USER_STATE_ACTIVE);
  });

  test("send errors by e-mail: format, unknown, already active, resigned, cool-down", async () => {
    const c = m.client();
    expect((await c.call("/active/mail/send", { mail: "not-a-mail" })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "mail" } });
    expect((await c.call("/active/mail/send", { mail: "nobody@union.example.com" })).message.code).toBe("ERROR_NOT_USER");
    expect((await c.call("/active/mail/send", { mail: "cn100001@union.example.com" })).message.code).toBe("ERROR_BINDINGED");
    expect((await c.call("/active/mail/send", { mail: "cn100004@union.example.com" })).message.code).toBe("ERROR_LEAVE");
    const member = await registeredMember(m);
    expect((await c.call("/active/mail/send", { mail: member.mail })).message.code).toBe("SUCCESS");
    expect((await c.call("/active/mail/send", { mail: member.mail })).message.code).toBe("ERROR_OFTEN");
  });

  test("a code sent to one mailbox and given with another is a mail mismatch", async () => {
    const a = await registeredMember(m);
    const c = m.client();
    await c.call("/active/mail/send", { mail: a.mail });
    const answer = await c.call("/active/login", { mail: "other@union.example.com", auth: (await lastCode(m, a.mail!))! });
    expect(answer.message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "mail-mismatch" } });
  });

  test("/active/login needs exactly one of phone and mail", async () => {
    expect((await m.client().call("/active/login", { auth: "123456" })).message.code).toBe("ERROR_PARAMS");
    expect((await m.client().call("/active/login", { phone: "13900000003", mail: "a@b.cn", auth: "123456" })).message.code).toBe("ERROR_PARAMS");
  });
});

describe("activation without a company e-mail", () => {
  const initial = md5("Union@2026");

  test("employee id, the initial password and a mailbox of the member's choice activate, and that mailbox becomes the e-mail", async () => {
    const member = await registeredMember(m, { mail: null });
    const c = m.client();
    const body = { employees: member.employees!.toUpperCase(), password: initial, mail: "Private.Box@example.org" };
    expect((await c.call("/active/none/mail/send", body)).message.code).toBe("SUCCESS");
    const login = await c.call<{ user: User }>("/active/none/mail/login", { ...body, auth: (await lastCode(m, "private.box@example.org"))! });
    expect(login.message.code).toBe("SUCCESS");
    expect(login.user!.id).toBe(member.id);
    const submit = await c.call<{ user: User }>("/active/submit", { user: member.id, password: md5(NEW_PASSWORD), ...(await chineseProfile(m)) });
    expect(submit.message.code).toBe("SUCCESS");
    expect(submit.user!.mail).toBe("private.box@example.org");
    const { prop } = await ids(m);
    expect((await valueOf(m, member.id, prop("Company e-mail")))!.value).toBe("private.box@example.org");
  });

  test("each refusal of the no-company-mail form", async () => {
    const c = m.client();
    const member = await registeredMember(m, { mail: null });
    const ok = { employees: member.employees!, password: initial, mail: "fresh@example.org" };
    expect((await c.call("/active/none/mail/send", { ...ok, password: md5("wrong") })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "password" } });
    expect((await c.call("/active/none/mail/send", { ...ok, mail: "nope" })).message.code).toBe("ERROR_PARAMS");
    expect((await c.call("/active/none/mail/send", { ...ok, employees: "  " })).message.code).toBe("ERROR_PARAMS");
    expect((await c.call("/active/none/mail/send", { ...ok, employees: "cn999999" })).message.code).toBe("ERROR_NOT_USER");
    expect((await c.call("/active/none/mail/send", { ...ok, employees: "cn100001" })).message.code).toBe("ERROR_BINDINGED");
    expect((await c.call("/active/none/mail/send", { ...ok, employees: "cn100004" })).message.code).toBe("ERROR_LEAVE");
    const withMail = await registeredMember(m);
    expect((await c.call("/active/none/mail/send", { ...ok, employees: withMail.employees })).message).toMatchObject({ code: "ERROR_DATA_USED", params: { reason: "has-mail" } });
    expect((await c.call("/active/none/mail/send", { ...ok, mail: "cn100001@union.example.com" })).message).toMatchObject({ code: "ERROR_DATA_USED", params: { reason: "mail-used" } });
    expect((await c.call("/active/none/mail/send", ok)).message.code).toBe("SUCCESS");
    expect((await c.call("/active/none/mail/send", ok)).message.code).toBe("ERROR_OFTEN");
    const code = (await lastCode(m, "fresh@example.org"))!;
    expect((await c.call("/active/none/mail/login", { ...ok, password: md5("wrong"), auth: code })).message.code).toBe("ERROR_PARAMS");
    expect((await c.call("/active/none/mail/login", { ...ok, mail: "other@example.org", auth: code })).message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "mail-mismatch" } });
    expect((await c.call("/active/none/mail/login", { ...ok, auth: code })).message.code).toBe("SUCCESS");
  });

  test("in phone mode the no-company-mail form is refused", async () => {
    const answer = await t.client().call("/active/none/mail/send", { employees: "cn100003", password: initial, mail: "x@example.org" });
    expect(answer.message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "mode" } });
  });
});
