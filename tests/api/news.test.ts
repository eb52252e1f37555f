// News and notices (spec 2 sections 2, 3, 5, 7 and 9): the lists with their
// order, paging and read marks, opening an item, and the editor's save and
// delete with every validation, cleaning and permission.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { news, newsReads, operationLog, users } from "../../src/db/schema";
import type { ApiClient } from "../../src/protocol/client";
import { NEWS_TYPE } from "../../src/protocol/enumerations";
import { START, startTestApp, type TestApp } from "../helpers/app";
import { TINY_PNG } from "../helpers/routes";

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
}, 60_000);
afterEach(() => t.close());

const NEWS = NEWS_TYPE.NEWS_TYPE_NEWS;
const NOTICE = NEWS_TYPE.NEWS_TYPE_NOTICE;

type Row = { id: number; type: { id: number }; nameZh: string; nameEn: string; face: string | null; isTop: boolean; date: string; checked: boolean };
type Page = { list: Row[]; count: number; max: number; index: number };
type Detail = Row & { contentZh: string; contentEn: string };

const list = async (c: ApiClient, payload: Record<string, unknown>) => {
  const answer = await c.call<Page>("/news/list", payload);
  expect(answer.message.code).toBe("SUCCESS");
  return answer as Page & { message: unknown };
};
const open = (c: ApiClient, id: number) => c.call<{ news: Detail }>("/news/info", { id });
const save = (c: ApiClient, payload: Record<string, unknown>) => c.call<{ id: number }>("/news/update", payload);

const valid = { type: NEWS, nameZh: "新闻标题", nameEn: "A news title", contentZh: "<p>正文</p>", contentEn: "<p>Body</p>" };

const userId = async (employees: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.employees, employees)))[0]!.id;
const newsRows = () => t.db.select().from(news);

/** An uploaded cover's address, as the editor's upload answers it. */
async function uploadCover(c: ApiClient): Promise<string> {
  const answer = await c.upload<{ path: string }>("/file/upload/image", new Blob([TINY_PNG], { type: "image/png" }), "cover.png");
  expect(answer.message.code).toBe("SUCCESS");
  return answer.path!;
}

