// A second factor (issue 31 item 1), attacked through the real protocol: an
// authenticator app's codes (one use each, raced; a burst of guesses slowed
// like passwords), recovery codes, passkeys from a software authenticator
// (a replayed or foreign answer refused), the wait between password and
// factor, the requirement for staff after the grace, and the staff reset.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { operationLog, recoveryCodes, roles, secondFactors, securityConfig, users } from "../../src/db/schema";
import { runMachineAdmin } from "../../src/db/machine-admin";
import { codeAt } from "../../src/domains/second-factor/one-time";
import type { ApiClient } from "../../src/protocol/client";
import { USER_STATE } from "../../src/protocol/enumerations";
import { OPERATION_ACTIONS } from "../../src/protocol/operation-types";
import { md5, startTestApp, type TestApp } from "../helpers/app";
import { registeredMember } from "../helpers/codes";
import { softAuthenticator } from "../helpers/webauthn";

type Answer = { message: { code: string; params?: Record<string, unknown> } } & Record<string, any>;
const PASSWORD = "Union2026demo";
const STEP = 30_000;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t.close());
afterEach(() => t?.clock.reset());

/** An active account of this test alone, with the demo password, in a role of the seed. */
async function account(role: "member" | "operator" | "editor" | "administrator" = "member") {
  const row = await registeredMember(t, { state: USER_STATE.USER_STATE_ACTIVE });
  const [r] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.code, role));
  await t.db
    .update(users)
    .set({ roleId: r!.id, passwordHash: await Bun.password.hash(md5(PASSWORD), { algorithm: "argon2id" }) })
    .where(eq(users.id, row.id));
  return row as typeof row & { employees: string };
}

const password = (c: ApiClient, who: { employees: string }) => t.signIn(c, who.employees, PASSWORD);
const signedIn = async (c: ApiClient) => (await c.call("/user/reload")).message.code === "SUCCESS";

/** Signs in (no factor yet) and sets up an app: its secret, the recovery codes, the client. */
async function withApp(who: { employees: string }) {
  const c = t.client();
  expect((await password(c, who)).message.code).toBe("SUCCESS");
  const started = await c.call<Answer>("/user/second-factor/app/start");
  expect(started.uri).toStartWith("otpauth://totp/");
  expect(started.uri).toContain(`secret=${started.secret}`);
  const confirmed = await c.call<Answer>("/user/second-factor/app/confirm", { code: codeAt(started.secret, t.clock.now()) });
  expect(confirmed.message.code).toBe("SUCCESS");
  return { secret: started.secret as string, recovery: confirmed.recovery as string[], client: c };
}

/** A new session past the password, waiting for its second factor. */
async function pending(who: { employees: string }) {
  const c = t.client();
  const answer = await password(c, who);
  expect(answer.message.code).toBe("ERROR_SECOND_FACTOR");
  return { client: c, answer };
}

