import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { pointRecords, users } from "../../src/db/schema";
import { JOBS, runJob } from "../../src/jobs/scheduler";
import { POINT_TYPE } from "../../src/protocol/enumerations";
import { startTestApp, type TestApp } from "../helpers/app";

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
}, 60_000);
afterEach(() => t.close());

const DAY = 86_400_000;
type Row = { id: number; count: number; date: string; type: { id: number }; expiry: string | null; descZh: string; descEn: string };
type Listing = { list: Row[]; count: number; max: number; index: number; balance: number; appDate: string | null; appCounts: number };

const userId = async (employees: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.employees, employees)))[0]!.id;
const expirePoints = JOBS.find((j) => j.name === "expire-points")!;

describe("the points list", () => {
  test("the demo member sees every movement newest first, the balance and what expires within 30 days", async () => {
    const c = await t.as("cn100001");
    const answer = await c.call<Listing>("/user/integral/list", { index: 1 });
    expect(answer.message.code).toBe("SUCCESS");
    expect(answer.list!.map((r) => r.count)).toEqual([-5000, 20000, 50000]);
    expect(answer.list![0]).toMatchObject({ type: { id: POINT_TYPE.POINT_TYPE_OUT }, expiry: null, descZh: "兑换礼品", descEn: "Gift redemption" });
    expect(answer).toMatchObject({ count: 3, max: 1, index: 1, balance: 65000, appCounts: 45000 });
    const soon = await t.db.select().from(pointRecords).where(and(eq(pointRecords.userId, await userId("cn100001")), eq(pointRecords.remaining, 45000)));
    expect(answer.appDate).toBe(soon[0]!.expiresAt!.toISOString());
    expect((await c.call<{ balance: number }>("/user/integral/balance")).balance).toBe(65000);
  });

  test("the list filters by type and by a start and end time", async () => {
    const c = await t.as("cn100001");
    const out = await c.call<Listing>("/user/integral/list", { type: POINT_TYPE.POINT_TYPE_OUT, index: 1 });
    expect(out.list!.map((r) => r.count)).toEqual([-5000]);
    const now = t.clock.now().getTime();
    const recent = await c.call<Listing>("/user/integral/list", { start: new Date(now - 50 * DAY).toISOString(), end: new Date(now).toISOString(), index: 1 });
    expect(recent.list!.map((r) => r.count)).toEqual([-5000, 20000]);
    const none = await c.call<Listing>("/user/integral/list", { end: new Date(now - 300 * DAY).toISOString() });
    expect(none).toMatchObject({ list: [], count: 0, max: 1, index: 1 });
  });

  test("a bad type or time is ERROR_PARAMS", async () => {
    const c = await t.as("cn100001");
    expect((await c.call("/user/integral/list", { type: 999 })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "type" } });
    expect((await c.call("/user/integral/list", { start: "yesterday" })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "start" } });
    expect((await c.call("/user/integral/list", { end: "2026-13-45" })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "end" } });
  });

  test("pages hold 10 entries and the index is clamped to 1..max", async () => {
    const id = await userId("cn100002");
    const base = t.clock.now().getTime();
    await t.db.insert(pointRecords).values(
      Array.from({ length: 12 }, (_, i) => ({ userId: id, count: 100 * (i + 1), remaining: 100 * (i + 1), type: POINT_TYPE.POINT_TYPE_ENTRY, expiresAt: null, createdAt: new Date(base - (12 - i) * 1000) })),
    );
    const c = await t.as("cn100002");
    const first = await c.call<Listing>("/user/integral/list", { index: 1 });
    expect(first).toMatchObject({ count: 12, max: 2, index: 1, balance: 7800, appCounts: 0, appDate: null });
    expect(first.list).toHaveLength(10);
    expect(first.list![0]!.count).toBe(1200);
    const last = await c.call<Listing>("/user/integral/list", { index: 99 });
    expect(last.index).toBe(2);
    expect(last.list!.map((r) => r.count)).toEqual([200, 100]);
    expect((await c.call<Listing>("/user/integral/list", { index: -3 })).index).toBe(1);
  });

  test("a member sees only their own points", async () => {
    const c = await t.as("cn100002");
    const all = await c.call<Listing>("/user/integral/list", { index: 1 });
    expect(all.list!.some((r) => r.descZh === "兑换礼品")).toBe(false);
    expect((await t.client().call("/user/integral/list", {})).message.code).toBe("ERROR_LOGIN_CODE");
  });
});

describe("points expiry", () => {
  test("an expired entry stops counting at once, and the job books what was left as an 'others' record, once", async () => {
    const id = await userId("cn100001");
    t.clock.advance(21 * DAY);
    try {
      const c = await t.as("cn100001");
      // Before the job runs the balance already leaves the expired entry out.
      expect((await c.call<{ balance: number }>("/user/integral/balance")).balance).toBe(20000);
      expect(await runJob(t, expirePoints, t.clock.now())).toBe(true);
      const others = await t.db.select().from(pointRecords).where(and(eq(pointRecords.userId, id), eq(pointRecords.type, POINT_TYPE.POINT_TYPE_OTHERS)));
      expect(others).toHaveLength(1);
      expect(others[0]).toMatchObject({ count: -45000, remaining: 0, descZh: "积分过期：年度福利积分", descEn: "Points expired: Annual welfare points" });
      const emptied = await t.db.select().from(pointRecords).where(and(eq(pointRecords.userId, id), eq(pointRecords.count, 50000)));
      expect(emptied[0]!.remaining).toBe(0);
      // Running again changes nothing.
      expect(await runJob(t, expirePoints, t.clock.now())).toBe(true);
      expect(await t.db.select().from(pointRecords).where(and(eq(pointRecords.userId, id), eq(pointRecords.type, POINT_TYPE.POINT_TYPE_OTHERS)))).toHaveLength(1);
      const listing = await c.call<Listing>("/user/integral/list", { index: 1 });
      expect(listing).toMatchObject({ balance: 20000, appCounts: 0, appDate: null, count: 4 });
      expect(listing.list![0]).toMatchObject({ count: -45000, type: { id: POINT_TYPE.POINT_TYPE_OTHERS } });
    } finally {
      t.clock.reset();
    }
  });

  test("entries that have not expired are left alone", async () => {
    const id = await userId("cn100002");
    const before = await t.db.select().from(pointRecords).where(eq(pointRecords.userId, id));
    await runJob(t, expirePoints, t.clock.now());
    expect(await t.db.select().from(pointRecords).where(eq(pointRecords.userId, id))).toEqual(before);
  });
});
