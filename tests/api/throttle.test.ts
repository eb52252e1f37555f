// Throttles that stop a guesser without locking members out: the sign-in
// pause follows the member whatever identifier is typed, a burst of guesses
// gets no more than the limit judged (a real race on PostgreSQL), an address
// is only slowed for seconds, unknown names cost a real check, and sessions
// nobody signed in on go away soon.
import { afterAll, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { eq } from "drizzle-orm";
import { loginLog, sessions } from "../../src/db/schema";
import { CAPTCHA, md5, startTestApp, type TestApp } from "../helpers/app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SIGNIN_ADDRESS_FAILURES: "1000" });
}, 60_000);
afterAll(() => t.close());

async function attempt(account: string, password: string) {
  const c = t.client();
  await (await c.get("/system/random")).arrayBuffer();
  const answer = await c.call("/client/login/check", { account, password: md5(password), auth: CAPTCHA });
  return answer.message;
}

describe("the sign-in pause", () => {
  test("follows the member whichever identifier is typed: employee id, phone or e-mail", async () => {
    for (const account of ["cn100002", "13900000002", "CN100002@union.example.com", "cn100002", "13900000002"]) {
      expect((await attempt(account, "wrong-password")).code).toBe("ERROR_PASSWORD");
    }
    for (const account of ["cn100002", "13900000002", "cn100002@union.example.com"]) {
      expect(await attempt(account, "Union2026demo")).toMatchObject({ code: "ERROR_OFTEN", params: { seconds: 30 } });
    }
    t.clock.advance(31_000);
    expect((await attempt("13900000002", "Union2026demo")).code).toBe("SUCCESS");
    t.clock.reset();
  });

  test("a burst of guesses at the same moment gets no more than the limit judged", async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => attempt("cn000003", "wrong-password")));
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === "ERROR_PASSWORD").length).toBeLessThanOrEqual(t.config.signIn.accountFailures);
    expect(codes.filter((c) => c === "ERROR_PASSWORD").length + codes.filter((c) => c === "ERROR_OFTEN").length).toBe(12);
    t.clock.advance(10 * 60_000);
    expect((await attempt("cn000003", "Union2026demo")).code).toBe("SUCCESS");
    t.clock.reset();
  });

  test("an unknown name costs the same password check as a known one", async () => {
    const verify = spyOn(Bun.password, "verify");
    try {
      const before = verify.mock.calls.length;
      expect((await attempt("nobody-here", "whatever")).code).toBe("ERROR_NOT_USER");
      expect(verify.mock.calls.length).toBe(before + 1);
      expect((await attempt("cn000002", "whatever")).code).toBe("ERROR_PASSWORD");
      expect(verify.mock.calls.length).toBe(before + 2);
    } finally {
      verify.mockRestore();
    }
  });
});

describe("one address, many members", () => {
  test("thirty wrong passwords from a company's address slow its members for seconds, never lock them out", async () => {
    const t2 = await startTestApp({ SIGNIN_ADDRESS_FAILURES: "30", SIGNIN_ACCOUNT_FAILURES: "1000" });
    try {
      const guess = async (account: string, password: string) => {
        const c = t2.client();
        await (await c.get("/system/random")).arrayBuffer();
        return (await c.call("/client/login/check", { account, password: md5(password), auth: CAPTCHA })).message;
      };
      for (let i = 0; i < 40; i++) {
        const answer = await guess("cn000002", `guess-${i}`);
        if (answer.code === "ERROR_OFTEN") {
          expect(answer.params?.seconds as number).toBeLessThanOrEqual(t2.config.signIn.addressMaxPauseMs / 1000);
          t2.clock.advance((answer.params?.seconds as number) * 1000);
        }
      }
      const member = await guess("cn100001", "Union2026demo");
      if (member.code === "ERROR_OFTEN") {
        expect(member.params?.seconds as number).toBeLessThanOrEqual(10);
        t2.clock.advance(10_000);
        expect((await guess("cn100001", "Union2026demo")).code).toBe("SUCCESS");
      } else expect(member.code).toBe("SUCCESS");
      const failures = await t2.db.select().from(loginLog).where(eq(loginLog.result, "ERROR_PASSWORD"));
      expect(failures.length).toBeGreaterThanOrEqual(30);
    } finally {
      await t2.close();
    }
  });
});

describe("sessions nobody signed in on", () => {
  test("expire after ANONYMOUS_TOKEN_MINUTES idle; a signed-in one keeps its full lifetime", async () => {
    const idle = t.client();
    await idle.call("/system/types");
    const member = await t.as("cn100001");
    const [anonymous] = await t.db.select().from(sessions).where(eq(sessions.id, idle.tokenId!));
    expect(anonymous!.expiresAt.getTime() - t.clock.now().getTime()).toBe(t.config.anonymousLifetimeMs);
    const [signed] = await t.db.select().from(sessions).where(eq(sessions.id, member.tokenId!));
    expect(signed!.expiresAt.getTime() - t.clock.now().getTime()).toBe(t.config.tokenLifetimeMs);
    t.clock.advance(t.config.anonymousLifetimeMs + 60_000);
    expect((await member.call("/user/reload")).message.code).toBe("SUCCESS");
    let renewed = false;
    idle.onNewSession = () => (renewed = true);
    expect((await idle.call("/system/types")).message.code).toBe("SUCCESS");
    expect(renewed).toBe(true);
    t.clock.reset();
  });
});
