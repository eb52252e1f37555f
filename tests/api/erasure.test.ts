// Erasure after leaving (issue 31 item 4): the keep an administrator sets,
// who is erased next and when, and the hourly job that replaces a departed
// member's personal data by a pseudonym. Every table is read afterwards: no
// trace of the member's personal values is left anywhere, while their
// orders, payments and points stay. PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, desc, eq, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { createAppState } from "../../src/app-state";
import * as schema from "../../src/db/schema";
import { rowsOf } from "../../src/db/sql";
import {
  addresses,
  chatMessages,
  chatSessions,
  families,
  files,
  loginLog,
  operationLog,
  orderFamilies,
  orderItems,
  orders,
  outbox,
  pointRecords,
  privacyConsents,
  properties,
  propertyLog,
  relations,
  secondFactors,
  sessions,
  userValues,
  users,
  verificationCodes,
  visitLog,
} from "../../src/db/schema";
import { JOBS, runJob } from "../../src/jobs/scheduler";
import type { ApiClient } from "../../src/protocol/client";
import { ORDER_STATE, POINT_TYPE, PROPERTY_PURPOSE, SEND_STATE, USER_STATE } from "../../src/protocol/enumerations";
import { makeActivity } from "../helpers/activities";
import { START, startTestApp, type TestApp } from "../helpers/app";
import { registeredMember } from "../helpers/codes";

const DAY = 86_400_000;
const tick = JOBS.find((j) => j.name === "erase-departed")!;

let t: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.as("cn000001");
}, 60_000);
afterAll(() => t.close());

type Answer = { message: { code: string; params?: Record<string, unknown> } } & Record<string, any>;

/** A departed member who left `daysAgo` days ago, with a marked value in every place personal data lives; the markers. */
async function departedMember(tag: string, daysAgo: number) {
  const marker = `ERASE${tag}`;
  const phone = `1391${tag.padStart(7, "0")}`;
  const mail = `${marker.toLowerCase()}@example.com`;
  const ip = `10.77.${Number(tag) % 250}.${Math.floor(Number(tag) / 250) + 1}`;
  const member = await registeredMember(t, { state: USER_STATE.USER_STATE_ACTIVE, phone, mail });
  await t.db.update(users).set({ employees: `${marker}EMP` }).where(eq(users.id, member.id));
  const [name] = await t.db.select().from(properties).where(eq(properties.purpose, PROPERTY_PURPOSE.PROPERTY_PURPOSE_NAME));
  await t.db.insert(userValues).values({ userId: member.id, propertyId: name!.id, value: `${marker}姓名` });
  await t.db.insert(propertyLog).values({ userId: member.id, propertyId: name!.id, originValue: `${marker}旧名`, newValue: `${marker}姓名`, operatorId: member.id, createdAt: START });
  const [relation] = await t.db.select().from(relations).limit(1);
  const [family] = await t.db
    .insert(families)
    .values({ userId: member.id, name: `${marker}家属`, identity: `${marker}ID`, idType: 2, relationId: relation!.id, sex: 1, phone: "13800001111", birthday: "2015-06-01", createdAt: START, updatedAt: START })
    .returning();
  await t.db.insert(addresses).values({ userId: member.id, name: `${marker}收件人`, phone, address0: "11", address1: "1101", address2: "110101", address3: "", info: `${marker}路1号`, type: 1, isDefault: true, createdAt: START, updatedAt: START });
  const activity = await makeActivity(t.db, { nameZh: "擦除测试活动", nameEn: "Erasure test activity" });
  const [order] = await t.db
    .insert(orders)
    .values({ trade: `T${tag}ERASE`, userId: member.id, state: ORDER_STATE.ORDER_STATE_SUCCESS, sendState: SEND_STATE.SEND_STATE_WAIT, price: 1200, amount: 1200, points: 0, liaison: `${marker}联系人`, phone, address0: "11", address1: "1101", address2: "110101", address3: "", addressInfo: `${marker}订单地址`, createdAt: START, updatedAt: START })
    .returning();
  const [item] = await t.db
    .insert(orderItems)
    .values({ orderId: order!.id, childTrade: `T${tag}ERASE-1`, userId: member.id, activityId: activity.id, seq: 1, places: 2, state: ORDER_STATE.ORDER_STATE_SUCCESS, properties: [{ id: name!.id, value: `${marker}报名姓名` }] as never, createdAt: START })
    .returning();
  await t.db.insert(orderFamilies).values({ itemId: item!.id, activityId: activity.id, familyId: family!.id, name: `${marker}家属`, identity: `${marker}ID`, idType: 2, relationId: relation!.id, sex: 1, birthday: "2015-06-01", phone: "13800001111", counted: true, state: ORDER_STATE.ORDER_STATE_SUCCESS });
  await t.db.insert(pointRecords).values({ userId: member.id, count: 700, type: POINT_TYPE.POINT_TYPE_ENTRY, remaining: 700, descZh: "入会积分", descEn: "Joining points", createdAt: START });
  const [thread] = await t.db.insert(chatSessions).values({ userId: member.id, createdAt: START, updatedAt: START }).returning();
  await t.db.insert(chatMessages).values([
    { sessionId: thread!.id, userId: member.id, fromManager: false, content: `${marker}留言` },
    { sessionId: thread!.id, userId: member.id, fromManager: true, content: `回复${marker}留言` },
  ].map((m) => ({ ...m, createdAt: START })));
  await t.db.insert(loginLog).values([
    { userId: member.id, account: phone, success: true, result: "SUCCESS", ip: ip, userAgent: `${marker}Agent/1.0`, createdAt: START },
    { userId: null, account: mail, success: false, result: "ERROR_PASSWORD", ip: ip, userAgent: `${marker}Agent/1.0`, createdAt: START },
  ]);
  await t.db.insert(visitLog).values({ userId: member.id, page: 1, params: `{"q":"${marker}"}`, ip: ip, createdAt: START });
  await t.db.insert(verificationCodes).values({ purpose: "password", channel: "sms", target: phone, userId: member.id, sessionId: `${marker}SESSION`, code: "123456", createdAt: START, expiresAt: START });
  await t.db.insert(outbox).values({ channel: "mail", to: mail, subject: `${marker}通知`, text: `${marker}正文`, userId: member.id, createdAt: START, state: "sent" as never, nextAt: START });
  await t.db.insert(files).values({ key: `${"e".repeat(60)}${tag.padStart(4, "0")}.png`, type: "image/png", name: `${marker}.png`, size: 10, userId: member.id, createdAt: START });
  await t.db.insert(sessions).values({ id: `${marker}SESSION`, appId: "union-portal-cli", encKey: new Uint8Array(32), macKey: new Uint8Array(32), userId: member.id, createdAt: START, expiresAt: new Date(START.getTime() + DAY), ip: ip, userAgent: `${marker}Agent/1.0` });
  // Issue 31: a passkey named by the member, the notice accepted from an address, a sign-in waiting for its second factor.
  await t.db.insert(secondFactors).values({ userId: member.id, kind: "passkey", label: `${marker}Key`, confirmed: true, credentialId: `${marker}CRED`, publicKey: new Uint8Array(8), counter: 0, createdAt: START });
  await t.db.insert(privacyConsents).values({ userId: member.id, version: 1, acceptedAt: START, ip });
  await t.db.insert(sessions).values({ id: `${marker}PENDING`, appId: "union-portal-cli", encKey: new Uint8Array(32), macKey: new Uint8Array(32), pendingUserId: member.id, createdAt: START, expiresAt: new Date(START.getTime() + DAY), ip: ip });
  await t.db.update(users).set({ state: USER_STATE.USER_STATE_LEFT, leftAt: new Date(t.clock.now().getTime() - daysAgo * DAY) }).where(eq(users.id, member.id));
  return { id: member.id, markers: [marker, marker.toLowerCase(), phone, ip], order: order!.id };
}

