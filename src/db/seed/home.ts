// Demo data of the home page: a banner for each jump kind whose target the
// demo has (drawn images, stored like uploads), one more scheduled to come
// online later, the showcase modules, and spec 2's festive greeting as the
// editor's announcement. Times are relative to the seeding moment, so the
// banners are online both on the tests' clock and on a fresh `npm start`.
// It runs after the other demo seeds and looks their rows up.
import { and, asc, eq, isNull } from "drizzle-orm";
import { filePath } from "../../domains/file/service";
import { ACTIVITY_STATE, JUMP_KIND, MODULE_MODEL, MODULE_SHOW } from "../../protocol/enumerations";
import type { StorageProvider } from "../../providers/storage";
import { storageKeyOf } from "../../providers/storage";
import type { DbOrTx } from "../client";
import { activities, announcements, banners, modules, news } from "../schema";
import { drawCover } from "./covers";

const DAY = 86_400_000;

const BANNER_COLOURS = {
  module: ["#8c1d18", "#f28b66"],
  activity: ["#0d47a1", "#64b5f6"],
  market: ["#1b5e20", "#aed581"],
  item: ["#6a1b9a", "#f48fb1"],
  content: ["#e65100", "#ffd54f"],
  later: ["#37474f", "#b0bec5"],
} as const;

type BannerImage = keyof typeof BANNER_COLOURS;
export type HomeFiles = Record<BannerImage, string>;

let drawn: { name: BannerImage; png: Uint8Array; key: string }[] | null = null;

/** Draws (once per process) and stores the banner images, before the seeding transaction. */
export async function storeHomeFiles(storage: StorageProvider): Promise<HomeFiles> {
  drawn ??= (Object.entries(BANNER_COLOURS) as [BannerImage, readonly [string, string]][]).map(([name, [from, to]]) => {
    const png = drawCover(from, to, 900, 360);
    return { name, png, key: storageKeyOf(png, "png") };
  });
  const out = {} as HomeFiles;
  for (const { name, png, key } of drawn) {
    await storage.put(key, png, "image/png");
    out[name] = filePath(key);
  }
  return out;
}

/** "3月23日 17:00" / "23 March, 17:00" in China time. */
function chinaDay(d: Date) {
  const china = new Date(d.getTime() + 8 * 3_600_000);
  const month = china.getUTCMonth();
  const day = china.getUTCDate();
  const en = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"][month]!;
  return { zh: `${month + 1}月${day}日`, en: `${day} ${en}` };
}

