// Every list's page index (src/domains/shared/fields.ts `pageIndex`), sent
// through the real protocol: any whole number is clamped to 1..max, as every
// spec says of the pager, however far outside the 32-bit or the exact range
// of a double it lies; what is not a whole number is ERROR_PARAMS, never a 500.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { outbox } from "../../src/db/schema";
import type { ApiClient } from "../../src/protocol/client";
import { NEWS_TYPE } from "../../src/protocol/enumerations";
import { makeModule } from "../helpers/activities";
import { startTestApp, type TestApp } from "../helpers/app";

let t: TestApp;
let member: ApiClient;
let admin: ApiClient;
let moduleId: number;
beforeAll(async () => {
  t = await startTestApp();
  // 25 outbox rows: two pages of 20.
  const base = t.clock.now().getTime();
  await t.db.insert(outbox).values(Array.from({ length: 25 }, (_, i) => ({ channel: "sms", to: `to-${i}`, subject: null, text: `text ${i}`, createdAt: new Date(base - (25 - i) * 1000) })));
  moduleId = (await makeModule(t.db, { nameEn: "Paged module" })).id;
  member = await t.as("cn100001");
  admin = await t.as("cn000001");
}, 60_000);
afterAll(() => t.close());

/**
 * A number written into the JSON text exactly as given: JSON.stringify of a JS
 * number could not send 9007199254740993 (it is 9007199254740992 once a
 * number) nor a 400-digit page.
 */
const literal = (text: string): number => (JSON as unknown as { rawJSON(text: string): number }).rawJSON(text);

type Page = { list: unknown[]; count: number; max: number; index: number };

/** Each list with an index, its caller, and the rest of its payload. */
const LISTS: { path: string; who: () => ApiClient; payload: () => Record<string, unknown> }[] = [
  { path: "/news/list", who: () => member, payload: () => ({ type: NEWS_TYPE.NEWS_TYPE_NOTICE, size: 2 }) },
  { path: "/order/list", who: () => member, payload: () => ({}) },
  { path: "/user/integral/list", who: () => member, payload: () => ({}) },
  { path: "/member/list", who: () => member, payload: () => ({}) },
  { path: "/chat/session/user", who: () => member, payload: () => ({}) },
  { path: "/chat/session/manager", who: () => admin, payload: () => ({}) },
  { path: "/manager/announcement/list", who: () => admin, payload: () => ({}) },
  { path: "/manager/banner/list", who: () => admin, payload: () => ({}) },
  { path: "/system/outbox/list", who: () => admin, payload: () => ({}) },
  { path: "/order/module/find", who: () => admin, payload: () => ({ module: moduleId }) },
];

const HIGH = ["2147483648", "1000000000000000", "9007199254740993", "9007199254740992", "18446744073709551616", "1e400", `1${"0".repeat(400)}`];
const LOW = ["0", "-0", "-1", "-2147483649", "-9007199254740993", "-1000000000000000", "-1e400", `-1${"0".repeat(400)}`];

async function pageOf(path: string, who: ApiClient, payload: Record<string, unknown>) {
  const answer = await who.call<Page>(path, payload);
  expect({ path, payload: JSON.stringify(payload), code: answer.message.code }).toEqual({ path, payload: JSON.stringify(payload), code: "SUCCESS" });
  return answer as Page;
}

describe("the page index of every list", () => {
  for (const list of LISTS)
    test(`${list.path}: a whole number past the last page is the last page, one before the first the first`, async () => {
      const who = list.who();
      const first = await pageOf(list.path, who, { ...list.payload(), index: 1 });
      const last = await pageOf(list.path, who, { ...list.payload(), index: first.max });
      for (const text of HIGH) {
        const answer = await pageOf(list.path, who, { ...list.payload(), index: literal(text) });
        expect({ text, index: answer.index, max: answer.max, list: answer.list }).toEqual({ text, index: first.max, max: first.max, list: last.list });
      }
      for (const text of LOW) {
        const answer = await pageOf(list.path, who, { ...list.payload(), index: literal(text) });
        expect({ text, index: answer.index, list: answer.list }).toEqual({ text, index: 1, list: first.list });
      }
    });

  test("the clamp lands on a real last page where there are several", async () => {
    const notices = await pageOf("/news/list", member, { type: NEWS_TYPE.NEWS_TYPE_NOTICE, size: 2, index: literal("9007199254740993") });
    expect(notices).toMatchObject({ count: 6, max: 3, index: 3 });
    expect(notices.list.length).toBe(2);
    const sent = await pageOf("/system/outbox/list", admin, { index: literal("-2147483649") });
    expect(sent).toMatchObject({ max: 2, index: 1 });
    expect(sent.list.length).toBe(20);
    const end = await pageOf("/system/outbox/list", admin, { index: literal("1000000000000000") });
    expect(end).toMatchObject({ max: 2, index: 2 });
    expect(end.list.length).toBe(sent.count - 20);
  });

  test("an index left out is the first page; one that is not a whole number is ERROR_PARAMS", async () => {
    expect(await pageOf("/system/outbox/list", admin, {})).toMatchObject({ index: 1 });
    for (const list of LISTS) {
      for (const index of [1.5, -0.5, literal("2.000000001"), "2", "", null, true, [1], { page: 1 }]) {
        const answer = await list.who().call(list.path, { ...list.payload(), index });
        expect({ path: list.path, index, code: answer.message.code }).toEqual({ path: list.path, index, code: "ERROR_PARAMS" });
      }
    }
  });
});