describe("the lists", () => {
  test("notices come newest first with their read marks: the demo member has read the oldest one only", async () => {
    const member = await t.as("cn100001");
    const page = await list(member, { type: NOTICE, index: 1 });
    expect(page).toMatchObject({ count: 6, max: 1, index: 1 });
    const dates = page.list.map((r) => r.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(page.list.every((r) => r.type.id === NOTICE && r.face === null && r.isTop === false)).toBe(true);
    expect(page.list.map((r) => r.checked)).toEqual([false, false, false, false, false, true]);
    expect(page.list[0]).toMatchObject({ nameZh: "关于2026年度工会会费缴纳的通知", nameEn: "Notice on paying the 2026 union dues" });
    expect(new Date(page.list[0]!.date).getTime()).toBeLessThan(START.getTime());
    expect(Object.keys(page.list[0]!).sort()).toEqual(["checked", "date", "face", "id", "isTop", "nameEn", "nameZh", "type"]);
    // Read marks are each member's own.
    const other = await list(await t.as("cn100002"), { type: NOTICE, index: 1 });
    expect(other.list.every((r) => !r.checked)).toBe(true);
  });

  test("news come pinned first, then newest first, with their covers", async () => {
    const member = await t.as("cn100001");
    const page = await list(member, { type: NEWS, index: 1 });
    expect(page.count).toBe(6);
    expect(page.list[0]).toMatchObject({ nameEn: "The Fifth Workers' Congress opens", isTop: true });
    const rest = page.list.slice(1);
    expect(rest.every((r) => !r.isTop)).toBe(true);
    expect(rest.map((r) => r.date)).toEqual(rest.map((r) => r.date).sort().reverse());
    // The pinned one is older than the newest: pinning, not the date, put it first.
    expect(page.list[0]!.date < rest[0]!.date).toBe(true);
    expect(page.list.filter((r) => r.face).length).toBe(4);
    for (const r of page.list.filter((r) => r.face)) expect(r.face).toMatch(/^\/api\/file\/get\?key=[0-9a-f]{64}\.png$/);
    const cover = await t.fetch(page.list[0]!.face!);
    expect(cover.status).toBe(200);
    expect(cover.headers.get("content-type")).toBe("image/png");
  });

  test("a pinned item stays first even when newer items are published", async () => {
    const editor = await t.as("cn000002");
    t.clock.advance(60_000);
    const created = await save(editor, { ...valid, nameZh: "最新新闻", nameEn: "The newest" });
    expect(created.message.code).toBe("SUCCESS");
    const page = await list(editor, { type: NEWS, index: 1 });
    expect(page.list.map((r) => r.nameEn).slice(0, 2)).toEqual(["The Fifth Workers' Congress opens", "The newest"]);
  });

  test("pages hold 15 by default, any size up to 50 may be asked, and a page number is clamped to 1..max", async () => {
    const editor = await t.as("cn000002");
    for (let i = 1; i <= 12; i++) {
      t.clock.advance(1000);
      expect((await save(editor, { ...valid, type: NOTICE, nameZh: `通知${i}`, nameEn: `Notice ${i}` })).message.code).toBe("SUCCESS");
    }
    const first = await list(editor, { type: NOTICE, index: 1 });
    expect(first).toMatchObject({ count: 18, max: 2, index: 1 });
    expect(first.list).toHaveLength(15);
    expect(first.list[0]!.nameEn).toBe("Notice 12");
    const second = await list(editor, { type: NOTICE, index: 2 });
    expect(second.list).toHaveLength(3);
    expect(second.list.map((r) => r.nameEn).at(-1)).toBe("Planned maintenance");
    expect(await list(editor, { type: NOTICE, index: 9 })).toMatchObject({ index: 2, max: 2 });
    expect(await list(editor, { type: NOTICE, index: 0 })).toMatchObject({ index: 1 });
    expect(await list(editor, { type: NOTICE, index: -3 })).toMatchObject({ index: 1 });
    expect(await list(editor, { type: NOTICE })).toMatchObject({ index: 1 });
    const small = await list(editor, { type: NOTICE, index: 3, size: 5 });
    expect(small).toMatchObject({ index: 3, max: 4, count: 18 });
    expect(small.list).toHaveLength(5);
    expect((await list(editor, { type: NOTICE, index: 1, size: 50 })).list).toHaveLength(18);
    for (const size of [0, 51]) expect((await editor.call("/news/list", { type: NOTICE, index: 1, size })).message.code).toBe("ERROR_PARAMS");
  });

  test("an empty list is one page of nothing", async () => {
    await t.db.delete(news).where(eq(news.type, NOTICE));
    expect(await list(await t.as("cn100001"), { type: NOTICE, index: 4 })).toMatchObject({ list: [], count: 0, max: 1, index: 1 });
  });

  test("a type that is not news or notice is refused by name", async () => {
    const member = await t.as("cn100001");
    expect((await member.call("/news/list", { type: 2103, index: 1 })).message).toMatchObject({ code: "ERROR_PARAMS", params: { field: "type" } });
    expect((await member.call("/news/list", { type: "news", index: 1 })).message.code).toBe("ERROR_PARAMS");
  });
});

describe("opening an item", () => {
  test("opening a notice answers its contents and marks it read for that member only, once", async () => {
    const member = await t.as("cn100002");
    const [notice] = (await list(member, { type: NOTICE, index: 1 })).list;
    expect(notice!.checked).toBe(false);
    const answer = await open(member, notice!.id);
    expect(answer.message.code).toBe("SUCCESS");
    expect(answer.news).toMatchObject({ id: notice!.id, type: { id: NOTICE }, nameZh: notice!.nameZh, checked: true, date: notice!.date });
    expect(answer.news!.contentZh).toContain("<p>各位会员");
    expect(answer.news!.contentEn).toContain("<p>Dear members");
    expect((await list(member, { type: NOTICE, index: 1 })).list[0]!.checked).toBe(true);
    // Opening again changes nothing; the other member's mark is untouched.
    expect((await open(member, notice!.id)).message.code).toBe("SUCCESS");
    const reads = await t.db.select().from(newsReads).where(eq(newsReads.newsId, notice!.id));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ userId: await userId("cn100002"), readAt: START });
    expect((await list(await t.as("cn100001"), { type: NOTICE, index: 1 })).list[0]!.checked).toBe(false);
  });

  test("an item that does not exist answers ERROR_RESULT_NULL and records nothing", async () => {
    const member = await t.as("cn100001");
    expect((await open(member, 999_999)).message.code).toBe("ERROR_RESULT_NULL");
    expect((await member.call("/news/info", {})).message.code).toBe("ERROR_PARAMS");
  });

  test("contents are cleaned as they leave, whatever was stored", async () => {
    const [row] = await t.db
      .insert(news)
      .values({
        type: NEWS,
        nameZh: "旧数据",
        nameEn: "Old row",
        contentZh: `<p onclick="alert(1)">好<script>alert(1)</script></p><img src=x onerror=alert(1)><a href="javascript:alert(1)">点</a>`,
        contentEn: `<svg><script>alert(1)</script></svg><p class="ql-align-center">Fine</p><iframe src="https://evil.example"></iframe>`,
        date: START,
        createdAt: START,
        updatedAt: START,
      })
      .returning({ id: news.id });
    const answer = await open(await t.as("cn100001"), row!.id);
    expect(answer.news!.contentZh).toBe(`<p>好</p><img><a>点</a>`);
    expect(answer.news!.contentEn).toBe(`<p class="ql-align-center">Fine</p>`);
  });

  test("a visitor who is not signed in may neither list nor open", async () => {
    const visitor = t.client();
    expect((await visitor.call("/news/list", { type: NOTICE, index: 1 })).message.code).toBe("ERROR_LOGIN_CODE");
    expect((await visitor.call("/news/info", { id: 1 })).message.code).toBe("ERROR_LOGIN_CODE");
  });
});

