// The system page's dashboard (spec 3 sections 2.5, 3 "Dashboard data", 7
// "Dashboard and mailbox", 9): every figure against members, families,
// orders, activities and visits this file inserts, as a change from what the
// shared seed already holds; the power; the past-activity pager.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { rowsOf } from "../../src/db/sql";
import { activityVisits, dashboardSettings, duesOrders, families, relations, roles, userValues, users } from "../../src/db/schema";
import { ACTIVITY_STATE, ORDER_STATE, PAGE, USER_STATE } from "../../src/protocol/enumerations";
import type { ApiClient } from "../../src/protocol/client";
import { makeActivity } from "../helpers/activities";
import { START, startTestApp, type TestApp } from "../helpers/app";

type Answer = Record<string, any>;
let t: TestApp;
let operator: ApiClient;
const PANELS = ["/system/find/active", "/system/find/age", "/system/find/sex", "/system/find/member", "/system/find/child", "/system/find/birthday", "/system/find/activity/count", "/system/find/activity/list", "/system/find/activity/now"] as const;

beforeAll(async () => {
  t = await startTestApp();
  operator = await t.as("cn000003");
}, 60_000);
afterAll(() => t.close());

const all = async () => Object.fromEntries(await Promise.all(PANELS.map(async (p) => [p, await operator.call<Answer>(p, {})] as const)));
const HOUR = 3_600_000;
let serial = 0;

/** A member with the given birth date, gender and children; state active unless told. */
async function member(o: { birthday?: string; gender?: "0" | "1"; children?: number; state?: number; createdAt?: Date; updatedAt?: Date; leftAt?: Date }) {
  const [settings] = await t.db.select().from(dashboardSettings).where(eq(dashboardSettings.id, 1));
  const [role] = await t.db.select().from(roles).where(eq(roles.code, "member"));
  const [child] = await t.db.select().from(relations).where(eq(relations.code, "child"));
  const [spouse] = await t.db.select().from(relations).where(eq(relations.code, "spouse"));
  serial += 1;
  const [row] = await t.db
    .insert(users)
    .values({ employees: `dash${serial}`, state: o.state ?? USER_STATE.USER_STATE_ACTIVE, roleId: role!.id, createdAt: o.createdAt ?? START, updatedAt: o.updatedAt ?? START, leftAt: o.leftAt ?? null })
    .returning({ id: users.id });
  const id = row!.id;
  if (o.birthday !== undefined) await t.db.insert(userValues).values({ userId: id, propertyId: settings!.birthdayPropertyId!, value: o.birthday });
  if (o.gender !== undefined) await t.db.insert(userValues).values({ userId: id, propertyId: settings!.genderPropertyId!, value: o.gender });
  // A spouse never counts as a child.
  await t.db.insert(families).values({ userId: id, name: "配偶", identity: `P${serial}S`, idType: 2, relationId: spouse!.id, sex: 1, createdAt: START, updatedAt: START });
  for (let i = 0; i < (o.children ?? 0); i++) {
    await t.db.insert(families).values({ userId: id, name: `孩子${i}`, identity: `P${serial}C${i}`, idType: 2, relationId: child!.id, sex: 0, birthday: "2015-01-01", createdAt: START, updatedAt: START });
  }
  return id;
}

describe("the dashboard's power", () => {
  test("a member and the editor are refused every panel; the operator is answered", async () => {
    for (const account of ["cn100001", "cn000002"]) {
      const c = await t.as(account);
      for (const path of PANELS) expect((await c.call(path, {})).message.code).toBe("ERROR_NOT_POWER");
    }
    for (const path of PANELS) expect((await operator.call(path, {})).message.code).toBe("SUCCESS");
  });
});

