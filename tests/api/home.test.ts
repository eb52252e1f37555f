// The home page's calls (spec 2 sections 2, 3, 5, 7 and 9; issue 9 items 1
// and 2): banners for staff and the carousel for members, the showcase
// modules, the site's side links, the health section's entry key, and the
// editor's announcement shown once per member.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, asc, eq } from "drizzle-orm";
import { activities, announcementReads, announcements, banners, modules, news, operationLog } from "../../src/db/schema";
import { drawCover } from "../../src/db/seed/covers";
import { readEntryKey, entrySecret } from "../../src/domains/system/entry-key";
import type { ApiClient } from "../../src/protocol/client";
import { ACTIVITY_STATE, JUMP_KIND, MODULE_MODEL, MODULE_SHOW, NEWS_TYPE } from "../../src/protocol/enumerations";
import { START, startTestApp, type TestApp } from "../helpers/app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t.close());

const DAY = 86_400_000;
const at = (days: number) => new Date(START.getTime() + days * DAY).toISOString();

type Banner = {
  id: number;
  nameZh: string;
  nameEn: string;
  name?: string;
  index: number;
  show: string | null;
  hide: string | null;
  jump: { id: number } | null;
  param: string | null;
  params: { key: number; mobile: { page: string; params: Record<string, string> }; web: { page: string; path: string; params: Record<string, string> } } | null;
  face: string | null;
};
type BannerPage = { list: Banner[]; count: number; index: number; max: number };

const list = (c: ApiClient, index?: number) => c.call<BannerPage>("/manager/banner/list", index === undefined ? {} : { index });
const save = (c: ApiClient, params: Record<string, unknown>) => c.call<{ info: Banner }>("/manager/banner/save", { params });
const online = async (c: ApiClient) => (await c.call<{ list: Banner[] }>("/banner/list")).list!;
const cleanBanners = () => t.db.delete(banners).where(eq(banners.nameEn, "test"));

async function ids() {
  const [activityModule] = await t.db.select().from(modules).where(eq(modules.model, MODULE_MODEL.MODULE_MODEL_ACTIVITY)).orderBy(asc(modules.id)).limit(1);
  const [activity] = await t.db.select().from(activities).where(eq(activities.moduleId, activityModule!.id)).orderBy(asc(activities.id)).limit(1);
  return { module: activityModule!.id, activity: activity!.id };
}

describe("the demo banners", () => {
  test("the carousel shows the banners online now, highest order first, each leading to a demo row that exists", async () => {
    const member = await t.as("cn100001");
    const shown = await online(member);
    expect(shown.length).toBeGreaterThanOrEqual(2);
    expect(shown.map((b) => b.index)).toEqual([...shown.map((b) => b.index)].sort((a, b) => b - a));
    const { module, activity } = await ids();
    expect(shown[0]).toMatchObject({ jump: { id: JUMP_KIND.MODULE_INFO }, param: String(module), params: { web: { path: `/activity/module?id=${module}` }, mobile: { page: "module", params: { module: String(module) } } } });
    expect(shown.find((b) => b.jump?.id === JUMP_KIND.ACTIVITY_INFO)).toMatchObject({ param: String(activity), params: { web: { path: `/activity/info?id=${activity}` } } });
    for (const b of shown) {
      expect(b.face).toMatch(/^\/api\/file\/get\?key=[0-9a-f]{64}\.png$/);
      const res = await t.fetch(b.face!);
      expect(res.headers.get("content-type")).toBe("image/png");
      expect(b.name).toBe(b.nameZh);
    }
    // The scheduled one is in the staff list but not on the carousel.
    expect(shown.some((b) => b.nameEn === "The spring walk is coming")).toBe(false);
    const staff = await list(await t.as("cn000002"));
    expect(staff.list!.find((b) => b.nameEn === "The spring walk is coming")).toMatchObject({ show: at(10), hide: at(40), jump: null, params: null });
  });

  test("a member reading in English gets the English name", async () => {
    const member = await t.as("cn100002");
    await member.call("/user/language", { language: 902 });
    const [first] = await online(member);
    expect(first!.name).toBe(first!.nameEn);
  });
});

