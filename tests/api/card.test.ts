// The electronic member card (issue 20 item 5): a code only for an active
// member who has paid this billing year's dues, and the public verify call
// that tells a shop "valid member, year N" and the initial, or invalid, or
// expired, and nothing more.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq, like } from "drizzle-orm";
import { operationLog, rateLimits, users } from "../../src/db/schema";
import { signCode } from "../../src/domains/shared/signed-codes";
import { ticketCode } from "../../src/domains/order/ticket-code";
import { USER_STATE } from "../../src/protocol/enumerations";
import type { ApiClient } from "../../src/protocol/client";
import { START, startTestApp, type TestApp } from "../helpers/app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PAYMENT_SANDBOX_SECRET: "card-test-secret-0123456789abcdef0123" });
}, 60_000);
afterAll(() => t.close());

// Every test starts at the fixed moment with every member as seeded, and the shop's budget full.
beforeEach(async () => {
  t.clock.reset();
  await t.db.update(users).set({ state: USER_STATE.USER_STATE_ACTIVE }).where(eq(users.employees, "cn100001"));
  await t.db.delete(rateLimits).where(like(rateLimits.key, "card-verify:%"));
});

const MINUTE = 60_000;
type Card = { name: string; initial: string; employees: string; year: number; code: string; refreshIn: number };
type Verdict = { message: { code: string }; verdict: string; year?: number; initial?: string };

const userId = async (employees: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.employees, employees)))[0]!.id;
const setState = async (employees: string, state: number) => t.db.update(users).set({ state }).where(eq(users.employees, employees));

/** cn100001 pays this year's dues through the sandbox once for the file (a paid year stays paid), and signs in afresh for each test. */
let paid: Promise<void> | null = null;
async function paidMember(): Promise<ApiClient> {
  paid ??= (async () => {
    const c = await t.as("cn100001");
    const pay = await c.call<{ trade: string }>("/member/pay");
    expect(pay.message.code).toBe("SUCCESS");
    expect((await t.fetch(`/pay/sandbox/${pay.trade}/confirm`, { method: "POST" })).status).toBe(303);
    expect((await c.call<{ paid: boolean }>("/member/check")).paid).toBe(true);
  })();
  await paid;
  return t.as("cn100001");
}

async function cardOf(c: ApiClient) {
  const answer = await c.call<Card>("/card/info");
  expect(answer.message.code).toBe("SUCCESS");
  return answer as unknown as Card;
}

/** The shop's call, as its page makes it: plain JSON, no session. */
async function verify(code: unknown) {
  const res = await t.fetch("/api/card/verify", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ code }) });
  return { status: res.status, answer: (await res.json()) as Verdict };
}

describe("the member's card", () => {
  test("a paid, active member gets a card: name, initial, employee number, dues year and a C1 code of this minute", async () => {
    const c = await paidMember();
    const card = await cardOf(c);
    const id = await userId("cn100001");
    const window = Math.floor(t.clock.now().getTime() / MINUTE);
    expect(card).toMatchObject({ name: "陈会员", initial: "陈", employees: "cn100001", year: 2026 });
    expect(card.code).toMatch(new RegExp(`^C1\\.${id}-2026-${window}\\.[A-Za-z0-9_-]{22}$`));
    // The page asks again when the next minute's code is due.
    expect(card.refreshIn).toBe((window + 1) * MINUTE - t.clock.now().getTime());
  });

  test("the code changes with the minute, not within it", async () => {
    const c = await paidMember();
    t.clock.set(new Date(Math.floor(START.getTime() / MINUTE) * MINUTE + MINUTE));
    const first = await cardOf(c);
    expect(first.refreshIn).toBe(MINUTE);
    t.clock.advance(59_000);
    expect((await cardOf(c)).code).toBe(first.code);
    t.clock.advance(1_000);
    const next = await cardOf(c);
    expect(next.code).not.toBe(first.code);
    expect(next.refreshIn).toBe(MINUTE);
  });

  test("a member who has not paid this year's dues gets no card and is told why", async () => {
    const c = await t.as("cn100002");
    const answer = await c.call<Card>("/card/info");
    expect(answer.message).toMatchObject({ code: "ERROR_CARD_UNPAID", params: { year: 2026 } });
    expect(answer).not.toHaveProperty("code");
  });

  test("a member marked left gets no card, though the dues are paid", async () => {
    const c = await paidMember();
    await setState("cn100001", USER_STATE.USER_STATE_LEFT);
    const answer = await c.call<Card>("/card/info");
    // Leaving ends the member's sessions, or the card refuses them itself: either way, no code.
    expect(["ERROR_CARD_INACTIVE", "ERROR_LOGIN_CODE"]).toContain(answer.message.code);
    expect(answer).not.toHaveProperty("code");
  });

  test("the card is for signed-in members only", async () => {
    expect((await t.client().call("/card/info")).message.code).toBe("ERROR_LOGIN_CODE");
  });

  test("making a card writes nothing: no operation-log row", async () => {
    const c = await paidMember();
    const before = (await t.db.select({ id: operationLog.id }).from(operationLog)).length;
    await cardOf(c);
    await cardOf(c);
    expect((await t.db.select({ id: operationLog.id }).from(operationLog)).length).toBe(before);
  });
});

