// No power taken through member management (issue 28 item 1, decision 103):
// a role is given only by an actor holding every power of it, never to
// oneself, and an account whose role holds a power the actor lacks keeps its
// role, its sign-in identifiers and its state. Both writing routes (the staff
// member form and the onboarding/update import), with every staff role the
// seed defines and two a union could make with a subset of powers.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, inArray, sql } from "drizzle-orm";
import { ROUTES } from "../../src/domains";
import { countries, operationLog, properties, propertyOptions, rolePowers, roles, users } from "../../src/db/schema";
import { USER_STATE } from "../../src/protocol/enumerations";
import type { ApiClient } from "../../src/protocol/client";
import type { PowerCode } from "../../src/protocol/powers";
import { rowsOf } from "../../src/db/sql";
import { startTestApp, type TestApp } from "../helpers/app";
import { until } from "../helpers/wait";
import { ONBOARDING_HEADER, onboardingRows } from "../helpers/member-sheets";
import { xlsxFile } from "../helpers/sheets";

type Answer = { message: { code: string; params?: Record<string, unknown> } } & Record<string, any>;
type Role = { id: number; code: string; powers: Set<string> };

/** Each matrix test makes dozens of accounts and calls (seconds on a busy machine), beyond bun's 5 s default. */
const MATRIX_TIMEOUT_MS = 120_000;
/** Past the session cache's life (SESSION_CACHE_MS, 2 s by default): a changed role would be seen by then. */
const SESSION_CACHE = 2_001;

/** Roles a union could make: member work without the system page, and an editor who may also update members. */
const MADE_ROLES: Record<string, PowerCode[]> = {
  clerk: [
    "FUNCTION_USER_OPERATION_FIND",
    "FUNCTION_USER_OPERATION_INFO",
    "FUNCTION_USER_OPERATION_CREATE",
    "FUNCTION_USER_OPERATION_PROPERTY",
    "FUNCTION_USER_OPERATION_STATE",
    "FUNCTION_USER_IMPORT_UPDATE",
    "FUNCTION_USER_IMPORT_LEAVE",
  ],
  "editor-clerk": [
    "FUNCTION_ACTIVITY_EDIT",
    "FUNCTION_ACTIVITY_CREATE",
    "FUNCTION_ACTIVITY_MODULE_OPERATION",
    "FUNCTION_ACTIVITY_ORDER",
    "FUNCTION_ACTIVITY_CHECK_IN",
    "FUNCTION_QUERY_EDIT",
    "FUNCTION_NEWS_EDIT",
    "FUNCTION_USER_OPERATION_FIND",
    "FUNCTION_USER_OPERATION_INFO",
    "FUNCTION_USER_OPERATION_PROPERTY",
    "FUNCTION_USER_IMPORT_UPDATE",
  ],
};

let t: TestApp;
let admin: ApiClient;
let all: Role[];
let prop: (titleEn: string) => number;
let opt: (value: string) => number;
let china: number;
let demoHash: string;
beforeAll(async () => {
  t = await startTestApp({ CODE_SENDS_PER_ADDRESS: "100000" });
  for (const [code, list] of Object.entries(MADE_ROLES)) {
    const [role] = await t.db.insert(roles).values({ code, nameZh: code, nameEn: code }).returning();
    await t.db.insert(rolePowers).values(list.map((power) => ({ roleId: role!.id, power })));
  }
  const [roleRows, powerRows] = await Promise.all([t.db.select().from(roles), t.db.select().from(rolePowers)]);
  all = roleRows.map((r) => ({ id: r.id, code: r.code, powers: new Set(powerRows.filter((p) => p.roleId === r.id).map((p) => p.power)) }));
  const props = await t.db.select().from(properties);
  const opts = await t.db.select().from(propertyOptions);
  prop = (titleEn) => props.find((p) => p.titleEn === titleEn)!.id;
  opt = (value) => opts.find((o) => o.value === value)!.id;
  china = (await t.db.select().from(countries).where(eq(countries.nameEn, "China")))[0]!.id;
  demoHash = (await t.db.select().from(users).where(eq(users.employees, "cn100001")))[0]!.passwordHash!;
  admin = await t.as("cn000001");
}, 90_000);
afterAll(() => t.close());
afterEach(() => t.clock.reset());