describe("banner management", () => {
  test("an editor creates a banner with an uploaded image, reads it, edits it and deletes it; each write is logged", async () => {
    const editor = await t.as("cn000002");
    const png = drawCover("#112233", "#445566", 90, 36);
    const upload = await editor.upload<{ path: string }>("/file/upload/image", new Blob([png as Uint8Array<ArrayBuffer>]), "banner.png");
    expect(upload.message.code).toBe("SUCCESS");
    const { activity } = await ids();
    const created = await save(editor, { nameZh: "  <b>新横幅</b> ", nameEn: "test", index: 7, show: at(-1), hide: at(1), jump: JUMP_KIND.ACTIVITY_INFO, param: ` ${activity} `, face: upload.path });
    expect(created.message.code).toBe("SUCCESS");
    expect(created.info).toMatchObject({ nameZh: "&lt;b&gt;新横幅&lt;/b&gt;", nameEn: "test", index: 7, show: at(-1), hide: at(1), param: String(activity), face: upload.path });
    const id = created.info!.id;
    expect((await editor.call<{ info: Banner }>("/manager/banner/info", { id })).info).toEqual(created.info!);
    expect((await online(await t.as("cn100001"))).some((b) => b.id === id)).toBe(true);

    const edited = await save(editor, { id, nameZh: "改过", nameEn: "test", jump: null, param: "ignored" });
    expect(edited.info).toMatchObject({ id, nameZh: "改过", index: 1, show: null, hide: null, jump: null, param: null, params: null, face: null });
    expect((await editor.call("/manager/banner/delete", { id })).message.code).toBe("SUCCESS");
    expect((await editor.call("/manager/banner/info", { id })).message.code).toBe("ERROR_RESULT_NULL");
    expect((await editor.call("/manager/banner/delete", { id })).message.code).toBe("ERROR_RESULT_NULL");
    expect((await save(editor, { id, nameZh: "x", nameEn: "test" })).message.code).toBe("ERROR_RESULT_NULL");
    const logged = await t.db.select().from(operationLog).where(and(eq(operationLog.targetEntity, "banner"), eq(operationLog.targetId, String(id))));
    expect(logged.map((l) => l.action).sort()).toEqual(["banner.delete", "banner.save", "banner.save"]);
  });

  test("every validation message of spec 2 section 5 names its field, and nothing is written", async () => {
    const editor = await t.as("cn000002");
    const { module } = await ids();
    const before = (await list(editor)).count;
    const field = async (params: Record<string, unknown>) => (await save(editor, params)).message;
    expect(await field({ nameZh: "   ", nameEn: "test" })).toMatchObject({ code: "ERROR_PARAMS", params: { field: "nameZh" } });
    expect(await field({ nameZh: "中", nameEn: " " })).toMatchObject({ code: "ERROR_PARAMS", params: { field: "nameEn" } });
    // A target that needs its parameter: '请填写跳转参数:' and the parameter's name.
    for (const jump of Object.values(JUMP_KIND)) {
      expect(await field({ nameZh: "中", nameEn: "test", jump })).toMatchObject({ code: "ERROR_PARAMS", params: { field: "param", name: "id" } });
      expect(await field({ nameZh: "中", nameEn: "test", jump, param: "   " })).toMatchObject({ params: { field: "param", name: "id" } });
    }
    expect(await field({ nameZh: "中", nameEn: "test", jump: 999 })).toMatchObject({ params: { field: "jump" } });
    // A target that does not exist, or of the other kind.
    expect(await field({ nameZh: "中", nameEn: "test", jump: JUMP_KIND.MODULE_INFO, param: "99999" })).toMatchObject({ params: { field: "param", reason: "target" } });
    expect(await field({ nameZh: "中", nameEn: "test", jump: JUMP_KIND.MARKET_LIST, param: String(module) })).toMatchObject({ params: { field: "param", reason: "target" } });
    expect(await field({ nameZh: "中", nameEn: "test", jump: JUMP_KIND.ACTIVITY_INFO, param: "1x" })).toMatchObject({ params: { field: "param" } });
    expect(await field({ nameZh: "中", nameEn: "test", show: "not a time" })).toMatchObject({ params: { field: "show" } });
    expect(await field({ nameZh: "中", nameEn: "test", hide: "soon" })).toMatchObject({ params: { field: "hide" } });
    expect(await field({ nameZh: "中", nameEn: "test", show: at(2), hide: at(1) })).toMatchObject({ params: { field: "hide" } });
    expect(await field({ nameZh: "中", nameEn: "test", face: "https://evil.example.com/x.png" })).toMatchObject({ params: { field: "face" } });
    // The order is sent only when above 0: 0 or a fraction is not a banner's order.
    expect((await save(editor, { nameZh: "中", nameEn: "test", index: 0 })).message.code).toBe("ERROR_PARAMS");
    expect((await save(editor, { nameZh: "中", nameEn: "test", index: 1.5 })).message.code).toBe("ERROR_PARAMS");
    expect((await save(editor, { nameZh: "中", nameEn: "test", extra: 1 })).message.code).toBe("ERROR_PARAMS");
    expect((await list(editor)).count).toBe(before);
  });

  test("a news item and market targets are accepted when they exist", async () => {
    const editor = await t.as("cn000002");
    const [market] = await t.db.insert(modules).values({ nameZh: "礼品", nameEn: "Gifts", year: 2026, model: MODULE_MODEL.MODULE_MODEL_MARKET, createdAt: START }).returning();
    const [item] = await t.db.insert(activities).values({ moduleId: market!.id, state: ACTIVITY_STATE.ACTIVITY_STATE_NORMAL, nameZh: "杯子", nameEn: "Mug", createdAt: START, updatedAt: START }).returning();
    const [story] = await t.db.insert(news).values({ type: NEWS_TYPE.NEWS_TYPE_NOTICE, nameZh: "通知", nameEn: "Notice", date: START, createdAt: START, updatedAt: START } as typeof news.$inferInsert).returning();
    try {
      const market1 = await save(editor, { nameZh: "商城", nameEn: "test", jump: JUMP_KIND.MARKET_LIST, param: String(market!.id) });
      expect(market1.info!.params).toMatchObject({ key: JUMP_KIND.MARKET_LIST, web: { page: "marketIndex", path: `/market?id=${market!.id}` }, mobile: { page: "marketList", params: { id: String(market!.id) } } });
      const item1 = await save(editor, { nameZh: "商品", nameEn: "test", jump: JUMP_KIND.MARKET_INFO, param: String(item!.id) });
      expect(item1.info!.params!.web.path).toBe(`/market/info?id=${item!.id}`);
      const story1 = await save(editor, { nameZh: "公告", nameEn: "test", jump: JUMP_KIND.CONTENT_INFO, param: String(story!.id) });
      expect(story1.info!.params).toMatchObject({ web: { page: "newsInfo", path: `/news/info?id=${story!.id}` }, mobile: { page: "contentInfo" } });
      // An activity id is not a market item.
      const { activity } = await ids();
      expect((await save(editor, { nameZh: "x", nameEn: "test", jump: JUMP_KIND.MARKET_INFO, param: String(activity) })).message.params).toMatchObject({ field: "param" });
    } finally {
      await cleanBanners();
      await t.db.delete(news).where(eq(news.id, story!.id));
      await t.db.delete(activities).where(eq(activities.id, item!.id));
      await t.db.delete(modules).where(eq(modules.id, market!.id));
    }
  });

  test("the list pages by 30, highest order first, and clamps the page asked for", async () => {
    const editor = await t.as("cn000002");
    const before = (await list(editor)).count!;
    await t.db.insert(banners).values(Array.from({ length: 40 }, (_, i) => ({ nameZh: `横幅${i}`, nameEn: "test", sortIndex: 1000 + i, createdAt: START, updatedAt: START })));
    try {
      const first = await list(editor);
      expect(first).toMatchObject({ count: before + 40, index: 1, max: Math.ceil((before + 40) / 30) });
      expect(first.list).toHaveLength(30);
      expect(first.list![0]!.index).toBe(1039);
      expect(first.list!.map((b) => b.index)).toEqual([...first.list!.map((b) => b.index)].sort((a, b) => b - a));
      const second = await list(editor, 2);
      expect(second.list).toHaveLength(before + 10);
      expect(second.list![0]!.index).toBe(1009);
      expect((await list(editor, 99)).index).toBe(2);
      expect((await list(editor, -3)).index).toBe(1);
    } finally {
      await cleanBanners();
    }
  });

  test("online windows: from the online time (inclusive) to the offline time (exclusive); a missing time is no bound", async () => {
    const editor = await t.as("cn000002");
    const member = await t.as("cn100001");
    const now = START.toISOString();
    await save(editor, { nameZh: "正好上线", nameEn: "test", show: now, hide: at(1) });
    await save(editor, { nameZh: "正好下线", nameEn: "test", show: at(-1), hide: now });
    await save(editor, { nameZh: "未上线", nameEn: "test", show: at(1) });
    await save(editor, { nameZh: "已下线", nameEn: "test", hide: at(-1) });
    await save(editor, { nameZh: "不限", nameEn: "test" });
    try {
      const names = (await online(member)).filter((b) => b.nameEn === "test").map((b) => b.nameZh);
      expect(names.sort()).toEqual(["不限", "正好上线"].sort());
      t.clock.advance(DAY + 1);
      // A day later the sign-in has lapsed: sign in again.
      const later = (await online(await t.as("cn100001"))).filter((b) => b.nameEn === "test").map((b) => b.nameZh);
      expect(later.sort()).toEqual(["不限", "未上线"].sort());
    } finally {
      t.clock.reset();
      await cleanBanners();
    }
  });

  test("modules put on the home carousel join it in their window, after the banners, each opening its module", async () => {
    const member = await t.as("cn100001");
    const face = "/api/file/get?key=" + "a".repeat(64) + ".png";
    const on = (over: Partial<typeof modules.$inferInsert>) =>
      t.db.insert(modules).values({ nameZh: "轮播模块", nameEn: "Carousel module", year: 2026, model: MODULE_MODEL.MODULE_MODEL_ACTIVITY, isTitle: true, titleFace: face, createdAt: START, ...over }).returning();
    const [shown] = await on({ showEnd: new Date(at(2)) });
    const [market] = await on({ model: MODULE_MODEL.MODULE_MODEL_MARKET, showStart: new Date(at(-1)), showEnd: new Date(at(2)) });
    const [later] = await on({ showStart: new Date(at(1)), showEnd: new Date(at(2)) });
    const [ended] = await on({ showEnd: new Date(at(-1)) });
    const [off] = await on({ isTitle: false, showEnd: new Date(at(2)) });
    try {
      const list = (await online(member)) as (Banner & { key: string })[];
      const fromModules = list.filter((b) => b.key.startsWith("module-"));
      expect(fromModules.map((b) => b.key)).toEqual([`module-${shown!.id}`, `module-${market!.id}`]);
      expect(list.findIndex((b) => b.key.startsWith("module-"))).toBe(list.length - 2);
      expect(fromModules[0]).toMatchObject({ face, params: { web: { path: `/activity/module?id=${shown!.id}` } } });
      expect(fromModules[1]).toMatchObject({ params: { web: { path: `/market?id=${market!.id}` } } });
      expect(new Set(list.map((b) => b.key)).size).toBe(list.length);
    } finally {
      for (const m of [shown, market, later, ended, off]) await t.db.delete(modules).where(eq(modules.id, m!.id));
    }
  });

  test("only FUNCTION_ACTIVITY_EDIT manages banners; the carousel is for signed-in members", async () => {
    const member = await t.as("cn100001");
    const operator = await t.as("cn000003");
    for (const c of [member, operator]) {
      expect((await list(c)).message.code).toBe("ERROR_NOT_POWER");
      expect((await c.call("/manager/banner/info", { id: 1 })).message.code).toBe("ERROR_NOT_POWER");
      expect((await save(c, { nameZh: "x", nameEn: "test" })).message.code).toBe("ERROR_NOT_POWER");
      expect((await c.call("/manager/banner/delete", { id: 1 })).message.code).toBe("ERROR_NOT_POWER");
      expect((await c.call("/manager/announcement/list", {})).message.code).toBe("ERROR_NOT_POWER");
    }
    expect((await list(await t.as("cn000001"))).message.code).toBe("SUCCESS");
    expect((await t.client().call("/banner/list")).message.code).toBe("ERROR_LOGIN_CODE");
    expect((await t.client().call("/entry/key")).message.code).toBe("ERROR_LOGIN_CODE");
  });
});

