// The demo gift market: a gift showcase module of this year (the home page's
// gift zone) with three categories and eight items, each a market activity
// with a drawn cover: a T-shirt team whose size tags lead to one activity
// each, items with a price and a points deduction, points-only items, one
// sold out, some delivered with a parcel and some not. The ordinary member
// cn100001 has a past market order of two items in two parcels. Times are
// relative to the seeding moment (the test clock, or the present for
// `npm start`).
import { filePath } from "../../domains/file/service";
import { takeAll } from "../../domains/signup";
import { ACTIVITY_STATE, MODULE_MODEL, MODULE_SHOW, ORDER_STATE, PAY_STATE, SEND_STATE } from "../../protocol/enumerations";
import type { StorageProvider } from "../../providers/storage";
import { storageKeyOf } from "../../providers/storage";
import type { DbOrTx } from "../client";
import { activities, categories, modules, orderItems, orders, parcels, payments, tagActivities, tagGroups, tags, teams } from "../schema";
import { drawCover } from "./covers";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const COVERS = {
  market: ["#b71c1c", "#ffb300"],
  shirt: ["#c62828", "#ef9a9a"],
  cup: ["#006064", "#80deea"],
  bag: ["#5d4037", "#d7ccc8"],
  umbrella: ["#283593", "#9fa8da"],
  earbuds: ["#212121", "#9e9e9e"],
  cinema: ["#880e4f", "#f48fb1"],
  gym: ["#1b5e20", "#a5d6a7"],
  card: ["#e65100", "#ffcc80"],
} as const satisfies Record<string, readonly [string, string]>;

type CoverName = keyof typeof COVERS;
export type MarketFiles = Record<CoverName, string>;

let drawn: { name: CoverName; png: Uint8Array; key: string }[] | null = null;

/** Draws (once per process) and stores the market's covers, before the seeding transaction. */
export async function storeMarketFiles(storage: StorageProvider): Promise<MarketFiles> {
  drawn ??= (Object.entries(COVERS) as [CoverName, readonly [string, string]][]).map(([name, [from, to]]) => {
    const png = drawCover(from, to);
    return { name, png, key: storageKeyOf(png, "png") };
  });
  const out = {} as MarketFiles;
  for (const { name, png, key } of drawn) {
    await storage.put(key, png, "image/png");
    out[name] = filePath(key);
  }
  return out;
}

const rich = (...paragraphs: string[]) => paragraphs.map((p) => `<p>${p}</p>`).join("");

