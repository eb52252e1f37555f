// A new password (activation, a reset, a change) is hashed before its
// command's transaction, and only when its code would be accepted
// (decision 87): a held hash holds no transaction, a wrong code buys no hash
// and is still counted as a try, a full hashing line answers "busy, retry in
// N s" at once and takes nothing. The hash is held by a gate the test opens,
// never by a sleep.
import { afterAll, afterEach, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { and, desc, eq } from "drizzle-orm";
import { countries, properties, propertyOptions, users, verificationCodes } from "../../src/db/schema";
import { hashDigest } from "../../src/domains/auth/password";
import type { ApiClient } from "../../src/protocol/client";
import { USER_STATE } from "../../src/protocol/enumerations";
import { md5, startTestApp, type TestApp } from "../helpers/app";
import { lastCode, registeredMember } from "../helpers/codes";
import { until } from "../helpers/wait";

const OLD = "Union2026demo";
const NEW = "NewUnion2026x";

let t: TestApp;
beforeAll(async () => {
  // One worker and no place to wait: a hash held makes the line full. One address sends every code: no send cap.
  t = await startTestApp({ PASSWORD_WORKERS: "1", PASSWORD_QUEUE_MAX: "0", CODE_SENDS_PER_ADDRESS: "100000" });
}, 60_000);
afterAll(() => t.close());
let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

/** Holds every new hash until `open()`; counts the hashes started. */
function holdHashes() {
  const hash = Bun.password.hash.bind(Bun.password);
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const spy = spyOn(Bun.password, "hash").mockImplementation(async (...args: Parameters<typeof Bun.password.hash>) => {
    await gate;
    return hash(...args);
  });
  restore = () => spy.mockRestore();
  return { started: () => spy.mock.calls.length, open: () => open() };
}

/** Counts the hashes without holding them. */
function countHashes() {
  const spy = spyOn(Bun.password, "hash");
  restore = () => spy.mockRestore();
  return () => spy.mock.calls.length;
}

type Answer = { message: { code: string; params?: Record<string, unknown> } };

/** One member's way to a new password: its code sent, and the command that sets the password with a code. */
type Flow = { codeTarget: string; purpose: string; submit: (code: string) => Promise<Answer>; signInWith: (password: string) => Promise<string> };

let phones = 0;
const newPhone = () => `13755${String(++phones).padStart(6, "0")}`;

async function activeMember() {
  const row = await registeredMember(t, { state: USER_STATE.USER_STATE_ACTIVE });
  await t.db.update(users).set({ passwordHash: await hashDigest(md5(OLD), t.config.passwords.cost) }).where(eq(users.id, row.id));
  return row;
}

const signInWith = (employees: string) => async (password: string) => (await t.signIn(t.client(), employees, password)).message.code;

async function profile() {
  const props = await t.db.select().from(properties);
  const opts = await t.db.select().from(propertyOptions);
  const prop = (titleEn: string) => ({ id: props.find((p) => p.titleEn === titleEn)!.id });
  const opt = (value: string) => ({ id: opts.find((o) => o.value === value)!.id });
  const [china] = await t.db.select().from(countries).where(eq(countries.nameEn, "China"));
  return {
    nationality: china!.id,
    values: [
      { property: prop("Name"), value: "新会员" },
      { property: prop("Gender"), option: opt("1"), value: "1" },
      { property: prop("Date of birth"), value: "1995-05-20" },
      { property: prop("Department"), option: opt("rd"), value: "rd" },
      { property: prop("Team"), option: opt("rd-mobile"), value: "rd-mobile" },
      { property: prop("Ethnic group"), option: opt("han"), value: "han" },
    ],
  };
}

const sent = async (c: ApiClient, path: string, body: object) => expect((await c.call(path, body)).message.code).toBe("SUCCESS");

const FLOWS: { name: string; start: () => Promise<Flow> }[] = [
  {
    name: "the password reset",
    async start() {
      const row = await activeMember();
      const c = t.client();
      await sent(c, "/user/reset/send", { phone: row.phone });
      return {
        codeTarget: row.phone!,
        purpose: "reset",
        submit: (auth) => c.call("/user/reset/password", { phone: row.phone, auth, password: md5(NEW) }),
        signInWith: signInWith(row.employees!),
      };
    },
  },
  {
    name: "the password change",
    async start() {
      const row = await activeMember();
      const c = t.client();
      expect((await t.signIn(c, row.employees!, OLD)).message.code).toBe("SUCCESS");
      await sent(c, "/user/password/send", {});
      return {
        codeTarget: row.phone!,
        purpose: "password",
        submit: (auth) => c.call("/user/password/update", { auth, password: md5(NEW) }),
        signInWith: signInWith(row.employees!),
      };
    },
  },
  {
    name: "activation with a new phone",
    async start() {
      const row = await registeredMember(t);
      const c = t.client();
      await sent(c, "/active/sms/send", { phone: row.phone });
      await sent(c, "/active/login", { phone: row.phone, auth: (await lastCode(t, row.phone!))! });
      const phone = newPhone();
      await sent(c, "/user/sms/send", { user: row.id, phone });
      const form = await profile();
      return {
        codeTarget: phone,
        purpose: "activate-phone",
        submit: (auth) => c.call("/active/submit", { user: row.id, password: md5(NEW), ...form, phone, auth }),
        signInWith: signInWith(row.employees!),
      };
    },
  },
];

/** The code row the flow's command checks: its tries and whether it is used up. */
async function codeRow(flow: Flow) {
  const [row] = await t.db
    .select({ attempts: verificationCodes.attempts, usedAt: verificationCodes.usedAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.target, flow.codeTarget), eq(verificationCodes.purpose, flow.purpose)))
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  return row!;
}