describe("the module buttons", () => {
  test("/activity/module/clubmed answers the clubs' module; /activity/module/title the showcase's id, or null", async () => {
    const member = await t.as("cn100001");
    const { module } = await ids();
    const club = await member.call<{ module: { id: number; showTitle: number } | null }>("/activity/module/clubmed");
    expect(club.module).toMatchObject({ id: module, showTitle: MODULE_SHOW.MODULE_SHOW_CLUB });
    expect((await member.call<{ id: number | null }>("/activity/module/title", { type: MODULE_SHOW.MODULE_SHOW_CLUB })).id).toBe(module);
    expect((await member.call<{ id: number | null }>("/activity/module/title", { type: MODULE_SHOW.MODULE_SHOW_GROUP })).id).toBeNull();
    // The demo's market is the gift showcase.
    const [demoGift] = await t.db.select().from(modules).where(eq(modules.showTitle, MODULE_SHOW.MODULE_SHOW_GIFT));
    expect((await member.call<{ id: number | null }>("/activity/module/title", { type: MODULE_SHOW.MODULE_SHOW_GIFT })).id).toBe(demoGift!.id);
    const [market] = await t.db.insert(modules).values({ nameZh: "礼品", nameEn: "Gifts", year: START.getUTCFullYear() + 1, model: MODULE_MODEL.MODULE_MODEL_MARKET, showTitle: MODULE_SHOW.MODULE_SHOW_GIFT, createdAt: START }).returning();
    const [old] = await t.db.insert(modules).values({ nameZh: "旧礼品", nameEn: "Old gifts", year: 2024, model: MODULE_MODEL.MODULE_MODEL_MARKET, showTitle: MODULE_SHOW.MODULE_SHOW_GIFT, createdAt: START }).returning();
    try {
      // Several modules fill it: the newest year's wins.
      expect((await member.call<{ id: number | null }>("/activity/module/title", { type: MODULE_SHOW.MODULE_SHOW_GIFT })).id).toBe(market!.id);
    } finally {
      await t.db.delete(modules).where(eq(modules.id, market!.id));
      await t.db.delete(modules).where(eq(modules.id, old!.id));
    }
    await t.db.update(modules).set({ showTitle: null }).where(eq(modules.id, module));
    try {
      expect((await member.call<{ module: unknown }>("/activity/module/clubmed")).module).toBeNull();
    } finally {
      await t.db.update(modules).set({ showTitle: MODULE_SHOW.MODULE_SHOW_CLUB }).where(eq(modules.id, module));
    }
  });
});