const role = (code: string) => all.find((r) => r.code === code)!;
/** Every role holding a staff power: the seed's administrator, editor and operator, and the two made here. */
const STAFF = () => all.filter((r) => r.powers.size > 0);
const within = (given: Role, actor: Role) => [...given.powers].every((p) => actor.powers.has(p));
const holds = (r: Role, power: PowerCode) => r.powers.has(power);

let serial = 0;
const fresh = () => {
  serial++;
  const n = String(serial).padStart(4, "0");
  return { employees: `rl${n}`, phone: `1370000${n}`, mail: `rl${n}@union.example.com` };
};

/** The staff member form of a complete Chinese member. */
function form(contacts: { employees?: string; phone?: string; mail?: string }, roleId: number, id?: number) {
  const values = [
    { property: { id: prop("Name") }, value: "角色测试" },
    { property: { id: prop("Gender") }, option: { id: opt("1") }, value: "1" },
    { property: { id: prop("Date of birth") }, value: "1995-05-20" },
    { property: { id: prop("Department") }, option: { id: opt("rd") }, value: "rd" },
    { property: { id: prop("Team") }, option: { id: opt("rd-mobile") }, value: "rd-mobile" },
    { property: { id: prop("Ethnic group") }, option: { id: opt("han") }, value: "han" },
    { property: { id: prop("Employee ID") }, value: contacts.employees ?? "" },
    { property: { id: prop("Mobile phone") }, value: contacts.phone ?? "" },
    { property: { id: prop("Company e-mail") }, value: contacts.mail ?? "" },
  ];
  return { user: { ...(id ? { id } : {}), nationality: { id: china }, status: { id: roleId } }, values: JSON.stringify(values) };
}

type Account = { id: number; employees: string; phone: string; mail: string; roleId: number };
/** An active account of this role with a complete profile, made by the administrator; `signIn` also signs it in. */
async function account(code: string): Promise<Account> {
  const c = fresh();
  const answer = await admin.call<Answer>("/user/operation/create", form(c, role(code).id));
  expect(answer.message.code).toBe("SUCCESS");
  await t.db.update(users).set({ state: USER_STATE.USER_STATE_ACTIVE, passwordHash: demoHash }).where(eq(users.id, answer.user.id));
  return { id: answer.user.id, ...c, roleId: role(code).id };
}
async function staff(code: string) {
  const who = await account(code);
  return { ...who, client: await t.as(who.employees) };
}

const roleOf = async (id: number) => (await t.db.select({ roleId: users.roleId }).from(users).where(eq(users.id, id)))[0]!.roleId;
const auditRows = async (id: number) => t.db.select().from(operationLog).where(and(eq(operationLog.targetUserId, id), inArray(operationLog.action, ["member.update", "member.reset", "member.leave"])));

/** A route needing this power alone, a query or command (called with an empty payload: refused before the input is read) or else an upload. */
const routeOf = (power: string) => ROUTES.find((r) => r.access === power && (r.kind === "query" || r.kind === "command")) ?? ROUTES.find((r) => r.access === power && r.kind === "upload");
/** After the session cache's life, the actor is still refused every power of `target` its own role lacks. */
async function stillRefused(client: ApiClient, actor: Role, target: Role) {
  t.clock.advance(SESSION_CACHE);
  for (const power of target.powers) {
    const r = routeOf(power);
    if (actor.powers.has(power) || !r) continue;
    const answer = r.kind === "upload" ? await client.upload(r.path, xlsxFile([["员工号"]]), "power.xlsx") : await client.call(r.path, {});
    expect({ power, path: r.path, code: answer.message.code }).toEqual({ power, path: r.path, code: "ERROR_NOT_POWER" });
  }
}