export async function seedDemoHome(tx: DbOrTx, now: Date, faces: HomeFiles, supportMail: string) {
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  const firstModule = async (model: number) =>
    (await tx.select().from(modules).where(eq(modules.model, model)).orderBy(asc(modules.id)).limit(1))[0] ?? null;
  const firstActivity = async (moduleId: number) =>
    (
      await tx
        .select({ id: activities.id, nameZh: activities.nameZh, nameEn: activities.nameEn })
        .from(activities)
        .where(and(eq(activities.moduleId, moduleId), eq(activities.state, ACTIVITY_STATE.ACTIVITY_STATE_NORMAL), isNull(activities.teamId)))
        .orderBy(asc(activities.id))
        .limit(1)
    )[0] ?? null;

  const activityModule = await firstModule(MODULE_MODEL.MODULE_MODEL_ACTIVITY);
  const marketModule = await firstModule(MODULE_MODEL.MODULE_MODEL_MARKET);
  const activity = activityModule ? await firstActivity(activityModule.id) : null;
  const item = marketModule ? await firstActivity(marketModule.id) : null;
  const [story] = await tx.select({ id: news.id, nameZh: news.nameZh, nameEn: news.nameEn }).from(news).orderBy(asc(news.id)).limit(1);

  const online = { showAt: at(-7), hideAt: at(90), createdAt: at(-7), updatedAt: at(-7) };
  const rows: (typeof banners.$inferInsert)[] = [];
  if (activityModule)
    // No offline time: it stays until an editor takes it down (the list window shows N/A).
    rows.push({ ...online, hideAt: null, nameZh: `${activityModule.nameZh}火热报名中`, nameEn: `${activityModule.nameEn}: sign up now`, sortIndex: 50, jump: JUMP_KIND.MODULE_INFO, param: String(activityModule.id), face: faces.module });
  if (activity)
    rows.push({ ...online, nameZh: activity.nameZh, nameEn: activity.nameEn, sortIndex: 40, jump: JUMP_KIND.ACTIVITY_INFO, param: String(activity.id), face: faces.activity });
  if (marketModule)
    rows.push({ ...online, nameZh: `${marketModule.nameZh}开放兑换`, nameEn: `${marketModule.nameEn} is open`, sortIndex: 30, jump: JUMP_KIND.MARKET_LIST, param: String(marketModule.id), face: faces.market });
  if (item) rows.push({ ...online, nameZh: item.nameZh, nameEn: item.nameEn, sortIndex: 20, jump: JUMP_KIND.MARKET_INFO, param: String(item.id), face: faces.item });
  if (story) rows.push({ ...online, nameZh: story.nameZh, nameEn: story.nameEn, sortIndex: 10, jump: JUMP_KIND.CONTENT_INFO, param: String(story.id), face: faces.content });
  // Scheduled: in the list window with its times, not yet on the carousel.
  rows.push({ nameZh: "春季健步走即将开始", nameEn: "The spring walk is coming", sortIndex: 5, showAt: at(10), hideAt: at(40), jump: null, param: null, face: faces.later, createdAt: at(-1), updatedAt: at(-1) });
  await tx.insert(banners).values(rows);

  // The home page's module buttons: the clubs' module is this year's activities; the gift showcase a market module, if the demo has one.
  const hasShow = async (type: number) => (await tx.select({ id: modules.id }).from(modules).where(eq(modules.showTitle, type)).limit(1)).length > 0;
  if (activityModule && !(await hasShow(MODULE_SHOW.MODULE_SHOW_CLUB)))
    await tx.update(modules).set({ showTitle: MODULE_SHOW.MODULE_SHOW_CLUB }).where(eq(modules.id, activityModule.id));
  if (marketModule && marketModule.showTitle === null && !(await hasShow(MODULE_SHOW.MODULE_SHOW_GIFT)))
    await tx.update(modules).set({ showTitle: MODULE_SHOW.MODULE_SHOW_GIFT }).where(eq(modules.id, marketModule.id));

  // Spec 2's festive greeting, with its dates moved to the demo's: redemption closes in three weeks, parcels leave every Monday.
  const deadline = chinaDay(at(21));
  const monday = chinaDay(at(((8 - new Date(now.getTime() + 8 * 3_600_000).getUTCDay()) % 7) || 7));
  await tx.insert(announcements).values({
    titleZh: "新春快乐！节日礼品兑换开始啦",
    titleEn: "Happy New Year! Holiday gift redemption is open",
    bodyZh: [
      "亲爱的会员：新春快乐！工会为您准备了节日礼品，请按以下步骤兑换：",
      "1. 在首页点击“礼品专区”，挑选心仪的礼品；",
      "2. 加入购物车并结算，选择收货地址；",
      "3. 提交订单后，可在个人中心查看订单与物流。",
      `兑换截止时间：${deadline.zh} 17:00。${monday.zh}起每周一统一发货。`,
      `如有问题，请联系 ${supportMail}。`,
    ].join("\n"),
    bodyEn: [
      "Dear member, happy New Year! The union has prepared holiday gifts for you. To redeem yours:",
      "1. On the home page, open the Gift zone and choose a gift;",
      "2. Add it to the trolley, check out and choose a delivery address;",
      "3. Once submitted, follow your order and its parcel in the personal centre.",
      `Redemption closes on ${deadline.en} at 17:00. Parcels ship every Monday from ${monday.en}.`,
      `Questions? Write to ${supportMail}.`,
    ].join("\n"),
    showAt: at(-3),
    hideAt: at(21),
    createdAt: at(-3),
    updatedAt: at(-3),
  });
}