describe("an authenticator app", () => {
  test("is set up with a first code; ten recovery codes come once and are kept only as hashes", async () => {
    const who = await account();
    const c = t.client();
    await password(c, who);
    const started = await c.call<Answer>("/user/second-factor/app/start");
    const wrong = String((Number(codeAt(started.secret, t.clock.now())) + 500_000) % 1_000_000).padStart(6, "0");
    expect((await c.call<Answer>("/user/second-factor/app/confirm", { code: wrong })).message).toMatchObject({ code: "ERROR_RANDOM", params: { field: "code" } });
    // Not kept while unconfirmed: the password alone still signs in.
    expect((await password(t.client(), who)).message.code).toBe("SUCCESS");
    const confirmed = await c.call<Answer>("/user/second-factor/app/confirm", { code: codeAt(started.secret, t.clock.now()) });
    expect(confirmed.recovery).toHaveLength(10);
    for (const code of confirmed.recovery) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    const stored = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, who.id));
    expect(stored).toHaveLength(10);
    const kept = JSON.stringify(stored);
    for (const code of confirmed.recovery) expect(kept).not.toContain(code.replace("-", ""));
    const state = await c.call<Answer>("/user/second-factor/state");
    expect(state).toMatchObject({ factors: [{ kind: "totp", label: "app" }], recoveryLeft: 10, required: false, deadline: null });
    // One app at a time.
    expect((await c.call<Answer>("/user/second-factor/app/start")).message).toMatchObject({ code: "ERROR_BINDINGED", params: { field: "app" } });
    const log = await t.db.select().from(operationLog).where(and(eq(operationLog.targetUserId, who.id), eq(operationLog.action, "second-factor.add")));
    expect(log).toHaveLength(1);
  });

  test("the password alone no longer signs in: nothing passes until the code, and each code counts once", async () => {
    const who = await account();
    const { secret } = await withApp(who);
    t.clock.advance(STEP);
    const { client, answer } = await pending(who);
    expect(answer.message.params).toEqual({ factors: ["app", "recovery"] });
    expect("user" in answer).toBe(false);
    expect(await signedIn(client)).toBe(false);
    const code = codeAt(secret, t.clock.now());
    const through = await client.call<Answer>("/client/login/second", { code });
    expect(through.message.code).toBe("SUCCESS");
    expect(through.user.id).toBe(who.id);
    expect(await signedIn(client)).toBe(true);
    // The same code on another sign-in, inside its 30 seconds: used.
    const again = await pending(who);
    expect((await again.client.call<Answer>("/client/login/second", { code })).message).toMatchObject({ code: "ERROR_RANDOM", params: { field: "code", reason: "used" } });
    expect(await signedIn(again.client)).toBe(false);
    // The next step's code passes.
    t.clock.advance(STEP);
    expect((await again.client.call<Answer>("/client/login/second", { code: codeAt(secret, t.clock.now()) })).message.code).toBe("SUCCESS");
  });

  test("one code sent on two sessions at once signs in one of them", async () => {
    const who = await account();
    const { secret } = await withApp(who);
    t.clock.advance(STEP);
    const [a, b] = [await pending(who), await pending(who)];
    const code = codeAt(secret, t.clock.now());
    const answers = await Promise.all([a.client.call<Answer>("/client/login/second", { code }), b.client.call<Answer>("/client/login/second", { code })]);
    expect(answers.map((x) => x.message.code).sort()).toEqual(["ERROR_RANDOM", "SUCCESS"]);
    expect([await signedIn(a.client), await signedIn(b.client)].filter(Boolean)).toHaveLength(1);
  });

  test("a burst of guesses is slowed like passwords: after five, even the right code waits", async () => {
    const who = await account();
    const { secret } = await withApp(who);
    t.clock.advance(STEP);
    const { client } = await pending(who);
    const right = codeAt(secret, t.clock.now());
    const guesses = ["000000", "111111", "222222", "333333", "444444", "555555"].filter((g) => g !== right).slice(0, 5);
    const answers = await Promise.all(guesses.map((code) => client.call<Answer>("/client/login/second", { code })));
    expect(answers.every((x) => x.message.code === "ERROR_RANDOM" || x.message.code === "ERROR_OFTEN")).toBe(true);
    const paused = await client.call<Answer>("/client/login/second", { code: right });
    expect(paused.message.code).toBe("ERROR_OFTEN");
    expect(paused.message.params!.seconds).toBeGreaterThan(0);
    expect(await signedIn(client)).toBe(false);
    // The pause runs out; the sign-in's own wait (five minutes) has not.
    t.clock.advance(Number(paused.message.params!.seconds) * 1000);
    expect((await client.call<Answer>("/client/login/second", { code: codeAt(secret, t.clock.now()) })).message.code).toBe("SUCCESS");
  });

  test("the wait for the factor ends after five minutes, and a session without a password checked has none", async () => {
    const who = await account();
    const { secret } = await withApp(who);
    const { client } = await pending(who);
    t.clock.advance(5 * 60_000 + 1);
    expect((await client.call<Answer>("/client/login/second", { code: codeAt(secret, t.clock.now()) })).message).toMatchObject({ code: "ERROR_LOGIN_CODE", params: { reason: "second" } });
    expect((await t.client().call<Answer>("/client/login/second", { code: codeAt(secret, t.clock.now()) })).message.code).toBe("ERROR_LOGIN_CODE");
    expect(await signedIn(client)).toBe(false);
  });
});

describe("recovery codes", () => {
  test("each signs in once, typed in any case and without its dash; renewing voids the rest", async () => {
    const who = await account();
    const { recovery, client: mine } = await withApp(who);
    const first = await pending(who);
    expect((await first.client.call<Answer>("/client/login/second", { code: recovery[0]!.toLowerCase().replace("-", "") })).message.code).toBe("SUCCESS");
    const second = await pending(who);
    expect((await second.client.call<Answer>("/client/login/second", { code: recovery[0]! })).message).toMatchObject({ code: "ERROR_RANDOM", params: { reason: "wrong" } });
    expect((await mine.call<Answer>("/user/second-factor/state")).recoveryLeft).toBe(9);
    const renewed = await mine.call<Answer>("/user/second-factor/recovery/renew");
    expect(renewed.recovery).toHaveLength(10);
    expect((await second.client.call<Answer>("/client/login/second", { code: recovery[1]! })).message.code).toBe("ERROR_RANDOM");
    expect((await second.client.call<Answer>("/client/login/second", { code: renewed.recovery[0] })).message.code).toBe("SUCCESS");
  });
});