describe("side links and the health section", () => {
  test("/system/site answers the union mailbox, the support line, the help document and the social QR, which the server draws", async () => {
    const site = await (await t.as("cn100001")).call<Record<string, string>>("/system/site");
    expect(site).toMatchObject({ unionMail: "union@example.com", supportMail: "union-support@example.com", supportPhone: "021-6000 0000" });
    expect(site.helpUrl).toMatch(/^https:\/\//);
    expect(site.socialQr).toMatch(/^\/api\/file\/get\?key=[0-9a-f]{64}\.png$/);
    // Drawn once: the same address every time.
    expect((await t.client().call<{ socialQr: string }>("/system/site")).socialQr).toBe(site.socialQr!);
    const res = await t.fetch(site.socialQr!);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect([...new Uint8Array(await res.arrayBuffer()).slice(1, 4)]).toEqual([80, 78, 71]);
  });

  test("the side links are settings", async () => {
    const other = await startTestApp({ UNION_MAIL: "gh@corp.example.com", SUPPORT_PHONE: "400-000-0000", HELP_URL: "https://corp.example.com/help", SOCIAL_QR_IMAGE: "/qr.png", HEALTH_URL: "https://health.corp.example.com/" });
    try {
      const c = await other.as("cn100001");
      expect(await c.call("/system/site")).toMatchObject({ unionMail: "gh@corp.example.com", supportPhone: "400-000-0000", helpUrl: "https://corp.example.com/help", socialQr: "/qr.png" });
      expect((await c.call<{ url: string }>("/entry/key")).url).toBe("https://health.corp.example.com");
    } finally {
      await other.close();
    }
  });

  test("/entry/key answers a key the health section can trust: signed, naming the member, short-lived, each one different", async () => {
    const member = await t.as("cn100001");
    const a = await member.call<{ key: string; url: string; expires: number }>("/entry/key");
    const b = await member.call<{ key: string }>("/entry/key");
    expect(a.url).toBe("https://health.union.example.com");
    expect(a.key).not.toBe(b.key);
    const secret = entrySecret(t.config);
    const claims = readEntryKey(secret, a.key!, START.getTime());
    expect(claims).toMatchObject({ v: 1, sub: "cn100001", lang: "zh", iat: START.getTime(), exp: START.getTime() + 60_000 });
    expect(a.expires).toBe(claims!.exp);
    expect(claims!.jti).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // Expired, forged, tampered or signed with another secret: refused.
    expect(readEntryKey(secret, a.key!, START.getTime() + 60_000)).toBeNull();
    expect(readEntryKey("another secret of at least thirty-two characters", a.key!, START.getTime())).toBeNull();
    const [payload, sig] = a.key!.split(".");
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: "cn000001" })).toString("base64url");
    expect(readEntryKey(secret, `${forged}.${sig}`, START.getTime())).toBeNull();
    expect(readEntryKey(secret, `${payload}.${sig}.x`, START.getTime())).toBeNull();
    expect(readEntryKey(secret, "garbage", START.getTime())).toBeNull();
  });

  test("with HEALTH_ENTRY_SECRET set, keys are signed with it", async () => {
    const secret = "s".repeat(40);
    const other = await startTestApp({ HEALTH_ENTRY_SECRET: secret });
    try {
      const key = (await (await other.as("cn100002")).call<{ key: string }>("/entry/key")).key!;
      expect(readEntryKey(secret, key, START.getTime())).toMatchObject({ sub: "cn100002" });
    } finally {
      await other.close();
    }
  });
});