describe("the shop's verify call", () => {
  test("answers exactly: valid, the dues year and the name's first character; nothing of the member number, phone or name", async () => {
    const card = await cardOf(await paidMember());
    const { status, answer } = await verify(card.code);
    expect(status).toBe(200);
    expect(answer).toEqual({ message: { id: 0, code: "SUCCESS" }, verdict: "valid", year: 2026, initial: "陈*" } as never);
    const text = JSON.stringify(answer);
    for (const secret of ["cn100001", "13900000001", "会员", "union.example.com", String(await userId("cn100001"))]) expect(text).not.toContain(secret);
  });

  test("a code reads valid in its minute and the next, and expired after", async () => {
    const c = await paidMember();
    t.clock.set(new Date(Math.floor(START.getTime() / MINUTE) * MINUTE + 59_000));
    const card = await cardOf(c);
    t.clock.advance(1_000);
    expect((await verify(card.code)).answer.verdict).toBe("valid");
    t.clock.advance(MINUTE - 1);
    expect((await verify(card.code)).answer.verdict).toBe("valid");
    t.clock.advance(1);
    expect((await verify(card.code)).answer).toEqual({ message: { id: 0, code: "SUCCESS" }, verdict: "expired" } as never);
  });

  test("forged, garbled and other purposes' codes read invalid, with nothing more", async () => {
    const card = await cardOf(await paidMember());
    const [purpose, body, mac] = card.code.split(".") as [string, string, string];
    const other = await userId("cn100002");
    const flipped = `${mac.slice(0, 3)}${mac[3] === "A" ? "B" : "A"}${mac.slice(4)}`;
    const forged = [
      `${purpose}.${body}.${flipped}`,
      `${purpose}.${body.replace(/^\d+/, String(other))}.${mac}`,
      `${purpose}.${body.replace(/-2026-/, "-2027-")}.${mac}`,
      `${purpose}.${body}`,
      body,
      `T1.${body}.${mac}`,
      await ticketCode({ app: t.state }, body),
      // Signed by the portal, but not a card's body.
      await signCode({ app: t.state }, "C1", "hello"),
      await signCode({ app: t.state }, "C1", `${other}-2026`),
      "",
      "C1..",
      "x".repeat(300),
    ];
    for (const code of forged) expect((await verify(code)).answer).toEqual({ message: { id: 0, code: "SUCCESS" }, verdict: "invalid" } as never);
  });

  test("a code of a minute far ahead, signed by the portal, reads invalid", async () => {
    const id = await userId("cn100001");
    await paidMember();
    const ahead = Math.floor(t.clock.now().getTime() / MINUTE) + 5;
    expect((await verify(await signCode({ app: t.state }, "C1", `${id}-2026-${ahead}`))).answer.verdict).toBe("invalid");
  });

  test("a member who left after the code was made reads invalid, not valid and not expired", async () => {
    const card = await cardOf(await paidMember());
    expect((await verify(card.code)).answer.verdict).toBe("valid");
    await setState("cn100001", USER_STATE.USER_STATE_LEFT);
    expect((await verify(card.code)).answer).toEqual({ message: { id: 0, code: "SUCCESS" }, verdict: "invalid" } as never);
  });

  test("a code made in the last minute of a dues year reads invalid once the next year has begun, its dues unpaid", async () => {
    await paidMember();
    // 23:59:30 on 31 December, China time: the billing year starts on 1 January (the seeded configuration).
    t.clock.set(new Date("2026-12-31T15:59:30.000Z"));
    const c = await t.as("cn100001");
    const card = await cardOf(c);
    expect(card.year).toBe(2026);
    expect((await verify(card.code)).answer.verdict).toBe("valid");
    t.clock.advance(45_000);
    expect((await verify(card.code)).answer.verdict).toBe("invalid");
    expect((await c.call("/card/info")).message.code).toBe("ERROR_CARD_UNPAID");
  });

  test("a member who never paid holds no code a shop could read as valid", async () => {
    const id = await userId("cn100002");
    const window = Math.floor(t.clock.now().getTime() / MINUTE);
    expect((await verify(await signCode({ app: t.state }, "C1", `${id}-2026-${window}`))).answer.verdict).toBe("invalid");
  });

  test("is throttled per address: a burst of 20, then one every 2 seconds, told how long to wait", async () => {
    const card = await cardOf(await paidMember());
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await verify(card.code));
    expect(answers.every((a) => a.status === 200 && a.answer.verdict === "valid")).toBe(true);
    const refused = await verify(card.code);
    expect(refused.status).toBe(429);
    expect(refused.answer.message).toMatchObject({ code: "ERROR_OFTEN", params: { seconds: 2 } });
    expect(refused.answer).not.toHaveProperty("verdict");
    t.clock.advance(2_000);
    expect((await verify(card.code)).answer.verdict).toBe("valid");
    expect((await verify(card.code)).status).toBe(429);
  });

  test("refuses a malformed question with ERROR_PARAMS and a 400, never a 500", async () => {
    for (const body of [JSON.stringify({ code: 42 }), JSON.stringify({}), JSON.stringify({ code: "x", extra: 1 }), JSON.stringify({ code: "x".repeat(301) }), "not json", "[]"]) {
      const res = await t.fetch("/api/card/verify", { method: "POST", headers: { "content-type": "application/json" }, body });
      expect(res.status).toBe(400);
      expect(((await res.json()) as Verdict).message.code).toBe("ERROR_PARAMS");
    }
  });
});