export async function seedDemoMarket(tx: DbOrTx, now: Date, covers: MarketFiles, people: { member: number; foreigner: number }) {
  const at = (days: number, hour = 0) => new Date(now.getTime() + days * DAY + hour * HOUR);
  const year = now.getUTCFullYear();
  const [market] = await tx
    .insert(modules)
    .values({
      nameZh: `${year}年会员礼品商城`,
      nameEn: `${year} members' gift market`,
      year,
      model: MODULE_MODEL.MODULE_MODEL_MARKET,
      face: covers.market,
      showTitle: MODULE_SHOW.MODULE_SHOW_GIFT,
      createdAt: at(-30),
    })
    .returning({ id: modules.id });
  const moduleId = market!.id;
  const [daily, apparel, vouchers] = await tx
    .insert(categories)
    .values([
      { moduleId, nameZh: "生活用品", nameEn: "Daily goods" },
      { moduleId, nameZh: "服饰", nameEn: "Apparel" },
      { moduleId, nameZh: "票券", nameEn: "Vouchers" },
    ])
    .returning({ id: categories.id });

  const base = { moduleId, state: ACTIVITY_STATE.ACTIVITY_STATE_NORMAL, signStart: at(-3), signEnd: at(30), createdAt: at(-10), updatedAt: at(-10) };
  const add = async (values: Omit<typeof activities.$inferInsert, "createdAt" | "updatedAt" | "state" | "moduleId">) =>
    (await tx.insert(activities).values({ ...base, displayStock: values.cap ?? null, ...values }).returning())[0]!;
  const shipped = { hasAddress: true, hasExpress: true };

  // A team of three sizes: one tile (the team's cover and name), a size tag leads to each.
  const [shirtTeam] = await tx
    .insert(teams)
    .values({ moduleId, categoryId: apparel!.id, nameZh: "工会纪念文化衫", nameEn: "Union anniversary T-shirt", face: covers.shirt, sortIndex: 10 })
    .returning({ id: teams.id });
  const [size] = await tx.insert(tagGroups).values({ teamId: shirtTeam!.id, nameZh: "尺码", nameEn: "Size", sortIndex: 1 }).returning({ id: tagGroups.id });
  const sizeTags = await tx
    .insert(tags)
    .values([
      { groupId: size!.id, nameZh: "M", nameEn: "M", sortIndex: 1 },
      { groupId: size!.id, nameZh: "L", nameEn: "L", sortIndex: 2 },
      { groupId: size!.id, nameZh: "XL", nameEn: "XL", sortIndex: 3 },
    ])
    .returning({ id: tags.id });
  const shirtText = rich("100%纯棉，胸前印有工会成立纪念标志。", "每人每个尺码最多兑换3件，快递到家。");
  const shirtTextEn = rich("100% cotton, with the union's anniversary emblem on the chest.", "Up to 3 of each size per member, delivered to your door.");
  for (const [i, label] of ["M", "L", "XL"].entries()) {
    const shirt = await add({
      teamId: shirtTeam!.id,
      categoryId: apparel!.id,
      nameZh: `工会纪念文化衫（${label}）`,
      nameEn: `Union anniversary T-shirt (${label})`,
      face: covers.shirt,
      cap: 60,
      price: 3900,
      deduction: 1000,
      integral: 2000,
      formCount: 3,
      isMain: i === 0,
      ...shipped,
      contentZh: shirtText,
      contentEn: shirtTextEn,
    });
    await tx.insert(tagActivities).values({ tagId: sizeTags[i]!.id, activityId: shirt.id });
  }

  const cup = await add({
    categoryId: daily!.id,
    nameZh: "不锈钢保温杯",
    nameEn: "Stainless steel thermos",
    face: covers.cup,
    cap: 100,
    price: 5900,
    deduction: 2000,
    integral: 4000,
    formCount: 2,
    ...shipped,
    contentZh: rich("500毫升，12小时保温。可使用40积分抵扣20元。"),
    contentEn: rich("500 ml, keeps drinks hot for 12 hours. 40 points take ¥20 off."),
  });
  const bag = await add({
    categoryId: daily!.id,
    nameZh: "工会帆布袋",
    nameEn: "Union canvas bag",
    face: covers.bag,
    cap: 200,
    integral: 5000,
    mustIntegral: true,
    formCount: 2,
    ...shipped,
    contentZh: rich("积分兑换，无需付款。"),
    contentEn: rich("Paid with points only."),
  });
  const umbrella = await add({
    categoryId: daily!.id,
    nameZh: "折叠晴雨伞",
    nameEn: "Folding umbrella",
    face: covers.umbrella,
    cap: 80,
    price: 2500,
    formCount: 3,
    ...shipped,
    contentZh: rich("三折自动伞，防晒防雨。"),
    contentEn: rich("Automatic three-fold umbrella, for sun and rain."),
  });
  // Sold out: both places taken by cn100002's order below.
  const earbuds = await add({
    categoryId: daily!.id,
    nameZh: "蓝牙耳机",
    nameEn: "Bluetooth earbuds",
    face: covers.earbuds,
    cap: 2,
    formCount: 2,
    price: 19900,
    deduction: 5000,
    integral: 10000,
    ...shipped,
    contentZh: rich("已全部兑完，感谢参与。"),
    contentEn: rich("All gone: thank you for taking part."),
  });
  await add({
    categoryId: vouchers!.id,
    nameZh: "电影兑换券",
    nameEn: "Cinema voucher",
    face: covers.cinema,
    cap: 300,
    integral: 3500,
    mustIntegral: true,
    formCount: 4,
    contentZh: rich("全市合作影院通用，兑换码将发送至个人中心订单。"),
    contentEn: rich("Valid at the partner cinemas in the city; the code comes with your order in the personal centre."),
  });
  await add({
    categoryId: vouchers!.id,
    nameZh: "健身房月卡",
    nameEn: "Gym monthly pass",
    face: covers.gym,
    cap: 50,
    price: 10000,
    deduction: 3000,
    integral: 6000,
    contentZh: rich("公司附近合作健身房，30天内不限次数。"),
    contentEn: rich("The partner gym near the office, unlimited visits for 30 days."),
  });
  await add({
    categoryId: vouchers!.id,
    nameZh: "超市购物卡",
    nameEn: "Supermarket gift card",
    face: covers.card,
    cap: 100,
    integral: 10000,
    mustIntegral: true,
    contentZh: rich("面值100元，积分兑换。"),
    contentEn: rich("Worth ¥100, paid with points."),
  });

  /** A paid market order as a checkout writes it: the units' places taken, one sub-order each, the payment. */
  const pastOrder = async (userId: number, units: (typeof activities.$inferSelect)[], o: { placed: Date; amount: number; points: number; sent: boolean }) => {
    for (const a of units) {
      const full = (await takeAll({ db: tx }, [{ activityId: a.id, teamId: null, places: 1, cycle: null, options: [], gifts: [] }]))?.code ?? null;
      if (full) throw new Error(`demo seed: ${a.nameEn} is ${full}`);
    }
    const trade = `M${o.placed.getTime()}${userId}`;
    const [order] = await tx
      .insert(orders)
      .values({
        trade,
        userId,
        state: ORDER_STATE.ORDER_STATE_SUCCESS,
        sendState: o.sent ? SEND_STATE.SEND_STATE_SENT : SEND_STATE.SEND_STATE_WAIT,
        price: o.amount,
        amount: o.amount,
        points: o.points,
        liaison: "陈会员",
        phone: "13900000001",
        address0: "11",
        address1: "1101",
        address2: "110101",
        address3: "110101001",
        addressInfo: "东华门大街1号院2号楼301室",
        createdAt: o.placed,
        updatedAt: o.placed,
        payDate: o.placed,
      })
      .returning({ id: orders.id });
    const seq = new Map<number, number>();
    await tx.insert(orderItems).values(
      units.map((a, n) => {
        seq.set(a.id, (seq.get(a.id) ?? 0) + 1);
        return { orderId: order!.id, childTrade: `${trade}-${n + 1}`, userId, activityId: a.id, seq: seq.get(a.id)!, places: 1, state: ORDER_STATE.ORDER_STATE_SUCCESS, createdAt: o.placed, takes: { options: [], gifts: [] } };
      }),
    );
    if (o.amount > 0)
      await tx.insert(payments).values({
        trade,
        provider: "sandbox",
        kind: "order",
        refId: order!.id,
        userId,
        subject: [...new Set(units.map((a) => a.nameZh))].join("、").slice(0, 200),
        amount: o.amount,
        state: PAY_STATE.PAY_STATE_SUCCESS,
        createdAt: o.placed,
        expiresAt: new Date(o.placed.getTime() + 5 * 60_000),
        paidAt: o.placed,
      });
    return order!.id;
  };

  await pastOrder(people.foreigner, [earbuds, earbuds], { placed: at(-3, 2), amount: 2 * 19900, points: 0, sent: false });
  // cn100001: two umbrellas and a canvas bag (the 50 points of the "gift redemption" record in the
  // points seed), shipped in two parcels.
  const order = await pastOrder(people.member, [umbrella, umbrella, bag], { placed: at(-10), amount: 5000, points: 5000, sent: true });
  await tx.insert(parcels).values([
    {
      orderId: order,
      number: "YT7788990011223",
      company: "圆通速递 YTO Express",
      site: "北京东城区分部",
      phone: "95554",
      state: 503,
      trail: [
        { time: at(-7, 3).toISOString(), text: "快件已签收，签收人：本人 / Delivered, signed by the recipient" },
        { time: at(-8, 2).toISOString(), text: "快件已到达北京东城区分部 / Arrived at Dongcheng, Beijing" },
        { time: at(-9).toISOString(), text: "圆通速递已揽收 / Collected by YTO Express" },
      ],
      takeTime: at(-9),
      updatedAt: at(-7, 3),
    },
    {
      orderId: order,
      number: "ZT5566778899001",
      company: "中通快递 ZTO Express",
      site: "北京朝阳区分部",
      phone: "95311",
      state: 502,
      trail: [
        { time: at(-1, 1).toISOString(), text: "快件派送中 / Out for delivery" },
        { time: at(-2).toISOString(), text: "中通快递已揽收 / Collected by ZTO Express" },
      ],
      takeTime: at(-2),
      updatedAt: at(-1, 1),
    },
  ]);
  return { market: moduleId, categories: { daily: daily!.id, apparel: apparel!.id, vouchers: vouchers!.id }, cup: cup.id, bag: bag.id, umbrella: umbrella.id };
}