/** Every row of every table of the schema that holds one of the markers: `table: row`. */
async function traces(markers: readonly string[]) {
  const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => v instanceof PgTable).map((v) => getTableConfig(v).name);
  const found: string[] = [];
  for (const table of tables) {
    const rows = rowsOf<{ row: string }>(await t.db.execute(sql`select row_to_json(x)::text as row from ${sql.identifier(table)} x`));
    for (const { row } of rows) if (markers.some((m) => row.includes(m))) found.push(`${table}: ${row.slice(0, 300)}`);
  }
  return found;
}

const keep = (keepDays: number | null) => admin.call<Answer>("/privacy/config/save", { keepDays });

describe("how long a departed member's data is kept", () => {
  test("the administrator sets it within a month and ten years, or keeps everything; a member cannot", async () => {
    expect((await keep(10)).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "keepDays", min: 30, max: 3650 } });
    expect((await keep(4000)).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "keepDays" } });
    expect((await keep(90)).message.code).toBe("SUCCESS");
    expect(await admin.call("/privacy/config")).toMatchObject({ keepDays: 90 });
    const member = await t.as("cn100001");
    expect((await member.call("/privacy/config/save", { keepDays: null })).message.code).toBe("ERROR_NOT_POWER");
    expect((await member.call("/privacy/config")).message.code).toBe("ERROR_NOT_POWER");
    // The latest setting's row: other tests of this file set the keep too, in whatever order they run.
    const [logged] = await t.db.select().from(operationLog).where(eq(operationLog.action, "privacy.config")).orderBy(desc(operationLog.id)).limit(1);
    expect(logged?.detail).toBe("90 days");
    expect((await keep(null)).message.code).toBe("SUCCESS");
  });
});