type Announcement = { id: number; titleZh: string; titleEn: string; bodyZh: string; bodyEn: string; show: string; hide: string };

describe("the announcement", () => {
  const current = async (c: ApiClient) => (await c.call<{ announcement: Announcement | null }>("/announcement/current")).announcement;

  test("the demo greeting is shown once per member: after it is marked seen it is not answered again, while others still get it", async () => {
    const member = await t.as("cn100001");
    const shown = await current(member);
    expect(shown).toMatchObject({ titleZh: "新春快乐！节日礼品兑换开始啦", show: at(-3), hide: at(21) });
    expect(shown!.bodyZh).toContain("union-support@example.com");
    expect(shown!.bodyEn).toContain("every Monday");
    expect((await member.call("/announcement/seen", { id: shown!.id })).message.code).toBe("SUCCESS");
    expect((await member.call("/announcement/seen", { id: shown!.id })).message.code).toBe("SUCCESS");
    expect(await current(member)).toBeNull();
    expect(await current(await t.as("cn100001"))).toBeNull();
    expect((await current(await t.as("cn100002")))?.id).toBe(shown!.id);
    expect((await member.call("/announcement/seen", { id: 999999 })).message.code).toBe("ERROR_RESULT_NULL");
    await t.db.delete(announcementReads);
  });

  test("an editor lists, creates, edits and deletes announcements; the window decides who sees what, the newest first", async () => {
    const editor = await t.as("cn000002");
    const member = await t.as("cn100002");
    const body = { titleZh: " 通知 ", titleEn: "Notice", bodyZh: "第一行\r\n\r\n\r\n<第二行>  ", bodyEn: "Line one\nLine two", show: at(-1), hide: at(2) };
    const saved = await editor.call<{ announcement: Announcement }>("/manager/announcement/save", { announcement: body });
    expect(saved.message.code).toBe("SUCCESS");
    expect(saved.announcement).toMatchObject({ titleZh: "通知", bodyZh: "第一行\n\n&lt;第二行&gt;", bodyEn: "Line one\nLine two" });
    const id = saved.announcement!.id;
    // It started after the demo one: it is the one shown.
    expect((await current(member))?.id).toBe(id);
    const page = await editor.call<{ list: Announcement[]; count: number; index: number; max: number }>("/manager/announcement/list", {});
    expect(page).toMatchObject({ count: 2, index: 1, max: 1 });
    expect(page.list![0]!.id).toBe(id);
    // Moved to the future: not shown now.
    await editor.call("/manager/announcement/save", { announcement: { ...body, id, show: at(1) } });
    expect((await current(member))?.id).not.toBe(id);
    t.clock.advance(DAY + 1);
    try {
      expect((await current(await t.as("cn100002")))?.id).toBe(id);
    } finally {
      t.clock.reset();
    }
    expect((await editor.call("/manager/announcement/delete", { id })).message.code).toBe("SUCCESS");
    expect((await editor.call("/manager/announcement/delete", { id })).message.code).toBe("ERROR_RESULT_NULL");
    expect((await editor.call("/manager/announcement/save", { announcement: { ...body, id } })).message.code).toBe("ERROR_RESULT_NULL");
    const logged = await t.db.select().from(operationLog).where(and(eq(operationLog.targetEntity, "announcement"), eq(operationLog.targetId, String(id))));
    expect(logged.map((l) => l.action).sort()).toEqual(["announcement.delete", "announcement.save", "announcement.save"]);
  });

  test("each field is checked and named; nothing is written", async () => {
    const editor = await t.as("cn000002");
    const good = { titleZh: "通知", titleEn: "Notice", bodyZh: "正文", bodyEn: "Body", show: at(-1), hide: at(2) };
    const field = async (patch: Record<string, string>) => (await editor.call("/manager/announcement/save", { announcement: { ...good, ...patch } })).message;
    for (const name of ["titleZh", "titleEn", "bodyZh", "bodyEn"]) expect(await field({ [name]: "  " })).toMatchObject({ code: "ERROR_PARAMS", params: { field: name } });
    expect(await field({ titleZh: "长".repeat(101) })).toMatchObject({ params: { field: "titleZh" } });
    expect(await field({ show: "" })).toMatchObject({ params: { field: "show" } });
    expect(await field({ show: "never" })).toMatchObject({ params: { field: "show" } });
    expect(await field({ hide: "" })).toMatchObject({ params: { field: "hide" } });
    expect(await field({ hide: at(-1) })).toMatchObject({ params: { field: "hide" } });
    expect((await t.db.select().from(announcements)).length).toBe(1);
  });

  test("members cannot edit announcements; a signed-out visitor gets none", async () => {
    const member = await t.as("cn100001");
    expect((await member.call("/manager/announcement/save", { announcement: { titleZh: "a", titleEn: "a", bodyZh: "a", bodyEn: "a", show: at(0), hide: at(1) } })).message.code).toBe("ERROR_NOT_POWER");
    expect((await member.call("/manager/announcement/delete", { id: 1 })).message.code).toBe("ERROR_NOT_POWER");
    expect((await t.client().call("/announcement/current")).message.code).toBe("ERROR_LOGIN_CODE");
  });
});