describe("passkeys", () => {
  test("one is added from the browser's answer and then signs in; a replayed or another site's answer does not", async () => {
    const who = await account();
    const c = t.client();
    await password(c, who);
    const key = await softAuthenticator("http://localhost");
    const { options } = await c.call<Answer>("/user/second-factor/passkey/options");
    expect(options.rp.id).toBe("localhost");
    const added = await c.call<Answer>("/user/second-factor/passkey/add", { credential: await key.create(options), label: "Laptop" });
    expect(added.message.code).toBe("SUCCESS");
    expect(added.recovery).toHaveLength(10);
    // The challenge was used: the same answer again is refused.
    expect((await c.call<Answer>("/user/second-factor/passkey/add", { credential: await key.create(options), label: "Laptop" })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "credential" } });

    const { client, answer } = await pending(who);
    expect(answer.message.params).toEqual({ factors: ["passkey", "recovery"] });
    const asked = await client.call<Answer>("/client/login/passkey/options");
    expect(asked.options.allowCredentials.map((k: { id: string }) => k.id)).toEqual([key.id]);
    // Signed on a phishing site's page: the origin is not the portal's.
    const foreign = await key.get(asked.options, "http://evil.example");
    expect((await client.call<Answer>("/client/login/passkey", { credential: foreign })).message.code).toBe("ERROR_RANDOM");
    const fresh = await client.call<Answer>("/client/login/passkey/options");
    const signature = await key.get(fresh.options);
    expect((await client.call<Answer>("/client/login/passkey", { credential: signature })).message.code).toBe("SUCCESS");
    expect(await signedIn(client)).toBe(true);
    // Replayed on another pending session: its challenge differs, and the first was used.
    const other = await pending(who);
    await other.client.call<Answer>("/client/login/passkey/options");
    expect((await other.client.call<Answer>("/client/login/passkey", { credential: signature })).message.code).toBe("ERROR_RANDOM");
    const [stored] = await t.db.select().from(secondFactors).where(eq(secondFactors.userId, who.id));
    expect(stored).toMatchObject({ kind: "passkey", label: "Laptop", counter: 2 });
  });

  test("removing the last factor takes the recovery codes with it, and the password alone signs in again", async () => {
    const who = await account();
    const { client } = await withApp(who);
    const [factor] = (await client.call<Answer>("/user/second-factor/state")).factors;
    expect((await client.call<Answer>("/user/second-factor/remove", { id: factor.id })).left).toBe(0);
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, who.id))).toEqual([]);
    expect((await password(t.client(), who)).message.code).toBe("SUCCESS");
    // Another member's factor is not one's own to remove.
    const other = await account();
    const theirs = await withApp(other);
    const [their] = (await theirs.client.call<Answer>("/user/second-factor/state")).factors;
    expect((await client.call<Answer>("/user/second-factor/remove", { id: their.id })).message).toMatchObject({ code: "ERROR_RESULT_NULL", params: { field: "id" } });
  });
});

describe("staff must keep one", () => {
  test("within the grace staff work with the password alone and are told the deadline; after it every staff call is refused until they enrol", async () => {
    const admin = await t.as("cn000001");
    const officer = await account("operator");
    const c = t.client();
    const signed = (await password(c, officer)) as Answer;
    expect(signed.user.secondFactor).toMatchObject({ enrolled: false, required: true });
    expect(signed.user.secondFactor.deadline).not.toBeNull();
    expect((await c.call<Answer>("/user/operation/list", {})).message.code).toBe("SUCCESS");
    const settings = await admin.call<Answer>("/security/config");
    expect(settings.missing.map((m: { user: { id: number } }) => m.user.id)).toContain(officer.id);
    expect((await admin.call<Answer>("/security/config/save", { graceDays: 91 })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "graceDays" } });
    try {
      expect((await admin.call<Answer>("/security/config/save", { graceDays: 0 })).message.code).toBe("SUCCESS");
      // The session signed in before is refused at once: every instance rereads the deadline.
      expect((await c.call<Answer>("/user/operation/list", {})).message.code).toBe("ERROR_SECOND_FACTOR_ENROL");
      expect((await admin.call<Answer>("/user/operation/list", {})).message.code).toBe("ERROR_SECOND_FACTOR_ENROL");
      // Their own calls still work: they can set one up.
      expect((await c.call<Answer>("/user/reload")).message.code).toBe("SUCCESS");
      const started = await c.call<Answer>("/user/second-factor/app/start");
      expect((await c.call<Answer>("/user/second-factor/app/confirm", { code: codeAt(started.secret, t.clock.now()) })).message.code).toBe("SUCCESS");
      expect((await c.call<Answer>("/user/operation/list", {})).message.code).toBe("SUCCESS");
      expect((await c.call<Answer>("/security/config")).missing.map((m: { user: { id: number } }) => m.user.id)).not.toContain(officer.id);
    } finally {
      await t.db.update(securityConfig).set({ graceDays: 3650 });
    }
  });
});