describe("the erasure", () => {
  test("nothing of a departed member's personal values is left in any table once the keep has passed; orders, payments and points stay", async () => {
    const due = await departedMember("101", 40);
    const recent = await departedMember("102", 10);
    expect((await keep(30)).message.code).toBe("SUCCESS");
    // Staff see who goes next and when, soonest first.
    const settings = await admin.call<Answer>("/privacy/config");
    const listed = settings.next.map((n: Answer) => n.user.id);
    expect(listed.indexOf(due.id)).toBeLessThan(listed.indexOf(recent.id));
    expect(settings.next.find((n: Answer) => n.user.id === due.id).eraseAt).toBe(new Date(t.clock.now().getTime() - 10 * DAY).toISOString());

    expect(await traces(due.markers)).not.toEqual([]);
    const kept = await traces(recent.markers);
    expect(await runJob({ ...t.deps, state: t.state }, tick, t.clock.now())).toBe(true);
    expect(await traces(due.markers)).toEqual([]);
    // The one not due yet keeps everything.
    expect(await traces(recent.markers)).toEqual(kept);

    const [row] = await t.db.select().from(users).where(eq(users.id, due.id));
    expect(row).toMatchObject({ employees: `erased-${due.id}`, phone: null, mail: null, passwordHash: null, state: USER_STATE.USER_STATE_LEFT });
    expect(row!.erasedAt).not.toBeNull();
    expect(await t.db.select().from(orders).where(eq(orders.id, due.order))).toMatchObject([{ amount: 1200, state: ORDER_STATE.ORDER_STATE_SUCCESS }]);
    expect(await t.db.select().from(orderItems).where(eq(orderItems.orderId, due.order))).toMatchObject([{ places: 2 }]);
    expect(await t.db.select().from(pointRecords).where(eq(pointRecords.userId, due.id))).toMatchObject([{ count: 700 }]);
    expect(await t.db.select().from(operationLog).where(and(eq(operationLog.action, "member.erase"), eq(operationLog.targetUserId, due.id)))).toHaveLength(1);
    // Erased once: the next tick finds nobody.
    expect(await runJob({ ...t.deps, state: t.state }, tick, t.clock.now())).toBe(true);
    expect(await t.db.select().from(operationLog).where(and(eq(operationLog.action, "member.erase"), eq(operationLog.targetUserId, due.id)))).toHaveLength(1);
    expect((await keep(null)).message.code).toBe("SUCCESS");
  });

  test("a member reset to rejoin before the tick is not erased, and two instances ticking at once erase a member once", async () => {
    const rejoined = await departedMember("201", 50);
    const raced = await departedMember("202", 50);
    await t.db.update(users).set({ state: USER_STATE.USER_STATE_REGISTERED }).where(eq(users.id, rejoined.id));
    const kept = await traces(rejoined.markers);
    expect((await keep(30)).message.code).toBe("SUCCESS");
    const instances = [t.state, createAppState(t.deps)];
    await Promise.all(instances.map((state) => runJob({ ...t.deps, state }, tick, t.clock.now())));
    expect(await traces(rejoined.markers)).toEqual(kept);
    expect(await traces(raced.markers)).toEqual([]);
    expect(await t.db.select().from(operationLog).where(and(eq(operationLog.action, "member.erase"), eq(operationLog.targetUserId, raced.id)))).toHaveLength(1);
    expect((await keep(null)).message.code).toBe("SUCCESS");
  });

  test("an erasure racing the member's rejoining leaves them whole or erased, never half", async () => {
    const member = await departedMember("401", 50);
    expect((await keep(30)).message.code).toBe("SUCCESS");
    const [ticked, reset] = await Promise.all([runJob({ ...t.deps, state: t.state }, tick, t.clock.now()), admin.call<Answer>("/user/operation/reset", { id: member.id })]);
    expect(ticked).toBe(true);
    expect(reset.message.code).toBe("SUCCESS");
    const [row] = await t.db.select({ erasedAt: users.erasedAt, state: users.state }).from(users).where(eq(users.id, member.id));
    expect(row!.state).toBe(USER_STATE.USER_STATE_REGISTERED);
    const left = await traces(member.markers);
    // Erased first and then reset: nothing of theirs is left; reset first: the erasure passed them by, and everything is there.
    if (row!.erasedAt) expect(left).toEqual([]);
    else expect(left.length).toBeGreaterThan(10);
    expect((await keep(null)).message.code).toBe("SUCCESS");
  });

  test("with no keep set, nobody is erased however long ago they left", async () => {
    const old = await departedMember("301", 3000);
    const kept = await traces(old.markers);
    expect(kept.length).toBeGreaterThan(10);
    await runJob({ ...t.deps, state: t.state }, tick, t.clock.now());
    expect(await traces(old.markers)).toEqual(kept);
  });
});