describe("the editor", () => {
  test("an editor publishes a pinned news item with an uploaded cover; it is dated now and logged", async () => {
    const editor = await t.as("cn000002");
    const face = await uploadCover(editor);
    const answer = await save(editor, { ...valid, face, isTop: true, contentZh: `<p>有图<img src="${face}"></p>` });
    expect(answer.message.code).toBe("SUCCESS");
    const detail = await open(editor, answer.id!);
    expect(detail.news).toMatchObject({ type: { id: NEWS }, nameZh: "新闻标题", nameEn: "A news title", face, isTop: true, date: START.toISOString() });
    expect(detail.news!.contentZh).toBe(`<p>有图<img src="${face}"></p>`);
    const [log] = await t.db.select().from(operationLog).where(and(eq(operationLog.action, "news.update"), eq(operationLog.targetId, String(answer.id))));
    expect(log).toMatchObject({ userId: await userId("cn000002"), targetEntity: "news", detail: "create: 新闻标题" });
  });

  test("titles are trimmed and angle brackets escaped", async () => {
    const editor = await t.as("cn000002");
    const answer = await save(editor, { ...valid, nameZh: "  <b>标题</b>  ", nameEn: " a > b " });
    const [row] = await t.db.select().from(news).where(eq(news.id, answer.id!));
    expect(row).toMatchObject({ nameZh: "&lt;b&gt;标题&lt;/b&gt;", nameEn: "a &gt; b" });
  });

  test("a script payload is stored clean and answered clean", async () => {
    const editor = await t.as("cn000002");
    const payload = `<p>Hello<script>document.cookie</script><img src="/api/file/get?key=x" onerror="alert(1)"></p><a href="javascript:alert(1)" onmouseover="alert(2)">link</a><p style="color:red">x</p>`;
    const answer = await save(editor, { ...valid, contentZh: payload, contentEn: `<math><mi xlink:href="javascript:alert(1)">x</mi></math><p>ok</p>` });
    expect(answer.message.code).toBe("SUCCESS");
    const [row] = await t.db.select().from(news).where(eq(news.id, answer.id!));
    const clean = `<p>Hello<img src="/api/file/get?key=x"></p><a>link</a><p>x</p>`;
    expect(row!.contentZh).toBe(clean);
    expect(row!.contentEn).toBe(`<p>ok</p>`);
    expect((await open(editor, answer.id!)).news!.contentZh).toBe(clean);
  });

  test("a notice keeps no cover and no pin", async () => {
    const editor = await t.as("cn000002");
    const face = await uploadCover(editor);
    const answer = await save(editor, { ...valid, type: NOTICE, face, isTop: true });
    expect((await open(editor, answer.id!)).news).toMatchObject({ type: { id: NOTICE }, face: null, isTop: false });
  });

  test("every field is checked, by name, and a refused save writes nothing", async () => {
    const editor = await t.as("cn000002");
    const before = await newsRows();
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ ...valid, nameZh: "" }, { field: "nameZh" }],
      [{ ...valid, nameZh: "   " }, { field: "nameZh" }],
      [{ ...valid, nameEn: "" }, { field: "nameEn" }],
      [{ ...valid, nameEn: " \n " }, { field: "nameEn" }],
      [{ ...valid, nameZh: "长".repeat(101) }, { field: "nameZh", max: 100 }],
      [{ ...valid, nameEn: "x".repeat(101) }, { field: "nameEn", max: 100 }],
      [{ ...valid, contentZh: "x".repeat(50_001) }, { field: "contentZh", max: 50_000 }],
      [{ ...valid, contentEn: "x".repeat(50_001) }, { field: "contentEn", max: 50_000 }],
      [{ ...valid, type: 2201 }, { field: "type" }],
      [{ ...valid, face: "https://elsewhere.example/cover.png" }, { field: "face" }],
      [{ ...valid, face: "data:image/png;base64,AAAA" }, { field: "face" }],
      // The shape of our address, but nothing we ever received.
      [{ ...valid, face: `/api/file/get?key=${"a".repeat(64)}.png` }, { field: "face" }],
    ];
    for (const [payload, params] of cases) {
      expect({ payload: JSON.stringify(payload).slice(0, 80), message: (await save(editor, payload)).message }).toEqual({
        payload: JSON.stringify(payload).slice(0, 80),
        message: expect.objectContaining({ code: "ERROR_PARAMS", params }),
      });
    }
    // A title of exactly 100 characters is fine.
    expect((await save(editor, { ...valid, nameZh: "长".repeat(100) })).message.code).toBe("SUCCESS");
    expect((await newsRows()).length).toBe(before.length + 1);
    // Fields the call does not know, and missing ones, are refused before anything runs.
    expect((await save(editor, { ...valid, author: "me" })).message.code).toBe("ERROR_PARAMS");
    expect((await save(editor, { type: NEWS, nameZh: "x", nameEn: "y" })).message.code).toBe("ERROR_PARAMS");
  });

  test("editing keeps the publication date and changes the rest; a missing item answers ERROR_RESULT_NULL", async () => {
    const editor = await t.as("cn000002");
    const [item] = (await list(editor, { type: NEWS, index: 1 })).list.filter((r) => r.face && !r.isTop);
    t.clock.advance(3_600_000);
    const answer = await save(editor, { ...valid, id: item!.id, nameZh: "改过的标题", face: null, isTop: true });
    expect(answer).toMatchObject({ message: { code: "SUCCESS" }, id: item!.id });
    const detail = (await open(editor, item!.id)).news!;
    expect(detail).toMatchObject({ nameZh: "改过的标题", nameEn: "A news title", face: null, isTop: true, date: item!.date, contentEn: "<p>Body</p>" });
    const [row] = await t.db.select().from(news).where(eq(news.id, item!.id));
    expect(row!.updatedAt.getTime()).toBe(START.getTime() + 3_600_000);
    const [log] = await t.db.select().from(operationLog).where(and(eq(operationLog.action, "news.update"), eq(operationLog.targetId, String(item!.id))));
    expect(log!.detail).toBe("edit: 改过的标题");
    expect((await save(editor, { ...valid, id: 999_999 })).message.code).toBe("ERROR_RESULT_NULL");
    t.clock.reset();
  });

  test("an item may be moved from news to notices, losing its cover and pin", async () => {
    const editor = await t.as("cn000002");
    const [pinned] = (await list(editor, { type: NEWS, index: 1 })).list;
    const [row] = await t.db.select().from(news).where(eq(news.id, pinned!.id));
    expect((await save(editor, { ...valid, id: pinned!.id, type: NOTICE, face: row!.face, isTop: true })).message.code).toBe("SUCCESS");
    expect((await open(editor, pinned!.id)).news).toMatchObject({ type: { id: NOTICE }, face: null, isTop: false });
    expect((await list(editor, { type: NEWS, index: 1 })).count).toBe(5);
  });

  test("a seeded cover may be kept when its item is edited", async () => {
    const editor = await t.as("cn000002");
    const [pinned] = (await list(editor, { type: NEWS, index: 1 })).list;
    expect((await save(editor, { ...valid, id: pinned!.id, face: pinned!.face, isTop: true })).message.code).toBe("SUCCESS");
  });

  test("deleting removes the item and its read marks, and is logged; a second delete finds nothing", async () => {
    const editor = await t.as("cn000002");
    const member = await t.as("cn100001");
    const [notice] = (await list(member, { type: NOTICE, index: 1 })).list;
    await open(member, notice!.id);
    const answer = await editor.call("/news/delete", { id: notice!.id });
    expect(answer).toMatchObject({ message: { code: "SUCCESS" }, type: { id: NOTICE } });
    expect(await t.db.select().from(news).where(eq(news.id, notice!.id))).toEqual([]);
    expect(await t.db.select().from(newsReads).where(eq(newsReads.newsId, notice!.id))).toEqual([]);
    expect((await open(member, notice!.id)).message.code).toBe("ERROR_RESULT_NULL");
    const [log] = await t.db.select().from(operationLog).where(eq(operationLog.action, "news.delete"));
    expect(log).toMatchObject({ targetEntity: "news", targetId: String(notice!.id), detail: notice!.nameZh, userId: await userId("cn000002") });
    expect((await editor.call("/news/delete", { id: notice!.id })).message.code).toBe("ERROR_RESULT_NULL");
  });

  test("only holders of FUNCTION_NEWS_EDIT may save or delete; members and the operator are refused and nothing changes", async () => {
    const before = await newsRows();
    const [some] = before;
    for (const account of ["cn100001", "cn100002", "cn000003"]) {
      const c = await t.as(account);
      expect((await save(c, valid)).message.code).toBe("ERROR_NOT_POWER");
      expect((await save(c, { ...valid, id: some!.id })).message.code).toBe("ERROR_NOT_POWER");
      expect((await c.call("/news/delete", { id: some!.id })).message.code).toBe("ERROR_NOT_POWER");
    }
    const visitor = t.client();
    expect((await save(visitor, valid)).message.code).toBe("ERROR_LOGIN_CODE");
    expect((await visitor.call("/news/delete", { id: some!.id })).message.code).toBe("ERROR_LOGIN_CODE");
    expect(await newsRows()).toEqual(before);
    // The administrator holds every power.
    const admin = await t.as("cn000001");
    expect((await save(admin, valid)).message.code).toBe("SUCCESS");
    expect((await admin.call("/news/delete", { id: some!.id })).message.code).toBe("SUCCESS");
  });
});