describe("the member panels", () => {
  test("counts, ages (by China date), gender, birth months, children and membership move by exactly the members added", async () => {
    const before = await all();
    // START is 2026-03-02 09:30 in China: someone born 2006-03-02 is 20 today, born 2006-03-03 is still 19.
    await member({ birthday: "2006-03-02", gender: "0", children: 0 }); // 20: 20-30
    await member({ birthday: "2006-03-03", gender: "1", children: 1 }); // 19: no bucket
    await member({ birthday: "1996-03-03", gender: "1", children: 2 }); // 29: 20-30
    await member({ birthday: "1996-03-02", gender: "0", children: 3 }); // 30: 30-40
    await member({ birthday: "1980-12-31", gender: "1", children: 4 }); // 45: 40-50
    await member({ birthday: "1961-03-03", children: 5 }); // 64: 50-65
    await member({ birthday: "1961-03-02", state: USER_STATE.USER_STATE_REGISTERED }); // 65: no bucket
    await member({ birthday: "garbage", gender: "1" }); // a malformed date counts nowhere and breaks nothing
    // Left this year (a non-member): in no member panel.
    await member({ birthday: "1990-07-07", gender: "0", children: 1, state: USER_STATE.USER_STATE_LEFT, updatedAt: START });
    // Joined last year (in China time: 2025-12-31 23:30), left last year (by the leave date, though the row was changed this year).
    await member({ state: USER_STATE.USER_STATE_LEFT, createdAt: new Date("2025-12-31T15:30:00Z"), updatedAt: START, leftAt: new Date("2025-12-31T15:30:00Z") });
    const after = await all();
    const d = (path: string, key: string) => after[path]![key] - before[path]![key];

    expect(d("/system/find/active", "active")).toBe(7);
    expect(d("/system/find/active", "register")).toBe(1);
    expect(after["/system/find/age"]!.list.map((b: Answer) => [b.min, b.max])).toEqual([[20, 30], [30, 40], [40, 50], [50, 65]]);
    expect(after["/system/find/age"]!.list.map((b: Answer, i: number) => b.count - before["/system/find/age"]!.list[i].count)).toEqual([2, 1, 1, 1]);
    expect(d("/system/find/sex", "male")).toBe(2);
    expect(d("/system/find/sex", "female")).toBe(4);
    const months = after["/system/find/birthday"]!.list.map((n: number, i: number) => n - before["/system/find/birthday"]!.list[i]);
    expect(months).toEqual([0, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    const kids = ["count0", "count1", "count2", "count3", "more"].map((k) => d("/system/find/child", k));
    expect(kids).toEqual([3, 1, 1, 1, 2]);
    expect(d("/system/find/member", "member")).toBe(8);
    expect(d("/system/find/member", "notmember")).toBe(2);
    expect(d("/system/find/member", "entry")).toBe(9);
    expect(d("/system/find/member", "leave")).toBe(1);
    expect(after["/system/find/member"]!.year).toBe(2026);
  });

  test("a birth date changed from malformed to a day counts at once in its month and bucket, and back", async () => {
    const before = await all();
    const id = await member({ birthday: "1988-02-3O" }); // a letter O: no day
    const [settings] = await t.db.select().from(dashboardSettings).where(eq(dashboardSettings.id, 1));
    const setBirthday = (value: string) => t.db.update(userValues).set({ value }).where(and(eq(userValues.userId, id), eq(userValues.propertyId, settings!.birthdayPropertyId!)));
    const moved = async () => {
      const now = await all();
      return {
        months: now["/system/find/birthday"]!.list.map((n: number, i: number) => n - before["/system/find/birthday"]!.list[i]),
        ages: now["/system/find/age"]!.list.map((b: Answer, i: number) => b.count - before["/system/find/age"]!.list[i].count),
      };
    };
    expect(await moved()).toEqual({ months: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], ages: [0, 0, 0, 0] });
    await setBirthday("1988-02-03"); // 38: 30-40, February
    expect(await moved()).toEqual({ months: [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], ages: [0, 1, 0, 0] });
    await setBirthday("");
    expect(await moved()).toEqual({ months: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], ages: [0, 0, 0, 0] });
  });

  test("dues paid for the billing year count once per member", async () => {
    const before = (await operator.call<Answer>("/system/find/member")).order;
    const a = await member({});
    const b = await member({});
    const order = (userId: number, year: number, state: number, n: number) =>
      t.db.insert(duesOrders).values({ sysTrade: `DASH${userId}-${year}-${n}`, userId, year, nameZh: "会费", nameEn: "Dues", amount: 100, state, createdAt: START, expiresAt: new Date(START.getTime() + HOUR) });
    await order(a, 2026, ORDER_STATE.ORDER_STATE_SUCCESS, 1);
    await order(a, 2025, ORDER_STATE.ORDER_STATE_SUCCESS, 2);
    await order(b, 2026, ORDER_STATE.ORDER_STATE_CANCEL, 3);
    expect((await operator.call<Answer>("/system/find/member")).order - before).toBe(1);
  });
});

