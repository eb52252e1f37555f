import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { CAPTCHA, md5, startTestApp, type TestApp } from "../helpers/app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function tryLogin(account: string, password: string, captcha = CAPTCHA) {
  const c = t.client();
  await (await c.get("/system/random")).arrayBuffer();
  return { c, answer: await c.call<{ user: { employees: string } }>("/client/login/check", { account, password: md5(password), auth: captcha }) };
}

describe("sign-in", () => {
  test("a member signs in with employee id, e-mail or phone and gets the user", async () => {
    for (const account of ["cn100001", "cn100001@union.example.com", "13900000001", "CN100001"]) {
      const { answer } = await tryLogin(account, "Union2026demo");
      expect(answer.message.code).toBe("SUCCESS");
      expect(answer.user?.employees).toBe("cn100001");
    }
  });
});