describe("the staff member form", () => {
  test("nobody changes their own role, whichever role they hold and ask for; the same role with their own profile is saved", async () => {
    for (const actorRole of STAFF()) {
      const me = await staff(actorRole.code);
      const canUpdate = holds(actorRole, "FUNCTION_USER_OPERATION_PROPERTY");
      for (const wanted of all.filter((r) => r.id !== actorRole.id)) {
        const answer = await me.client.call("/user/operation/update", form(me, wanted.id, me.id));
        const expected = canUpdate ? { code: "ERROR_ROLE_SELF", params: { field: "role" } } : { code: "ERROR_NOT_POWER" };
        expect({ actor: actorRole.code, wanted: wanted.code, message: answer.message }).toMatchObject({ actor: actorRole.code, wanted: wanted.code, message: expected });
        expect(await roleOf(me.id)).toBe(actorRole.id);
        await stillRefused(me.client, actorRole, wanted);
      }
      expect(await auditRows(me.id)).toEqual([]);
      if (canUpdate) expect((await me.client.call("/user/operation/update", form(me, actorRole.id, me.id))).message.code).toBe("SUCCESS");
    }
  }, MATRIX_TIMEOUT_MS);

  test("a role is given, on update and on create, only when the actor holds every power of it", async () => {
    for (const actorRole of STAFF()) {
      const me = await staff(actorRole.code);
      for (const given of all) {
        const target = await account("member");
        const update = await me.client.call("/user/operation/update", form(target, given.id, target.id));
        const create = await me.client.call("/user/operation/create", form(fresh(), given.id));
        const ok = within(given, actorRole);
        const expected = (power: PowerCode) => (!holds(actorRole, power) ? "ERROR_NOT_POWER" : ok ? "SUCCESS" : "ERROR_ROLE_ABOVE");
        const seen = { actor: actorRole.code, given: given.code, update: update.message.code, create: create.message.code };
        expect(seen).toEqual({ actor: actorRole.code, given: given.code, update: expected("FUNCTION_USER_OPERATION_PROPERTY"), create: expected("FUNCTION_USER_OPERATION_CREATE") });
        if (update.message.code === "ERROR_ROLE_ABOVE") expect(update.message.params).toMatchObject({ field: "role" });
        expect(await roleOf(target.id)).toBe(update.message.code === "SUCCESS" ? given.id : role("member").id);
        if (update.message.code !== "SUCCESS") expect(await auditRows(target.id)).toEqual([]);
      }
    }
  }, MATRIX_TIMEOUT_MS);

  test("an account whose role holds a power the actor lacks keeps its role, phone, e-mail and state", async () => {
    for (const actorRole of STAFF().filter((r) => holds(r, "FUNCTION_USER_OPERATION_PROPERTY"))) {
      const me = await staff(actorRole.code);
      for (const held of STAFF().filter((r) => r.id !== actorRole.id)) {
        const target = await account(held.code);
        const other = fresh();
        const attempts = {
          role: await me.client.call("/user/operation/update", form(target, role("member").id, target.id)),
          phone: await me.client.call("/user/operation/update", form({ ...target, phone: other.phone }, target.roleId, target.id)),
          mail: await me.client.call("/user/operation/update", form({ ...target, mail: other.mail }, target.roleId, target.id)),
          reset: await me.client.call("/user/operation/reset", { id: target.id }),
          leave: await me.client.call("/user/operation/leave", { id: target.id }),
        };
        const codes: Record<string, string> = Object.fromEntries(Object.entries(attempts).map(([k, a]) => [k, a.message.code]));
        if (within(held, actorRole)) {
          // Nothing to take: the actor holds every power of that account already.
          expect({ actor: actorRole.code, held: held.code, role: codes.role, phone: codes.phone, mail: codes.mail }).toEqual({ actor: actorRole.code, held: held.code, role: "SUCCESS", phone: "SUCCESS", mail: "SUCCESS" });
          continue;
        }
        const state = holds(actorRole, "FUNCTION_USER_OPERATION_STATE") ? "ERROR_MEMBER_ABOVE" : "ERROR_NOT_POWER";
        expect({ actor: actorRole.code, held: held.code, ...codes } as Record<string, string>).toEqual({ actor: actorRole.code, held: held.code, role: "ERROR_MEMBER_ABOVE", phone: "ERROR_MEMBER_ABOVE", mail: "ERROR_MEMBER_ABOVE", reset: state, leave: state });
        expect([attempts.role.message.params, attempts.phone.message.params, attempts.mail.message.params]).toEqual([{ field: "role" }, { field: "phone" }, { field: "mail" }]);
        expect((await t.db.select().from(users).where(eq(users.id, target.id)))[0]).toMatchObject({ roleId: held.id, phone: target.phone, mail: target.mail, state: USER_STATE.USER_STATE_ACTIVE });
        expect(await auditRows(target.id)).toEqual([]);
        // Its profile (the name) is still the actor's to correct, its identifiers untouched.
        expect((await me.client.call("/user/operation/update", form(target, target.roleId, target.id))).message.code).toBe("SUCCESS");
      }
    }
  }, MATRIX_TIMEOUT_MS);

  test("the operator of the seed cannot make themselves administrator, and stays refused the editor's powers", async () => {
    const op = await t.as("cn000003");
    const me = (await t.db.select().from(users).where(eq(users.employees, "cn000003")))[0]!;
    const answer = await op.call("/user/operation/update", form({ employees: me.employees!, phone: me.phone!, mail: me.mail! }, role("administrator").id, me.id));
    expect(answer.message).toMatchObject({ code: "ERROR_ROLE_SELF", params: { field: "role" } });
    expect(await roleOf(me.id)).toBe(role("operator").id);
    await stillRefused(op, role("operator"), role("administrator"));
    // Nor makes the administrator a member, nor takes the administrator's phone.
    const boss = (await t.db.select().from(users).where(eq(users.employees, "cn000001")))[0]!;
    const demote = await op.call("/user/operation/update", form({ employees: boss.employees!, phone: boss.phone!, mail: boss.mail! }, role("member").id, boss.id));
    expect(demote.message).toMatchObject({ code: "ERROR_MEMBER_ABOVE", params: { field: "role" } });
    const phone = await op.call("/user/operation/update", form({ employees: boss.employees!, phone: me.phone!.replace(/.$/, "9"), mail: boss.mail! }, boss.roleId, boss.id));
    expect(phone.message).toMatchObject({ code: "ERROR_MEMBER_ABOVE", params: { field: "phone" } });
    expect((await op.call("/user/operation/reset", { id: boss.id })).message.code).toBe("ERROR_MEMBER_ABOVE");
    expect((await t.db.select().from(users).where(eq(users.id, boss.id)))[0]).toMatchObject({ roleId: boss.roleId, phone: boss.phone, state: boss.state, passwordHash: boss.passwordHash });
  });
  // PGlite has one connection: two transactions never overlap there.
  test.if(Boolean(process.env.TEST_DATABASE_URL))("two administrators demoting each other at the same instant: the second is judged by the role the first left them", async () => {
    const [a, b] = [await staff("administrator"), await staff("administrator")];
    const waitingOnLock = async () =>
      rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`))[0]!.n > 0;
    let second: Promise<Answer> | null = null;
    let secondDone = false;
    // The first update, judged, holds its write until the second has been judged too, or waits on the first's rows.
    t.hooks.afterRoleJudged = async () => {
      if (second) return;
      second = b.client.call<Answer>("/user/operation/update", form(a, role("member").id, a.id)).finally(() => (secondDone = true));
      await until(async () => secondDone || (await waitingOnLock()), "the second update is done or waits on a row lock");
    };
    try {
      const first = await a.client.call<Answer>("/user/operation/update", form(b, role("member").id, b.id));
      const other = await second!;
      expect(first.message.code).toBe("SUCCESS");
      expect(other.message.code).not.toBe("SUCCESS");
      expect([await roleOf(a.id), await roleOf(b.id)]).toEqual([role("administrator").id, role("member").id]);
    } finally {
      t.hooks.afterRoleJudged = undefined;
    }
  }, MATRIX_TIMEOUT_MS);
});

describe("the onboarding/update import", () => {
  const ROLE = ONBOARDING_HEADER.indexOf("用户角色");
  const PHONE = ONBOARDING_HEADER.indexOf("手机号");
  /** A row for an existing account: its employee number, the role cell, the phone cell; every other cell empty (kept). */
  const rowFor = (who: { employees: string }, roleCell: string, phone = "") => ONBOARDING_HEADER.map((_, i) => (i === 0 ? who.employees : i === ROLE ? roleCell : i === PHONE ? phone : ""));
  const newRow = (roleCell: string) => {
    const [row] = onboardingRows(1, { prefix: "im", from: ++serial, phonePrefix: "158" });
    row![ROLE] = roleCell;
    return row!;
  };
  const onboard = (who: ApiClient, rows: string[][]) => who.upload<Answer>("/user/operation/import/update", xlsxFile([ONBOARDING_HEADER, ...rows]), "roles.xlsx");
  const verdicts = (answer: Answer) => answer.list.map((r: Answer) => [r.row, r.verdict, r.reason]);

  test("row by row: oneself, a role above the actor and an account above the actor are refused naming the role column; the rest is judged as before", async () => {
    for (const actorRole of STAFF()) {
      const me = await staff(actorRole.code);
      if (!holds(actorRole, "FUNCTION_USER_IMPORT_UPDATE")) {
        expect((await onboard(me.client, [rowFor(me, "administrator")])).message.code).toBe("ERROR_NOT_POWER");
        continue;
      }
      for (const wanted of all) {
        const above = STAFF().find((r) => !within(r, actorRole));
        const holder = above ? await account(above.code) : null;
        const holder2 = above ? await account(above.code) : null;
        const target = await account("member");
        const rows = [
          wanted.id === actorRole.id ? null : rowFor(me, wanted.code),
          newRow(wanted.code),
          rowFor(target, wanted.code),
          holder ? rowFor(holder, "member") : null,
          holder2 ? rowFor(holder2, "", fresh().phone) : null,
        ];
        const given = within(wanted, actorRole) ? null : "role.above";
        const expected = [
          ["refused", "role.self"],
          given ? ["refused", given] : ["apply", null],
          given ? ["refused", given] : wanted.code === "member" ? ["same", "member.same"] : ["apply", null],
          ["refused", "role.holder"],
          ["refused", "contact.holder"],
        ];
        const sent = rows.flatMap((r, i) => (r ? [{ row: r, expected: expected[i]! }] : []));
        const answer = await onboard(me.client, sent.map((s) => s.row));
        const seen = verdicts(answer).map((v: unknown[]) => v.slice(1));
        expect({ actor: actorRole.code, wanted: wanted.code, seen }).toEqual({ actor: actorRole.code, wanted: wanted.code, seen: sent.map((s) => s.expected) });
        if (sent.some((s) => s.expected[0] === "refused")) {
          expect(answer.message).toMatchObject({ code: "ERROR_PARAMS", params: { reason: "rows" } });
          expect(await roleOf(me.id)).toBe(actorRole.id);
          expect(await roleOf(target.id)).toBe(role("member").id);
          for (const h of [holder, holder2]) if (h) expect((await t.db.select().from(users).where(eq(users.id, h.id)))[0]).toMatchObject({ roleId: h.roleId, phone: h.phone });
          expect(await auditRows(target.id)).toEqual([]);
          await stillRefused(me.client, actorRole, wanted);
        }
      }
      // A file of what the actor may do goes through: a role within its powers, to a new member and a member.
      const mine = all.filter((r) => within(r, actorRole) && r.code !== "member");
      const target = await account("member");
      const ok = await onboard(me.client, [newRow(mine.at(-1)!.code), rowFor(target, mine[0]!.code)]);
      expect({ actor: actorRole.code, code: ok.message.code, create: ok.create, update: ok.update }).toEqual({ actor: actorRole.code, code: "SUCCESS", create: 1, update: 1 });
      expect(await roleOf(target.id)).toBe(mine[0]!.id);
    }
  }, MATRIX_TIMEOUT_MS);

  test("the feedback names the row and the role column in both languages", async () => {
    const op = await t.as("cn000003");
    const answer = await onboard(op, [rowFor({ employees: "cn000003" }, "管理员"), newRow("Administrator"), rowFor({ employees: "cn000001" }, "会员")]);
    expect(verdicts(answer)).toEqual([
      [2, "refused", "role.self"],
      [3, "refused", "role.above"],
      [4, "refused", "role.holder"],
    ]);
    // The log's texts: the role's reasons name the column in both languages.
    const { MEMBER_IMPORT_REASONS } = await import("../../src/domains/member-admin/import-kit");
    for (const reason of ["role.self", "role.above", "role.holder"]) {
      const [zh, en] = MEMBER_IMPORT_REASONS[reason]!;
      expect({ reason, zh: zh.includes("「用户角色」"), en: en.includes('"Role"') }).toEqual({ reason, zh: true, en: true });
    }
    for (const reason of ["contact.holder", "state.holder"]) expect(MEMBER_IMPORT_REASONS[reason]?.every((text) => text.length > 0)).toBe(true);
  });

  test("the leavers' import leaves an account above the actor alone", async () => {
    const clerk = await staff("clerk");
    const boss = await account("operator");
    const member = await account("member");
    const answer = await clerk.client.upload<Answer>("/user/operation/import/leave", xlsxFile([["员工号"], [member.employees], [boss.employees]]), "leave.xlsx");
    expect(verdicts(answer)).toEqual([
      [2, "apply", null],
      [3, "refused", "state.holder"],
    ]);
    expect((await t.db.select().from(users).where(inArray(users.id, [boss.id, member.id]))).map((u) => u.state)).toEqual([USER_STATE.USER_STATE_ACTIVE, USER_STATE.USER_STATE_ACTIVE]);
  });
});