const wrongFor = (code: string) => (code === "000000" ? "111111" : "000000");
const idle = { running: 0, waiting: 0, reserved: 0 };

for (const { name, start } of FLOWS) {
  describe(name, () => {
    test("the new password's hash runs before the transaction: while it is held, another write goes through", async () => {
      const flow = await start();
      const code = (await lastCode(t, flow.codeTarget))!;
      const hold = holdHashes();
      const answer = flow.submit(code);
      await until(() => hold.started() === 1, "the new password's hash holds the one worker");
      expect(t.state.passwords.load()).toEqual({ running: 1, waiting: 0, reserved: 0 });
      // Nothing of the command is written yet: its code is neither tried nor used.
      expect(await codeRow(flow)).toEqual({ attempts: 0, usedAt: null });
      // On PGlite's one connection a transaction held open would stop this write.
      expect((await t.client().call("/client/login/logout", {})).message.code).toBe("SUCCESS");
      hold.open();
      expect((await answer).message.code).toBe("SUCCESS");
      restore?.();
      restore = null;
      expect(t.state.passwords.load()).toEqual(idle);
      expect((await codeRow(flow)).usedAt).not.toBeNull();
      expect(await flow.signInWith(NEW)).toBe("SUCCESS");
    }, 60_000);

    test("a wrong code buys no hash and is still counted as a try; the right one then sets the password", async () => {
      const flow = await start();
      const code = (await lastCode(t, flow.codeTarget))!;
      const hashes = countHashes();
      expect((await flow.submit(wrongFor(code))).message.code).toBe("ERROR_RANDOM");
      expect(hashes()).toBe(0);
      expect(t.state.passwords.load()).toEqual(idle);
      expect(await codeRow(flow)).toEqual({ attempts: 1, usedAt: null });

      expect((await flow.submit(code)).message.code).toBe("SUCCESS");
      expect(hashes()).toBe(1);
      expect(await codeRow(flow)).toMatchObject({ attempts: 2 });
      expect(t.state.passwords.load()).toEqual(idle);
    }, 60_000);

    test("a full hashing line answers busy with the seconds to wait and takes nothing: the code is neither tried nor used", async () => {
      const ahead = await start();
      const flow = await start();
      const code = (await lastCode(t, flow.codeTarget))!;
      const hold = holdHashes();
      const first = ahead.submit((await lastCode(t, ahead.codeTarget))!);
      await until(() => hold.started() === 1, "another member's hash holds the one worker");
      expect((await flow.submit(code)).message).toMatchObject({ code: "ERROR_BUSY", params: { reason: "password", retry: 1 } });
      expect(await codeRow(flow)).toEqual({ attempts: 0, usedAt: null });
      expect(hold.started()).toBe(1);
      hold.open();
      expect((await first).message.code).toBe("SUCCESS");
      // Pressed again, the same code works.
      expect((await flow.submit(code)).message.code).toBe("SUCCESS");
      expect(t.state.passwords.load()).toEqual(idle);
      expect(await flow.signInWith(NEW)).toBe("SUCCESS");
    }, 60_000);
  });
}