describe("a lost device", () => {
  test("another officer resets it with a reason: the member is signed out everywhere and signs in with the password alone; the log says why", async () => {
    const officer = await account("operator");
    const member = await account();
    const { client: theirs } = await withApp(member);
    const c = t.client();
    await password(c, officer);
    expect((await c.call<Answer>("/user/operation/info", { id: member.id })).user.secondFactor).toBe(true);
    expect((await c.call<Answer>("/user/operation/second-factor/reset", { id: member.id, reason: "  " })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "reason" } });
    const reset = await c.call<Answer>("/user/operation/second-factor/reset", { id: member.id, reason: "Phone lost, identity checked at the desk" });
    expect(reset).toMatchObject({ message: { code: "SUCCESS" }, removed: 1 });
    expect(await signedIn(theirs)).toBe(false);
    expect((await password(t.client(), member)).message.code).toBe("SUCCESS");
    const [row] = await t.db.select().from(operationLog).where(and(eq(operationLog.targetUserId, member.id), eq(operationLog.action, "second-factor.reset")));
    expect(row).toMatchObject({ userId: officer.id, detail: "Phone lost, identity checked at the desk" });
    const listed = await c.call<Answer>("/user/operation/operations", { user: member.id, type: OPERATION_ACTIONS["second-factor.reset"]!.id });
    expect(listed.list[0].detail).toBe("Phone lost, identity checked at the desk");
    // Nothing left to reset.
    expect((await c.call<Answer>("/user/operation/second-factor/reset", { id: member.id, reason: "again" })).message).toMatchObject({ code: "ERROR_RESULT_NULL", params: { field: "factor" } });
  });

  test("never one's own, never an account above, never without the power; none of them changes anything", async () => {
    const officer = await account("operator");
    const { client: mine } = await withApp(officer);
    const admin = await account("administrator");
    await withApp(admin);
    const editor = await account("editor");
    const member = await account();
    await withApp(member);
    const reason = "asked";
    expect((await mine.call<Answer>("/user/operation/second-factor/reset", { id: officer.id, reason })).message.code).toBe("ERROR_ROLE_SELF");
    expect((await mine.call<Answer>("/user/operation/second-factor/reset", { id: admin.id, reason })).message.code).toBe("ERROR_MEMBER_ABOVE");
    const e = t.client();
    await password(e, editor);
    expect((await e.call<Answer>("/user/operation/second-factor/reset", { id: member.id, reason })).message.code).toBe("ERROR_NOT_POWER");
    for (const who of [officer, admin, member]) expect(await t.db.select().from(secondFactors).where(eq(secondFactors.userId, who.id))).toHaveLength(1);
  });

  test("the operator on the machine resets the last administrator's, signing them out; the log names the machine", async () => {
    const admin = await account("administrator");
    const { client } = await withApp(admin);
    const said = await runMachineAdmin(t.database, t.config, { verb: "reset-second-factor", account: admin.employees }, t.clock.now());
    expect(said).toBe(`Second factor of "${admin.employees}" reset (1 removed); it signs in with its password and sets up a new one.`);
    expect(await signedIn(client)).toBe(false);
    expect((await password(t.client(), admin)).message.code).toBe("SUCCESS");
    const [row] = await t.db.select().from(operationLog).where(and(eq(operationLog.targetUserId, admin.id), eq(operationLog.action, "machine.reset-second-factor")));
    expect(row).toMatchObject({ userId: null, detail: "union-portal admin reset-second-factor (on the server)" });
    await expect(runMachineAdmin(t.database, t.config, { verb: "reset-second-factor", account: admin.employees }, t.clock.now())).rejects.toThrow("has no second factor");
    await expect(runMachineAdmin(t.database, t.config, { verb: "reset-second-factor", account: "nobody9" }, t.clock.now())).rejects.toThrow('No account "nobody9"');
  });

  test("a reset activation starts the member afresh, without the factor of before", async () => {
    const admin = await t.as("cn000001");
    const member = await account();
    await withApp(member);
    expect((await admin.call<Answer>("/user/operation/reset", { id: member.id })).message.code).toBe("SUCCESS");
    expect(await t.db.select().from(secondFactors).where(eq(secondFactors.userId, member.id))).toEqual([]);
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, member.id))).toEqual([]);
  });
});
