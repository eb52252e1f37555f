// Where the spec names an answer's field, the answer carries that name, in
// the language of whoever asked, beside the pairs the UI may prefer; and the
// calls take the payloads of the spec's call tables.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { LANGUAGE } from "../../src/protocol/enumerations";
import { startTestApp, type TestApp } from "../helpers/app";
import { lastCode } from "../helpers/codes";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ ACTIVATION_MODE: "mail" });
}, 60_000);
afterAll(() => t.close());

type Points = { list: { desc: string; descZh: string; descEn: string }[]; appCount: number; appCounts: number };
type Dues = { list: { name: string; nameZh: string; nameEn: string }[] };

describe("answers carry the spec's names", () => {
  test("a points record carries desc and a dues order carries name, in the member's language", async () => {
    const member = await t.as("cn100001");
    await member.call("/user/language", { language: LANGUAGE.LANGUAGE_ZH });
    expect((await member.call("/member/pay")).message.code).toBe("SUCCESS");
    const zhPoints = await member.call<Points>("/user/integral/list", { index: 1 });
    expect(zhPoints.list!.length).toBeGreaterThan(0);
    for (const r of zhPoints.list!) expect(r.desc).toBe(r.descZh);
    expect(zhPoints.appCount).toBe(zhPoints.appCounts!);
    const zhDues = await member.call<Dues>("/member/list", { index: 1 });
    expect(zhDues.list![0]!.name).toBe("2026年度工会会费");

    await member.call("/user/language", { language: LANGUAGE.LANGUAGE_EN });
    const enPoints = await member.call<Points>("/user/integral/list", { index: 1 });
    for (const r of enPoints.list!) expect(r.desc).toBe(r.descEn);
    expect((await member.call<Dues>("/member/list", { index: 1 })).list![0]!.name).toBe("Union dues 2026");
  });
});

describe("calls take the payloads of the spec's call tables", () => {
  test("/user/phone/update takes { auth, phone }; an old value, when sent, must be the one on file", async () => {
    const member = await t.as("cn100002");
    expect((await member.call("/user/check/send", { phone: "13655556666" })).message.code).toBe("SUCCESS");
    const auth = (await lastCode(t, "13655556666"))!;
    expect((await member.call("/user/phone/update", { auth, phone: "13655556666", old: "13000000000" })).message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "old" } });
    const changed = await member.call<{ user: { phone: string } }>("/user/phone/update", { auth, phone: "13655556666" });
    expect(changed.message.code).toBe("SUCCESS");
    expect(changed.user!.phone).toBe("13655556666");
  });

  test("/active/none/mail/send takes { employees, mail }; without the initial password it is refused by name", async () => {
    const visitor = t.client();
    const answer = await visitor.call("/active/none/mail/send", { employees: "cn100003", mail: "someone@example.org" });
    expect(answer.message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "password" } });
  });
});