describe("the activity panels", () => {
  test("ongoing activities carry their places, sign-ups and page visits; past ones page 10 at a time, latest closed first", async () => {
    const before = await all();
    const open = await makeActivity(t.db, { nameEn: "Dash open", cap: 40, displayStock: 50, used: 7, signStart: new Date(START.getTime() - HOUR), signEnd: new Date(START.getTime() + HOUR) });
    await makeActivity(t.db, { nameEn: "Dash preview", state: ACTIVITY_STATE.ACTIVITY_STATE_PREVIEW, signStart: new Date(START.getTime() - HOUR), signEnd: new Date(START.getTime() + HOUR) });
    // Visits reported by members as their pages report them (/system/visit), from two members (two counter slots).
    const members = [await t.as("cn100001"), await t.as("cn100002")];
    const visit = async (params: string | undefined, page: number = PAGE.PAGE_ACTIVITY_INFO, by = 0) =>
      expect((await members[by]!.call("/system/visit", { page, ...(params === undefined ? {} : { params }) })).message.code).toMatch(/^(SUCCESS|MEMBER_INTERCEPT_ADOPT|MEMBER_INTERCEPT_NO_POWER)$/);
    await visit(JSON.stringify({ id: String(open.id) }));
    await visit(JSON.stringify({ id: String(open.id), from: "home" }), PAGE.PAGE_ACTIVITY_INFO, 1);
    await visit(JSON.stringify({ id: String(open.id) }), PAGE.PAGE_INDEX); // another page
    await visit(JSON.stringify({ id: `0${open.id}` })); // not the activity's id as written
    await visit(JSON.stringify({ from: "home", id: `${open.id}0000000000` })); // ten digits and more: no id
    await visit("{not json");
    await visit(undefined);
    const pastIds: number[] = [];
    for (let i = 0; i < 11; i++) {
      const ended = new Date(START.getTime() - (i + 1) * HOUR); // i = 0 closed last
      pastIds.push((await makeActivity(t.db, { nameEn: `Dash past ${i}`, signStart: new Date(START.getTime() - 100 * HOUR), signEnd: ended, state: i === 3 ? ACTIVITY_STATE.ACTIVITY_STATE_OFFLINE : ACTIVITY_STATE.ACTIVITY_STATE_NORMAL })).id);
    }
    const now = await operator.call<Answer>("/system/find/activity/now");
    const shown = now.list.find((a: Answer) => a.id === open.id);
    expect(shown).toMatchObject({ nameEn: "Dash open", totalStock: 40, count: 7, visits: 2, market: false });
    // The market's gifts are told apart (issue 29): the demo's open market items say market, its activities not.
    expect(now.list.some((a: Answer) => a.market === true)).toBe(true);
    expect(now.list.filter((a: Answer) => a.market).every((a: Answer) => a.nameEn !== "Dash open")).toBe(true);
    // The migration's backfill counts visit_log by the same rule as the live counter: recounted now, it gives the same rows.
    const migration = readdirSync("sql").find((f) => f.endsWith("_activity-visits-counter.sql"))!;
    const backfill = readFileSync(join("sql", migration), "utf8").match(/SELECT[\s\S]*?GROUP BY 1, 2/)![0];
    const recount = rowsOf<{ activity_id: number; slot: number; count: unknown }>(await t.db.execute(sql.raw(`select * from (${backfill}) b (activity_id, slot, count) where activity_id = ${open.id} order by slot`)));
    const kept = await t.db.select().from(activityVisits).where(eq(activityVisits.activityId, open.id)).orderBy(activityVisits.slot);
    expect(recount.map((r) => [Number(r.slot), Number(r.count)])).toEqual(kept.map((k) => [k.slot, k.visits]));
    expect(kept.reduce((n, k) => n + k.visits, 0)).toBe(2);
    expect(now.list.some((a: Answer) => a.nameEn === "Dash preview" || pastIds.includes(a.id))).toBe(false);

    const count = await operator.call<Answer>("/system/find/activity/count");
    expect(count.count - before["/system/find/activity/count"]!.count).toBe(12);

    const first = await operator.call<Answer>("/system/find/activity/list", { index: 1 });
    expect(first.count - before["/system/find/activity/list"]!.count).toBe(11);
    expect(first.list).toHaveLength(10);
    expect(first.max).toBe(Math.ceil(first.count / 10));
    // Nothing in the seed closed within the last eleven hours, so these lead the list.
    expect(first.list.slice(0, 10).map((a: Answer) => a.id)).toEqual(pastIds.slice(0, 10));
    const second = await operator.call<Answer>("/system/find/activity/list", { index: 2 });
    expect(second.index).toBe(2);
    expect(second.list[0].id).toBe(pastIds[10]);
    const last = await operator.call<Answer>("/system/find/activity/list", { index: 999 });
    expect(last.index).toBe(last.max);
    expect((await operator.call("/system/find/activity/list", { index: "2" })).message.code).toBe("ERROR_PARAMS");
  });
});
